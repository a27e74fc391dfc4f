"""A Polish, a French and a Dutch table each play a whole game, check a meld and print the
sheet, and never meet a word of English on the way.

The words the test reads or types (labels, buttons, the meld named in a claim, the sheet's
title) come from the language's own catalog, as the players would read them.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po

from scorekeeper.i18n.languages import CATALOGS, LANGUAGES
from tests.browser.conftest import OWNER, SEATS, LiveServer, expect, totals
from tests.english import english_words

# a made bid of 300: meld 190 / 60, counters 150 / 100 -> +340 / +160; five finish a game to 1500
HANDS_TO_WIN = 5
RUN = "AH 10H KH QH JH"


@cache
def catalog(language: str) -> dict[str, str]:
    """The language's catalog: each English message id and its translation (a plural's
    singular its form for one, its plural the form for two)."""
    entries: dict[str, str] = {}
    with (CATALOGS / language / "LC_MESSAGES" / "messages.po").open("rb") as po:
        for message in read_po(po):
            if isinstance(message.id, tuple):
                entries[message.id[0]], entries[message.id[1]] = message.string[:2]
            elif message.id:
                entries[str(message.id)] = str(message.string)
    return entries


def tr(language: str, message: str, **values: object) -> str:
    """``message`` in ``language``, its values filled in, as the page shows it."""
    translated = catalog(language).get(message)
    assert translated, f"{message!r} is not translated into {language}"
    return translated % values if values else translated


def no_english(page: Any, language: str) -> None:
    """No English word on ``page``. The account the tests log in as is called "Owner":
    a name, like the players', not a word of the app."""
    shown = re.sub(rf"\b{OWNER[0]}\b", "", page.content())
    assert english_words(shown, language) == [], page.url


def choose_language(page: Any, server: LiveServer, language: str) -> None:
    """Open the app and take the footer's link to ``language`` (it sets the cookie)."""
    page.goto(server.url + "/")
    footer = page.locator("footer.languages")
    with page.expect_navigation():
        footer.get_by_role("link", name=LANGUAGES[language], exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", language)
    no_english(page, language)


def start_game(page: Any, language: str) -> int:
    """A partnership game through the new-game form, the sheet in the page's language."""
    page.locator("header nav").get_by_role("link", name=tr(language, "New game")).click()
    page.wait_for_url(re.compile(r"/games/new$"))
    no_english(page, language)
    for seat, name in enumerate(SEATS, 1):
        page.get_by_label(tr(language, "Seat %(number)s", number=seat), exact=True).fill(name)
    sheet_language = page.get_by_label(tr(language, "Language of the score sheet"))
    expect(sheet_language).to_have_value(language)  # left at its default: the page's
    page.get_by_role("button", name=tr(language, "Start the game")).click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    return int(page.url.rsplit("/", 1)[1])


def record_hand(page: Any, language: str, number: int) -> None:
    """Hand ``number``: Cal bids 300 in hearts and makes it (meld 190 / 60, counters 150);
    from the second on, the same values are confirmed as a new hand."""
    page.get_by_role("link", name=tr(language, "Record hand %(number)s", number=number)).click()
    page.wait_for_url(re.compile(r"/hands/new$"))
    no_english(page, language)
    us, them = tr(language, "Us"), tr(language, "Them")
    page.locator("#bidder label", has=page.get_by_role("radio", name="Cal", exact=True)).tap()
    page.get_by_label(tr(language, "Bid"), exact=True).fill("300")
    hearts = page.get_by_role("radio", name=tr(language, "hearts"), exact=True)
    page.locator("#trump label", has=hearts).tap()
    page.locator("#meld").get_by_label(us, exact=True).fill("190")
    page.locator("#meld").get_by_label(them, exact=True).fill("60")
    page.locator("#counters").get_by_label(us, exact=True).fill("150")
    with page.expect_navigation():
        page.get_by_role("button", name=tr(language, "Save hand %(number)s", number=number)).tap()
    if number > 1:  # the same values as the hand before: "Same as hand N?", in the language
        no_english(page, language)
        with page.expect_navigation():
            page.locator("[data-same-new]").tap()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    no_english(page, language)


@contextmanager
def answered(page: Any) -> Iterator[None]:
    """Act on the meld checker, then wait until the server's answer is on the page (its
    script asks in the background and replaces the page's main part)."""
    with page.expect_response(lambda response: "/meld?" in response.url):
        yield
    expect(page.locator("#results.busy")).to_have_count(0)


def check_a_run(page: Any, language: str) -> None:
    """Type a run in hearts into the meld checker and claim it by the language's name."""
    page.locator("header nav").get_by_role("link", name=tr(language, "Meld")).click()
    page.wait_for_url(re.compile(r"/meld$"))
    no_english(page, language)
    hearts = page.get_by_role("radio", name=tr(language, "hearts"), exact=True)
    with answered(page):  # the page asks the server at once for the new trump
        page.locator(".trumps label", has=hearts).tap()
    page.get_by_label(tr(language, "Or type the cards")).fill(RUN)
    page.get_by_label(tr(language, "Claim (optional)")).fill(tr(language, "run"))
    with answered(page):
        page.get_by_role("button", name=tr(language, "Check")).last.tap()
    expect(page.locator("#meld-total")).to_have_text("150")
    expect(page.locator("#verdict")).to_be_visible()
    # the claim was read in the language: the run is found, not an unknown word
    expect(page.locator("#verdict .verdict-valid")).to_have_text(tr(language, "valid"))
    no_english(page, language)


def pdf_text(body: bytes) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


@pytest.mark.parametrize("language", ["pl", "fr", "nl"])
def test_a_whole_game_in_the_tables_language(
    page: Any, live_server: LiveServer, language: str
) -> None:
    choose_language(page, live_server, language)

    game_id = start_game(page, language)
    no_english(page, language)
    for number in range(1, HANDS_TO_WIN + 1):
        record_hand(page, language, number)
    assert totals(page) == [340 * HANDS_TO_WIN, 160 * HANDS_TO_WIN]
    expect(page.locator(".winner-banner")).to_contain_text(
        tr(language, "%(side)s win!", side=tr(language, "Us"))
    )

    check_a_run(page, language)

    page.goto(f"{live_server.url}/games/{game_id}")
    page.get_by_role("link", name=tr(language, "Print")).click()
    page.wait_for_url(re.compile(rf"/games/{game_id}/sheet$"))
    expect(page.locator("html")).to_have_attribute("lang", language)
    no_english(page, language)

    page.goto(f"{live_server.url}/games/{game_id}")
    sheet_link = page.get_by_role("link", name=tr(language, "Score sheet (PDF)"))
    # a render process's first sheet (WeasyPrint and its fonts loaded): 10 s was once too
    # little on a machine busy with the other worker's tests (the page's own wait is 10 s)
    answer = page.request.get(live_server.url + sheet_link.get_attribute("href"), timeout=30_000)
    assert answer.ok and answer.headers["content-type"] == "application/pdf"
    text = pdf_text(answer.body())
    assert english_words(text, language) == [], "the PDF sheet"
    assert tr(language, "Pinochle score sheet") in text

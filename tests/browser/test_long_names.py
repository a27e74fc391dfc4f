"""Names never break a page (issue 23, item 6), at 390×844 and 360 px.

A 60-character name (one long word in it), an Arabic name and a name with an emoji, on
the scoreboard and the hand form: nothing scrolls sideways, every name shows whole
(wrapped, never cut) in its own direction (``dir="auto"``), and a tap on a long name's
button lands on it. A name over 60 characters is refused with a sentence, not cut.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.actions import Person, bidder_on_the_scoreboard
from tests.browser.conftest import NARROW, PHONE, LiveServer, expect, keep_screenshot, stored_game

SIZES = {"390": PHONE, "360": NARROW}
LONG = "Maximiliana Konstantinopolitanischedudelsackpfeifenmacherinn"  # 60 characters
ARABIC = "عبد الرحمن بن محمد الهاشمي"
EMOJI = "Cal 🃏🂡"
SEATS = (LONG, ARABIC, EMOJI, "Dan")  # clockwise: LONG & EMOJI against ARABIC & Dan
SIDE = "The Long-Winded Partnership of the Eastern Riverside Club No 9"[:60]
HAND = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]}


# whether an element's first words (before the name) sit on one line, not a letter a line
FIRST_WORDS_WHOLE = """e => {
  const range = document.createRange();
  range.selectNodeContents(e.firstChild);
  return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size === 1;
}"""


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), page.url


def whole(page: Any, locator: Any, name: str, direction: str) -> None:
    """``name`` shows whole in ``locator``, inside the window, in ``direction``."""
    expect(locator).to_have_text(name)
    box = locator.bounding_box()
    assert box is not None and box["width"] > 0 and box["height"] > 0
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]
    assert locator.evaluate("e => getComputedStyle(e).direction") == direction
    assert locator.evaluate("e => e.scrollWidth <= e.clientWidth + 1")  # not cut


@pytest.mark.parametrize("size", SIZES)
def test_long_rtl_and_emoji_names_keep_the_layout(
    new_context: Callable[..., Any], live_server: LiveServer, size: str
) -> None:
    assert len(LONG) == 60 and len(SIDE) == 60
    game_id = stored_game(live_server, [HAND], seats=SEATS, side_names=(SIDE, "Them"))
    page = new_context(**SIZES[size]).new_page()
    page.goto(f"{live_server.url}/games/{game_id}")
    no_sideways_scroll(page)
    whole(page, page.locator(".totals .name").first, SIDE, "ltr")
    bidders = page.locator(".bidders a")
    whole(page, bidders.filter(has_text=LONG), LONG, "ltr")
    whole(page, bidders.filter(has_text=ARABIC), ARABIC, "rtl")
    whole(page, bidders.filter(has_text=EMOJI), EMOJI, "ltr")
    expect(page.locator("table.hands th.side").first).to_have_text(SIDE)  # whole, not "The Lo…"
    # a tap on the long name's button lands on it: the form opens with that bidder
    person = Person(page)
    person.tap(bidder_on_the_scoreboard(LONG))
    page.wait_for_url(re.compile(r"/hands/new\?bidder="))
    expect(page.locator(f'#bidder input[value="{LONG}"]')).to_be_checked()
    no_sideways_scroll(page)
    labels = page.locator("#bidder label span")
    whole(page, labels.filter(has_text=ARABIC), ARABIC, "rtl")
    whole(page, labels.filter(has_text=LONG), LONG, "ltr")
    person.tap(page.locator("#bidder label").filter(has_text=ARABIC))
    expect(page.locator(f'#bidder input[value="{ARABIC}"]')).to_be_checked()
    person.tap(page.locator("#bidder label").filter(has_text=EMOJI))
    expect(page.locator(f'#bidder input[value="{EMOJI}"]')).to_be_checked()
    expect(page.locator("#meld label").first).to_have_text(SIDE)
    check = page.locator("button.check-meld").filter(has_text=LONG)
    whole(page, check, f"Check {LONG}", "ltr")
    assert check.evaluate(FIRST_WORDS_WHOLE), "the Check button breaks its own word"
    keep_screenshot(page, f"long-{size}.png")
    no_sideways_scroll(page)


@pytest.mark.parametrize("size", SIZES)
def test_a_name_over_60_characters_is_refused_not_cut(
    new_context: Callable[..., Any], live_server: LiveServer, size: str
) -> None:
    page = new_context(**SIZES[size]).new_page()
    page.goto(f"{live_server.url}/games/new")
    seat = page.get_by_label("Seat 1", exact=True)
    assert seat.get_attribute("maxlength") is None  # a paste is not cut without a word
    seat.tap()
    page.keyboard.insert_text("A" * 10_000)  # a paste
    expect(seat).to_have_value("A" * 10_000)
    for number, name in ((2, "Bea"), (3, "Cal"), (4, "Dan")):
        page.get_by_label(f"Seat {number}", exact=True).tap()
        page.keyboard.type(name)
    page.get_by_role("button", name="Start the game").tap()
    error = page.locator("#seat_0-error")
    expect(error).to_have_text(
        "a player's name 'AAAAAAAAAAAAAAAAAAAA…' is 10000 characters long: at most 60"
    )
    no_sideways_scroll(page)

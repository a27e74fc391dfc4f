"""The meld checker in a phone's browser: tap cards, choose trump, read the total."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.browser.conftest import HeldAnswers, LiveServer, card_cell, expect, tap_card

RUN = ("AH", "10H", "KH", "QH", "JH")


def trump_button(page: Any, suit: str) -> Any:
    """The big button of a trump (``hearts``): the label around its radio."""
    return page.locator(".trumps label", has=page.get_by_role("radio", name=suit, exact=True))


def choose_trump(page: Any, suit: str) -> None:
    """Tap a trump and wait for the server's answer to be shown."""
    with page.expect_response(lambda response: "/meld?" in response.url):
        trump_button(page, suit).tap()
    expect(page.locator("#results.busy")).to_have_count(0)  # no eval: the CSP forbids it


def count(page: Any, card: str) -> str:
    return str(card_cell(page, card).locator(".count").inner_text())


def test_tapping_a_run_in_hearts_shows_150(page: Any, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/meld")
    for card in RUN:
        tap_card(page, card)
    expect(card_cell(page, "AH")).to_have_attribute("aria-label", "A♥: 1")
    choose_trump(page, "hearts")
    expect(page.locator("#meld-total")).to_have_text("150")
    expect(page.locator(".melds")).to_contain_text("run")
    assert [count(page, card) for card in RUN] == ["1"] * 5
    assert count(page, "AS") == "0"


def test_each_tap_adds_a_copy_up_to_the_deck(page: Any, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/meld")
    choose_trump(page, "spades")
    expect(trump_button(page, "spades").get_by_role("radio")).to_be_checked()
    counts = []
    for _ in range(3):
        tap_card(page, "QS")
        counts.append(count(page, "QS"))
    assert counts == ["1", "2", "0"]  # a single deck has two of each card; a third tap clears
    tap_card(page, "QS")
    tap_card(page, "JD")
    expect(page.locator("#meld-total")).to_have_text("40")  # pinochle


def test_all_four_trumps_until_one_is_chosen(page: Any, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/meld")
    for card in RUN:
        tap_card(page, card)
    expect(page.locator("#total-H")).to_have_text("150")
    expect(page.locator("#total-S")).to_have_text("20")  # the hearts marriage, not in trump


def test_typed_cards_and_a_claim(page: Any, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/meld")
    choose_trump(page, "hearts")
    page.get_by_label("Or type the cards").fill("AH 10H KH QH JH QS JD")
    page.get_by_label("Claim (optional)").fill("190")
    page.get_by_role("button", name="Check").first.tap()
    expect(page.locator("#meld-total")).to_have_text("190")
    expect(page.locator("#verdict")).to_contain_text("valid")
    expect(card_cell(page, "QS").locator(".count")).to_have_text("1")  # the grid shows them


def test_the_meld_checker_works_without_javascript(
    new_context: Callable[..., Any], live_server: LiveServer
) -> None:
    page = new_context(java_script_enabled=False).new_page()
    page.goto(live_server.url + "/meld")
    for card in RUN:
        page.locator(f'input[name="c_{card}"]').fill("1")
    trump_button(page, "hearts").click()
    page.get_by_role("button", name="Check").first.click()
    page.wait_for_url("**/meld?**")
    assert page.locator("#meld-total").inner_text() == "150"


def test_a_tap_while_an_answer_is_on_its_way_is_kept(page: Any, live_server: LiveServer) -> None:
    """On the table's wifi an answer takes a while; a tap made meanwhile must not be lost."""
    page.goto(live_server.url + "/meld?trump=H")
    answers = HeldAnswers(page, re.compile(r"/meld\?"))
    answers.holding = True
    card_cell(page, "AH").tap()
    answers.wait_for_one()  # the page has asked about AH; the answer is on its way
    card_cell(page, "10H").tap()
    answers.release()  # ... and arrives before the page asks about 10H
    page.wait_for_timeout(1_000)  # the page asks again and hears back
    expect(page.locator("#results.busy")).to_have_count(0)  # no eval: the CSP forbids it
    assert [count(page, "AH"), count(page, "10H")] == ["1", "1"]

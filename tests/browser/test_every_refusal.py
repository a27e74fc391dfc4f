"""Every refusal at once (issue 23, item 5) on two phones (390x844 and 360 px): a bid
below the minimum, a negative meld, counters that do not add up and a letter in a
number are listed together, each at its field; the letter is kept as typed; status
400, nothing saved. And a throw-in asks for the bidders' meld (item 4).

Ann & Cal are "Us", Bea & Dan "Them"; Ann deals first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import (
    NARROW,
    PHONE,
    LiveServer,
    expect,
    horizontal_overflow,
    stored_game,
    totals,
)
from tests.browser.test_table import choice, save_button, side_field

SIZES = [pytest.param(PHONE, id="390x844"), pytest.param(NARROW, id="360x740")]


def typed_into(page: Any, field: Any, text: str) -> None:
    """A tap on ``field`` (its value is selected, so typing replaces it), ``text`` typed
    once the value shows selected, as a person types (on a busy machine the page's
    script selects it late, and the typing would land beside the old value). The page
    is the one in front, as on the person's phone: a page another test of the worker's
    browser left behind once took the window's focus ("inactive"), in one CI run. The
    page's scripts are run first: a refused Save's page, tapped while its deferred script
    was still loading on a busy machine, never selected the value (CI, 2026-12-06)."""
    page.wait_for_load_state("domcontentloaded")  # deferred scripts have run by then
    page.bring_to_front()
    field.tap()
    expect(field).to_be_focused()
    page.wait_for_function(
        "f => f.selectionStart === null || (f.selectionStart === 0"
        " && f.selectionEnd === f.value.length)",
        arg=field.element_handle(),
    )
    page.keyboard.type(text)
    expect(field).to_have_value(text)


@pytest.mark.parametrize("size", SIZES)
def test_every_problem_is_listed_at_once_each_at_its_field(
    new_context: Callable[..., Any], live_server: LiveServer, size: dict[str, Any]
) -> None:
    page = new_context(**size).new_page()
    game_id = stored_game(live_server, [])
    page.goto(f"{live_server.url}/games/{game_id}/hands/new")
    choice(page, "bidder", "Cal").tap()
    typed_into(page, page.get_by_label("Bid", exact=True), "200")
    choice(page, "trump", "hearts").tap()
    typed_into(page, side_field(page, "meld", "Us"), "-20")
    typed_into(page, side_field(page, "meld", "Them"), "4o")
    expect(side_field(page, "meld", "Them")).to_have_value("4o")  # the page drops nothing
    typed_into(page, side_field(page, "counters", "Us"), "100")
    typed_into(page, side_field(page, "counters", "Them"), "100")
    with page.expect_response(lambda response: response.request.method == "POST") as answer:
        save_button(page).tap()
    assert answer.value.status == 400
    summary = page.locator("#problems")
    expect(summary).to_contain_text("The hand was not saved: 4 problems")
    sentences = {
        "bid": "hand 1: the bid 200 is below the minimum of 250",
        "meld_0": "hand 1: meld cannot be negative (Us -20)",
        "meld_1": "hand 1: '4o' is not a whole number (the digits 0 to 9)",
        "counters": "hand 1: counters 100 + 100 = 200, but a hand has 250",
    }
    for field, sentence in sentences.items():
        expect(page.locator(f"#{field}-error")).to_have_text(sentence)
        expect(summary).to_contain_text(sentence)
    expect(summary.locator("li")).to_have_count(4)
    expect(side_field(page, "meld", "Them")).to_have_value("4o")  # kept for the correction
    assert horizontal_overflow(page) <= 0
    page.goto(f"{live_server.url}/games/{game_id}")
    assert totals(page) == [0, 0]  # nothing saved


def test_a_throw_in_asks_for_the_bidders_meld(page: Any, live_server: LiveServer) -> None:
    """partnership's throw_in: when_impossible: ticking Thrown in before the bidders' meld
    is typed was taken as meld 0; the sentence now asks for it, at its field."""
    game_id = stored_game(live_server, [])
    page.goto(f"{live_server.url}/games/{game_id}/hands/new")
    choice(page, "bidder", "Cal").tap()
    typed_into(page, page.get_by_label("Bid", exact=True), "300")
    page.locator('label.check:has(input[name="thrown_in"])').tap()
    choice(page, "trump", "spades").tap()
    expect(side_field(page, "meld", "Us")).to_be_focused()  # the bidders' meld is asked first
    typed_into(page, side_field(page, "meld", "Them"), "60")
    with page.expect_response(lambda response: response.request.method == "POST") as answer:
        save_button(page).tap()
    assert answer.value.status == 400
    expect(page.locator("#meld_0-error")).to_have_text(
        "hand 1: type the meld of Us, the bidders: they may throw in only when the bid is "
        "more than their meld and the 250 counters of a hand"
    )
    typed_into(page, side_field(page, "meld", "Us"), "150")  # 300 is in reach: refused
    with page.expect_response(lambda response: response.request.method == "POST") as answer:
        save_button(page).tap()
    assert answer.value.status == 400
    expect(page.locator("#thrown_in-error")).to_contain_text("the bidders cannot throw in")
    typed_into(page, side_field(page, "meld", "Us"), "40")
    save_button(page).tap()
    page.wait_for_url(f"{live_server.url}/games/{game_id}")
    assert totals(page) == [-300, 60]

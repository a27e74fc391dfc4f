"""A draft on the phone (issue 14): what is typed in the hand form is kept per game and
hand number, put back after a reload, a closed tab or a lost connection, cleared once
the hand is saved."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.actions import HANDS, new_game
from tests.browser.conftest import NARROW, PHONE, LiveServer, expect, totals

PARTNERSHIP = HANDS[0]


def meld(page: Any, side: str) -> Any:
    return page.locator("#meld").get_by_label(side, exact=True)


def counters(page: Any, side: str) -> Any:
    return page.locator("#counters").get_by_label(side, exact=True)


def radio(page: Any, fieldset: str, value: str) -> Any:
    return page.locator(f"#{fieldset} input[value='{value}']")


def type_some(page: Any) -> None:
    """Bidder Cal, bid 300, hearts, Us's meld 190 (then the phone goes away)."""
    page.locator("#bidder label", has_text="Cal").tap()
    page.locator("#bid-chips label", has_text="300").tap()
    page.locator("#trump label", has=page.get_by_role("radio", name="hearts")).tap()
    # the trump's tap puts the focus on the bidders' meld: typed once it is there, as a
    # person types once the cursor shows (on a busy machine the script moves it late)
    expect(meld(page, "Us")).to_be_focused()
    page.keyboard.type("190")
    expect(meld(page, "Us")).to_have_value("190")


def typed_back(page: Any) -> None:
    expect(radio(page, "bidder", "Cal")).to_be_checked()
    expect(radio(page, "bid-chips", "300")).to_be_checked()
    expect(page.get_by_label("Bid", exact=True)).to_have_value("300")
    expect(radio(page, "trump", "H")).to_be_checked()
    expect(meld(page, "Us")).to_have_value("190")
    expect(meld(page, "Them")).to_have_value("")
    expect(page.locator("#need")).to_have_text("Us need 110 of 250 counters")


def nothing_typed(page: Any) -> None:
    expect(radio(page, "bid-chips", "250")).to_be_checked()  # the form's own start
    expect(page.locator("#bidder input:checked")).to_have_count(0)
    expect(page.locator("#trump input:checked")).to_have_count(0)
    expect(meld(page, "Us")).to_have_value("")


@pytest.mark.parametrize("size", [PHONE, NARROW], ids=["390", "360"])
def test_a_draft_comes_back_after_a_reload_and_a_closed_tab_and_goes_once_saved(
    new_context: Callable[..., Any], live_server: LiveServer, size: dict[str, Any]
) -> None:
    context = new_context(**size)
    page = context.new_page()
    game_id = new_game(live_server.app, PARTNERSHIP)
    form = f"{live_server.url}/games/{game_id}/hands/new"
    page.goto(form)
    type_some(page)
    page.reload()
    typed_back(page)

    page.close()  # the tab closed; a new one opens the form
    page = context.new_page()
    page.goto(form)
    typed_back(page)

    meld(page, "Them").tap()
    page.keyboard.type("60")
    counters(page, "Us").tap()
    page.keyboard.type("150")
    expect(counters(page, "Them")).to_have_value("100")
    with page.expect_navigation():
        page.locator(".save-bar button").tap()
    assert totals(page) == [340, 160]
    with page.expect_navigation():  # straight from the scoreboard the save led to
        page.get_by_role("button", name="Undo hand 1").tap()
    page.goto(form)  # hand 1 again: its draft went with the save
    expect(page.locator("h1")).to_have_text("Hand 1")
    nothing_typed(page)


def test_a_draft_comes_back_after_a_lost_connection(
    new_context: Callable[..., Any], live_server: LiveServer
) -> None:
    context = new_context()
    page = context.new_page()
    game_id = new_game(live_server.app, PARTNERSHIP)
    page.goto(f"{live_server.url}/games/{game_id}")
    with page.expect_navigation():  # the form, with its scripts, before the next tap
        page.locator(".bidders a", has_text="Cal").tap()
    page.locator("#bid-chips label", has_text="300").tap()
    page.locator("#trump label", has=page.get_by_role("radio", name="hearts")).tap()
    expect(meld(page, "Us")).to_be_focused()  # typed once the cursor is there (type_some)
    page.keyboard.type("190")
    meld(page, "Them").tap()
    page.keyboard.type("60")
    expect(meld(page, "Us")).to_have_value("190")
    expect(meld(page, "Them")).to_have_value("60")

    # the connection drops while the phone still believes it is online (a phone that
    # knows it is offline keeps the hand in its queue instead: tests/browser/test_offline.py)
    def lost(route: Any) -> None:
        if route.request.method == "POST":
            route.abort("internetdisconnected")
        else:
            route.continue_()

    context.route(re.compile(r"/hands/new$"), lost)
    from playwright.sync_api import Error

    with pytest.raises(Error, match="ERR_INTERNET_DISCONNECTED"), page.expect_navigation():
        page.locator(".save-bar button").tap()  # the wifi is gone: the save never arrives
    context.unroute(re.compile(r"/hands/new$"), lost)
    page.goto(f"{live_server.url}/games/{game_id}")  # the scoreboard: still no hand
    assert totals(page) == [0, 0]
    with page.expect_navigation():  # the form, with its scripts, before the next tap
        page.locator(".bidders a", has_text="Cal").tap()
    expect(meld(page, "Us")).to_have_value("190")
    expect(meld(page, "Them")).to_have_value("60")
    expect(radio(page, "bid-chips", "300")).to_be_checked()
    expect(radio(page, "trump", "H")).to_be_checked()


def test_the_bidder_tapped_on_the_scoreboard_wins_over_the_drafts(
    page: Any, live_server: LiveServer
) -> None:
    game_id = new_game(live_server.app, PARTNERSHIP)
    page.goto(f"{live_server.url}/games/{game_id}/hands/new")
    type_some(page)
    page.goto(f"{live_server.url}/games/{game_id}")
    with page.expect_navigation():  # the form, with its scripts, before the next tap
        page.locator(".bidders a", has_text="Bea").tap()
    page.wait_for_url(re.compile(r"bidder=Bea"))
    expect(radio(page, "bidder", "Bea")).to_be_checked()
    expect(meld(page, "Us")).to_have_value("190")  # the rest of the draft
    expect(page.locator("#need")).to_have_text(
        "Them need 300 of 250 counters: more than a hand has"
    )


def test_back_after_save_shows_the_scoreboard_not_the_saved_hands_form(
    page: Any, live_server: LiveServer
) -> None:
    """Back after Save: the browser would show the form as it was sent (hand 1, Cal
    still the bidder); the hand is recorded, so the scoreboard opens instead, and a
    new hand there starts with nothing chosen."""
    from tests.browser.actions import SAVE, Person, bidder_on_the_scoreboard, chip, suit
    from tests.browser.conftest import start_game

    start_game(page, live_server)
    person = Person(page)
    person.tap(bidder_on_the_scoreboard("Cal"))
    person.tap(chip(300))
    person.tap(suit("hearts"))
    for index, number in enumerate((190, 60, 150), 1):
        person.type_number(str(number), then_next=index < 3)
    person.tap(SAVE)
    page.wait_for_url(re.compile(r"/games/\d+$"))
    board = page.url
    page.go_back()
    page.wait_for_url(board)
    expect(page.get_by_role("link", name="Record hand 2")).to_be_visible()
    assert totals(page) == [340, 160]  # hand 1 once, not twice
    page.get_by_role("link", name="Record hand 2").click()
    expect(page.locator(SAVE)).to_have_text("Save hand 2")
    expect(page.locator("#bidder input:checked")).to_have_count(0)

"""Undo with a way back, on a phone: Undo, then "Put hand N back", and the scoreboard is as
it was; Delete asks once (the button itself, or a page without JavaScript)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import NARROW, PHONE, LiveServer, expect, stored_game, too_small, totals

# three different hands (Ann & Cal are Us): made, set, made
HANDS = [
    {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]},
    {"bidder": "Bea", "bid": 350, "trump": "S", "meld": [100, 40], "counters": [60, 190]},
    {"bidder": "Ann", "bid": 250, "trump": "D", "meld": [120, 20], "counters": [140, 110]},
]


def scoreboard(page: Any) -> tuple[list[int], list[str]]:
    """What the scoreboard shows of the game: the totals and each hand's row."""
    return totals(page), page.locator("table.hands tbody tr").all_inner_texts()


def in_view(page: Any, locator: Any) -> bool:
    """Whether ``locator`` lies wholly inside the window (nothing to scroll to find it)."""
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


def hand_count(server: LiveServer, game_id: int) -> int:
    from scorekeeper.games.stored import get_game

    with server.app.app_context():
        game = get_game(game_id)
        assert game is not None
        return len(game.hands)


@pytest.mark.parametrize("size", [PHONE, NARROW], ids=["390", "360"])
def test_undo_then_put_back_and_the_scoreboard_is_as_before(
    new_context: Callable[..., Any], live_server: LiveServer, size: dict[str, Any]
) -> None:
    page = new_context(**size).new_page()
    game_id = stored_game(live_server, HANDS)
    page.goto(f"{live_server.url}/games/{game_id}")
    before = scoreboard(page)
    with page.expect_navigation():
        page.get_by_role("button", name="Undo hand 3").tap()  # still one tap
    assert scoreboard(page) != before
    expect(page.get_by_role("status")).to_contain_text("Hand 3 undone.")
    put_back = page.get_by_role("button", name="Put hand 3 back")
    expect(put_back).to_be_visible()
    assert in_view(page, put_back), "the way back is on the first screen"
    assert too_small(page, "form.put-back button") == []
    with page.expect_navigation():
        put_back.tap()
    assert page.url == f"{live_server.url}/games/{game_id}"
    assert scoreboard(page) == before
    expect(page.get_by_role("status")).to_contain_text("Hand 3 put back.")
    expect(page.get_by_role("button", name=re.compile(r"^Put hand"))).to_have_count(0)
    expect(page.get_by_role("button", name="Undo hand 3")).to_be_visible()


def test_put_back_is_gone_once_the_next_hand_is_recorded(
    page: Any, live_server: LiveServer
) -> None:
    from scorekeeper.games.hands import add_hand
    from scorekeeper.games.stored import get_game

    game_id = stored_game(live_server, HANDS)
    page.goto(f"{live_server.url}/games/{game_id}")
    with page.expect_navigation():
        page.get_by_role("button", name="Undo hand 3").tap()
    expect(page.get_by_role("button", name="Put hand 3 back")).to_be_visible()

    with live_server.app.app_context():  # the next hand, from another phone
        game = get_game(game_id)
        assert game is not None
        add_hand(game, HANDS[0])
    with page.expect_navigation():  # this phone still shows the button: a late tap
        page.get_by_role("button", name="Put hand 3 back").tap()
    expect(page.get_by_role("status")).to_contain_text("Hand 3 can no longer be put back")
    expect(page.get_by_role("button", name=re.compile(r"^Put hand"))).to_have_count(0)
    assert hand_count(live_server, game_id) == 3


def test_delete_asks_once_on_the_button_then_the_hand_is_put_back(
    page: Any, live_server: LiveServer
) -> None:
    game_id = stored_game(live_server, HANDS)
    page.goto(f"{live_server.url}/games/{game_id}")
    before = scoreboard(page)
    page.goto(f"{live_server.url}/games/{game_id}/hands/2/edit")
    delete = page.locator("form[data-tap-again] button")
    expect(delete).to_have_text("Delete hand 2")
    delete.tap()  # asks: nothing is sent
    expect(delete).to_have_text("Tap again to delete hand 2")
    said = page.locator("form[data-tap-again] [aria-live]")  # a screen reader reads it out
    expect(said).to_have_text("Tap again to delete hand 2")
    assert page.url.endswith(f"/games/{game_id}/hands/2/edit")
    assert hand_count(live_server, game_id) == 3
    with page.expect_navigation():
        delete.tap()
    assert page.url == f"{live_server.url}/games/{game_id}"
    expect(page.get_by_role("status")).to_contain_text("Hand 2 deleted")
    assert hand_count(live_server, game_id) == 2
    with page.expect_navigation():
        page.get_by_role("button", name="Put hand 2 back").tap()
    assert scoreboard(page) == before


def test_an_unanswered_question_goes_away(page: Any, live_server: LiveServer) -> None:
    game_id = stored_game(live_server, HANDS)
    page.clock.install()
    page.goto(f"{live_server.url}/games/{game_id}/hands/2/edit")
    delete = page.locator("form[data-tap-again] button")
    delete.tap()
    expect(delete).to_have_text("Tap again to delete hand 2")
    page.clock.run_for(6_000)  # the tap was a slip: a later tap asks again
    expect(delete).to_have_text("Delete hand 2")
    delete.tap()
    expect(delete).to_have_text("Tap again to delete hand 2")
    assert hand_count(live_server, game_id) == 3


def test_delete_asks_once_and_put_back_without_javascript(
    new_context: Callable[..., Any], live_server: LiveServer
) -> None:
    page = new_context(java_script_enabled=False).new_page()
    game_id = stored_game(live_server, HANDS)
    page.goto(f"{live_server.url}/games/{game_id}")
    before = scoreboard(page)
    page.goto(f"{live_server.url}/games/{game_id}/hands/2/edit")
    page.get_by_role("button", name="Delete hand 2").click()
    page.wait_for_url(f"**/games/{game_id}/hands/2/delete")
    expect(page.get_by_role("heading", name="Delete hand 2?")).to_be_visible()
    expect(page.get_by_text("Bea bid 350")).to_be_visible()
    assert hand_count(live_server, game_id) == 3
    page.get_by_role("button", name="Delete hand 2").click()
    page.wait_for_url(f"**/games/{game_id}")
    assert hand_count(live_server, game_id) == 2
    page.get_by_role("button", name="Put hand 2 back").click()
    page.wait_for_url(f"**/games/{game_id}")
    assert scoreboard(page) == before


def test_the_question_page_keeps_the_hand(
    new_context: Callable[..., Any], live_server: LiveServer
) -> None:
    page = new_context(java_script_enabled=False).new_page()
    game_id = stored_game(live_server, HANDS)
    page.goto(f"{live_server.url}/games/{game_id}/hands/2/edit")
    page.get_by_role("button", name="Delete hand 2").click()
    page.wait_for_url(f"**/games/{game_id}/hands/2/delete")
    page.get_by_role("link", name="Keep hand 2").click()
    page.wait_for_url(f"**/games/{game_id}/hands/2/edit")
    assert hand_count(live_server, game_id) == 3

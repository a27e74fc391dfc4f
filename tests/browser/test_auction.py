"""Auction pinochle on a phone: a hand in five taps from the scoreboard (bidder, bid,
trump, result, Save), "conceded" in place of a trump, and pages that fit 360 px."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from scorekeeper.games.hands import add_hand
from scorekeeper.games.lifecycle import create_game
from tests.browser.conftest import NARROW, PHONE, LiveServer, expect, horizontal_overflow, totals

SIZES = {"390": PHONE, "360": NARROW}
PLAYERS = [("Ann", ["Ann"]), ("Bea", ["Bea"]), ("Cal", ["Cal"])]


def auction_game(server: LiveServer, hands: list[dict[str, Any]] = ()) -> int:  # type: ignore[assignment]
    with server.app.app_context():
        game = create_game("auction", {}, PLAYERS, first_dealer="Cal")
        for hand in hands:
            add_hand(game, hand)
        return game.id


@pytest.mark.parametrize("size", SIZES)
def test_a_made_bid_in_five_taps(
    new_context: Callable[..., Any], live_server: LiveServer, size: str
) -> None:
    page = new_context(**SIZES[size]).new_page()
    game_id = auction_game(live_server)
    page.goto(f"{live_server.url}/games/{game_id}")
    page.get_by_role("link", name="Hand 1: Ann took the bid").tap()
    page.locator("#bid-chips label", has_text="350").tap()
    expect(page.locator("[data-need]")).to_have_text("350 is worth 5 chips from each player")
    page.locator("#trump label", has=page.locator("input[value=H]")).tap()
    page.locator("#made label", has_text="Made").tap()
    page.get_by_role("button", name="Save hand 1").tap()
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    assert totals(page) == [15, -5, -5, -5]  # Ann, Bea, Cal and the kitty


def test_conceded_asks_no_result(page: Any, live_server: LiveServer) -> None:
    game_id = auction_game(live_server)
    page.goto(f"{live_server.url}/games/{game_id}/hands/new?bidder=Bea")
    result = page.locator("#made")
    expect(result).to_be_visible()
    page.locator("#bid-chips label", has_text="400").tap()
    page.locator("#made label", has_text="Went bete").tap()
    page.locator("#trump label", has_text="Conceded").tap()
    expect(result).to_be_hidden()  # and its choice cleared: a conceded hand is not played
    page.locator("#trump label", has=page.locator("input[value=S]")).tap()
    expect(result).to_be_visible()
    expect(page.locator("[data-need]")).to_have_text("400 is worth 20 chips from each player")
    page.locator("#trump label", has_text="Conceded").tap()
    page.get_by_role("button", name="Save hand 1").tap()
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    assert totals(page) == [10, -30, 10, 10]  # a single bete: 10 to each, the kitty too
    expect(page.locator("table.hands")).to_contain_text("single bete")


LONG = [
    {"bidder": "Ann", "bid": 650, "trump": "S", "made": False},  # 30 x 2 x 2 to three: -360
    {"bidder": "Bea", "bid": 600, "trump": "H", "made": True},
    {"bidder": "Cal", "bid": 300, "thrown_in": True},
    {"passed_out": True},
]


@pytest.mark.parametrize(
    "path", ["", "/hands/new", "/hands/1/edit", "/sheet"], ids=["board", "new", "edit", "sheet"]
)
def test_the_pages_fit_360_px(
    new_context: Callable[..., Any], live_server: LiveServer, path: str
) -> None:
    page = new_context(**NARROW).new_page()
    game_id = auction_game(live_server, LONG)
    page.goto(f"{live_server.url}/games/{game_id}{path}")
    assert horizontal_overflow(page) == 0
    if not path:
        assert totals(page) == [-387, 213, 84, 90]  # Ann, Bea, Cal, the kitty


def test_the_new_game_page_fits_360_px(
    new_context: Callable[..., Any], live_server: LiveServer
) -> None:
    page = new_context(**NARROW).new_page()
    page.goto(f"{live_server.url}/games/new?ruleset=auction")
    expect(page.get_by_label("Kitty")).to_have_value("high_bids")
    assert horizontal_overflow(page) == 0

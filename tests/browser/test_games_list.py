"""The games list on a phone: a name searched, the next page, a player's games from their
stats page; with and without JavaScript, at 390 and 360 px."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from scorekeeper.games.hands import add_hand
from scorekeeper.games.lifecycle import create_game
from scorekeeper.games.players import all_players
from tests.browser.conftest import (
    NARROW,
    PHONE,
    LiveServer,
    expect,
    horizontal_overflow,
    keep_screenshot,
    scrolling_boxes,
    too_small,
)

# names no other browser test seats, so the other tests' games stay out of the search
FINDER = "Quentin Łopuszański"
GAMES = 60  # a page of 50 and 10 on the next
FINISHED = 6  # the first ones: on the next page, after the last 4 in progress


@pytest.fixture(scope="module")
def quentins_games(live_server: LiveServer) -> dict[str, int]:
    """``GAMES`` games with ``FINDER`` at the table, the first ``FINISHED`` of them over."""
    with live_server.app.app_context():
        for index in range(GAMES):
            players = [FINDER, f"Rhea {index:02d}", "Sven Oddvar", f"Tilde {index:02d}"]
            finished = index < FINISHED
            game = create_game(
                "partnership",
                {"target": 300} if finished else {},
                [("Quentin & Sven", players[0::2]), (f"Table {index:02d}", players[1::2])],
                seating=players,
                first_dealer=FINDER,
            )
            if finished:
                add_hand(
                    game,
                    {
                        "bidder": FINDER,
                        "bid": 300,
                        "trump": "H",
                        "meld": [190, 60],
                        "counters": [150, 100],
                    },
                )
        player = next(p for p in all_players() if p.name == FINDER)
        return {"player": player.id}


def listed(page: Any) -> list[str]:
    return page.locator("ul.games li strong").all_inner_texts()  # type: ignore[no-any-return]


TAPPED = ["main a", "main button", "main input:not([type=hidden])"]


def look(page: Any, name: str) -> None:
    """Nothing wider than the phone, every tap target big; a screenshot to look at
    (``SCOREKEEPER_SCREENSHOTS=/tmp/shots``)."""
    assert horizontal_overflow(page) == 0
    assert scrolling_boxes(page) == []
    assert [problem for selector in TAPPED for problem in too_small(page, selector)] == []
    keep_screenshot(page, f"games-list-{name}.png")


@pytest.mark.parametrize(
    ("size", "javascript"),
    [("390", True), ("360", True), ("360", False)],
    ids=["390", "360", "360-no-js"],
)
def test_search_a_name_then_the_next_page(
    new_context: Callable[..., Any],
    live_server: LiveServer,
    quentins_games: dict[str, int],
    size: str,
    javascript: bool,
) -> None:
    options = PHONE if size == "390" else NARROW
    page = new_context(**options, java_script_enabled=javascript).new_page()
    page.goto(live_server.url + "/")
    search = page.get_by_label("Find a player or a side")
    search.tap()  # as a person does: tap the box, type, tap Search
    page.keyboard.type("łopusz")  # lower case, past A to Z
    page.get_by_role("button", name="Search").tap()
    page.wait_for_url(re.compile(r"\?q=%C5%82opusz$"))
    expect(page.get_by_text("Page 1 of 2")).to_be_visible()
    newest_first = [f"Quentin & Sven – Table {index:02d}" for index in reversed(range(GAMES))]
    assert listed(page) == newest_first[:50]  # in progress, the last changed first
    assert page.locator("h2").all_inner_texts() == ["In progress"]
    look(page, f"{size}{'' if javascript else '-no-js'}-page-1")
    page.get_by_role("link", name="Next page").tap()
    page.wait_for_url(re.compile(r"page=2"))
    expect(page.get_by_text("Page 2 of 2")).to_be_visible()
    assert page.locator("h2").all_inner_texts() == ["In progress", "Finished"]
    assert listed(page) == newest_first[50:]
    expect(page.get_by_label("Find a player or a side")).to_have_value("łopusz")
    look(page, f"{size}{'' if javascript else '-no-js'}-page-2")


def test_a_search_that_finds_nothing_says_so(
    new_context: Callable[..., Any], live_server: LiveServer, quentins_games: dict[str, int]
) -> None:
    page = new_context(**NARROW).new_page()
    page.goto(live_server.url + "/?q=100%25_nobody")
    expect(page.get_by_text("No games match “100%_nobody”.")).to_be_visible()
    look(page, "360-nothing")
    page.get_by_role("link", name="All games").tap()
    page.wait_for_url(live_server.url + "/")


def test_a_players_stats_page_leads_to_their_games(
    page: Any, live_server: LiveServer, quentins_games: dict[str, int]
) -> None:
    page.goto(f"{live_server.url}/stats/players/{quentins_games['player']}")
    page.get_by_role("link", name=f"Games of {FINDER}").tap()
    page.wait_for_url(re.compile(rf"/\?player={quentins_games['player']}$"))
    expect(page.get_by_text("Page 1 of 2")).to_be_visible()
    assert all(name.startswith("Quentin & Sven") for name in listed(page))
    look(page, "390-player")

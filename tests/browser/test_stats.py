"""The season stats pages at phone size, with and without JavaScript."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from datetime import date
from typing import Any

import pytest

from scorekeeper.engine.gamefile import to_document
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.simulate import demo_games, random_game
from scorekeeper.games.players import all_players
from scorekeeper.games.seasons import create_season
from scorekeeper.games.transfer import import_game
from tests.browser.conftest import (
    NARROW,
    LiveServer,
    expect,
    horizontal_overflow,
    scrolling_boxes,
    too_small,
)

# the demo players (not the other browser tests' Ann, Bea, ...: names from further on)
PLAYERS = 8
LONG_NAMES = ("Christopher-Alexander", "Margaret", "Alexandra-Elisabeth", "Benjamin")
FIELDS = "main input, main select"
TAPPED = ["header a", ".links a", FIELDS, "main button", "table.stats th a", "table.stats td a"]


@pytest.fixture(scope="module")
def stats_paths(live_server: LiveServer) -> dict[str, str]:
    """A season's worth of games in the live server's database, and the stats pages."""
    with live_server.app.app_context():
        rng = random.Random(4)
        for game in demo_games(24, PLAYERS, rng, until=date(2026, 11, 29)):
            import_game(to_document(game))
        # long names must wrap, not widen the tables
        long = random_game(PRESETS["partnership"], rng, 30, LONG_NAMES, played_on=date(2026, 5, 1))
        import_game(to_document(long))
        players = {player.name: player.id for player in all_players()}
        create_season("Browser season", date(2025, 12, 1), date(2026, 11, 30))
    first, second = sorted(players.values())[:2]
    return {
        "standings": "/stats",
        "all-figures": "/stats?columns=all",
        "season": "/stats?season=Browser+season",
        "player": f"/stats/players/{first}",
        "head-to-head": f"/stats/head-to-head?a={first}&b={second}",
        "seasons": "/stats/seasons",
    }


NAMES = ["standings", "all-figures", "season", "player", "head-to-head", "seasons"]


@pytest.mark.parametrize("name", NAMES)
def test_stats_pages_fit_a_360_px_phone(
    new_context: Callable[..., Any],
    live_server: LiveServer,
    stats_paths: dict[str, str],
    name: str,
) -> None:
    page = new_context(**NARROW).new_page()
    page.goto(live_server.url + stats_paths[name])
    assert horizontal_overflow(page) == 0
    if name != "all-figures":  # asked for every column: that table may scroll inside
        assert scrolling_boxes(page) == []
    small = [problem for selector in TAPPED for problem in too_small(page, selector)]
    assert small == []


STANDING_NAMES = "#standings + .hint + .table-wrap td.name a"


def standings(page: Any) -> list[str]:
    return page.locator(STANDING_NAMES).all_inner_texts()  # type: ignore[no-any-return]


def test_choose_a_season_and_sort_without_javascript(
    new_context: Callable[..., Any], live_server: LiveServer, stats_paths: dict[str, str]
) -> None:
    page = new_context(java_script_enabled=False, **NARROW).new_page()
    page.goto(live_server.url + "/stats")
    by_rating = standings(page)
    assert len(by_rating) >= PLAYERS

    # each click loads a new page: wait for it (retrying), never read the old or a blank one
    page.get_by_role("link", name="Player").click()  # A to Z
    expect(page.locator(STANDING_NAMES)).to_have_text(sorted(by_rating))
    page.get_by_role("link", name=re.compile("^Player")).click()  # again: Z to A
    expect(page.locator(STANDING_NAMES)).to_have_text(sorted(by_rating, reverse=True))

    page.get_by_label("Season").select_option("Browser season")
    page.get_by_role("button", name="Show").click()
    page.wait_for_url(re.compile(r"season=Browser\+season"))
    expect(page.get_by_role("heading", name="Season stats: Browser season")).to_be_visible()
    assert page.locator("figure.chart svg").count() >= 2


def test_create_a_season_without_javascript(
    new_context: Callable[..., Any], live_server: LiveServer, stats_paths: dict[str, str]
) -> None:
    page = new_context(java_script_enabled=False, **NARROW).new_page()
    page.goto(live_server.url + "/stats/seasons")
    page.get_by_label("Name").fill("Summer 2026")
    page.get_by_label("First day").fill("2026-06-01")
    page.get_by_label("Last day").fill("2026-08-31")
    page.get_by_role("button", name="Create the season").click()
    page.wait_for_url(re.compile(r"/stats\?season=Summer\+2026"))
    expect(page.get_by_text("Season Summer 2026 created.")).to_be_visible()

    page.goto(live_server.url + "/stats/seasons")
    page.get_by_label("Name").fill("summer 2026")
    page.get_by_label("First day").fill("2026-06-01")
    page.get_by_label("Last day").fill("2026-08-31")
    page.get_by_role("button", name="Create the season").click()
    assert (
        page.locator("#name-error").inner_text()
        == "There is already a season called 'summer 2026'."
    )


@pytest.mark.parametrize(
    ("language", "path"),
    [  # the standings' headers wrap between words, in every language, at 360 px
        ("en", "/stats"),
        ("fr", "/stats"),
        ("nl", "/stats?ruleset=partnership"),
        ("pl", "/stats?ruleset=partnership"),
        ("pl", "/stats"),
    ],
)
def test_standings_headers_do_not_squeeze(
    new_context: Callable[..., Any],
    live_server: LiveServer,
    stats_paths: dict[str, str],
    language: str,
    path: str,
) -> None:
    page = new_context(locale=language, **NARROW).new_page()
    page.goto(live_server.url + path)
    assert horizontal_overflow(page) == 0
    assert scrolling_boxes(page) == []
    squeezed = page.evaluate(
        """() => [...document.querySelectorAll("#standings ~ .table-wrap table.stats th")]
            .filter(th => th.offsetParent !== null && th.scrollWidth > th.clientWidth + 1)
            .map(th => th.innerText)"""
    )
    assert squeezed == []
    # a rank stays on the line of its name: beside the link, not above it
    apart = page.evaluate(
        """() => [...document.querySelectorAll("td.name .rank")].map(rank => {
            const mark = rank.getBoundingClientRect();
            const name = rank.nextElementSibling.getBoundingClientRect();
            const middle = (mark.top + mark.bottom) / 2;
            return middle < name.top || middle > name.bottom || mark.right > name.left;
        })"""
    )
    assert apart and not any(apart)

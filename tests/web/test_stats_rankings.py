"""Stats that do not mislead: a minimum of games for a rank, figures of different scales
and player counts kept apart, every number labelled."""

from __future__ import annotations

import json
import random
import re
from datetime import date
from pathlib import Path

import pytest
from flask import Flask

from scorekeeper.engine.gamefile import to_document
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.scoring import replay
from scorekeeper.engine.simulate import random_game
from scorekeeper.games.transfer import import_game
from scorekeeper.reports.stats import Period, player_stats, stats_document
from tests.web.conftest import test_app

pytestmark = pytest.mark.database  # every test here makes its own database

# (rule set, seating, games): finished games each, so the counts are known
TABLES = [
    ("partnership", ("Ann", "Bea", "Cal", "Dan"), 5),
    ("partnership", ("Ann", "Bea", "Cal", "Eve"), 1),
    ("check", ("Ann", "Bea", "Cal", "Dan"), 2),
    ("cutthroat", ("Ann", "Bea", "Cal"), 2),
]
GAMES = {"Ann": 10, "Bea": 10, "Cal": 10, "Dan": 7, "Eve": 1}


def finished_games() -> list[object]:
    rng = random.Random(7)
    games = []
    for name, seating, count in TABLES:
        made = 0
        while made < count:
            game = random_game(PRESETS[name], rng, 120, seating, played_on=date(2026, 3, 1))
            if replay(game).finished:
                games.append(game)
                made += 1
    return games


STORED = finished_games()


def club_app(folder: Path, **config: object) -> Flask:
    app = test_app(folder / "club.db", **config)
    with app.app_context():
        for game in STORED:
            import_game(to_document(game))  # type: ignore[arg-type]
    return app


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    return club_app(tmp_path_factory.mktemp("club"))


def standings(html: str) -> list[tuple[str, str, bool]]:
    """(rank, name, provisional) of each row of the standings."""
    table = html.split('id="standings"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(
        r'<td class="name">(?:<span class="rank">(\d+)</span>&nbsp;)?<a href="[^"]+">([^<]+)</a>'
        r'( <small class="provisional">)?',
        table,
    )
    return [(rank, name, bool(mark)) for rank, name, mark in rows]


# --- a minimum of games for a rank -------------------------------------------------------


@pytest.mark.parametrize(
    ("min_games", "provisional"),
    [
        (1, set()),
        (5, {"Eve"}),
        (8, {"Dan", "Eve"}),
        (10, {"Dan", "Eve"}),
        (11, {"Ann", "Bea", "Cal", "Dan", "Eve"}),
    ],
)
def test_players_under_the_minimum_are_provisional(
    club: Flask, min_games: int, provisional: set[str]
) -> None:
    with club.app_context():
        players = player_stats(Period(), min_games)
    assert {entry.name: entry.games for entry in players} == GAMES
    assert {entry.name for entry in players if entry.provisional} == provisional
    ranked = [entry for entry in players if not entry.provisional]
    assert players[: len(ranked)] == ranked  # the ranked first
    assert [entry.rank for entry in ranked] == list(range(1, len(ranked) + 1))
    assert [entry.rating for entry in ranked] == sorted(
        (entry.rating for entry in ranked), reverse=True
    )
    assert all(entry.rank is None for entry in players if entry.provisional)


@pytest.mark.parametrize(
    ("query", "ranks"),
    [  # by a ranking the provisional come last, unranked; by any other column, in place
        ("", ["1", "2", "3", "", ""]),
        ("?sort=rating&sort_dir=rev", ["3", "2", "1", "", ""]),  # the ranked, worst first
        ("?sort=win_rate", ["1", "2", "3", "", ""]),
        ("?sort=name", None),
        ("?sort=games", None),
    ],
)
def test_the_standings_say_the_minimum_and_rank_after_it(
    tmp_path: Path, query: str, ranks: list[str] | None
) -> None:
    app = club_app(tmp_path, STATS_MIN_GAMES=8)
    html = app.test_client().get(f"/stats{query}").get_data(as_text=True)
    assert "Ranked by rating and by win rate after 8 finished games in the season" in html
    rows = standings(html)
    assert {name for _, name, mark in rows if mark} == {"Dan", "Eve"}
    if ranks is not None:
        assert [mark for _, _, mark in rows] == [False, False, False, True, True]
        assert [rank for rank, _, _ in rows] == ranks
    else:
        assert all(rank == "" for rank, _, _ in rows)


def test_a_provisional_player_page_says_so(tmp_path: Path) -> None:
    app = club_app(tmp_path, STATS_MIN_GAMES=8)
    with app.app_context():
        players = {entry.name: entry for entry in player_stats(Period(), 8)}
    client = app.test_client()
    html = client.get(f"/stats/players/{players['Eve'].player_id}").get_data(as_text=True)
    assert "Provisional: ranked after 8 finished games in the season (1 so far)." in html
    html = client.get(f"/stats/players/{players['Ann'].player_id}").get_data(as_text=True)
    assert f"Ranked {players['Ann'].rank} by rating." in html


def test_the_json_says_who_is_provisional(club: Flask) -> None:
    with club.app_context():
        document = json.loads(json.dumps(stats_document(Period(), 8)))
    assert document["min_games"] == 8
    flags = {
        player["name"]: (player["provisional"], player["rank"]) for player in document["players"]
    }
    assert {name for name, (provisional, _) in flags.items() if provisional} == {"Dan", "Eve"}
    assert sorted(rank for provisional, rank in flags.values() if not provisional) == [1, 2, 3]


# --- figures kept apart ------------------------------------------------------------------


def replayed_figures(rulesets: set[str]) -> dict[str, dict[str, int]]:
    """Finished games, wins, bids and points of each player in ``rulesets``' games."""
    figures: dict[str, dict[str, int]] = {}
    for game in STORED:
        if game.rules.name not in rulesets:  # type: ignore[attr-defined]
            continue
        result = replay(game)  # type: ignore[arg-type]
        for index, side in enumerate(game.sides):  # type: ignore[attr-defined]
            for player in side.players:
                entry = figures.setdefault(
                    player, dict.fromkeys(("games", "wins", "points", "bids"), 0)
                )
                entry["games"] += 1
                entry["wins"] += result.winner == index
                entry["points"] += sum(scored.points[index] for scored in result.hands)
                entry["bids"] += sum(hand.bidder == player for hand in game.hands)  # type: ignore[attr-defined]
    return figures


@pytest.mark.parametrize(
    ("players", "rulesets"),
    [  # win rates by the number of players at the table
        (3, {"cutthroat"}),
        (4, {"check", "partnership"}),
    ],
)
def test_win_rates_are_kept_apart_by_the_number_of_players(
    club: Flask, players: int, rulesets: set[str]
) -> None:
    from scorekeeper.reports.groups import win_rates_by_players

    with club.app_context():
        groups = {group.key: group for group in win_rates_by_players(Period(), 5)}
    assert set(groups) == {3, 4}
    group = groups[players]
    assert set(group.rulesets) == rulesets
    expected = replayed_figures(rulesets)
    assert {e.name: (e.games, e.wins) for e in group.players} == {
        name: (entry["games"], entry["wins"]) for name, entry in expected.items()
    }
    keys = [(e.provisional, -e.win_rate, -e.games, e.name) for e in group.players]
    assert keys == sorted(keys)
    assert all(e.provisional == (e.games < 5) for e in group.players)


@pytest.mark.parametrize(
    ("rulesets", "scale"),
    [  # bids and points by point scale: a hand worth 25 points, or 250
        ({"check"}, ("points", 25)),
        ({"cutthroat", "partnership"}, ("points", 250)),
    ],
)
def test_bids_and_points_are_kept_apart_by_scale(
    club: Flask, rulesets: set[str], scale: tuple[str, int]
) -> None:
    from scorekeeper.reports.groups import bids_and_points_by_scale

    with club.app_context():
        groups = {group.key: group for group in bids_and_points_by_scale(Period())}
    assert set(groups) == {("points", 25), ("points", 250)}
    group = groups[scale]
    assert set(group.rulesets) == rulesets
    expected = replayed_figures(rulesets)
    assert {e.name: (e.points, e.bids) for e in group.players} == {
        name: (entry["points"], entry["bids"]) for name, entry in expected.items()
    }
    assert [e.points for e in group.players] == sorted(
        (e.points for e in group.players), reverse=True
    )


@pytest.mark.parametrize(
    ("query", "apart"),
    [  # which standings columns a period keeps, and what it shows apart
        ("", {"players", "scales"}),
        ("?ruleset=partnership", set()),
        ("?ruleset=check", set()),
        ("?ruleset=cutthroat", set()),
    ],
)
def test_the_page_says_what_it_keeps_apart(club: Flask, query: str, apart: set[str]) -> None:
    html = (
        club.test_client()
        .get(f"/stats{query}&columns=all".replace("&", "?", not query))
        .get_data(as_text=True)
    )
    standings_head = html.split('id="standings"', 1)[1].split("</thead>", 1)[0]
    assert ("Win %" in standings_head) == ("players" not in apart)
    assert ("Avg bid" in standings_head) == ("scales" not in apart)
    assert ("not ranked together by win rate" in html) == ("players" in apart)
    assert ('id="win-rates"' in html) == ("players" in apart)
    assert ("never added up or averaged across them" in html) == ("scales" in apart)
    assert ('id="scales"' in html) == ("scales" in apart)


@pytest.mark.parametrize("sort", ["win_rate", "avg_bid", "points", "best_hand"])
def test_a_column_kept_apart_does_not_sort_the_standings(club: Flask, sort: str) -> None:
    html = club.test_client().get(f"/stats?sort={sort}").get_data(as_text=True)
    with club.app_context():
        by_rating = [entry.name for entry in player_stats(Period())]
    assert [name for _, name, _ in standings(html)] == by_rating


# --- every number labelled ---------------------------------------------------------------


def page_of(club: Flask, page: str) -> str:
    with club.app_context():
        ids = {entry.name: entry.player_id for entry in player_stats(Period())}
    path = page.format(ann=ids["Ann"], bea=ids["Bea"])
    return club.test_client().get(path).get_data(as_text=True)


@pytest.mark.parametrize(
    ("page", "label"),
    [  # a page, and the label now beside a number that stood bare
        ("/stats", re.compile(r'Rating.*<small class="sub">± in season</small>', re.S)),
        ("/stats/players/{ann}", re.compile(r"<dt>Change in season</dt><dd>[+−-]?\d")),
        ("/stats/head-to-head?a={ann}&b={bea}", re.compile(r"wins, \d+\s?% of the games")),
        ("/stats?ruleset=check", re.compile(r'<td class="name">\d+–\d+</td>')),
    ],
)
def test_every_number_is_labelled(club: Flask, page: str, label: re.Pattern[str]) -> None:
    assert label.search(page_of(club, page))


# --- a player's club nights --------------------------------------------------------------

NIGHTS = Path(__file__).resolve().parents[1] / "data" / "events"


@pytest.fixture(scope="module")
def nights(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    from scorekeeper.club.events import import_event

    app = club_app(tmp_path_factory.mktemp("nights"))
    with app.app_context():
        for name in ("club-night.json", "teams-night.json"):
            import_event(json.loads((NIGHTS / name).read_text(encoding="utf-8")))
    return app


@pytest.mark.parametrize(
    ("player", "listed"),
    [  # the latest first; a team's second player (Cal, Fay) is an entrant too
        ("Ann", ["Winter pairs", "Tuesday club night"]),
        ("Cal", ["Winter pairs", "Tuesday club night"]),
        ("Eve", ["Winter pairs", "Tuesday club night"]),
        ("Fay", ["Winter pairs"]),
        ("Jo", ["Winter pairs"]),
    ],
)
def test_a_player_page_lists_their_club_nights(
    nights: Flask, player: str, listed: list[str]
) -> None:
    from scorekeeper.extensions import db
    from scorekeeper.store.models import Player

    with nights.app_context():
        ids = {person.name: person.id for person in db.session.query(Player)}
    html = nights.test_client().get(f"/stats/players/{ids[player]}").get_data(as_text=True)
    part = html.split('id="events"', 1)[1]
    assert (
        re.findall(r'<li><a href="/events/\d+"><strong>(?:<bdi>)?([^<]+)(?:</bdi>)?</strong>', part)
        == listed
    )
    assert "2026" in part  # the day of each


def test_event_games_count_in_the_season_and_the_ratings(nights: Flask) -> None:
    """The club nights' tables are stored games like any other: counted in 2026."""
    with nights.app_context():
        before = {name: GAMES.get(name, 0) for name in ("Fay", "Gus", "Hal")}
        season = {entry.name: entry for entry in player_stats(Period.named("2026"))}
    for name, earlier in before.items():
        assert season[name].games > earlier
        assert season[name].rating != 1500.0 or season[name].wins * 2 == season[name].games


def test_a_player_without_club_nights(club: Flask) -> None:
    html = page_of(club, "/stats/players/{ann}")
    assert "No club night yet." in html


@pytest.mark.parametrize(
    ("player", "query", "apart"),
    [  # a player's bids and points by scale when they played more than one
        ("Ann", "", True),  # partnership and cutthroat (250), check (25)
        ("Eve", "", False),  # partnership only
        ("Ann", "?ruleset=check", False),
    ],
)
def test_a_player_page_keeps_scales_apart(
    club: Flask, player: str, query: str, apart: bool
) -> None:
    with club.app_context():
        ids = {entry.name: entry.player_id for entry in player_stats(Period())}
    html = club.test_client().get(f"/stats/players/{ids[player]}{query}").get_data(as_text=True)
    assert ('id="scales"' in html) == apart
    assert ("<dt>Avg bid</dt>" in html) == (not apart)
    if apart:
        part = html.split('id="scales"', 1)[1].split("</table>", 1)[0]
        rows = re.findall(r'<tr><td class="name">([^<]+)</td><td>(\d+)</td>', part)
        assert [name for name, _ in rows] == ["Check pinochle", "Cutthroat, Partnership"]


@pytest.mark.parametrize(
    "period",
    [Period(), Period(ruleset="partnership"), Period.named("2026"), Period.named("2025")],
)
def test_the_standings_are_the_same_from_the_rows_by_rule_set(club: Flask, period: Period) -> None:
    """The page adds up ``season_rows`` by rule set; JSON and CSV read a row per player."""
    from scorekeeper.reports.stats import season_rows

    with club.app_context():
        assert player_stats(period, 5, season_rows(period)) == player_stats(period, 5)

"""Season statistics from the database equal figures computed by replaying the games."""

from __future__ import annotations

import random
from collections import defaultdict
from datetime import date
from itertools import combinations
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.gamefile import to_document
from scorekeeper.engine.hand_score import MADE, SET, THROWN_IN
from scorekeeper.engine.scoring import DRAW, replay
from scorekeeper.engine.simulate import demo_games
from scorekeeper.extensions import db
from scorekeeper.games.transfer import import_game
from scorekeeper.reports.bidding import bidding
from scorekeeper.reports.stats import Period, partnerships, player_stats, stats_document
from scorekeeper.store.models import (
    BidOutcome,
    Game,
    GameOutcome,
    HandEdit,
    HandOutcome,
    Player,
    PlayerOutcome,
    Seat,
)
from tests.conftest import examples


def in_period(game: Any, period: Period) -> bool:
    return (
        (period.start is None or game.played_on >= period.start)
        and (period.end is None or game.played_on <= period.end)
        and (period.ruleset is None or game.rules.name == period.ruleset)
    )


def expected_figures(games: list[Any], period: Period) -> dict[str, dict[str, Any]]:
    """Every figure, computed independently from the engine's replay of each game."""
    chosen = [game for game in games if in_period(game, period)]
    figures: dict[str, dict[str, Any]] = defaultdict(
        lambda: defaultdict(int, {"best_hand": None, "bid_total": 0})
    )
    for game in chosen:
        result = replay(game)
        for side_index, side in enumerate(game.sides):
            for player in side.players:
                entry = figures[player]
                if result.finished:
                    entry["games"] += 1
                    entry["wins"] += result.winner == side_index
                    entry["draws"] += result.winner == DRAW
                for hand, scored in zip(game.hands, result.hands, strict=True):
                    entry["hands"] += 1
                    entry["points"] += scored.points[side_index]
                    best = entry["best_hand"]
                    entry["best_hand"] = max(
                        scored.points[side_index], best if best is not None else -(10**9)
                    )
                    entry["chips"] += scored.chips[side_index] if scored.chips else 0
                    if hand.bidder == player:
                        entry["bids"] += 1
                        entry["bid_total"] += hand.bid
                        entry["bids_made"] += scored.outcome == MADE
                        entry["sets"] += scored.outcome == SET
                        entry["throw_ins"] += scored.outcome == THROWN_IN
    return figures


def expected_pairs(games: list[Any]) -> dict[tuple[str, str], tuple[int, int]]:
    """(games, wins) of every two players who sat on one side, over finished games."""
    pairs: dict[tuple[str, str], tuple[int, int]] = {}
    for game in games:
        result = replay(game)
        if not result.finished:
            continue
        for index, side in enumerate(game.sides):
            for a, b in combinations(sorted(side.players), 2):
                played, won = pairs.get((a, b), (0, 0))
                pairs[a, b] = (played + 1, won + (result.winner == index))
    return pairs


def expected_levels(games: list[Any]) -> dict[tuple[str, int], tuple[int, int, int, int]]:
    """(bids, made, bidder counters, defender counters) by rule set and bid level."""
    levels: dict[tuple[str, int], tuple[int, int, int, int]] = {}
    for game in games:
        result = replay(game)
        for hand, scored in zip(game.hands, result.hands, strict=True):
            if hand.bid is None or scored.bidder_side is None:
                continue
            key = (game.rules.name, game.rules.bid_level(hand.bid))
            bids, made, bidders, defenders = levels.get(key, (0, 0, 0, 0))
            if hand.counters is not None and scored.outcome != THROWN_IN:
                taken = hand.counters[scored.bidder_side]
                bidders, defenders = bidders + taken, defenders + sum(hand.counters) - taken
            levels[key] = (bids + 1, made + (scored.outcome == MADE), bidders, defenders)
    return levels


def elo(games: list[Any]) -> dict[str, float]:
    rating: dict[str, float] = defaultdict(lambda: 1500.0)
    for _, game in sorted(enumerate(games), key=lambda pair: (pair[1].played_on, pair[0])):
        result = replay(game)
        if not result.finished:
            continue
        changes: dict[str, float] = defaultdict(float)
        for a, b in combinations(range(len(game.sides)), 2):
            ra = sum(rating[p] for p in game.sides[a].players) / len(game.sides[a].players)
            rb = sum(rating[p] for p in game.sides[b].players) / len(game.sides[b].players)
            expected = 1 / (1 + 10 ** ((rb - ra) / 400))
            score = (
                0.5
                if result.winner in (DRAW,)
                else 1.0
                if result.winner == a
                else (0.0 if result.winner == b else 0.5)
            )
            for p in game.sides[a].players:
                changes[p] += 32 * (score - expected)
            for p in game.sides[b].players:
                changes[p] += 32 * ((1 - score) - (1 - expected))
        for player, change in changes.items():
            rating[player] += change
    return rating


def clear(app: Flask) -> None:
    with app.app_context():
        for model in (
            HandOutcome,
            PlayerOutcome,
            BidOutcome,
            GameOutcome,
            HandEdit,
            Seat,
            Game,
            Player,
        ):
            db.session.query(model).delete()
        db.session.commit()


@settings(
    max_examples=examples(8),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    seed=st.integers(0, 10**6),
    count=st.integers(1, 12),
    players=st.integers(4, 9),
    year=st.sampled_from([None, 2025, 2026]),
    ruleset=st.sampled_from([None, "partnership", "check", "cutthroat"]),
)
def test_database_figures_equal_the_replay(
    app: Flask, seed: int, count: int, players: int, year: int | None, ruleset: str | None
) -> None:
    clear(app)
    games = demo_games(count, players, random.Random(seed), until=date(2026, 11, 29), days=600)
    period = Period.named(str(year) if year else None)
    period = Period(period.start, period.end, ruleset)
    with app.app_context():
        for game in games:
            import_game(to_document(game))
        got = {entry.name: entry for entry in player_stats(period)}
    expected = expected_figures(games, period)
    ratings = elo(
        [
            game
            for game in games
            if (period.end is None or game.played_on <= period.end)
            and (ruleset is None or game.rules.name == ruleset)
        ]
    )
    assert set(got) == {
        name for name, entry in expected.items() if entry["hands"] or entry["games"]
    }
    for name, entry in got.items():
        want = expected[name]
        for field in (
            "games",
            "wins",
            "draws",
            "hands",
            "bids",
            "bids_made",
            "sets",
            "throw_ins",
            "points",
            "chips",
            "best_hand",
        ):
            assert getattr(entry, field) == want[field], (name, field)
        assert entry.win_rate == pytest.approx(
            want["wins"] / want["games"] if want["games"] else 0, abs=1e-4
        )
        assert entry.make_rate == pytest.approx(
            want["bids_made"] / want["bids"] if want["bids"] else 0, abs=1e-4
        )
        assert entry.avg_bid == pytest.approx(
            want["bid_total"] / want["bids"] if want["bids"] else 0, abs=0.01
        )
    for name, entry in got.items():
        assert entry.rating == pytest.approx(ratings[name], abs=0.1)
    chosen = [game for game in games if in_period(game, period)]
    with app.app_context():
        pairs = {
            tuple(pair["players"]): (pair["games"], pair["wins"]) for pair in partnerships(period)
        }
        levels = {
            (row.ruleset, row.level): (
                row.bids,
                row.made,
                row.bidder_counters,
                row.defender_counters,
            )
            for row in bidding(period)
        }
    assert pairs == expected_pairs(chosen)
    assert levels == expected_levels(chosen)


def test_stats_document_shape(app: Flask) -> None:
    games = demo_games(10, 6, random.Random(2), until=date(2026, 11, 29))
    with app.app_context():
        for game in games:
            import_game(to_document(game))
        document = stats_document(Period())
    assert {"min_games", "players", "partnerships"} == set(document)
    assert set(document["players"][0]) >= {"name", "games", "wins", "rating", "make_rate"}
    for pair in document["partnerships"]:
        assert len(pair["players"]) == 2 and pair["wins"] <= pair["games"]


@pytest.mark.parametrize(("name", "start"), [("2026", date(2026, 1, 1)), ("All time", None)])
def test_named_periods(name: str, start: date | None) -> None:
    assert Period.named(name).start == start
    with pytest.raises(ValueError, match="unknown season"):
        Period.named("Winter")

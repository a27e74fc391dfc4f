"""Statistics of games under the house rules (rules.md §7): a game drawn after its N
hands or when time was called is a draw for every player, never a win, and moves no
rating between equal players; a misdeal is not a hand played; a renege counts as the
engine says (the defenders' renege makes the bid, the bidders' own sets it); the stored
outcome rows hold every outcome's name."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from flask import Flask

from scorekeeper.engine.hand_score import OUTCOMES
from scorekeeper.extensions import db
from scorekeeper.games.transfer import import_game
from scorekeeper.reports.bidding import bidding
from scorekeeper.reports.stats import Period, player_stats
from scorekeeper.store.models import HandOutcome, PlayerOutcome

SIDES = [{"name": "Us", "players": ["Ann", "Cal"]}, {"name": "Them", "players": ["Bea", "Dan"]}]
MADE = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]}
THEIRS = {"bidder": "Bea", "bid": 300, "trump": "S", "meld": [60, 190], "counters": [100, 150]}


def imported(app: Flask, rules: dict[str, Any], hands: list[dict[str, Any]]) -> int:
    document = {
        "format": "pinochle-game/1",
        "ruleset": "partnership",
        "rules": rules,
        "sides": SIDES,
        "hands": hands,
    }
    with app.app_context():
        return import_game(copy.deepcopy(document)).id


DRAWN = [
    ({"game_end": "hands:2"}, [MADE, THEIRS]),
    ({}, [MADE, {**THEIRS, "time_called": True}]),
    ({"game_end": "hands:2"}, [MADE, {"misdeal": True}, {**THEIRS, "time_called": True}]),
]


@pytest.mark.parametrize(("rules", "hands"), DRAWN)
def test_a_drawn_game_is_a_draw_for_every_player(
    app: Flask, rules: dict[str, Any], hands: list[dict[str, Any]]
) -> None:
    imported(app, rules, hands)
    with app.app_context():
        figures = {entry.name: entry for entry in player_stats(Period())}
        shares = db.session.execute(db.select(PlayerOutcome)).scalars().all()
    assert sorted(figures) == ["Ann", "Bea", "Cal", "Dan"]
    for entry in figures.values():
        assert (entry.games, entry.wins, entry.draws, entry.win_rate) == (1, 0, 1, 0.0)
        assert entry.rating == 1500.0  # a draw between equal players moves nobody
    assert all(share.drawn and not share.won and share.finished for share in shares)


def test_a_misdeal_is_not_a_hand_played(app: Flask) -> None:
    imported(app, {}, [{"misdeal": True}, MADE, {"misdeal": True}])
    with app.app_context():
        figures = {entry.name: entry for entry in player_stats(Period())}
        rows = db.session.execute(db.select(HandOutcome.number, HandOutcome.outcome)).all()
    assert {name: entry.hands for name, entry in figures.items()} == dict.fromkeys(
        ("Ann", "Bea", "Cal", "Dan"), 1
    )
    assert figures["Bea"].best_hand == 160
    # the misdeals' rows are stored all the same, under their outcome's name
    assert sorted(set(rows)) == [(1, "misdeal"), (2, "made"), (3, "misdeal")]


RENEGE = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60]}
# (hands, Cal's bids, made, sets, the bid level's made and sets)
COUNTED = [
    ([{**RENEGE, "renege": 1}], 1, 1, 0),  # the defenders reneged: the bid is made
    ([{**RENEGE, "renege": 0}], 1, 0, 1),  # the bidders' own renege sets them
    ([{**RENEGE, "counters": [250, 0], "moon": True}], 1, 1, 0),  # a moon shot is made
    ([{**RENEGE, "counters": [240, 10], "moon": True}], 1, 0, 1),  # a failed one is set
]  # fmt: skip


@pytest.mark.parametrize(("hands", "bids", "made", "sets"), COUNTED)
def test_renege_and_moon_hands_count_as_the_engine_scores_them(
    app: Flask, hands: list[dict[str, Any]], bids: int, made: int, sets: int
) -> None:
    imported(app, {"shoot_the_moon": "points:250"}, hands)
    with app.app_context():
        cal = next(entry for entry in player_stats(Period()) if entry.name == "Cal")
        (level,) = bidding(Period())
    assert (cal.bids, cal.bids_made, cal.sets, cal.throw_ins) == (bids, made, sets, 0)
    assert (level.bids, level.made, level.sets) == (bids, made, sets)


def test_every_outcome_fits_its_column() -> None:
    length = HandOutcome.__table__.c.outcome.type.length
    assert all(len(outcome) <= length for outcome in OUTCOMES), OUTCOMES


THREE = [{"name": name, "players": [name]} for name in ("Ann", "Bea", "Cal")]
# (ruleset, rules, hands, each player's (wins, draws)): only the sides level at the top
# share a draw; a player below them lost, through the floor or on the totals
SHARED_DRAWS = [
    ("cutthroat", {"lose_below": -500},
     [{"bidder": "Ann", "bid": 600, "trump": "H", "meld": [100, 60, 60],
       "counters": [50, 100, 100]}],
     {"Ann": (0, 0), "Bea": (0, 1), "Cal": (0, 1)}),
    ("auction", {"game_end": "hands:2"},
     [{"bidder": "Ann", "bid": 300, "trump": "C", "made": True},
      {"bidder": "Bea", "bid": 300, "trump": "C", "made": True}],
     {"Ann": (0, 1), "Bea": (0, 1), "Cal": (0, 0)}),
]  # fmt: skip


@pytest.mark.parametrize(("ruleset", "rules", "hands", "expected"), SHARED_DRAWS)
def test_only_the_sides_level_at_the_top_share_a_draw(
    app: Flask,
    ruleset: str,
    rules: dict[str, Any],
    hands: list[dict[str, Any]],
    expected: dict[str, tuple[int, int]],
) -> None:
    document = {"format": "pinochle-game/1", "ruleset": ruleset, "rules": rules,
                "sides": THREE, "hands": hands}  # fmt: skip
    with app.app_context():
        import_game(copy.deepcopy(document))
        figures = {entry.name: entry for entry in player_stats(Period())}
    assert {name: (e.wins, e.draws) for name, e in figures.items()} == expected
    behind = [name for name, (_, draws) in expected.items() if not draws]
    level = [name for name in expected if name not in behind]
    assert all(figures[name].rating < 1500 for name in behind)  # a loss to both leaders
    assert all(figures[name].rating > 1500 for name in level)

"""Stored outcomes (for statistics) always equal the engine's replay of the stored hands."""

from __future__ import annotations

import random

import pytest
from flask import Flask
from sqlalchemy import select, update

from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.gamefile import hand_to_document, to_document
from scorekeeper.engine.hand_score import MADE, MISDEAL, THROWN_IN
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.scoring import DRAW
from scorekeeper.engine.simulate import random_game
from scorekeeper.extensions import db
from scorekeeper.games.hands import add_hand, delete_hand, replace_hand, undo_last_hand
from scorekeeper.games.stored import replay_game
from scorekeeper.games.transfer import import_game, record_missing_outcomes
from scorekeeper.store import outcomes
from scorekeeper.store.models import BidOutcome, Game, GameOutcome, HandOutcome, PlayerOutcome
from tests.web.conftest import make_game


def assert_outcomes_match(game: Game) -> None:
    result = replay_game(game)
    rows = db.session.execute(
        select(HandOutcome)
        .where(HandOutcome.game_id == game.id)
        .order_by(HandOutcome.number, HandOutcome.side)
    ).scalars()
    stored = [(r.number, r.side, r.outcome, r.bidding, r.points, r.total, r.chips) for r in rows]
    expected = [
        (
            hand.number,
            side,
            hand.outcome,
            hand.bidder_side == side,
            hand.points[side],
            hand.totals[side],
            hand.chips[side] if hand.chips else None,
        )
        for hand in result.hands
        for side in range(len(game.sides))
    ]
    assert stored == expected
    shares = db.session.execute(
        select(PlayerOutcome).where(PlayerOutcome.game_id == game.id)
    ).scalars()
    engine = result.game
    stored_shares = {
        share.player_id: (share.side, share.hands, share.points, share.best_hand, share.bids)
        for share in shares
    }
    expected_shares = {}
    played = [hand for hand in result.hands if hand.outcome != MISDEAL]  # dealt again
    for seat in game.seats:
        side = seat.side
        bids = sum(hand.bidder == seat.player.name for hand in engine.hands)
        expected_shares[seat.player_id] = (
            side,
            len(played),
            sum(hand.points[side] for hand in played),
            max((hand.points[side] for hand in played), default=None),
            bids,
        )
    assert stored_shares == expected_shares
    outcome = db.session.get(GameOutcome, game.id)
    assert outcome is not None
    assert (outcome.hands, outcome.finished, outcome.went_out) == (
        len(result.hands),
        result.finished,
        result.went_out,
    )
    assert outcome.draw is (result.winner == DRAW)
    assert outcome.winner == (result.winner if result.winner != DRAW else None)


@pytest.mark.parametrize("name", list(PRESETS))
def test_outcomes_follow_every_change(app: Flask, name: str) -> None:
    rng = random.Random(name)
    with app.app_context():
        simulated = random_game(PRESETS[name], rng, hands=12)
        game = import_game(to_document(simulated))
        assert_outcomes_match(game)
        changed = 0
        for _ in range(8):  # random corrections, deletions and re-recordings
            number = rng.randint(1, max(1, len(game.hands)))
            action = rng.choice(["delete", "edit", "undo", "add"])
            try:
                if action == "delete" and game.hands:
                    delete_hand(game, number)
                elif action == "edit" and game.hands:
                    other = simulated.hands[rng.randrange(len(simulated.hands))]
                    replace_hand(game, number, hand_to_document(other))
                elif action == "undo" and game.hands:
                    undo_last_hand(game)
                elif action == "add":
                    other = simulated.hands[rng.randrange(len(simulated.hands))]
                    add_hand(game, hand_to_document(other))
            except PinochleError:
                db.session.rollback()  # refused: nothing changed
            else:
                changed += 1
            assert_outcomes_match(game)
        assert changed >= 3


def test_a_refused_change_leaves_the_outcomes(app: Flask) -> None:
    game_id = make_game(app)
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert game is not None
        add_hand(
            game,
            {"bidder": "Ann", "bid": 300, "trump": "H", "meld": [100, 60], "counters": [200, 50]},
        )
        with pytest.raises(PinochleError):
            add_hand(
                game,
                {"bidder": "Ann", "bid": 240, "trump": "H", "meld": [0, 0], "counters": [200, 50]},
            )
        db.session.rollback()
        assert_outcomes_match(game)


def test_games_stored_before_outcomes_get_them(app: Flask) -> None:
    game_id = make_game(app)
    with app.app_context():
        db.session.execute(GameOutcome.__table__.delete())
        db.session.commit()
        assert record_missing_outcomes() == 1
        game = db.session.get(Game, game_id)
        assert game is not None
        assert_outcomes_match(game)
        assert record_missing_outcomes() == 0


MADE_HAND = {"bidder": "Ann", "bid": 300, "trump": "H", "meld": [100, 60], "counters": [200, 50]}
SET_HAND = {"bidder": "Bea", "bid": 350, "trump": "S", "meld": [40, 120], "counters": [120, 130]}

# the rows a game's next hand finds missing -> the tables emptied first
MISSING_ROWS = [
    ("no result, no rows", (GameOutcome, HandOutcome, PlayerOutcome, BidOutcome)),
    ("a result, no hand rows", (HandOutcome,)),
]


@pytest.mark.parametrize(
    "tables", [case[1] for case in MISSING_ROWS], ids=[case[0] for case in MISSING_ROWS]
)
def test_a_hand_added_to_a_game_missing_rows_writes_them_all_again(
    app: Flask, tables: tuple[type, ...]
) -> None:
    """A game whose rows are missing (stored before the statistics tables, or its rows
    lost): its next hand writes every hand's rows again, not only its own."""
    game_id = make_game(app)
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert game is not None
        for hand in (MADE_HAND, SET_HAND):
            add_hand(game, hand)
        for table in tables:
            db.session.execute(table.__table__.delete())
        db.session.commit()
        add_hand(game, MADE_HAND)
        assert_outcomes_match(game)


def stored_rating_changes() -> dict[tuple[int, int], tuple[float | None, float | None]]:
    rows = db.session.execute(
        select(
            PlayerOutcome.game_id,
            PlayerOutcome.player_id,
            PlayerOutcome.rating_change,
            PlayerOutcome.ruleset_rating_change,
        )
    )
    return {(game, player): (change, own) for game, player, change, own in rows}


def assert_ratings_are_fresh() -> None:
    """The stored changes equal a rating of every game again from the start."""
    stored = stored_rating_changes()
    assert None not in {change for pair in stored.values() for change in pair}
    outcomes.rate_from(None)
    fresh = stored_rating_changes()
    db.session.rollback()
    assert stored.keys() == fresh.keys()
    for key, (change, own) in stored.items():
        assert change == pytest.approx(fresh[key][0], abs=1e-9), key
        assert own == pytest.approx(fresh[key][1], abs=1e-9), key


def test_ratings_follow_a_change_to_an_earlier_game(app: Flask) -> None:
    """Undoing, deleting and re-adding hands of one game moves every later rating."""
    rng = random.Random(7)
    with app.app_context():
        games = []
        for day in (5, 1, 9, 3):  # imported out of date order
            simulated = random_game(PRESETS[rng.choice(["partnership", "check"])], rng, hands=40)
            document = to_document(simulated)
            document["played_on"] = f"2026-03-0{day}"
            games.append((import_game(document), simulated))
        assert_ratings_are_fresh()
        for _ in range(10):
            game, simulated = rng.choice(games)
            if game.hands and rng.random() < 0.5:
                undo_last_hand(game)
            else:
                hand = simulated.hands[min(len(game.hands), len(simulated.hands) - 1)]
                try:
                    add_hand(game, hand_to_document(hand))
                except PinochleError:
                    db.session.rollback()
            assert_ratings_are_fresh()


def test_bid_outcomes_sum_the_hands(app: Flask) -> None:
    rng = random.Random(3)
    with app.app_context():
        for name in PRESETS:
            simulated = random_game(PRESETS[name], rng, hands=15)
            game = import_game(to_document(simulated))
            result = replay_game(game)
            levels: dict[int, list[int]] = {}
            for hand, scored in zip(result.game.hands, result.hands, strict=True):
                if hand.bid is None or scored.bidder_side is None:
                    continue
                row = levels.setdefault(PRESETS[name].bid_level(hand.bid), [0, 0, 0])
                row[0] += 1
                row[1] += scored.outcome == MADE
                if hand.counters is not None and scored.outcome != THROWN_IN:
                    row[2] += hand.counters[scored.bidder_side]
            stored = db.session.execute(
                select(BidOutcome).where(BidOutcome.game_id == game.id)
            ).scalars()
            assert {row.level: [row.bids, row.made, row.bidder_counters] for row in stored} == (
                levels
            ), name


def test_an_upgrade_records_and_rates_the_games_stored_before(app: Flask) -> None:
    """As after the migration that added bid outcomes and ratings: none stored yet."""
    rng = random.Random(9)
    with app.app_context():
        for _ in range(4):
            simulated = random_game(PRESETS["partnership"], rng, hands=40)
            import_game(to_document(simulated))
        db.session.execute(update(PlayerOutcome).values(rating_change=None))
        db.session.execute(GameOutcome.__table__.delete())
        db.session.execute(BidOutcome.__table__.delete())
        db.session.commit()
        assert record_missing_outcomes() == 4
        assert db.session.query(BidOutcome).count() > 0
        assert_ratings_are_fresh()
        assert any(change for change, _ in stored_rating_changes().values())

"""The house rules' hand fields (renege, misdeal, moon, time_called) are stored in the
hand table's columns and come back out: a game file imported, then exported, is the
same game; a hand added and corrected keeps them, and so does its history."""

from __future__ import annotations

import copy
from typing import Any

from flask import Flask

from scorekeeper.engine.gamefile import from_document, to_document
from scorekeeper.extensions import db
from scorekeeper.games.hands import add_hand, replace_hand
from scorekeeper.games.stored import get_game, replay_game
from scorekeeper.games.transfer import export_game, import_game
from scorekeeper.store.models import Hand

HOUSE: dict[str, Any] = {
    "format": "pinochle-game/1",
    "ruleset": "partnership",
    "rules": {"shoot_the_moon": "points:250", "lose_below": -1000, "game_end": "hands:6"},
    "sides": [
        {"name": "Us", "players": ["Ann", "Cal"]},
        {"name": "Them", "players": ["Bea", "Dan"]},
    ],
    "played_on": "2026-11-29",
    "hands": [
        {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "renege": 1},
        {"misdeal": True},
        {"bidder": "Bea", "bid": 250, "trump": "S", "meld": [60, 100], "renege": 0},
        {"bidder": "Dan", "bid": 250, "trump": "C", "meld": [60, 100], "counters": [0, 250],
         "moon": True},
        {"misdeal": True, "time_called": True},
    ],
}  # fmt: skip


def test_import_then_export_keeps_every_house_rules_field(app: Flask) -> None:
    with app.app_context():
        game = import_game(copy.deepcopy(HOUSE))
        rows = db.session.execute(db.select(Hand).order_by(Hand.number)).scalars().all()
        assert [(row.renege, row.misdeal, row.moon, row.time_called) for row in rows] == [
            (1, False, False, False),
            (None, True, False, False),
            (0, False, False, False),
            (None, False, True, False),
            (None, True, False, True),
        ]
        exported = export_game(get_game(game.id) or game)
    assert exported == to_document(from_document(HOUSE))
    assert exported["hands"] == HOUSE["hands"]
    with app.app_context():
        result = replay_game(get_game(game.id) or game)
        assert (result.ended_by, result.winner) == ("time_called", 1)


def test_a_hand_added_and_corrected_keeps_its_fields_and_history(app: Flask) -> None:
    document = {**copy.deepcopy(HOUSE), "hands": HOUSE["hands"][:2]}
    with app.app_context():
        game = import_game(document)
        add_hand(game, {"bidder": "Ann", "bid": 250, "trump": "D", "meld": [100, 60],
                                 "renege": 0, "time_called": True})  # fmt: skip
        game = get_game(game.id) or game
        assert replay_game(game).ended_by == "time_called"
        replace_hand(game, 3, {"bidder": "Ann", "bid": 250, "trump": "D",
                                        "meld": [100, 60], "renege": 1})  # fmt: skip
        game = get_game(game.id) or game
        edits = [(edit.action, edit.before, edit.after) for edit in game.edits]
        hands = export_game(game)["hands"]
    assert hands[2] == {"bidder": "Ann", "bid": 250, "trump": "D", "meld": [100, 60], "renege": 1}
    added, edited = edits[-2], edits[-1]
    assert added[0] == "added" and added[2]["renege"] == 0 and added[2]["time_called"] is True
    assert edited[0] == "edited" and edited[1] == added[2]
    assert edited[2]["renege"] == 1 and "time_called" not in edited[2]

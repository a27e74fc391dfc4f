"""A hand that arrives while its game is deleted, or while its club table is seated
again (issue 31, finding 6): 410 with the sentence, as a page, as the offline queue's
JSON and as the API's, never a 500, and nothing written.

The other phone's change is made deterministically: the hand's request has read the
game, and the change is made through a connection of its own just before the hand's
write takes the write lock (``games.hands.serialize``), as a red team's timing would.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorekeeper import create_app
from scorekeeper.club.events import import_event
from scorekeeper.engine.errors import GameError
from scorekeeper.extensions import db
from scorekeeper.games import hands
from scorekeeper.games.lifecycle import delete_game
from scorekeeper.games.stored import GameGoneError, engine_game, get_game
from scorekeeper.store.club_models import EventTable
from scorekeeper.store.models import Game, Hand
from tests.web.conftest import PLAYED_HAND, make_game, stored_game, test_app, tuesday_night
from tests.web.test_hands import MADE

API = "/api/v1"
PLAYERS = ["Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal"]


def _delete(other: Flask, game_id: int, _event: int | None) -> None:
    with other.app_context():
        game = get_game(game_id)
        assert game is not None
        delete_game(game)


def _seat_again(other: Flask, _game_id: int, event: int | None) -> None:
    """The director's program seats round 1 again (its tables' games, empty, replaced)."""
    tables = [{"table": 1, "seats": PLAYERS[:4]}, {"table": 2, "seats": PLAYERS[4:]}]
    answer = other.test_client().put(f"{API}/events/{event}/rounds/1", json={"tables": tables})
    assert answer.status_code == 200, answer.text


MEANWHILE: dict[str, Callable[[Flask, int, int | None], None]] = {
    "deleted": _delete,
    "seated again": _seat_again,
}


def _night(app: Flask) -> tuple[int, int]:
    """A club night with round 1 seated: its id and table 1's game."""
    with app.app_context():
        event = import_event(tuesday_night(PLAYERS)).id
    assert app.test_client().post(f"/events/{event}/rounds/1/seat").status_code == 302
    with app.app_context():
        table = db.session.execute(db.select(EventTable).order_by(EventTable.id)).scalars().first()
        assert table is not None and table.game_id is not None
        return event, table.game_id


def _bidder(app: Flask, game_id: int) -> str:
    """The player in the game's first seat."""
    with app.app_context():
        game = get_game(game_id)
        assert game is not None
        return engine_game(game).sides[0].players[0]


# the door a hand comes through: its request, by the game and the bidder's name
DOORS: dict[str, Callable[[Any, int, str], Any]] = {
    "the hand form": lambda client, game, bidder: client.post(
        f"/games/{game}/hands/new", data={**MADE, "bidder": bidder}
    ),
    "the offline queue": lambda client, game, bidder: client.post(
        f"/games/{game}/hands/new",
        data={**MADE, "bidder": bidder},
        headers={"Accept": "application/json"},
    ),
    "the API": lambda client, game, bidder: client.post(
        f"{API}/games/{game}/hands", json={**PLAYED_HAND, "bidder": bidder}
    ),
}


@pytest.mark.database
@pytest.mark.parametrize("door", list(DOORS))
@pytest.mark.parametrize("meanwhile", list(MEANWHILE))
def test_a_hand_whose_game_went_meanwhile_is_410(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, door: str, meanwhile: str
) -> None:
    app = test_app(tmp_path / "gone.db")
    other = create_app(dict(app.config))  # the other phone: a connection of its own
    if meanwhile == "seated again":
        event, game_id = _night(app)
    else:
        event, game_id = None, make_game(app)
    bidder = _bidder(app, game_id)
    real = hands.serialize
    calls: list[str] = []

    def lock_after_the_other_phone(name: str) -> None:
        if not calls:
            MEANWHILE[meanwhile](other, game_id, event)
        calls.append(name)
        real(name)

    monkeypatch.setattr(hands, "serialize", lock_after_the_other_phone)
    answer = DOORS[door](app.test_client(), game_id, bidder)
    assert calls, "the hand never reached its write"
    assert answer.status_code == 410, answer.text[-500:]
    if door == "the hand form":
        assert "That game was deleted: nothing was saved." in answer.text
    else:
        assert answer.json["error"] == "game_deleted"
    with app.app_context():
        assert db.session.get(Game, game_id) is None
        assert db.session.execute(db.select(db.func.count()).select_from(Hand)).scalar() == 0


@pytest.mark.database
def test_a_game_read_before_it_was_deleted_is_gone_not_a_500(tmp_path: Path) -> None:
    """The game's row went while what was read of it had expired (a retry after a
    conflict): its refresh finds no row, and the change is ``GameGoneError``."""
    app = test_app(tmp_path / "gone.db")
    other = create_app(dict(app.config))
    game_id = make_game(app)
    with app.app_context():
        game = get_game(game_id)
        assert game is not None
        db.session.expire(game)
        _delete(other, game_id, None)
        with pytest.raises(GameGoneError):
            hands.add_hand(game, {**PLAYED_HAND})


@pytest.mark.database
def test_a_hand_deleted_meanwhile_is_a_change_made_meanwhile(tmp_path: Path) -> None:
    """Only the hand's row went (another phone deleted it): the game is still there, so
    the correction meets "changed meanwhile", not "deleted"."""
    app = test_app(tmp_path / "gone.db")
    other = create_app(dict(app.config))
    game_id = make_game(app)
    with app.app_context():
        hands.add_hand(stored_game(app, game_id), {**PLAYED_HAND})
        hands.add_hand(stored_game(app, game_id), {**PLAYED_HAND, "bid": 310})
    with app.app_context():
        game = get_game(game_id)
        assert game is not None
        db.session.expire(game.hands[1])
        with other.app_context():
            there = get_game(game_id)
            assert there is not None
            hands.delete_hand(there, 2)
        with pytest.raises(GameError, match="changed on another phone"):
            hands.replace_hand(game, 2, {**PLAYED_HAND, "bid": 320})

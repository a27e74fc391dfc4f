"""Several server processes on one database (PostgreSQL, or one SQLite file under
gunicorn): a write that depends on what it read first (the first owner, the last
owner, the chained ratings) waits for the other process's, and then reads what it
wrote.

Two apps on one schema stand for two processes (each has its own connections). The
other process holds the lock in an open transaction while this one's write is
started in a thread: it must still be waiting a while later, and once the other
commits, finish on what the other committed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as StillWaiting
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorekeeper.accounts.users import (
    AccountError,
    all_users,
    create_first_owner,
    create_user,
    delete_user,
    user_named,
)
from scorekeeper.club.events import get_event, import_event
from scorekeeper.club.rounds import close_round
from scorekeeper.club.seating import record_seating
from scorekeeper.engine.errors import GameError
from scorekeeper.extensions import db
from scorekeeper.games.hands import add_hand, delete_hand
from scorekeeper.games.lifecycle import delete_game
from scorekeeper.games.stored import get_game, replay_game
from scorekeeper.store.club_models import EventTable
from scorekeeper.store.locks import serialize, serialize_night
from scorekeeper.store.models import ClubMember, User, utcnow
from tests.web.conftest import PLAYED_HAND, played_game, stored_game, test_app, tuesday_night
from tests.web.test_outcomes import assert_ratings_are_fresh

pytestmark = pytest.mark.database  # every test here makes its own database

PASSWORD = "a long enough password"
WAIT = 0.5  # seconds a waiting write is watched for


@pytest.fixture
def apps(tmp_path: Path) -> tuple[Flask, Flask]:
    """This process's app and another process's, on one database."""
    return test_app(tmp_path / "club.db"), test_app(tmp_path / "club.db")


@pytest.fixture
def start() -> Iterator[Callable[[Flask, Callable[[], Any]], Future[Any]]]:
    """``start(app, action)``: ``action`` begun in a thread, in an app context of ``app``."""
    with ThreadPoolExecutor(max_workers=1) as pool:

        def begin(app: Flask, action: Callable[[], Any]) -> Future[Any]:
            def run() -> Any:
                with app.app_context():
                    return action()

            return pool.submit(run)

        yield begin


def waits(write: Future[Any]) -> bool:
    try:
        write.result(timeout=WAIT)
    except StillWaiting:
        return True
    return False


def test_a_first_owner_waits_for_the_other_processes_first_owner(
    apps: tuple[Flask, Flask], start: Callable[[Flask, Callable[[], Any]], Future[Any]]
) -> None:
    here, there = apps
    with there.app_context():
        serialize("owners")  # there, the first visitor is becoming the owner
        db.session.add(User(name="Olga", password_hash="-", memberships=[ClubMember(role="owner")]))
        db.session.flush()
        write = start(here, lambda: create_first_owner("Sam", PASSWORD))
        assert waits(write)
        db.session.commit()
    with pytest.raises(AccountError, match="already has its owner"):
        write.result(timeout=10)
    with here.app_context():
        assert [user.name for user in all_users()] == ["Olga"]


def test_the_last_owner_stays_when_the_other_process_demotes_the_other_owner(
    apps: tuple[Flask, Flask], start: Callable[[Flask, Callable[[], Any]], Future[Any]]
) -> None:
    here, there = apps
    with here.app_context():
        create_user("Olga", PASSWORD, "owner")
        create_user("Sam", PASSWORD, "owner")
    with there.app_context():
        serialize("owners")  # there, Olga is being made a scorekeeper
        olga = user_named("Olga")
        assert olga is not None
        olga.memberships[0].role = "scorekeeper"  # (her role in the club)
        db.session.flush()

        def remove_sam() -> None:
            sam = user_named("Sam")
            assert sam is not None
            delete_user(sam)

        write = start(here, remove_sam)
        assert waits(write)
        db.session.commit()
    with pytest.raises(AccountError, match="last owner cannot be removed"):
        write.result(timeout=10)
    with here.app_context():
        assert {user.name: user.role for user in all_users()} == {
            "Olga": "scorekeeper",
            "Sam": "owner",
        }


FINISHING = 4  # PLAYED_HAND's fifth hand takes Us past the partnership target


def test_ratings_chain_from_what_the_other_process_rated(
    apps: tuple[Flask, Flask], start: Callable[[Flask, Callable[[], Any]], Future[Any]]
) -> None:
    """Both games end at once, one in each process: each game's result moves the
    ratings of the later one, so the second re-rating starts from the first's."""
    here, there = apps
    earlier, later = played_game(here, FINISHING), played_game(here, FINISHING)
    with there.app_context():
        serialize("ratings")  # there, the earlier game is about to end
        write = start(here, lambda: add_hand(stored_game(here, later), PLAYED_HAND))
        assert waits(write)
        assert add_hand(stored_game(there, earlier), PLAYED_HAND).finished
    assert write.result(timeout=10).finished
    with here.app_context():
        assert_ratings_are_fresh()


def test_deleting_a_game_waits_for_the_ratings_before_it_deletes(
    apps: tuple[Flask, Flask], start: Callable[[Flask, Callable[[], Any]], Future[Any]]
) -> None:
    """The deleted game's outcomes go only once the lock is had: the other process,
    re-rating from an earlier game with the lock, never waits on them (a deadlock)."""
    here, there = apps
    earlier, doomed = played_game(here, FINISHING), played_game(here, FINISHING + 1)
    with there.app_context():
        serialize("ratings")  # there, the earlier game is about to end
        write = start(here, lambda: delete_game(stored_game(here, doomed)))
        assert waits(write)
        assert add_hand(stored_game(there, earlier), PLAYED_HAND).finished
    write.result(timeout=10)
    with here.app_context():
        assert get_game(doomed) is None
        assert_ratings_are_fresh()


def _night_with_a_finished_table(app: Flask) -> tuple[int, int]:
    """A club night with round 1 seated and table 1's game played to its end: the
    night's id and that game's."""
    with app.app_context():
        event = import_event(tuesday_night(["Ann", "Bea", "Cal", "Dan"], rounds=1))
        record_seating(event, 1, {"tables": [{"table": 1, "seats": ["Ann", "Bea", "Cal", "Dan"]}]})
        table = db.session.execute(db.select(EventTable)).scalar_one()
        assert table.game_id is not None
        event_id, game_id = event.id, table.game_id
    for _ in range(FINISHING + 1):
        with app.app_context():
            add_hand(stored_game(app, game_id), {**PLAYED_HAND, "bidder": "Ann"})
    with app.app_context():
        assert replay_game(stored_game(app, game_id)).finished
    return event_id, game_id


def test_closing_a_round_waits_for_a_hand_change_at_its_tables(
    apps: tuple[Flask, Flask], start: Callable[[Flask, Callable[[], Any]], Future[Any]]
) -> None:
    """Issue 31: closing took the seating lock and a hand change the ratings lock, so on
    PostgreSQL a round closed without a reason (its table finished) while the table's
    last hand was deleted (its game unfinished again). The close now waits for the
    change, then reads the table playing and asks for the reason. (On SQLite every
    lock is the one write lock, so this proves the fix under ``make test-postgres``.)"""
    here, there = apps
    event_id, game_id = _night_with_a_finished_table(here)
    with there.app_context():
        serialize("ratings")  # there, the table's last hand is being deleted

        def close() -> None:
            event = get_event(event_id)
            assert event is not None
            close_round(event, 1)

        write = start(here, close)
        assert waits(write)
        game = stored_game(there, game_id)
        delete_hand(game, len(game.hands))
    with pytest.raises(GameError, match="table 1 is still playing"):
        write.result(timeout=10)
    with here.app_context():
        event = get_event(event_id)
        assert event is not None and event.rounds[0].closed_at is None


def test_a_hand_change_waits_for_its_round_being_closed(
    apps: tuple[Flask, Flask], start: Callable[[Flask, Callable[[], Any]], Future[Any]]
) -> None:
    """The other interleaving: the round is being closed there; a hand deleted here
    without the director's reason waits, then finds the round closed and is refused."""
    here, there = apps
    event_id, game_id = _night_with_a_finished_table(here)
    with there.app_context():
        serialize_night()  # there, round 1 is being closed (as close_round takes its locks)
        event = get_event(event_id)
        assert event is not None
        event.rounds[0].closed_at = utcnow()
        db.session.flush()

        def delete_last() -> None:
            game = stored_game(here, game_id)
            delete_hand(game, len(game.hands))

        write = start(here, delete_last)
        assert waits(write)
        db.session.commit()
    with pytest.raises(GameError, match="closed"):
        write.result(timeout=10)
    with here.app_context():
        assert replay_game(stored_game(here, game_id)).finished

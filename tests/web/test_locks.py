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
from scorekeeper.extensions import db
from scorekeeper.games.hands import add_hand
from scorekeeper.games.lifecycle import delete_game
from scorekeeper.games.stored import get_game
from scorekeeper.store.locks import serialize
from scorekeeper.store.models import User
from tests.web.conftest import PLAYED_HAND, played_game, stored_game, test_app
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
        db.session.add(User(name="Olga", password_hash="-", role="owner"))
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
        olga.role = "scorekeeper"
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

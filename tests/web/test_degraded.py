"""Degraded, not down (issue 22, items 2 and 6): a full disk or a read-only database
answers writes with 503 and a sentence saying so; reads, the score sheets already
stored, the API's reads and a login with the right password go on; ``/health`` says
``degraded``; writes work again as soon as the database does, with no restart. And a
read never waits for a write: a token's last use is skipped while the lock is held.

The database refuses writes here the way it would (``Refusing``): each write statement
fails with the driver's own error for a full disk (SQLite's ``SQLITE_FULL``,
PostgreSQL's ``53100``) or a read-only database (``SQLITE_READONLY``, ``25006``). A
real full and read-only disk (a small tmpfs) is in ``test_degraded_disk.py``.
"""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, select

from scorekeeper import create_app
from scorekeeper.accounts.links import create_api_token
from scorekeeper.accounts.logins import UNRECORDED
from scorekeeper.accounts.users import THROTTLE_FAILURES, create_user
from scorekeeper.cli.serve import prepare_database
from scorekeeper.extensions import db
from scorekeeper.store.models import ApiToken, Hand, LoginFailure
from scorekeeper.store.writable import DISK_FULL, READ_ONLY
from tests.databases import database_url
from tests.web.conftest import PLAYED_HAND, played_game, test_app
from tests.web.test_big_games import held_write_lock
from tests.web.test_hands import MADE

pytestmark = pytest.mark.database  # every test here makes its own database

OWNER = ("Olga", "a long enough password")
SAID = {
    DISK_FULL: "The server cannot write: its disk is full. Nothing was saved; everything "
    "already saved is safe and can be read.",
    READ_ONLY: "The server cannot write: its database is read-only. Nothing was saved; "
    "everything already saved is safe and can be read.",
}
HEALTH = {
    DISK_FULL: "degraded: the database cannot be written: its disk is full\n",
    READ_ONLY: "degraded: the database cannot be written: it is read-only\n",
}
WRITES = ("INSERT", "UPDATE", "DELETE")


class Refusing:
    """Every write statement of ``app``'s database refused, as a full disk or a
    read-only database refuses it, while ``reason`` is set."""

    def __init__(self, app: Flask, reason: str | None = None) -> None:
        self.reason = reason
        with app.app_context():
            self.engine = db.engine
        for name in ("do_execute", "do_executemany", "do_execute_no_params"):
            event.listen(self.engine, name, self.statement)

    def statement(self, cursor: Any, statement: str, *_rest: Any) -> None:
        if self.reason and statement.lstrip().upper().startswith(WRITES):
            raise self.error()

    def error(self) -> Exception:
        if self.engine.dialect.name == "postgresql":
            import psycopg.errors

            code = "53100" if self.reason == DISK_FULL else "25006"
            return psycopg.errors.lookup(code)("refused (the test's disk)")
        full = self.reason == DISK_FULL
        error = sqlite3.OperationalError(
            "database or disk is full" if full else "attempt to write a readonly database"
        )
        error.sqlite_errorcode = 13 if full else 8  # type: ignore[attr-defined]
        error.sqlite_errorname = "SQLITE_FULL" if full else "SQLITE_READONLY"  # type: ignore[attr-defined]
        return error


@pytest.fixture
def club(tmp_path: Path) -> Iterator[tuple[Flask, int, str]]:
    """Logins on (CSRF off), an owner with an API token, a game of two hands, its PDF
    sheet rendered once."""
    app = test_app(tmp_path / "club.db", LOGIN_DISABLED=False)
    with app.app_context():
        owner = create_user(*OWNER, "owner")
        token = create_api_token(owner, "club website")[1]
    game_id = played_game(app, 2)
    UNRECORDED.clear()
    yield app, game_id, token
    UNRECORDED.clear()


def logged_in(app: Flask) -> FlaskClient:
    client = app.test_client()
    answer = client.post("/login", data={"name": OWNER[0], "password": OWNER[1]})
    assert answer.status_code == 302, answer.text
    return client


def hands(app: Flask, game_id: int) -> int:
    with app.app_context():
        return len(db.session.execute(select(Hand).where(Hand.game_id == game_id)).all())


@pytest.mark.parametrize("reason", [DISK_FULL, READ_ONLY])
def test_writes_get_503_saying_why_and_reads_and_logins_go_on(
    club: tuple[Flask, int, str], reason: str
) -> None:
    app, game_id, token = club
    client = logged_in(app)
    assert client.get(f"/games/{game_id}/sheet.pdf").status_code == 200  # stored now
    api = {"Authorization": f"Bearer {token}"}
    refusing = Refusing(app, reason)

    # reads: the scoreboard, the stored sheet, the API (its token's use not written)
    assert client.get(f"/games/{game_id}").status_code == 200
    assert client.get(f"/games/{game_id}/sheet.pdf").status_code == 200
    assert client.get(f"/api/v1/games/{game_id}", headers=api).status_code == 200

    # writes: 503, the sentence, Retry-After; nothing saved
    page = client.post(f"/games/{game_id}/hands/new", data=MADE)
    assert page.status_code == 503 and SAID[reason] in page.text
    assert int(page.headers["Retry-After"]) > 0
    queued = client.post(
        f"/games/{game_id}/hands/new",
        data={**MADE, "idempotency_key": "queued-1"},
        headers={"Accept": "application/json"},
    )
    assert queued.status_code == 503 and queued.headers["Retry-After"]
    assert queued.json == {"error": "cannot_write", "messages": [SAID[reason]]}
    answer = client.post(
        f"/api/v1/games/{game_id}/hands", json={**PLAYED_HAND, "bid": 310}, headers=api
    )
    assert answer.status_code == 503 and answer.headers["Retry-After"]
    assert answer.json == {"error": "cannot_write", "message": SAID[reason]}
    assert hands(app, game_id) == 2
    assert client.get("/health").text == HEALTH[reason]

    # logins: the right password logs in; wrong ones are refused, and throttled
    other = app.test_client()
    assert other.post("/login", data={"name": OWNER[0], "password": OWNER[1]}).status_code == 302
    assert other.get("/").status_code == 200
    guesser = app.test_client()
    wrong = [
        guesser.post("/login", data={"name": OWNER[0], "password": "a guess"}).status_code
        for _ in range(THROTTLE_FAILURES + 1)
    ]
    assert wrong == [400] * THROTTLE_FAILURES + [429]

    # the disk is back: writes work at once, in the same process
    refusing.reason = None
    # the failures counted in memory meanwhile still count: the guesser is still throttled
    again = guesser.post("/login", data={"name": OWNER[0], "password": "a guess"})
    assert again.status_code == 429
    assert UNRECORDED.unwritten == []  # written down: any server process counts them now
    with app.app_context():
        stored = db.session.execute(select(LoginFailure.name)).scalars().all()
        assert stored.count(OWNER[0]) == THROTTLE_FAILURES
    assert client.post(f"/games/{game_id}/hands/new", data=MADE).status_code == 302
    assert hands(app, game_id) == 3
    assert client.get("/health").text == "ok\n"


def test_a_server_started_read_only_serves_reads_until_it_can_write(tmp_path: Path) -> None:
    """``scorekeeper serve`` (``prepare_database``) says at start that the database
    cannot be written; reads and logins work; writes work once it can be written."""
    config = {
        "SECRET_KEY": "test",
        "WTF_CSRF_ENABLED": False,
        "SQLALCHEMY_DATABASE_URI": database_url(tmp_path / "ro.db"),
    }
    first = create_app(config)
    assert prepare_database(first).cannot_write is None
    with first.app_context():
        create_user(*OWNER, "owner")
    game_id = played_game(first, 1)
    app = create_app(config)  # started again, on a database it cannot write
    refusing = Refusing(app, READ_ONLY)
    state = prepare_database(app)
    assert state.cannot_write == READ_ONLY
    assert "Warning: the database cannot be written: it is read-only." in str(state)
    assert app.test_client().get("/health").text == HEALTH[READ_ONLY]
    client = logged_in(app)
    assert client.get(f"/games/{game_id}").status_code == 200
    assert client.post(f"/games/{game_id}/hands/new", data=MADE).status_code == 503
    refusing.reason = None
    assert client.post(f"/games/{game_id}/hands/new", data=MADE).status_code == 302
    assert hands(app, game_id) == 2
    assert app.test_client().get("/health").text == "ok\n"


# --- reads never wait for writes (item 6) -----------------------------------------------------


@pytest.mark.alone  # a read's time (< 1 s) while a writer holds the lock
def test_an_api_read_with_a_token_unused_for_an_hour_does_not_wait_for_a_writer(
    club: tuple[Flask, int, str], tmp_path: Path
) -> None:
    app, game_id, token = club
    app.config["DATABASE_LOCK_TIMEOUT"] = 2.0
    other = test_app(tmp_path / "club.db")
    client = app.test_client()
    with held_write_lock(other):
        start = time.monotonic()
        answer = client.get(
            f"/api/v1/games/{game_id}", headers={"Authorization": f"Bearer {token}"}
        )
        took = time.monotonic() - start
    assert answer.status_code == 200
    assert took < 1.0, took
    with app.app_context():  # written on a later request, once the lock is free
        assert db.session.execute(select(ApiToken.last_used_at)).scalar_one() is None
    client.get(f"/api/v1/games/{game_id}", headers={"Authorization": f"Bearer {token}"})
    with app.app_context():
        assert db.session.execute(select(ApiToken.last_used_at)).scalar_one() is not None


def test_the_queues_post_gets_json_when_the_database_is_busy(tmp_path: Path) -> None:
    app = test_app(tmp_path / "busy.db", DATABASE_LOCK_TIMEOUT=0.2)
    other = test_app(tmp_path / "busy.db")
    game_id = played_game(app, 1)
    with held_write_lock(other):
        answer = app.test_client().post(
            f"/games/{game_id}/hands/new",
            data={**MADE, "idempotency_key": "queued-2"},
            headers={"Accept": "application/json"},
        )
    assert answer.status_code == 503 and answer.headers["Retry-After"]
    assert answer.json["error"] == "busy"
    assert re.match("The server is busy", answer.json["messages"][0])

"""Shared fixtures: the worked cases copied from the rulebook's repository, an instance
folder, and a fresh database for each app a test makes.

The databases are SQLite files, or, when ``SCOREKEEPER_TEST_POSTGRES`` names a
PostgreSQL server (``make test-postgres``), a schema on it for each path a test's
SQLite file would have (``database_url``): every connection to its URL (the app's,
Alembic's, a served subprocess's given ``DATABASE_URL``) works in that schema only.
"""

from __future__ import annotations

import functools
import json
import os
import secrets
import shutil
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, event, inspect, make_url, text
from sqlalchemy.pool import NullPool, Pool

from scorekeeper.extensions import db

POSTGRES = "SCOREKEEPER_TEST_POSTGRES"  # e.g. postgresql+psycopg://postgres@127.0.0.1:5432/postgres

CASES = Path(__file__).parent / "data" / "cases"
# auction pinochle's worked cases (ours, not a copy of ../shared/cases)
AUCTION_CASES = Path(__file__).parent / "data" / "auction"
SHARED_CASES = Path(__file__).resolve().parents[2] / "shared" / "cases"


def load_case(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def case_files(folder: str) -> list[Path]:
    return sorted((CASES / folder).glob("*.json"))


def assert_matches_case(document: dict[str, Any], expect: dict[str, Any]) -> None:
    """A replay document (``scorekeeper score --json``) says what a game case expects."""
    hands = document["hands"]
    assert document["totals"] == expect["totals"]
    assert document["finished"] is expect["finished"]
    assert document["went_out"] == expect["went_out"]
    assert document["winner"] == expect["winner"]
    assert [hand["outcome"] for hand in hands] == expect["outcomes"]
    assert [hand["points"] for hand in hands] == expect["points"]
    assert [hand["number"] for hand in hands] == list(range(1, len(hands) + 1))
    if "chips" in expect:
        assert document["chips"] == expect["chips"]
        assert [hand["chips"] for hand in hands] == expect["hand_chips"]
    else:
        assert document["chips"] is None
        assert all("chips" not in hand for hand in hands)
    if "kitty" in expect:  # auction pinochle: the kitty's balance, and its chips per hand
        assert document["kitty"] == expect["kitty"]
        assert [hand.get("kitty") for hand in hands] == expect.get(
            "hand_kitty", [None] * len(hands)
        )
    else:
        assert "kitty" not in document


# --- the databases ----------------------------------------------------------------------


def on_postgres() -> bool:
    """Whether the tests' databases are PostgreSQL schemas (else SQLite files)."""
    return bool(os.environ.get(POSTGRES))


sqlite_only = pytest.mark.skipif(on_postgres(), reason="about SQLite's own file and settings")


_SCHEMAS: dict[Path, str] = {}  # the PostgreSQL schema made for each path


def database_url(sqlite_file: Path) -> str:
    """The URL of the database ``sqlite_file`` stands for: the file, or on PostgreSQL a
    schema of its own, made (empty) on first use. A new path is a fresh database, the
    same path the same database, on either."""
    server = os.environ.get(POSTGRES)
    if not server:
        return f"sqlite:///{sqlite_file}"
    if sqlite_file not in _SCHEMAS:
        schema = f"t_{secrets.token_hex(8)}"
        with _postgres().begin() as connection:
            connection.execute(text(f"CREATE SCHEMA {schema}"))
        url = make_url(server).update_query_dict({"options": f"-csearch_path={schema}"})
        _SCHEMAS[sqlite_file] = url.render_as_string(hide_password=False)
    return _SCHEMAS[sqlite_file]


def untouched(sqlite_file: Path) -> bool:
    """Whether the database ``sqlite_file`` stands for was never made: no such file, or a
    schema without tables."""
    if not on_postgres():
        return not sqlite_file.exists()
    engine = create_engine(database_url(sqlite_file), poolclass=NullPool)
    try:
        return inspect(engine).get_table_names() == []
    finally:
        engine.dispose()


def copied_database(source: str, sqlite_file: Path) -> str:
    """The URL of the new database ``sqlite_file`` stands for, holding a copy of the
    tables and rows of the database at ``source`` (a ``database_url``)."""
    if not on_postgres():
        shutil.copy(make_url(source).database or "", sqlite_file)
        return f"sqlite:///{sqlite_file}"
    target = database_url(sqlite_file)
    engine = create_engine(target, poolclass=NullPool)
    try:
        with engine.begin() as connection:
            db.metadata.create_all(connection)
            for table in db.metadata.sorted_tables:
                connection.execute(
                    text(f"INSERT INTO {table.name} SELECT * FROM {_schema(source)}.{table.name}")
                )
                column = table.autoincrement_column  # its sequence skipped the copied ids
                if column is not None:
                    connection.execute(
                        text(
                            f"SELECT setval(pg_get_serial_sequence('{table.name}', "
                            f"'{column.name}'), COALESCE((SELECT MAX({column.name}) "
                            f"FROM {table.name}), 0) + 1, false)"
                        )
                    )
    finally:
        engine.dispose()
    return target


def _schema(url: str) -> str:
    options = make_url(url).query["options"]
    assert isinstance(options, str) and options.startswith("-csearch_path=")
    return options.removeprefix("-csearch_path=")


@functools.cache
def _postgres() -> Engine:
    """The server named by ``SCOREKEEPER_TEST_POSTGRES`` (a connection per use)."""
    return create_engine(os.environ[POSTGRES], poolclass=NullPool)


# every connection pool a test (or a fixture) used, emptied after the test: the apps'
# pools would otherwise keep PostgreSQL connections open until collected (and the ones
# given back to a pool after ``engine.dispose()`` replaced it, until the end)
_USED: set[Pool] = set()


@event.listens_for(Engine, "engine_connect")
def _remember(connection: Any) -> None:
    _USED.add(connection.engine.pool)


@pytest.fixture(autouse=True)
def _close_connections() -> Iterator[None]:
    yield
    while _USED:
        _USED.pop().dispose()


@pytest.fixture
def instance(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty instance folder the app and the commands will use; ``DATABASE_URL`` unset
    (the instance's SQLite file), or a fresh PostgreSQL schema's."""
    folder = tmp_path / "instance"
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(folder))
    if on_postgres():
        monkeypatch.setenv("DATABASE_URL", database_url(folder / "scorekeeper.db"))
    else:
        monkeypatch.delenv("DATABASE_URL", raising=False)
    return folder


# --- a club night round's clock (club.clock.now), set by the test ---------------------------

SEATED = datetime(2026, 12, 1, 19, 0)  # when the tests' rounds are seated


class Wall:
    """``club.clock.now`` as the test sets it, from ``SEATED`` on as the night goes."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from scorekeeper.club import clock

        self.time = SEATED
        monkeypatch.setattr(clock, "now", lambda: self.time)

    def at(self, minutes: int, seconds: int = 0) -> None:
        self.time = SEATED + timedelta(minutes=minutes, seconds=seconds)


@pytest.fixture
def wall(monkeypatch: pytest.MonkeyPatch) -> Wall:
    return Wall(monkeypatch)

"""The tests' databases, and the ``database`` marker that says which tests use one.

The databases are SQLite files, or, when ``SCOREKEEPER_TEST_POSTGRES`` names a
PostgreSQL server (``make test-postgres``), a schema on it for each path a test's
SQLite file would have (``database_url``): every connection to its URL (the app's,
Alembic's, a served subprocess's given ``DATABASE_URL``) works in that schema only.

A test that uses a database is marked ``database``: by hand (``pytestmark``), or
without a word when it asks for one of ``DATABASE_FIXTURES``. ``make test-postgres``
runs only those (``-m database``); the rest never open a database, so running them
again there would test nothing new. A test that touches a database unmarked (asks for
a URL here, or connects on the test's own thread) fails, so the PostgreSQL run cannot
silently lose it (docs/testing.md).

Each worker process (``pytest -n``) has its own databases: the SQLite files live under
the test's ``tmp_path``, and the PostgreSQL schemas have random names.
"""

from __future__ import annotations

import functools
import os
import secrets
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, create_mock_engine, event, inspect, make_url, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import NullPool, Pool

from scorekeeper.extensions import db

POSTGRES = "SCOREKEEPER_TEST_POSTGRES"  # e.g. postgresql+psycopg://postgres@127.0.0.1:5432/postgres

# a test asking for one of these uses a database: it is marked ``database`` for it
DATABASE_FIXTURES = frozenset({"app", "client", "csrf_app", "instance", "live_server"})


def on_postgres() -> bool:
    """Whether the tests' databases are PostgreSQL schemas (else SQLite files)."""
    return bool(os.environ.get(POSTGRES))


sqlite_only = pytest.mark.skipif(on_postgres(), reason="about SQLite's own file and settings")


_SCHEMAS: dict[Path, str] = {}  # the PostgreSQL schema made for each path


def database_url(sqlite_file: Path) -> str:
    """The URL of the database ``sqlite_file`` stands for: the file, or on PostgreSQL a
    schema of its own, made (empty) on first use. A new path is a fresh database, the
    same path the same database, on either."""
    _touched(f"database_url({sqlite_file.name})")
    server = os.environ.get(POSTGRES)
    if not server:
        return f"sqlite:///{sqlite_file}"
    if sqlite_file not in _SCHEMAS:
        schema = f"t_{secrets.token_hex(8)}"
        with _postgres().begin() as connection:
            connection.execute(text(f"CREATE SCHEMA {schema}"))
        _SCHEMAS[sqlite_file] = _in_schema(server, schema)
    return _SCHEMAS[sqlite_file]


def tables_url(sqlite_file: Path) -> str | None:
    """The URL of a new database for ``sqlite_file`` with the app's tables made and
    empty (as ``db.create_all()`` makes them, in a few milliseconds instead of ~50);
    None when that database exists already (then it is the caller's to use as it is).

    SQLite: a copy of a file this process made once. PostgreSQL: a new schema made
    with the tables' DDL in one round trip."""
    _touched(f"tables_url({sqlite_file.name})")
    server = os.environ.get(POSTGRES)
    if not server:
        if sqlite_file.exists():
            return None
        shutil.copy(_sqlite_template(), sqlite_file)
        return f"sqlite:///{sqlite_file}"
    if sqlite_file in _SCHEMAS:
        return None
    _SCHEMAS[sqlite_file] = _in_schema(server, _tables_schema())
    return _SCHEMAS[sqlite_file]


# PostgreSQL: the schemas made with the app's tables, and those of them whose test is
# over, used again emptied (their rows deleted, their sequences back at 1) rather than
# made anew: the tables' DDL costs the server ~60 ms a test, and 2,000 schemas of 24
# tables each slow its catalog down as the run goes on
_TABLED: set[str] = set()
# each released schema with when it was released: used again only after REST seconds, so
# that whatever its test started and left to end (a served subprocess being killed, a
# connection closed late) has stopped writing to it before another test empties it
_FREE: list[tuple[float, str]] = []
REST = 5.0
LOCK_NOT_AVAILABLE = "55P03"  # PostgreSQL's SQLSTATE when lock_timeout runs out


def _tables_schema() -> str:
    """A schema with the app's tables, empty: a free one emptied, else a new one."""
    while _FREE and time.monotonic() - _FREE[0][0] >= REST:
        _released, schema = _FREE.pop(0)
        try:
            with _postgres().begin() as connection:
                connection.exec_driver_sql(
                    f"SET LOCAL search_path TO {schema}; SET LOCAL lock_timeout = '2s';\n"
                    + _postgres_emptying()
                )
            return schema
        except DBAPIError as error:
            if getattr(error.orig, "sqlstate", None) != LOCK_NOT_AVAILABLE:
                raise
            continue  # a connection its test left open holds a lock: not that one
    schema = f"t_{secrets.token_hex(8)}"
    with _postgres().begin() as connection:
        connection.exec_driver_sql(
            f"CREATE SCHEMA {schema}; SET LOCAL search_path TO {schema};\n" + _postgres_ddl()
        )
    _TABLED.add(schema)
    return schema


@functools.cache
def _postgres_emptying() -> str:
    """The statements that empty a schema of the app's tables: every row deleted (the
    foreign keys' checks off for it), every id's sequence back at 1, then the default
    club's row again."""
    from scorekeeper.store.models import DEFAULT_CLUB_ROW

    tables = _models().sorted_tables
    statements = ["SET LOCAL session_replication_role = replica"]
    statements += [f"DELETE FROM {table.name}" for table in reversed(tables)]
    for table in tables:
        column = table.autoincrement_column
        if column is not None:
            statements.append(
                f"SELECT setval(pg_get_serial_sequence('{table.name}', '{column.name}'), 1, false)"
            )
    statements.append(DEFAULT_CLUB_ROW)  # as create_all leaves it: the default club, id 1
    return ";\n".join(statements)


def release(folder: Path) -> None:
    """The databases of the paths under ``folder`` are done with (their test is over):
    on PostgreSQL, a schema with the app's tables goes back to be used again, emptied.
    Called after each test for its ``tmp_path``."""
    for path in [path for path in _SCHEMAS if path.is_relative_to(folder)]:
        schema = _schema(_SCHEMAS.pop(path))
        if schema in _TABLED:
            _FREE.append((time.monotonic(), schema))


def _in_schema(server: str, schema: str) -> str:
    url = make_url(server).update_query_dict({"options": f"-csearch_path={schema}"})
    return url.render_as_string(hide_password=False)


def _models() -> Any:
    """Every table of the app (the club's are in a module of their own)."""
    import scorekeeper.store.club_models
    import scorekeeper.store.models  # noqa: F401

    return db.metadata


@functools.cache
def _sqlite_template() -> Path:
    """A SQLite file with the app's tables, empty; made once per process."""
    path = Path(tempfile.mkdtemp(prefix="scorekeeper-tables-")) / "tables.db"
    engine = create_engine(f"sqlite:///{path}", poolclass=NullPool)
    try:
        _models().create_all(engine)
    finally:
        engine.dispose()  # the last connection's close folds the write-ahead log in
    return path


@functools.cache
def _postgres_ddl() -> str:
    """The statements ``create_all`` sends PostgreSQL for an empty database, as one script."""
    statements: list[str] = []
    mock = create_mock_engine(
        make_url(os.environ[POSTGRES]),
        lambda sql, *_args, **_kwargs: statements.append(str(sql.compile(dialect=mock.dialect))),
    )
    _models().create_all(mock, checkfirst=False)
    return ";\n".join(statement.strip() for statement in statements)


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
    _touched(f"copied_database({sqlite_file.name})")
    if not on_postgres():
        shutil.copy(make_url(source).database or "", sqlite_file)
        return f"sqlite:///{sqlite_file}"
    server = os.environ[POSTGRES]
    source_schema, schema = _schema(source), _tables_schema()
    # the new schema's one row, the default club's, gives way to the source's clubs
    statements = [f"SET LOCAL search_path TO {schema}", "DELETE FROM club"]
    for table in _models().sorted_tables:
        statements.append(f"INSERT INTO {table.name} SELECT * FROM {source_schema}.{table.name}")
        column = table.autoincrement_column  # its sequence skipped the copied ids
        if column is not None:
            statements.append(
                f"SELECT setval(pg_get_serial_sequence('{table.name}', '{column.name}'), "
                f"COALESCE((SELECT MAX({column.name}) FROM {table.name}), 0) + 1, false)"
            )
    with _postgres().begin() as connection:  # one round trip
        connection.exec_driver_sql(";\n".join(statements))
    _SCHEMAS[sqlite_file] = _in_schema(server, schema)
    return _SCHEMAS[sqlite_file]


def _schema(url: str) -> str:
    options = make_url(url).query["options"]
    assert isinstance(options, str) and options.startswith("-csearch_path=")
    return options.removeprefix("-csearch_path=")


APP_ROLE = "scorekeeper_app"  # a deployment's app role (docs/hosting.md, step 4)


def as_app_role(url: str) -> str:
    """The URL of the PostgreSQL schema ``url`` names, for a role as docs/hosting.md has a
    deployment's app connect as: no superuser, no ``BYPASSRLS``, owner of nothing, allowed
    to read and write the schema's rows and to use its sequences, and so held by the
    row-level security (the tests' own role, ``postgres``, is a superuser: never held)."""
    schema = _schema(url)
    with _postgres().begin() as connection:
        connection.exec_driver_sql(  # once per server; two workers may race to it
            f"DO $$ BEGIN CREATE ROLE {APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS; "
            "EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$"
        )
        connection.exec_driver_sql(
            f"GRANT USAGE ON SCHEMA {schema} TO {APP_ROLE}; "
            f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {schema} TO {APP_ROLE}; "
            f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {schema} TO {APP_ROLE}"
        )
    return make_url(url).set(username=APP_ROLE).render_as_string(hide_password=False)


@functools.cache
def _postgres() -> Engine:
    """The server named by ``SCOREKEEPER_TEST_POSTGRES`` (a connection per use)."""
    return create_engine(os.environ[POSTGRES], poolclass=NullPool)


# --- the marker, and the guard that holds every test to it ------------------------------


class _Guard:
    """Whether the running test may use a database, and what it touched if it may not."""

    allowed = True  # outside a test (collection); a session or module fixture is set up
    # and torn down under the marker of the test that runs it then
    touched: list[str] = []  # noqa: RUF012  # reset per test


def _touched(what: str) -> None:
    if not _Guard.allowed and threading.current_thread() is threading.main_thread():
        _Guard.touched.append(what)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.database)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _Guard.allowed = item.get_closest_marker("database") is not None
    _Guard.touched = []


_INSTANCE = os.environ.get("SCOREKEEPER_INSTANCE_PATH")  # as the run found it


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    if os.environ.get("SCOREKEEPER_INSTANCE_PATH") != _INSTANCE:  # for a command it ran
        _touched("an instance folder of its own (SCOREKEEPER_INSTANCE_PATH)")
    folder = getattr(item, "funcargs", {}).get("tmp_path")
    yield
    if folder is not None:
        release(folder)
    touched, _Guard.touched = _Guard.touched, []
    _Guard.allowed = True
    if touched:
        pytest.fail(
            f"{item.nodeid} used a database ({', '.join(dict.fromkeys(touched))}) without "
            "the `database` marker: mark it (pytestmark = pytest.mark.database), or "
            "make test-postgres never runs it (docs/testing.md)",
            pytrace=False,
        )


# every connection pool a test (or a fixture) used, emptied after the test: the apps'
# pools would otherwise keep PostgreSQL connections open until collected (and the ones
# given back to a pool after ``engine.dispose()`` replaced it, until the end)
_USED: set[Pool] = set()


@event.listens_for(Engine, "engine_connect")
def _remember(connection: Any) -> None:
    _USED.add(connection.engine.pool)
    _touched(f"a connection to {connection.engine.url.render_as_string()}")


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

"""The work tests/per_process.py keeps between apps gives what doing it again gives."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import flask_migrate
import pytest
from flask import Flask
from sqlalchemy.dialects.postgresql.psycopg import PGDialect_psycopg
from sqlalchemy.dialects.sqlite.pysqlite import SQLiteDialect_pysqlite
from werkzeug.routing import Rule
from werkzeug.security import check_password_hash

from scorekeeper import create_app
from scorekeeper.accounts import logins, users
from scorekeeper.cli.serve import prepare_database, quiet_migrations
from scorekeeper.extensions import db
from tests.databases import on_postgres, sqlite_only
from tests.per_process import KEPT_MIGRATIONS, SHARED_SQL, SharedCompiledSQL, dialect_settings
from tests.web.conftest import played_game, test_app


@pytest.mark.database
def test_a_kept_url_builder_is_the_one_werkzeug_makes(tmp_path: Path) -> None:
    made = getattr(Rule._compile_builder, "made", None)
    if made is None:
        pytest.skip("werkzeug's Rule changed: no builders are kept")
    app = test_app(tmp_path / "routes.db")
    rules = list(app.url_map.iter_rules())
    assert len(rules) > 50
    for rule in rules:
        for append_unknown in (False, True):
            kept = rule._compile_builder(append_unknown).__code__
            fresh = made(rule, append_unknown).__code__
            assert (kept.co_code, kept.co_consts, kept.co_varnames) == (
                fresh.co_code,
                fresh.co_consts,
                fresh.co_varnames,
            ), rule.rule


@pytest.mark.database
def test_a_kept_rules_parts_are_the_ones_werkzeug_parses(tmp_path: Path) -> None:
    made = getattr(Rule._parse_rule, "made", None)
    if made is None:
        pytest.skip("werkzeug's Rule changed: no parts are kept")
    test_app(tmp_path / "first.db")  # every route's parts kept (if no test kept them yet)
    app = test_app(tmp_path / "routes.db")  # made from the kept parts
    rules = list(app.url_map.iter_rules())
    assert len(rules) > 50
    for rule in rules:
        fresh = rule.empty()
        fresh.map, fresh._trace, fresh._converters = app.url_map, [], {}
        parts = list(made(fresh, re.sub("/{2,}", "/", rule.rule)))
        assert rule._parts[1:] == parts, rule.rule  # (the first: the empty domain's)
        assert rule._trace == [(False, "|"), *fresh._trace], rule.rule
        assert rule.arguments == fresh.arguments, rule.rule
        assert rule._converters.keys() == fresh._converters.keys(), rule.rule
        for name, converter in rule._converters.items():
            other = fresh._converters[name]
            assert converter.map is app.url_map  # its own, bound to its own map
            assert type(converter) is type(other)
            assert vars(converter) == vars(other), (rule.rule, name)
    routes = app.url_map.bind("localhost")
    assert routes.build("games.show", {"game_id": 7}) == "/games/7"
    assert routes.match("/games/7") == ("games.show", {"game_id": 7})


def test_a_kept_password_hash_is_a_real_one() -> None:
    hashed = users.generate_password_hash("a long enough password")
    assert hashed.startswith("scrypt:32768:8:1$")  # werkzeug's full strength
    assert check_password_hash(hashed, "a long enough password")
    assert logins.check_password_hash(hashed, "a long enough password")
    assert not logins.check_password_hash(hashed, "a long enough passwore")


@pytest.mark.database
def test_a_kept_statement_is_the_one_sqlalchemy_compiles(tmp_path: Path) -> None:
    def play(app: Flask) -> None:
        game_id = played_game(app, 2)
        client = app.test_client()
        for path in (f"/games/{game_id}", f"/games/{game_id}/hands/new", "/stats"):
            assert client.get(path).status_code == 200, path

    first, second = test_app(tmp_path / "first.db"), test_app(tmp_path / "second.db")
    play(first)
    compiled = SHARED_SQL.compiled
    play(second)  # an engine of its own, the same statements
    with first.app_context():
        settings = dialect_settings(db.engine.dialect)
    with second.app_context():
        alike = settings == dialect_settings(db.engine.dialect)
    # kept once for both on SQLite; on PostgreSQL each test's schema is the dialect's
    # default one, so the two apps share nothing (the second's statements may have been
    # kept already for an earlier test's app on the same schema, used again: alike)
    assert alike or on_postgres()
    if alike:
        assert SHARED_SQL.compiled == compiled  # (counted: a full cache drops some)
    third = test_app(tmp_path / "third.db")
    with third.app_context():
        fresh = db.engine
        with fresh.connect():  # its dialect learns the server's version, as the apps' did
            pass
    with second.app_context():  # the statements kept for the second app's dialect
        used = SHARED_SQL.dialects[dialect_settings(db.engine.dialect)]
    mine = [(key, kept) for key, kept in list(SHARED_SQL.kept.items()) if key[0] is used]
    assert len(mine) >= 20
    for key, kept in mine[:400]:  # (a worker's long run keeps thousands: enough of them)
        dialect, _cache_key, column_keys, _schema_translated, for_executemany = key
        if dialect_settings(dialect) == dialect_settings(fresh.dialect):
            dialect = fresh.dialect  # another engine's, alike: compiles the same
        anew = kept.statement.compile(
            dialect=dialect, column_keys=list(column_keys), for_executemany=for_executemany
        )
        assert anew.string == kept.string


def test_dialects_that_differ_in_anything_share_no_statement() -> None:
    same, other = SQLiteDialect_pysqlite(), SQLiteDialect_pysqlite()
    assert dialect_settings(same) == dialect_settings(other)
    other.server_version_info = (3, 8, 2)  # an old SQLite: no RETURNING, no window functions
    assert dialect_settings(same) != dialect_settings(other)
    assert dialect_settings(same) != dialect_settings(PGDialect_psycopg())


def test_a_dialect_changed_after_its_first_statement_gets_statements_of_its_own() -> None:
    """Each dialect's settings are worked out again only when one of its values is
    replaced; a value replaced after the first statement (a connection's first use sets
    the server's version and default schema) is seen, in the dialect or in an object it
    holds."""
    kept = SharedCompiledSQL()
    first, second = SQLiteDialect_pysqlite(), SQLiteDialect_pysqlite()
    assert kept.same_as(first) is first
    assert kept.same_as(second) is first  # alike: one set of statements
    second.server_version_info = (3, 8, 2)
    assert kept.same_as(second) is second
    third = SQLiteDialect_pysqlite()
    assert kept.same_as(third) is first
    third.identifier_preparer.initial_quote = "`"  # held by the dialect, not its own value
    assert kept.same_as(third) is third
    del second.server_version_info  # back to the class's: alike again
    assert kept.same_as(second) is first


def _definitions(sql: str | None) -> list[str]:
    """A table's columns and constraints as written, in order but for the constraints:
    Alembic's batch copies on SQLite write those in an order that changes from one run
    of the same migrations to the next (a set's)."""
    lines = (sql or "").split(", \n")
    columns = [line for line in lines if "CONSTRAINT" not in line]
    return columns + sorted(line.strip(")\n\t ") for line in lines if "CONSTRAINT" in line)


def sqlite_schema(path: Path) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """A SQLite file's every table, index and trigger as written, and its revision."""
    with sqlite3.connect(path) as connection:
        schema = [
            (kind, name, table, *_definitions(sql))
            for kind, name, table, sql in connection.execute(
                "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
            )
        ]
        revision = connection.execute("SELECT version_num FROM alembic_version").fetchall()
    connection.close()
    return schema, revision


@pytest.mark.database
@sqlite_only
def test_a_copied_upgrade_is_the_one_the_migrations_make(tmp_path: Path) -> None:
    """``prepare_database`` on an empty SQLite file, answered by the kept copy, leaves
    the schema and revision that running every migration leaves."""

    def prepared(name: str) -> Path:
        path = tmp_path / name
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
        prepare_database(app)
        with app.app_context():
            db.engine.dispose()
        return path

    prepared("first.db")  # the process's real upgrade, if none was run before
    copies = KEPT_MIGRATIONS.copied
    copied = prepared("copied.db")
    assert KEPT_MIGRATIONS.copied == copies + 1  # this one was a copy
    real = tmp_path / "real.db"
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{real}"})
    with app.app_context(), quiet_migrations():
        flask_migrate.upgrade()  # Flask-Migrate's own: every migration run
        db.engine.dispose()
    assert sqlite_schema(copied) == sqlite_schema(real)
    assert sqlite_schema(real)[1] != []  # at the latest revision, not empty

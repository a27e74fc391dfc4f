"""The second wall (issue 33, item 4b; ``store.row_security``): PostgreSQL's row-level
security on every club-owned table, the same on a database made from the models as on
one the migrations made, and holding the app's role whatever its SQL says.

The statements ``create_all`` sends and what each transaction is told are checked
anywhere (no server: a mock engine, a stand-in connection); the rest on PostgreSQL only
(``make test-postgres``): SQLite has no row-level security. The matrix of routes behind
this wall alone is tests/web/test_club_walls.py's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import psycopg
import pytest
from flask import Flask
from flask_migrate import upgrade
from sqlalchemy import Connection, create_engine, create_mock_engine, make_url, text
from sqlalchemy.pool import NullPool

from scorekeeper import create_app
from scorekeeper.accounts.clubs import create_club
from scorekeeper.accounts.links import api_token_holder, create_api_token
from scorekeeper.accounts.users import create_user
from scorekeeper.cli.serve import prepare_database, quiet_migrations
from scorekeeper.extensions import db
from scorekeeper.games.players import player_named
from scorekeeper.store import row_security
from scorekeeper.store.row_security import club_owned, policies
from scorekeeper.store.tenancy import ALL_CLUBS, in_club
from tests.databases import APP_ROLE, as_app_role, database_url, on_postgres
from tests.web.conftest import test_app

ON_POSTGRES = pytest.mark.skipif(not on_postgres(), reason="PostgreSQL's own (make test-postgres)")


def sent_by_create_all(url: str) -> list[str]:
    """The statements ``create_all`` sends a database of ``url``'s kind (none sent)."""
    statements: list[str] = []
    mock = create_mock_engine(
        make_url(url), lambda sql, *_: statements.append(str(sql.compile(dialect=mock.dialect)))
    )
    db.metadata.create_all(mock, checkfirst=False)
    return statements


def test_create_all_walls_each_club_owned_table_on_postgresql_only() -> None:
    owned = sorted(table.name for table in db.metadata.tables.values() if club_owned(table))
    walling = [
        s for s in sent_by_create_all("postgresql+psycopg://") if "POLICY" in s or "ROW" in s
    ]
    assert len(owned) == 25
    assert sorted(walling) == sorted(statement for table in owned for statement in policies(table))
    assert [s for s in sent_by_create_all("sqlite://") if "POLICY" in s or "ROW" in s] == []


class Driver:
    """psycopg's connection as the telling sees it: its transaction's state, and what it
    was sent."""

    def __init__(self) -> None:
        self.transaction_status = 0  # IDLE: no transaction open
        self.told: list[str] = []

    @property
    def info(self) -> Any:
        return self

    def execute(self, sql: str, parameters: tuple[str, str]) -> None:
        assert sql == "SELECT set_config(%s, %s, true)" and parameters[0] == "scorekeeper.club"
        self.told.append(parameters[1])
        self.transaction_status = 2  # INTRANS: the statement began one


def run(connection: Any, statement: str = "SELECT 1", all_clubs: bool = False) -> None:
    context = SimpleNamespace(execution_options={ALL_CLUBS: True} if all_clubs else {})
    row_security._tell_the_club(connection, None, statement, (), context, False)


def test_each_transaction_is_told_its_club_before_its_first_statement() -> None:
    driver = Driver()
    connection = SimpleNamespace(
        dialect=SimpleNamespace(name="postgresql"),
        info={},
        connection=SimpleNamespace(dbapi_connection=driver),
    )
    run(connection)
    run(connection)
    assert driver.told == ["1"]  # once a transaction
    with in_club(7):
        run(connection)
        run(connection, all_clubs=True)
        run(connection, all_clubs=True)
        run(connection)
    run(connection)
    assert driver.told == ["1", "7", "all", "7", "1"]  # again at each change
    run(connection, "SAVEPOINT sa_savepoint_1")
    with in_club(7):
        run(connection)
        row_security._savepoint_undone(connection, "sa_savepoint_1", None)
        run(connection, "ROLLBACK TO SAVEPOINT sa_savepoint_1")
        run(connection)
    assert driver.told[-2:] == ["7", "7"]  # told again after the rollback, not before it
    driver.transaction_status = 0  # committed
    run(connection)
    run(connection)
    assert driver.told[-1:] == ["1"] and len(driver.told) == 8  # a new transaction: told
    sqlite = SimpleNamespace(dialect=SimpleNamespace(name="sqlite"))
    run(sqlite)  # nothing to tell there (and nothing asked of the stand-in)


def walls(connection: Connection) -> set[tuple[str, ...]]:
    """Each table of the schema with its row security, and each of its policies."""
    tables = connection.execute(
        text(
            "SELECT relname, relrowsecurity::text, relforcerowsecurity::text FROM pg_class "
            "WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r'"
        )
    )
    policies = connection.execute(
        text(
            "SELECT tablename, policyname, cmd, coalesce(qual, ''), coalesce(with_check, '') "
            "FROM pg_policies WHERE schemaname = current_schema()"
        )
    )
    return {tuple(row) for row in [*tables, *policies] if row[0] != "alembic_version"}


@pytest.fixture
def two_clubs(tmp_path: Path) -> Iterator[tuple[Flask, int]]:
    """An app (as the tests' superuser) with Ann in the default club and Bo in North."""
    app = test_app(tmp_path / "walls.db")
    with app.app_context():
        north = create_club("north", "North").id
        player_named("Ann")
        db.session.commit()
        with in_club(north):
            player_named("Bo")
            db.session.commit()
    yield app, north
    with app.app_context():
        db.engine.dispose()


@pytest.mark.database
@ON_POSTGRES
def test_every_club_owned_table_is_walled_and_no_other(two_clubs: tuple[Flask, int]) -> None:
    app, _north = two_clubs
    with app.app_context(), db.engine.connect() as connection:
        found = walls(connection)
    owned = {table.name for table in db.metadata.tables.values() if club_owned(table)}
    assert {row[0] for row in found if row[1] == "true"} == owned  # row security on
    assert {row[0] for row in found if row[2] == "true"} == set()  # not forced: the owner reads all
    assert {(row[0], row[1]) for row in found if len(row) == 5} == {
        (table, policy) for table in owned for policy in ("club_rows", "all_clubs_read")
    }


@pytest.mark.database
@ON_POSTGRES
def test_the_migrations_wall_the_tables_as_the_models_do(
    two_clubs: tuple[Flask, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, _north = two_clubs
    with app.app_context(), db.engine.connect() as connection:
        made = walls(connection)
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.setenv("DATABASE_URL", database_url(tmp_path / "migrated.db"))
    migrated_app = create_app()
    with migrated_app.app_context(), quiet_migrations():
        upgrade()
        with db.engine.connect() as connection:
            migrated = walls(connection)
        db.engine.dispose()
    assert migrated == made


def app_role(app: Flask) -> Any:
    """A connection of the driver's own (psycopg) as the app's role: the SQL sent is the
    SQL written here, nothing told by the app."""
    with app.app_context():
        url = db.engine.url.render_as_string(hide_password=False)
    return create_engine(as_app_role(url), poolclass=NullPool).raw_connection()


def names(connection: Any) -> list[str]:
    rows = connection.cursor().execute("SELECT name FROM player ORDER BY name").fetchall()
    return [name for (name,) in rows]


def tell(connection: Any, club: str) -> None:
    connection.cursor().execute("SELECT set_config('scorekeeper.club', %s, true)", (club,))


def changed(connection: Any, sql: str, *parameters: Any) -> int:
    count: int = connection.cursor().execute(sql, parameters).rowcount
    return count


@pytest.mark.database
@ON_POSTGRES
def test_the_app_role_reads_and_writes_its_club_only(two_clubs: tuple[Flask, int]) -> None:
    """Raw SQL as the app's role: no row untold, the told club's rows only, every club's
    rows read under ``all`` and none written; a row for another club refused; the
    policies not the role's to switch off."""
    app, north = two_clubs
    connection = app_role(app)
    try:
        role = connection.cursor().execute(
            "SELECT current_user, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user"
        )
        assert role.fetchone() == (APP_ROLE, False, False)
        assert names(connection) == []  # no club told: no rows
        tell(connection, "1")
        assert names(connection) == ["Ann"]
        tell(connection, str(north))
        assert names(connection) == ["Bo"]
        assert changed(connection, "UPDATE player SET name = name || '!'") == 1  # Bo only
        tell(connection, "all")
        assert names(connection) == ["Ann", "Bo!"]
        assert changed(connection, "UPDATE player SET name = 'X'") == 0
        assert changed(connection, "DELETE FROM player") == 0
        connection.rollback()
        assert names(connection) == []  # told for the transaction only
        tell(connection, "1")
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            changed(
                connection,
                "INSERT INTO player (club_id, name, created_at) VALUES (%s, 'Cy', now())",
                north,
            )
        connection.rollback()
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="must be owner"):
            changed(connection, "ALTER TABLE player DISABLE ROW LEVEL SECURITY")
        connection.rollback()
    finally:
        connection.close()


def as_the_app(owners: Flask) -> Flask:
    """The app on ``owners``' database, connected as a deployment's app role."""
    with owners.app_context():
        url = db.engine.url.render_as_string(hide_password=False)
    folder = Path(owners.config["SHEET_CACHE_FOLDER"]).parent
    return test_app(folder / "walls.db", SQLALCHEMY_DATABASE_URI=as_app_role(url))


def players() -> list[str]:
    """The players as SQL text reads them: the first wall does not scope text, so what
    it gets is what the second wall lets through."""
    return list(db.session.execute(text("SELECT name FROM player ORDER BY name")).scalars())


@pytest.mark.database
@ON_POSTGRES
def test_the_app_tells_each_transaction_its_club(two_clubs: tuple[Flask, int]) -> None:
    """The app as its role, reading by SQL text: each club's players in its club, in one
    transaction and the next; an ``ALL_CLUBS`` read sees both; a savepoint rolled back
    is told again."""
    owners, north = two_clubs
    app = as_the_app(owners)
    with app.app_context():
        assert players() == ["Ann"]
        with in_club(north):  # the same transaction, another club
            assert players() == ["Bo"]
        everyone = db.session.execute(
            text("SELECT name FROM player ORDER BY name").execution_options(**{ALL_CLUBS: True})
        )
        assert list(everyone.scalars()) == ["Ann", "Bo"]
        assert players() == ["Ann"]
        db.session.commit()
        assert players() == ["Ann"]
        savepoint = db.session.begin_nested()
        with in_club(north):
            assert players() == ["Bo"]  # told in the savepoint
            savepoint.rollback()  # which takes it back
            assert players() == ["Bo"]
        db.session.rollback()
        db.engine.dispose()


@pytest.mark.database
@ON_POSTGRES
def test_a_server_started_as_the_app_role_finds_its_database_ready(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/hosting.md's deployment: the owner upgrades, the server starts as the app's
    role (its own upgrade finds the latest revision: nothing to do, nothing refused),
    writes a player in a club it is told and reads it back; the owner sees it there."""
    owners_url = database_url(tmp_path / "deployed.db")
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.setenv("DATABASE_URL", owners_url)
    owners = create_app()
    state = prepare_database(owners)  # `scorekeeper upgrade`, as the owner
    monkeypatch.setenv("DATABASE_URL", as_app_role(owners_url))
    app = create_app()
    started = prepare_database(app)  # `scorekeeper serve`'s start, as the app's role
    assert (started.before, started.after, started.cannot_write) == (state.after, state.after, None)
    with app.app_context():
        north = create_club("north", "North").id
        with in_club(north):
            player_named("Bo")
            db.session.commit()
            assert players() == ["Bo"]
        assert players() == []  # the default club's: none
        db.engine.dispose()
    with owners.app_context():
        owned = db.session.execute(text("SELECT club_id, name FROM player")).all()
        assert owned == [(north, "Bo")]
        db.engine.dispose()


@pytest.mark.database
@ON_POSTGRES
def test_a_tokens_use_is_written_in_its_own_club_at_any_address(
    two_clubs: tuple[Flask, int],
) -> None:
    """North's token at the instance's address (the default club's, until the token
    names its club): its first use is written all the same, in North."""
    owners, north = two_clubs
    with owners.app_context(), in_club(north):
        nell = create_user("Nell", "a long enough password", "owner")
        token = create_api_token(nell, "North's program")[1]
        nell_id = nell.id
    app = as_the_app(owners)
    with app.app_context():
        assert api_token_holder(token) == (north, nell_id)
        db.engine.dispose()
    with owners.app_context():
        used = db.session.execute(text("SELECT last_used_at FROM api_token")).scalar_one()
        db.engine.dispose()
    assert used is not None

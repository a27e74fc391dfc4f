"""The committed migrations: up, down and up again, and a schema that matches the models."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask, current_app
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect

from scorekeeper import MIGRATIONS, create_app
from scorekeeper.extensions import db
from scorekeeper.serve import quiet_migrations

# migrations/env.py still calls Flask-SQLAlchemy's deprecated ``db.get_engine()`` first.

MODEL_TABLES = {
    "player",
    "game",
    "game_side",
    "seat",
    "hand",
    "hand_edit",
    "hand_outcome",
    "game_outcome",
    "player_outcome",
    "bid_outcome",
    "season",
    "user_account",
    "share_link",
    "login_failure",
}


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """The app on an empty SQLite database, inside its app context."""
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'migrations.db'}")
    app = create_app()
    with app.app_context(), quiet_migrations():
        yield app
        db.engine.dispose()


def tables() -> set[str]:
    return set(inspect(db.engine).get_table_names())


def revision() -> str | None:
    with db.engine.connect() as connection:
        current: str | None = MigrationContext.configure(connection).get_current_revision()
        return current


def scripts() -> ScriptDirectory:
    config = current_app.extensions["migrate"].migrate.get_config(str(MIGRATIONS))
    return ScriptDirectory.from_config(config)


def test_the_models_are_the_tables_the_migrations_make(app: Flask) -> None:
    assert set(db.metadata.tables) == MODEL_TABLES


def test_one_head(app: Flask) -> None:
    assert len(scripts().get_heads()) == 1


def test_upgrade_downgrade_upgrade(app: Flask) -> None:
    head = scripts().get_current_head()
    assert tables() == set()

    upgrade()
    assert tables() == MODEL_TABLES | {"alembic_version"}
    assert revision() == head

    downgrade(revision="base")
    assert tables() == {"alembic_version"}
    assert revision() is None

    upgrade()
    assert tables() == MODEL_TABLES | {"alembic_version"}
    assert revision() == head


def test_each_revision_steps_down_and_up(app: Flask) -> None:
    """Every revision's downgrade undoes its upgrade, one step at a time."""
    order = [script.revision for script in scripts().walk_revisions()]  # head first
    upgrade()
    for below in [*order[1:], None]:
        downgrade(revision="-1")
        assert revision() == below
    assert tables() == {"alembic_version"}
    for above in reversed(order):
        upgrade(revision="+1")
        assert revision() == above


def test_the_upgraded_schema_matches_the_models(app: Flask) -> None:
    upgrade()
    with db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, db.metadata) == []

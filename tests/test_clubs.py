"""Clubs as tenants, the first step (issue 33, item 1): every table a club owns has its
club, a row written without one belongs to the default club, and what was unique across
the instance (a player's name, a season's name, a setting) is unique within a club. On
SQLite, and on PostgreSQL with scripts/with-postgres."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from scorekeeper import create_app
from scorekeeper.club.results import results_settings, set_results
from scorekeeper.extensions import db
from scorekeeper.games.lifecycle import create_game
from scorekeeper.store.club_models import ClubSetting
from scorekeeper.store.models import DEFAULT_CLUB_ID, Club, Player, Season
from tests.databases import database_url

# the tables that are the instance's, not a club's: the clubs themselves, the accounts
# (a person may belong to several clubs), refused logins (by name and address, before
# anyone is known) and the API's idempotency keys (a user's)
INSTANCE_TABLES = {"club", "user_account", "login_failure", "idempotency_key"}
SIDES = [("Us", ["Ann", "Cal"]), ("Them", ["Bea", "Dan"])]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url(tmp_path / "clubs.db")})
    with app.app_context():
        db.create_all()
        yield app
        db.session.remove()
        db.engine.dispose()


def test_every_table_but_the_instances_own_belongs_to_a_club() -> None:
    """A new table is a club's unless it is named here: it must have its club."""
    import scorekeeper.store.club_models  # noqa: F401  (the club's tables, registered)

    for name, table in db.metadata.tables.items():
        if name in INSTANCE_TABLES:
            assert "club_id" not in table.c, name
            continue
        column = table.c.get("club_id")
        assert column is not None, f"{name} has no club_id"
        assert not column.nullable, name
        assert {key.column.table.name for key in column.foreign_keys} == {"club"}, name


def test_a_new_database_has_the_default_club_and_rows_go_to_it(app: Flask) -> None:
    (club,) = db.session.execute(select(Club)).scalars()
    assert (club.id, club.slug) == (DEFAULT_CLUB_ID, "club")
    game = create_game("partnership", {}, SIDES)
    db.session.commit()
    for name in ("player", "game", "game_side", "seat"):
        table = db.metadata.tables[name]
        owners = db.session.execute(select(table.c.club_id).distinct()).scalars().all()
        assert owners == [DEFAULT_CLUB_ID], name
    assert game.club_id == DEFAULT_CLUB_ID


def second_club() -> Club:
    club = Club(slug="riverside", name="Riverside Pinochle")
    db.session.add(club)
    db.session.commit()
    return club


def test_a_name_is_unique_within_a_club_not_across_clubs(app: Flask) -> None:
    other = second_club()
    db.session.add_all([Player(name="Ann"), Player(name="Ann", club_id=other.id)])
    db.session.add_all(
        [
            Season(name="Winter", starts_on=date(2026, 12, 1), ends_on=date(2027, 2, 28)),
            Season(
                name="Winter",
                starts_on=date(2026, 12, 1),
                ends_on=date(2027, 2, 28),
                club_id=other.id,
            ),
        ]
    )
    db.session.commit()
    twice = [
        Player(name="Ann", club_id=other.id),
        Season(name="Winter", starts_on=date(2027, 12, 1), ends_on=date(2028, 2, 28)),
    ]
    for again in twice:  # the same name twice in one club: refused
        db.session.add(again)
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()
    names = db.session.execute(select(Player.club_id, Player.name).order_by(Player.club_id))
    assert names.all() == [(DEFAULT_CLUB_ID, "Ann"), (other.id, "Ann")]


def test_a_setting_is_a_clubs(app: Flask) -> None:
    """The default club's results settings are kept twice over (a merge, not a second
    row), and another club's row of the same name is its own."""
    other = second_club()
    set_results("public", hide_standings=True)
    set_results("members", hide_standings=False)
    db.session.add(ClubSetting(club_id=other.id, name="results", value="off"))
    db.session.commit()
    assert results_settings().audience == "members"
    kept = db.session.execute(
        select(ClubSetting.club_id, ClubSetting.value).where(ClubSetting.name == "results")
    )
    assert sorted(kept.all()) == [(DEFAULT_CLUB_ID, "members"), (other.id, "off")]


def test_a_club_slug_is_unique(app: Flask) -> None:
    db.session.add(Club(slug="club", name="Another"))
    with pytest.raises(IntegrityError):
        db.session.commit()

"""The committed migrations: up, down and up again, and a schema that matches the models."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask, current_app
from flask_migrate import downgrade, upgrade
from sqlalchemy import delete, inspect, select

from scorekeeper import create_app
from scorekeeper.cli.serve import quiet_migrations
from scorekeeper.extensions import db
from scorekeeper.paths import MIGRATIONS
from tests.databases import database_url, on_postgres

# migrations/env.py still calls Flask-SQLAlchemy's deprecated ``db.get_engine()`` first.

MODEL_TABLES = {
    "club",
    "club_member",
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
    "api_token",
    "idempotency_key",
    "club_event",
    "club_entrant",
    "club_round",
    "club_table",
    "club_confirmation",
    "club_seat",
    "club_bye",
    "club_adjustment",
    "club_setting",
    "competition",
    "competition_night",
}


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """The app on an empty database (SQLite, or a PostgreSQL schema), in its app context."""
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.setenv("DATABASE_URL", database_url(tmp_path / "migrations.db"))
    app = create_app()
    with app.app_context(), quiet_migrations():
        yield app
        db.engine.dispose()


def tables() -> set[str]:
    return set(inspect(db.engine).get_table_names())


def columns(table: str) -> set[str]:
    return {column["name"] for column in inspect(db.engine).get_columns(table)}


def revision() -> str | None:
    with db.engine.connect() as connection:
        current: str | None = MigrationContext.configure(connection).get_current_revision()
        return current


def scripts() -> ScriptDirectory:
    config = current_app.extensions["migrate"].migrate.get_config(str(MIGRATIONS))
    return ScriptDirectory.from_config(config)


def left_at(refusing: str) -> str | None:
    """The revision a downgrade refused by ``refusing`` leaves: the head on PostgreSQL,
    where the whole downgrade is one transaction; on SQLite, whose DDL here is not, the
    refusing one (the steps above it, which change nothing there, were taken)."""
    return scripts().get_current_head() if on_postgres() else refusing


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


FIRST_REVISION_GAME = """
INSERT INTO player (id, name, created_at) VALUES
  (1, 'Ann', '2026-01-01 10:00:00'), (2, 'Bea', '2026-01-01 10:00:00'),
  (3, 'Cal', '2026-01-01 10:00:00'), (4, 'Dan', '2026-01-01 10:00:00');
INSERT INTO game (id, ruleset, rules, first_dealer_seat, played_on, created_at, updated_at)
  VALUES (1, 'partnership', '{}', 0, '2026-01-02', '2026-01-02 19:00:00', '2026-01-02 21:00:00');
INSERT INTO game_side (id, game_id, position, name) VALUES (1, 1, 0, 'Us'), (2, 1, 1, 'Them');
INSERT INTO seat (id, game_id, position, side, player_id) VALUES
  (1, 1, 0, 0, 1), (2, 1, 1, 1, 2), (3, 1, 2, 0, 3), (4, 1, 3, 1, 4);
INSERT INTO hand (id, game_id, number, bidder_id, bid, trump, meld, counters, thrown_in,
  passed_out, no_marriage, created_at, updated_at) VALUES
  (1, 1, 1, 3, 300, 'H', '[190, 60]', '[150, 100]', FALSE, FALSE, FALSE,
   '2026-01-02 19:10:00', '2026-01-02 19:10:00'),
  (2, 1, 2, 2, 250, 'S', '[40, 20]', '[100, 150]', FALSE, FALSE, FALSE,
   '2026-01-02 19:20:00', '2026-01-02 19:20:00');
INSERT INTO hand_edit (id, game_id, number, action, after, at) VALUES
  (1, 1, 1, 'added', NULL, '2026-01-02 19:10:00'), (2, 1, 2, 'added', NULL, '2026-01-02 19:20:00');
"""


def test_a_database_of_the_first_revision_upgrades_with_its_data(app: Flask) -> None:
    """Data stored by the first version survives every migration since, and the
    outcomes, ratings and figures added later are made for it on the next start."""
    from scorekeeper.cli.serve import prepare_database
    from scorekeeper.games.stored import get_game, replay_game
    from scorekeeper.reports.stats import Period, player_stats

    first = [script.revision for script in scripts().walk_revisions()][-1]
    upgrade(revision=first)
    with db.engine.begin() as connection:
        for statement in FIRST_REVISION_GAME.split(";"):
            if statement.strip():
                connection.exec_driver_sql(statement)
    prepare_database(app)  # the upgrade to head and what `serve` does after it
    assert revision() == scripts().get_current_head()
    game = get_game(1)
    assert game is not None and [hand.number for hand in game.hands] == [1, 2]
    result = replay_game(game)
    # Cal bids 300, makes 190 + 150: +340 / +160; Bea bids 250, takes 20 + 150: set,
    # -250, while Us score 40 + 100
    assert result.totals == (480, -90)
    figures = {entry.name: entry for entry in player_stats(Period())}
    assert figures["Cal"].bids == 1 and figures["Bea"].bids == 1
    assert figures["Ann"].points == sum(hand.points[0] for hand in result.hands)


BEFORE_THE_NAME_RULE = """
INSERT INTO player (id, name, created_at) VALUES
  (1, 'Ann', '2026-01-01 10:00:00'), (2, 'Ann ', '2026-01-01 10:00:00'),
  (3, 'Cal' || char(27) || '[2J', '2026-01-01 10:00:00'),
  (4, '\u200b', '2026-01-01 10:00:00');
INSERT INTO game (id, ruleset, language, rules, first_dealer_seat, played_on, created_at,
  updated_at, version)
  VALUES (1, 'partnership', 'en', '{}', 0, '2026-01-02', '2026-01-02 19:00:00',
  '2026-01-02 21:00:00', 1);
INSERT INTO game_side (id, game_id, position, name) VALUES (1, 1, 0, ' Us '), (2, 1, 1, 'Them');
INSERT INTO seat (id, game_id, position, side, player_id) VALUES
  (1, 1, 0, 0, 1), (2, 1, 1, 1, 2), (3, 1, 2, 0, 3), (4, 1, 3, 1, 4);
INSERT INTO hand (id, game_id, number, bidder_id, bid, trump, meld, counters, thrown_in,
  passed_out, no_marriage, meld_cards, created_at, updated_at) VALUES
  (1, 1, 1, 2, 250, 'H', '[40, 20]', '[100, 150]', FALSE, FALSE, FALSE,
   '{"Ann ": "KH QH", "Ann": "KS QS"}', '2026-01-02 19:10:00', '2026-01-02 19:10:00');
"""


def test_names_stored_before_the_name_rule_are_put_in_stored_form(app: Flask) -> None:
    """ "Ann " beside "Ann" stays a player of its own, "Cal" loses the escape sequence, a
    name of nothing visible gets one from its id; meld cards follow the renamed player."""
    upgrade(revision="9d4f2c81a7b6")
    statements = BEFORE_THE_NAME_RULE
    if db.engine.dialect.name == "postgresql":
        statements = statements.replace("char(27)", "chr(27)")
    with db.engine.begin() as connection:
        for statement in statements.split(";"):
            if statement.strip():
                connection.exec_driver_sql(statement)
    upgrade()
    with db.engine.connect() as connection:
        players = dict(connection.exec_driver_sql("SELECT id, name FROM player").all())
        sides = [row[0] for row in connection.exec_driver_sql("SELECT name FROM game_side")]
        (cards,) = connection.exec_driver_sql("SELECT meld_cards FROM hand").one()
    assert players == {1: "Ann", 2: "Ann (2)", 3: "Cal [2J", 4: "Player 4"}
    assert sorted(sides) == ["Them", "Us"]
    cards = json.loads(cards) if isinstance(cards, str) else cards
    assert cards == {"Ann (2)": "KH QH", "Ann": "KS QS"}


BEFORE_GAME_KEYS = """
INSERT INTO player (id, name, created_at) VALUES
  (1, 'Ann', '2026-01-01 10:00:00'), (2, 'Bea', '2026-01-01 10:00:00'),
  (3, 'Cal', '2026-01-01 10:00:00'), (4, 'Dan', '2026-01-01 10:00:00');
INSERT INTO game (id, ruleset, language, rules, first_dealer_seat, played_on, created_at,
  updated_at, version) VALUES
  (1, 'partnership', 'en', '{}', 0, '2026-01-02', '2026-01-02 19:00:00', '2026-01-02 21:00:00', 2),
  (2, 'partnership', 'en', '{}', 0, '2026-01-03', '2026-01-03 19:00:00', '2026-01-03 21:00:00', 2);
INSERT INTO game_side (id, game_id, position, name) VALUES
  (1, 1, 0, 'Us'), (2, 1, 1, 'Them'), (3, 2, 0, 'Us'), (4, 2, 1, 'Them');
INSERT INTO seat (id, game_id, position, side, player_id) VALUES
  (1, 1, 0, 0, 1), (2, 1, 1, 1, 2), (3, 1, 2, 0, 3), (4, 1, 3, 1, 4),
  (5, 2, 0, 0, 1), (6, 2, 1, 1, 2), (7, 2, 2, 0, 3), (8, 2, 3, 1, 4);
INSERT INTO hand (id, game_id, number, bidder_id, bid, trump, meld, counters, thrown_in,
  passed_out, no_marriage, created_at, updated_at) VALUES
  (1, 1, 1, 3, 300, 'H', '[190, 60]', '[150, 100]', FALSE, FALSE, FALSE,
   '2026-01-02 19:10:00', '2026-01-02 19:10:00'),
  (2, 2, 1, 3, 300, 'H', '[190, 60]', '[150, 100]', FALSE, FALSE, FALSE,
   '2026-01-03 19:10:00', '2026-01-03 19:10:00');
INSERT INTO hand_edit (id, game_id, number, action, after, at) VALUES
  (1, 1, 1, 'added', NULL, '2026-01-02 19:10:00'), (2, 2, 1, 'added', NULL, '2026-01-03 19:10:00');
INSERT INTO share_link (id, game_id, token, created_at) VALUES
  (1, 2, 'abcdefghijklmnopqrstuvwxyz', '2026-01-03 19:00:00')
"""
COUNTED = ("player", "game", "game_side", "seat", "hand", "hand_edit", "share_link")


def counts(names: tuple[str, ...] = COUNTED) -> dict[str, int]:
    with db.engine.connect() as connection:
        return {
            name: connection.exec_driver_sql(f"SELECT COUNT(*) FROM {name}").scalar_one()
            for name in names
        }


def test_after_the_upgrade_a_deleted_games_id_is_never_given_again(app: Flask) -> None:
    """Issue 22, item 1: a database made before keeps every row through the upgrade
    (no table copied on SQLite takes the rows pointing at it along), each game gets a
    key of its own, and the newest game's id, once deleted, goes to no other game; down
    and up again keeps the rows too."""
    from scorekeeper.games.lifecycle import create_game

    upgrade(revision="c4d7e2f9a1b8")
    with db.engine.begin() as connection:
        for statement in BEFORE_GAME_KEYS.split(";"):
            connection.exec_driver_sql(statement)
        if db.engine.dialect.name == "postgresql":  # the sequences skipped the ids given
            for name in COUNTED:
                connection.exec_driver_sql(
                    f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                    f"(SELECT MAX(id) FROM {name}))"
                )
    before = counts()
    upgrade()
    assert counts() == before
    with db.engine.connect() as connection:
        keys = connection.exec_driver_sql("SELECT key FROM game").scalars().all()
    assert len(set(keys)) == 2 and all(len(key) == 12 for key in keys)
    with db.engine.begin() as connection:  # the foreign keys cascade again
        connection.exec_driver_sql("DELETE FROM game WHERE id = 2")
    assert counts() == {**before, "game": 1, "game_side": 2, "seat": 4, "hand": 1,
                        "hand_edit": 1, "share_link": 0}  # fmt: skip
    game = create_game("partnership", {}, [("Us", ["Ann", "Cal"]), ("Them", ["Bea", "Dan"])])
    assert game.id == 3
    db.session.commit()
    kept = counts()
    downgrade(revision="c4d7e2f9a1b8")
    assert counts() == kept
    upgrade()
    assert counts() == kept


def test_the_club_downgrades_keep_ids_never_given_twice(app: Flask) -> None:
    """A table a downgrade rebuilds on SQLite (a column dropped) keeps AUTOINCREMENT: its
    ids are never given twice (NEVER_AGAIN), on the way down as on the way up."""
    if db.engine.dialect.name != "sqlite":
        pytest.skip("AUTOINCREMENT is SQLite's (PostgreSQL's sequences never go back)")
    upgrade()
    downgrade(revision="7c1e5a9d3b24")  # the club tables as first stored: three steps down
    with db.engine.connect() as connection:
        rows = connection.exec_driver_sql(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table'"
        )
        made = {name: sql for name, sql in rows}
    for name in ("hand_edit", "game", "club_event", "club_entrant", "club_round", "club_table"):
        assert "AUTOINCREMENT" in made[name], name


def test_a_table_confirmed_before_the_log_gets_its_first_confirmation(app: Flask) -> None:
    """A table confirmed before every confirmation was kept (c8f4d2e0b3a5) has that one
    as its first after the upgrade; the downgrade leaves club_table's latest."""
    from scorekeeper.club.confirm import Confirmer, confirm_totals
    from scorekeeper.store.club_models import EventTable
    from tests.club.test_rounds import played, seated

    upgrade()
    game = played(seated()).rounds[0].tables[0].game
    assert game is not None
    confirm_totals(game, "Bea", Confirmer(director="ann"))
    db.session.remove()
    downgrade(revision="c8f4d2e0b3a5")
    assert "club_confirmation" not in tables()
    with db.engine.connect() as connection:
        kept = connection.exec_driver_sql("SELECT confirmed_by FROM club_table").all()
    assert [row[0] for row in kept] == ["Bea"]
    upgrade()
    table = db.session.execute(db.select(EventTable)).scalar_one()
    assert [(c.name, c.director, c.at) for c in table.confirmations] == [
        ("Bea", None, table.confirmed_at)
    ]


def test_nights_stored_before_the_unfinished_tables_rule_keep_nothing_counts(app: Flask) -> None:
    """A night stored before d6a3f1c8e2b7 keeps what its standings did (a table its
    round stopped counts nothing); a night stored after keeps its own rule; the
    downgrade drops the rule and the games' mark."""
    from scorekeeper.club.events import import_event
    from scorekeeper.store.club_models import Event
    from tests.club.test_rounds import seated
    from tests.club.test_seating import NIGHT

    upgrade()
    seated()
    db.session.remove()
    downgrade(revision="b2d8f4a6c1e9")
    assert "unfinished_tables" not in columns("club_event")
    assert "stopped" not in columns("game")
    upgrade()
    assert [e.unfinished_tables for e in db.session.execute(db.select(Event)).scalars()] == [
        "nothing_counts"
    ]
    import_event({**NIGHT, "unfinished_tables": "ahead_wins"})  # a night stored after
    rules = [e.unfinished_tables for e in db.session.execute(db.select(Event)).scalars()]
    assert rules == ["nothing_counts", "ahead_wins"]


OWNED_COUNTED = (
    *COUNTED,
    *("hand_outcome", "game_outcome", "player_outcome", "bid_outcome"),
    *("club_event", "club_entrant", "club_round", "club_table", "club_seat", "club_setting"),
    *("competition", "competition_night"),
)


def test_the_rows_stored_before_clubs_are_the_default_clubs(
    app: Flask, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 33, item 1: the revision before clubs and back keeps every row; each is the
    default club's after the upgrade. With a second club the downgrade refuses, and
    changes nothing."""
    from scorekeeper.accounts.links import create_share_link
    from scorekeeper.club.competitions import create_competition
    from scorekeeper.club.results import set_results
    from scorekeeper.engine.club.league import LeagueRules
    from scorekeeper.games.lifecycle import create_game
    from scorekeeper.store.models import Club
    from tests.club.test_rounds import played, seated

    upgrade()
    night = played(seated())
    game = create_game("partnership", {}, [("Us", ["Ann", "Cal"]), ("Them", ["Bea", "Dan"])])
    create_share_link(game.id)
    create_competition("Winter ladder", LeagueRules(), None, [night.id])
    set_results("public", hide_standings=True)  # club_setting's rows: its key rebuilt
    db.session.commit()
    db.session.remove()
    before = counts(OWNED_COUNTED)
    downgrade(revision="b4f6d8e0a2c4")
    assert "club" not in tables() and "club_id" not in columns("player")
    assert counts(OWNED_COUNTED) == before
    assert all(before.values()), before  # every counted table had rows to keep
    upgrade()
    assert counts(OWNED_COUNTED) == before
    with db.engine.connect() as connection:
        for name in OWNED_COUNTED:
            owners = connection.exec_driver_sql(f"SELECT DISTINCT club_id FROM {name}").scalars()
            assert owners.all() == [1], name  # every row the default club's
    db.session.add(Club(slug="riverside", name="Riverside Pinochle"))
    db.session.commit()
    db.session.remove()
    with pytest.raises(SystemExit):  # Flask-Migrate's way out, the sentence said first
        downgrade(revision="b4f6d8e0a2c4")
    assert "this instance has 2 clubs" in capsys.readouterr().err
    assert revision() == left_at("d8b2f4a6c0e1")
    assert counts(OWNED_COUNTED) == before


def test_a_users_role_becomes_their_membership_of_the_default_club(
    app: Flask, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 33, item 2: each user's role before club members is their role in the
    default club after, and back again; a user of another club only has no role to go
    back to, and the downgrade refuses, changing nothing."""
    from scorekeeper.accounts.users import create_user
    from scorekeeper.store.models import ClubMember, User

    upgrade()
    users = [("Olga", "owner"), ("Sam", "scorekeeper"), ("Vic", "viewer")]
    for name, role in users:
        create_user(name, "a long enough password", role)
    db.session.remove()
    downgrade(revision="c5e7a9b1d3f6")
    assert "club_member" not in tables()
    with db.engine.connect() as connection:
        roles = connection.exec_driver_sql("SELECT name, role FROM user_account ORDER BY name")
        assert roles.all() == users
    upgrade()
    members = db.session.execute(
        select(User.name, ClubMember.club_id, ClubMember.role).join(ClubMember).order_by(User.name)
    )
    assert members.all() == [(name, 1, role) for name, role in users]
    db.session.execute(delete(ClubMember).where(ClubMember.role == "viewer"))  # Vic: no club
    db.session.commit()
    with pytest.raises(SystemExit):
        downgrade(revision="c5e7a9b1d3f6")
    assert "1 users are no members of the default club" in capsys.readouterr().err
    assert revision() == left_at("d8b2f4a6c0e1")

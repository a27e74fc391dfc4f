"""Backups: every stored fact as one JSON document, and back.

``backup_document`` writes every row of the fact tables (players, users with
their password hashes and their roles, seasons, games with their sides, seats, hands and hand
history, club nights with their entrants, rounds, tables, seats, byes and
adjustments), with their ids and times, so a restore gives back the same data.
Left out: what can be made again or must not travel. The outcomes are the
engine's replay, recorded again on restore; login cookies' tokens, share links
and refused logins are secrets or passing state (everyone logs in again after
a restore, and share links are made anew).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from alembic.migration import MigrationContext
from sqlalchemy import Date, DateTime, Table, func, select, text

from scorekeeper.backup.checks import CLUB_COLUMN, RowError, check_tables
from scorekeeper.backup.club_checks import check_events
from scorekeeper.extensions import db
from scorekeeper.store.models import new_token
from scorekeeper.store.outcomes import rate_from, record_outcomes

FORMAT = "scorekeeper-backup/1"
# in the order a restore inserts them (a row's references come first)
TABLES = (
    "player",
    "user_account",
    "club_member",
    "season",
    "game",
    "game_side",
    "seat",
    "hand",
    "hand_edit",
    "club_event",
    "club_entrant",
    "club_round",
    "club_table",
    "club_confirmation",
    "club_seat",
    "club_bye",
    "club_adjustment",
)
LEFT_OUT = {"user_account": {"session_token"}}


class BackupError(ValueError):
    """A backup that cannot be restored here, with the reason."""


def backup_document() -> dict[str, Any]:
    """Every fact, as a JSON-ready document; ``BackupError`` for an instance of several
    clubs (the document holds one club's rows, without the column that says whose: a
    restore would put them all in one club). One club's export is to come (issue 33,
    item 5); until then such an instance's backup is PostgreSQL's own."""
    clubs = db.session.execute(select(func.count()).select_from(_table("club"))).scalar_one()
    if clubs > 1:
        raise BackupError(
            f"this instance holds {clubs} clubs, and a backup holds one club's rows: "
            "back the whole instance up with the database's own tools (docs/hosting.md)"
        )
    return {
        "format": FORMAT,
        "revision": _revision(),
        "made_at": datetime.now().isoformat(timespec="seconds"),
        "tables": {name: _rows(_table(name)) for name in TABLES},
    }


def _table(name: str) -> Table:
    return db.metadata.tables[name]


def _columns(table: Table) -> list[str]:
    left_out = {CLUB_COLUMN, *LEFT_OUT.get(table.name, ())}
    return [c.name for c in table.columns if c.name not in left_out]


def _rows(table: Table) -> list[dict[str, Any]]:
    names = _columns(table)
    order = [table.c[key.name] for key in table.primary_key.columns]
    rows = db.session.execute(select(*(table.c[n] for n in names)).order_by(*order))
    return [{name: _plain(value) for name, value in zip(names, row, strict=True)} for row in rows]


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, date | datetime) else value


def _revision() -> str | None:
    connection = db.session.connection()
    revision: str | None = MigrationContext.configure(connection).get_current_revision()
    return revision


def restore_document(document: object) -> dict[str, int]:
    """Put a backup into this empty database (nothing written when refused); how many
    rows each table got. The outcomes and ratings are recorded again."""
    tables = _checked(document)
    for name in TABLES:
        if db.session.execute(select(func.count()).select_from(_table(name))).scalar_one():
            raise BackupError(f"the database is not empty: {name} has rows; restore into a new one")
    counts = {}
    try:
        for name in TABLES:
            rows = [_typed(_table(name), row) for row in tables[name]]
            if rows:
                db.session.execute(_table(name).insert(), rows)
            counts[name] = len(rows)
        _after_explicit_ids()
        _record_outcomes()
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return counts


def _checked(document: object) -> dict[str, list[dict[str, Any]]]:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError(f"not a backup: expected a document with format {FORMAT!r}")
    if document.get("revision") != _revision():
        raise BackupError(
            f"the backup was made at schema revision {document.get('revision')!r} and this "
            f"database is at {_revision()!r}: restore it with the same version of the app"
        )
    tables = document.get("tables")
    if not isinstance(tables, dict) or set(tables) != set(TABLES):
        raise BackupError(f"a backup holds the tables {', '.join(TABLES)}")
    for name in TABLES:
        rows = tables[name]
        expected = set(_columns(_table(name)))
        if not isinstance(rows, list) or not all(
            isinstance(row, dict) and set(row) == expected for row in rows
        ):
            raise BackupError(f"the rows of {name} are not those this version writes")
    try:
        check_tables({name: tables[name] for name in TABLES}, _table)
        check_events(tables)
    except RowError as exc:
        raise BackupError(str(exc)) from None
    return tables


def _typed(table: Table, row: dict[str, Any]) -> dict[str, Any]:
    typed = dict(row)
    for column in table.columns:
        value = typed.get(column.name)
        if isinstance(value, str) and isinstance(column.type, DateTime):
            typed[column.name] = datetime.fromisoformat(value)
        elif isinstance(value, str) and isinstance(column.type, Date):
            typed[column.name] = date.fromisoformat(value)
    if table.name == "user_account":
        typed["session_token"] = new_token()
    return typed


def _after_explicit_ids() -> None:
    """PostgreSQL hands out ids from sequences, which rows with their own ids skip."""
    if db.session.get_bind().dialect.name != "postgresql":
        return
    for name in TABLES:
        db.session.execute(
            text(
                f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                f"COALESCE((SELECT MAX(id) FROM {name}), 0) + 1, false)"
            )
        )


def _record_outcomes() -> None:
    from scorekeeper.games.stored import get_game, replay_game

    for game_id in db.session.execute(select(_table("game").c.id)).scalars().all():
        game = get_game(game_id)
        assert game is not None
        record_outcomes(game, replay_game(game), rate=False)
    rate_from(None)

"""A table's code (docs/club-nights.md, "Table codes"): the QR code on a table card gives
the phone that scans it the right to record at that one table's game for the round, with
no account, as a share link gives the right to read one game.

A code is the table's id and a signature of it with the app's secret key, the table's
game and the event's key: nothing is stored, a code cannot be guessed from another, and
a round seated again (new games) or an event deleted leaves the old codes naming nothing.
A code names its table until the round is closed, and never after the day after the
night's (a night past midnight, a server's clock in UTC west of it); a night without a
day counts from the day it was made.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass
from datetime import date, timedelta

from sqlalchemy import select

from scorekeeper.engine.club.events import TEAMS
from scorekeeper.engine.errors import GameError
from scorekeeper.extensions import db
from scorekeeper.store.club_models import Bye, Entrant, Event, EventRound, EventSeat, EventTable

SIGNATURE = 12  # characters of the signature: 72 bits, and a QR code that stays small
GRACE = timedelta(days=1)  # a code still works the day after its night


@dataclass(frozen=True)
class Seated:
    """An entrant seated at a table: their id, name and seat (0 North ... 3 West;
    fixed teams: 0 North-South, 1 East-West)."""

    entrant: int
    name: str
    seat: int


@dataclass(frozen=True)
class TableAtCode:
    """What a table's code names: the event, round and table, its game and who sits there."""

    code: str
    event_id: int
    event_name: str
    teams: bool
    round: int
    table: int
    game_id: int
    seats: tuple[Seated, ...]


@dataclass(frozen=True)
class Elsewhere:
    """Where an entrant plays this round instead: another table, or a bye (never that
    table's code: one card must not lead to another)."""

    name: str
    table: int | None  # None: sits the round out


def table_code(table_id: int, game_id: int, event_key: str, secret: str) -> str:
    """The code of table ``table_id`` while ``game_id`` is its game."""
    message = f"pinochle-table:{table_id}:{game_id}:{event_key}".encode()
    digest = hmac.new(secret.encode(), message, hashlib.sha256).digest()
    return f"{table_id}-{base64.urlsafe_b64encode(digest).decode()[:SIGNATURE]}"


def read_table_code(code: str, secret: str, today: date) -> TableAtCode:
    """The table a code names, or ``GameError``: ``table_code_unknown`` (not a code of
    ours, or its round seated again since), ``table_code_expired`` (its round is closed,
    or its night is over)."""
    table, stored_round, event = _signed(code, secret)
    if stored_round.closed_at is not None:
        raise GameError("table_code_expired", round=stored_round.number, event=event.name)
    night = event.date or event.created_at.date()
    if night < today - GRACE:  # counted back from today: no night's day overflows
        raise GameError("table_code_expired_night", event=event.name, date=night.isoformat())
    return _at(code, table, stored_round, event)


def past_table(code: str, secret: str) -> TableAtCode | None:
    """The table a code named, expired or not (None: not a code of ours, or its round
    seated again since): an expired card still says whose table it was."""
    try:
        return _at(code, *_signed(code, secret))
    except GameError:
        return None


def _signed(code: str, secret: str) -> tuple[EventTable, EventRound, Event]:
    table_id = _table_id(code)
    row = None if table_id is None else _table_row(table_id)
    if row is None:
        raise GameError("table_code_unknown")
    table, stored_round, event = row
    expected = table_code(table.id, table.game_id or 0, event.key, secret)
    if table.game_id is None or not hmac.compare_digest(expected, code):
        raise GameError("table_code_unknown")
    return table, stored_round, event


def _at(code: str, table: EventTable, stored_round: EventRound, event: Event) -> TableAtCode:
    assert table.game_id is not None  # a signed code names a table with its game
    return TableAtCode(
        code=code,
        event_id=event.id,
        event_name=event.name,
        teams=event.kind == TEAMS,
        round=stored_round.number,
        table=table.number,
        game_id=table.game_id,
        seats=_seats(table.id),
    )


@dataclass(frozen=True)
class Now:
    """Where an entrant plays in the night's latest round seated and not closed: a
    table, or a bye (the phone is told, never given that table's code)."""

    name: str
    round: int
    table: int | None  # None: sits the round out


def where_now(event_id: int, entrant_id: int) -> Now | None:
    """Entrant ``entrant_id``'s place in the round being played, None when no round is
    (the next is not seated yet, or the night is over) or they have withdrawn."""
    entrant = db.session.get(Entrant, entrant_id)
    playing = db.session.execute(
        select(EventRound)
        .where(EventRound.event_id == event_id, EventRound.closed_at.is_(None))
        .order_by(EventRound.number)
    ).scalars()
    current = next((r for r in playing if r.tables or r.byes), None)
    if entrant is None or entrant.event_id != event_id or current is None:
        return None
    for table in current.tables:
        if any(seat.entrant_id == entrant_id for seat in table.seats):
            return Now(entrant.name, current.number, table.number)
    if any(bye.entrant_id == entrant_id for bye in current.byes):
        return Now(entrant.name, current.number, None)
    return None


def where_plays(at: TableAtCode, entrant_id: int) -> Elsewhere | None:
    """Where entrant ``entrant_id`` plays in the code's round when not at its table (for
    the warning of a phone that scans another table's code); None when seated there."""
    if any(seated.entrant == entrant_id for seated in at.seats):
        return None
    entrant = db.session.get(Entrant, entrant_id)
    if entrant is None or entrant.event_id != at.event_id:
        return None
    row = db.session.execute(
        select(EventTable.number)
        .join(EventRound, EventRound.id == EventTable.round_id)
        .join(EventSeat, EventSeat.table_id == EventTable.id)
        .where(
            EventRound.event_id == at.event_id,
            EventRound.number == at.round,
            EventSeat.entrant_id == entrant_id,
        )
    ).first()
    if row is None:
        return Elsewhere(entrant.name, None) if _has_bye(at, entrant_id) else None
    return Elsewhere(entrant.name, row[0])


def _table_id(code: str) -> int | None:
    number, _dash, signature = code.partition("-")
    if not code.isascii() or not number.isdigit() or len(number) > 9:
        return None  # ASCII only: "²" is a digit to Python, and no number
    if len(signature) != SIGNATURE:
        return None
    return int(number)


def _table_row(table_id: int) -> tuple[EventTable, EventRound, Event] | None:
    row = db.session.execute(
        select(EventTable, EventRound, Event)
        .join(EventRound, EventRound.id == EventTable.round_id)
        .join(Event, Event.id == EventRound.event_id)
        .where(EventTable.id == table_id)
    ).first()
    return None if row is None else (row[0], row[1], row[2])


def _seats(table_id: int) -> tuple[Seated, ...]:
    rows = db.session.execute(
        select(Entrant.id, Entrant.name, EventSeat.position)
        .join(EventSeat, EventSeat.entrant_id == Entrant.id)
        .where(EventSeat.table_id == table_id)
        .order_by(EventSeat.position)
    ).all()
    return tuple(Seated(*row) for row in rows)


def _has_bye(at: TableAtCode, entrant_id: int) -> bool:
    return (
        db.session.execute(
            select(Bye.id)
            .join(EventRound, EventRound.id == Bye.round_id)
            .where(
                EventRound.event_id == at.event_id,
                EventRound.number == at.round,
                Bye.entrant_id == entrant_id,
            )
        ).first()
        is not None
    )

"""A round under the director's hand (docs/club-nights.md): time called, so that each
table's next hand is its last, and the round closed, refused while a table is still
playing unless the director ends it with a reason (kept with the round), and asking
once about the finished tables whose totals nobody confirmed. A closed
round's tables take no more hands (``web/hands.py``, the API); its standings are no
longer provisional, and a game of it not over counts by the night's rule for
unfinished tables (engine/club/unfinished.py), in the season's figures too. Each
change is one transaction; a refusal writes nothing."""

from __future__ import annotations

from scorekeeper.club.confirm import confirmations_of
from scorekeeper.club.events import engine_event, get_event
from scorekeeper.engine.club import events as engine
from scorekeeper.engine.club.standings import results, unfinished
from scorekeeper.engine.errors import GameError
from scorekeeper.engine.reasons import checked_reason
from scorekeeper.extensions import db
from scorekeeper.games.lifecycle import stop_game
from scorekeeper.store.club_models import Event, EventRound
from scorekeeper.store.locks import serialize_night
from scorekeeper.store.models import utcnow


def _round(event: Event, number: int) -> EventRound:
    """Round ``number`` read again under the seating lock (two directors: one after the
    other), refused when it is not seated or already closed."""
    serialize_night()
    db.session.expire_all()
    fresh = get_event(event.id) or event
    stored = fresh.rounds[number - 1]
    if not stored.tables and not stored.byes:
        raise GameError("event_round_unseated", round=number)
    if stored.closed_at is not None:
        raise GameError("event_round_closed", round=number)
    return stored


def call_time(event: Event, number: int) -> EventRound:
    """Time is called on round ``number``: each table's next hand is its last."""
    try:
        stored = _round(event, number)
        if stored.time_called_at is not None:
            raise GameError("event_time_called_twice", round=number)
        stored.time_called_at = utcnow()
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return stored


def close_round(
    event: Event, number: int, reason: str = "", unconfirmed: bool = False
) -> EventRound:
    """Close round ``number``: refused while a table plays, unless ``reason`` says why
    the director ends it (kept with the round); refused while a finished table's totals
    are not confirmed (or corrected since), unless the director said ``unconfirmed``."""
    try:
        stored = _round(event, number)
        checked = engine_event(get_event(event.id) or event)
        playing = unfinished(checked, number)
        reason = checked_reason(reason, "the reason to close the round")
        if playing and not reason:
            tables = ", ".join(str(table) for table in playing)
            raise GameError("event_round_unfinished", round=number, tables=tables)
        waiting = unconfirmed_tables(stored, checked, number)
        if waiting and not unconfirmed:
            tables = ", ".join(str(table) for table in waiting)
            raise GameError("event_round_unconfirmed", round=number, tables=tables)
        stored.closed_at = utcnow()
        stored.closed_reason = reason or None
        for table in stored.tables:
            if table.game is not None:  # one not over counts by the night's rule
                stop_game(table.game, event.unfinished_tables)
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return stored


def unconfirmed_tables(stored: EventRound, checked: engine.Event, number: int) -> list[int]:
    """The tables of round ``number`` whose game is over and whose totals are not
    confirmed, or corrected since their latest confirmation."""
    replayed = results(checked)
    states = confirmations_of(stored.tables)
    return [
        table.number
        for table in stored.tables
        if (found := replayed.get((number, table.number))) is not None
        and found.winner is not None
        and (states[table.id].by is None or states[table.id].again)
    ]

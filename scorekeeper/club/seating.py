"""A round's seating, recorded by the director before the round is played.

The engine reads the seating as it reads a round of an event file (``engine.club.events.
seating``: the same refusals, codes and sentences). Each table then gets its game, an
ordinary stored game with no hands yet, under the event's rules and seated as the
table (``engine.club.events.table_game``): the scorekeeper records its hands as any game's,
and the standings read them at once. Seated again, the round's tables and byes are
replaced in one transaction, and their empty games go with them; once a hand is
recorded at one of its tables, the round is played and its seating stays. Rounds are
seated in order: a round once the round before it is closed. The director may take a
seating back (``unseat_round``) while none of its tables has a hand and no later round
is seated.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.orm.exc import StaleDataError

from scorekeeper.club import clock
from scorekeeper.club.events import engine_event, get_event
from scorekeeper.engine.club import events as engine
from scorekeeper.engine.errors import GameError
from scorekeeper.engine.game import Game as EngineGame
from scorekeeper.extensions import db
from scorekeeper.games.lifecycle import stage_new_game
from scorekeeper.games.players import players_named
from scorekeeper.i18n.languages import DEFAULT as DEFAULT_LANGUAGE
from scorekeeper.store.club_models import Bye, Entrant, Event, EventRound, EventSeat, EventTable
from scorekeeper.store.locks import serialize_night
from scorekeeper.store.models import Player

ROUND_PLAYED = "event_round_played"  # a conflict (409 in the API), not a broken seating


@contextmanager
def _seating_change(event: Event, number: int) -> Iterator[Event]:
    """One change of round ``number``'s seating, in one transaction: ``event`` read
    again under the night's lock (two directors at once: one after the other, each
    reading what the other wrote), committed at the end; rolled back on a refusal, and
    ``ROUND_PLAYED`` when a hand was recorded at one of its tables meanwhile."""
    try:
        serialize_night()
        db.session.expire_all()
        yield get_event(event.id) or event
        db.session.flush()
        db.session.commit()
    except StaleDataError:  # a hand recorded at one of its tables meanwhile
        db.session.rollback()
        raise GameError(ROUND_PLAYED, round=number) from None
    except Exception:
        db.session.rollback()
        raise


def record_seating(
    event: Event, number: int, document: object, language: str = DEFAULT_LANGUAGE
) -> EventRound:
    """Seat round ``number`` (1 to the event's rounds) of ``event`` as ``document``
    says; ``GameError`` and nothing written when the engine refuses it or a hand was
    recorded at one of the round's tables."""
    with _seating_change(event, number) as event:
        checked = engine_event(event)
        seated = engine.seating(checked, number, document)
        stored = event.rounds[number - 1]
        _may_seat(event, number, seated)
        games = [(table, engine.table_game(checked, table)) for table in seated.tables]
        # every table's players in one read (made when new), before the round is written
        players = players_named(name for _table, game in games for name in game.seating)
        _clear(stored, number)
        stored.time_called_at = None  # a round seated anew is not yet timed
        stored.seated_at = clock.now()  # its clock starts (again) now
        entrants = {entrant.name: entrant for entrant in event.entrants}
        for table, game in games:
            stored.tables.append(_table(table, game, event, language, players, entrants))
        for position, name in enumerate(seated.byes):
            stored.byes.append(Bye(position=position, entrant=entrants[name]))
    return stored


def unseat_round(event: Event, number: int) -> EventRound:
    """Round ``number``'s seating taken back by the director: its tables, their empty
    games and its byes gone, its clock and time called cleared, as before it was
    seated; refused (nothing written) for a round not seated, closed, played (a hand
    recorded at one of its tables), or followed by a seated round."""
    with _seating_change(event, number) as event:
        stored = event.rounds[number - 1]
        if not stored.tables and not stored.byes:
            raise GameError("event_round_unseated", round=number)
        if stored.closed_at is not None:
            raise GameError("event_round_closed", round=number)
        after = event.rounds[number] if number < len(event.rounds) else None
        if after is not None and (after.tables or after.byes):
            raise GameError("event_round_seated", round=number + 1)
        _clear(stored, number)
        stored.seated_at = None
        stored.time_called_at = None
    return stored


def _may_seat(event: Event, number: int, seated: engine.Round) -> None:
    """Refuse a round out of turn (one before it not seated, or not closed), a closed
    one, and one that seats an entrant who withdrew before it."""
    before = next((r.number for r in event.rounds[: number - 1] if not r.tables), None)
    if before is not None:
        raise GameError("event_round_unseated", round=before)
    if event.rounds[number - 1].closed_at is not None:
        raise GameError("event_round_closed", round=number)
    if number > 1 and event.rounds[number - 2].closed_at is None:  # rounds in order
        raise GameError("event_round_before_open", round=number, before=number - 1)
    gone = {e.name for e in event.entrants if e.withdrawn_before and e.withdrawn_before <= number}
    placed = [name for table in seated.tables for name in table.seats] + list(seated.byes)
    withdrawn = next((name for name in placed if name in gone), None)
    if withdrawn is not None:
        raise GameError("event_withdrawn_seated", round=number, name=withdrawn)


def _clear(stored: EventRound, number: int) -> None:
    """The round's tables, their empty games and its byes, gone (flushed before the new
    ones come: a table's number and a bye's place are unique in the round)."""
    if any(table.game is not None and table.game.hands for table in stored.tables):
        raise GameError(ROUND_PLAYED, round=number)
    for table in stored.tables:
        if table.game is not None:
            db.session.delete(table.game)
    stored.tables.clear()
    stored.byes.clear()
    db.session.flush()


def _table(
    table: engine.Table,
    game: EngineGame,
    event: Event,
    language: str,
    players: dict[str, Player],
    entrants: dict[str, Entrant],
) -> EventTable:
    """A seated table and its game (its players read in bulk by the caller)."""
    staged = stage_new_game(
        game, event.date, hands=False, rate=False, language=language, players=players
    )
    stored = EventTable(number=table.number, game=staged)
    for position, name in enumerate(table.seats):
        stored.seats.append(EventSeat(position=position, entrant=entrants[name]))
    return stored

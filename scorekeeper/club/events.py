"""A club night in and out whole (the ``pinochle-event/1`` document, docs/event-format.md),
and a stored event's standings.

The engine reads the whole document first: a refused one writes nothing, and the
refusal is the engine's (``GameError``, its code and sentence). An accepted one is
stored in one transaction: the event, its entrants (known players, or new ones by
name), rounds, tables with their seats, byes and adjustments, and each table's game
through the games area, each table's rows in one statement (``event_rows``). The
standings are never stored: they are the engine's (``engine.club.standings``) over the
stored games, whatever happened to them since (a corrected hand counts at once).
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from sqlalchemy import bindparam, case, func, literal, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from scorekeeper.club.clock import clock_of
from scorekeeper.club.event_rows import event_names, insert_event
from scorekeeper.engine.club import events as engine
from scorekeeper.engine.club.prizes import Prizes, read_percentages
from scorekeeper.engine.club.round_clock import RoundClock
from scorekeeper.engine.club.standings import (
    Standings,
    results,
    standings,
    unfinished,
)
from scorekeeper.engine.errors import GameError
from scorekeeper.engine.rules import ruleset
from scorekeeper.engine.scoring import GameResult
from scorekeeper.extensions import db
from scorekeeper.games.players import look_alike_players
from scorekeeper.games.stored import engine_game
from scorekeeper.i18n.languages import DEFAULT as DEFAULT_LANGUAGE
from scorekeeper.store.club_models import (
    Adjustment,
    Bye,
    Entrant,
    Event,
    EventRound,
    EventSeat,
    EventTable,
)
from scorekeeper.store.models import Game, Hand, Seat

# --- import ------------------------------------------------------------------------------


def import_event(
    document: object, language: str = DEFAULT_LANGUAGE, new_players: Collection[str] = ()
) -> Event:
    """A stored event from a ``pinochle-event/1`` document (its games' sheets in
    ``language``); ``GameError`` with the engine's code and nothing written when the
    engine refuses it, or when a player's name looks like a different player's of the
    club (``event_look_alike_known``) and is not one of ``new_players`` (the director
    said that is someone new)."""
    checked = engine.from_document(document)
    _no_look_alike(checked, new_players)
    try:
        event_id = _inserted(checked, language)
    except IntegrityError:
        # a row made meanwhile by another import (a new player of the same name, the
        # file's key when the same file is imported twice at once): read again, once,
        # the player found and the key taken (a key of its own then)
        event_id = _inserted(checked, language)
    event = db.session.get(Event, event_id)
    assert event is not None  # committed just now
    return event


def _inserted(checked: engine.Event, language: str) -> int:
    """The night written and committed (rated with its games: ``games.bulk``), or
    nothing of it, the refusal raised."""
    try:
        event_id = insert_event(checked, language)
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return event_id


def _no_look_alike(checked: engine.Event, new_players: Collection[str]) -> None:
    """Refuse a night whose player is no player of the club but looks like one."""
    asked = look_alike_players(event_names(checked) - set(new_players))
    if asked:
        name, known = min(asked.items())
        raise GameError("event_look_alike_known", name=name, known=known)


# --- reading and export ----------------------------------------------------------------


def get_event(event_id: int) -> Event | None:
    """A stored event with all ``engine_event`` reads (its entrants' players, rounds,
    tables with their seats and games, the games' sides, seats and hands, byes and
    adjustments), or None: a fixed number of queries whatever the number of tables
    (``make bench-club``), not some for each table."""
    if not 0 < event_id < 2**31:  # no id past PostgreSQL's INTEGER (a 500 there)
        return None
    # a collection in a query of its own (selectinload); the row each of its rows points
    # to in the same query (joinedload): 11 queries, a third less time than one each
    tables = selectinload(Event.rounds).selectinload(EventRound.tables)
    game = tables.joinedload(EventTable.game)
    query = (
        select(Event)
        .where(Event.id == event_id)
        .options(
            selectinload(Event.entrants).joinedload(Entrant.player),
            selectinload(Event.entrants).joinedload(Entrant.partner),
            tables.selectinload(EventTable.seats).joinedload(EventSeat.entrant),
            game.selectinload(Game.sides),
            game.selectinload(Game.seats).joinedload(Seat.player),
            game.selectinload(Game.hands).joinedload(Hand.bidder),
            selectinload(Event.rounds).selectinload(EventRound.byes).joinedload(Bye.entrant),
            selectinload(Event.adjustments).joinedload(Adjustment.entrant),
        )
    )
    return db.session.execute(query).scalar_one_or_none()


def event_by_key(key: str) -> Event | None:
    """The stored event whose key is ``key`` (its public address), as ``get_event`` reads it."""
    found = event_id_by_key(key)
    return None if found is None else get_event(found)


def event_id_by_key(key: str) -> int | None:
    """The id of the stored event whose key is ``key`` (one small query)."""
    found: int | None = db.session.execute(select(Event.id).where(Event.key == key)).scalar()
    return found


def events_page(limit: int, offset: int, today: date | None = None) -> list[Event]:
    """Stored events, tonight's first (``today``'s, when given), then the latest day
    first (an event without a day last), then the latest stored: ``limit`` of them
    after the first ``offset``."""
    tonight = case((Event.date == today, 0), else_=1) if today is not None else literal(1)
    query = (
        select(Event)
        .order_by(tonight, Event.date.desc().nulls_last(), Event.id.desc())
        .limit(limit)
        .offset(offset)
    )
    return list(db.session.execute(query).scalars())


def player_events(player_id: int) -> list[Event]:
    """The events ``player_id`` was an entrant of (alone or as a team's partner), the
    latest day first (an event without a day last), then the latest stored."""
    query = (
        select(Event)
        .where(
            Event.id.in_(
                select(Entrant.event_id).where(
                    or_(Entrant.player_id == player_id, Entrant.partner_id == player_id)
                )
            )
        )
        .order_by(Event.date.desc().nulls_last(), Event.id.desc())
    )
    return list(db.session.execute(query).scalars())


def engine_event(event: Event) -> engine.Event:
    """The engine's view of a stored event, each table's game as stored now."""
    teams = event.kind == engine.TEAMS
    return engine.Event(
        name=event.name,
        date=event.date,
        kind=event.kind,
        rules=ruleset(event.ruleset, event.rules),
        standing_order=event.standing_order,
        bye_rule=event.bye_rule,
        entrants=tuple(
            engine.Entrant(e.name, (e.player.name, e.partner.name) if teams and e.partner else ())
            for e in event.entrants
        ),
        rounds=tuple(
            engine.Round(
                round_.number,
                tuple(
                    engine.Table(
                        table.number,
                        tuple(seat.entrant.name for seat in table.seats),
                        None if table.game is None else engine_game(table.game),
                    )
                    for table in round_.tables
                ),
                tuple(bye.entrant.name for bye in round_.byes),
                round_.closed_at is not None,
            )
            for round_ in event.rounds
        ),
        adjustments=tuple(
            engine.Adjustment(a.entrant.name, a.round, a.points, a.reason, a.public)
            for a in event.adjustments
        ),
        time_limit=event.time_limit,
        unfinished_tables=event.unfinished_tables,
        key=event.key,
        prizes=stored_prizes(event.entry_fee_cents, event.prize_percentages),
    )


def stored_prizes(fee_cents: int | None, percentages: str | None) -> Prizes | None:
    """A stored night's prizes, or None when it pays none."""
    if fee_cents is None or not percentages:
        return None
    return Prizes(fee_cents, read_percentages(percentages))


def export_event(event: Event) -> dict[str, Any]:
    """The event's ``pinochle-event/1`` document; a game played on the event's day
    carries no day of its own (as it came in). A closed round says so only when a
    table of it is not over (its games then count by the night's rule): one whose every
    game is over reads the same either way, and is closed again on import."""
    checked = engine_event(event)
    document = engine.to_document(checked)
    day = document["date"]
    replayed = results(checked)
    for round_ in document["rounds"]:
        if round_.get("closed") and not unfinished(checked, round_["round"], replayed):
            del round_["closed"]
        for table in round_["tables"]:
            game = table["game"]
            if game is not None and day is not None and game.get("played_on") == day:
                del game["played_on"]
    return document


def event_standings(
    event: Event,
    checked: engine.Event | None = None,
    replayed: dict[tuple[int, int], GameResult] | None = None,
) -> Standings:
    """The engine's standings over the event's stored games; provisional only while a
    round the director has not closed is being played (a game a closed round stopped
    counts by the night's rule for unfinished tables, and never changes). ``checked``
    and ``replayed``: the night's ``engine_event`` and ``results`` when a page has them
    made already."""
    checked = engine_event(event) if checked is None else checked
    replayed = results(checked) if replayed is None else replayed
    table = standings(checked, replayed)
    if not table.provisional:
        return table
    return replace(table, provisional=any(rounds_open(event, checked, replayed).values()))


def standings_final(event: Event, checked: engine.Event, table: Standings) -> bool:
    """Whether the night's standings are final: every round seated, none being played,
    and the last one closed by the director (until then a table may still be corrected,
    confirmed or adjusted)."""
    seated = sum(1 for round_ in checked.rounds if round_.tables)
    last_closed = bool(event.rounds) and event.rounds[-1].closed_at is not None
    return seated == len(checked.rounds) and last_closed and not table.provisional


def rounds_open(
    event: Event,
    checked: engine.Event,
    replayed: dict[tuple[int, int], GameResult] | None = None,
) -> dict[int, tuple[int, ...]]:
    """Each seated round the director has not closed, with its tables still playing
    (none: every game over, the round waits only for its close)."""
    return {
        stored.number: unfinished(checked, stored.number, replayed)
        for stored in event.rounds
        if stored.tables and stored.closed_at is None
    }


def unseatable(event: Event, replayed: dict[tuple[int, int], GameResult]) -> set[int]:
    """The rounds the director may unseat (``seating.unseat_round``): seated, not
    closed, no hand recorded at any of their tables, and no later round seated."""
    found: set[int] = set()
    for index, stored in enumerate(event.rounds):
        later = event.rounds[index + 1] if index + 1 < len(event.rounds) else None
        if not (stored.tables or stored.byes) or stored.closed_at is not None:
            continue
        if later is not None and (later.tables or later.byes):
            continue
        played = any(
            result.hands for (number, _t), result in replayed.items() if number == stored.number
        )
        if not played:
            found.add(stored.number)
    return found


@dataclass(frozen=True)
class TablePlace:
    """Where a table's game is played: its event, round and table."""

    event_id: int
    event_name: str
    round: int
    table: int
    time_called: bool = False  # the round's: its next hand is its last
    closed: bool = False  # the round's: no more hands
    clock: RoundClock | None = None  # the round's, with a time limit, until time is called


def table_of_game(game_id: int) -> TablePlace | None:
    """The club night, round and table a game is played at, with the round's clock read
    now; None for a game of its own (or an id no row can have: past PostgreSQL's INTEGER)."""
    if not 0 < game_id < 2**31:
        return None
    row = db.session.execute(
        select(
            Event.id,
            Event.name,
            EventRound.number,
            EventTable.number,
            EventRound.time_called_at.is_not(None),
            EventRound.closed_at.is_not(None),
            EventRound.seated_at,
            Event.time_limit,
        )
        .join(EventRound, EventRound.event_id == Event.id)
        .join(EventTable, EventTable.round_id == EventRound.id)
        .where(EventTable.game_id == game_id)
    ).first()
    if row is None:
        return None
    *place, seated_at, time_limit = row
    called, closed = place[-2:]
    return TablePlace(*place, clock=clock_of(seated_at, time_limit, stopped=called or closed))


def event_exists(event_id: int) -> bool:
    """Whether event ``event_id`` is stored (one small query: the display's stamp)."""
    if not 0 < event_id < 2**31:
        return False
    return db.session.execute(select(Event.id).where(Event.id == event_id)).first() is not None


# The stamps' statements, made once (the room's display asks every few seconds): bound
# to ``event_id`` and run on the session's connection, as SQLAlchemy caches them compiled.
EVENT_ID = bindparam("event_id")
_TABLES = (
    select(
        func.count(EventTable.id),
        func.coalesce(func.sum(Game.version), 0),
        func.coalesce(func.sum(Game.id), 0),
    )
    .select_from(EventRound)
    .join(EventTable, EventTable.round_id == EventRound.id)
    .outerjoin(Game, Game.id == EventTable.game_id)
    .where(EventRound.event_id == EVENT_ID)
)
_ROUNDS = select(
    func.count(EventRound.time_called_at),
    func.count(EventRound.closed_at),
    select(func.count(Entrant.id)).where(Entrant.event_id == EVENT_ID).scalar_subquery(),
    select(func.count(Entrant.withdrawn_before))
    .where(Entrant.event_id == EVENT_ID)
    .scalar_subquery(),
).where(EventRound.event_id == EVENT_ID)
_HEAD = select(
    Event.key,
    Event.name,
    Event.date,
    Event.kind,
    Event.rules,
    Event.entry_fee_cents,
    Event.prize_percentages,
).where(Event.id == EVENT_ID)
_ENTRANTS = (
    select(Entrant.id, Entrant.position, Entrant.withdrawn_before)
    .where(Entrant.event_id == EVENT_ID)
    .order_by(Entrant.position)
)
_ADJUSTMENTS = (
    select(
        Adjustment.id,
        Adjustment.entrant_id,
        Adjustment.round,
        Adjustment.points,
        Adjustment.reason,
        Adjustment.public,
    )
    .where(Adjustment.event_id == EVENT_ID)
    .order_by(Adjustment.position)
)


def _rows(statement: Any, event_id: int) -> list[Any]:
    """The rows of one of the stamps' statements, through the session: scoped to the
    current club as every ORM statement is (a connection's own ``execute`` is not)."""
    return list(db.session.execute(statement, {"event_id": event_id}).all())


def event_stamp(event_id: int) -> str:
    """What changes whenever the night's display would: each table's game version (a
    hand recorded, corrected or deleted), the tables seated, the rounds' time called and
    closed, the entrants. Two small queries, whatever the night's size (the room's
    display asks every few seconds)."""
    tables, rounds = _rows(_TABLES, event_id)[0], _rows(_ROUNDS, event_id)[0]
    return "-".join(str(value) for value in (*tables, *rounds))


def night_stamp(event_id: int) -> tuple[str, str] | None:
    """The night's key and what its pages and prints (result sheet, itineraries,
    movement sheet, table cards) are made from: ``event_stamp``, the night's own row,
    its entrants in their order (the seating draw reorders them) and the director's
    adjustments; None when the night is not stored. Five small queries, whatever its
    size."""
    if not 0 < event_id < 2**31:
        return None
    head = _rows(_HEAD, event_id)
    if not head:
        return None
    rows = [head, _rows(_ENTRANTS, event_id), _rows(_ADJUSTMENTS, event_id)]
    seen = repr([[tuple(row) for row in part] for part in rows])
    digest = hashlib.sha256(seen.encode()).hexdigest()[:16]
    return str(head[0].key), f"{event_stamp(event_id)}-{digest}"


def prints_stamp(event_id: int) -> str:
    """``night_stamp``'s stamp (a print of a night that has not changed is the one
    stored)."""
    found = night_stamp(event_id)
    return "" if found is None else found[1]

"""The clock of a club night's rounds (docs/club-nights.md): read from when each round
was seated (``club.seating``) and the event's time limit, by the engine's
``round_clock``. ``now`` is the one place the time is read, so that tests can set it."""

from __future__ import annotations

from datetime import datetime, timedelta

from scorekeeper.engine.club.round_clock import RoundClock, minutes_between, round_clock
from scorekeeper.engine.scoring import GameResult
from scorekeeper.store.club_models import Event, EventRound, EventTable
from scorekeeper.store.models import utcnow


def now() -> datetime:
    """The time the clocks read (the stored times' UTC, without a zone)."""
    return utcnow()


def next_tick(event: Event, at: datetime | None = None) -> datetime | None:
    """When the night's words of time next change after ``at`` (now when not given): the
    next whole minute from the seating of a round still open (its clock and its tables'
    minutes count from there); None when no round is open. A page made from ``at`` to
    then says what it would now."""
    at = now() if at is None else at
    ticks = [
        _next_minute(stored.seated_at, at)
        for stored in event.rounds
        if stored.seated_at is not None and stored.closed_at is None
    ]
    return min(ticks, default=None)


def _next_minute(start: datetime, at: datetime) -> datetime:
    passed = max(0, (at - start) // MINUTE)
    return start + (passed + 1) * MINUTE


MINUTE = timedelta(minutes=1)


def clock_of(
    seated_at: datetime | None, time_limit: int | None, stopped: bool = False
) -> RoundClock | None:
    """The round's clock now; None without a limit, for a round not seated (or seated
    before the clock was kept), and for a round ``stopped``: closed, or its time called
    (its time no longer runs: the pages say time is called, never minutes left)."""
    if time_limit is None or seated_at is None or stopped:
        return None
    return round_clock(seated_at, now(), time_limit)


def table_minutes(
    stored_round: EventRound, table: EventTable, result: GameResult | None
) -> int | None:
    """Minutes a table of an open round has played since the round was seated: until its
    last hand once its game is finished, else until now; None for a round with no
    seating time, or closed."""
    if stored_round.seated_at is None or stored_round.closed_at is not None:
        return None
    game = table.game
    end = now()
    if result is not None and result.finished and game is not None and game.hands:
        end = max(hand.created_at for hand in game.hands)
    return minutes_between(stored_round.seated_at, end)


def round_clocks(event: Event) -> dict[int, RoundClock]:
    """Each seated, open round's clock now, until its time is called (none without a
    time limit)."""
    clocks = {
        stored.number: clock_of(
            stored.seated_at,
            event.time_limit,
            stored.closed_at is not None or stored.time_called_at is not None,
        )
        for stored in event.rounds
        if stored.tables
    }
    return {number: clock for number, clock in clocks.items() if clock is not None}


def tables_minutes(
    event: Event, results: dict[tuple[int, int], GameResult]
) -> dict[tuple[int, int], int]:
    """Minutes played at each table of the open rounds (``table_minutes``), by round and
    table number."""
    minutes = {
        (stored.number, table.number): table_minutes(
            stored, table, results.get((stored.number, table.number))
        )
        for stored in event.rounds
        for table in stored.tables
    }
    return {place: value for place, value in minutes.items() if value is not None}

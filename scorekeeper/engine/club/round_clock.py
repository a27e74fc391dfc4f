"""A club night's round against its time limit: the minutes played since the round was
seated, and the minutes left (or over) when the event gives its rounds a limit.

Pure: the clock is read by whoever asks (``now`` is theirs to pass), so a page, a test
and the room's display agree on the minute. Minutes left count up to the next whole
minute (29 minutes 10 seconds left is "30 minutes left", and the limit is reached at
0, not a minute early); minutes played and minutes over count whole minutes gone.

>>> from datetime import datetime, timedelta
>>> seated = datetime(2026, 12, 1, 19, 0)
>>> round_clock(seated, datetime(2026, 12, 1, 19, 17, 30), 30)
RoundClock(played=17, left=13, over=0, ends_at=datetime.datetime(2026, 12, 1, 19, 30))
>>> round_clock(seated, datetime(2026, 12, 1, 19, 33, 10), 30).over
3
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

MINUTE = 60  # seconds


@dataclass(frozen=True)
class RoundClock:
    """Whole minutes played; minutes left (0 once time is up); whole minutes over; and
    when time is up (a page's script counts down to it)."""

    played: int
    left: int
    over: int
    ends_at: datetime

    @property
    def time_is_up(self) -> bool:
        return self.left == 0


def minutes_between(start: datetime, end: datetime) -> int:
    """Whole minutes from ``start`` to ``end`` (0 when ``end`` is not after it: a clock
    set a little behind the server's reads no minutes, not a negative number).

    >>> minutes_between(datetime(2026, 12, 1, 19, 0), datetime(2026, 12, 1, 19, 2, 59))
    2
    """
    return max(0, int((end - start).total_seconds()) // MINUTE)


def round_clock(seated_at: datetime, now: datetime, limit: int) -> RoundClock:
    """The clock of a round seated at ``seated_at`` with ``limit`` minutes, at ``now``."""
    seconds = max(0, int((now - seated_at).total_seconds()))
    remaining = limit * MINUTE - seconds
    left = -(-remaining // MINUTE) if remaining > 0 else 0  # up to the next whole minute
    over = -remaining // MINUTE if remaining < 0 else 0
    ends_at = seated_at + timedelta(minutes=limit)
    return RoundClock(played=seconds // MINUTE, left=left, over=over, ends_at=ends_at)

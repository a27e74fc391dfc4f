"""A round's clock (``engine.club.round_clock``) as a table of cases: when the round was
seated, the time read, the limit -> minutes played, left and over. Minutes left count up
to the next whole minute, so time is up at the limit exactly; played and over count
whole minutes gone."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from scorekeeper.engine.club.round_clock import RoundClock, minutes_between, round_clock

SEATED = datetime(2026, 12, 1, 19, 0)


def at(minutes: int, seconds: int = 0) -> datetime:
    return SEATED + timedelta(minutes=minutes, seconds=seconds)


CLOCKS = [
    # (read at, limit, played, left, over)
    ("just seated", at(0), 30, 0, 30, 0),
    ("a second in", at(0, 1), 30, 0, 30, 0),
    ("a minute in", at(1), 30, 1, 29, 0),
    ("between minutes", at(17, 30), 30, 17, 13, 0),
    ("a second to go", at(29, 59), 30, 29, 1, 0),
    ("the limit exactly", at(30), 30, 30, 0, 0),
    ("under a minute over", at(30, 59), 30, 30, 0, 0),
    ("a minute over", at(31), 30, 31, 0, 1),
    ("three minutes over", at(33, 10), 30, 33, 0, 3),
    ("the shortest limit", at(0, 30), 1, 0, 1, 0),
    ("the longest limit", at(60), 240, 60, 180, 0),
    ("long over", at(300), 240, 300, 0, 60),
    ("a clock behind the seating", at(-2), 30, 0, 30, 0),
]


@pytest.mark.parametrize(
    ("now", "limit", "played", "left", "over"),
    [case[1:] for case in CLOCKS],
    ids=[case[0] for case in CLOCKS],
)
def test_a_rounds_clock(now: datetime, limit: int, played: int, left: int, over: int) -> None:
    clock = round_clock(SEATED, now, limit)
    assert (clock.played, clock.left, clock.over) == (played, left, over)
    assert clock.time_is_up == (left == 0)
    assert clock.ends_at == SEATED + timedelta(minutes=limit)


@pytest.mark.parametrize(
    ("start", "end", "minutes"),
    [(at(0), at(0), 0), (at(0), at(2, 59), 2), (at(5), at(65), 60), (at(5), at(4), 0)],
)
def test_minutes_between_count_whole_minutes_never_below_none(
    start: datetime, end: datetime, minutes: int
) -> None:
    assert minutes_between(start, end) == minutes


def test_left_and_over_never_both() -> None:
    for second in range(0, 45 * 60, 7):
        clock: RoundClock = round_clock(SEATED, at(0, second), 30)
        assert not (clock.left and clock.over)
        assert clock.left + clock.played >= 30 or clock.time_is_up

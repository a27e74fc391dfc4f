"""A round's clock in the club area (``club.clock``): the round's seating time kept
(and started again when it is seated again), the clock read at ``clock.now`` (set by
the tests), the minutes each table played, and none without a limit or once closed."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from flask import Flask

from scorekeeper.club.clock import round_clocks, tables_minutes
from scorekeeper.club.events import engine_event, export_event, get_event, import_event
from scorekeeper.club.rounds import close_round
from scorekeeper.club.seating import record_seating
from scorekeeper.engine.club.round_clock import minutes_between
from scorekeeper.engine.club.standings import results
from scorekeeper.games.hands import add_hand
from scorekeeper.store.club_models import Event
from tests.club.test_events_store import app  # noqa: F401 (a fixture)
from tests.club.test_seating import MADE, NIGHT, ROUND_1, ROUND_1_AGAIN, SET
from tests.conftest import SEATED, Wall


def night(**fields: Any) -> Event:
    event = get_event(import_event({**NIGHT, **fields}).id)
    assert event is not None
    return event


def test_a_seated_round_keeps_when_it_was_seated_and_again_when_seated_again(
    app: Flask,  # noqa: F811
    wall: Wall,
) -> None:
    event = night(time_limit=30)
    assert event.time_limit == 30
    assert record_seating(event, 1, ROUND_1).seated_at == SEATED
    wall.at(5)
    assert record_seating(event, 1, ROUND_1_AGAIN).seated_at == SEATED + timedelta(minutes=5)
    assert event.rounds[1].seated_at is None  # not seated yet


CLOCKS = [
    # (time limit, read at minutes:seconds, the round's clock as (played, left, over) or None)
    (30, (17, 30), (17, 13, 0)),
    (30, (30, 0), (30, 0, 0)),
    (30, (33, 10), (33, 0, 3)),
    (None, (17, 30), None),
]


@pytest.mark.parametrize(("limit", "read", "expected"), CLOCKS)
def test_the_rounds_clock_read_now(
    app: Flask,  # noqa: F811
    wall: Wall,
    limit: int | None,
    read: tuple[int, int],
    expected: tuple[int, int, int] | None,
) -> None:
    event = night(time_limit=limit)
    record_seating(event, 1, ROUND_1)
    wall.at(*read)
    clocks = round_clocks(event)
    if expected is None:
        assert clocks == {}
        return
    assert list(clocks) == [1]  # round 2 is not seated: no clock
    assert (clocks[1].played, clocks[1].left, clocks[1].over) == expected


def test_a_table_plays_until_now_or_its_last_hand_and_a_closed_round_has_no_clock(
    app: Flask,  # noqa: F811
    wall: Wall,
) -> None:
    event = night(time_limit=30)
    game = record_seating(event, 1, ROUND_1).tables[0].game
    assert game is not None
    wall.at(12)
    add_hand(game, MADE)
    wall.at(21, 40)
    add_hand(game, SET)  # two hands: the game is over
    event = get_event(event.id) or event
    wall.at(40)
    # the hands' own times are the real clock's: the last one is read from them
    last = max(hand.created_at for hand in game.hands)
    finished = tables_minutes(event, results(engine_event(event)))
    assert finished == {(1, 1): minutes_between(SEATED, last)}
    close_round(event, 1, unconfirmed=True)
    event = get_event(event.id) or event
    assert round_clocks(event) == {}
    assert tables_minutes(event, results(engine_event(event))) == {}


def test_a_table_still_playing_counts_until_now(app: Flask, wall: Wall) -> None:  # noqa: F811
    event = night()  # no limit: no clock, the tables' minutes all the same
    record_seating(event, 1, ROUND_1)
    wall.at(24, 59)
    event = get_event(event.id) or event
    assert tables_minutes(event, results(engine_event(event))) == {(1, 1): 24}
    assert round_clocks(event) == {}


def test_the_time_limit_goes_out_with_the_event_and_comes_back(app: Flask) -> None:  # noqa: F811
    document = export_event(night(time_limit=45))
    assert document["time_limit"] == 45
    assert get_event(import_event(document).id).time_limit == 45  # type: ignore[union-attr]
    assert "time_limit" not in export_event(night())

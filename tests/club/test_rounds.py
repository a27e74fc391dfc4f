"""A round under the director's hand (``club.rounds``): time called once, the round
closed once, refused while a table plays unless the director gives the reason; every
refusal writes nothing. On SQLite, and on PostgreSQL with scripts/with-postgres."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask

from scorekeeper.club.events import get_event, table_of_game
from scorekeeper.club.rounds import call_time, close_round
from scorekeeper.club.seating import record_seating
from scorekeeper.engine.errors import PinochleError
from scorekeeper.games.hands import add_hand
from scorekeeper.store.club_models import Event
from tests.club.test_events_store import app  # noqa: F401 (a fixture)
from tests.club.test_seating import MADE, ROUND_1, SET, stored_night
from tests.web.test_access import database_fingerprint


def seated() -> Event:
    event = stored_night()
    record_seating(event, 1, ROUND_1)
    again = get_event(event.id)
    assert again is not None
    return again


def played(event: Event) -> Event:
    game = event.rounds[0].tables[0].game
    assert game is not None
    add_hand(game, MADE)
    add_hand(game, SET)  # hands:2: the game is over
    again = get_event(event.id)
    assert again is not None
    return again


def test_time_called_marks_the_round_and_its_tables(app: Flask) -> None:  # noqa: F811
    event = seated()
    assert call_time(event, 1).time_called_at is not None
    game_id = event.rounds[0].tables[0].game_id
    assert game_id is not None
    place = table_of_game(game_id)
    assert place is not None and (place.round, place.time_called, place.closed) == (1, True, False)


def test_a_round_whose_tables_finished_closes_without_a_reason(app: Flask) -> None:  # noqa: F811
    closed = close_round(played(seated()), 1, unconfirmed=True)  # asked, and said so
    assert closed.closed_at is not None and closed.closed_reason is None


def test_the_director_ends_a_round_still_played_with_the_reason(app: Flask) -> None:  # noqa: F811
    closed = close_round(seated(), 1, "  the hall closes at eleven  ")
    assert closed.closed_reason == "the hall closes at eleven"


def nothing(event: Event) -> None:
    pass


# done first, then what the director does -> the engine's code, words of its sentence
REFUSED: list[tuple[str, Callable[[Event], Any], Callable[[Event], Any], str, str]] = [
    ("time on an unseated round", nothing, lambda e: call_time(e, 2),
     "event_round_unseated", "round 2 is not seated yet"),
    ("time called twice", lambda e: call_time(e, 1), lambda e: call_time(e, 1),
     "event_time_called_twice", "already"),
    ("closed while a table plays", nothing, lambda e: close_round(e, 1),
     "event_round_unfinished", "round 1: table 1 is still playing"),
    ("a blank reason", nothing, lambda e: close_round(e, 1, "   "),
     "event_round_unfinished", "the reason"),
    ("closed twice", lambda e: close_round(e, 1, "late"), lambda e: close_round(e, 1, "late"),
     "event_round_closed", "round 1 is closed"),
    ("time after the close", lambda e: close_round(e, 1, "late"), lambda e: call_time(e, 1),
     "event_round_closed", "nothing more is recorded"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("first", "act", "code", "words"),
    [case[1:] for case in REFUSED],
    ids=[case[0] for case in REFUSED],
)
def test_a_director_refused_changes_nothing(
    app: Flask,  # noqa: F811
    first: Callable[[Event], Any],
    act: Callable[[Event], Any],
    code: str,
    words: str,
) -> None:
    event = seated()
    first(event)
    before = database_fingerprint(app)
    with pytest.raises(PinochleError) as refused:
        act(event)
    assert refused.value.code == code and words in str(refused.value)
    assert database_fingerprint(app) == before

"""Rounds in order (issue 30, item 4; docs/club-nights.md): a round is seated once the
round before it is closed; the director unseats a seated round while none of its tables
has a hand and no later round is seated; an imported night's played rounds come in
closed (a later round was seated after them), the last one too once every game of it
is over. Each refusal writes nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask

from scorekeeper.club.events import get_event, import_event
from scorekeeper.club.rounds import close_round
from scorekeeper.club.seating import record_seating, unseat_round
from scorekeeper.engine.errors import PinochleError
from scorekeeper.games.hands import add_hand
from scorekeeper.store.club_models import Event
from scorekeeper.store.models import Game
from tests.club.test_events_store import app  # noqa: F401 (a fixture)
from tests.club.test_seating import MADE, ROUND_1, ROUND_1_AGAIN, stored_night
from tests.conftest import CASES
from tests.web.test_access import database_fingerprint

NIGHT = CASES.parent / "events" / "club-night.json"  # three rounds of one table, all played


def fresh(event: Event) -> Event:
    found = get_event(event.id)
    assert found is not None
    return found


def seated_once() -> Event:
    event = stored_night()
    record_seating(event, 1, ROUND_1)
    return fresh(event)


def hand_at_round_1(event: Event) -> None:
    game = event.rounds[0].tables[0].game
    assert game is not None
    add_hand(game, MADE)


# done first -> what the director does -> the engine's code and sentence
REFUSED: list[tuple[str, Callable[[Event], Any], Callable[[Event], Any], str, str]] = [
    ("round 2 while round 1 plays", lambda e: None, lambda e: record_seating(e, 2, ROUND_1),
     "event_round_before_open", "round 2 is seated once round 1 is closed: close round 1 first"),
    ("a round not seated unseated", lambda e: None, lambda e: unseat_round(e, 2),
     "event_round_unseated", "round 2 is not seated yet: seat it first"),
    ("a round with a hand unseated", hand_at_round_1, lambda e: unseat_round(e, 1),
     "event_round_played", "round 1 is being played (a hand is recorded at one of its"),
    ("a closed round unseated", lambda e: close_round(e, 1, "no players"),
     lambda e: unseat_round(e, 1), "event_round_closed", "round 1 is closed"),
    ("a closed round followed by a seated one",
     lambda e: (close_round(e, 1, "no players"), record_seating(fresh(e), 2, ROUND_1)),
     lambda e: unseat_round(e, 1), "event_round_closed", "round 1 is closed"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("first", "act", "code", "words"),
    [case[1:] for case in REFUSED],
    ids=[case[0] for case in REFUSED],
)
def test_a_round_out_of_order_is_refused_and_writes_nothing(
    app: Flask,  # noqa: F811
    first: Callable[[Event], Any],
    act: Callable[[Event], Any],
    code: str,
    words: str,
) -> None:
    event = seated_once()
    first(event)
    before = database_fingerprint(app)
    with pytest.raises(PinochleError) as refused:
        act(fresh(event))
    assert refused.value.code == code and str(refused.value).startswith(words)
    assert database_fingerprint(app) == before


def test_an_unseated_round_is_as_before_it_was_seated(app: Flask) -> None:  # noqa: F811
    event = seated_once()
    game_id = event.rounds[0].tables[0].game_id
    unseated = unseat_round(event, 1)
    assert (unseated.tables, unseated.byes, unseated.seated_at) == ([], [], None)
    from scorekeeper.extensions import db

    assert db.session.get(Game, game_id) is None  # its empty game is gone
    again = record_seating(fresh(event), 1, ROUND_1_AGAIN)  # seated anew, as the director likes
    assert [seat.entrant.name for seat in again.tables[0].seats] == ["Eve", "Ann", "Bea", "Cal"]


def test_the_next_round_is_seated_once_this_one_is_closed(app: Flask) -> None:  # noqa: F811
    event = seated_once()
    close_round(event, 1, "the hall closes")
    assert record_seating(fresh(event), 2, ROUND_1).tables


def document(last_hands: int) -> dict[str, Any]:
    """The three-round night with round 3's game cut to ``last_hands`` hands."""
    night: dict[str, Any] = json.loads(NIGHT.read_text(encoding="utf-8"))
    night["rounds"][2]["tables"][0]["game"]["hands"] = night["rounds"][2]["tables"][0]["game"][
        "hands"
    ][:last_hands]
    return night


@pytest.mark.parametrize(
    ("last_hands", "closed"),
    [(2, [True, True, True]), (1, [True, True, False]), (0, [True, True, False])],
    ids=["a whole night", "round 3 still playing", "round 3 seated, not begun"],
)
def test_an_imported_nights_played_rounds_come_in_closed(
    app: Flask,  # noqa: F811
    last_hands: int,
    closed: list[bool],
) -> None:
    event = import_event(document(last_hands))
    assert [stored.closed_at is not None for stored in fresh(event).rounds] == closed


def test_a_night_stored_before_rounds_were_in_order_keeps_its_later_round(
    app: Flask,  # noqa: F811
) -> None:
    """A night stored before this rule may have round 1 open beside a seated round 2:
    round 1 is not unseated under it (nor offered)."""
    from scorekeeper.club.events import unseatable
    from scorekeeper.engine.club.standings import results
    from scorekeeper.extensions import db

    event = seated_once()
    close_round(event, 1, "no players")
    record_seating(fresh(event), 2, ROUND_1)
    stored = fresh(event)
    stored.rounds[0].closed_at = None  # as an older version left it
    db.session.commit()
    before = database_fingerprint(app)
    with pytest.raises(PinochleError) as refused:
        unseat_round(fresh(event), 1)
    assert (refused.value.code, str(refused.value)) == (
        "event_round_seated",
        "round 2 is seated already",
    )
    assert database_fingerprint(app) == before
    from scorekeeper.club.events import engine_event

    assert unseatable(fresh(event), results(engine_event(fresh(event)))) == {2}

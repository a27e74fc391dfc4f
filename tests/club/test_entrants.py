"""Who plays, changed between rounds (``club.entrants``): a late arrival joins the rounds
not seated yet and a withdrawal leaves them, the next round seated for who is there
(``event_movement``); the engine's name rule and nobody twice; fixed teams keep their
teams; every refusal writes nothing. On SQLite, and on PostgreSQL with
scripts/with-postgres."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask

from scorekeeper.club.entrants import add_entrant, withdraw, withdrawn
from scorekeeper.club.events import engine_event, get_event, import_event
from scorekeeper.club.seating import record_seating
from scorekeeper.engine.club.event_movement import next_seating
from scorekeeper.engine.errors import PinochleError
from scorekeeper.store.club_models import Event
from tests.club.test_events_store import app, document  # noqa: F401 (app is a fixture)
from tests.club.test_seating import NIGHT, ROUND_1
from tests.web.test_access import database_fingerprint


def night(rounds: int = 3) -> Event:
    event = import_event({**NIGHT, "rounds": [{"round": n} for n in range(1, rounds + 1)]})
    record_seating(event, 1, ROUND_1)
    found = get_event(event.id)
    assert found is not None
    return found


def test_a_late_arrival_is_seated_from_the_next_round(app: Flask) -> None:  # noqa: F811
    event = night()
    joined = add_entrant(event, "  Fay ")
    assert (joined.name, joined.position, joined.player.name) == ("Fay", 5, "Fay")
    again = get_event(event.id)
    assert again is not None
    seating, _even = next_seating(engine_event(again), 2, withdrawn(again, 2))
    seated = [name for table in seating["tables"] for name in table["seats"]]
    assert sorted(seated + seating["byes"]) == ["Ann", "Bea", "Cal", "Dan", "Eve", "Fay"]


def test_a_withdrawal_leaves_the_rounds_to_come(app: Flask) -> None:  # noqa: F811
    event = night()
    assert withdraw(event, "Eve").withdrawn_before == 2
    again = get_event(event.id)
    assert again is not None
    assert withdrawn(again, 1) == [] and withdrawn(again, 2) == ["Eve"]
    seating, _even = next_seating(engine_event(again), 2, withdrawn(again, 2))
    assert sorted(seating["tables"][0]["seats"]) == ["Ann", "Bea", "Cal", "Dan"]
    assert seating["byes"] == []


def nothing(event: Event) -> None:
    pass


def seat_all(event: Event) -> None:
    from scorekeeper.club.rounds import close_round

    for number in (2, 3):  # each once the round before it is closed
        close_round(get_event(event.id) or event, number - 1, "no time", unconfirmed=True)
        record_seating(get_event(event.id) or event, number, ROUND_1)


def teams_night() -> Event:
    return import_event({**document_of_teams(), "rounds": [{"round": 1}, {"round": 2}]})


def document_of_teams() -> dict[str, Any]:
    from tests.club.test_events_store import NIGHTS

    teams = document(NIGHTS[1])
    teams["adjustments"] = []
    return teams


# done first, then what the director does -> the engine's code
REFUSED: list[tuple[str, Callable[[Event], Any], Callable[[Event], Any], str]] = [
    ("a player twice", nothing, lambda e: add_entrant(e, "Ann"), "event_entered_twice"),
    ("no name", nothing, lambda e: add_entrant(e, "  "), "name_empty"),
    ("a name too long", nothing, lambda e: add_entrant(e, "F" * 61), "name_too_long"),
    ("not an entrant", nothing, lambda e: withdraw(e, "Zed"), "event_unknown_name"),
    ("withdrawn twice", lambda e: withdraw(e, "Eve"), lambda e: withdraw(e, "Eve"),
     "event_withdrawn_twice"),
    ("every round seated", seat_all, lambda e: add_entrant(e, "Fay"), "event_no_round_left"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("first", "act", "code"), [case[1:] for case in REFUSED], ids=[c[0] for c in REFUSED]
)
def test_a_change_refused_writes_nothing(
    app: Flask,  # noqa: F811
    first: Callable[[Event], Any],
    act: Callable[[Event], Any],
    code: str,
) -> None:
    event = night()
    first(event)
    before = database_fingerprint(app)
    with pytest.raises(PinochleError) as refused:
        act(get_event(event.id) or event)
    assert refused.value.code == code
    assert database_fingerprint(app) == before


@pytest.mark.parametrize("change", [add_entrant, withdraw], ids=["arrival", "withdrawal"])
def test_a_fixed_teams_night_keeps_its_teams(
    app: Flask,  # noqa: F811
    change: Callable[[Event, str], Any],
) -> None:
    event = teams_night()
    before = database_fingerprint(app)
    with pytest.raises(PinochleError) as refused:
        change(event, "Ann & Cal")
    assert refused.value.code == "event_teams_fixed"
    assert "keeps its teams" in str(refused.value)
    assert database_fingerprint(app) == before

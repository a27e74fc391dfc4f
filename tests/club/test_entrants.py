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

from scorekeeper.club.entrants import (
    add_entrant,
    night_planned,
    remove_entrant,
    undo_withdrawal,
    withdraw,
    withdrawn,
)
from scorekeeper.club.events import engine_event, get_event, import_event
from scorekeeper.club.seating import record_seating
from scorekeeper.engine.club.event_movement import next_seating
from scorekeeper.engine.errors import PinochleError
from scorekeeper.extensions import db
from scorekeeper.games.players import known_players, player_named
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


def hal_known(event: Event) -> None:
    """Hal Brandt, a player of the club's (from an earlier night or game)."""
    player_named("Hal Brandt")
    db.session.commit()


def withdraw_eve_and_seat(event: Event) -> None:
    from scorekeeper.club.rounds import close_round

    withdraw(event, "Eve")
    close_round(get_event(event.id) or event, 1, "no time", unconfirmed=True)
    record_seating(get_event(event.id) or event, 2, {**ROUND_1, "byes": []})


def fay_adjusted(event: Event) -> None:
    from scorekeeper.store.club_models import Adjustment

    joined = add_entrant(event, "Fay")
    found = get_event(event.id) or event
    found.adjustments.append(
        Adjustment(position=0, entrant=joined, round=2, points=-50, reason="late")
    )
    db.session.commit()


# done first, then what the director does -> the engine's code
REFUSED: list[tuple[str, Callable[[Event], Any], Callable[[Event], Any], str]] = [
    ("a player twice", nothing, lambda e: add_entrant(e, "Ann"), "event_entered_twice"),
    ("no name", nothing, lambda e: add_entrant(e, "  "), "name_empty"),
    ("a name too long", nothing, lambda e: add_entrant(e, "F" * 61), "name_too_long"),
    ("not an entrant", nothing, lambda e: withdraw(e, "Zed"), "event_unknown_name"),
    ("withdrawn twice", lambda e: withdraw(e, "Eve"), lambda e: withdraw(e, "Eve"),
     "event_withdrawn_twice"),
    ("every round seated", seat_all, lambda e: add_entrant(e, "Fay"), "event_no_round_left"),
    # one person, one entrant: a look-alike of an entrant, or of a player of the club's
    ("an entrant in lower case", nothing, lambda e: add_entrant(e, "ann"), "event_look_alike"),
    ("an entrant with an accent", nothing, lambda e: add_entrant(e, "\u00c9ve"),
     "event_look_alike"),
    ("a known player in lower case", hal_known, lambda e: add_entrant(e, "hal brandt"),
     "event_look_alike_known"),
    ("a known player, Cyrillic", hal_known, lambda e: add_entrant(e, "Hal Br\u0430ndt"),
     "event_look_alike_known"),
    # a withdrawal undone only while the round it starts from is not seated
    ("undo, never withdrawn", nothing, lambda e: undo_withdrawal(e, "Eve"),
     "event_not_withdrawn"),
    ("undo, its round seated", withdraw_eve_and_seat,
     lambda e: undo_withdrawal(e, "Eve"), "event_withdrawal_kept"),
    ("undo, not an entrant", nothing, lambda e: undo_withdrawal(e, "Zed"),
     "event_unknown_name"),
    # removed outright only when never played
    ("remove, seated", nothing, lambda e: remove_entrant(e, "Ann"), "event_entrant_played"),
    ("remove, a bye", nothing, lambda e: remove_entrant(e, "Eve"), "event_entrant_played"),
    ("remove, adjusted", fay_adjusted, lambda e: remove_entrant(e, "Fay"),
     "event_entrant_adjusted"),
    ("remove, not an entrant", nothing, lambda e: remove_entrant(e, "Zed"),
     "event_unknown_name"),
    ("remove, every round seated", seat_all, lambda e: remove_entrant(e, "Eve"),
     "event_no_round_left"),
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


def plan(event_id: int) -> Any:
    """The night's plan as the director's prints show it: the rounds to come seated."""
    event = get_event(event_id)
    assert event is not None
    return night_planned(event, engine_event(event))


@pytest.mark.parametrize(
    ("change", "undo"),
    [
        (lambda e: add_entrant(e, "Fay"), lambda e: remove_entrant(e, "Fay")),
        (lambda e: add_entrant(e, "Fay", plays_at_once=True), lambda e: remove_entrant(e, "Fay")),
        (lambda e: withdraw(e, "Cal"), lambda e: undo_withdrawal(e, "Cal")),
    ],
    ids=["arrival removed", "arrival at once removed", "withdrawal undone"],
)
def test_a_change_that_comes_to_nothing_leaves_the_plan_as_it_was(
    app: Flask,  # noqa: F811
    change: Callable[[Event], Any],
    undo: Callable[[Event], Any],
) -> None:
    event = night(rounds=4)
    before = plan(event.id)
    change(event)
    assert plan(event.id) != before
    undo(get_event(event.id) or event)
    assert plan(event.id) == before


def test_an_entrant_removed_appears_nowhere(app: Flask) -> None:  # noqa: F811
    from scorekeeper.club.events import event_standings, export_event
    from scorekeeper.engine.club.itineraries import itineraries

    event = night(rounds=4)
    add_entrant(event, "Flo Entered-By-Mistake")
    assert "Flo Entered-By-Mistake" in known_players()
    remove_entrant(get_event(event.id) or event, "Flo Entered-By-Mistake")
    again = get_event(event.id)
    assert again is not None
    checked = engine_event(again)
    assert [entrant.position for entrant in again.entrants] == [0, 1, 2, 3, 4]
    assert [e["name"] for e in export_event(again)["entrants"]] == [
        "Ann",
        "Bea",
        "Cal",
        "Dan",
        "Eve",
    ]
    assert "Flo" not in repr(event_standings(again, checked))
    assert "Flo" not in repr(itineraries(checked, night_planned(again, checked)))
    assert "Flo Entered-By-Mistake" not in known_players()  # no player left behind


def test_a_player_removed_from_a_night_stays_known_for_their_games(app: Flask) -> None:  # noqa: F811
    first = night()  # Ann .. Eve play round 1 of the first night
    second = import_event(
        {
            **NIGHT,
            "name": "Thursday",
            "entrants": [{"name": n} for n in ("Bea", "Cal", "Dan", "Eve", "Ann")],
        }
    )
    remove_entrant(second, "Ann")  # in no round of this night, seated in the other
    assert "Ann" in known_players()
    assert get_event(first.id) is not None


def test_a_look_alike_said_to_be_someone_new_is_a_new_player(app: Flask) -> None:  # noqa: F811
    event = night()
    hal_known(event)
    joined = add_entrant(event, "hal brandt", new_player=True)
    assert joined.name == "hal brandt" and joined.player.name == "hal brandt"
    assert {"Hal Brandt", "hal brandt"} <= set(known_players())
    # the very name of a player of the club's is that player: no question
    other = night()
    assert add_entrant(other, "Hal Brandt").player.name == "Hal Brandt"
    # and one night never holds both
    with pytest.raises(PinochleError, match="'Hal Brandt' and 'hal brandt'"):
        add_entrant(get_event(event.id) or event, "Hal Brandt")


def test_a_night_whose_player_looks_like_one_of_the_clubs_is_refused(app: Flask) -> None:  # noqa: F811
    hal_known(night())
    entrants = [{"name": name} for name in ("Bea", "Cal", "Dan", "Eve", "hal  brandt")]
    before = database_fingerprint(app)
    with pytest.raises(PinochleError) as refused:
        import_event({**NIGHT, "entrants": entrants})
    assert refused.value.code == "event_look_alike_known"
    assert "'hal brandt' looks like the club's player 'Hal Brandt'" in str(refused.value)
    assert database_fingerprint(app) == before
    made = import_event({**NIGHT, "entrants": entrants}, new_players={"hal brandt"})
    assert [entrant.player.name for entrant in made.entrants][-1] == "hal brandt"

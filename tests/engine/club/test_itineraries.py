"""Each entrant's itinerary (``engine.club.itineraries``) and the whole night planned
(``event_movement.planned_night``): the seat, partner and opponents read from a round's
table, the bye, the rounds an entrant is not there; the seated rounds kept as stored and
the rest the movement's, each entrant once a round."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.club.event_movement import next_seating, planned_night
from scorekeeper.engine.club.events import PROGRESSIVE, TEAMS, Event, Round, Table, from_document
from scorekeeper.engine.club.itineraries import Stop, itineraries, itinerary
from scorekeeper.engine.club.movement_changes import recompute
from scorekeeper.engine.club.movements import Round as MovementRound
from scorekeeper.engine.club.movements import Table as MovementTable
from tests.engine.club.test_events import night, teams

PROGRESSIVE_ROUND = Round(1, (Table(1, ("Ann", "Bea", "Cal", "Dan")),), ("Eve",))
TEAMS_ROUND = Round(1, (Table(1, ("Ann & Cal", "Bea & Dan")),), ("Eve & Fay",))

# (kind, round, who) -> their stop (the round seated as stored)
STOPS: list[tuple[str, Round, str, Stop]] = [
    (PROGRESSIVE, PROGRESSIVE_ROUND, "Ann", Stop(1, True, 1, "North", "Cal", ("Bea", "Dan"))),
    (PROGRESSIVE, PROGRESSIVE_ROUND, "Bea", Stop(1, True, 1, "East", "Dan", ("Cal", "Ann"))),
    (PROGRESSIVE, PROGRESSIVE_ROUND, "Cal", Stop(1, True, 1, "South", "Ann", ("Dan", "Bea"))),
    (PROGRESSIVE, PROGRESSIVE_ROUND, "Dan", Stop(1, True, 1, "West", "Bea", ("Ann", "Cal"))),
    (PROGRESSIVE, PROGRESSIVE_ROUND, "Eve", Stop(1, True, bye=True)),
    (PROGRESSIVE, PROGRESSIVE_ROUND, "Fay", Stop(1, True)),  # arrived later: not there
    (TEAMS, TEAMS_ROUND, "Ann & Cal", Stop(1, True, 1, "North-South", opponents=("Bea & Dan",))),
    (TEAMS, TEAMS_ROUND, "Bea & Dan", Stop(1, True, 1, "East-West", opponents=("Ann & Cal",))),
    (TEAMS, TEAMS_ROUND, "Eve & Fay", Stop(1, True, bye=True)),
]  # fmt: skip


@pytest.mark.parametrize(
    ("kind", "round_", "who", "stop"), STOPS, ids=[f"{c[0]} {c[2]}" for c in STOPS]
)
def test_a_stop_is_read_from_the_rounds_table(
    kind: str, round_: Round, who: str, stop: Stop
) -> None:
    assert itinerary(who, kind, [round_], {1}) == (stop,)
    assert stop.away == (stop.table is None and not stop.bye)


def test_a_round_not_seated_is_marked_as_the_movements_plan() -> None:
    (stop,) = itinerary("Eve", PROGRESSIVE, [PROGRESSIVE_ROUND], set())
    assert (stop.seated, stop.bye) == (False, True)


def _rounds(base: dict[str, Any], rounds: int, seated: int = 0) -> Event:
    """``base`` with ``rounds`` rounds, its first ``seated`` as the file has them."""
    kept = base["rounds"][:seated]
    document = {**base, "rounds": kept + [{"round": n} for n in range(seated + 1, rounds + 1)]}
    return from_document({**document, "adjustments": []})


# (night, rounds, seated) -> the rounds planned
PLANNED: list[tuple[str, Any, int, int, tuple[int, ...]]] = [
    ("progressive, none seated", night, 4, 0, (1, 2, 3, 4)),
    ("progressive, three seated", night, 5, 3, (4, 5)),
    ("progressive, all seated", night, 3, 3, ()),
    ("teams, none seated", teams, 5, 0, (1, 2, 3, 4, 5)),
]  # fmt: skip


@pytest.mark.parametrize(
    ("base", "rounds", "seated", "planned"),
    [case[1:] for case in PLANNED],
    ids=[case[0] for case in PLANNED],
)
def test_the_night_keeps_the_seated_rounds_and_plans_the_rest(
    base: Any, rounds: int, seated: int, planned: tuple[int, ...]
) -> None:
    event = _rounds(base(), rounds, seated)
    whole = planned_night(event)
    assert whole.planned == planned and whole.problem is None
    assert [r.number for r in whole.rounds] == list(range(1, rounds + 1))
    for stored, kept in zip(event.rounds[:seated], whole.rounds, strict=False):
        assert ([t.seats for t in kept.tables], kept.byes) == (
            [t.seats for t in stored.tables],
            stored.byes,
        )
    for round_ in whole.rounds:  # everyone once a round, at a table or sitting out
        placed = [name for table in round_.tables for name in table.seats] + list(round_.byes)
        assert sorted(placed) == sorted(event.names)
    if planned:  # the next round is the one the page offers, with the same evenness
        seating, even = next_seating(event, planned[0])
        first = whole.rounds[planned[0] - 1]
        assert [list(t.seats) for t in first.tables] == [t["seats"] for t in seating["tables"]]
        assert whole.evenness == even


def test_every_entrant_has_a_stop_each_round() -> None:
    event = _rounds(night(), 5, 3)
    whole = planned_night(event)
    found = itineraries(event, whole)
    assert [i.entrant for i in found] == list(event.names)
    for entry in found:
        assert [stop.round for stop in entry.stops] == [1, 2, 3, 4, 5]
        assert [stop.seated for stop in entry.stops] == [True, True, True, False, False]
        assert not any(stop.away for stop in entry.stops)
    byes = sum(stop.bye for entry in found for stop in entry.stops)
    assert byes == 5  # five players at one table: one sits out each round


def test_a_withdrawn_entrant_is_away_from_the_planned_rounds() -> None:
    event = _rounds(night(), 5, 3)
    whole = planned_night(event, withdrawn=["Ann"])
    (ann,) = [i for i in itineraries(event, whole) if i.entrant == "Ann"]
    assert [stop.away for stop in ann.stops] == [False, False, False, True, True]


def test_a_teams_night_that_lost_a_team_prints_the_seated_rounds_and_the_reason() -> None:
    event = _rounds(teams(), 5, 1)
    whole = planned_night(event, withdrawn=[event.names[0]])
    assert [r.number for r in whole.rounds] == [1] and whole.planned == ()
    assert whole.problem is not None and "keeps its teams" in whole.problem


def test_a_team_has_its_players_on_its_itinerary() -> None:
    event = _rounds(teams(), 5)
    (first, *_) = itineraries(event, planned_night(event))
    assert first.players == event.entrants[0].players and len(first.players) == 2
    assert {stop.seat for stop in first.stops if stop.table} <= {"North-South", "East-West"}


def _seated_in_turn(document: dict[str, Any], rounds: range) -> dict[str, Any]:
    """``document`` with ``rounds`` seated one after the other as the page seats them."""
    for number in rounds:
        seating, _ = next_seating(from_document(document), number)
        document["rounds"][number - 1] = {"round": number, **seating}
    return document


def _players(count: int, rounds: int) -> dict[str, Any]:
    entrants = [{"name": f"Player {n}"} for n in range(1, count + 1)]
    empty = [{"round": n} for n in range(1, rounds + 1)]
    return {**night(), "entrants": entrants, "rounds": empty, "adjustments": []}


# (entrants, rounds): a night printed before its first round is the night seated
PRINTED_FIRST = [(5, 4), (9, 3), (9, 6), (10, 5), (13, 5), (16, 6)]


@pytest.mark.parametrize(
    ("count", "rounds"), PRINTED_FIRST, ids=[f"{c}x{r}" for c, r in PRINTED_FIRST]
)
def test_the_night_printed_first_is_the_night_seated_round_after_round(
    count: int, rounds: int
) -> None:
    document = _players(count, rounds)
    printed = planned_night(from_document(document))
    seated = planned_night(from_document(_seated_in_turn(document, range(1, rounds + 1))))
    assert seated.planned == () and seated.rounds == printed.rounds
    assert seated.evenness == printed.evenness


def test_after_a_late_arrival_the_night_printed_again_holds() -> None:
    document = _seated_in_turn(_players(9, 6), range(1, 3))
    document["entrants"].append({"name": "Late"})
    printed = planned_night(from_document(document))
    assert (
        any("Late" in t.seats for t in printed.rounds[2].tables) or "Late" in printed.rounds[2].byes
    )
    seated = planned_night(from_document(_seated_in_turn(document, range(3, 7))))
    assert seated.rounds == printed.rounds


def test_after_a_withdrawal_the_night_printed_again_holds() -> None:
    document = _seated_in_turn(_players(10, 6), range(1, 3))
    withdrawn = ["Player 3"]
    printed = planned_night(from_document(document), withdrawn)
    for number in range(3, 7):
        seating, _ = next_seating(from_document(document), number, withdrawn)
        document["rounds"][number - 1] = {"round": number, **seating}
    assert planned_night(from_document(document)).rounds == printed.rounds


def test_after_a_round_seated_otherwise_the_rest_is_searched_from_every_round() -> None:
    document = _seated_in_turn(_players(9, 4), range(1, 3))
    document["rounds"][1]["tables"].reverse()  # round 2 seated by hand: its tables swapped
    for number, table in enumerate(document["rounds"][1]["tables"], start=1):
        table["table"] = number
    event = from_document(document)
    place = {name: index for index, name in enumerate(event.names)}
    played = [
        MovementRound(
            r.number,
            tuple(MovementTable(t.number, tuple(place[n] for n in t.seats)) for t in r.tables),
            tuple(place[n] for n in r.byes),
        )
        for r in event.rounds[:2]
    ]
    seating, _ = next_seating(event, 3)
    expected = recompute(played, 9, 4).rounds[2]
    assert [t["seats"] for t in seating["tables"]] == [
        [event.names[p] for p in t.seats] for t in expected.tables
    ]

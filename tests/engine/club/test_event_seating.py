"""A round seated by the director (``events.seating``), each table's new game
(``events.table_game``) and the next round by the movement (``event_movement``): the
seating is read as a round of the file is, with the same refusals; a table's game is one
the event's own check takes for that table; the movement's round seats everyone once."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from scorekeeper.engine.club.event_movement import next_seating
from scorekeeper.engine.club.events import (
    Event,
    Table,
    from_document,
    seating,
    table_game,
    verify_game,
)
from scorekeeper.engine.club.movements import MovementError
from scorekeeper.engine.errors import PinochleError
from tests.engine.club.test_events import night, teams

Seating = dict[str, Any]


def _night() -> Event:
    return from_document(night())


def _teams() -> Event:
    return from_document(teams())


def test_a_seating_is_a_round_without_games() -> None:
    seated = seating(
        _night(),
        2,
        {"tables": [{"table": 1, "seats": ["Eve", "Ann", "Bea", "Cal"]}], "byes": ["Dan"]},
    )
    assert seated.number == 2
    assert seated.tables == (Table(1, ("Eve", "Ann", "Bea", "Cal")),)
    assert seated.byes == ("Dan",)
    assert seating(_night(), 3, {}).tables == ()  # nobody seated yet: an empty round


ANN_BEA_CAL_DAN = {"table": 1, "seats": ["Ann", "Bea", "Cal", "Dan"]}

# what the director sends -> the engine's code, words of its sentence
REFUSED: list[tuple[str, Seating | object, str, str]] = [
    ("not an object", ["Ann"], "game_field", "the seating"),
    ("a field too many", {"tables": [], "round": 2}, "game_field", "round"),
    ("a game sent with it", {"tables": [{**ANN_BEA_CAL_DAN, "game": None}]}, "game_field", "game"),
    ("three seats", {"tables": [{"table": 1, "seats": ["Ann", "Bea", "Cal"]}]},
     "event_seats_count", "4 seats, not 3"),
    ("not an entrant", {"tables": [{"table": 1, "seats": ["Ann", "Bea", "Cal", "Zed"]}]},
     "event_unknown_name", "'Zed'"),
    ("one player twice", {"tables": [{"table": 1, "seats": ["Ann", "Bea", "Ann", "Dan"]}]},
     "event_seated_twice", "'Ann'"),
    ("numbered out of turn", {"tables": [{**ANN_BEA_CAL_DAN, "table": 2}]},
     "event_numbered", "numbered 2"),
    ("a bye at a table", {"tables": [ANN_BEA_CAL_DAN], "byes": ["Ann"]},
     "event_bye_seated", "'Ann' has a bye"),
    ("a bye twice", {"tables": [], "byes": ["Eve", "Eve"]}, "event_entered_twice", "'Eve'"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("document", "code", "words"), [case[1:] for case in REFUSED], ids=[c[0] for c in REFUSED]
)
def test_a_seating_that_breaks_a_rule_is_refused_as_the_file_is(
    document: object, code: str, words: str
) -> None:
    with pytest.raises(PinochleError) as refused:
        seating(_night(), 2, document)
    assert refused.value.code == code
    assert words in str(refused.value)


def test_a_progressive_table_plays_north_south_against_east_west() -> None:
    event = _night()
    table = Table(1, ("Eve", "Ann", "Bea", "Cal"))
    game = table_game(event, table)
    assert [(side.name, side.players) for side in game.sides] == [
        ("Eve & Bea", ("Eve", "Bea")),
        ("Ann & Cal", ("Ann", "Cal")),
    ]
    assert game.seating == ("Eve", "Ann", "Bea", "Cal")
    assert (game.first_dealer, game.hands, game.rules) == ("Eve", (), event.rules)
    assert game.played_on == date(2026, 12, 1)
    verify_game(event, table, game, 2)  # the event's own check takes it


def test_a_team_keeps_its_name_and_its_partners_sit_across() -> None:
    event = _teams()
    table = Table(1, ("Eve & Fay", "Ann & Cal"))
    game = table_game(event, table)
    assert [side.name for side in game.sides] == ["Eve & Fay", "Ann & Cal"]
    assert game.seating == ("Eve", "Ann", "Fay", "Cal")
    verify_game(event, table, game, 1)


def test_two_long_names_make_a_side_named_by_its_seats() -> None:
    long = "Bartholomew Featherstonehaugh-Cholmondeley of Little Snoring"  # 60 characters
    assert len(long) == 60
    document = night()
    document["entrants"][0]["name"] = long
    document["rounds"] = [{"round": 1}]
    document["adjustments"] = []
    event = from_document(document)
    game = table_game(event, Table(1, (long, "Bea", "Cal", "Dan")))
    assert [side.name for side in game.sides] == ["North-South", "Bea & Dan"]
    assert game.sides[0].players == (long, "Cal")


# --- the next round by the movement ---------------------------------------------------


def _unseated(base: dict[str, Any], rounds: int) -> Event:
    document = {**base, "rounds": [{"round": n} for n in range(1, rounds + 1)], "adjustments": []}
    return from_document(document)


def test_the_first_round_is_the_movements_and_every_entrant_plays_or_sits_out() -> None:
    event = _unseated(night(), 4)
    seated, even = next_seating(event, 1)
    round_1 = seating(event, 1, seated)  # the engine's reader takes it
    placed = [name for table in round_1.tables for name in table.seats] + list(round_1.byes)
    assert sorted(placed) == sorted(event.names)
    assert (even.partner_repeats, even.bye_spread) == (0, 1)


def test_a_round_after_the_ones_seated_keeps_them_and_goes_on_evenly() -> None:
    event = from_document({**night(), "rounds": [*night()["rounds"], {"round": 4}]})
    seated, even = next_seating(event, 4)
    # nobody sat out twice while another never has: Ann, the one without a bye yet
    assert seated["byes"] == ["Ann"]
    assert even.bye_spread == 1  # Cal sits out in a fifth round, were there one


def test_the_evenness_as_seated_so_far_counts_only_the_rounds_seated() -> None:
    """Most rounds together and repeat meetings as played (the rounds seated), beside
    the whole night's as planned (those and the rounds the movement plans)."""
    from scorekeeper.engine.club.event_movement import planned_night, seated_evenness

    assert seated_evenness(_unseated(night(), 4)) is None  # nothing seated yet
    event = from_document({**night(), "rounds": [*night()["rounds"], {"round": 4}]})
    so_far, whole = seated_evenness(event), planned_night(event).evenness
    assert so_far is not None
    # 5 players, 3 rounds seated: 3 tables of 4, 6 pairs each = 18 meetings of 10 pairs
    assert (so_far.repeat_meetings, so_far.most_meetings) == (8, 3)
    assert whole.repeat_meetings >= so_far.repeat_meetings  # round 4 planned adds to it
    assert whole.most_meetings >= so_far.most_meetings


def test_a_teams_night_is_the_round_robins() -> None:
    document = {**teams(), "rounds": [{"round": n} for n in range(1, 6)], "adjustments": []}
    meetings = set()
    for number in range(1, 6):
        seated, _ = next_seating(from_document(document), number)
        document["rounds"][number - 1] = {"round": number, **seated}
        meetings |= {frozenset(table["seats"]) for table in seated["tables"]}
    assert len(meetings) == 10  # five teams, each pair once


def test_a_round_is_not_seated_before_the_one_before_it() -> None:
    with pytest.raises(MovementError, match="round 1 is not seated yet"):
        next_seating(_unseated(night(), 3), 2)

"""Who may confirm a table's totals (``engine.club.confirming``) as a table of cases:
the seats at the table, the seat of the player whose phone kept score -> the seats
whose players may confirm. Partners sit across: North with South, East with West."""

from __future__ import annotations

import pytest

from scorekeeper.engine.club.confirming import SIDES, confirming_seats, side

NORTH, EAST, SOUTH, WEST = range(4)
NORTH_SOUTH, EAST_WEST = range(2)  # a fixed-teams night's two seats

CASES = [
    # (seats, keeper, who confirms)
    ("North keeps score: East and West confirm", 4, NORTH, (EAST, WEST)),
    ("South keeps score: East and West confirm", 4, SOUTH, (EAST, WEST)),
    ("East keeps score: North and South confirm", 4, EAST, (NORTH, SOUTH)),
    ("West keeps score: North and South confirm", 4, WEST, (NORTH, SOUTH)),
    ("a keeper from another table: either side", 4, None, (NORTH, EAST, SOUTH, WEST)),
    ("teams: North-South keeps, East-West confirms", 2, NORTH_SOUTH, (EAST_WEST,)),
    ("teams: East-West keeps, North-South confirms", 2, EAST_WEST, (NORTH_SOUTH,)),
    ("teams: a keeper from another table", 2, None, (NORTH_SOUTH, EAST_WEST)),
]


@pytest.mark.parametrize(
    ("seats", "keeper", "confirmers"), [case[1:] for case in CASES], ids=[c[0] for c in CASES]
)
def test_the_side_that_did_not_keep_score_confirms(
    seats: int, keeper: int | None, confirmers: tuple[int, ...]
) -> None:
    assert confirming_seats(seats, keeper) == confirmers


PARTNERS = [
    (NORTH, "North-South"),
    (EAST, "East-West"),
    (SOUTH, "North-South"),
    (WEST, "East-West"),
]


@pytest.mark.parametrize(("seat", "named"), PARTNERS)
def test_partners_sit_across(seat: int, named: str) -> None:
    assert SIDES[side(seat)] == named


def test_no_keeper_confirms_their_own_totals() -> None:
    for seats in (2, 4):
        for keeper in range(seats):
            assert all(side(seat) != side(keeper) for seat in confirming_seats(seats, keeper))

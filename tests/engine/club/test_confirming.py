"""Who may confirm a table's totals (``engine.club.confirming``) as a table of cases:
the seats at the table, the seat of the player whose phone kept score -> the seats
whose players may confirm. Partners sit across: North with South, East with West."""

from __future__ import annotations

import pytest

from scorekeeper.engine.club.confirming import SIDES, confirming_seats, side

NORTH, EAST, SOUTH, WEST = range(4)
NORTH_SOUTH, EAST_WEST = range(2)  # a fixed-teams night's two seats

CASES = [
    # (seats, the sides that kept score, who confirms)
    ("North-South kept score: East and West confirm", 4, {0}, (EAST, WEST)),
    ("East-West kept score: North and South confirm", 4, {1}, (NORTH, SOUTH)),
    ("no side kept score (the director): either side", 4, set(), (NORTH, EAST, SOUTH, WEST)),
    ("both sides kept score: only the director", 4, {0, 1}, ()),
    ("teams: North-South keeps, East-West confirms", 2, {0}, (EAST_WEST,)),
    ("teams: East-West keeps, North-South confirms", 2, {1}, (NORTH_SOUTH,)),
    ("teams: no side kept score", 2, set(), (NORTH_SOUTH, EAST_WEST)),
]


@pytest.mark.parametrize(
    ("seats", "kept", "confirmers"), [case[1:] for case in CASES], ids=[c[0] for c in CASES]
)
def test_the_side_that_did_not_keep_score_confirms(
    seats: int, kept: set[int], confirmers: tuple[int, ...]
) -> None:
    assert confirming_seats(seats, kept) == confirmers


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
            kept = {side(keeper)}
            assert all(side(seat) not in kept for seat in confirming_seats(seats, kept))

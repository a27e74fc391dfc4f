"""Who may confirm a club table's totals (docs/club.md, "Confirmation").

A table's totals are confirmed by a player of the side that did not keep score. A
side is a pair of partners: North and South, East and West; a fixed-teams night seats
its two teams as sides already (0 North-South, 1 East-West). The side that kept score
is the side of each player whose phone (a table code's) recorded a hand there; before
any, the side of the player the phone said it is. So only the other side's names are
offered and taken, on any phone at the table. A table whose hands only the director or
a player from another table recorded kept score for neither side: either confirms. One
both sides recorded at is confirmed by the director, who may always tap any name on a
player's behalf.
"""

from __future__ import annotations

from collections.abc import Collection

SIDES = ("North-South", "East-West")


def side(seat: int) -> int:
    """The side of ``seat`` (0 North, 1 East, 2 South, 3 West; a fixed team's seat is
    its side): 0 North-South, 1 East-West."""
    return seat % 2


def confirming_seats(seats: int, kept: Collection[int]) -> tuple[int, ...]:
    """The seats (of the ``seats`` at the table) whose players may confirm its totals,
    given the sides that ``kept`` score at it: the other side's; every seat when no side
    did (the director recorded, or a player from another table); none when both did
    (then the director confirms)."""
    return tuple(seat for seat in range(seats) if side(seat) not in kept)

"""Who may confirm a club table's totals (docs/club.md, "Confirmation").

A table's totals are confirmed by a player of the side that did not keep score. A
side is a pair of partners: North and South, East and West; a fixed-teams night seats
its two teams as sides already (0 North-South, 1 East-West). So a phone that said which
player it is offers, and takes, only the names of the other side. A phone whose player
sits at another table this round (keeping score here with the director's leave) kept
score for neither side, and the director confirms on a named player's behalf: both may
take any name seated at the table.
"""

from __future__ import annotations

SIDES = ("North-South", "East-West")


def side(seat: int) -> int:
    """The side of ``seat`` (0 North, 1 East, 2 South, 3 West; a fixed team's seat is
    its side): 0 North-South, 1 East-West."""
    return seat % 2


def confirming_seats(seats: int, keeper: int | None) -> tuple[int, ...]:
    """The seats (of the ``seats`` at the table) whose players may confirm totals kept
    by the player at seat ``keeper``; every seat when the keeper sits at no seat here
    (None)."""
    if keeper is None:
        return tuple(range(seats))
    return tuple(seat for seat in range(seats) if side(seat) != side(keeper))

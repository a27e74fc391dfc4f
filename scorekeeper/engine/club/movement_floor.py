"""The floor of a movement's repeat meetings: the fewest any seating of the same
entrants over the same rounds could have (docs/club.md, "The evenness figure").

Two proven bounds, the larger taken:

- **Too many meetings.** A player who meets more others over the night than there
  are (each round at a table of four meets three) must meet some of them again:
  half the sum of everyone's surplus.
- **The pigeonhole.** Two rounds with the same entrants present: each table of the
  earlier round is four players, and the later round has only so many tables and
  byes to spread them over. With three tables and no bye, each earlier table sends
  its four players to three tables, so two of them sit together again: three repeat
  meetings a round, whatever the seating (twelve players over three rounds: six).
  Each round is counted against the earlier round that forces the most, and the
  rounds added up (a repeat meeting is counted in the round it happens).

``tests/engine/club/test_movement_floor.py`` checks the pigeonhole against every
seating of a round after a first one, for 4 to 13 players (an exhaustive count).

>>> pigeonhole(tables=3, byes=0, seats=4), pigeonhole(tables=3, byes=1, seats=4)
(3, 2)
>>> pigeonhole(tables=1, byes=0, seats=4), pigeonhole(tables=4, byes=0, seats=4)
(6, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb


def spread_pairs(players: int, tables: int) -> int:
    """The fewest pairs that sit together when ``players`` are spread over ``tables``
    (as evenly as can be).

    >>> spread_pairs(4, 3), spread_pairs(4, 2), spread_pairs(3, 3), spread_pairs(4, 1)
    (1, 2, 0, 6)
    """
    if players <= 0 or tables <= 0:
        return comb(max(players, 0), 2) if tables <= 0 else 0
    each, more = divmod(players, tables)
    return more * comb(each + 1, 2) + (tables - more) * comb(each, 2)


def pigeonhole(tables: int, byes: int, seats: int) -> int:
    """The fewest repeat meetings a round of ``tables`` tables of ``seats`` and
    ``byes`` byes must have against an earlier round of the same entrants (the same
    tables and byes): each earlier table's players spread over this round's tables,
    the byes each taking one of them (from different tables: a bye spares the most
    there)."""
    groups = [seats] * tables  # the earlier round's tables; its byes are nobody's pair
    for _bye in range(min(byes, seats * tables)):
        # the bye goes to the player whose going spares the most pairs
        best = max(
            range(len(groups)),
            key=lambda g: spread_pairs(groups[g], tables) - spread_pairs(groups[g] - 1, tables),
        )
        groups[best] -= 1
    return sum(spread_pairs(size, tables) for size in groups)


def floor(rounds: Sequence[tuple[frozenset[int], int, int, int]]) -> int:
    """The pigeonhole bound of a night: ``rounds`` as (the entrants present, tables,
    byes, seats a table) in order. A round counts against an earlier one with the same
    entrants present at as many tables, with as many byes (a late arrival, a
    withdrawal or another number of tables in between: no claim)."""
    total = 0
    for index, this in enumerate(rounds):
        if this in rounds[:index]:
            _present, tables, byes, seats = this
            total += pigeonhole(tables, byes, seats)
    return total

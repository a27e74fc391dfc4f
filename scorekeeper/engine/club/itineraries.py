"""Each entrant's way through a club night (docs/club-nights.md, "Itineraries"): round by
round, the table and the seat (progressive: North, East, South, West, the partner
across and the two opponents beside; fixed teams: North-South or East-West and the team
across), or the bye, read from the night's rounds (``event_movement.planned_night``:
those seated as stored, the rest as the movement plans them).

>>> from scorekeeper.engine.club.events import Round, Table
>>> night = (Round(1, (Table(1, ("Ann", "Bea", "Cal", "Dan")),), ("Eve",)),)
>>> itinerary("Bea", "progressive", night, frozenset({1}))[0]
Stop(round=1, seated=True, table=1, seat='East', partner='Dan', opponents=('Cal', 'Ann'), bye=False)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .entrants import PROGRESSIVE
from .event_movement import Night
from .events import SEATS, Event, Round

# a fixed team's side at its table: the first seat named is North-South
SIDES = ("North-South", "East-West")


@dataclass(frozen=True)
class Stop:
    """One round of an entrant's night: ``seated`` (as stored) or the movement's plan;
    the table (None: a bye, or not playing that round: arrived later, withdrawn), the
    seat (``SEATS``; fixed teams: ``SIDES``), the partner (progressive) and the
    opponents, in seat order from the left-hand one; ``bye``: sits out."""

    round: int
    seated: bool
    table: int | None = None
    seat: str = ""
    partner: str = ""
    opponents: tuple[str, ...] = ()
    bye: bool = False

    @property
    def away(self) -> bool:
        """Not in this round at all: neither at a table nor sitting out."""
        return self.table is None and not self.bye


@dataclass(frozen=True)
class Itinerary:
    """An entrant (for fixed teams, its two players) and a stop for each round."""

    entrant: str
    players: tuple[str, ...]
    stops: tuple[Stop, ...]


def itineraries(event: Event, night: Night) -> tuple[Itinerary, ...]:
    """Every entrant's itinerary, in the event's order of entrants."""
    return tuple(
        Itinerary(
            entrant.name,
            entrant.players,
            itinerary(entrant.name, event.kind, night.rounds, night.seated),
        )
        for entrant in event.entrants
    )


def itinerary(
    name: str, kind: str, rounds: Sequence[Round], seated: Collection[int]
) -> tuple[Stop, ...]:
    """``name``'s stop in each of ``rounds`` (those numbered in ``seated`` as stored)."""
    return tuple(_stop(name, kind, round_, round_.number in seated) for round_ in rounds)


def _stop(name: str, kind: str, round_: Round, seated: bool) -> Stop:
    if name in round_.byes:
        return Stop(round_.number, seated, bye=True)
    for table in round_.tables:
        if name not in table.seats:
            continue
        here = table.seats.index(name)
        if kind == PROGRESSIVE:  # partners sit across, opponents to either side
            return Stop(
                round_.number,
                seated,
                table.number,
                SEATS[here],
                partner=table.seats[(here + 2) % 4],
                opponents=(table.seats[(here + 1) % 4], table.seats[(here + 3) % 4]),
            )
        return Stop(
            round_.number, seated, table.number, SIDES[here], opponents=(table.seats[1 - here],)
        )
    return Stop(round_.number, seated)

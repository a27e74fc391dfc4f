"""The next round of a night, seated by its movement (docs/club.md): the rounds seated so
far stay as they are, and the round to come is the movement's, for the entrants by
their place in the event's list.

Progressive: the night is searched again from the rounds already seated
(``movement_changes.recompute``), so a night imported, seated by hand or changed between
rounds goes on as evenly as it can; before the first round, the movement of the whole
night (the shipped schedule where there is one). Fixed teams: the round robin's round.
The evenness is the whole night's, as the director sees it before taking the round.

>>> from scorekeeper.engine.events import EXAMPLE, from_document
>>> event = from_document({**EXAMPLE, "rounds": [{"round": 1}, {"round": 2}]})
>>> seating, even = next_seating(event, 1)
>>> len(seating["tables"][0]["seats"]), len(seating["byes"]), even.partner_repeats
(4, 1, 0)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import Any

from .events import PROGRESSIVE as PROGRESSIVE_EVENT
from .events import Event
from .movement_changes import recompute
from .movements import PROGRESSIVE, TEAMS, Evenness, MovementError, Round, Table, movement


def next_seating(
    event: Event, number: int, withdrawn: Collection[str] = ()
) -> tuple[dict[str, Any], Evenness]:
    """Round ``number``'s seating as ``events.seating`` reads it, and the whole night's
    evenness, without the ``withdrawn`` entrants (progressive: a late arrival is an
    entrant past those seated so far); ``MovementError`` (its sentence) when a round
    before it is not seated, no movement fits the entrants, or a fixed-teams night
    has lost a team."""
    unseated = [r.number for r in event.rounds[: number - 1] if not r.tables and not r.byes]
    if unseated:
        raise MovementError(f"round {unseated[0]} is not seated yet: seat the rounds in turn")
    names = event.names
    place = {name: index for index, name in enumerate(names)}
    rounds = len(event.rounds)
    if event.kind == PROGRESSIVE_EVENT:
        played = [
            Round(
                seated.number,
                tuple(Table(t.number, tuple(place[n] for n in t.seats)) for t in seated.tables),
                tuple(place[n] for n in seated.byes),
            )
            for seated in event.rounds[: number - 1]
        ]
        gone = [place[name] for name in withdrawn]
        night = (
            recompute(played, len(names), rounds, gone)
            if played or gone
            else movement(PROGRESSIVE, len(names), rounds)
        )
    else:
        if withdrawn:
            raise MovementError("a fixed-teams night keeps its teams: the round robin has no gap")
        night = movement(TEAMS, len(names), rounds)
    chosen = night.rounds[number - 1]
    seating = {
        "tables": [
            {"table": table.table, "seats": [names[p] for p in table.seats]}
            for table in chosen.tables
        ],
        "byes": [names[p] for p in chosen.byes],
    }
    return seating, night.evenness


def draw(entrants: Sequence[str], seed: int) -> list[str]:
    """The seating draw before a night starts: the entrants in a random order, their
    places in the movement (the same ``seed``, the same draw).

    >>> draw(["Ann", "Bea", "Cal", "Dan"], 7) == draw(["Ann", "Bea", "Cal", "Dan"], 7)
    True
    >>> sorted(draw(["Ann", "Bea", "Cal", "Dan"], 7))
    ['Ann', 'Bea', 'Cal', 'Dan']
    """
    order = list(entrants)
    random.Random(seed).shuffle(order)
    return order

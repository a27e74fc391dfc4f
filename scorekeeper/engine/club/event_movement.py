"""The next round of a night, seated by its movement (docs/club.md): the rounds seated so
far stay as they are, and the round to come is the movement's, for the entrants by
their place in the event's list.

Progressive: before the first round, the movement of the whole night (the shipped
schedule where there is one); its rounds hold while they are seated as planned, so the
itineraries printed before the night stay true. A night changed between rounds (a late
arrival, a withdrawal) is searched again from the rounds seated by then
(``movement_changes.recompute``), to go on as evenly as it can, and that plan holds in
turn; one imported or seated otherwise is searched again from every round seated, each
time. Fixed teams: the round robin's round.
The evenness is the whole night's, as the director sees it before taking the round.
``planned_night`` is that whole night at once, for the prints: the rounds seated, then the
ones the movement plans.

>>> from scorekeeper.engine.club.events import EXAMPLE, from_document
>>> event = from_document({**EXAMPLE, "rounds": [{"round": 1}, {"round": 2}]})
>>> seating, even = next_seating(event, 1)
>>> len(seating["tables"][0]["seats"]), len(seating["byes"]), even.partner_repeats
(4, 1, 0)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .entrants import PROGRESSIVE as PROGRESSIVE_EVENT
from .events import Event
from .events import Round as EventRound
from .events import Table as EventTable
from .movement_changes import byes_to_come, recompute
from .movements import (
    PROGRESSIVE,
    TEAMS,
    Evenness,
    Movement,
    MovementError,
    Round,
    Table,
    evenness,
    movement,
)


def next_seating(
    event: Event, number: int, withdrawn: Collection[str] = (), at_once: Collection[str] = ()
) -> tuple[dict[str, Any], Evenness]:
    """Round ``number``'s seating as ``events.seating`` reads it, and the whole night's
    evenness, without the ``withdrawn`` entrants (progressive: a late arrival is an
    entrant past those seated so far); ``MovementError`` (its sentence) when a round
    before it is not seated, no movement fits the entrants, or a fixed-teams night
    has lost a team. A late arrival sits out before anyone there from the start, unless
    in ``at_once`` (``movement_changes.byes_to_come``)."""
    night = _movement(event, number, withdrawn, at_once)
    chosen = _by_name(night.rounds[number - 1], event.names)
    seating = {
        "tables": [{"table": table.number, "seats": list(table.seats)} for table in chosen.tables],
        "byes": list(chosen.byes),
    }
    return seating, night.evenness


def _movement(
    event: Event, number: int, withdrawn: Collection[str], at_once: Collection[str] = ()
) -> Movement:
    """The night's movement from round ``number`` on, the rounds before it as seated."""
    unseated = [r.number for r in event.rounds[: number - 1] if not r.tables and not r.byes]
    if unseated:
        raise MovementError(f"round {unseated[0]} is not seated yet: seat the rounds in turn")
    names = event.names
    rounds = len(event.rounds)
    if event.kind == PROGRESSIVE_EVENT:
        played = tuple(_by_number(event.rounds[: number - 1], names))
        place = {name: index for index, name in enumerate(names)}
        gone = tuple(sorted(place[name] for name in withdrawn))
        first = _there(played[0]) if played else set()  # a late arrival is in none of it
        now = tuple(sorted(place[n] for n in at_once if n in place and place[n] not in first))
        # the plan in force: the one made at the start of the night, or after the last late
        # arrival or withdrawal, while its rounds were seated as it planned them, so the
        # night goes on as its prints (itineraries, the movement sheet) said; else the
        # rest is searched again from every round seated (one seated otherwise: through
        # the API, imported)
        present = [p for p in range(len(names)) if p not in gone]
        begun = _since_everyone(played, set(present))
        if begun < len(played) and _byes_follow(played, begun, present, bool(gone), now):
            night = _progressive(played[:begun], len(names), rounds, gone, now)
            if all(map(_same, night.rounds[begun : len(played)], played[begun:])):
                return night
        return _progressive(played, len(names), rounds, gone, now)
    if withdrawn:
        raise MovementError("a fixed-teams night keeps its teams: the round robin has no gap")
    return movement(TEAMS, len(names), rounds)


@lru_cache(maxsize=64)
def _progressive(
    played: tuple[Round, ...],
    entrants: int,
    rounds: int,
    gone: tuple[int, ...],
    at_once: tuple[int, ...] = (),
) -> Movement:
    """The progressive night after ``played`` (kept: a page shown again, a round seated,
    the prints ask for the same night, and a search takes a tenth of a second or more)."""
    if played or gone:
        return recompute(played, entrants, rounds, gone, at_once=at_once)
    return movement(PROGRESSIVE, entrants, rounds)


def _since_everyone(played: Sequence[Round], present: set[int]) -> int:
    """How many rounds were seated before the last one without everyone there now (a
    late arrival or a withdrawal since): a plan made before it could not seat them."""
    start = len(played)
    while start and _there(played[start - 1]) == present:
        start -= 1
    return start


def _there(round_: Round) -> set[int]:
    """Who is in ``round_``, at a table or sitting out."""
    return {p for table in round_.tables for p in table.seats} | set(round_.byes)


def _byes_follow(
    played: Sequence[Round],
    start: int,
    present: Sequence[int],
    withdrawals: bool,
    at_once: Collection[int] = (),
) -> bool:
    """Whether the rounds after ``played[:start]`` have the byes a plan made then gives
    (the whole night's movement, from the start and with nobody withdrawn, has its own):
    a plan that cannot have seated them is not searched for."""
    if not start and not withdrawals:
        return True
    later = played[start:]
    byes = byes_to_come(played[:start], present, len(later), at_once)
    return all(sorted(r.byes) == sitting for r, sitting in zip(later, byes, strict=True))


def _same(planned: Round, seated: Round) -> bool:
    """A round seated as planned: the same tables, the same byes in any order."""
    return planned.tables == seated.tables and sorted(planned.byes) == sorted(seated.byes)


def _by_number(rounds: Sequence[EventRound], names: Sequence[str]) -> list[Round]:
    """``rounds`` as the movements number the entrants (from 0, in the event's order)."""
    place = {name: index for index, name in enumerate(names)}
    return [
        Round(
            seated.number,
            tuple(Table(t.number, tuple(place[n] for n in t.seats)) for t in seated.tables),
            tuple(place[n] for n in seated.byes),
        )
        for seated in rounds
    ]


def _by_name(chosen: Round, names: Sequence[str]) -> EventRound:
    """A movement's round with the entrants' names, its tables without games."""
    return EventRound(
        chosen.round,
        tuple(EventTable(t.table, tuple(names[p] for p in t.seats)) for t in chosen.tables),
        tuple(names[p] for p in chosen.byes),
    )


@dataclass(frozen=True)
class Night:
    """The whole night as the director prints it: each round seated as stored (its
    number in ``seated``), the others as the movement plans them for who is there now,
    and the evenness of all of it; ``problem``, the movement's sentence, when the rounds
    not seated cannot be planned (then only the seated rounds are in ``rounds``)."""

    kind: str
    rounds: tuple[EventRound, ...]
    seated: frozenset[int]
    evenness: Evenness
    problem: str | None = None

    @property
    def planned(self) -> tuple[int, ...]:
        """The numbers of the rounds the movement plans, not seated yet."""
        return tuple(r.number for r in self.rounds if r.number not in self.seated)


def planned_night(
    event: Event, withdrawn: Collection[str] = (), at_once: Collection[str] = ()
) -> Night:
    """The night's rounds: those seated as they are, the rest as ``next_seating`` would
    seat them one after the other (for progressive nights the movement searched from the
    rounds seated, once: the same rounds the page offers in turn while nobody arrives or
    leaves), without the ``withdrawn`` entrants, the late arrivals of ``at_once``
    playing at once.

    >>> from scorekeeper.engine.club.events import EXAMPLE, from_document
    >>> night = planned_night(from_document({**EXAMPLE, "rounds": [{"round": 1}, {"round": 2}]}))
    >>> night.planned, [len(r.byes) for r in night.rounds], night.evenness.bye_spread
    ((1, 2), [1, 1], 1)
    """
    seated = [r for r in event.rounds if r.tables or r.byes]
    numbers = frozenset(r.number for r in seated)
    stored = {r.number: EventRound(r.number, _without_games(r.tables), r.byes) for r in seated}
    first = next((r.number for r in event.rounds if r.number not in numbers), None)
    problem = None
    if first is not None:
        try:
            night = _movement(event, first, withdrawn, at_once)
        except MovementError as error:
            problem = str(error)
        else:
            for planned in night.rounds[first - 1 :]:
                stored.setdefault(planned.round, _by_name(planned, event.names))
    rounds = tuple(stored[number] for number in sorted(stored))
    fmt = PROGRESSIVE if event.kind == PROGRESSIVE_EVENT else TEAMS
    even = evenness(fmt, len(event.names), _by_number(rounds, event.names))
    return Night(event.kind, rounds, numbers, even, problem)


def seated_evenness(event: Event) -> Evenness | None:
    """The evenness of the rounds seated so far, as they are played (the whole night's,
    ``planned_night``'s, counts the rounds still planned too); None before the first.

    >>> from scorekeeper.engine.club.events import EXAMPLE, from_document
    >>> seated_evenness(from_document(EXAMPLE)).most_meetings
    1
    """
    seated = [r for r in event.rounds if r.tables or r.byes]
    if not seated:
        return None
    fmt = PROGRESSIVE if event.kind == PROGRESSIVE_EVENT else TEAMS
    return evenness(fmt, len(event.names), _by_number(seated, event.names))


def _without_games(tables: Sequence[EventTable]) -> tuple[EventTable, ...]:
    return tuple(EventTable(t.number, t.seats) for t in tables)


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

"""Movements for a club night: who sits where, round by round (docs/club.md).

Three formats (``FORMATS``): ``progressive`` individuals (N players at N // 4 tables,
seats North, East, South, West, North-South partners against East-West, N mod 4 sitting
out each round); ``teams``, fixed partnerships in a round robin (the circle method, a
bye a round when the count is odd); ``ab``, fixed partnerships where the A teams stay
and the B teams move up one table a round. ``fixed_speed`` is the published progressive
movement ("North stays, South down one, East up one, West up two"), the reference the
computed ones are measured against. Every movement carries its ``Evenness``.

>>> night = movement("progressive", 16, 3)
>>> night.evenness.partner_repeats, night.evenness.repeat_meetings
(0, 0)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import combinations
from typing import Any

from .movement_floor import floor
from .movement_search import cyclic_byes, search

PROGRESSIVE, TEAMS, AB = "progressive", "teams", "ab"
FORMATS = (PROGRESSIVE, TEAMS, AB)
MIN_ROUNDS, MAX_ROUNDS = 1, 20
MAX_ENTRANTS = 200
DEFAULT_ROUNDS = 8  # for progressive; the team formats default to one full cycle
DEFAULT_SEED = 0
SEATS = ("N", "E", "S", "W")
DATA = "progressive.json"  # schedules found ahead of time (scripts/find-movements)


class MovementError(ValueError):
    """A movement that cannot be made, with the sentence that says why."""


@dataclass(frozen=True)
class Table:
    """One table of one round: its number (from 1) and who sits there, by entrant number
    (from 0): North, East, South, West; or for teams the North-South, then East-West team."""

    table: int
    seats: tuple[int, ...]


@dataclass(frozen=True)
class Round:
    """One round: its number (from 1), its tables and who sits out."""

    round: int
    tables: tuple[Table, ...]
    byes: tuple[int, ...]


@dataclass(frozen=True)
class Evenness:
    """How even a movement is: partnerships played twice or more (each time after the first),
    repeat meetings (Σ over pairs of max(0, rounds at one table − 1)) and the least any
    seating of the same entrants and rounds could have (``movement_floor``), the most
    rounds any two entrants share a table, and the byes' spread (most byes of anyone
    minus fewest, among those there every round)."""

    partner_repeats: int
    repeat_meetings: int
    lower_bound: int
    most_meetings: int
    bye_spread: int


@dataclass(frozen=True)
class Movement:
    """A whole night's movement, its evenness, and notes for the director."""

    format: str
    entrants: int
    tables: int
    rounds: tuple[Round, ...]
    evenness: Evenness
    notes: tuple[str, ...] = ()


def evenness(fmt: str, entrants: int, rounds: Sequence[Round]) -> Evenness:
    """The evenness of ``rounds``, counted from the seats themselves.

    >>> one = Round(1, (Table(1, (0, 1, 2, 3)),), ())
    >>> evenness(PROGRESSIVE, 4, [one, Round(2, one.tables, ())])
    Evenness(partner_repeats=2, repeat_meetings=6, lower_bound=6, most_meetings=2, bye_spread=0)
    """
    meet: dict[tuple[int, int], int] = {}
    partner: dict[tuple[int, int], int] = {}
    met = [0] * entrants
    byes = [0] * entrants
    for round_ in rounds:
        for player in round_.byes:
            byes[player] += 1
        for table in round_.tables:
            for a, b in combinations(sorted(table.seats), 2):
                meet[a, b] = meet.get((a, b), 0) + 1
            for player in table.seats:
                met[player] += len(table.seats) - 1
            if fmt == PROGRESSIVE:
                n, e, s, w = table.seats
                for a, b in ((n, s), (e, w)):
                    pair = (min(a, b), max(a, b))
                    partner[pair] = partner.get(pair, 0) + 1
    # the byes' spread among those in every round, at a table or out (not a late arrival
    # nor a withdrawal: the rounds they were not there are not byes)
    always = set(range(entrants))
    for round_ in rounds:
        always &= set(round_.byes) | {p for table in round_.tables for p in table.seats}
    byes = [byes[player] for player in sorted(always)]
    excess = sum(max(0, count - (entrants - 1)) for count in met)
    present = [
        (
            frozenset(round_.byes) | {p for table in round_.tables for p in table.seats},
            len(round_.tables),
            len(round_.byes),
            len(round_.tables[0].seats) if round_.tables else 4,
        )
        for round_ in rounds
    ]
    return Evenness(
        partner_repeats=sum(count - 1 for count in partner.values()),
        repeat_meetings=sum(count - 1 for count in meet.values()),
        # the larger of two proven floors (movement_floor.py): too many meetings, and
        # the pigeonhole of a round's tables against an earlier round's
        lower_bound=max((excess + 1) // 2, floor(present)),
        most_meetings=max(meet.values(), default=0),
        bye_spread=max(byes, default=0) - min(byes, default=0),
    )


def verify_movement(fmt: str, entrants: int, rounds: int) -> None:
    """Raise ``MovementError`` unless a ``fmt`` movement of ``entrants`` for ``rounds``
    rounds can be made."""
    if fmt not in FORMATS:
        raise MovementError(f"unknown format {fmt!r}: expected one of {', '.join(FORMATS)}")
    least = 4 if fmt == PROGRESSIVE else 2
    kind = "player" if fmt == PROGRESSIVE else "team"
    if entrants < least:
        counted = f"{entrants} {kind}" + ("" if entrants == 1 else "s")
        raise MovementError(f"{counted} cannot fill a table: {fmt} needs {least} {kind}s at least")
    if entrants > MAX_ENTRANTS:
        raise MovementError(
            f"{entrants} entrants is more than {MAX_ENTRANTS}, the most a night takes"
        )
    if not MIN_ROUNDS <= rounds <= MAX_ROUNDS:
        raise MovementError(
            f"{rounds} rounds is out of range: a night has {MIN_ROUNDS} to {MAX_ROUNDS} rounds"
        )


def default_rounds(fmt: str, entrants: int) -> int:
    """The rounds of a night when none are given: 8 progressive; once round the teams."""
    if fmt == PROGRESSIVE:
        return DEFAULT_ROUNDS
    if fmt == TEAMS:
        cycle = entrants - 1 if entrants % 2 == 0 else entrants
    else:
        cycle = entrants // 2 + entrants % 2
    return max(MIN_ROUNDS, min(MAX_ROUNDS, cycle))


def movement(
    fmt: str, entrants: int, rounds: int | None = None, seed: int | None = None
) -> Movement:
    """The ``fmt`` movement of ``entrants`` for ``rounds`` rounds (``MovementError`` when
    there is none). Progressive: the schedule shipped for that count and length when there
    is one and no ``seed`` is given, else the search's with ``seed``."""
    if rounds is None:
        rounds = default_rounds(fmt, entrants)
    verify_movement(fmt, entrants, rounds)
    if fmt == PROGRESSIVE:
        return progressive(entrants, rounds, seed)
    if fmt == TEAMS:
        return round_robin(entrants, rounds)
    return a_b(entrants, rounds)


def rounds_of(schedule: Sequence[Sequence[Sequence[int]]], entrants: int) -> tuple[Round, ...]:
    """The rounds of a schedule given as lists (rounds, tables, seats): numbered from 1,
    whoever of ``entrants`` is not seated sitting out."""
    made = []
    for number, tables in enumerate(schedule, start=1):
        seated = {player for table in tables for player in table}
        made.append(
            Round(
                number,
                tuple(Table(t, tuple(seats)) for t, seats in enumerate(tables, start=1)),
                tuple(p for p in range(entrants) if p not in seated),
            )
        )
    return tuple(made)


def _made(
    fmt: str, entrants: int, tables: int, rounds: tuple[Round, ...], notes: tuple[str, ...] = ()
) -> Movement:
    return Movement(fmt, entrants, tables, rounds, evenness(fmt, entrants, rounds), notes)


@cache
def _shipped() -> dict[str, list[list[int]]]:
    text = resources.files(__package__).joinpath("data", DATA).read_text(encoding="utf-8")
    table: dict[str, list[list[int]]] = json.loads(text)["schedules"]
    return table


def shipped_counts() -> list[tuple[int, int]]:
    """The (entrants, rounds) for which a progressive schedule is shipped."""
    return sorted((int(n), int(r)) for n, r in (key.split("x") for key in _shipped()))


def shipped(entrants: int, rounds: int) -> list[list[list[int]]] | None:
    """The shipped progressive schedule for ``entrants`` and ``rounds``, or None."""
    flat = _shipped().get(f"{entrants}x{rounds}")
    if flat is None:
        return None
    return [[seats[i : i + 4] for i in range(0, len(seats), 4)] for seats in flat]


def progressive(entrants: int, rounds: int, seed: int | None = None) -> Movement:
    """Progressive individuals: ``entrants // 4`` tables, the rest sitting out in turn.

    >>> night = progressive(13, 2, seed=1)
    >>> [r.byes for r in night.rounds], night.evenness.partner_repeats
    ([(0,), (1,)], 0)
    """
    verify_movement(PROGRESSIVE, entrants, rounds)
    schedule = shipped(entrants, rounds) if seed is None else None
    if schedule is not None:
        return _made(PROGRESSIVE, entrants, entrants // 4, rounds_of(schedule, entrants))
    schedule = search(entrants, rounds, DEFAULT_SEED if seed is None else seed)
    found = _made(PROGRESSIVE, entrants, entrants // 4, rounds_of(schedule, entrants))
    if entrants % 4:
        return found
    # the published movement, where it is the more even (7 tables, 7 rounds: no repeats)
    return min(found, fixed_speed(entrants // 4, rounds), key=_unevenness)


def _unevenness(night: Movement) -> tuple[int, int, int]:
    even = night.evenness
    return (even.partner_repeats, even.repeat_meetings, even.most_meetings)


def fixed_speed(tables: int, rounds: int) -> Movement:
    """The published progressive movement for ``4 · tables`` players: North stays, South
    moves down one table, East up one, West up two (players numbered 4t + seat at the start).

    >>> [t.seats for t in fixed_speed(3, 2).rounds[1].tables]
    [(0, 9, 6, 7), (4, 1, 10, 11), (8, 5, 2, 3)]
    """
    schedule = [
        [
            [
                4 * t,
                4 * ((t - r) % tables) + 1,
                4 * ((t + r) % tables) + 2,
                4 * ((t - 2 * r) % tables) + 3,
            ]
            for t in range(tables)
        ]
        for r in range(rounds)
    ]
    return _made(PROGRESSIVE, 4 * tables, tables, rounds_of(schedule, 4 * tables))


def round_robin(teams: int, rounds: int) -> Movement:
    """Fixed teams, everyone against everyone: the circle method (team 0 stays, the others
    turn one place a round; with an odd count a ghost team, whose opponent sits out).
    Past one full cycle the cycle starts again, and the notes say so.

    >>> [[t.seats for t in r.tables] for r in round_robin(4, 3).rounds]
    [[(0, 3), (2, 1)], [(2, 0), (3, 1)], [(0, 1), (3, 2)]]
    """
    verify_movement(TEAMS, teams, rounds)
    size = teams + teams % 2  # the ghost, teams when odd
    cycle = size - 1
    schedule: list[list[list[int]]] = []
    for r in range(rounds):
        circle = [0, *[1 + (k - r % cycle) % cycle for k in range(cycle)]]
        pairs = [(circle[k], circle[size - 1 - k]) for k in range(size // 2)]
        games = []
        for k, (a, b) in enumerate(pairs):
            if a >= teams or b >= teams:
                continue
            # alternate who sits North-South, so each team has both lines about equally
            games.append([a, b] if (r + k) % 2 == 0 else [b, a])
        schedule.append(sorted(games, key=min))
    notes: tuple[str, ...] = ()
    if rounds > cycle:
        notes = (f"{rounds} rounds is more than one round robin ({cycle}): teams meet again",)
    elif rounds < cycle:
        unmet = "not every team meets every other"
        notes = (cut_short(f"a round robin of {teams} teams", cycle, rounds, unmet),)
    return _made(TEAMS, teams, teams // 2, rounds_of(schedule, teams), notes)


def cut_short(whole: str, needs: int, rounds: int, unmet: str) -> str:
    """The note of a team movement played for fewer rounds than its whole takes.

    >>> print(cut_short("a round robin of 24 teams", 23, 20, "not every team meets every other"))
    a round robin of 24 teams takes 23 rounds, more than the 20 a night has: cut short at 20, \
not every team meets every other
    """
    limit = f", more than the {MAX_ROUNDS} a night has" if needs > MAX_ROUNDS else ""
    return f"{whole} takes {needs} rounds{limit}: cut short at {rounds}, {unmet}"


def a_b(teams: int, rounds: int) -> Movement:
    """Fixed teams in two lines: the A teams (0 .. T−1) stay North-South at their tables,
    the B teams (T and up) move up one table a round. With an odd count the B line has one
    team more than there are tables, and the team at the end of the line sits out.

    >>> [[t.seats for t in r.tables] for r in a_b(4, 2).rounds]
    [[(0, 2), (1, 3)], [(0, 3), (1, 2)]]
    """
    verify_movement(AB, teams, rounds)
    tables = teams // 2
    places = teams - tables  # B teams: tables, and a place out when odd
    schedule = [[[t, tables + (t - r) % places] for t in range(tables)] for r in range(rounds)]
    notes: tuple[str, ...] = ()
    if rounds > places:
        notes = (f"{rounds} rounds is more than the {places} B teams: A and B teams meet again",)
    elif rounds < places:
        whole = f"each A team meeting each of the {places} B teams"
        notes = (cut_short(whole, places, rounds, "not every A team meets every B team"),)
    return _made(AB, teams, tables, rounds_of(schedule, teams), notes)


def to_document(night: Movement) -> dict[str, Any]:
    """The movement as the command's JSON (docs/club.md)."""
    even = night.evenness
    return {
        "format": night.format,
        "entrants": night.entrants,
        "tables": night.tables,
        "rounds": [
            {
                "round": r.round,
                "tables": [{"table": t.table, "seats": list(t.seats)} for t in r.tables],
                "byes": list(r.byes),
            }
            for r in night.rounds
        ],
        "evenness": {
            "partner_repeats": even.partner_repeats,
            "repeat_meetings": even.repeat_meetings,
            "lower_bound": even.lower_bound,
            "most_meetings": even.most_meetings,
            "bye_spread": even.bye_spread,
        },
    }


__all__ = [
    "AB",
    "FORMATS",
    "PROGRESSIVE",
    "SEATS",
    "TEAMS",
    "Evenness",
    "Movement",
    "MovementError",
    "Round",
    "Table",
    "a_b",
    "cyclic_byes",
    "default_rounds",
    "evenness",
    "fixed_speed",
    "movement",
    "progressive",
    "round_robin",
    "rounds_of",
    "shipped",
    "shipped_counts",
    "to_document",
]

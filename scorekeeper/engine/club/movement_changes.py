"""Changes between rounds (docs/club.md, "late arrivals and withdrawals"): the rounds
played stay as they were; the rest of a progressive night is searched again for the
players there now, and the evenness is counted over the whole night.

A late arrival takes the next number (the night's count grows); a withdrawal keeps
their number and leaves the rounds to come. The byes to come go first to the late
arrivals (whoever is in none of the first round's seats and byes) unless the director
lets them play at once (``at_once``): nobody there from the start sits out a round
for a latecomer. Then to whoever has sat out least, then to whoever did not sit out
the round before, then by number.

>>> from scorekeeper.engine.club.movements import progressive
>>> played = progressive(13, 2, seed=1).rounds
>>> night = recompute(played, entrants=14, rounds=4, seed=1)
>>> [r.byes for r in night.rounds], night.rounds[:2] == played
([(0,), (1,), (2, 13), (3, 13)], True)
>>> night = recompute(played, entrants=14, rounds=4, seed=1, at_once=[13])
>>> [r.byes for r in night.rounds]
[(0,), (1,), (2, 3), (4, 5)]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .movement_search import search
from .movements import (
    DEFAULT_SEED,
    MAX_ENTRANTS,
    MAX_ROUNDS,
    PROGRESSIVE,
    Movement,
    MovementError,
    Round,
    Table,
    evenness,
)


def recompute(
    played: Sequence[Round],
    entrants: int,
    rounds: int,
    withdrawn: Collection[int] = (),
    seed: int | None = None,
    at_once: Collection[int] = (),
) -> Movement:
    """The night of ``rounds`` rounds whose first ``len(played)`` are ``played``, for
    ``entrants`` numbered from 0 (those past the played rounds' numbers arrived late),
    less ``withdrawn``; the late arrivals in ``at_once`` play from now on as if they had
    been there from the start."""
    before = 1 + max((p for r in played for t in r.tables for p in t.seats), default=-1)
    before = max(before, 1 + max((p for r in played for p in r.byes), default=-1))
    if entrants < before:
        raise MovementError(
            f"{entrants} entrants is fewer than the {before} already seated: "
            "a withdrawal keeps its number (give it as withdrawn)"
        )
    if entrants > MAX_ENTRANTS:
        raise MovementError(
            f"{entrants} entrants is more than {MAX_ENTRANTS}, the most a night takes"
        )
    if not len(played) < rounds <= MAX_ROUNDS:
        raise MovementError(
            f"{rounds} rounds leaves none to compute after the {len(played)} played "
            f"(at most {MAX_ROUNDS})"
        )
    gone = set(withdrawn)
    unknown = sorted(p for p in gone if not 0 <= p < entrants)
    if unknown:
        raise MovementError(f"withdrawn entrant {unknown[0]} is not one of the 0 to {entrants - 1}")
    there = set().union(*(_there(r) for r in played[:1]))  # the first round's: on time
    on_time = sorted(p for p in at_once if p in there or not 0 <= p < entrants)
    if on_time:
        raise MovementError(
            f"entrant {on_time[0]} is not a late arrival (in none of the first round's seats "
            "and byes): only a late arrival plays at once"
        )
    present = [p for p in range(entrants) if p not in gone]
    if len(present) < 4:
        left = f"{len(present)} player" + ("" if len(present) == 1 else "s")
        raise MovementError(f"{left} left cannot fill a table")
    to_come = [
        sorted(set(sitting) | gone)
        for sitting in byes_to_come(played, present, rounds - len(played), at_once)
    ]
    grid = [[list(t.seats) for t in r.tables] for r in played]
    found = search(entrants, len(to_come), DEFAULT_SEED if seed is None else seed, to_come, grid)
    made = list(played)
    for number, (tables, sitting) in enumerate(zip(found, to_come, strict=True), len(played) + 1):
        numbered = tuple(Table(t, tuple(seats)) for t, seats in enumerate(tables, start=1))
        made.append(Round(number, numbered, tuple(p for p in sitting if p not in gone)))
    return Movement(
        PROGRESSIVE, entrants, len(present) // 4, tuple(made), evenness(PROGRESSIVE, entrants, made)
    )


def byes_to_come(
    played: Sequence[Round], present: Sequence[int], count: int, at_once: Collection[int] = ()
) -> list[list[int]]:
    """Who of ``present`` sits out in each of the ``count`` rounds after ``played``: the
    late arrivals first (in none of the first round's seats and byes) but those who play
    ``at_once``, then the fewest byes so far, then who did not sit out the round before,
    then by number.

    >>> byes_to_come([Round(1, (), (0,))], [0, 1, 2, 3, 4], 2)
    [[1], [2]]
    >>> byes_to_come([Round(1, (Table(1, (0, 1, 2, 3)),), ())], [0, 1, 2, 3, 4], 2)
    [[4], [4]]
    """
    out = len(present) % 4
    byes = {p: 0 for p in present}
    last: set[int] = set()
    for done in played:
        for p in done.byes:
            if p in byes:
                byes[p] += 1
        last = set(done.byes)
    there = _there(played[0]) if played else set(present)
    waiting = {p for p in present if p not in there and p not in at_once}
    made = []
    for _ in range(count):
        order = sorted(present, key=lambda p: (p not in waiting, byes[p], p in last, p))
        sitting = sorted(order[:out])
        for p in sitting:
            byes[p] += 1
        last = set(sitting)
        made.append(sitting)
    return made


def _there(round_: Round) -> set[int]:
    """Who is in ``round_``, at a table or sitting out."""
    return {p for table in round_.tables for p in table.seats} | set(round_.byes)


def played_from_document(document: Mapping[str, Any]) -> list[Round]:
    """The rounds of a progressive movement's JSON (the ``movement`` command's), checked:
    four seats a table, numbers from 0, nobody twice in a round."""
    if not isinstance(document, Mapping) or document.get("format") != PROGRESSIVE:
        raise MovementError("the played rounds must be a progressive movement's JSON")
    rounds = document.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise MovementError("the played rounds' document has no rounds")
    made = []
    for number, entry in enumerate(rounds, start=1):
        try:
            tables = [[int(p) for p in t["seats"]] for t in entry["tables"]]
            byes = [int(p) for p in entry.get("byes", [])]
        except (KeyError, TypeError, ValueError) as exc:
            raise MovementError(f"played round {number} is not a movement's round: {exc}") from exc
        seated = [p for t in tables for p in t] + byes
        if any(len(t) != 4 for t in tables):
            raise MovementError(f"played round {number} has a table without four seats")
        if any(p < 0 for p in seated) or len(seated) != len(set(seated)):
            raise MovementError(f"played round {number} has a player twice or numbered below 0")
        made.append(
            Round(
                number,
                tuple(Table(t, tuple(s)) for t, s in enumerate(tables, start=1)),
                tuple(sorted(byes)),
            )
        )
    return made

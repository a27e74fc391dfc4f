"""The seeded search behind a progressive movement (movements.md, "the search").

Players in play each round are dealt to tables of four; a simulated annealing then
swaps two players of one round between tables, or two seats of one table, keeping a
swap that makes the night more even (and now and then one that does not, less often
as it cools). Evenness is a cost: a repeated partnership weighs most, then each
repeat meeting, then the square of the meetings (which spreads them, so no two
players share a table far more often than the rest). The byes are given first,
cyclically, and never move. The same arguments give the same schedule: the only
randomness is ``random.Random(seed)``, and the work is counted in steps, not seconds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

PARTNER_WEIGHT = 40  # a repeated partnership, against one repeat meeting (REPEAT_WEIGHT)
REPEAT_WEIGHT = 8  # one repeat meeting, against the spread term C(c, 2)
STEPS_PER_SEAT = 220  # search steps for each seat of each round (4 · tables · rounds)
MIN_STEPS = 4_000
START_HEAT = 6.0
END_HEAT = 0.15
SEAT_MOVES = 0.15  # the share of steps that swap two seats of one table (partners change)

Schedule = list[list[list[int]]]  # rounds, tables, the seats N E S W


def cyclic_byes(entrants: int, tables: int, rounds: int) -> list[list[int]]:
    """Who sits out each round: the next ``entrants mod 4`` players in turn, so that nobody
    sits out twice before everyone has once, and nobody two rounds running.

    >>> cyclic_byes(14, 3, 4)
    [[0, 1], [2, 3], [4, 5], [6, 7]]
    """
    out = entrants - 4 * tables
    return [sorted((r * out + i) % entrants for i in range(out)) for r in range(rounds)]


def _cost_tables(rounds: int) -> tuple[list[int], list[int]]:
    top = rounds + 3
    meet = [REPEAT_WEIGHT * max(0, c - 1) + c * (c - 1) // 2 for c in range(top)]
    partner = [PARTNER_WEIGHT * max(0, c - 1) for c in range(top)]
    return meet, partner


def search(
    entrants: int,
    rounds: int,
    seed: int,
    byes: Sequence[Sequence[int]] | None = None,
    played: Sequence[Sequence[Sequence[int]]] = (),
    steps: int | None = None,
) -> Schedule:
    """A schedule of ``rounds`` rounds for ``entrants`` players, ``entrants // 4`` tables.

    ``played`` rounds (tables of four seats, as found) count in the evenness but do not
    move: the search fills the rounds after them. ``byes`` gives who sits out in each of
    the rounds searched (by default ``cyclic_byes``); the rest, a multiple of four the same
    each round, are seated.
    """
    if byes is None:
        byes = cyclic_byes(entrants, entrants // 4, rounds)
    tables = (entrants - len(byes[0])) // 4 if byes else entrants // 4
    rng = random.Random(seed)
    meet_cost, partner_cost = _cost_tables(len(played) + rounds)
    meet = [[0] * entrants for _ in range(entrants)]
    partner = [[0] * entrants for _ in range(entrants)]

    def add(table: Sequence[int], step: int) -> None:
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                meet[a][b] += step
                meet[b][a] += step
        for a, b in ((table[0], table[2]), (table[1], table[3])):
            partner[a][b] += step
            partner[b][a] += step

    for done in played:
        for table in done:
            add(table, 1)
    schedule: Schedule = []
    for out in byes:
        sitting_out = set(out)
        present = [p for p in range(entrants) if p not in sitting_out]
        rng.shuffle(present)
        round_ = [present[4 * t : 4 * t + 4] for t in range(tables)]
        for table in round_:
            add(table, 1)
        schedule.append(round_)
    if not schedule:
        return schedule
    total = steps if steps is not None else max(MIN_STEPS, STEPS_PER_SEAT * 4 * tables * rounds)
    cooling = math.log(END_HEAT / START_HEAT) / max(1, total)
    heat = START_HEAT
    exp = math.exp
    rand = rng.random
    pick = rng.randrange
    for step in range(total):
        heat = START_HEAT * exp(cooling * step)
        round_ = schedule[pick(rounds)]
        if tables < 2 or rand() < SEAT_MOVES:
            table = round_[pick(tables)]
            # swap seat 1 with seat 0 or 2 at random: North-South and East-West re-pair
            i = 0 if rand() < 0.5 else 2
            n, e, s, w = table
            if i == 0:  # partners become (e, s) and (n, w)
                gone, new = ((n, s), (e, w)), ((e, s), (n, w))
            else:  # partners become (n, e) and (s, w)
                gone, new = ((n, s), (e, w)), ((n, e), (s, w))
            delta = 0
            for a, b in gone:
                c = partner[a][b]
                delta += partner_cost[c - 1] - partner_cost[c]
            for a, b in new:
                c = partner[a][b]
                delta += partner_cost[c + 1] - partner_cost[c]
            if delta <= 0 or rand() < exp(-delta / heat):
                for a, b in gone:
                    partner[a][b] -= 1
                    partner[b][a] -= 1
                for a, b in new:
                    partner[a][b] += 1
                    partner[b][a] += 1
                table[1], table[i] = table[i], table[1]
            continue
        x = pick(tables)
        y = pick(tables - 1)
        if y >= x:
            y += 1
        tx, ty = round_[x], round_[y]
        i, j = pick(4), pick(4)
        a, b = tx[i], ty[j]
        ma, mb = meet[a], meet[b]
        delta = 0
        for k in range(4):
            if k != i:
                o = tx[k]
                ca, cb = ma[o], mb[o]
                delta += meet_cost[ca - 1] - meet_cost[ca] + meet_cost[cb + 1] - meet_cost[cb]
            if k != j:
                o = ty[k]
                ca, cb = ma[o], mb[o]
                delta += meet_cost[ca + 1] - meet_cost[ca] + meet_cost[cb - 1] - meet_cost[cb]
        pa, pb = tx[i ^ 2], ty[j ^ 2]
        pa_a, pa_b, pb_b, pb_a = partner[a][pa], partner[b][pa], partner[b][pb], partner[a][pb]
        delta += partner_cost[pa_a - 1] - partner_cost[pa_a]
        delta += partner_cost[pa_b + 1] - partner_cost[pa_b]
        delta += partner_cost[pb_b - 1] - partner_cost[pb_b]
        delta += partner_cost[pb_a + 1] - partner_cost[pb_a]
        if delta <= 0 or rand() < exp(-delta / heat):
            for k in range(4):
                if k != i:
                    o = tx[k]
                    ma[o] -= 1
                    meet[o][a] -= 1
                    mb[o] += 1
                    meet[o][b] += 1
                if k != j:
                    o = ty[k]
                    mb[o] -= 1
                    meet[o][b] -= 1
                    ma[o] += 1
                    meet[o][a] += 1
            partner[a][pa] -= 1
            partner[pa][a] -= 1
            partner[b][pa] += 1
            partner[pa][b] += 1
            partner[b][pb] -= 1
            partner[pb][b] -= 1
            partner[a][pb] += 1
            partner[pb][a] += 1
            tx[i], ty[j] = b, a
    return schedule

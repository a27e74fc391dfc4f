"""The floor of repeat meetings (issue 30, item 9): the pigeonhole bound is the fewest
repeat meetings any seating of a round can have after a first round of the same
players, counted exhaustively for 4 to 13 players; a schedule at the floor reads as
perfect ("repeat meetings: 6 (at least 6)" for twelve players over three rounds)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import pytest

from scorekeeper.engine.club.movement_floor import floor, pigeonhole
from scorekeeper.engine.club.movements import PROGRESSIVE, Round, Table, evenness, movement


def partitions(players: tuple[int, ...], size: int) -> Iterator[list[tuple[int, ...]]]:
    """Every way to seat ``players`` at unnumbered tables of ``size``."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for others in combinations(rest, size - 1):
        table = (first, *others)
        left = tuple(p for p in rest if p not in others)
        for tail in partitions(left, size):
            yield [table, *tail]


def fewest_repeats(players: int, seats: int = 4) -> int:
    """The fewest pairs of a first round (tables 0-3, 4-7, ...; the last ones sit out)
    that sit together again in a second round, over every second round."""
    tables = players // seats
    first = {p: p // seats if p < tables * seats else None for p in range(players)}
    byes = players - tables * seats
    best = None
    for out in combinations(range(players), byes):
        seated = tuple(p for p in range(players) if p not in out)
        for seating in partitions(seated, seats):
            again = sum(
                1
                for table in seating
                for a, b in combinations(table, 2)
                if first[a] is not None and first[a] == first[b]
            )
            best = again if best is None else min(best, again)
            if best == 0:
                return 0
    assert best is not None
    return best


@pytest.mark.parametrize("players", range(4, 14))
def test_the_pigeonhole_is_the_fewest_any_second_round_has(players: int) -> None:
    tables, byes = divmod(players, 4)
    assert pigeonhole(tables, byes, 4) == fewest_repeats(players)


@pytest.mark.parametrize("teams", range(2, 8))
def test_teams_meet_again_only_when_two_play_alone(teams: int) -> None:
    tables, byes = divmod(teams, 2)
    assert pigeonhole(tables, byes, 2) == fewest_repeats(teams, seats=2)


# (players, rounds) -> the floor, and the repeat meetings of the app's own movement
FLOORS = [
    (4, 2, 6, 6),  # the same four again: all six pairs
    (8, 2, 4, 4),
    (8, 3, 8, 8),
    (12, 2, 3, 3),
    (12, 3, 6, 6),  # the night the issue saw: 6 forced, not "at least 0"
    (16, 3, 0, 0),
    (13, 3, 4, None),  # the floor only: the search's schedule may stand above it
]


@pytest.mark.parametrize(("players", "rounds", "least", "made"), FLOORS)
def test_the_movements_figure_states_the_floor(
    players: int, rounds: int, least: int, made: int | None
) -> None:
    night = movement(PROGRESSIVE, players, rounds)
    assert night.evenness.lower_bound == least
    assert night.evenness.repeat_meetings >= least
    if made is not None:
        assert night.evenness.repeat_meetings == made  # at the floor: as even as can be


def test_a_round_after_a_late_arrival_claims_nothing_against_the_rounds_before() -> None:
    four, five = frozenset(range(4)), frozenset(range(5))
    assert floor([(four, 1, 0, 4), (four, 1, 0, 4), (five, 1, 1, 4)]) == 6
    assert floor([(four, 1, 0, 4), (five, 1, 1, 4), (five, 1, 1, 4)]) == 3


@pytest.mark.parametrize(
    ("players", "rounds", "meetings", "pigeonholes"),
    [
        (5, 5, 20, 12),  # each meets the other four three times over: too many meetings
        (12, 3, 0, 6),  # nobody meets eleven: the pigeonhole alone
    ],
)
def test_the_figure_takes_the_larger_of_the_two_bounds(
    players: int, rounds: int, meetings: int, pigeonholes: int
) -> None:
    night = movement(PROGRESSIVE, players, rounds)
    tables, byes = divmod(players, 4)
    assert pigeonhole(tables, byes, 4) * (rounds - 1) == pigeonholes
    assert night.evenness.lower_bound == max(meetings, pigeonholes)


def test_rounds_of_other_tables_claim_nothing_against_each_other() -> None:
    """Twelve players at two tables with four out, then at three: a seating of the
    second round meets only two pairs again, fewer than three tables after three
    would force."""
    twelve = frozenset(range(12))
    assert floor([(twelve, 2, 4, 4), (twelve, 3, 0, 4)]) == 0
    first = [Table(1, (0, 1, 2, 3)), Table(2, (4, 5, 6, 7))]
    second = [Table(1, (0, 4, 8, 1)), Table(2, (2, 5, 6, 9)), Table(3, (3, 7, 10, 11))]
    rounds = [Round(1, tuple(first), (8, 9, 10, 11)), Round(2, tuple(second), ())]
    even = evenness(PROGRESSIVE, 12, rounds)
    assert even.repeat_meetings == 2 and even.lower_bound <= 2

"""Movements (docs/club.md): every shipped progressive schedule re-verified from its seats,
the search's determinism, the round robin and the A/B movement's properties, refusals,
and a late arrival or a withdrawal before round 3 of 8.

The figure is recomputed here from the seats (``figure``), never read back from the
engine's ``Evenness``; the engine's own count is then checked against it.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, pairwise

import pytest

from scorekeeper.engine.club.movement_changes import played_from_document, recompute
from scorekeeper.engine.club.movements import (
    AB,
    PROGRESSIVE,
    TEAMS,
    Movement,
    MovementError,
    a_b,
    fixed_speed,
    movement,
    progressive,
    round_robin,
    shipped,
    to_document,
)

TABLES = range(3, 13)
ROUNDS = range(1, 9)
# the targets for repeat meetings at 6 / 8 rounds with 4T players (9..12: 0 / 0)
TARGET_6_8 = {3: (42, 78), 4: (24, 72), 5: (6, 51), 6: (3, 28), 7: (0, 12), 8: (0, 3)}
COUNTS = [(4 * t + extra, r) for t in TABLES for extra in range(4) for r in ROUNDS]


def seats_of(night: Movement) -> list[list[tuple[int, ...]]]:
    return [[table.seats for table in played.tables] for played in night.rounds]


def figure(entrants: int, rounds: list[list[tuple[int, ...]]]) -> dict[str, int]:
    """(a) partner repeats, (b) repeat meetings and its lower bound, (c) most meetings,
    counted from the seats; and the byes' spread after every round, its worst."""
    meetings: Counter[frozenset[int]] = Counter()
    partners: Counter[frozenset[int]] = Counter()
    byes = Counter({player: 0 for player in range(entrants)})
    worst_spread = 0
    for tables in rounds:
        seated = [player for seats in tables for player in seats]
        assert len(seated) == len(set(seated)), "a player at two seats in one round"
        for player in set(range(entrants)) - set(seated):
            byes[player] += 1
        worst_spread = max(worst_spread, max(byes.values()) - min(byes.values()))
        for seats in tables:
            meetings.update(frozenset(pair) for pair in combinations(seats, 2))
            if len(seats) == 4:
                partners.update([frozenset(seats[0::2]), frozenset(seats[1::2])])
    tables = entrants // 4
    return {
        "partner_repeats": sum(count - 1 for count in partners.values()),
        "repeat_meetings": sum(count - 1 for count in meetings.values()),
        # the larger of the two floors (docs/club.md): too many meetings, and the
        # pigeonhole of each round after the first against it (full tables, no bye: 1
        # table forces 6, 2 tables 4, 3 tables 3, 4 or more none)
        "lower_bound": max(
            2 * tables * max(0, 3 * len(rounds) - 4 * tables + 1),
            (len(rounds) - 1) * {1: 6, 2: 4, 3: 3}.get(tables, 0),
        ),
        "most_meetings": max(meetings.values(), default=0),
        "bye_spread": worst_spread,
    }


@pytest.mark.parametrize(("entrants", "rounds"), COUNTS, ids=lambda value: str(value))
def test_every_shipped_progressive_schedule_meets_the_targets(entrants: int, rounds: int) -> None:
    assert shipped(entrants, rounds) is not None
    night = movement(PROGRESSIVE, entrants, rounds)
    tables, extra = divmod(entrants, 4)
    grid = seats_of(night)
    assert len(grid) == rounds
    assert all(len(r) == tables and all(len(t) == 4 for t in r) for r in grid)
    found = figure(entrants, grid)
    assert found["partner_repeats"] == 0
    assert found["bye_spread"] <= 1
    out = [set(played.byes) for played in night.rounds]
    assert all(len(byes) == extra for byes in out)
    assert all(not (before & after) for before, after in pairwise(out))
    if extra == 0:
        assert found["repeat_meetings"] >= found["lower_bound"]
        reference = figure(entrants, seats_of(fixed_speed(tables, rounds)))
        assert found["repeat_meetings"] <= reference["repeat_meetings"]
        if rounds in (6, 8):
            assert found["repeat_meetings"] <= TARGET_6_8.get(tables, (0, 0))[rounds == 8]
        assert night.evenness.lower_bound == found["lower_bound"]
    even = night.evenness
    assert (even.partner_repeats, even.repeat_meetings, even.most_meetings) == (
        found["partner_repeats"],
        found["repeat_meetings"],
        found["most_meetings"],
    )


# (tables, rounds, partner repeats, repeat meetings) of the fixed-speed movement
FIXED_SPEED = [
    (3, 6, 18, 60),  # the same South and West sit together every round
    (4, 8, 32, 112),  # the 32 repeated partnerships
    (5, 4, 0, 0),  # coprime to 6: no repeats for as many rounds as tables
    (7, 7, 0, 0),
    (7, 8, 14, 42),
]


@pytest.mark.parametrize(("tables", "rounds", "partners", "repeats"), FIXED_SPEED)
def test_the_fixed_speed_movement(tables: int, rounds: int, partners: int, repeats: int) -> None:
    found = figure(4 * tables, seats_of(fixed_speed(tables, rounds)))
    assert (found["partner_repeats"], found["repeat_meetings"]) == (partners, repeats)


def test_at_three_tables_south_and_west_never_part() -> None:
    pairs = [{frozenset(t.seats[2:]) for t in played.tables} for played in fixed_speed(3, 8).rounds]
    assert all(these == pairs[0] for these in pairs)


# counts no shipped table holds, and a shipped count with a seed: the live search
LIVE = [(5, 3, 1), (9, 4, 2), (53, 2, 7), (16, 3, 3)]


@pytest.mark.parametrize(("entrants", "rounds", "seed"), LIVE)
def test_the_live_search_is_deterministic_and_keeps_partners_apart(
    entrants: int, rounds: int, seed: int
) -> None:
    night = progressive(entrants, rounds, seed)
    assert to_document(night) == to_document(progressive(entrants, rounds, seed))
    found = figure(entrants, seats_of(night))
    assert found["bye_spread"] <= 1
    if entrants >= 8:
        assert found["partner_repeats"] == 0


# tables -> the rounds the fixed-speed movement plays before two players meet again
# (docs/club.md: the whole night only when coprime to 6, and then for as many rounds)
FIXED_SPEED_CLEAN = {2: 1, 3: 1, 4: 2, 5: 5, 6: 2, 7: 7, 8: 4, 9: 3, 10: 5, 11: 11, 12: 4}


@pytest.mark.parametrize(("tables", "clean"), FIXED_SPEED_CLEAN.items())
def test_fixed_speed_meets_nobody_twice_only_so_long(tables: int, clean: int) -> None:
    assert fixed_speed(tables, clean).evenness.repeat_meetings == 0
    if clean < 20:
        assert fixed_speed(tables, clean + 1).evenness.repeat_meetings > 0


@pytest.mark.parametrize("teams", range(2, 22))
def test_round_robin_meets_each_pair_once_in_a_cycle(teams: int) -> None:
    cycle = teams - 1 if teams % 2 == 0 else teams
    rounds = min(cycle, 20)
    night = round_robin(teams, rounds)
    games = Counter(frozenset(t.seats) for r in night.rounds for t in r.tables)
    assert max(games.values()) == 1
    if rounds == cycle:
        assert len(games) == teams * (teams - 1) // 2
    for played in night.rounds:
        seated = [team for t in played.tables for team in t.seats]
        assert sorted(seated + list(played.byes)) == list(range(teams))
        assert len(played.byes) == teams % 2
    assert night.evenness.repeat_meetings == 0
    assert (night.notes == ()) == (rounds == cycle)  # cut short past 20 rounds: it says so


def test_round_robin_past_a_cycle_says_teams_meet_again() -> None:
    night = round_robin(4, 5)
    assert night.evenness.repeat_meetings == 4  # 10 games, 6 pairs
    assert "meet again" in night.notes[0]


# (format, teams, rounds or None for the default, the note's words; "" for no note)
CUT_SHORT = [
    (TEAMS, 24, None, "a round robin of 24 teams takes 23 rounds, more than the 20 a night "
     "has: cut short at 20, not every team meets every other"),
    (TEAMS, 21, None, "a round robin of 21 teams takes 21 rounds, more than the 20"),
    (TEAMS, 20, None, ""),  # 19 rounds: the whole round robin
    (TEAMS, 8, 5, "a round robin of 8 teams takes 7 rounds: cut short at 5"),
    (AB, 44, None, "each A team meeting each of the 22 B teams takes 22 rounds, more than the "
     "20 a night has: cut short at 20, not every A team meets every B team"),
    (AB, 40, None, ""),
]  # fmt: skip


@pytest.mark.parametrize(("fmt", "teams", "rounds", "words"), CUT_SHORT)
def test_a_team_movement_cut_short_says_so(
    fmt: str, teams: int, rounds: int | None, words: str
) -> None:
    notes = movement(fmt, teams, rounds).notes
    assert (words in notes[0]) if words else notes == ()


@pytest.mark.parametrize("teams", range(2, 22))
def test_a_b_keeps_a_teams_and_moves_b_teams_up_one(teams: int) -> None:
    tables = teams // 2
    places = teams - tables
    night = a_b(teams, 20)
    for played in night.rounds:
        assert [t.seats[0] for t in played.tables] == list(range(tables))
    for before, after in pairwise(night.rounds):
        moved = {t.seats[1]: t.table for t in before.tables}
        for table in after.tables:
            if table.seats[1] in moved and moved[table.seats[1]] < tables:
                assert table.table == moved[table.seats[1]] + 1
    first = a_b(teams, places)
    assert first.evenness.repeat_meetings == 0 and first.notes == ()
    if places < 20:
        assert night.evenness.repeat_meetings > 0 and "meet again" in night.notes[0]


# (format, entrants, rounds, words of the sentence)
REFUSED = [
    (PROGRESSIVE, 3, 4, "3 players cannot fill a table"),
    (PROGRESSIVE, 1, 4, "1 player cannot fill a table: progressive needs 4 players at least"),
    (TEAMS, 1, 1, "1 team cannot fill a table: teams needs 2 teams at least"),
    (TEAMS, 1, 1, "cannot fill a table"),
    (AB, 0, 1, "cannot fill a table"),
    (PROGRESSIVE, 12, 0, "out of range"),
    (TEAMS, 6, 21, "out of range"),
    ("howell", 12, 4, "unknown format 'howell'"),
    (PROGRESSIVE, 201, 4, "the most a night takes"),
]


@pytest.mark.parametrize(("fmt", "entrants", "rounds", "words"), REFUSED)
def test_refusals_say_why(fmt: str, entrants: int, rounds: int, words: str) -> None:
    with pytest.raises(MovementError, match=words):
        movement(fmt, entrants, rounds)


# (players, arrivals, withdrawn): a change before round 3 of 8
CHANGES = [(16, 1, ()), (16, 0, (5,)), (13, 3, (0, 7))]


@pytest.mark.parametrize(("players", "arrivals", "withdrawn"), CHANGES)
def test_a_change_before_round_3_keeps_the_played_rounds(
    players: int, arrivals: int, withdrawn: tuple[int, ...]
) -> None:
    played = progressive(players, 2).rounds
    entrants = players + arrivals
    night = recompute(played, entrants, 8, withdrawn, seed=1)
    assert night.rounds[:2] == played
    assert [r.round for r in night.rounds] == list(range(1, 9))
    present = set(range(entrants)) - set(withdrawn)
    for later in night.rounds[2:]:
        seated = [p for t in later.tables for p in t.seats]
        assert sorted(seated + list(later.byes)) == sorted(present)
        assert len(later.tables) == len(present) // 4
    found = figure(entrants, seats_of(night))
    assert found["partner_repeats"] == 0
    assert night.evenness.repeat_meetings == found["repeat_meetings"]
    assert night.evenness.bye_spread <= 1  # among those there all night
    assert night == recompute(played, entrants, 8, withdrawn, seed=1)


# (entrants, rounds, withdrawn, words)
CHANGE_REFUSED = [
    (12, 8, (), "fewer than the 16 already seated"),
    (16, 2, (), "leaves none to compute"),
    (16, 8, (16,), "withdrawn entrant 16"),
    (16, 8, tuple(range(13)), "3 players left"),
]


@pytest.mark.parametrize(("entrants", "rounds", "withdrawn", "words"), CHANGE_REFUSED)
def test_a_change_that_cannot_be_made_says_why(
    entrants: int, rounds: int, withdrawn: tuple[int, ...], words: str
) -> None:
    with pytest.raises(MovementError, match=words):
        recompute(progressive(16, 2).rounds, entrants, rounds, withdrawn)


def test_the_played_rounds_come_back_from_the_json() -> None:
    night = progressive(14, 3, seed=2)
    assert played_from_document(to_document(night)) == list(night.rounds)
    for bad in ({"format": "teams"}, {"format": "progressive", "rounds": []}):
        with pytest.raises(MovementError):
            played_from_document(bad)

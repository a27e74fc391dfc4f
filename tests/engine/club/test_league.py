"""A competition across club nights (issue 32, item 3: engine/club/league.py,
docs/league-format.md): cases counted by hand on the two nights of tests/data/events (a
progressive night with byes and a late arrival's adjustment, a teams night with a bye),
and an independent count from each night's standings on those and generated nights (ties,
byes, players missing nights, dropped and best nights, the unqualified)."""

from __future__ import annotations

import copy
import json
from collections import defaultdict
from datetime import date, timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from benchmarks.club_standings import night as generated_night
from scorekeeper.engine.club.events import Event, from_document
from scorekeeper.engine.club.league import (
    PLACES,
    POINTS,
    WINS,
    LeagueRules,
    league,
    night_key,
)
from scorekeeper.engine.club.standings import standings
from scorekeeper.engine.errors import GameError

EVENTS = Path(__file__).resolve().parents[2] / "data" / "events"


def data_night(name: str) -> Event:
    return from_document(json.loads((EVENTS / name).read_text(encoding="utf-8")))


CLUB, TEAMS = data_night("club-night.json"), data_night("teams-night.json")  # 12-01, 12-05
F = Fraction
PLACE_POINTS = tuple(F(n) for n in (10, 8, 6, 5, 4))

# rules -> the table as (place, player, nights counted, score, points), counted by hand
# from the two nights' standings (``scorekeeper standings``): the club night Bea and Eve
# 2.5 wins 1440 (place 1, tied), Dan 2 760, Cal 1.5 1350, Ann 0.5 720; the teams night
# Eve & Fay 1 500, Ida & Jo 1 490 (a bye), Bea & Dan 1 470, Ann & Cal 0 380, Gus & Hal 0 -90
CASES: list[tuple[str, LeagueRules, list[tuple[int | None, str, int, Fraction, int]]]] = [
    ("wins", LeagueRules(WINS), [
        (1, "Eve", 2, F(7, 2), 1940), (2, "Bea", 2, F(7, 2), 1910), (3, "Dan", 2, F(3), 1230),
        (4, "Cal", 2, F(3, 2), 1730), (5, "Fay", 1, F(1), 500), (6, "Ida", 1, F(1), 490),
        (6, "Jo", 1, F(1), 490), (8, "Ann", 2, F(1, 2), 1100), (9, "Gus", 1, F(0), -90),
        (9, "Hal", 1, F(0), -90),
    ]),
    ("points", LeagueRules(POINTS), [
        (1, "Eve", 2, F(1940), 1940), (2, "Bea", 2, F(1910), 1910), (3, "Cal", 2, F(1730), 1730),
        (4, "Dan", 2, F(1230), 1230), (5, "Ann", 2, F(1100), 1100), (6, "Fay", 1, F(500), 500),
        (7, "Ida", 1, F(490), 490), (7, "Jo", 1, F(490), 490), (9, "Gus", 1, F(-90), -90),
        (9, "Hal", 1, F(-90), -90),
    ]),
    # tied places share the mean of their points: Bea and Eve 1st-2nd, 9 each
    ("places", LeagueRules(PLACES, PLACE_POINTS), [
        (1, "Eve", 2, F(19), 1940), (2, "Bea", 2, F(15), 1910), (3, "Dan", 2, F(12), 1230),
        (4, "Cal", 2, F(10), 1730), (5, "Fay", 1, F(10), 500), (6, "Ann", 2, F(9), 1100),
        (7, "Ida", 1, F(8), 490), (7, "Jo", 1, F(8), 490), (9, "Gus", 1, F(4), -90),
        (9, "Hal", 1, F(4), -90),
    ]),
    ("best 1", LeagueRules(WINS, best=1), [
        (1, "Bea", 1, F(5, 2), 1440), (1, "Eve", 1, F(5, 2), 1440), (3, "Dan", 1, F(2), 760),
        (4, "Cal", 1, F(3, 2), 1350), (5, "Fay", 1, F(1), 500), (6, "Ida", 1, F(1), 490),
        (6, "Jo", 1, F(1), 490), (8, "Ann", 1, F(1, 2), 720), (9, "Gus", 1, F(0), -90),
        (9, "Hal", 1, F(0), -90),
    ]),
    # the lowest night dropped: one night's players count nothing, all five tied
    ("drop 1", LeagueRules(WINS, drop=1), [
        (1, "Bea", 1, F(5, 2), 1440), (1, "Eve", 1, F(5, 2), 1440), (3, "Dan", 1, F(2), 760),
        (4, "Cal", 1, F(3, 2), 1350), (5, "Ann", 1, F(1, 2), 720), (6, "Fay", 0, F(0), 0),
        (6, "Gus", 0, F(0), 0), (6, "Hal", 0, F(0), 0), (6, "Ida", 0, F(0), 0),
        (6, "Jo", 0, F(0), 0),
    ]),
    # two nights to be ranked: the teams night's newcomers are listed below, unranked
    ("min 2 nights", LeagueRules(WINS, min_nights=2), [
        (1, "Eve", 2, F(7, 2), 1940), (2, "Bea", 2, F(7, 2), 1910), (3, "Dan", 2, F(3), 1230),
        (4, "Cal", 2, F(3, 2), 1730), (5, "Ann", 2, F(1, 2), 1100), (None, "Fay", 1, F(1), 500),
        (None, "Ida", 1, F(1), 490), (None, "Jo", 1, F(1), 490), (None, "Gus", 1, F(0), -90),
        (None, "Hal", 1, F(0), -90),
    ]),
]  # fmt: skip


@pytest.mark.parametrize(("rules", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_the_table_counted_by_hand(
    rules: LeagueRules, expected: list[tuple[int | None, str, int, Fraction, int]]
) -> None:
    table = league([TEAMS, CLUB], rules)  # given out of date order
    assert table.nights == (night_key(CLUB), night_key(TEAMS))
    got = [(row.place, row.player, len(row.counted), row.score, row.points) for row in table.rows]
    assert got == expected


def test_the_unranked_are_told_how_many_nights_they_need() -> None:
    table = league([CLUB, TEAMS], LeagueRules(WINS, min_nights=3))
    assert table.needs == {name: 1 for name in ("Ann", "Bea", "Cal", "Dan", "Eve")} | {
        name: 2 for name in ("Fay", "Gus", "Hal", "Ida", "Jo")
    }
    assert all(row.place is None and not row.qualified for row in table.rows)


def test_a_nights_key_is_its_own_or_its_documents() -> None:
    assert night_key(CLUB) == night_key(data_night("club-night.json"))  # the same file
    assert night_key(CLUB) != night_key(TEAMS)
    document = json.loads((EVENTS / "club-night.json").read_text(encoding="utf-8"))
    assert night_key(from_document({**document, "key": "Tue-01_a"})) == "Tue-01_a"


@pytest.mark.parametrize(
    ("rules", "code"),
    [
        (lambda: LeagueRules("rank"), "league_choice"),
        (lambda: LeagueRules(PLACES), "league_place_points"),
        (lambda: LeagueRules(WINS, (F(10),)), "league_place_points"),
        (lambda: LeagueRules(PLACES, (F(10), F(-1))), "league_place_points"),
        (lambda: LeagueRules(WINS, best=0), "league_count"),
        (lambda: LeagueRules(WINS, drop=1001), "league_count"),
        (lambda: league([CLUB, CLUB], LeagueRules()), "league_night_twice"),
    ],
    ids=["score", "places without points", "points without places", "a negative place's",
         "best 0", "drop 1001", "a night twice"],
)  # fmt: skip
def test_refused_rules(rules: Any, code: str) -> None:
    with pytest.raises(GameError) as refused:
        rules()
    assert refused.value.code == code


# --- an independent count -----------------------------------------------------------------


def nights() -> list[Event]:
    """The two data nights and six generated ones: 2 or 3 tables (players 09 to 12 miss
    the 2-table nights), a week apart, different games each."""
    made = [CLUB, TEAMS]
    for number, (tables, seed) in enumerate([(3, 1), (2, 2), (3, 3), (2, 4), (3, 5), (3, 6)]):
        document = copy.deepcopy(generated_night(tables, rounds=3, seed=seed))
        document["date"] = (date(2026, 1, 6) + timedelta(weeks=number)).isoformat()
        made.append(from_document(document))
    return made


def counted_alone(events: list[Event], rules: LeagueRules) -> list[dict[str, object]]:
    """The table as the docs say it, from the nights' standings, written apart."""
    ordered = sorted(events, key=lambda event: (event.date or date.max, night_key(event)))
    seen: dict[str, list[tuple[Fraction, int, int, str]]] = defaultdict(list)
    for order, event in enumerate(ordered):
        rows = standings(event).rows
        teams = {entrant.name: entrant.players for entrant in event.entrants}
        for row in rows:
            if row.games == 0 and row.byes == 0:
                continue
            if rules.score == WINS:
                value = row.wins
            elif rules.score == POINTS:
                value = Fraction(row.points)
            else:
                holding = [other for other in rows if other.place == row.place]
                places = range(row.place, row.place + len(holding))
                shares = [rules.place_points[p - 1] if p <= len(rules.place_points) else 0
                          for p in places]  # fmt: skip
                value = Fraction(round(Fraction(sum(shares), len(shares)) * 100), 100)
            for player in teams[row.entrant] or (row.entrant,):
                seen[player].append((value, row.points, order, night_key(event)))
    lines = []
    for player, values in seen.items():
        values.sort(key=lambda v: (-v[0], -v[1], v[2]))
        keep = max(len(values) - rules.drop, 0)
        if rules.best is not None:
            keep = min(keep, rules.best)
        kept = sorted(values[:keep], key=lambda v: v[2])
        score, points = sum(v[0] for v in kept), sum(v[1] for v in kept)
        lines.append((player, Fraction(score), points, len(values), [v[3] for v in kept]))
    table = []
    for ranked in (True, False):
        group = [line for line in lines if (line[3] >= rules.min_nights) == ranked]
        group.sort(key=lambda line: (-line[1], -line[2], -line[3], line[0].casefold(), line[0]))
        for line in group:
            alike = [other for other in group if other[1:4] == line[1:4]]
            first = next(i for i, other in enumerate(group) if other[1:4] == line[1:4])
            score = line[1]
            table.append({
                "place": first + 1 if ranked else None, "player": line[0], "nights": line[3],
                "counted": line[4], "points": line[2], "qualified": ranked,
                "tied": len(alike) > 1,
                "score": score.numerator if score.denominator == 1 else round(float(score), 2),
            })  # fmt: skip
    return table


RULES = [
    LeagueRules(WINS),
    LeagueRules(POINTS, best=4),
    LeagueRules(PLACES, tuple(F(n) for n in (12, 10, 8, 7, 6, 5, 4, 3, 2, 1)), drop=2),
    LeagueRules(PLACES, (F(3), F(2), F(1)), best=5, drop=1, min_nights=6),
    LeagueRules(WINS, best=3, min_nights=5),
    LeagueRules(POINTS, drop=7, min_nights=8),
]


@pytest.mark.parametrize("rules", RULES, ids=lambda rules: repr(rules)[12:70])
def test_the_table_agrees_with_an_independent_count(rules: LeagueRules) -> None:
    events = nights()
    assert league(events, rules).as_dict()["standings"] == counted_alone(events, rules)

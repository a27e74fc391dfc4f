"""A club's points and awards (issue 32, item 4: engine/club/awards.py): club
points counted by hand on the two nights of tests/data/events and on small nights written
here in a table's own notation (ties over three tables, a bye sharing first place, a late
arrival and a withdrawal, a provisional night); milestones across nights; the awards of a
night and of a competition (its minimum games for the average), and counted again by
brute force on generated nights."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import defaultdict
from collections.abc import Iterable
from datetime import date, timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.club.awards import (
    MILESTONES,
    Milestone,
    awards,
    bids_made,
    lifetime,
    milestones,
    night_club_points,
    night_tables,
)
from scorekeeper.engine.club.events import EXAMPLE, Event, from_document
from scorekeeper.engine.club.league import night_key
from scorekeeper.engine.club.standings import standings
from scorekeeper.engine.errors import GameError
from scorekeeper.engine.gamefile import to_document as game_document
from scorekeeper.engine.rules import ruleset
from scorekeeper.engine.scoring import replay
from scorekeeper.engine.simulate import random_game

EVENTS = Path(__file__).resolve().parents[2] / "data" / "events"
F = Fraction
Doc = dict[str, Any]


def data_night(name: str) -> Event:
    return from_document(json.loads((EVENTS / name).read_text(encoding="utf-8")))


CLUB, TEAMS = data_night("club-night.json"), data_night("teams-night.json")  # 12-01, 12-05

# --- nights written in a table's notation ---------------------------------------------
# A table is "SEATS = HAND; HAND" (North East South West, or the two teams), "SEATS ="
# seated with no hand yet, "SEATS" with no game; "bye NAME NAME" lists a round's byes. A
# hand is "BIDDER BID MELD COUNTERS" (per side, first side's first: "Ann 250 100,60
# 150,100"), "BIDDER BID MELD thrown", "BIDDER BID MELD renege SIDE", "passed" or
# "misdeal"; trump is always hearts. Each game lasts one scored hand.
RULES = {"game_end": "hands:1", "all_pass": "redeal"}


def hand(text: str) -> Doc:
    words = text.split()
    if words in (["passed"], ["misdeal"]):
        return {"passed_out" if words == ["passed"] else "misdeal": True}
    bidder, bid, meld, *rest = words
    doc: Doc = {"bidder": bidder, "bid": int(bid), "trump": "H", "meld": pair(meld)}
    if rest == ["thrown"]:
        doc["thrown_in"] = True
    elif rest[0] == "renege":
        doc["renege"] = int(rest[1])
    else:
        doc["counters"] = pair(rest[0])
    return doc


def pair(text: str) -> list[int]:
    return [int(part) for part in text.split(",")]


def table(text: str, number: int, teams: dict[str, tuple[str, str]]) -> Doc:
    seats_text, seated, hands_text = text.partition("=")
    seats = seats_text.split()
    if teams:
        first, second = (teams[name] for name in seats)
        sides = [(seats[0], first), (seats[1], second)]
        seating = [first[0], second[0], first[1], second[1]]
    else:
        sides = [
            (f"{seats[0]} & {seats[2]}", seats[0::2]),
            (f"{seats[1]} & {seats[3]}", seats[1::2]),
        ]
        seating = seats
    game = {
        "format": "pinochle-game/1", "ruleset": "partnership", "rules": RULES,
        "sides": [{"name": name, "players": list(players)} for name, players in sides],
        "seating": seating,
        "hands": [hand(part) for part in hands_text.split(";") if part.strip()],
    }  # fmt: skip
    return {"table": number, "seats": seats, "game": game if seated else None}


def night(
    entrants: str, *rounds: list[str], teams: dict[str, tuple[str, str]] | None = None
) -> Event:
    """A night of ``entrants`` (teams: their names, ``teams`` their players) and
    ``rounds``, each a list of tables and byes in the notation above."""
    teams = teams or {}
    document_rounds = []
    for number, items in enumerate(rounds, 1):
        tables = [item for item in items if not item.startswith("bye ")]
        byes = [name for item in items if item.startswith("bye ") for name in item.split()[1:]]
        document_rounds.append({
            "round": number, "byes": byes,
            "tables": [table(text, index, teams) for index, text in enumerate(tables, 1)],
        })  # fmt: skip
    return from_document({
        "format": "pinochle-event/1", "name": "Club night", "date": "2026-12-01", "key": "n1",
        "kind": "teams" if teams else "progressive", "ruleset": "partnership", "rules": RULES,
        "entrants": [
            {"name": name, "players": list(teams[name])} if teams else {"name": name}
            for name in entrants.split()
        ],
        "rounds": document_rounds,
    })  # fmt: skip


# a bid of North or South made: their side takes 250, East and West 160 (teams: the first
# team's)
MADE = "{} 250 100,60 150,100"

# Ann & Cal 300; Eve & Gus and Ida & Kim 250 each; the losers 160 each
THREE_TABLES = night(
    "Ann Bea Cal Dan Eve Fay Gus Hal Ida Jo Kim Lee",
    ["Ann Bea Cal Dan = Ann 300 150,60 150,100", f"Eve Fay Gus Hal = {MADE.format('Eve')}",
     f"Ida Jo Kim Lee = {MADE.format('Ida')}"],
)  # fmt: skip
# the same three tables all won at 250, and Mo's bye: a win and the winners' 250
WITH_A_BYE = night(
    "Ann Bea Cal Dan Eve Fay Gus Hal Ida Jo Kim Lee Mo",
    [f"Ann Bea Cal Dan = {MADE.format('Ann')}", f"Eve Fay Gus Hal = {MADE.format('Eve')}",
     f"Ida Jo Kim Lee = {MADE.format('Ida')}", "bye Mo"],
)  # fmt: skip
# Eve arrives for round 2, Dan leaves after round 1, Fay never comes: Cal 2 wins 500,
# Ann 1 410, Eve 1 250, Bea 0 320, Dan 0 160, Fay 0 0
LATE_AND_GONE = night(
    "Ann Bea Cal Dan Eve Fay",
    [f"Ann Bea Cal Dan = {MADE.format('Ann')}"],
    ["Ann Eve Bea Cal = Eve 250 60,100 100,150"],
)
STILL_PLAYING = night("Ann Bea Cal Dan", ["Ann Bea Cal Dan = passed"])
SEATED_ONLY = night("Ann Bea Cal Dan", ["Ann Bea Cal Dan ="])

# night -> (T, each player's club points), counted by hand from the night's standings
CLUB_POINTS: list[tuple[str, Event, int, dict[str, Fraction]]] = [
    # one table: Bea and Eve share 1st (1 and 0: half a point each), all played
    ("club night", CLUB, 1, {"Bea": F(3, 2), "Eve": F(3, 2), "Cal": F(1), "Dan": F(1),
                             "Ann": F(1)}),
    # two tables in round 1: Eve & Fay 1st (2 + 1 each); Ida & Jo 2nd on a bye: the
    # place's 1, no point for playing
    ("teams night", TEAMS, 2, {"Eve": F(3), "Fay": F(3), "Ida": F(1), "Jo": F(1),
                               "Bea": F(1), "Dan": F(1), "Ann": F(1), "Cal": F(1),
                               "Gus": F(1), "Hal": F(1)}),
    # Ann and Cal share 1st-2nd (3 + 2) / 2; four share 3rd-6th (1 + 0 + 0 + 0) / 4
    ("ties over three tables", THREE_TABLES, 3, {
        "Ann": F(7, 2), "Cal": F(7, 2), "Eve": F(5, 4), "Gus": F(5, 4), "Ida": F(5, 4),
        "Kim": F(5, 4), **dict.fromkeys(("Bea", "Dan", "Fay", "Hal", "Jo", "Lee"), F(1))}),
    # seven share 1st-7th, Mo's bye among them: 6 / 7 to two decimals, 0.86 each
    ("a bye shares first", WITH_A_BYE, 3, {
        **dict.fromkeys(("Ann", "Cal", "Eve", "Gus", "Ida", "Kim"), F(186, 100)),
        "Mo": F(86, 100), **dict.fromkeys(("Bea", "Dan", "Fay", "Hal", "Jo", "Lee"), F(1))}),
    # fewer games still earn the point for playing; Fay never played, nothing
    ("late and withdrawn", LATE_AND_GONE, 1, {"Cal": F(2), "Ann": F(1), "Eve": F(1),
                                             "Bea": F(1), "Dan": F(1)}),
    ("provisional: a game goes on", STILL_PLAYING, 1, {}),
    ("seated, no hand yet", SEATED_ONLY, 0, {}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("event", "tables", "expected"), [c[1:] for c in CLUB_POINTS], ids=[c[0] for c in CLUB_POINTS]
)
def test_a_nights_club_points_counted_by_hand(
    event: Event, tables: int, expected: dict[str, Fraction]
) -> None:
    assert night_tables(event) == tables
    assert night_club_points(event, standings(event)) == expected


def test_a_provisional_night_gives_nothing_until_its_round_is_over() -> None:
    assert standings(STILL_PLAYING).provisional
    # a later round played closes round 1: its game stopped counts nothing (the rule of a
    # file without one), and the night is final
    over = night(
        "Ann Bea Cal Dan", ["Ann Bea Cal Dan = passed"], [f"Ann Bea Cal Dan = {MADE.format('Ann')}"]
    )
    assert not standings(over).provisional
    assert night_club_points(over, standings(over)) == {
        "Ann": F(3, 2), "Cal": F(3, 2), "Bea": F(1), "Dan": F(1)
    }  # fmt: skip


def test_a_night_with_a_round_still_to_play_gives_nothing_yet() -> None:
    """Round 1 of the data night played, rounds 2 and 3 still to play: its standings are
    not provisional (no game is being played), but the night is not over."""
    document = json.loads((EVENTS / "club-night.json").read_text(encoding="utf-8"))
    document["rounds"] = [document["rounds"][0], {"round": 2}, {"round": 3}]
    document["adjustments"] = []
    cut = from_document(document)
    assert not standings(cut).provisional
    assert night_club_points(cut, standings(cut)) == {}
    assert night_club_points(CLUB, standings(CLUB))  # the whole night: points


# --- lifetime points and milestones ---------------------------------------------------

NIGHTS = [
    ("n1", {"Ann": F(24), "Bea": F(10)}),
    ("n2", {"Ann": F(1), "Bea": F(40), "Cal": F(49, 2)}),
    ("n3", {"Ann": F(80), "Cal": F(1, 2)}),
    ("n4", {"Ann": F(150), "Dan": F(2)}),
]
# player -> (lifetime points, milestones as (threshold, night))
LIFETIMES: list[tuple[str, Fraction, list[tuple[int, str]]]] = [
    ("Ann", F(255), [(25, "n2"), (50, "n3"), (100, "n3"), (250, "n4")]),  # 24, 25, 105, 255
    ("Bea", F(50), [(25, "n2"), (50, "n2")]),  # two on one night, 50 reached exactly
    ("Cal", F(25), [(25, "n3")]),  # 24.5 then half a point
    ("Dan", F(2), []),
]


@pytest.mark.parametrize(("player", "total", "reached"), LIFETIMES, ids=[c[0] for c in LIFETIMES])
def test_lifetime_points_and_milestones_across_nights(
    player: str, total: Fraction, reached: list[tuple[int, str]]
) -> None:
    assert lifetime(NIGHTS)[player] == total
    assert milestones(NIGHTS)[player] == tuple(Milestone(t, key) for t, key in reached)


def test_lifetime_points_of_the_two_data_nights() -> None:
    nights = [(night_key(event), night_club_points(event, standings(event)))
              for event in (CLUB, TEAMS)]  # fmt: skip
    assert lifetime(nights)["Eve"] == F(9, 2)  # 1.5 on the club night, 3 on the teams night
    assert lifetime(nights)["Fay"] == F(3)
    assert MILESTONES == (25, 50, 100, 250, 500, 1000)
    assert milestones(NIGHTS)["Bea"][0].as_dict() == {"threshold": 25, "night": "n2"}


def test_a_night_given_twice_is_refused() -> None:
    for count in (lifetime, milestones):
        with pytest.raises(GameError) as refused:
            count([("n1", {"Ann": F(1)}), ("n1", {"Ann": F(1)})])
        assert str(refused.value) == "the night 'n1' is given twice: each night counts once"


# --- awards ---------------------------------------------------------------------------

# no game counts for the awards at table 1 (only a pass and a misdeal); a throw-in is no
# bid made; the defenders' renege makes Bea's bid
ODD_HANDS = night(
    "Ann Bea Cal Dan Eve Fay Gus Hal",
    ["Ann Bea Cal Dan = passed; misdeal", "Eve Fay Gus Hal = Eve 340 20,60 thrown"],
    ["Ann Eve Bea Fay = Bea 250 40,150 renege 1", f"Cal Dan Gus Hal = {MADE.format('Cal')}"],
)

# events -> (high game, its players), (high average, its players), the minimum games,
# (most bids made, its players): counted by hand from the nights' games (club night:
# Ann & Cal 380 v Bea & Dan 470; Ann & Bea 500 v Eve & Cal 500; Cal & Eve 470 v Dan & Ann
# -160, Dan set; teams night: Ann & Cal 380 v Bea & Dan 470; Eve & Fay 500 v Gus & Hal
# -90, Gus set)
Expected = tuple[tuple[Any, list[str]], tuple[Any, list[str]], int, tuple[Any, list[str]]]
AWARDS: list[tuple[str, list[Event], Expected]] = [
    # averages: Bea (470 + 500) / 2 and Eve (500 + 470) / 2; Ann bid and made twice
    ("club night", [CLUB], ((500, ["Ann", "Bea", "Cal", "Eve"]), (485, ["Bea", "Eve"]), 0,
                            (2, ["Ann"]))),
    # a team's bid made counts for both its players
    ("teams night", [TEAMS], ((500, ["Eve", "Fay"]), (500, ["Eve", "Fay"]), 0,
                              (1, ["Ann", "Bea", "Cal", "Dan", "Eve", "Fay"]))),
    # Ann and Cal played 4 games: 2 needed, so Fay's one game of 500 does not count and
    # Eve's (500 + 470 + 500) / 3 = 490 leads; Ann 2 + 1 bids made
    ("both nights", [TEAMS, CLUB], ((500, ["Ann", "Bea", "Cal", "Eve", "Fay"]),
                                    (490, ["Eve"]), 2, (3, ["Ann"]))),
    ("nothing played", [from_document(EXAMPLE)], ((None, []), (None, []), 0, (None, []))),
    # counted: Eve & Gus -340 v Fay & Hal 60; Ann & Bea 290 v Eve & Fay -250 (the renege);
    # Cal & Gus 250 v Dan & Hal 160
    ("a pass, a misdeal, a throw-in, a renege", [ODD_HANDS], ((290, ["Ann", "Bea"]),
                                                     (F(290, 1), ["Ann", "Bea"]), 0,
                                                     (1, ["Bea", "Cal"]))),
]  # fmt: skip


@pytest.mark.parametrize(
    ("events", "expected"), [c[1:] for c in AWARDS], ids=[c[0] for c in AWARDS]
)
def test_awards_counted_by_hand(events: list[Event], expected: Expected) -> None:
    got = awards(events)
    high_game, high_average, least, bids = expected
    assert (got.high_game.value, list(got.high_game.players)) == high_game
    assert (got.high_average.value, list(got.high_average.players)) == high_average
    assert got.min_games == least
    assert (got.most_bids_made.value, list(got.most_bids_made.players)) == bids


def test_the_high_game_says_where_it_was_played() -> None:
    document = awards([CLUB]).as_dict()
    key = night_key(CLUB)
    assert document["high_game"] == {
        "value": 500,
        "players": ["Ann", "Bea", "Cal", "Eve"],
        "games": [
            {"night": key, "round": 2, "table": 1, "players": ["Ann", "Bea"], "total": 500},
            {"night": key, "round": 2, "table": 1, "players": ["Eve", "Cal"], "total": 500},
        ],
    }
    assert json.loads(json.dumps(document)) == document  # plain JSON values


def test_an_average_is_given_to_two_places_in_json() -> None:
    event = night(
        "Ann Bea Cal Dan",
        [f"Ann Bea Cal Dan = {MADE.format('Ann')}"],  # Ann & Cal 250, Bea & Dan 160
        ["Ann Bea Cal Dan = Bea 250 60,100 100,150"],  # Ann & Cal 160, Bea & Dan 250
        ["Ann Bea Cal Dan = Ann 300 150,60 150,100"],  # Ann & Cal 300, Bea & Dan 160
    )
    got = awards([event])
    assert got.high_average.value == F(710, 3)
    assert got.as_dict()["high_average"] == {
        "value": 236.67, "players": ["Ann", "Cal"], "min_games": 0
    }  # fmt: skip


TEAM_PLAYERS = {"Aces": ("Ann", "Cal"), "Kings": ("Bea", "Dan")}
# a hand -> the players credited with a bid made: progressive (the bidder), teams (both)
BIDS: list[tuple[str, list[str], list[str]]] = [
    (MADE.format("Ann"), ["Ann"], ["Ann", "Cal"]),
    ("Ann 250 50,60 150,100", [], []),  # set: 50 + 150 is short of 250
    ("Ann 340 20,60 thrown", [], []),
    ("Ann 250 100,60 renege 1", ["Ann"], ["Ann", "Cal"]),  # the defenders reneged: made
    ("Ann 250 100,60 renege 0", [], []),  # the bidders reneged: set
    ("passed", [], []),
    ("misdeal", [], []),
]


@pytest.mark.parametrize(("text", "progressive", "teams"), BIDS, ids=[c[0] for c in BIDS])
def test_who_is_credited_with_a_bid_made(
    text: str, progressive: list[str], teams: list[str]
) -> None:
    single = night("Ann Bea Cal Dan", [f"Ann Bea Cal Dan = {text}"])
    pairs = night("Aces Kings", [f"Aces Kings = {text}"], teams=TEAM_PLAYERS)
    for event, expected in ((single, progressive), (pairs, teams)):
        result = event.rounds[0].tables[0].result
        assert result is not None
        assert list(bids_made(result, teams=event is pairs)) == expected


def test_a_night_twice_is_refused_for_the_awards() -> None:
    with pytest.raises(GameError) as refused:
        awards([CLUB, CLUB])
    assert refused.value.code == "league_night_twice"


# --- awards by brute force ------------------------------------------------------------

NAMES = ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "lee")
GAME_RULES = ruleset("partnership", {"game_end": "hands:2", "all_pass": "redeal"})


def generated_night(seed: int, day: date) -> Event:
    """A random night: progressive or teams, 4 to 12 players (who is left over has a bye),
    1 to 3 rounds, each table's game random: none, no hand, one hand, or played out; a
    third of the tables without their kept replay (read again by the awards)."""
    rng = random.Random(seed)
    players = rng.sample(NAMES, rng.randint(4, len(NAMES)))
    teams = rng.random() < 0.4
    entrants = {f"T{i}": (players[2 * i], players[2 * i + 1]) for i in range(len(players) // 2)}
    names = list(entrants) if teams else players
    rounds = []
    for number in range(1, rng.randint(1, 3) + 1):
        rng.shuffle(names)
        per_table = 2 if teams else 4
        tables = []
        for index in range(len(names) // per_table):
            seats = names[per_table * index : per_table * (index + 1)]
            if teams:
                first, second = (entrants[name] for name in seats)
                seating = [first[0], second[0], first[1], second[1]]
            else:
                seating = seats
            hands = rng.choice((None, 0, 1, 4, 4, 4))
            game = None if hands is None else random_game(GAME_RULES, rng, hands, seating)
            tables.append({"table": index + 1, "seats": seats,
                           "game": game and game_document(game)})  # fmt: skip
        byes = names[per_table * len(tables) :]
        rounds.append({"round": number, "tables": tables, "byes": byes})
    event = from_document({
        "format": "pinochle-event/1", "name": "Generated", "date": day.isoformat(),
        "kind": "teams" if teams else "progressive", "ruleset": "partnership",
        "rules": {"game_end": "hands:2", "all_pass": "redeal"},
        "entrants": [{"name": n, "players": list(entrants[n])} if teams else {"name": n}
                     for n in names],
        "rounds": rounds,
    })  # fmt: skip
    forgotten = tuple(
        dataclasses.replace(round_, tables=tuple(
            dataclasses.replace(t, result=None) if rng.random() < 0.33 else t
            for t in round_.tables))
        for round_ in event.rounds
    )  # fmt: skip
    return dataclasses.replace(event, rounds=forgotten)


def by_brute_force(events: list[Event]) -> dict[str, object]:
    """The awards as the docs tell them, from every game replayed again, written apart."""
    nights = sorted(events, key=lambda event: (event.date or date.max, night_key(event)))
    totals: dict[str, list[int]] = defaultdict(list)
    sides: list[dict[str, Any]] = []
    made: dict[str, int] = defaultdict(int)
    for event in nights:
        for round_ in event.rounds:
            for table_ in round_.tables:
                if table_.game is None:
                    continue
                result = replay(table_.game)
                if all(h.outcome in ("passed_out", "misdeal") for h in result.hands):
                    continue
                for side, total in zip(table_.game.sides, result.totals, strict=True):
                    sides.append({"night": night_key(event), "round": round_.number,
                                  "table": table_.number, "players": list(side.players),
                                  "total": total})  # fmt: skip
                    for player in side.players:
                        totals[player].append(total)
                for hand_, scored in zip(table_.game.hands, result.hands, strict=True):
                    if scored.made:
                        partners = [
                            s.players for s in table_.game.sides if hand_.bidder in s.players
                        ]
                        for player in partners[0] if event.kind == "teams" else [hand_.bidder]:
                            made[str(player)] += 1

    def named(players: Iterable[str]) -> list[str]:
        return sorted(players, key=lambda name: (name.casefold(), name))

    most = max((len(games) for games in totals.values()), default=0)
    least = 0 if len(events) == 1 else (most + 1) // 2
    averages = {p: F(sum(games), len(games)) for p, games in totals.items() if len(games) >= least}
    top = max((s["total"] for s in sides), default=None)
    best_average = max(averages.values(), default=None)
    most_made = max(made.values(), default=None)
    average = best_average
    return {
        "high_game": {
            "value": top,
            "players": named({p for s in sides if s["total"] == top for p in s["players"]}),
            "games": [s for s in sides if s["total"] == top],
        },
        "high_average": {
            "value": None if average is None else (
                average.numerator if average.denominator == 1 else round(float(average), 2)),
            "players": named(p for p, value in averages.items() if value == best_average),
            "min_games": least,
        },
        "most_bids_made": {
            "value": most_made,
            "players": named(p for p, count in made.items() if count == most_made),
        },
    }  # fmt: skip


COMPETITIONS = [[seed] for seed in range(1, 7)] + [[7, 8, 9], [10, 11, 12, 13, 14]]


@pytest.mark.parametrize("seeds", COMPETITIONS, ids=lambda seeds: "nights " + repr(seeds))
def test_awards_agree_with_a_brute_force_count(seeds: list[int]) -> None:
    events = [generated_night(seed, date(2026, 1, 6) + timedelta(weeks=seed)) for seed in seeds]
    assert awards(events[::-1]).as_dict() == by_brute_force(events)

"""``scorekeeper league FILE…``: a competition's table across club nights
(docs/league-format.md), from ``pinochle-event/1`` files, as a printable table or, with
``--json``, as a ``pinochle-league/1`` document; the engine alone, no web stack."""

from __future__ import annotations

import argparse
from fractions import Fraction

from scorekeeper.cli.output import COUNT, OK, aligned, json_line, say
from scorekeeper.engine.club.events import load
from scorekeeper.engine.club.league import PLACES, League, LeagueRules, league, read_place_points
from scorekeeper.engine.club.standings import number
from scorekeeper.engine.errors import GameError


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``league`` command's arguments."""
    command = commands.add_parser(
        "league",
        help="print a competition's table across event files",
        description="A competition's table across pinochle-event/1 files (docs/league-format.md).",
    )
    command.add_argument("files", metavar="FILE", nargs="+", help="pinochle-event/1 documents")
    command.add_argument(
        "--score",
        default="wins",
        metavar="wins|points|places:10,8,6,…",
        help="what a night is worth: its wins, its points, or its place's points (wins)",
    )
    command.add_argument("--best", type=COUNT, help="count each player's best N nights")
    command.add_argument("--drop", type=COUNT, default=0, help="drop each player's lowest K nights")
    command.add_argument(
        "--min-nights", type=COUNT, default=0, help="nights a player needs to be ranked (0)"
    )
    command.add_argument("--json", action="store_true", help="print JSON")
    command.set_defaults(run=run_league)


def league_rules(args: argparse.Namespace) -> LeagueRules:
    """The rules from the options; a refusal (``GameError``) names the option."""
    score, _, listed = str(args.score).partition(":")
    points: tuple[Fraction, ...] = ()
    if score == PLACES:
        points = read_place_points(listed)
    elif listed:
        raise GameError("league_place_points")
    return LeagueRules(score, points, args.best, args.drop, args.min_nights)


def run_league(args: argparse.Namespace) -> int:
    """``scorekeeper league``: 0 with the table; a file or an option that breaks a rule
    raises the engine's refusal, which ``main`` prints with exit status 2."""
    rules = league_rules(args)
    table = league([load(path) for path in args.files], rules)
    if args.json:
        print(json_line(table.as_dict()))
    else:
        say(format_league(table, rules))
    return OK


def format_league(table: League, rules: LeagueRules) -> str:
    """The table for people: the nights, then one line per player, the unranked below."""
    worth = {"wins": "wins", "points": "points"}.get(rules.score, "place points")
    counted = f"best {rules.best}" if rules.best is not None else "all"
    lines = [
        f"{len(table.nights)} nights, a night worth its {worth}; "
        f"counted: {counted}"
        + (f", the lowest {rules.drop} dropped" if rules.drop else "")
        + (f"; ranked from {rules.min_nights} nights" if rules.min_nights else ""),
        "",
    ]
    columns = ["place", "player", "nights", "counted", "score", "points"]
    rows = [
        [
            "" if row.place is None else str(row.place) + ("=" if row.tied else ""),
            row.player,
            str(row.nights),
            str(len(row.counted)),
            str(number(row.score)),
            str(row.points),
        ]
        for row in table.rows
    ]
    header, *lined = aligned(columns, rows, left="player")
    lines.append(header)
    for line, row in zip(lined, table.rows, strict=True):
        short = table.needs.get(row.player)
        lines.append(line + (f"  (needs {short} more)" if short else ""))
    return "\n".join(lines)

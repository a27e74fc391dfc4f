"""``scorekeeper movement``: a club night's movement as a printable sheet or as JSON
(docs/club.md); the engine alone, no web stack."""

from __future__ import annotations

import argparse
import json

from scorekeeper.cli.output import BAD_INPUT, COUNT, OK, ROW_ID, json_line, say, say_error
from scorekeeper.engine.club.movement_changes import played_from_document, recompute
from scorekeeper.engine.club.movements import (
    DEFAULT_ROUNDS,
    FORMATS,
    PROGRESSIVE,
    SEATS,
    Movement,
    MovementError,
    movement,
    to_document,
)


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``movement`` command's arguments."""
    parser = commands.add_parser(
        "movement",
        help="print a club night's movement: who sits where, round by round",
        description="Make a movement for a club night (docs/club.md): progressive "
        "individuals, fixed teams in a round robin, or fixed teams A/B.",
    )
    parser.add_argument("--format", required=True, choices=FORMATS, dest="fmt")
    parser.add_argument(
        "--entrants", required=True, type=COUNT, help="players (progressive) or teams"
    )
    parser.add_argument(
        "--rounds", type=COUNT, help="1 to 20 (8 progressive; once round the teams)"
    )
    parser.add_argument(
        "--seed",
        type=ROW_ID,
        help="search afresh with this seed (progressive); without, the shipped schedule "
        "when there is one",
    )
    parser.add_argument(
        "--played",
        metavar="FILE",
        help="the rounds played so far (this command's JSON, progressive): keep them and "
        "compute the rest for --entrants (late arrivals take the next numbers)",
    )
    parser.add_argument(
        "--withdraw",
        metavar="P",
        type=COUNT,
        action="append",
        default=[],
        help="with --played: an entrant who leaves before the next round (repeatable)",
    )
    parser.add_argument(
        "--at-once",
        metavar="P",
        type=COUNT,
        action="append",
        default=[],
        help="with --played: a late arrival who plays at once, someone there from the start "
        "sitting out instead (repeatable; else late arrivals sit out first)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run_movement)


def run_movement(args: argparse.Namespace) -> int:
    """``scorekeeper movement``: 0 with the movement, 2 when none can be made."""
    try:
        if args.played is not None:
            night = _recomputed(args)
        elif args.withdraw or args.at_once:
            option = "--withdraw" if args.withdraw else "--at-once"
            raise MovementError(f"{option} needs --played: the rounds played before it")
        else:
            night = movement(args.fmt, args.entrants, args.rounds, args.seed)
    except MovementError as exc:
        say_error(str(exc))
        return BAD_INPUT
    if args.json:
        print(json_line(to_document(night)))
        for note in night.notes:
            say_error(f"note: {note}")
    else:
        say(format_movement(night))
    return OK


MAX_FILE = 2_000_000  # bytes of a played-rounds file, at most


def _recomputed(args: argparse.Namespace) -> Movement:
    if args.fmt != PROGRESSIVE:
        raise MovementError("only a progressive movement is recomputed after played rounds")
    try:
        with open(args.played, encoding="utf-8") as source:
            text = source.read(MAX_FILE + 1)
    except OSError as exc:
        raise MovementError(f"cannot read {args.played!r}: {exc.strerror}") from exc
    if len(text) > MAX_FILE:
        raise MovementError(f"{args.played!r} is over {MAX_FILE:,} bytes")
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MovementError(f"{args.played!r} is not JSON: {exc}") from exc
    played = played_from_document(document)
    rounds = DEFAULT_ROUNDS if args.rounds is None else args.rounds
    return recompute(played, args.entrants, rounds, args.withdraw, args.seed, at_once=args.at_once)


def format_movement(night: Movement) -> str:
    """The printable movement sheet: round by round, table by table, the byes, the
    evenness at the end. Entrants are numbered from 0, as in the JSON."""
    team = night.format != PROGRESSIVE
    kind = "teams" if team else "players"
    lines = [
        f"Movement: {night.format}, {night.entrants} {kind}, {night.tables} tables, "
        f"{len(night.rounds)} rounds ({kind} numbered 0 to {night.entrants - 1})",
    ]
    heads = ("N-S", "E-W") if team else SEATS
    for played in night.rounds:
        lines += ["", f"Round {played.round}", "  Table  " + "".join(f"{h:>5}" for h in heads)]
        for table in played.tables:
            seats = "".join(f"{seat:>5}" for seat in table.seats)
            lines.append(f"  {table.table:>5}  {seats}")
        if played.byes:
            lines.append("  Bye:   " + " ".join(str(p) for p in played.byes))
    even = night.evenness
    lines += ["", "Evenness:"]
    if not team:
        lines.append(f"  partner repeats     {even.partner_repeats}")
    lines += [
        f"  repeat meetings     {even.repeat_meetings} (at least {even.lower_bound})",
        f"  most meetings       {even.most_meetings} (rounds any two share a table)",
        f"  bye spread          {even.bye_spread}",
    ]
    lines += [f"Note: {note}" for note in night.notes]
    return "\n".join(lines)

"""``scorekeeper standings FILE``: an event file's standings (docs/event-format.md §3),
as a printable table or, with ``--json``, as a document; the engine alone, no web stack."""

from __future__ import annotations

import argparse

from scorekeeper.cli.output import OK, aligned, json_line, say
from scorekeeper.engine.club.events import OWN_AVERAGE, POINTS, TEAMS, WINNERS_AVERAGE, Event, load
from scorekeeper.engine.club.standings import Standings, number, rounds_over, standings
from scorekeeper.engine.rules import overrides_of

_BYE_WORDS = {
    WINNERS_AVERAGE: "a bye is a win worth the average of the round's winners",
    OWN_AVERAGE: "a bye is worth the entrant's own average a game",
}


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``standings`` command's arguments."""
    command = commands.add_parser(
        "standings",
        help="print an event file's standings",
        description="The standings of a pinochle-event/1 file (docs/event-format.md).",
    )
    command.add_argument("file", metavar="FILE", help="a pinochle-event/1 document")
    command.add_argument("--json", action="store_true", help="print JSON")
    command.set_defaults(run=run_standings)


def run_standings(args: argparse.Namespace) -> int:
    """``scorekeeper standings``: 0 with the standings; a file that breaks a rule raises
    the engine's refusal, which ``main`` prints with exit status 2."""
    event = load(args.file)
    table = standings(event)
    if args.json:
        print(json_line(table.as_dict()))
    else:
        say(format_standings(event, table))
    return OK


def format_standings(event: Event, table: Standings) -> str:
    """The standings for people: the event, then one line per entrant in place order.

    >>> from scorekeeper.engine.club.events import EXAMPLE, from_document
    >>> event = from_document(EXAMPLE)
    >>> print(format_standings(event, standings(event)).splitlines()[0])
    Tuesday club night, 2026-12-01
    """
    rules = event.rules
    options = ", ".join(f"{key} {value}" for key, value in overrides_of(rules).items())
    order = "points, then wins" if event.standing_order == POINTS else "wins, then points"
    lines = [
        event.name + ("" if event.date is None else f", {event.date.isoformat()}"),
        f"{'fixed teams' if event.kind == TEAMS else 'progressive'}, {rules.name}"
        + (f" ({options})" if options else ""),
        f"ranked by {order}; {_BYE_WORDS[event.bye_rule]}",
        f"after {rounds_over(event)} of {len(event.rounds)} rounds"
        + (" (provisional: a game is still being played)" if table.provisional else ""),
        "",
    ]
    columns = ["place", "entrant", "games", "wins", "byes", "adjustments", "points"]
    rows = [
        [
            str(row.place),
            row.entrant,
            str(row.games),
            str(number(row.wins)),
            str(row.byes),
            f"{row.adjustments:+d}" if row.adjustments else "",
            str(row.points),
        ]
        for row in table.rows
    ]
    return "\n".join(lines + aligned(columns, rows, left="entrant"))

"""The ``scorekeeper`` console script (game-format.md §2–§3).

``scorekeeper meld CARDS`` finds the best meld of a hand (or checks a claim);
``scorekeeper score FILE`` replays a game file and prints its score sheet;
``scorekeeper movement`` prints a club night's movement;
``scorekeeper standings FILE`` prints an event file's standings;
``scorekeeper league FILE…`` a competition's table across event files;
``scorekeeper serve`` runs the table app; ``scorekeeper import FILE`` and
``scorekeeper export GAME_ID`` move games in and out of its database. Each
command is one small function; the rules are the engine's, and a refusal is the
engine's sentence on standard error with exit status 2.

The commands live by concept: ``meld``, ``score``, ``standings`` and ``league`` (the
engine alone, in ``cli.meld``, ``cli.score``, ``cli.standings``, ``cli.league``) import
no web stack, so they start in a tenth of a second; the table app's commands (``cli.app_commands``)
import Flask and the database inside their functions, when they run; ``cli.serve`` is the server
(waitress, the database upgraded first) and ``cli.addresses`` where phones find it.
The top floor, beside ``web``: may import every service area below it.

Exit statuses: 0 done; 1 a claim that is not valid; 2 bad input (a sentence
naming the rule, an argparse usage error, an unknown game, an address that cannot
be listened on); 3 an internal error.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Callable, Sequence

from scorekeeper.cli import app_commands, clubs, league, meld, movement, score, standings
from scorekeeper.cli.meld import format_by_trump, format_claim, format_meld, meld_label, run_meld
from scorekeeper.cli.output import (
    BAD_INPUT,
    BROKEN_PIPE,
    INTERNAL_ERROR,
    INTERRUPTED,
    NOT_VALID,
    OK,
    say_error,
    silence_stdout,
    terminal_text,
)
from scorekeeper.cli.score import format_sheet, run_score
from scorekeeper.engine.errors import PinochleError

__all__ = [
    "BAD_INPUT",
    "INTERNAL_ERROR",
    "NOT_VALID",
    "OK",
    "build_parser",
    "format_by_trump",
    "format_claim",
    "format_meld",
    "format_sheet",
    "main",
    "meld_label",
    "run_meld",
    "run_score",
    "terminal_text",
]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser: one subparser per command, each bound to its function."""
    parser = argparse.ArgumentParser(
        prog="scorekeeper", description="A scorekeeping companion for pinochle."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    meld.add_command(commands)
    score.add_command(commands)
    standings.add_command(commands)
    league.add_command(commands)
    movement.add_command(commands)
    app_commands.add_commands(commands)
    clubs.add_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command and return its exit status; nothing escapes as a traceback."""
    for stream in (sys.stdout, sys.stderr):
        # suit symbols on a terminal that cannot show them: a "?" rather than a crash
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has printed the usage or the help
        return exc.code if isinstance(exc.code, int) else BAD_INPUT
    command: Callable[[argparse.Namespace], int] = args.run
    try:
        return command(args)
    except PinochleError as exc:
        say_error(str(exc))
        return BAD_INPUT
    except BrokenPipeError:  # the reader went away (``| head``): as a shell tool dies of SIGPIPE
        silence_stdout()
        return BROKEN_PIPE
    except KeyboardInterrupt:
        return INTERRUPTED
    except Exception as exc:
        say_error(f"scorekeeper: internal error: {type(exc).__name__}: {exc}")
        return INTERNAL_ERROR

"""The table app's commands: ``serve``, ``upgrade``, ``import``, ``export``, ``sheet``,
``backup``, ``restore``, ``demo-data`` and ``stats`` (the accounts' and the clubs' in
``cli.clubs``).

Each imports the web stack (Flask, the database, WeasyPrint) inside its function, when
it runs: the parser that lists them, and ``meld`` and ``score``, start without it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import date
from typing import TYPE_CHECKING

from scorekeeper.cli.addresses import DEFAULT_HOST
from scorekeeper.engine.club import events
from scorekeeper.engine.gamefile import (
    MAX_FILE_BYTES,
    from_document,
    load,
    read_json,
    read_text,
    to_document,
    too_large,
)
from scorekeeper.engine.rules import ruleset

from .output import (
    BAD_INPUT,
    COUNT,
    ENGLISH,
    LANGUAGES,
    OK,
    ROW_ID,
    port_number,
    say,
    say_error,
    terminal_text,
)

if TYPE_CHECKING:
    from flask import Flask

DEFAULT_PORT = 5000


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The table app's commands: serve it, upgrade, import or export its games, and the rest."""
    serve_ = commands.add_parser(
        "serve",
        help="run the table app for phones on this network",
        description="Upgrade the database, print the addresses (and a QR code) phones "
        "on the same network can open, and serve the app with waitress.",
    )
    serve_.add_argument(
        "--host", default=DEFAULT_HOST, help=f"address to listen on (default: {DEFAULT_HOST})"
    )
    serve_.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        help=f"port to listen on, 0 for any free one (default: {DEFAULT_PORT})",
    )
    serve_.set_defaults(run=run_serve)

    upgrade = commands.add_parser(
        "upgrade",
        help="upgrade the database to this version of the app (before starting gunicorn)",
        description="Apply the migrations the database lacks and record what the replay "
        "makes of games stored before their outcomes were; `serve` does this itself, "
        "gunicorn's workers do not.",
    )
    upgrade.set_defaults(run=run_upgrade)

    import_ = commands.add_parser(
        "import",
        help="store a game or event file in the app's database and print its id",
        description="Store a pinochle-game/1 document as a new game, or a pinochle-event/1 "
        "document as a new event with its games; a bad one stores nothing.",
    )
    import_.add_argument(
        "file", metavar="FILE", help='a pinochle-game/1 or pinochle-event/1 document ("-": stdin)'
    )
    import_.set_defaults(run=run_import)

    export = commands.add_parser(
        "export",
        help="print a stored game (or event) as a pinochle-game/1 (pinochle-event/1) document",
        description="Write a stored game as a pinochle-game/1 document, or with --event a "
        "stored event as a pinochle-event/1 document.",
    )
    export.add_argument("game_id", metavar="GAME_ID", type=ROW_ID, nargs="?", help="the game's id")
    export.add_argument("--event", metavar="ID", type=ROW_ID, help="the event's id instead")
    export.add_argument(
        "-o", "--output", metavar="FILE", help="write to FILE instead of standard output"
    )
    export.set_defaults(run=run_export)

    sheet = commands.add_parser(
        "sheet",
        help="print a game file (or a blank sheet) as a PDF score sheet",
        description="Make a PDF score sheet from a pinochle-game/1 file, no server needed; "
        "or, with --blank, an empty sheet for a rule set.",
    )
    sheet.add_argument("file", metavar="FILE", nargs="?", help="a pinochle-game/1 document")
    sheet.add_argument("--blank", action="store_true", help="an empty sheet instead")
    sheet.add_argument("--ruleset", default="partnership", help="the blank sheet's rule set")
    sheet.add_argument("--hands", type=COUNT, default=30, help="blank rows, 1 to 60 (30)")
    sheet.add_argument("--paper", choices=("a4", "letter"), default="a4", help="paper size (a4)")
    sheet.add_argument("--language", choices=LANGUAGES, default=ENGLISH, help="the sheet's (en)")
    sheet.add_argument(
        "-o", "--output", metavar="FILE", help="the PDF to write (default: FILE with .pdf)"
    )
    sheet.set_defaults(run=run_sheet)

    backup = commands.add_parser(
        "backup",
        help="write every game, player, season and user as one JSON document",
        description="Every stored fact (games with their hands and history, players, "
        "seasons, users with their password hashes) as one JSON document, on standard "
        "output or in a file. Login tokens and share links are left out.",
    )
    backup.add_argument("-o", "--output", help="write to this file instead")
    backup.set_defaults(run=run_backup)

    restore = commands.add_parser(
        "restore",
        help="put a backup into an empty database",
        description="Restore a `scorekeeper backup` document into an empty database (of "
        "the same version of the app); the outcomes and ratings are recorded again.",
    )
    restore.add_argument("file", help="the backup, or - for standard input")
    restore.set_defaults(run=run_restore)

    demo = commands.add_parser(
        "demo-data",
        help="fill the database with plausible random games",
        description="Store random games among a club of players: real deals dealt and "
        "melded by the engine, sensible bids, spread over the last two years. Give it a "
        "database of its own (SCOREKEEPER_INSTANCE_PATH=/tmp/demo scorekeeper demo-data): "
        "a database that holds games already is refused unless --into-existing.",
    )
    demo.add_argument("--games", type=COUNT, default=100, help="how many games (100)")
    demo.add_argument("--players", type=COUNT, default=12, help="how many players (12)")
    demo.add_argument("--seed", type=ROW_ID, default=None, help="repeat a run exactly")
    demo.add_argument(
        "--into-existing",
        action="store_true",
        help="add them to a database that already holds games (refused otherwise)",
    )
    demo.set_defaults(run=run_demo_data)

    stats = commands.add_parser(
        "stats",
        help="season statistics: standings, ratings, partnerships",
        description="Figures per player and per partnership over a season's games.",
    )
    stats.add_argument(
        "--season", help='a season\'s name, a year like 2026, or "All time" (the default)'
    )
    stats.add_argument("--from", dest="start", type=_date, help="first day, YYYY-MM-DD")
    stats.add_argument("--to", dest="end", type=_date, help="last day, YYYY-MM-DD")
    stats.add_argument("--ruleset", help="only games of this rule set")
    stats.add_argument("--json", action="store_true", help="print JSON for programs")
    stats.set_defaults(run=run_stats)


def _app() -> Flask:
    """The app, its database upgraded (``cli.serve.upgraded_app``)."""
    from scorekeeper.cli.serve import upgraded_app

    return upgraded_app()


def run_serve(args: argparse.Namespace) -> int:
    """``scorekeeper serve``: 0 once stopped with Ctrl-C, 2 when it cannot listen."""
    import logging

    from scorekeeper import create_app
    from scorekeeper.accounts.users import has_users
    from scorekeeper.cli.addresses import banner, listen_urls, url
    from scorekeeper.cli.serve import make_server, prepare_database, serve

    app = create_app()
    database = prepare_database(app)
    logging.basicConfig()  # waitress's warnings, as ``waitress.serve`` shows them
    try:
        server, port = make_server(app, args.host, args.port)
    except OSError as exc:
        say_error(f"cannot listen on {url(args.host, args.port)}: {exc.strerror or exc}")
        return BAD_INPUT
    text = banner(args.host, port, listen_urls(args.host, port), str(database))
    with app.app_context():
        if not has_users():
            text += "\nNo users yet: the first visit makes its visitor the owner.\n"
    serve(server, text, sys.stdout)
    return OK


def run_upgrade(_args: argparse.Namespace) -> int:
    """``scorekeeper upgrade``: 0 once the database is at the latest revision."""
    from scorekeeper import create_app
    from scorekeeper.cli.serve import prepare_database

    print(prepare_database(create_app()))
    return OK


def run_import(args: argparse.Namespace) -> int:
    """``scorekeeper import``: the new game's id; a bad file is refused before any write
    (and before the web stack is imported)."""
    if args.file == "-":
        text = sys.stdin.read(MAX_FILE_BYTES + 1)  # no more than a game file may be
        if len(text) > MAX_FILE_BYTES:
            raise too_large("-")
    else:
        text = read_text(args.file)
    document = read_json(text)
    if isinstance(document, dict) and document.get("format") == events.FORMAT:
        event = events.from_document(document)  # an event, refused before any write
        from scorekeeper.club.events import import_event

        with _app().app_context():
            print(import_event(events.to_document(event)).id)
        return OK
    game = from_document(document)
    from scorekeeper.games.transfer import import_game

    with _app().app_context():
        print(import_game(to_document(game)).id)
    return OK


def run_export(args: argparse.Namespace) -> int:
    """``scorekeeper export``: the game's pinochle-game/1 document, or the event's
    pinochle-event/1 (``--event``); 2 when there is none."""
    from scorekeeper.club.events import export_event, get_event
    from scorekeeper.games.stored import get_game
    from scorekeeper.games.transfer import export_game

    if (args.game_id is None) == (args.event is None):
        say_error("name a game by its id, or an event with --event ID (not both)")
        return BAD_INPUT
    app = _app()
    with app.app_context():
        if args.event is not None:
            event = get_event(args.event)
            if event is None:
                say_error(f"no event has the id {args.event}")
                return BAD_INPUT
            document = export_event(event)
        else:
            game = get_game(args.game_id)
            if game is None:
                say_error(f"no game has the id {args.game_id}")
                return BAD_INPUT
            document = export_game(game)
    return _write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", args.output)


def _write_text(text: str, output: str | None, private: bool = False) -> int:
    """``text`` on standard output (no ``output``, or ``-``) or in the file ``output``
    (``private``: readable by its owner alone, 0600)."""
    if output in (None, "-"):
        sys.stdout.write(text)
        return OK
    try:
        if private:
            from scorekeeper.store.files import write_private

            write_private(output, text.encode("utf-8"))
        else:
            with open(output, "w", encoding="utf-8") as file:
                file.write(text)
    except OSError as exc:
        say_error(f"cannot write {output!r}: {exc.strerror}")
        return BAD_INPUT
    return OK


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid date {text!r}: expected YYYY-MM-DD") from None


def run_stats(args: argparse.Namespace) -> int:
    """``scorekeeper stats``: the season's figures, as a table or as JSON."""
    from scorekeeper.reports.stats import Period, UnknownSeasonError, find_period, stats_document

    if args.ruleset is not None:
        ruleset(args.ruleset)  # an unknown name is refused with the engine's sentence
    app = _app()
    with app.app_context():
        try:
            period = find_period(args.season, args.ruleset)
        except UnknownSeasonError as exc:
            say_error(str(exc))
            return BAD_INPUT
        if args.start or args.end:
            period = Period(args.start or period.start, args.end or period.end, args.ruleset)
        document = stats_document(period, app.config["STATS_MIN_GAMES"])
    if args.json:
        print(json.dumps(document, ensure_ascii=False))
        return OK
    columns = ("games", "wins", "win%", "bids", "made%")
    print(f"{'player':<16} " + " ".join(f"{name:>5}" for name in columns) + f" {'rating':>7}  rank")
    for row in document["players"]:
        say(
            f"{terminal_text(row['name'])[:16]:<16} {row['games']:>5} {row['wins']:>4} "
            f"{row['win_rate'] * 100:>5.0f} {row['bids']:>4} {row['make_rate'] * 100:>5.0f} "
            f"{row['rating']:>7.1f}  {row['rank'] or 'provisional'}"
        )
    return OK


def run_backup(args: argparse.Namespace) -> int:
    """``scorekeeper backup``: the document on standard output (or in ``--output``)."""
    from scorekeeper.backup.restore import BackupError, backup_document

    app = _app()
    with app.app_context():
        try:
            text = json.dumps(backup_document(), ensure_ascii=False, indent=1) + "\n"
        except BackupError as exc:
            say_error(f"cannot back up: {exc}")
            return BAD_INPUT
    return _write_text(text, args.output, private=True)  # it holds the password hashes


def run_restore(args: argparse.Namespace) -> int:
    """``scorekeeper restore``: 0 once restored, 2 (nothing written) when refused."""
    from scorekeeper.backup.restore import BackupError, restore_document

    try:
        if args.file == "-":
            document = json.load(sys.stdin)
        else:
            with open(args.file, encoding="utf-8") as file:
                document = json.load(file)
    except OSError as exc:
        say_error(f"cannot read {args.file!r}: {exc.strerror}")
        return BAD_INPUT
    except ValueError as exc:
        say_error(f"{args.file!r} is not JSON: {exc}")
        return BAD_INPUT
    except RecursionError:
        say_error(f"{args.file!r} is nested deeper than a backup is")
        return BAD_INPUT
    app = _app()
    with app.app_context():
        try:
            counts = restore_document(document)
        except BackupError as exc:
            say_error(f"cannot restore: {exc}")
            return BAD_INPUT
    print(", ".join(f"{count} {table}" for table, count in counts.items()) + " restored")
    return OK


def run_demo_data(args: argparse.Namespace) -> int:
    """``scorekeeper demo-data``: 0 once stored (saying how many); 2, storing nothing, for
    odd sizes or a database that holds games already (unless ``--into-existing``)."""
    import random

    from scorekeeper import create_app
    from scorekeeper.cli.serve import prepare_database
    from scorekeeper.engine.simulate import demo_games
    from scorekeeper.games.listing import Search, count_games
    from scorekeeper.games.transfer import import_game, rate_all

    if not 1 <= args.games <= 100_000 or not 2 <= args.players <= 1_000:
        say_error("--games is 1 to 100000 and --players 2 to 1000")
        return BAD_INPUT
    rng = random.Random(args.seed)
    app = create_app()
    database = prepare_database(app)
    with app.app_context():
        held = count_games(Search())
        if held and not args.into_existing:
            say_error(
                f"{database.url} already holds {held} game{'' if held == 1 else 's'}: demo-data "
                "fills a database of its own (SCOREKEEPER_INSTANCE_PATH=/tmp/demo "
                "scorekeeper demo-data), or adds its made-up games to these with --into-existing"
            )
            return BAD_INPUT
        for game in demo_games(args.games, args.players, rng, until=date.today()):
            import_game(to_document(game), rate=False)
        rate_all()
    print(f"{args.games} games among {args.players} players stored")
    return OK


def run_sheet(args: argparse.Namespace) -> int:
    """``scorekeeper sheet``: a game file's score sheet, or a blank one, as a PDF file."""
    from scorekeeper.reports import pdf

    if args.blank:
        rules = ruleset(args.ruleset)  # an unknown name is refused with the engine's sentence
        if not 1 <= args.hands <= pdf.MAX_BLANK_HANDS:
            say_error(f"--hands must be from 1 to {pdf.MAX_BLANK_HANDS}, not {args.hands}")
            return BAD_INPUT
        output = args.output or f"blank-{rules.name}.pdf"
        body = pdf.blank_sheet_pdf(rules.name, args.hands, args.paper, args.language)
    else:
        if args.file is None:
            say_error("give a game file, or --blank for an empty sheet")
            return BAD_INPUT
        game = load(args.file)
        output = args.output or os.path.splitext(os.path.basename(args.file))[0] + ".pdf"
        body = pdf.game_sheet_pdf(game, args.paper, args.language)
    try:
        with open(output, "wb") as file:
            file.write(body)
    except OSError as exc:
        say_error(f"cannot write {output!r}: {exc.strerror}")
        return BAD_INPUT
    print(output)
    return OK

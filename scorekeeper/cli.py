"""The ``scorekeeper`` console script (game-format.md §2–§3).

``scorekeeper meld CARDS`` finds the best meld of a hand (or checks a claim);
``scorekeeper score FILE`` replays a game file and prints its score sheet;
``scorekeeper serve`` runs the table app; ``scorekeeper import FILE`` and
``scorekeeper export GAME_ID`` move games in and out of its database. Each
command is one small function; the rules are the engine's, and a refusal is the
engine's sentence on standard error with exit status 2.

Exit statuses: 0 done; 1 a claim that is not valid; 2 bad input (a sentence
naming the rule, an argparse usage error, an unknown game, an address that cannot
be listened on); 3 an internal error.
"""

from __future__ import annotations

import argparse
import io
import json
import logging
import os
import sys
import textwrap
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TextIO

from flask import Flask

from scorekeeper import create_app, services
from scorekeeper.engine.cards import Card, Suit, format_cards, parse_cards, sort_cards
from scorekeeper.engine.claims import VALID, ClaimVerdict, check_claim, meld_answer, parse_claim
from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.game import Side
from scorekeeper.engine.meld import MeldResult, best_meld, check_hand, meld_by_trump
from scorekeeper.engine.names import display_name
from scorekeeper.engine.people import DIRECTION
from scorekeeper.engine.rules import PRESETS, RuleSet, overrides_of, ruleset
from scorekeeper.engine.scoring import DRAW, GameResult, replay
from scorekeeper.files import write_private
from scorekeeper.gamefile import load, loads, to_document
from scorekeeper.serve import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    banner,
    listen_urls,
    make_server,
    prepare_database,
    serve,
    url,
)

OK, NOT_VALID, BAD_INPUT, INTERNAL_ERROR = 0, 1, 2, 3
BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell tool reports when its reader goes away
WIDTH = 80

Claim = int | tuple[str, ...]


# --- the parser --------------------------------------------------------------------


def _count(text: str) -> int:
    """A count typed on the command line: the digits 0 to 9 only (``int`` would read
    "٣" and "３" as 3), a few of them; argparse turns a refusal into exit 2."""
    if not (text.isascii() and text.strip().isdigit() and len(text.strip()) <= 6):
        raise argparse.ArgumentTypeError(f"a whole number in the digits 0 to 9, not {text!r}")
    return int(text)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser: one subparser per command, each bound to its function."""
    parser = argparse.ArgumentParser(
        prog="scorekeeper", description="A scorekeeping companion for pinochle."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    meld = commands.add_parser(
        "meld",
        help="the best meld of a hand, or check a claim",
        description="The best meld of one player's cards (rules.md §1).",
    )
    meld.add_argument(
        "cards",
        metavar="CARDS",
        help='the cards, e.g. "AH 10H KH QH JH"; "-" reads one hand per line '
        '("CARDS" or "CARDS | TRUMP") from standard input',
    )
    meld.add_argument("--trump", help="H, S, D or C (or a word or a symbol); default: all four")
    meld.add_argument(
        "--ruleset",
        default="partnership",
        help=f"one of {', '.join(PRESETS)} (default: partnership)",
    )
    meld.add_argument("--claim", help='a claimed total (230) or melds ("run, pinochle")')
    meld.add_argument("--json", action="store_true", help="print JSON")
    meld.set_defaults(run=run_meld)

    score = commands.add_parser(
        "score",
        help="replay game files and print their score sheets",
        description="Replay pinochle-game/1 files (game-format.md §2).",
    )
    score.add_argument("files", metavar="FILE", nargs="+", help="a pinochle-game/1 document")
    score.add_argument("--json", action="store_true", help="print JSON (JSON Lines for several)")
    score.set_defaults(run=run_score)
    _app_commands(commands)
    return parser


def _app_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The table app's commands: serve it, and import or export its games."""
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
        type=_port,
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
        help="store a game file in the app's database and print its id",
        description="Store a pinochle-game/1 document as a new game; a bad one stores nothing.",
    )
    import_.add_argument("file", metavar="FILE", help='a pinochle-game/1 document ("-": stdin)')
    import_.set_defaults(run=run_import)

    export = commands.add_parser(
        "export",
        help="print a stored game as a pinochle-game/1 document",
        description="Write a stored game as a pinochle-game/1 document.",
    )
    export.add_argument("game_id", metavar="GAME_ID", type=int, help="the game's id")
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
    sheet.add_argument("--hands", type=_count, default=30, help="blank rows, 1 to 60 (30)")
    sheet.add_argument("--paper", choices=("a4", "letter"), default="a4", help="paper size (a4)")
    sheet.add_argument(
        "--language", choices=("en", "fr", "pl", "nl"), default="en", help="the sheet's (en)"
    )
    sheet.add_argument(
        "-o", "--output", metavar="FILE", help="the PDF to write (default: FILE with .pdf)"
    )
    sheet.set_defaults(run=run_sheet)

    user = commands.add_parser(
        "create-user",
        help="add someone who may log in (the first owner, on a fresh instance)",
        description="Add a user with a role: owner (manages users, deletes games), "
        "scorekeeper (starts games, records hands) or viewer (reads). The password is "
        "asked twice on the terminal, or read from standard input.",
    )
    user.add_argument("name", help="the name to log in with")
    user.add_argument("--role", required=True, help="owner, scorekeeper or viewer")
    user.add_argument(
        "--password-stdin", action="store_true", help="read the password from standard input"
    )
    user.set_defaults(run=run_create_user)

    token = commands.add_parser(
        "create-token",
        help="make an API token for a user and print it",
        description="Make a token a program sends as 'Authorization: Bearer TOKEN' to use "
        "the JSON API (/api/v1) with the user's role. It is printed once: only its hash "
        "is kept. Revoke it on the user's account page.",
    )
    token.add_argument("name", help="the user the token acts for")
    token.add_argument(
        "--label", default="command line", help="what will use it (shown on the account page)"
    )
    token.set_defaults(run=run_create_token)

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
    demo.add_argument("--games", type=int, default=100, help="how many games (100)")
    demo.add_argument("--players", type=int, default=12, help="how many players (12)")
    demo.add_argument("--seed", type=int, default=None, help="repeat a run exactly")
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


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"invalid port {text!r}: expected 0 to 65535")
    return port


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
        _error(str(exc))
        return BAD_INPUT
    except BrokenPipeError:  # the reader went away (``| head``): as a shell tool dies of SIGPIPE
        _silence_stdout()
        return BROKEN_PIPE
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        _error(f"scorekeeper: internal error: {type(exc).__name__}: {exc}")
        return INTERNAL_ERROR


def _error(line: str) -> None:
    print(terminal_text(line), file=sys.stderr)


def _say(text: str) -> None:
    """``text`` for people on standard output, escaped (``terminal_text``)."""
    print(terminal_text(text))


def terminal_text(text: str) -> str:
    r"""``text`` safe to show on a terminal: each control character but the newline, each
    character that turns the direction of text and each lone surrogate written as its
    escape, so a name stored before the name rule (or a file's text in a refusal) can
    neither move the cursor, recolour the screen nor turn a line around.

    >>> terminal_text("Ann\x1b[2J and \u202eBea\nnext line")
    'Ann\\x1b[2J and \\u202eBea\nnext line'
    """
    return "".join(_escaped(char) for char in text)


def _escaped(char: str) -> str:
    if char == "\n":
        return char
    if unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp") or char in DIRECTION:
        return char.encode("unicode_escape").decode("ascii")
    return char


def _silence_stdout() -> None:
    """Send what is left for standard output nowhere, so exiting does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _json(document: object) -> str:
    return json.dumps(document, ensure_ascii=False)


# --- meld ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _MeldRequest:
    rules: RuleSet
    trump: Suit | None
    claim: Claim | None
    as_json: bool


def run_meld(args: argparse.Namespace) -> int:
    """``scorekeeper meld``: 0 done (or a valid claim), 1 a claim not valid, 2 bad input."""
    request = _MeldRequest(
        rules=ruleset(args.ruleset),
        trump=None if args.trump is None else Suit.parse(args.trump),
        claim=None if args.claim is None else parse_claim(args.claim),
        as_json=args.json,
    )
    if args.cards == "-":
        return _meld_lines(request, sys.stdin)
    output, status = _meld_one(request, args.cards, request.trump)
    print(output)
    return status


def _meld_lines(request: _MeldRequest, lines: TextIO) -> int:
    """One hand per line; a bad line is reported and the rest go on."""
    failed = claim_not_valid = False
    blocks = 0
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        cards, _, trump_text = line.partition("|")
        trump_text = trump_text.strip()
        try:
            trump = Suit.parse(trump_text) if trump_text else request.trump
            output, status = _meld_one(request, cards, trump)
        except PinochleError as exc:
            failed = True
            if request.as_json:
                print(_json({"line": number, "error": str(exc)}))
            else:
                _error(f"line {number}: {exc}")
            continue
        claim_not_valid |= status == NOT_VALID
        if request.as_json:
            print(output)
        else:
            print(("\n" if blocks else "") + f"line {number}\n{output}")
            blocks += 1
    if failed:
        return BAD_INPUT
    return NOT_VALID if claim_not_valid else OK


def _meld_one(request: _MeldRequest, text: str, trump: Suit | None) -> tuple[str, int]:
    """One hand as JSON or as text for people, and its exit status."""
    rules = request.rules
    cards = parse_cards(text, rules.meld_table.deck)
    check_hand(cards, rules)
    if request.as_json:
        answer = meld_answer(cards, trump, rules, request.claim)
        return _json(answer), NOT_VALID if answer.get("verdict") not in (None, VALID) else OK
    if request.claim is not None:
        verdict = check_claim(cards, trump, rules, request.claim)
        status = OK if verdict.verdict == "valid" else NOT_VALID
        return format_claim(cards, request.claim, verdict), status
    if trump is None:
        return format_by_trump(cards, meld_by_trump(cards, rules)), OK
    return format_meld(cards, best_meld(cards, trump, rules)), OK


# --- meld as text ----------------------------------------------------------------------


def meld_label(name: str) -> str:
    """A meld's name for people: ``run_royal_marriage`` -> ``run + royal marriage``."""
    return display_name(name)


def _suit_label(suit: Suit) -> str:
    return f"{suit.symbol} {suit.word}"


def _wrapped(label: str, text: str, indent: int) -> str:
    """``label`` padded to ``indent``, then ``text`` wrapped under itself."""
    lines = textwrap.wrap(text, WIDTH - indent, break_on_hyphens=False) or [""]
    pad = " " * indent
    return "\n".join([label.ljust(indent) + lines[0], *(pad + line for line in lines[1:])])


def format_meld(cards: Sequence[Card], result: MeldResult) -> str:
    """The meld of one trump as an aligned listing: each meld, its points, its cards."""
    out = [
        _wrapped("cards", format_cards(sort_cards(cards)), 8),
        f"trump   {_suit_label(result.trump)}",
        "",
    ]
    labels = [meld_label(meld.name) for meld in result.melds]
    name_width = max([len("total"), *map(len, labels)])
    points_width = max(len(str(points)) for points in (result.total, result.chips or 0))
    indent = 2 + name_width + 2 + points_width + 3
    for label, meld in zip(labels, result.melds, strict=True):
        row = f"  {label:<{name_width}}  {meld.points:>{points_width}}"
        out.append(_wrapped(row, format_cards(meld.cards), indent))
    if not result.melds:
        out.append("  no meld")
    out.append(f"  {'total':<{name_width}}  {result.total:>{points_width}}")
    if result.chips is not None:
        out.append(f"  {'chips':<{name_width}}  {result.chips:>{points_width}}")
    return "\n".join(out)


def format_claim(cards: Sequence[Card], claim: Claim, verdict: ClaimVerdict) -> str:
    """The verdict on a claim, with the cards, the trump and the claim it answers."""
    claimed = str(claim) if isinstance(claim, int) else ", ".join(map(meld_label, claim))
    return "\n".join(
        [
            _wrapped("cards", format_cards(sort_cards(cards)), 8),
            f"trump   {_suit_label(verdict.best.trump)}",
            f"claim   {claimed}",
            "",
            f"{verdict.verdict}: {verdict.reason}",
        ]
    )


def format_by_trump(cards: Sequence[Card], by_trump: dict[Suit, MeldResult]) -> str:
    """One compact line (wrapped) per trump, and which trump melds most."""
    width = max(len(str(result.total)) for result in by_trump.values())
    out = [_wrapped("cards", format_cards(sort_cards(cards)), 8), ""]
    for suit, result in by_trump.items():
        melds = ", ".join(f"{meld_label(meld.name)} {meld.points}" for meld in result.melds)
        if result.chips is not None:
            melds = f"{melds or 'no meld'}; chips {result.chips}"
        label = f"{_suit_label(suit):<10}  {result.total:>{width}}"
        out.append(_wrapped(label, melds or "no meld", len(label) + 2))
    top = max(result.total for result in by_trump.values())
    best = [_suit_label(suit) for suit, result in by_trump.items() if result.total == top]
    out += ["", f"best    {', '.join(best)} ({top})"]
    return "\n".join(out)


# --- score ------------------------------------------------------------------------------


def run_score(args: argparse.Namespace) -> int:
    """``scorekeeper score``: 0 when every file replays, 2 when one breaks a rule."""
    files: list[str] = args.files
    if len(files) == 1:
        result = replay(load(files[0]))
        _warn(result, None)
        if args.json:
            print(_json(result.as_dict()))
        else:
            _say(format_sheet(result))
        return OK
    failed = False
    for index, name in enumerate(files):
        try:
            result = replay(load(name))
        except PinochleError as exc:
            failed = True
            if args.json:
                print(_json({"file": name, "error": str(exc)}))
            else:
                _error(f"{name}: {exc}")
            continue
        _warn(result, name)
        if args.json:
            print(_json(result.as_dict()))
        else:
            _say(("\n" if index else "") + f"== {name}\n{format_sheet(result)}")
    return BAD_INPUT if failed else OK


def _warn(result: GameResult, name: str | None) -> None:
    for notice in result.notices:
        _error(f"warning: {notice}" if name is None else f"warning: {name}: {notice}")


_OUTCOME_WORDS = {"thrown_in": "thrown in", "passed_out": "passed out"}


def format_sheet(result: GameResult) -> str:
    """The score sheet for people: header, one row per hand, and the result."""
    return "\n".join([*_sheet_header(result), "", *_sheet_rows(result), "", *_sheet_result(result)])


def _sheet_header(result: GameResult) -> Iterator[str]:
    game = result.game
    rules = game.rules
    yield f"{rules.name}: game to {rules.target}"
    options = {key: value for key, value in overrides_of(rules).items() if key != "target"}
    if options:
        yield "house rules: " + ", ".join(f"{key} {value}" for key, value in options.items())
    if all(side.players == (side.name,) for side in game.sides):
        yield "players: " + ", ".join(side.name for side in game.sides)
    else:
        width = max(len(side.name) for side in game.sides)
        for side in game.sides:
            yield f"  {side.name:<{width}}  {', '.join(side.players)}"
    if game.played_on is not None:
        yield f"played on {game.played_on.isoformat()}"


def _sheet_rows(result: GameResult) -> list[str]:
    game = result.game
    bidding = game.rules.bidding
    chips = result.chips is not None
    columns = ["#", "dealer", *(["bidder", "bid"] if bidding else []), "trump", "outcome"]
    groups = [("", len(columns))]
    for side in game.sides:
        columns += ["hand", "total"]
        groups.append((side.name, 2))
    if chips:
        columns.append("chips")
        groups.append(("", 1))
    rows: list[list[str]] = []
    for hand, scored in zip(game.hands, result.hands, strict=True):
        row = [str(scored.number), scored.dealer]
        if bidding:
            row += [hand.bidder or "", "" if hand.bid is None else str(hand.bid)]
        row.append(hand.trump.symbol if hand.trump else "")
        row.append(_OUTCOME_WORDS.get(scored.outcome, scored.outcome))
        for points, total in zip(scored.points, scored.totals, strict=True):
            row += [str(points), str(total)]
        if chips:
            row.append(_chips_won(game.sides, scored.chips))
        rows.append(row)
    if not rows:
        return ["no hands played yet"]
    left = {"dealer", "bidder", "outcome", "chips"}
    aligns = ["<" if name in left else ">" for name in columns]
    return _table(columns, aligns, groups, rows)


def _chips_won(sides: Sequence[Side], chips: Sequence[int] | None) -> str:
    """The side that gained chips in a hand and how many: ``Us +15``."""
    gains = [(side.name, won) for side, won in zip(sides, chips or (), strict=False) if won > 0]
    return ", ".join(f"{name} +{won}" for name, won in gains)


def _table(
    columns: list[str],
    aligns: list[str],
    groups: list[tuple[str, int]],
    rows: list[list[str]],
) -> list[str]:
    """Aligned columns under a header, with a label centred over each group of columns."""
    gap = "  "
    widths = [max(len(cell) for cell in column) for column in zip(columns, *rows, strict=True)]
    start = 0
    for label, count in groups:
        span = sum(widths[start : start + count]) + len(gap) * (count - 1)
        widths[start + count - 1] += max(0, len(label) - span)
        start += count

    def line(cells: Sequence[str]) -> str:
        padded = (f"{c:{a}{w}}" for c, a, w in zip(cells, aligns, widths, strict=True))
        return gap.join(padded).rstrip()

    labels: list[str] = []
    start = 0
    for label, count in groups:
        span = sum(widths[start : start + count]) + len(gap) * (count - 1)
        labels.append(f"{label:^{span}}")
        start += count
    return [gap.join(labels).rstrip(), line(columns), *(line(row) for row in rows)]


def _sheet_result(result: GameResult) -> Iterator[str]:
    names = [side.name for side in result.game.sides]
    totals = ", ".join(f"{name} {total}" for name, total in zip(names, result.totals, strict=True))
    target = result.target
    raised = f" (target raised to {target})" if target != result.game.rules.target else ""
    if result.went_out is None:
        yield f"the game goes on: {totals}{raised}"
        yield f"next to deal: {result.next_dealer}"
    else:
        yield f"{names[result.went_out]} went out: {totals}{raised}"
    if result.chips is not None:
        chips = ", ".join(f"{n} {c}" for n, c in zip(names, result.chips, strict=True))
        yield f"chips: {chips}"
    if result.winner == DRAW:
        yield "result: a draw (equal chips)"
    elif isinstance(result.winner, int):
        yield f"winner: {names[result.winner]}"


# --- the table app ------------------------------------------------------------------------


def _app() -> Flask:
    """The app (``SCOREKEEPER_INSTANCE_PATH``, ``DATABASE_URL``), its database upgraded."""
    app = create_app()
    prepare_database(app)
    return app


def run_serve(args: argparse.Namespace) -> int:
    """``scorekeeper serve``: 0 once stopped with Ctrl-C, 2 when it cannot listen."""
    from scorekeeper import accounts

    app = create_app()
    database = prepare_database(app)
    logging.basicConfig()  # waitress's warnings, as ``waitress.serve`` shows them
    try:
        server, port = make_server(app, args.host, args.port)
    except OSError as exc:
        _error(f"cannot listen on {url(args.host, args.port)}: {exc.strerror or exc}")
        return BAD_INPUT
    text = banner(args.host, port, listen_urls(args.host, port), str(database))
    with app.app_context():
        if not accounts.has_users():
            text += "\nNo users yet: the first visit makes its visitor the owner.\n"
    serve(server, text, sys.stdout)
    return OK


def run_upgrade(_args: argparse.Namespace) -> int:
    """``scorekeeper upgrade``: 0 once the database is at the latest revision."""
    print(prepare_database(create_app()))
    return OK


def run_import(args: argparse.Namespace) -> int:
    """``scorekeeper import``: the new game's id; a bad file is refused before any write."""
    game = loads(sys.stdin.read()) if args.file == "-" else load(args.file)
    app = _app()
    with app.app_context():
        stored = services.import_game(to_document(game))
        print(stored.id)
    return OK


def run_export(args: argparse.Namespace) -> int:
    """``scorekeeper export``: the game's pinochle-game/1 document; 2 when there is none."""
    app = _app()
    with app.app_context():
        game = services.get_game(args.game_id)
        if game is None:
            _error(f"no game has the id {args.game_id}")
            return BAD_INPUT
        text = json.dumps(services.export_game(game), indent=1, ensure_ascii=False) + "\n"
    return _write_text(text, args.output)


def _write_text(text: str, output: str | None, private: bool = False) -> int:
    """``text`` on standard output (no ``output``, or ``-``) or in the file ``output``
    (``private``: readable by its owner alone, 0600)."""
    if output in (None, "-"):
        sys.stdout.write(text)
        return OK
    try:
        if private:
            write_private(output, text.encode("utf-8"))
        else:
            with open(output, "w", encoding="utf-8") as file:
                file.write(text)
    except OSError as exc:
        _error(f"cannot write {output!r}: {exc.strerror}")
        return BAD_INPUT
    return OK


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid date {text!r}: expected YYYY-MM-DD") from None


def run_stats(args: argparse.Namespace) -> int:
    """``scorekeeper stats``: the season's figures, as a table or as JSON."""
    from scorekeeper.stats import Period, UnknownSeasonError, find_period, stats_document

    if args.ruleset is not None:
        ruleset(args.ruleset)  # an unknown name is refused with the engine's sentence
    app = _app()
    with app.app_context():
        try:
            period = find_period(args.season, args.ruleset)
        except UnknownSeasonError as exc:
            _error(str(exc))
            return BAD_INPUT
        if args.start or args.end:
            period = Period(args.start or period.start, args.end or period.end, args.ruleset)
        document = stats_document(period)
    if args.json:
        print(json.dumps(document, ensure_ascii=False))
        return OK
    columns = ("games", "wins", "win%", "bids", "made%")
    print(f"{'player':<16} " + " ".join(f"{name:>5}" for name in columns) + f" {'rating':>7}")
    for row in document["players"]:
        _say(
            f"{terminal_text(row['name'])[:16]:<16} {row['games']:>5} {row['wins']:>4} "
            f"{row['win_rate'] * 100:>5.0f} {row['bids']:>4} {row['make_rate'] * 100:>5.0f} "
            f"{row['rating']:>7.1f}"
        )
    return OK


def run_create_user(args: argparse.Namespace) -> int:
    """``scorekeeper create-user``: 0 once the user exists, 2 when refused."""
    import getpass

    from scorekeeper import accounts

    if args.password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        password = getpass.getpass("Password: ")
        if getpass.getpass("The password again: ") != password:
            _error("the passwords differ; nothing was changed")
            return BAD_INPUT
    app = _app()
    with app.app_context():
        try:
            user = accounts.create_user(args.name, password, args.role)
        except accounts.AccountError as exc:
            _error(f"{exc}")
            return BAD_INPUT
        _say(f"{user.name} ({user.role}) can log in now")
    return OK


def run_create_token(args: argparse.Namespace) -> int:
    """``scorekeeper create-token``: the token on standard output, or 2 when refused."""
    from scorekeeper import accounts

    app = _app()
    with app.app_context():
        user = accounts.user_named(args.name)
        if user is None:
            _error(f"there is no user called {args.name!r}; nothing was made")
            return BAD_INPUT
        try:
            _row, token = accounts.create_api_token(user, args.label)
        except accounts.AccountError as exc:
            _error(f"{exc}")
            return BAD_INPUT
    print(token)
    return OK


def run_backup(args: argparse.Namespace) -> int:
    """``scorekeeper backup``: the document on standard output (or in ``--output``)."""
    from scorekeeper.backup import backup_document

    app = _app()
    with app.app_context():
        text = json.dumps(backup_document(), ensure_ascii=False, indent=1) + "\n"
    return _write_text(text, args.output, private=True)  # it holds the password hashes


def run_restore(args: argparse.Namespace) -> int:
    """``scorekeeper restore``: 0 once restored, 2 (nothing written) when refused."""
    from scorekeeper.backup import BackupError, restore_document

    try:
        if args.file == "-":
            document = json.load(sys.stdin)
        else:
            with open(args.file, encoding="utf-8") as file:
                document = json.load(file)
    except OSError as exc:
        _error(f"cannot read {args.file!r}: {exc.strerror}")
        return BAD_INPUT
    except ValueError as exc:
        _error(f"{args.file!r} is not JSON: {exc}")
        return BAD_INPUT
    except RecursionError:
        _error(f"{args.file!r} is nested deeper than a backup is")
        return BAD_INPUT
    app = _app()
    with app.app_context():
        try:
            counts = restore_document(document)
        except BackupError as exc:
            _error(f"cannot restore: {exc}")
            return BAD_INPUT
    print(", ".join(f"{count} {table}" for table, count in counts.items()) + " restored")
    return OK


def run_demo_data(args: argparse.Namespace) -> int:
    """``scorekeeper demo-data``: 0 once stored (saying how many); 2, storing nothing, for
    odd sizes or a database that holds games already (unless ``--into-existing``)."""
    import random

    from scorekeeper.simulate import demo_games

    if not 1 <= args.games <= 100_000 or not 2 <= args.players <= 1_000:
        _error("--games is 1 to 100000 and --players 2 to 1000")
        return BAD_INPUT
    rng = random.Random(args.seed)
    app = create_app()
    database = prepare_database(app)
    with app.app_context():
        held = services.count_games(services.Search())
        if held and not args.into_existing:
            _error(
                f"{database.url} already holds {held} game{'' if held == 1 else 's'}: demo-data "
                "fills a database of its own (SCOREKEEPER_INSTANCE_PATH=/tmp/demo "
                "scorekeeper demo-data), or adds its made-up games to these with --into-existing"
            )
            return BAD_INPUT
        for game in demo_games(args.games, args.players, rng, until=date.today()):
            services.import_game(to_document(game), rate=False)
        services.rate_all()
    print(f"{args.games} games among {args.players} players stored")
    return OK


def run_sheet(args: argparse.Namespace) -> int:
    """``scorekeeper sheet``: a game file's score sheet, or a blank one, as a PDF file."""
    from scorekeeper import pdf

    if args.blank:
        rules = ruleset(args.ruleset)  # an unknown name is refused with the engine's sentence
        if not 1 <= args.hands <= pdf.MAX_BLANK_HANDS:
            _error(f"--hands must be from 1 to {pdf.MAX_BLANK_HANDS}, not {args.hands}")
            return BAD_INPUT
        output = args.output or f"blank-{rules.name}.pdf"
        body = pdf.blank_sheet_pdf(rules.name, args.hands, args.paper, args.language)
    else:
        if args.file is None:
            _error("give a game file, or --blank for an empty sheet")
            return BAD_INPUT
        game = load(args.file)
        output = args.output or os.path.splitext(os.path.basename(args.file))[0] + ".pdf"
        body = pdf.game_sheet_pdf(game, args.paper, args.language)
    try:
        with open(output, "wb") as file:
            file.write(body)
    except OSError as exc:
        _error(f"cannot write {output!r}: {exc.strerror}")
        return BAD_INPUT
    print(output)
    return OK


if __name__ == "__main__":
    sys.exit(main())

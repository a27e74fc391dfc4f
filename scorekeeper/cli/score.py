"""``scorekeeper score FILE...``: replay game files and print their score sheets
(game-format.md §2); the engine alone, no web stack (but for the catalogs of
``--language``, loaded only when a language other than English is asked for)."""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from typing import Any

from scorekeeper.cli.output import (
    BAD_INPUT,
    ENGLISH,
    LANGUAGES,
    OK,
    in_words,
    json_line,
    say,
    say_error,
)
from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.game import Side
from scorekeeper.engine.gamefile import load
from scorekeeper.engine.race import FLOOR, HANDS, MOON, TARGET, TIME_CALLED
from scorekeeper.engine.rules import overrides_of
from scorekeeper.engine.scoring import DRAW, GameResult, replay


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``score`` command's arguments."""
    score = commands.add_parser(
        "score",
        help="replay game files and print their score sheets",
        description="Replay pinochle-game/1 files (game-format.md §2).",
    )
    score.add_argument("files", metavar="FILE", nargs="+", help="a pinochle-game/1 document")
    score.add_argument("--json", action="store_true", help="print JSON (JSON Lines for several)")
    score.add_argument(
        "--language",
        choices=LANGUAGES,
        default=ENGLISH,
        help="the language of the refusals and warnings (en); the sheet and the JSON's "
        "fields and codes stay as they are",
    )
    score.set_defaults(run=run_score)


def run_score(args: argparse.Namespace) -> int:
    """``scorekeeper score``: 0 when every file replays, 2 when one breaks a rule.

    With ``--json`` the warnings are in each file's document (``warnings``); without,
    they go to standard error as ``warning: ...`` lines.
    """
    files: list[str] = args.files
    language: str = args.language
    if len(files) == 1:
        try:
            result = replay(load(files[0]))
        except PinochleError as exc:
            say_error(in_words(exc, language))
            return BAD_INPUT
        if args.json:
            print(json_line(score_document(result, language)))
        else:
            _warn(result, None, language)
            say(format_sheet(result))
        return OK
    failed = False
    for index, name in enumerate(files):
        try:
            result = replay(load(name))
        except PinochleError as exc:
            failed = True
            if args.json:
                print(json_line({"file": name, "error": in_words(exc, language)}))
            else:
                say_error(f"{name}: {in_words(exc, language)}")
            continue
        if args.json:
            print(json_line(score_document(result, language)))
        else:
            _warn(result, name, language)
            say(("\n" if index else "") + f"== {name}\n{format_sheet(result)}")
    return BAD_INPUT if failed else OK


def score_document(result: GameResult, language: str = ENGLISH) -> dict[str, Any]:
    """What ``score --json`` prints for one game: the replay's document, its warnings'
    sentences in ``language``."""
    document = result.as_dict()
    if language != ENGLISH:
        document["warnings"] = [
            {**warning, "message": in_words(notice, language)}
            for warning, notice in zip(document["warnings"], result.notices, strict=True)
        ]
    return document


def _warn(result: GameResult, name: str | None, language: str) -> None:
    for notice in result.notices:
        sentence = in_words(notice, language)
        say_error(f"warning: {sentence}" if name is None else f"warning: {name}: {sentence}")


_OUTCOME_WORDS = {"thrown_in": "thrown in", "passed_out": "passed out"}
# auction pinochle's names for a conceded and a played-and-lost bid (rules.md §8)
_AUCTION_WORDS = {**_OUTCOME_WORDS, "thrown_in": "single bete", "set": "double bete"}


def format_sheet(result: GameResult) -> str:
    """The score sheet for people: header, one row per hand, and the result."""
    return "\n".join([*_sheet_header(result), "", *_sheet_rows(result), "", *_sheet_result(result)])


def _sheet_header(result: GameResult) -> Iterator[str]:
    game = result.game
    rules = game.rules
    yield f"{rules.name}: {_game_length(result)}"
    shown = {"target", "game_end"}
    options = {key: value for key, value in overrides_of(rules).items() if key not in shown}
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


def _game_length(result: GameResult) -> str:
    """How the game ends: its target, its hands, or the table's stopping (auction)."""
    rules = result.game.rules
    if rules.game_end.startswith("hands:"):
        return f"a game of {rules.game_end.removeprefix('hands:')} hands"
    if rules.is_auction:
        return "chips, until time is called"
    return f"game to {rules.target}"


def _sheet_rows(result: GameResult) -> list[str]:
    game = result.game
    bidding = game.rules.bidding
    words = _AUCTION_WORDS if game.rules.is_auction else _OUTCOME_WORDS
    kitty = result.kitty is not None
    chips = result.chips is not None
    columns = ["#", "dealer", *(["bidder", "bid"] if bidding else []), "trump", "outcome"]
    groups = [("", len(columns))]
    for side in game.sides:
        columns += ["hand", "total"]
        groups.append((side.name, 2))
    if kitty:
        columns += ["hand", "total"]
        groups.append(("kitty", 2))
    if chips:
        columns.append("chips")
        groups.append(("", 1))
    rows: list[list[str]] = []
    for hand, scored in zip(game.hands, result.hands, strict=True):
        row = [str(scored.number), scored.dealer]
        if bidding:
            row += [hand.bidder or "", "" if hand.bid is None else str(hand.bid)]
        row.append(hand.trump.symbol if hand.trump else "")
        row.append(words.get(scored.outcome, scored.outcome))
        for points, total in zip(scored.points, scored.totals, strict=True):
            row += [str(points), str(total)]
        if kitty:
            row += [str(scored.kitty or 0), str(scored.kitty_total or 0)]
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


# why a game ended, in the sheet's words (race.ENDINGS)
ENDED_BY = {
    TARGET: "a side reached the target",
    FLOOR: "a side fell to the floor",
    HANDS: "the hands were played",
    TIME_CALLED: "time was called",
    MOON: "the moon was shot",
}


def _sheet_result(result: GameResult) -> Iterator[str]:
    names = [side.name for side in result.game.sides]
    totals = ", ".join(f"{name} {total}" for name, total in zip(names, result.totals, strict=True))
    target = result.target
    raised = f" (target raised to {target})" if target != result.game.rules.target else ""
    if not result.finished:
        yield f"the game goes on: {totals}{raised}"
        yield f"next to deal: {result.next_dealer}"
    elif result.ended_by == TARGET and result.went_out is not None:
        yield f"{names[result.went_out]} went out: {totals}{raised}"
    else:
        yield f"the game is over ({ENDED_BY[result.ended_by or '']}): {totals}"
    if result.chips is not None:
        chips = ", ".join(f"{n} {c}" for n, c in zip(names, result.chips, strict=True))
        yield f"chips: {chips}"
    if result.kitty is not None:
        yield f"kitty: {result.kitty}"
    if result.winner == DRAW:
        yield "result: a draw (equal chips)" if result.chips is not None else "result: a draw"
    elif isinstance(result.winner, int):
        yield f"winner: {names[result.winner]}"

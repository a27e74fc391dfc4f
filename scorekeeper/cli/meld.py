"""``scorekeeper meld CARDS``: the best meld of one player's cards, or the verdict on a
claim (game-format.md §3); the engine alone, no web stack."""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TextIO

from scorekeeper.cli.output import BAD_INPUT, NOT_VALID, OK, WIDTH, json_line, say_error
from scorekeeper.engine.cards import Card, Suit, format_cards, parse_cards, sort_cards
from scorekeeper.engine.claims import VALID, ClaimVerdict, check_claim, meld_answer, parse_claim
from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.meld import MeldResult, best_meld, check_hand, meld_by_trump
from scorekeeper.engine.names import display_name
from scorekeeper.engine.presets import PRESETS, RuleSet
from scorekeeper.engine.rules import meld_options, meld_ruleset, ruleset
from scorekeeper.engine.typed import typed_options

Claim = int | tuple[str, ...]


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``meld`` command's arguments."""

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
    meld.add_argument(
        "--rule",
        metavar="NAME=VALUE",
        type=_rule,
        action="append",
        default=[],
        help="a house-rule option that changes meld, e.g. run_extras=off or "
        f"doubles=two_singles (repeatable; one of {', '.join(meld_options())})",
    )
    meld.add_argument("--claim", help='a claimed total (230) or melds ("run, pinochle")')
    meld.add_argument("--json", action="store_true", help="print JSON")
    meld.set_defaults(run=run_meld)


def _rule(text: str) -> tuple[str, str]:
    """``NAME=VALUE`` typed after ``--rule``: the option's name and its value, as text
    (the engine reads the value); argparse turns a refusal into exit 2."""
    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, e.g. run_extras=off, not {text!r}")
    return name.strip(), value.strip()


def _rules(name: str, typed: Sequence[tuple[str, str]]) -> RuleSet:
    """The rule set ``name`` with the ``--rule`` options (the last of a name counts)."""
    return meld_ruleset(name, typed_options(ruleset(name), dict(typed)))


@dataclass(frozen=True)
class _MeldRequest:
    rules: RuleSet
    trump: Suit | None
    claim: Claim | None
    as_json: bool


# characters of one hand, typed or read from a line, at most (a double-deck hand of 20
# cards is about 80): a longer one is refused before it is parsed, and a longer line is
# read in pieces and dropped, so memory does not grow with it
MAX_LINE = 1000
PIECE = 64 * 1024


def run_meld(args: argparse.Namespace) -> int:
    """``scorekeeper meld``: 0 done (or a valid claim), 1 a claim not valid, 2 bad input."""
    request = _MeldRequest(
        rules=_rules(args.ruleset, args.rule),
        trump=None if args.trump is None else Suit.parse(args.trump),
        claim=None if args.claim is None else parse_claim(args.claim),
        as_json=args.json,
    )
    if args.cards == "-":
        return _meld_lines(request, sys.stdin)
    if len(args.cards) > MAX_LINE:
        say_error(too_long(args.cards))
        return BAD_INPUT
    output, status = _meld_one(request, args.cards, request.trump)
    print(output)
    return status


def _meld_lines(request: _MeldRequest, lines: TextIO) -> int:
    """One hand per line; a bad line is reported and the rest go on."""
    failed = claim_not_valid = False
    blocks = 0
    for number, line in _bounded_lines(lines):
        if line is None:
            failed = True
            if request.as_json:
                print(json_line({"line": number, "error": too_long(None)}))
            else:
                say_error(f"line {number}: {too_long(None)}")
            continue
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
                print(json_line({"line": number, "error": str(exc)}))
            else:
                say_error(f"line {number}: {exc}")
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


def _bounded_lines(lines: TextIO) -> Iterator[tuple[int, str | None]]:
    """Each line with its number, or None for one longer than ``MAX_LINE`` (its rest
    read in pieces and dropped)."""
    number = 0
    while line := lines.readline(MAX_LINE + 1):
        number += 1
        if len(line) > MAX_LINE and not line.endswith("\n"):
            while (rest := lines.readline(PIECE)) and not rest.endswith("\n"):
                pass
            yield number, None
        else:
            yield number, line


def too_long(cards: str | None) -> str:
    """The refusal of a hand longer than ``MAX_LINE``: how long, and what a hand is."""
    what = "the cards" if cards is None else f"the cards ({len(cards):,} characters)"
    return f"{what} are more than {MAX_LINE:,} characters: a hand is at most 20 cards"


def _meld_one(request: _MeldRequest, text: str, trump: Suit | None) -> tuple[str, int]:
    """One hand as JSON or as text for people, and its exit status."""
    rules = request.rules
    cards = parse_cards(text, rules.meld_table.deck)
    check_hand(cards, rules)
    if request.as_json:
        answer = meld_answer(cards, trump, rules, request.claim)
        return json_line(answer), NOT_VALID if answer.get("verdict") not in (None, VALID) else OK
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

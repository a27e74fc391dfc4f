"""Checking a meld claim (rules.md §1.6).

A player lays cards down and says a number, or names melds. The verdict is
``valid`` (the claim is what the cards make), ``under`` (the cards make more;
by how much and which meld was missed) or ``invalid`` (the cards cannot make
it; the first rule broken).

>>> from .cards import parse_cards, Suit
>>> from .presets import PRESETS
>>> cards = parse_cards("AH 10H KH QH JH")
>>> check_claim(cards, Suit.HEARTS, PRESETS["partnership"], ("run", "royal marriage")).reason
'Q♥ is already in the run, so it cannot also form a royal marriage'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import AROUND_RANKS, SUITS, Card, Rank, Suit, card_counts
from .errors import ClaimError, message
from .meld import MeldResult, best_meld, meld_by_trump, meld_names, meld_values
from .meld_classes import Meld
from .names import display_name, split_multiple
from .presets import RuleSet

VALID = "valid"
UNDER = "under"
INVALID = "invalid"

_ALIASES = {
    "common_marriage": "marriage",
    "marriages": "marriage",
    "runs": "run",
    "pinochles": "pinochle",
    "dixes": "dix",
    "all_eight_aces": "double_aces_around",
    "all_eight_kings": "double_kings_around",
    "all_eight_queens": "double_queens_around",
    "all_eight_jacks": "double_jacks_around",
    "run_marriage": "run_royal_marriage",
    "run_king": "run_extra_king",
    "run_queen": "run_extra_queen",
    "aces": "aces_around",
    "kings": "kings_around",
    "queens": "queens_around",
    "jacks": "jacks_around",
    # the auction rooms' names (rules.md §8): a run is a flush, an around its value
    "flush": "run",
    "flushes": "run",
    "100_aces": "aces_around",
    "80_kings": "kings_around",
    "60_queens": "queens_around",
    "40_jacks": "jacks_around",
}
# A roundhouse (K Q of every suit) is claimed as its parts.
_ROUNDHOUSE = (
    "royal_marriage",
    "marriage",
    "marriage",
    "marriage",
    "kings_around",
    "queens_around",
)
_MAX_DIGITS = 6  # no hand melds a million
_MAX_SAME_MELD = 16  # four copies of a meld in each of four suits at the very most
_COUNT = re.compile(r"^([0-9]+)\s*(?:[x×]\s*)?(.+)$|^(.+?)\s*[x×]\s*([0-9]+)$")


@dataclass(frozen=True)
class ClaimVerdict:
    """The answer to a claim: a verdict, its sentence, and what the cards really make."""

    verdict: str
    code: str
    values: dict[str, Any]
    claimed: int
    best: MeldResult
    missed: tuple[Meld, ...] = field(default=())

    @property
    def reason(self) -> str:
        return message(self.code, **self.values)

    @property
    def ok(self) -> bool:
        return self.verdict == VALID

    def as_dict(self) -> dict[str, object]:
        return {
            "verdict": self.verdict,
            "reason": self.reason,
            "code": self.code,
            "claimed": self.claimed,
            "total": self.best.total,
            "trump": self.best.trump.value,
            "missed": [meld.as_dict() for meld in self.missed],
        }


def parse_claim(text: str, aliases: Mapping[str, str] | None = None) -> int | tuple[str, ...]:
    """A claim as a number, or as meld names (``"run, 2 marriages, pinochle"``);
    ``aliases`` are more names for melds (another language's, by ``claim_key``).

    >>> parse_claim("230"), parse_claim("run + royal marriage, pinochle x2")
    (230, ('run_royal_marriage', 'pinochle', 'pinochle'))
    >>> parse_claim("suite, mariage commun x2", {"suite": "run", "mariage_commun": "marriage"})
    ('run', 'marriage', 'marriage')
    """
    stripped = text.strip()
    if not stripped:
        raise ClaimError("claim_empty")
    if stripped.isascii() and stripped.isdigit() and len(stripped) <= _MAX_DIGITS:
        return int(stripped)
    if stripped.lstrip("-+").isdigit():
        raise ClaimError("claim_number", claim=stripped)
    names: list[str] = []
    for part in re.split(r"[,;]", stripped):
        if part.strip():
            count, name = _counted(part.strip().lower(), aliases or {})
            names.extend([name] * count)
    return tuple(names)


def claim_key(name: str) -> str:
    """A meld's name as the claim reader compares it (lower case, ``_`` for spaces and ``+``)."""
    return re.sub(r"[\s+_-]+", "_", name.strip().lower()).strip("_")


def _counted(part: str, aliases: Mapping[str, str]) -> tuple[int, str]:
    match = _COUNT.match(part)
    if match is None or claim_key(part) in _ALIASES or claim_key(part) in aliases:
        return 1, _meld_name(part, aliases)
    count, name = (match[1], match[2]) if match[1] else (match[4], match[3])
    if not count.isascii() or len(count) > 2 or int(count) > _MAX_SAME_MELD:
        raise ClaimError("claim_count", count=count)
    return int(count), _meld_name(name, aliases)


def _meld_name(text: str, aliases: Mapping[str, str] | None = None) -> str:
    name = claim_key(text)
    name = (aliases or {}).get(name) or _ALIASES.get(name, name)
    if name != "roundhouse" and name not in meld_names():
        expected = ", ".join(display_name(meld) for meld in (*meld_names(), "roundhouse"))
        raise ClaimError("claim_unknown_meld", name=text.strip(), expected=expected)
    return name


def check_claim(
    cards: Sequence[Card], trump: Suit | None, rules: RuleSet, claim: int | Sequence[str]
) -> ClaimVerdict:
    """The verdict on ``claim`` for ``cards`` with ``trump`` under ``rules``."""
    if trump is None:
        raise ClaimError("claim_needs_trump")
    if isinstance(claim, str):
        claim = parse_claim(claim)
    if isinstance(claim, bool) or (isinstance(claim, int) and claim < 0):
        raise ClaimError("claim_number", claim=str(claim))
    best = best_meld(cards, trump, rules)
    if isinstance(claim, int):
        return _check_number(best, rules, claim)
    values = meld_values(rules)
    names = [part for name in map(_meld_name, claim) for part in _parts(name, values)]
    if not names:
        raise ClaimError("claim_empty")
    return _check_names(cards, trump, rules, best, names)


def _parts(name: str, values: dict[str, int]) -> tuple[str, ...]:
    """A claimed name as the melds it is made of under these rules.

    A roundhouse is its marriages and arounds; where runs have no extras,
    "run + royal marriage" is a run and a royal marriage.
    """
    if name == "roundhouse":
        return _ROUNDHOUSE
    if name == "run_royal_marriage" and name not in values:
        return ("run", "royal_marriage")
    return (name,)


# --- a number ---------------------------------------------------------------------


def _check_number(best: MeldResult, rules: RuleSet, claim: int) -> ClaimVerdict:
    total = best.total
    if claim == total:
        return ClaimVerdict(VALID, "claim_valid", {"total": total}, claim, best)
    if claim < total:
        missed = _melds_worth(best.melds, total - claim)
        if missed:
            values = {"total": total, "more": total - claim, "missed": _names(missed)}
            return ClaimVerdict(UNDER, "claim_under_missed", values, claim, best, missed)
        return ClaimVerdict(
            UNDER, "claim_under", {"total": total, "more": total - claim}, claim, best
        )
    run_marriage = _run_marriage_counted_twice(best, rules, claim)
    if run_marriage is not None:
        return ClaimVerdict(INVALID, "claim_run_marriage", run_marriage, claim, best)
    return ClaimVerdict(INVALID, "claim_over", {"total": total, "claimed": claim}, claim, best)


def _melds_worth(melds: Sequence[Meld], points: int) -> tuple[Meld, ...]:
    """Some of ``melds`` adding up to exactly ``points`` (fewest first), or none."""
    reachable: dict[int, tuple[int, ...]] = {0: ()}
    for index, meld in enumerate(melds):
        for total, used in list(reachable.items()):
            new_total = total + meld.points
            if new_total <= points and (
                new_total not in reachable or len(reachable[new_total]) > len(used) + 1
            ):
                reachable[new_total] = (*used, index)
    return tuple(melds[index] for index in reachable.get(points, ())) if points else ()


def _run_marriage_counted_twice(
    best: MeldResult, rules: RuleSet, claim: int
) -> dict[str, Any] | None:
    """The usual over-claim: a run's royal marriage counted again."""
    table = rules.meld_table
    runs = [meld for meld in best.melds if meld.name.endswith("run") or "run_" in meld.name]
    if table.run_marriage_first or not runs:
        return None
    if any(meld.name == "royal_marriage" for meld in best.melds):
        return None  # a spare K and Q of trump already score: the over-claim is something else
    if claim - best.total != table.royal_marriage:
        return None
    queen = Card.of(Rank.QUEEN, best.trump)
    return {
        "card": queen.symbol,
        "meld": display_name(runs[0].name),
        "claimed": claim,
        "total": best.total,
    }


# --- named melds --------------------------------------------------------------------


@dataclass
class _Pool:
    """Cards still free in each class while the claimed melds take theirs."""

    held: list[int]
    free: dict[int, list[int]]
    taken_by: dict[int, dict[int, str]]


def _check_names(
    cards: Sequence[Card], trump: Suit, rules: RuleSet, best: MeldResult, names: list[str]
) -> ClaimVerdict:
    held = card_counts(cards)
    pool = _Pool(held, {cls: list(held) for cls in (1, 2, 3)}, {1: {}, 2: {}, 3: {}})
    values = meld_values(rules)
    if rules.meld_table.run_marriage_first:
        # two-hand: a royal marriage melded before its run shares the run's K and Q
        names = sorted(names, key=lambda name: "run" not in name)
    claimed = 0
    runs_claimed = 0
    for name in names:
        if name not in values:
            return ClaimVerdict(
                INVALID,
                "claim_not_in_rules",
                {"meld": display_name(name), "ruleset": rules.name},
                0,
                best,
            )
        if "run" in name and rules.meld_table.run_marriage_first:
            runs_claimed += 1
        problem = _take(pool, name, trump, rules, runs_claimed)
        if problem is not None:
            code, problem_values = problem
            named = sum(values.get(other, 0) for other in names)
            return ClaimVerdict(INVALID, code, problem_values, named, best)
        if name == "royal_marriage" and rules.meld_table.run_marriage_first and runs_claimed:
            runs_claimed -= 1
        claimed += values[name]
    if claimed >= best.total:
        return ClaimVerdict(VALID, "claim_valid", {"total": best.total}, claimed, best)
    missed, unmatched = _missed(best.melds, names)
    values_out = {"total": best.total, "more": best.total - claimed, "missed": _names(missed)}
    code = "claim_under_better" if unmatched else "claim_under_missed"
    return ClaimVerdict(UNDER, code, values_out, claimed, best, missed)


def _take(
    pool: _Pool, name: str, trump: Suit, rules: RuleSet, marriage_credits: int
) -> tuple[str, dict[str, Any]] | None:
    """Take the cards of one claimed meld from its class; say why when they are not free."""
    if name == "marriage":
        return _take_marriage(pool, trump)
    cls, needed = _needs(name, trump)
    if name == "royal_marriage" and marriage_credits:
        return None  # two-hand: the royal marriage melded before its run shares its cards
    for card, count in needed.items():
        if pool.held[card.index] < count:
            reason = "claim_card_missing" if pool.held[card.index] == 0 else "claim_card_short"
            return reason, {"meld": display_name(name), "card": card.symbol, "count": count}
        if pool.free[cls][card.index] < count:
            other = pool.taken_by[cls].get(card.index, name)
            if other == name:
                wanted = pool.held[card.index] - pool.free[cls][card.index] + count
                return "claim_card_repeated", {
                    "meld": display_name(name),
                    "card": card.symbol,
                    "held": pool.held[card.index],
                    "count": wanted,
                }
            return "claim_card_used", {
                "card": card.symbol,
                "other": display_name(other),
                "meld": display_name(name),
            }
    for card, count in needed.items():
        pool.free[cls][card.index] -= count
        pool.taken_by[cls][card.index] = name
    return None


def _take_marriage(pool: _Pool, trump: Suit) -> tuple[str, dict[str, Any]] | None:
    free = pool.free[1]
    for suit in SUITS:
        king, queen = Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit)
        if suit is not trump and free[king.index] and free[queen.index]:
            free[king.index] -= 1
            free[queen.index] -= 1
            return None
    return "claim_no_marriage", {"trump": trump.symbol}


def _needs(name: str, trump: Suit) -> tuple[int, dict[Card, int]]:
    """The class of a named meld and the cards it takes."""
    size, base = split_multiple(name)
    if base == "pinochle":
        return 2, {Card.of(Rank.QUEEN, Suit.SPADES): size, Card.of(Rank.JACK, Suit.DIAMONDS): size}
    for rank in AROUND_RANKS:
        if base == f"{rank.name.lower()}s_around":
            return 3, {Card.of(rank, suit): size for suit in SUITS}
    needed: dict[Card, int] = {}
    if base.startswith("run"):
        for rank in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK):
            needed[Card.of(rank, trump)] = size
    extra = {
        "run_extra_king": (Rank.KING,),
        "run_extra_queen": (Rank.QUEEN,),
        "run_royal_marriage": (Rank.KING, Rank.QUEEN),
        "royal_marriage": (Rank.QUEEN, Rank.KING),
        "dix": (Rank.NINE,),
    }.get(base, ())
    for rank in extra:
        card = Card.of(rank, trump)
        needed[card] = needed.get(card, 0) + 1
    return 1, needed


def _missed(best: Sequence[Meld], claimed: Sequence[str]) -> tuple[tuple[Meld, ...], bool]:
    """The best melds the claim did not name, and whether it named melds the best lacks."""
    remaining = list(claimed)
    missed = []
    for meld in best:
        if meld.name in remaining:
            remaining.remove(meld.name)
        else:
            missed.append(meld)
    return tuple(missed), bool(remaining)


def _names(melds: Sequence[Meld]) -> str:
    return ", ".join(f"{display_name(meld.name)} ({meld.points})" for meld in melds)


def meld_answer(
    cards: Sequence[Card], trump: Suit | None, rules: RuleSet, claim: int | tuple[str, ...] | None
) -> dict[str, object]:
    """What ``scorekeeper meld --json`` prints for one hand (game-format.md §3): the
    verdict on ``claim``, else the meld of ``trump``, else the meld for every trump.

    >>> from .cards import parse_cards
    >>> from .rules import ruleset
    >>> answer = meld_answer(parse_cards("KH QH"), Suit("H"), ruleset("partnership"), None)
    >>> answer["total"]
    40
    """
    if claim is not None:
        return check_claim(cards, trump, rules, claim).as_dict()
    if trump is None:
        by_trump = meld_by_trump(cards, rules)
        return {"by_trump": {suit.value: result.as_dict() for suit, result in by_trump.items()}}
    return best_meld(cards, trump, rules).as_dict()

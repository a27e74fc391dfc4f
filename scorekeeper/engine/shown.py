"""The cards a player shows for meld, as typed: read, checked as a hand the player
could hold, and counted for the trump (for the hand reader, the meld checker and a
game file's ``meld_cards``).

>>> from .presets import PRESETS
>>> cards_meld("AH 10H KH QH JH", Suit.HEARTS, PRESETS["partnership"])
150
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .cards import Card, Suit, parse_cards
from .errors import GameError, PinochleError
from .meld import best_meld, check_hand
from .presets import RuleSet


@dataclass(frozen=True)
class ShownCards:
    """A player's cards shown through the meld checker, and what they make for trump."""

    seat: int
    player: str
    cards: str
    meld: int | None  # None: no trump yet, or cards that cannot be read


def meld_cards_bad(number: int, player: str, error: PinochleError) -> GameError:
    """The refusal of a player's shown cards that do not read (``error`` says why), in
    hand ``number``: one sentence for the form and for a game file."""
    return GameError(
        "meld_cards_bad",
        hand=number,
        player=player,
        problem=str(error),
        problem_code=error.code,
        problem_values=error.values,
    )


def suit_or_none(text: str) -> Suit | None:
    try:
        return Suit.parse(text) if text else None
    except PinochleError:
        return None


def read_shown_cards(text: str, rules: RuleSet) -> tuple[Card, ...]:
    """One player's cards as typed in the meld checker, checked as a hand they could
    hold; ``PinochleError`` with the reason otherwise."""
    cards = parse_cards(text, rules.meld_table.deck)
    check_hand(cards, rules)
    return cards


def side_meld_with(
    side_meld: int | None,
    shown: Mapping[str, str | None],
    player: str,
    cards: Sequence[Card],
    trump: Suit,
    rules: RuleSet,
) -> int:
    """A side's meld once ``player``'s checked cards are taken: that player's meld is
    set (not added). ``shown`` holds each player of the side and the cards checked
    before (None: not checked). Meld typed beyond what checked cards make is the
    meld of the players not checked yet; once every player of the side is checked,
    the side's meld is the sum of theirs.

    >>> from .presets import PRESETS
    >>> run, rules = parse_cards("AH 10H KH QH JH"), PRESETS["partnership"]
    >>> side_meld_with(40, {"Ann": None, "Cat": None}, "Ann", run, Suit.HEARTS, rules)
    190
    >>> pinochle = parse_cards("QS JD")
    >>> side_meld_with(190, {"Ann": "AH 10H KH QH JH", "Cat": None}, "Cat", pinochle,
    ...                Suit.HEARTS, rules)
    190
    """
    made = {name: cards_meld(text, trump, rules) for name, text in shown.items() if text}
    rest = max(0, (side_meld or 0) - sum(made.values()))
    made[player] = best_meld(cards, trump, rules).total
    everyone = all(name in made for name in shown)
    return sum(made.values()) + (0 if everyone else rest)


@dataclass(frozen=True)
class MeldPart:
    """One term of a side's meld: a checked player's meld, or (``checked`` False) the
    meld typed beyond the checked cards, for the players not checked yet."""

    players: tuple[str, ...]
    points: int
    checked: bool


@dataclass(frozen=True)
class SideMeld:
    """A side's meld as the sum of its parts: ``Ann 150 + Cat 40 = 190``."""

    parts: tuple[MeldPart, ...]
    total: int


def side_meld_parts(
    side_meld: int | None, players: Sequence[str], made: Mapping[str, int | None]
) -> SideMeld | None:
    """The parts of a side's meld: each checked player's meld (``made``: what each
    player's checked cards make for the trump, None when unknown), and what the
    typed meld holds beyond them for the others. None when no player is checked.

    >>> side_meld_parts(190, ["Ann", "Cat"], {"Ann": 150, "Cat": 40})
    SideMeld(parts=(MeldPart(players=('Ann',), points=150, checked=True), \
MeldPart(players=('Cat',), points=40, checked=True)), total=190)
    >>> side_meld_parts(190, ["Ann", "Cat"], {"Ann": 150}).parts[1]
    MeldPart(players=('Cat',), points=40, checked=False)
    """
    parts = [
        MeldPart((player,), points, True)
        for player in players
        if (points := made.get(player)) is not None
    ]
    if not parts:
        return None
    others = tuple(player for player in players if made.get(player) is None)
    rest = (side_meld or 0) - sum(part.points for part in parts)
    if others and rest > 0:
        parts.append(MeldPart(others, rest, False))
    return SideMeld(tuple(parts), sum(part.points for part in parts))


def cards_meld(cards: str | None, trump: Suit | None, rules: RuleSet) -> int:
    """What one player's shown cards make for ``trump`` (0 when unreadable or no trump).

    >>> from .presets import PRESETS
    >>> cards_meld("AH 10H KH QH JH", Suit.HEARTS, PRESETS["partnership"])
    150
    """
    if not cards or trump is None:
        return 0
    try:
        return best_meld(parse_cards(cards, rules.meld_table.deck), trump, rules).total
    except PinochleError:
        return 0


__all__ = [
    "MeldPart",
    "ShownCards",
    "SideMeld",
    "cards_meld",
    "meld_cards_bad",
    "read_shown_cards",
    "side_meld_parts",
    "side_meld_with",
    "suit_or_none",
]

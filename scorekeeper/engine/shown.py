"""The cards a player shows for meld, as typed: read, checked as a hand the player
could hold, and counted for the trump (for the hand reader, the meld checker and a
game file's ``meld_cards``).

>>> from .presets import PRESETS
>>> cards_meld("AH 10H KH QH JH", Suit.HEARTS, PRESETS["partnership"])
150
"""

from __future__ import annotations

from collections.abc import Sequence
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
    side_meld: int | None, before: str | None, cards: Sequence[Card], trump: Suit, rules: RuleSet
) -> int:
    """A side's meld once a player's checked cards are taken: the meld as typed, less
    what the player's earlier cards (``before``) made, plus what ``cards`` make.

    >>> from .presets import PRESETS
    >>> run = parse_cards("AH 10H KH QH JH")
    >>> side_meld_with(80, "KS QS", run, Suit.HEARTS, PRESETS["partnership"])
    210
    """
    rest = max(0, (side_meld or 0) - cards_meld(before, trump, rules))
    return rest + best_meld(cards, trump, rules).total


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
    "ShownCards",
    "cards_meld",
    "meld_cards_bad",
    "read_shown_cards",
    "side_meld_with",
    "suit_or_none",
]

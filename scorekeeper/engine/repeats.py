"""A hand recorded twice: a new hand that repeats the hand before it in bidder, bid,
trump and both sides' meld is most likely that hand again (two phones, or one Save
too many), so it is refused once, "Same as hand 6?", and recorded only when the
person says it is a new hand. The doors carry that answer: the hand form's
``same_as`` field, the offline queue's copy of it, the API's ``?same_as=6``.

A passed-out or misdealt hand repeats nothing: two in a row are common, and they hold
nothing to compare.

>>> from .cards import Suit
>>> first = Hand(bidder="Cal", bid=300, trump=Suit.HEARTS, meld=(190, 60), counters=(150, 100))
>>> repeats(first, Hand(bidder="Cal", bid=300, trump=Suit.HEARTS, meld=(190, 60),
...                     counters=(160, 90)))
True
>>> repeats(first, Hand(bidder="Cal", bid=310, trump=Suit.HEARTS, meld=(190, 60)))
False
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import GameError
from .game import Hand

# what two hands share when one is the other entered again (counters may differ: a slip)
COMPARED = ("bidder", "bid", "trump", "meld")


def repeats(before: Hand, hand: Hand) -> bool:
    """Whether ``hand`` has ``before``'s bidder, bid, trump and meld (each side's)."""
    if any(one.passed_out or one.misdeal for one in (before, hand)):
        return False
    return all(getattr(before, name) == getattr(hand, name) for name in COMPARED)


def repeated(hands: Sequence[Hand], number: int) -> int | None:
    """The number of the hand that hand ``number`` of ``hands`` repeats (the one before
    it), or None when it repeats none."""
    if not 2 <= number <= len(hands):
        return None
    return number - 1 if repeats(hands[number - 2], hands[number - 1]) else None


def verify_not_repeated(hands: Sequence[Hand], number: int, same_as: int | None) -> None:
    """Refuse hand ``number`` when it repeats the hand before it, unless ``same_as`` says
    the person saw that (the number of the hand it repeats).

    >>> from .cards import Suit
    >>> hand = Hand(bidder="Cal", bid=300, trump=Suit.HEARTS, meld=(190, 60), counters=(150, 100))
    >>> verify_not_repeated([hand, hand], 2, same_as=1)
    >>> verify_not_repeated([hand, hand], 2, same_as=None)
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.GameError: hand 2 has the bidder, bid, trump and meld of \
hand 1: the same hand twice? It is recorded once it is confirmed as a new hand
    """
    before = repeated(hands, number)
    if before is not None and same_as != before:
        raise GameError("hand_same_as_before", hand=number, before=before)


__all__ = ["COMPARED", "repeated", "repeats", "verify_not_repeated"]

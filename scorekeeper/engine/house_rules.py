"""The house rules' outcomes of one hand (rules.md §7): a misdeal, a renege, shooting the
moon, and bidders who may not play for want of meld.

``hand_score.score_hand`` checks a hand's fields here and asks here what these outcomes
score; the race's side of them (the game ends) is ``race.after_hand``'s.

>>> from .rules import ruleset
>>> rules = ruleset("partnership", {"min_meld_to_play": 200})
>>> short_of_meld(rules, 150), short_of_meld(rules, 200)
(True, False)
>>> renege_points(rules, 1, 0, 300, (120, 80))  # the defenders reneged: the bidders made it
((370, 0), True)
"""

from __future__ import annotations

from collections.abc import Sequence

from .checks import effective_meld, recorded_fields
from .errors import GameError
from .game import Game, Hand
from .presets import OFF, RuleSet

# what a misdealt hand may record beside ``misdeal`` (time can be called during any deal)
WITH_MISDEAL = ("misdeal", "time_called")


def verify_misdeal(game: Game, hand: Hand, number: int) -> None:
    """A misdealt hand is dealt again: it records nothing but the misdeal (and that time
    was called, which ends the game without the deal again)."""
    extra = [name for name, value in recorded_fields(hand) if value and name not in WITH_MISDEAL]
    if extra:
        raise GameError("misdeal_fields", hand=number, fields=", ".join(extra))


def verify_renege_and_moon(game: Game, hand: Hand, number: int) -> None:
    """A renege names a side and stops the hand (so no counters, no tricks); the moon is
    announced under ``shoot_the_moon`` by bidders who play."""
    rules = game.rules
    if hand.renege is not None:
        if not 0 <= hand.renege < rules.sides:
            raise GameError("renege_side", hand=number, last=rules.sides - 1)
        _no_conflict(hand, number, "renege", ("thrown_in", "no_marriage", "took_trick"))
        _no_conflict(hand, number, "renege", ("all_tricks",))
        if hand.counters is not None:
            raise GameError("renege_counters", hand=number)
    if hand.moon:
        if not rules.bidding or rules.shoot_the_moon == OFF:
            raise GameError("moon_not_applicable", hand=number)
        _no_conflict(hand, number, "moon", ("thrown_in", "no_marriage"))


def _no_conflict(hand: Hand, number: int, first: str, others: Sequence[str]) -> None:
    recorded = dict(recorded_fields(hand))
    for second in others:
        if recorded[second]:
            raise GameError("hand_conflict", hand=number, first=first, second=second)


# --- bidders who may not play -------------------------------------------------------------


def short_of_meld(rules: RuleSet, bidders_meld: int) -> bool:
    """Whether the bidders' meld (as it counts) is under ``min_meld_to_play``: then they
    are set without play."""
    needed = rules.meld_to_play
    return needed is not None and effective_meld(rules, bidders_meld) < needed


def verify_short_of_meld(rules: RuleSet, hand: Hand, number: int, bidders_meld: int) -> bool:
    """Whether the hand is set for want of meld; refuse what only a played hand records."""
    if not short_of_meld(rules, bidders_meld) or hand.no_marriage or hand.thrown_in:
        return False
    recorded = dict(recorded_fields(hand))
    for field in ("counters", "moon", "renege", "took_trick", "all_tricks"):
        if recorded[field]:
            raise GameError(
                "short_of_meld_played",
                hand=number,
                meld=bidders_meld,
                minimum=rules.meld_to_play,
                field=field,
            )
    return True


def no_play_points(
    rules: RuleSet, bidder_side: int, bid: int, meld: Sequence[int], no_marriage: bool
) -> tuple[int, ...]:
    """Points of a hand the bidders lose without play (thrown in, no marriage in trump,
    too little meld): −bid; each other side its meld, as it counts (for want of a
    marriage: from ``RuleSet.no_play_meld``, 20 at the ×10 scale)."""
    least = rules.no_play_meld if no_marriage else 0
    points = []
    for side, side_meld in enumerate(meld):
        counted = effective_meld(rules, side_meld)
        points.append(-bid if side == bidder_side else counted if counted >= least else 0)
    return tuple(points)


# --- a renege -------------------------------------------------------------------------------


def renege_points(
    rules: RuleSet, reneged: int, bidder_side: int | None, bid: int, meld: Sequence[int]
) -> tuple[tuple[int, ...], bool]:
    """Points of a hand stopped by a renege, and whether the bidders made it.

    The reneging side is set: the bidders −bid, a defending side nothing (its meld
    lost). The one side against it takes every counter and its meld; where two sides
    are innocent (cutthroat: the bidder reneged), each scores its meld, as on a
    throw-in. When the defenders renege, the bidders make it, and in cutthroat the third
    player scores its meld.
    """
    total = rules.counters.total
    innocent = [side for side in range(rules.sides) if side != reneged]
    takes_all = innocent[0] if len(innocent) == 1 else bidder_side
    points = []
    for side, side_meld in enumerate(meld):
        counted = effective_meld(rules, side_meld)
        if side == reneged:
            points.append(-bid if side == bidder_side else 0)
        elif side == takes_all:
            points.append(counted + total)
        else:
            points.append(counted)
    return tuple(points), bidder_side is not None and reneged != bidder_side


# --- the moon --------------------------------------------------------------------------------


def moon_shot(rules: RuleSet, hand: Hand, bidder_side: int, counters: Sequence[int]) -> bool:
    """Whether bidders who announced the moon took every trick: every counter, in check
    ``all_tricks`` recorded for them, and no other side recorded as taking a trick."""
    if counters[bidder_side] != rules.counters.total:
        return False
    if rules.chip_table is not None and hand.all_tricks != bidder_side:
        return False
    took = hand.took_trick
    return took is None or not any(took[side] for side in range(len(took)) if side != bidder_side)


def moon_stake(rules: RuleSet) -> int:
    """What the moon adds to the bidders' score, or takes from it when it fails
    (``shoot_the_moon: points:N``; 0 where it is played for the game)."""
    return rules.moon_points or 0


__all__ = [
    "WITH_MISDEAL",
    "moon_shot",
    "moon_stake",
    "no_play_points",
    "renege_points",
    "short_of_meld",
    "verify_misdeal",
    "verify_renege_and_moon",
    "verify_short_of_meld",
]

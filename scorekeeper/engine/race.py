"""The end of a game (rules.md §3 "The race" and §7): after each hand, whether the game
is over, why, and which side won on points.

A game ends on the first of these, in this order:

- ``moon``: the bidders shot the moon where ``shoot_the_moon: game``; they win;
- ``target``: the points race (``game_end: target``), as ``race_winner`` decides it;
- ``lose_below``: a side's total is at or below the floor; of the others, the higher
  total wins;
- ``hands``: the ``hands:N`` game's Nth scored hand (passed-out and misdealt hands are
  not scored hands); the higher total wins;
- ``time_called``: time was called during the hand; the higher total wins.

Where the higher total wins, equal totals at the top are a draw.

>>> from .rules import ruleset
>>> rules = ruleset("partnership", {"lose_below": -1000})
>>> after_hand(rules, (1200, -1000), 1, 1500, scored_hands=9)
Standing(target=1500, went_out=0, ended_by='lose_below')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .presets import RuleSet

MOON = "moon"
TARGET = "target"
FLOOR = "lose_below"
HANDS = "hands"
TIME_CALLED = "time_called"
ENDINGS = (MOON, TARGET, FLOOR, HANDS, TIME_CALLED)


@dataclass(frozen=True)
class Standing:
    """The game after a hand: the target from then on, the side that won on points
    (None while playing, and for a draw), and why the game ended (None: it goes on)."""

    target: int
    went_out: int | None = None
    ended_by: str | None = None

    @property
    def ended(self) -> bool:
        return self.ended_by is not None


def race_winner(
    rules: RuleSet, totals: Sequence[int], bidder_side: int | None, target: int
) -> tuple[int | None, int]:
    """Who won the points race after a hand, and the target from then on.

    Sides at or over the target are in; with ``both_reach_target: bidders_win``
    the bidders win if they are in; otherwise the higher total wins, and a tie
    at the top plays on with the target raised by one hand's counters. Auction
    pinochle has no race (rules.md §8): its game ends when time is called, or after
    ``hands:N``.
    """
    if rules.is_auction:
        return None, target
    while True:
        reached = [side for side, total in enumerate(totals) if total >= target]
        if not reached:
            return None, target
        if rules.both_reach_target == "bidders_win" and bidder_side in reached:
            return bidder_side, target
        top = max(totals[side] for side in reached)
        leaders = [side for side in reached if totals[side] == top]
        if len(leaders) == 1:
            return leaders[0], target
        target += rules.tie_extension


def points_leader(totals: Sequence[int], sides: Sequence[int] | None = None) -> int | None:
    """The side with the highest total (of ``sides``, default all); None when level.

    >>> points_leader((300, 300, 120)), points_leader((300, 300, 120), sides=(1, 2))
    (None, 1)
    """
    among = list(range(len(totals))) if sides is None else list(sides)
    top = max(totals[side] for side in among)
    leaders = [side for side in among if totals[side] == top]
    return leaders[0] if len(leaders) == 1 else None


def after_hand(
    rules: RuleSet,
    totals: Sequence[int],
    bidder_side: int | None,
    target: int,
    *,
    scored_hands: int,
    time_called: bool = False,
    moon_shot: bool = False,
) -> Standing:
    """Where the game stands after a hand that left ``totals``.

    ``scored_hands`` counts the hands scored so far, this one included; ``moon_shot``
    says the bidders shot the moon in it.
    """
    if moon_shot and rules.shoot_the_moon == "game" and bidder_side is not None:
        return Standing(target, bidder_side, MOON)
    hands = rules.hands_to_play
    if hands is None:
        went_out, target = race_winner(rules, totals, bidder_side, target)
        if went_out is not None:
            return Standing(target, went_out, TARGET)
    floor = rules.floor
    if floor is not None and min(totals) <= floor:
        above = [side for side, total in enumerate(totals) if total > floor]
        return Standing(target, points_leader(totals, above or None), FLOOR)
    if hands is not None and scored_hands >= hands:
        return Standing(target, points_leader(totals), HANDS)
    if time_called:
        return Standing(target, points_leader(totals), TIME_CALLED)
    return Standing(target)


__all__ = [
    "ENDINGS",
    "FLOOR",
    "HANDS",
    "MOON",
    "TARGET",
    "TIME_CALLED",
    "Standing",
    "after_hand",
    "points_leader",
    "race_winner",
]

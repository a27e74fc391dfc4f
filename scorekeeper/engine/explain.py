"""Why a hand scored what it did: each side's points (and in check its chips) taken
apart into the terms the rules add up (rules.md §2–§8), for the scoreboard's "why?".

The terms come from the same rules ``hand_score`` and the replay apply, asked again for
one hand, and are checked against the replay's own figures: terms that would not add
up to what the replay scored give way to the figure alone (``Term("points", n)``), so
the words can never contradict the totals.

>>> from .game import Hand, Side, new_game
>>> from .presets import PRESETS
>>> from .cards import Suit
>>> from .scoring import replay
>>> sides = [Side("Us", ("Ann", "Cal")), Side("Them", ("Bea", "Dan"))]
>>> hand = Hand(bidder="Cal", bid=300, trump=Suit.HEARTS, meld=(190, 60), counters=(150, 100))
>>> why = explain(replay(new_game(PRESETS["partnership"], sides, hands=[hand])), 0)
>>> [(term.code, term.amount) for term in why.sides[0].points]
[('meld', 190), ('counters', 150)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import house_rules
from .auction import MADE_BETES, hand_value, kitty_takes_part
from .checks import effective_meld, verify_meld_cards
from .chips import bid_chips, game_chips, net_chips
from .game import Game, Hand
from .hand_score import BETES, MISDEAL, PASSED_OUT, RENEGE, _saves
from .presets import RuleSet
from .scoring import GameResult, HandResult


@dataclass(frozen=True)
class Term:
    """One part of a side's points or chips: what it is (``code``), what it adds, and the
    figure its words name besides (the meld that did not count, a player's share).

    Points: ``meld``, ``counters``, ``meld_short`` (meld under the preset's minimum:
    ``detail``), ``not_saved`` (meld and counters of a side that did not save them:
    ``detail``), ``bid_lost`` (−the bid), ``moon_won``, ``moon_lost``, ``every_counter``
    (the side a renege was against), ``reneged`` (a defending side that reneged loses its
    meld: ``detail``), ``meld_under`` (for want of a marriage, meld under the least that
    counts: ``detail``), ``nothing`` (a misdeal, a hand passed out), ``collects``,
    ``pays_each``, ``pays_bidder``, ``paid_by_bidder`` (auction: ``detail`` chips from or
    to each of ``count``), ``points`` (the replay's figure alone).
    Chips (check): ``meld_chips``, ``bid_made``, ``bid_set``, ``all_tricks``, ``game``.
    """

    code: str
    amount: int
    detail: int | None = None
    count: int | None = None


@dataclass(frozen=True)
class SideWhy:
    """One side's part of a hand: its points' terms; in check the chips it earned, their
    terms, and what it kept after each side paid the others (``net``)."""

    points: tuple[Term, ...]
    chips: tuple[Term, ...] = ()
    net: int | None = None


@dataclass(frozen=True)
class Why:
    """A hand explained: its number, outcome, and each side's part."""

    number: int
    outcome: str
    sides: tuple[SideWhy, ...]


def explain(result: GameResult, index: int) -> Why:
    """Hand ``index`` (from 0) of the replayed game ``result``, taken apart."""
    game = result.game
    hand, scored = game.hands[index], result.hands[index]
    points = _points(game, hand, scored)
    sides = []
    for side, terms in enumerate(points):
        if sum(term.amount for term in terms) != scored.points[side]:
            terms = (Term("points", scored.points[side]),)
        sides.append(SideWhy(terms))
    if scored.chips is not None:
        earned = _chips(result, index)
        if earned is not None and net_chips([sum(t.amount for t in e) for e in earned]) == tuple(
            scored.chips
        ):
            sides = [
                SideWhy(side.points, earned[i], scored.chips[i]) for i, side in enumerate(sides)
            ]
        else:
            sides = [SideWhy(side.points, (), scored.chips[i]) for i, side in enumerate(sides)]
    return Why(scored.number, scored.outcome, tuple(sides))


def _points(game: Game, hand: Hand, scored: HandResult) -> list[tuple[Term, ...]]:
    """Each side's terms, as ``hand_score.score_hand`` adds them up."""
    rules = game.rules
    count = rules.sides
    if scored.outcome in (MISDEAL, PASSED_OUT):
        return [(Term("nothing", 0),)] * count
    if rules.is_auction:
        return _auction(game, hand, scored)
    meld = hand.meld or (0,) * count
    bidder = scored.bidder_side
    if scored.outcome == RENEGE:
        return _renege(game, hand, meld, bidder)
    counters = hand.counters
    if bidder is None or hand.bid is None:  # scored without bidding: meld and counters
        counters = counters or (0,) * count
        return [
            (*_meld(rules, m), Term("counters", c)) for m, c in zip(meld, counters, strict=True)
        ]
    short = (
        not hand.thrown_in
        and not hand.no_marriage
        and house_rules.short_of_meld(rules, meld[bidder])
    )
    if not hand.played or short or counters is None:
        return _no_play(game, hand, meld, bidder, hand.bid)
    out = []
    for side, (side_meld, side_counters) in enumerate(zip(meld, counters, strict=True)):
        kept = (*_meld(rules, side_meld), Term("counters", side_counters))
        if side == bidder:
            terms = kept if scored.made else (Term("bid_lost", -hand.bid),)
            terms += _moon(rules, hand, bool(scored.made))
        elif _saves(rules, hand, side, counters):
            terms = kept
        else:
            terms = (Term("not_saved", 0, side_meld + side_counters),)
        out.append(terms)
    return out


def _moon(rules: RuleSet, hand: Hand, shot: bool) -> tuple[Term, ...]:
    """The moon's stake (``shoot_the_moon: points:N``), won or lost; none played for
    the game or not announced."""
    stake = house_rules.moon_stake(rules)
    if not hand.moon or not stake:
        return ()
    return (Term("moon_won", stake),) if shot else (Term("moon_lost", -stake),)


def _meld(rules: RuleSet, meld: int) -> tuple[Term, ...]:
    counted = effective_meld(rules, meld)
    return (Term("meld", counted),) if counted == meld else (Term("meld_short", 0, meld),)


def _no_play(
    game: Game, hand: Hand, meld: Sequence[int], bidder: int, bid: int
) -> list[tuple[Term, ...]]:
    """Thrown in, no marriage, too little meld: the bidders lose the bid, the others
    count their meld (``house_rules.no_play_points``)."""
    rules = game.rules
    least = rules.no_play_meld if hand.no_marriage else 0
    out: list[tuple[Term, ...]] = []
    for side, side_meld in enumerate(meld):
        if side == bidder:
            out.append((Term("bid_lost", -bid),))
        elif effective_meld(rules, side_meld) >= least:
            out.append(_meld(rules, side_meld))
        else:
            out.append((Term("meld_under", 0, side_meld),))
    return out


def _renege(
    game: Game, hand: Hand, meld: Sequence[int], bidder: int | None
) -> list[tuple[Term, ...]]:
    """``house_rules.renege_points`` in terms (and the moon's stake, against a renege)."""
    rules = game.rules
    reneged = hand.renege
    assert reneged is not None
    innocent = [side for side in range(rules.sides) if side != reneged]
    takes_all = innocent[0] if len(innocent) == 1 else bidder
    bid = hand.bid or 0
    made = bidder is not None and reneged != bidder
    out: list[tuple[Term, ...]] = []
    for side, side_meld in enumerate(meld):
        terms: tuple[Term, ...]
        if side == reneged:
            terms = (
                (Term("bid_lost", -bid),) if side == bidder else (Term("reneged", 0, side_meld),)
            )
        elif side == takes_all:
            terms = (*_meld(rules, side_meld), Term("every_counter", rules.counters.total))
        else:
            terms = _meld(rules, side_meld)
        if side == bidder:
            terms += _moon(rules, hand, made)
        out.append(terms)
    return out


def _auction(game: Game, hand: Hand, scored: HandResult) -> list[tuple[Term, ...]]:
    """Auction pinochle (``auction.settle``): the bidder collects from, or pays, each
    opponent (and the kitty when it takes part) the hand's value."""
    rules = game.rules
    bidder, bid = scored.bidder_side, hand.bid
    if bidder is None or bid is None:
        return [(Term("points", p),) for p in scored.points]
    betes = BETES[scored.outcome]
    each = hand_value(rules, bid, hand.trump, betes)
    payers = rules.sides - 1 + kitty_takes_part(rules, bid, betes)
    made = betes == MADE_BETES
    out: list[tuple[Term, ...]] = []
    for side in range(rules.sides):
        if side == bidder:
            code, amount = ("collects", each * payers) if made else ("pays_each", -each * payers)
            out.append((Term(code, amount, each, payers),))
        else:
            code, amount = ("pays_bidder", -each) if made else ("paid_by_bidder", each)
            out.append((Term(code, amount, each),))
    return out


def _chips(result: GameResult, index: int) -> list[tuple[Term, ...]] | None:
    """Check pinochle: the chips each side earned in the hand, before paying each other
    (``hand_score._earned_chips``, and the game's chips in the hand that ends the race)."""
    game = result.game
    rules = game.rules
    table = rules.chip_table
    hand, scored = game.hands[index], result.hands[index]
    if table is None:
        return None
    count = rules.sides
    earned: list[list[Term]] = [[] for _ in range(count)]
    bidder = scored.bidder_side
    if bidder is not None and hand.bid is not None:
        if hand.meld_chips is not None:
            meld_chips: Sequence[int | None] = hand.meld_chips
        else:
            meld_chips = verify_meld_cards(game, hand, scored.number, bidder)[1]
        paid = bid_chips(hand.bid, table)
        for side in range(count):
            if meld_chips[side]:
                earned[side].append(Term("meld_chips", meld_chips[side] or 0))
            if scored.made and side == bidder:
                earned[side].append(Term("bid_made", paid))
            elif not scored.made and side != bidder and side != hand.renege:
                earned[side].append(Term("bid_set", table.set_factor * paid))
        if hand.all_tricks is not None:
            earned[hand.all_tricks].append(Term("all_tricks", table.all_tricks))
    if index == len(result.hands) - 1 and result.went_out is not None:
        winner = result.went_out
        losers = [total for side, total in enumerate(scored.totals) if side != winner]
        earned[winner].append(Term("game", game_chips(scored.totals[winner], losers, table)))
    return [tuple(terms) for terms in earned]


__all__ = ["SideWhy", "Term", "Why", "explain"]

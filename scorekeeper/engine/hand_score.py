"""One hand scored on its own (rules.md §2–§5): its outcome, points and chips (``score_hand``),
and the single rules the app asks first: each ``verify_*`` raises with the reason, each
``can_*`` answers yes or no, so a refusal has one message, written once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import house_rules
from .auction import DOUBLE_BETE, MADE_BETES, SINGLE_BETE, settle, verify_auction_hand
from .auction import FIELDS as AUCTION_FIELDS
from .checks import (
    effective_meld,
    recorded_fields,
    verify_bidder,
    verify_counters,
    verify_flags,
    verify_meld,
    verify_meld_cards,
    verify_meld_chips,
)
from .chips import bid_chips
from .errors import GameError, Notice
from .game import Game, Hand
from .meld import max_player_meld
from .presets import OFF, RuleSet

MADE = "made"
SET = "set"
THROWN_IN = "thrown_in"
PASSED_OUT = "passed_out"
SCORED = "scored"
# house rules (rules.md §7): a misdeal (nothing scored, the deal stays); a renege (the
# side that reneged is set); the bidders shot the moon (took every trick, as announced)
MISDEAL = "misdeal"
RENEGE = "renege"
MOON = "moon"
OUTCOMES = (MADE, SET, THROWN_IN, PASSED_OUT, SCORED, MISDEAL, RENEGE, MOON)
# hands that are not scored hands (``game_end: hands:N`` counts the others)
UNSCORED = frozenset({PASSED_OUT, MISDEAL})
# auction pinochle: how many times the bidder pays the bid's value for each outcome
BETES = {MADE: MADE_BETES, THROWN_IN: SINGLE_BETE, SET: DOUBLE_BETE}


@dataclass(frozen=True)
class HandScore:
    """One hand scored on its own: points per side and the chips each side earned."""

    outcome: str
    points: tuple[int, ...]
    bidder_side: int | None = None
    earned_chips: tuple[int, ...] | None = None
    notices: tuple[Notice, ...] = ()
    # whether the bidders made their bid (None where nobody bid: passed out, misdealt,
    # no bidding); a renege by the defenders makes it, whatever the outcome's name
    made: bool | None = None
    # whether the moon announced was shot (None where none was announced)
    moon_shot: bool | None = None
    meld_from_cards: tuple[int | None, ...] = ()  # as on HandResult
    kitty: int | None = None  # auction pinochle: the kitty's chips in the hand

    @property
    def scored(self) -> bool:
        """Whether the hand is a scored hand (not passed out, not misdealt)."""
        return self.outcome not in UNSCORED


# --- single rules, for the app to ask before it records -------------------------------


def dropped_meld(rules: RuleSet, meld: int) -> int:
    """The meld of a side that does not count: all of it below the preset's minimum.

    >>> from .presets import PRESETS
    >>> dropped_meld(PRESETS["double-deck"], 12), dropped_meld(PRESETS["double-deck"], 20)
    (12, 0)
    """
    return meld - effective_meld(rules, meld)


def verify_bid(rules: RuleSet, bid: int | None, hand: int) -> int:
    """The bid, once it is at least the minimum and on the bid steps."""
    if bid is None:
        raise GameError("hand_missing", hand=hand, field="bid")
    if bid < rules.min_bid:
        raise GameError("bid_below_minimum", hand=hand, bid=bid, minimum=rules.min_bid)
    if bid > max_bid(rules):
        raise GameError("bid_too_large", hand=hand, bid=bid, maximum=max_bid(rules))
    if not rules.is_bid_on_steps(bid):
        raise GameError(
            "bid_off_step",
            hand=hand,
            bid=bid,
            lower=rules.previous_bid(bid),
            higher=rules.next_bid(bid),
        )
    return bid


def can_bid(rules: RuleSet, bid: int) -> bool:
    return rules.bidding and rules.min_bid <= bid <= max_bid(rules) and rules.is_bid_on_steps(bid)


def max_bid(rules: RuleSet) -> int:
    """The largest bid a side could make: its best meld and every counter."""
    return rules.players_per_side * max_player_meld(rules) + rules.counters.total


def applicable_fields(rules: RuleSet) -> frozenset[str]:
    """The optional fields a hand may record under ``rules`` (what a form offers).

    >>> from .rules import ruleset
    >>> sorted(applicable_fields(ruleset("partnership", {"shoot_the_moon": "game"}))
    ...        - applicable_fields(ruleset("partnership")))
    ['moon']
    """
    if rules.is_auction:  # bidder, bid, trump or conceded, the result (rules.md §8)
        fields = set(AUCTION_FIELDS) | {"misdeal", "time_called"}
        return frozenset(fields | ({"passed_out"} if rules.all_pass == "redeal" else set()))
    fields = {"trump", "meld", "counters", "meld_cards", "renege", "misdeal", "time_called"}
    if rules.bidding:
        fields |= {"bidder", "bid"}
        if rules.throw_in != "never":
            fields.add("thrown_in")
        if rules.all_pass == "redeal":
            fields.add("passed_out")
        if rules.save_meld == "any_trick":
            fields.add("took_trick")
        if rules.trump_marriage == "forfeit":
            fields.add("no_marriage")
        if rules.shoot_the_moon != OFF:
            fields.add("moon")
    if rules.chip_table is not None:
        fields |= {"all_tricks", "meld_chips"}
    return frozenset(fields)


def fill_counters(rules: RuleSet, entered: Sequence[int | None]) -> tuple[int, ...]:
    """Counters per side with the one side left empty given the rest of the hand.

    >>> from .presets import PRESETS
    >>> fill_counters(PRESETS["partnership"], [170, None])
    (170, 80)
    >>> fill_counters(PRESETS["cutthroat"], [100, None, 50])
    (100, 100, 50)
    """
    missing = [side for side, value in enumerate(entered) if value is None]
    given = sum(value for value in entered if value is not None)
    if len(missing) != 1:
        return tuple(value or 0 for value in entered)
    rest = max(0, rules.counters.total - given)
    return tuple(rest if value is None else value for value in entered)


def verify_throw_in(rules: RuleSet, bid: int, bidders_meld: int, hand: int) -> None:
    """Refuse a throw-in that the ``throw_in`` option forbids for this bid and meld."""
    if rules.throw_in == "never" or not rules.bidding:
        raise GameError("throw_in_never", hand=hand)
    total = rules.counters.total
    if rules.throw_in == "when_impossible" and bid <= effective_meld(rules, bidders_meld) + total:
        raise GameError("throw_in_not_allowed", hand=hand, bid=bid, total=total, meld=bidders_meld)


def throw_in_needs_meld(rules: RuleSet) -> bool:
    """Whether a throw-in is decided by the bidders' meld (``throw_in: when_impossible``):
    a thrown-in hand then records it, and a blank is asked for, not read as 0.

    >>> from .presets import PRESETS
    >>> throw_in_needs_meld(PRESETS["partnership"]), throw_in_needs_meld(PRESETS["cutthroat"])
    (True, False)
    """
    return rules.bidding and rules.throw_in == "when_impossible"


def can_throw_in(rules: RuleSet, bid: int, bidders_meld: int) -> bool:
    """Whether the bidders may concede with this bid and meld (to offer the button).

    >>> from .presets import PRESETS
    >>> can_throw_in(PRESETS["partnership"], 330, 60), can_throw_in(PRESETS["partnership"], 300, 70)
    (True, False)
    """
    try:
        verify_throw_in(rules, bid, bidders_meld, hand=0)
    except GameError:
        return False
    return True


def counters_needed(rules: RuleSet, bid: int, bidders_meld: int) -> int:
    """Counters the bidders still need to make ``bid`` ("need 130 of 250 counters").

    More than ``rules.counters.total`` means they cannot make it.

    >>> from .presets import PRESETS
    >>> rules = PRESETS["partnership"]
    >>> counters_needed(rules, 300, 170), counters_needed(rules, 250, 400)
    (130, 10)
    """
    needed = max(0, bid - effective_meld(rules, bidders_meld))
    if rules.bidder_without_tricks == "set":
        needed = max(needed, rules.save_counters or 0)
    return needed


# --- one hand --------------------------------------------------------------------


def score_hand(game: Game, hand: Hand, number: int) -> HandScore:
    """Score hand ``number`` of ``game`` on its own (the race is the replay's)."""
    rules = game.rules
    if hand.misdeal:
        house_rules.verify_misdeal(game, hand, number)
        return HandScore(MISDEAL, (0,) * rules.sides, earned_chips=_no_chips(rules))
    if hand.passed_out:
        _verify_passed_out(game, hand, number)
        return HandScore(PASSED_OUT, (0,) * rules.sides, earned_chips=_no_chips(rules))
    if not rules.bidding:
        return _score_without_bidding(game, hand, number)
    if rules.is_auction:
        return _score_auction_hand(game, hand, number)
    return _score_bid_hand(game, hand, number)


def _score_auction_hand(game: Game, hand: Hand, number: int) -> HandScore:
    """Auction pinochle: the hand's chips per player and the kitty's (auction.py)."""
    bidder_side = verify_bidder(game, hand, number)
    bid = verify_bid(game.rules, hand.bid, number)
    verify_auction_hand(game, hand, number)
    outcome = THROWN_IN if hand.thrown_in else MADE if hand.made else SET
    paid = settle(game.rules, bid, hand.trump, BETES[outcome], bidder_side)
    return HandScore(outcome, paid.players, bidder_side, made=outcome == MADE, kitty=paid.kitty)


def _no_chips(rules: RuleSet) -> tuple[int, ...] | None:
    return (0,) * rules.sides if rules.chip_table else None


def _verify_passed_out(game: Game, hand: Hand, number: int) -> None:
    rules = game.rules
    if not rules.bidding:
        raise GameError("passed_out_no_bidding", hand=number, ruleset=rules.name)
    if rules.all_pass == "dealer_stuck":
        raise GameError("passed_out_not_allowed", hand=number, minimum=rules.min_bid)
    alone = ("passed_out", "time_called")  # time can be called during any deal
    extra = [name for name, value in recorded_fields(hand) if name not in alone and value]
    if extra:
        raise GameError("passed_out_fields", hand=number, fields=", ".join(extra))


def _score_without_bidding(game: Game, hand: Hand, number: int) -> HandScore:
    rules = game.rules
    allowed = applicable_fields(rules) | {"passed_out"}
    for name, value in recorded_fields(hand):
        if value and name not in allowed:
            raise GameError("hand_not_applicable", hand=number, field=name, ruleset=rules.name)
    house_rules.verify_renege_and_moon(game, hand, number)
    meld = verify_meld(game, hand, number)
    notices, _, from_cards = verify_meld_cards(game, hand, number, None)
    if hand.renege is not None:
        points, _ = house_rules.renege_points(rules, hand.renege, None, 0, meld)
        return HandScore(RENEGE, points, notices=notices, meld_from_cards=from_cards)
    counters = verify_counters(game, hand, number)
    points = tuple(m + c for m, c in zip(meld, counters, strict=True))
    return HandScore(SCORED, points, notices=notices, meld_from_cards=from_cards)


def _score_bid_hand(game: Game, hand: Hand, number: int) -> HandScore:
    rules = game.rules
    if hand.made is not None:  # auction pinochle's alone (_score_auction_hand)
        raise GameError("hand_not_applicable", hand=number, field="made", ruleset=rules.name)
    bidder_side = verify_bidder(game, hand, number)
    bid = verify_bid(rules, hand.bid, number)
    meld = verify_meld(game, hand, number)
    if hand.renege is not None or hand.moon:
        house_rules.verify_renege_and_moon(game, hand, number)
    verify_flags(game, hand, number)
    notices, card_chips, from_cards = verify_meld_cards(game, hand, number, bidder_side)
    bidders_meld = meld[bidder_side]
    if hand.thrown_in:
        verify_throw_in(rules, bid, bidders_meld, number)
    short = rules.meld_to_play is not None and house_rules.verify_short_of_meld(
        rules, hand, number, bidders_meld
    )
    moon: bool | None = None
    if hand.renege is not None:
        points, made = house_rules.renege_points(rules, hand.renege, bidder_side, bid, meld)
        outcome = RENEGE
        if hand.moon:  # a renege against the moon shoots it; the bidders' own fails it
            moon = made
            points = _with_moon(rules, points, bidder_side, made)
    elif hand.played and not short:
        counters = verify_counters(game, hand, number)
        saved = [_saves(rules, hand, side, counters) for side in range(rules.sides)]
        made = (saved[bidder_side] or rules.bidder_without_tricks == "score") and (
            effective_meld(rules, bidders_meld) + counters[bidder_side] >= bid
        )
        if hand.moon:  # announced: made only by taking every trick
            made = moon = made and house_rules.moon_shot(rules, hand, bidder_side, counters)
            outcome = MOON if moon else SET
        else:
            outcome = MADE if made else SET
        points = tuple(
            _played_points(rules, side == bidder_side, made, saved[side], bid, m, c)
            for side, (m, c) in enumerate(zip(meld, counters, strict=True))
        )
        if hand.moon:
            points = _with_moon(rules, points, bidder_side, made)
    else:
        made = False
        outcome = THROWN_IN if hand.thrown_in else SET
        points = house_rules.no_play_points(rules, bidder_side, bid, meld, hand.no_marriage)
    chips = _earned_chips(game, hand, number, made, bidder_side, card_chips)
    return HandScore(outcome, points, bidder_side, chips, notices, made, moon, from_cards)


def _with_moon(
    rules: RuleSet, points: tuple[int, ...], bidder_side: int, shot: bool
) -> tuple[int, ...]:
    """The bidders' points with the moon's stake (``points:N``) won or lost."""
    stake = house_rules.moon_stake(rules) * (1 if shot else -1)
    return tuple(p + stake if side == bidder_side else p for side, p in enumerate(points))


def _played_points(
    rules: RuleSet, bidders: bool, made: bool, saved: bool, bid: int, meld: int, counters: int
) -> int:
    if bidders:
        return effective_meld(rules, meld) + counters if made else -bid
    return effective_meld(rules, meld) + counters if saved else 0


def _saves(rules: RuleSet, hand: Hand, side: int, counters: Sequence[int]) -> bool:
    """Whether a side keeps its meld (and its counters): the ``save_meld`` option."""
    needed = rules.save_counters
    if needed is not None:
        return counters[side] >= needed
    if hand.took_trick is not None:
        return hand.took_trick[side]
    return counters[side] > 0


def _earned_chips(
    game: Game,
    hand: Hand,
    number: int,
    made: bool,
    bidder_side: int,
    card_chips: list[int | None],
) -> tuple[int, ...] | None:
    """Chips each side earned in the hand, before paying each other (check only)."""
    rules = game.rules
    table = rules.chip_table
    if table is None:
        return None
    earned = [
        hand.meld_chips[side] if hand.meld_chips is not None else (card_chips[side] or 0)
        for side in range(rules.sides)
    ]
    if hand.meld_chips is not None:
        verify_meld_chips(game, hand, number, card_chips)
    assert hand.bid is not None
    paid = bid_chips(hand.bid, table)
    for side in range(rules.sides):
        if made and side == bidder_side:
            earned[side] += paid
        elif not made and side != bidder_side and side != hand.renege:
            earned[side] += table.set_factor * paid
    if hand.all_tricks is not None:
        earned[hand.all_tricks] += table.all_tricks
    return tuple(earned)


__all__ = [
    "BETES",
    "MADE",
    "MISDEAL",
    "MOON",
    "OUTCOMES",
    "PASSED_OUT",
    "RENEGE",
    "SCORED",
    "SET",
    "THROWN_IN",
    "UNSCORED",
    "HandScore",
    "applicable_fields",
    "can_bid",
    "can_throw_in",
    "counters_needed",
    "dropped_meld",
    "fill_counters",
    "max_bid",
    "score_hand",
    "throw_in_needs_meld",
    "verify_bid",
    "verify_throw_in",
]

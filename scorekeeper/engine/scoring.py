"""Scoring a hand and replaying a game (rules.md §2–§5).

Each rule has a ``verify_*`` that raises with the reason and, where the app
needs to ask first (to enable a button), a ``can_*`` that answers yes or no.
``score_hand`` and ``replay`` call the ``verify_*`` functions, so a refusal has
one message, written once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .auction import DOUBLE_BETE, MADE_BETES, SINGLE_BETE, settle, verify_auction_hand
from .auction import FIELDS as AUCTION_FIELDS
from .cards import DISTINCT_CARDS, Card, card_counts
from .chips import bid_chips, game_chips, net_chips
from .errors import GameError, Notice
from .game import Game, Hand
from .meld import best_meld, check_hand, holds_marriage, max_player_meld
from .rules import RuleSet

MADE = "made"
SET = "set"
THROWN_IN = "thrown_in"
PASSED_OUT = "passed_out"
SCORED = "scored"
OUTCOMES = (MADE, SET, THROWN_IN, PASSED_OUT, SCORED)
DRAW = "draw"
# auction pinochle: how many times the bidder pays the bid's value for each outcome
BETES = {MADE: MADE_BETES, THROWN_IN: SINGLE_BETE, SET: DOUBLE_BETE}
# chips one side can be paid for the meld of a hand (two players, each with two
# roundhouses, a double run, all eight aces and more): a generous bound
MAX_MELD_CHIPS = 50


@dataclass(frozen=True)
class HandScore:
    """One hand scored on its own: points per side and the chips each side earned."""

    outcome: str
    points: tuple[int, ...]
    bidder_side: int | None = None
    earned_chips: tuple[int, ...] | None = None
    notices: tuple[Notice, ...] = ()
    kitty: int | None = None  # auction pinochle: the kitty's chips in the hand


@dataclass(frozen=True)
class HandResult:
    """One hand within its game: who dealt, what it scored, the totals after it."""

    number: int
    dealer: str
    outcome: str
    points: tuple[int, ...]
    totals: tuple[int, ...]
    chips: tuple[int, ...] | None = None
    bidder_side: int | None = None
    notices: tuple[Notice, ...] = ()
    # per side, the meld declared that did not count for being under the preset's
    # minimum (double deck: 20), 0 where it all counted: "12+20 -> +20" is the rule
    dropped_meld: tuple[int, ...] = ()
    # auction pinochle (its points are chips): the kitty's chips in the hand, and its
    # balance after it; None where the game has no kitty
    kitty: int | None = None
    kitty_total: int | None = None

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "number": self.number,
            "dealer": self.dealer,
            "outcome": self.outcome,
            "points": list(self.points),
            "totals": list(self.totals),
        }
        if self.chips is not None:
            out["chips"] = list(self.chips)
        if self.kitty is not None:
            out["kitty"] = self.kitty
        return out


@dataclass(frozen=True)
class GameResult:
    """A replayed game: every hand, the totals, and who won (game-format.md §2)."""

    game: Game
    hands: tuple[HandResult, ...]
    totals: tuple[int, ...]
    target: int
    went_out: int | None
    winner: int | str | None
    chips: tuple[int, ...] | None
    # auction pinochle: the kitty's balance (None in a game without a kitty)
    kitty: int | None = None

    @property
    def finished(self) -> bool:
        return self.went_out is not None

    @property
    def notices(self) -> tuple[Notice, ...]:
        return tuple(notice for hand in self.hands for notice in hand.notices)

    @property
    def dropped_meld_rule(self) -> Notice | None:
        """The rule that dropped a meld in some hand, as a sentence; None if none did."""
        if not any(any(hand.dropped_meld) for hand in self.hands):
            return None
        return Notice("meld_under_minimum", minimum=self.game.rules.min_meld)

    @property
    def next_dealer(self) -> str:
        return self.game.dealer(len(self.hands))

    @property
    def next_first_bidder(self) -> str:
        return self.game.first_bidder(len(self.hands))

    def as_dict(self) -> dict[str, object]:
        """The document ``scorekeeper score --json`` prints (auction pinochle: no target,
        its points and totals are chips, and the kitty's balance when it has one)."""
        auction = self.game.rules.is_auction
        out: dict[str, object] = {
            "ruleset": self.game.rules.name,
            "target": None if auction else self.target,
            "hands": [hand.as_dict() for hand in self.hands],
            "totals": list(self.totals),
            "finished": self.finished,
            "went_out": self.went_out,
            "winner": self.winner,
            "chips": None if self.chips is None else list(self.chips),
        }
        if auction:
            out["kitty"] = self.kitty
        return out


# --- single rules, for the app to ask before it records -------------------------------


def effective_meld(rules: RuleSet, meld: int) -> int:
    """A side's meld as it counts: nothing below the preset's minimum (double deck: 20)."""
    return meld if meld >= rules.min_meld else 0


def dropped_meld(rules: RuleSet, meld: int) -> int:
    """The meld of a side that does not count: all of it below the preset's minimum.

    >>> from .rules import PRESETS
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
    """The optional fields a hand may record under ``rules`` (what a form offers)."""
    if rules.is_auction:
        return AUCTION_FIELDS | ({"passed_out"} if rules.all_pass == "redeal" else set())
    fields = {"trump", "meld", "counters", "meld_cards"}
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
    if rules.chip_table is not None:
        fields |= {"all_tricks", "meld_chips"}
    return frozenset(fields)


def fill_counters(rules: RuleSet, entered: Sequence[int | None]) -> tuple[int, ...]:
    """Counters per side with the one side left empty given the rest of the hand.

    >>> from .rules import PRESETS
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


def can_throw_in(rules: RuleSet, bid: int, bidders_meld: int) -> bool:
    """Whether the bidders may concede with this bid and meld (to offer the button).

    >>> from .rules import PRESETS
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

    >>> from .rules import PRESETS
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
    bidder_side = _verify_bidder(game, hand, number)
    bid = verify_bid(game.rules, hand.bid, number)
    verify_auction_hand(game, hand, number)
    outcome = THROWN_IN if hand.thrown_in else MADE if hand.made else SET
    paid = settle(game.rules, bid, hand.trump, BETES[outcome], bidder_side)
    return HandScore(outcome, paid.players, bidder_side, kitty=paid.kitty)


def _no_chips(rules: RuleSet) -> tuple[int, ...] | None:
    return (0,) * rules.sides if rules.chip_table else None


def _verify_passed_out(game: Game, hand: Hand, number: int) -> None:
    rules = game.rules
    if not rules.bidding:
        raise GameError("passed_out_no_bidding", hand=number, ruleset=rules.name)
    if rules.all_pass == "dealer_stuck":
        raise GameError("passed_out_not_allowed", hand=number, minimum=rules.min_bid)
    extra = [name for name, value in _recorded_fields(hand) if name != "passed_out" and value]
    if extra:
        raise GameError("passed_out_fields", hand=number, fields=", ".join(extra))


def _recorded_fields(hand: Hand) -> list[tuple[str, object]]:
    return [
        ("bidder", hand.bidder),
        ("bid", hand.bid),
        ("trump", hand.trump),
        ("meld", hand.meld),
        ("counters", hand.counters),
        ("thrown_in", hand.thrown_in),
        ("passed_out", hand.passed_out),
        ("no_marriage", hand.no_marriage),
        ("took_trick", hand.took_trick),
        ("all_tricks", hand.all_tricks is not None),
        ("meld_chips", hand.meld_chips),
        ("meld_cards", hand.meld_cards),
        ("made", hand.made is not None),
    ]


def _score_without_bidding(game: Game, hand: Hand, number: int) -> HandScore:
    rules = game.rules
    allowed = applicable_fields(rules) | {"passed_out"}
    for name, value in _recorded_fields(hand):
        if value and name not in allowed:
            raise GameError("hand_not_applicable", hand=number, field=name, ruleset=rules.name)
    meld = _verify_meld(game, hand, number)
    notices, _ = _verify_meld_cards(game, hand, number, None)
    counters = _verify_counters(game, hand, number)
    points = tuple(m + c for m, c in zip(meld, counters, strict=True))
    return HandScore(SCORED, points, notices=notices)


def _score_bid_hand(game: Game, hand: Hand, number: int) -> HandScore:
    rules = game.rules
    if hand.made is not None:  # auction pinochle's alone (_score_auction_hand)
        raise GameError("hand_not_applicable", hand=number, field="made", ruleset=rules.name)
    bidder_side = _verify_bidder(game, hand, number)
    bid = verify_bid(rules, hand.bid, number)
    meld = _verify_meld(game, hand, number)
    _verify_flags(game, hand, number)
    notices, card_chips = _verify_meld_cards(game, hand, number, bidder_side)
    bidders_meld = meld[bidder_side]
    if hand.thrown_in:
        verify_throw_in(rules, bid, bidders_meld, number)
    if hand.played:
        counters = _verify_counters(game, hand, number)
        saved = [_saves(rules, hand, side, counters) for side in range(rules.sides)]
        made = (saved[bidder_side] or rules.bidder_without_tricks == "score") and (
            effective_meld(rules, bidders_meld) + counters[bidder_side] >= bid
        )
        outcome = MADE if made else SET
        points = tuple(
            _played_points(rules, side == bidder_side, made, saved[side], bid, m, c)
            for side, (m, c) in enumerate(zip(meld, counters, strict=True))
        )
    else:
        outcome = THROWN_IN if hand.thrown_in else SET
        points = tuple(
            -bid if side == bidder_side else effective_meld(rules, meld[side])
            for side in range(rules.sides)
        )
    chips = _earned_chips(game, hand, number, outcome, bidder_side, card_chips)
    return HandScore(outcome, points, bidder_side, chips, notices)


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


def _verify_bidder(game: Game, hand: Hand, number: int) -> int:
    if hand.bidder is None:
        raise GameError("hand_missing", hand=number, field="bidder")
    side = game.side_of.get(hand.bidder)
    if side is None:
        raise GameError("bidder_unknown", hand=number, bidder=hand.bidder)
    return side


def _verify_per_side(game: Game, values: Sequence[object] | None, field: str, number: int) -> None:
    if values is None:
        raise GameError("hand_missing", hand=number, field=field)
    if len(values) != game.rules.sides:
        raise GameError(
            "hand_values_count",
            hand=number,
            field=field,
            got=len(values),
            expected=game.rules.sides,
        )


def _verify_meld(game: Game, hand: Hand, number: int) -> tuple[int, ...]:
    rules = game.rules
    _verify_per_side(game, hand.meld, "meld", number)
    assert hand.meld is not None
    unit = rules.meld_table.unit
    per_player = max_player_meld(rules)
    limit = rules.players_per_side * per_player
    for side, meld in zip(game.sides, hand.meld, strict=True):
        if meld < 0:
            raise GameError("meld_negative", hand=number, side=side.name, got=meld)
        if meld % unit:
            raise GameError("meld_off_unit", hand=number, side=side.name, got=meld, unit=unit)
        if meld > limit:
            raise GameError(
                "meld_too_large",
                hand=number,
                side=side.name,
                got=meld,
                per_player=per_player,
                limit=limit,
            )
    return hand.meld


def _verify_counters(game: Game, hand: Hand, number: int) -> tuple[int, ...]:
    rules = game.rules
    _verify_per_side(game, hand.counters, "counters", number)
    assert hand.counters is not None
    unit, total = rules.counters.unit, rules.counters.total
    for got in hand.counters:
        if got < 0:
            raise GameError("counters_negative", hand=number, got=got)
        if got % unit:
            raise GameError("counters_off_unit", hand=number, got=got, unit=unit)
    if sum(hand.counters) != total:
        raise GameError(
            "counters_sum",
            hand=number,
            counters=" + ".join(str(c) for c in hand.counters),
            got=sum(hand.counters),
            expected=total,
        )
    if hand.took_trick is not None:
        for side, (took, got) in enumerate(zip(hand.took_trick, hand.counters, strict=True)):
            if got > 0 and not took:
                raise GameError(
                    "took_trick_contradiction",
                    hand=number,
                    side=game.sides[side].name,
                    counters=got,
                )
    if hand.all_tricks is not None and hand.counters[hand.all_tricks] != total:
        raise GameError(
            "all_tricks_counters",
            hand=number,
            side=game.sides[hand.all_tricks].name,
            total=total,
            got=hand.counters[hand.all_tricks],
        )
    return hand.counters


def _verify_flags(game: Game, hand: Hand, number: int) -> None:
    rules = game.rules
    if hand.thrown_in and hand.no_marriage:
        raise GameError("hand_conflict", hand=number, first="thrown_in", second="no_marriage")
    if hand.no_marriage and rules.trump_marriage != "forfeit":
        raise GameError("no_marriage_not_applicable", hand=number)
    if not hand.played and hand.counters is not None:
        kind = "thrown-in" if hand.thrown_in else "no-marriage"
        raise GameError("counters_not_played", hand=number, kind=kind)
    if hand.took_trick is not None:
        if rules.save_meld != "any_trick":
            raise GameError("took_trick_not_applicable", hand=number)
        _verify_per_side(game, hand.took_trick, "took_trick", number)
    if hand.all_tricks is not None:
        if rules.chip_table is None:
            raise GameError(
                "hand_not_applicable", hand=number, field="all_tricks", ruleset=rules.name
            )
        if not 0 <= hand.all_tricks < rules.sides:
            raise GameError("all_tricks_side", hand=number, last=rules.sides - 1)
        if not hand.played:
            raise GameError("hand_conflict", hand=number, first="thrown_in", second="all_tricks")
    if hand.meld_chips is not None:
        if rules.chip_table is None:
            raise GameError(
                "hand_not_applicable", hand=number, field="meld_chips", ruleset=rules.name
            )
        _verify_per_side(game, hand.meld_chips, "meld_chips", number)


def _verify_meld_cards(
    game: Game, hand: Hand, number: int, bidder_side: int | None
) -> tuple[tuple[Notice, ...], list[int | None]]:
    """Check the declared meld against the cards shown; return notices and cards' chips.

    The chips are per side: the sum over the players who showed cards, or None
    for a side where nobody did.
    """
    rules = game.rules
    chips: list[int | None] = [None] * rules.sides
    if not hand.meld_cards:
        return (), chips
    if hand.trump is None:
        raise GameError("meld_cards_trump", hand=number)
    shown = hand.cards_of()
    notices = _verify_shown_cards(game, shown, number)
    made: list[int | None] = [0] * rules.sides
    for side_index, side in enumerate(game.sides):
        for player in side.players:
            cards = shown.get(player)
            if cards is None:
                made[side_index] = None
                continue
            result = best_meld(cards, hand.trump, rules)
            if made[side_index] is not None:
                made[side_index] = (made[side_index] or 0) + result.total
            if result.chips is not None:
                chips[side_index] = (chips[side_index] or 0) + result.chips
    if hand.bidder is not None and hand.bidder in shown:
        _verify_trump_marriage(game, hand, number, shown[hand.bidder])
    assert hand.meld is not None
    for side_index, side in enumerate(game.sides):
        declared, cards_make = hand.meld[side_index], made[side_index]
        if cards_make is None:
            continue
        if declared > cards_make:
            raise GameError(
                "meld_cards_disagree", hand=number, side=side.name, got=declared, made=cards_make
            )
        if declared < cards_make:
            notices.append(
                Notice(
                    "meld_cards_under",
                    hand=number,
                    side=side.name,
                    got=declared,
                    made=cards_make,
                    missed=cards_make - declared,
                )
            )
    return tuple(notices), chips


def _verify_shown_cards(
    game: Game, shown: dict[str, tuple[Card, ...]], number: int
) -> list[Notice]:
    """Each player's cards must be a hand they could hold; across players, a card
    shown more often than the deck has is only noticed (a slip when copying cards)."""
    rules = game.rules
    every_card: list[Card] = []
    for player, cards in shown.items():
        if player not in game.side_of:
            raise GameError("meld_cards_player", hand=number, player=player)
        check_hand(cards, rules)
        every_card.extend(cards)
    copies = rules.meld_table.deck.copies
    counts = card_counts(every_card)
    return [
        Notice(
            "meld_cards_copies",
            hand=number,
            card=str(card),
            count=counts[card.index],
            copies=copies,
        )
        for card in DISTINCT_CARDS
        if counts[card.index] > copies
    ]


def _verify_trump_marriage(game: Game, hand: Hand, number: int, cards: Sequence[Card]) -> None:
    rules = game.rules
    assert hand.trump is not None
    holds = holds_marriage(cards, hand.trump)
    values = {"hand": number, "bidder": hand.bidder, "trump": hand.trump.symbol}
    if rules.trump_marriage == "required" and not holds:
        raise GameError("trump_without_marriage", ruleset=rules.name, **values)
    if rules.trump_marriage == "forfeit":
        if hand.no_marriage and holds:
            raise GameError("no_marriage_has_marriage", **values)
        if not hand.no_marriage and not holds:
            raise GameError("no_marriage_needed", **values)


def _earned_chips(
    game: Game,
    hand: Hand,
    number: int,
    outcome: str,
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
        _verify_meld_chips(game, hand, number, card_chips)
    assert hand.bid is not None
    paid = bid_chips(hand.bid, table)
    for side in range(rules.sides):
        if outcome == MADE and side == bidder_side:
            earned[side] += paid
        elif outcome != MADE and side != bidder_side:
            earned[side] += table.set_factor * paid
    if hand.all_tricks is not None:
        earned[hand.all_tricks] += table.all_tricks
    return tuple(earned)


def _verify_meld_chips(game: Game, hand: Hand, number: int, card_chips: list[int | None]) -> None:
    assert hand.meld_chips is not None
    shown = hand.cards_of()
    for side_index, side in enumerate(game.sides):
        declared = hand.meld_chips[side_index]
        if declared < 0:
            raise GameError("meld_chips_negative", hand=number, side=side.name, got=declared)
        if declared > MAX_MELD_CHIPS:
            raise GameError(
                "meld_chips_too_large",
                hand=number,
                side=side.name,
                got=declared,
                limit=MAX_MELD_CHIPS,
            )
        every_player_showed = all(player in shown for player in side.players)
        made = card_chips[side_index]
        if every_player_showed and made is not None and declared != made:
            raise GameError(
                "meld_chips_disagree", hand=number, side=side.name, got=declared, made=made
            )


# --- the whole game ------------------------------------------------------------------


def race_winner(
    rules: RuleSet, totals: Sequence[int], bidder_side: int | None, target: int
) -> tuple[int | None, int]:
    """Who won the points race after a hand, and the target from then on.

    Sides at or over the target are in; with ``both_reach_target: bidders_win``
    the bidders win if they are in; otherwise the higher total wins, and a tie
    at the top plays on with the target raised by one hand's counters. Auction
    pinochle has no race.
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


def replay(game: Game) -> GameResult:
    """Replay every hand: running totals, outcomes, dealers, the race, the winner, chips.

    Raises ``GameError`` naming the first hand that breaks a rule.
    """
    rules = game.rules
    table = rules.chip_table
    totals = (0,) * rules.sides
    chip_totals: tuple[int, ...] | None = (0,) * rules.sides if table else None
    kitty: int | None = 0 if rules.is_auction and rules.kitty != "off" else None
    target = rules.target
    went_out: int | None = None
    results: list[HandResult] = []
    for index, hand in enumerate(game.hands):
        number = index + 1
        if went_out is not None:
            raise GameError("hand_after_end", hand=number, ended=index)
        score = score_hand(game, hand, number)
        totals = tuple(t + p for t, p in zip(totals, score.points, strict=True))
        went_out, target = race_winner(rules, totals, score.bidder_side, target)
        chips = None
        if table is not None and chip_totals is not None and score.earned_chips is not None:
            earned = list(score.earned_chips)
            if went_out is not None:
                losers = [t for side, t in enumerate(totals) if side != went_out]
                earned[went_out] += game_chips(totals[went_out], losers, table)
            chips = net_chips(earned)
            chip_totals = tuple(t + c for t, c in zip(chip_totals, chips, strict=True))
        if kitty is not None:
            kitty += score.kitty or 0
        results.append(
            HandResult(
                number,
                game.dealer(index),
                score.outcome,
                score.points,
                totals,
                chips,
                score.bidder_side,
                score.notices,
                tuple(dropped_meld(rules, meld) for meld in hand.meld or (0,) * rules.sides),
                None if kitty is None else score.kitty or 0,
                kitty,
            )
        )
    return GameResult(
        game,
        tuple(results),
        totals,
        target,
        went_out,
        _winner(went_out, chip_totals),
        chip_totals,
        kitty,
    )


def replay_change(game: Game, changed: int) -> GameResult:
    """Replay ``game`` after its hand number ``changed`` was edited, inserted or deleted.

    A change that would end the game before hands already played is refused
    with a sentence saying so, naming the changed hand.
    """
    try:
        return replay(game)
    except GameError as error:
        if error.code != "hand_after_end" or error.values["ended"] < changed:
            raise
        ended, last = error.values["ended"], len(game.hands)
        raise GameError("change_ends_game", hand=changed, ended=ended, last=last) from None


def _winner(went_out: int | None, chips: tuple[int, ...] | None) -> int | str | None:
    """The race winner, or in check pinochle the side with more chips (equal: a draw)."""
    if went_out is None or chips is None:
        return went_out
    top = max(chips)
    leaders = [side for side, side_chips in enumerate(chips) if side_chips == top]
    return leaders[0] if len(leaders) == 1 else DRAW


__all__ = [
    "DRAW",
    "MADE",
    "OUTCOMES",
    "PASSED_OUT",
    "SCORED",
    "SET",
    "THROWN_IN",
    "GameResult",
    "HandResult",
    "HandScore",
    "applicable_fields",
    "can_bid",
    "can_throw_in",
    "counters_needed",
    "dropped_meld",
    "effective_meld",
    "fill_counters",
    "max_bid",
    "race_winner",
    "replay",
    "replay_change",
    "score_hand",
    "verify_bid",
    "verify_throw_in",
]

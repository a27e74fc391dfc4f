"""Random but valid, plausible games for any rule set, reproducible from a seed.

Real cards are dealt from the rule set's deck, every player's meld is the best
meld of their own cards, the player with the best meld wins the auction at a
bid near their meld plus a share of the counters, and the counters are a random
split of the hand's total. Now and then a hand is thrown in, passed out, or (in
double deck) forfeited for want of a marriage in trump, as at a real table. In
auction pinochle only the bidder, the bid, the trump and whether it was made (or
conceded) are kept, as the table records them.

The engine is used only through its public functions, and every hand is scored
by it as the game is built, so a game this module returns always replays.

>>> import random
>>> from scorekeeper.engine.presets import PRESETS
>>> from scorekeeper.engine.scoring import replay
>>> game = random_game(PRESETS["partnership"], random.Random(7), hands=5)
>>> len(game.hands), game == random_game(PRESETS["partnership"], random.Random(7), hands=5)
(5, True)
>>> replay(game).totals == tuple(map(sum, zip(*(hand.points for hand in replay(game).hands))))
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from .cards import DISTINCT_CARDS, SUITS, Card, Suit, card_counts, sort_cards
from .game import Game, Hand, Side, new_game
from .hand_score import can_throw_in, counters_needed, score_hand
from .house_rules import short_of_meld
from .meld import MeldResult, best_meld, holds_marriage, meld_by_trump
from .presets import RuleSet
from .race import after_hand

__all__ = [
    "PLAYER_NAMES",
    "deal_sizes",
    "default_sides",
    "random_game",
    "random_hand",
    "random_hand_cards",
    "snap_bid",
]

PLAYER_NAMES = ("Ann", "Bea", "Cal", "Dan")

# How often the unusual things happen (per hand, where the rules allow them).
ALL_PASS_CHANCE = 0.05  # nobody bids: redeal, or the dealer is stuck at the minimum
OVERBID_CHANCE = 0.04  # a bid far beyond the cards, which is then usually thrown in
HOPELESS_THROW_IN = 0.9  # bidders who cannot make it concede this often
LONG_SHOT_THROW_IN = 0.3  # bidders who need most of the counters concede this often
LENGTH_TRUMP_CHANCE = 0.1  # trump named for length, not meld (may lack the marriage)
SWEEP_CHANCE = 0.05  # one side takes every counter
ALL_TRICKS_CHANCE = 0.5  # check: a sweep recorded as taking all the tricks
NO_COUNTER_TRICK = 0.3  # any_trick rules: a side without counters still won a trick
SHOW_CARDS = 0.25  # a hand records the cards each player showed for meld


# --- dealing ----------------------------------------------------------------------


def deal_sizes(rules: RuleSet) -> tuple[int, ...]:
    """Cards dealt to each seat, then (cutthroat) the widow.

    >>> from scorekeeper.engine.presets import PRESETS
    >>> [deal_sizes(PRESETS[name]) for name in ("partnership", "cutthroat", "two-hand")]
    [(12, 12, 12, 12), (15, 15, 15, 3), (12, 12)]
    >>> deal_sizes(PRESETS["double-deck"])
    (20, 20, 20, 20)
    """
    return (rules.deal,) * rules.players + ((rules.widow,) if rules.widow else ())


def random_hand_cards(rules: RuleSet, rng: random.Random) -> list[tuple[Card, ...]]:
    """One deal of real cards: a hand per seat, sorted, then the widow if the game has one.

    The deck is ``rules.meld_table.deck.full()``, shuffled with ``rng``.
    """
    deck = list(rules.meld_table.deck.full())
    rng.shuffle(deck)
    hands: list[tuple[Card, ...]] = []
    start = 0
    for size in deal_sizes(rules):
        hands.append(tuple(sort_cards(deck[start : start + size])))
        start += size
    return hands


# --- the cards a player shows -------------------------------------------------------


# --- bids and counters ----------------------------------------------------------------


def snap_bid(rules: RuleSet, value: float) -> int:
    """The bid on the ladder at or just above ``value``, never under the minimum.

    >>> from scorekeeper.engine.presets import PRESETS
    >>> [snap_bid(PRESETS["double-deck"], v) for v in (12, 57.5, 61)]
    [50, 57, 65]
    """
    bid = max(rules.min_bid, int(value))
    return bid if rules.is_bid_on_steps(bid) else rules.next_bid(bid)


def _bid(rules: RuleSet, bidder_meld: int, rng: random.Random) -> int:
    """A bid near the bidder's meld plus the counters they hope to take."""
    total = rules.counters.total
    hope = bidder_meld + rng.uniform(0.35, 0.8) * total
    if rng.random() < OVERBID_CHANCE:
        hope = bidder_meld + total * rng.uniform(1.1, 1.5)
    return snap_bid(rules, hope)


def _split_counters(rules: RuleSet, favourite: int | None, rng: random.Random) -> tuple[int, ...]:
    """The hand's counters in random shares (the bidders tend to take more)."""
    unit, total, sides = rules.counters.unit, rules.counters.total, rules.sides
    units = total // unit
    if rng.random() < SWEEP_CHANCE:
        sweeper = favourite if favourite is not None and rng.random() < 0.7 else None
        sweeper = rng.randrange(sides) if sweeper is None else sweeper
        return tuple(total if side == sweeper else 0 for side in range(sides))
    weights = [rng.random() + (0.4 if side == favourite else 0.0) for side in range(sides)]
    shares = [int(units * weight / sum(weights)) for weight in weights]
    shares[rng.randrange(sides) if favourite is None else favourite] += units - sum(shares)
    return tuple(share * unit for share in shares)


def _throws_in(rules: RuleSet, bid: int, bidders_meld: int, rng: random.Random) -> bool:
    """Whether the bidders concede: almost always when hopeless, sometimes on a long shot."""
    if not can_throw_in(rules, bid, bidders_meld):
        return False
    needed = counters_needed(rules, bid, bidders_meld)
    if needed > rules.counters.total:
        return rng.random() < HOPELESS_THROW_IN
    return needed > 0.8 * rules.counters.total and rng.random() < LONG_SHOT_THROW_IN


# --- the auction ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Seat:
    """One player's cards in a hand and their best meld for each trump."""

    player: str
    cards: tuple[Card, ...]
    meld: Mapping[Suit, MeldResult]

    def suits_to_name(self, rules: RuleSet) -> tuple[Suit, ...]:
        """Suits this player may name as trump (check: only where they hold a marriage)."""
        if rules.trump_marriage != "required":
            return SUITS
        return tuple(suit for suit in SUITS if holds_marriage(self.cards, suit))

    def best_suit(self, suits: Sequence[Suit]) -> Suit:
        return max(suits, key=lambda suit: self.meld[suit].total)

    def longest_suit(self) -> Suit:
        return max(SUITS, key=lambda suit: sum(card.suit is suit for card in self.cards))


def _seats(game: Game, deal: Sequence[tuple[Card, ...]], order: Sequence[str]) -> list[_Seat]:
    cards_of = dict(zip(game.seating, deal, strict=False))
    rules = game.rules
    return [
        _Seat(player, cards_of[player], meld_by_trump(cards_of[player], rules)) for player in order
    ]


def _bidding_order(game: Game, index: int) -> list[str]:
    """Players from the one left of the dealer round to the dealer."""
    first = game.seating.index(game.first_bidder(index))
    return [game.seating[(first + k) % len(game.seating)] for k in range(len(game.seating))]


@dataclass(frozen=True)
class _Contract:
    bidder: _Seat
    bid: int
    trump: Suit
    # False when the dealer was stuck without the marriage in trump the rules demand
    can_show: bool = True


def _auction(rules: RuleSet, seats: Sequence[_Seat], rng: random.Random) -> _Contract | None:
    """Who wins the bid, for how much, in which trump; None when the hand is redealt."""
    bidders = [seat for seat in seats if seat.suits_to_name(rules)]
    if not bidders or rng.random() < ALL_PASS_CHANCE:
        if rules.all_pass == "redeal":
            return None
        return _dealer_stuck(rules, seats[-1])
    best = max(bidders, key=lambda seat: seat.meld[seat.best_suit(seat.suits_to_name(rules))].total)
    trump = best.best_suit(best.suits_to_name(rules))
    if rules.trump_marriage == "forfeit" and rng.random() < LENGTH_TRUMP_CHANCE:
        trump = best.longest_suit()
    return _Contract(best, _bid(rules, best.meld[trump].total, rng), trump)


def _dealer_stuck(rules: RuleSet, dealer: _Seat) -> _Contract:
    """All passed: the dealer takes it at the minimum and names their best suit."""
    suits = dealer.suits_to_name(rules)
    return _Contract(dealer, rules.min_bid, dealer.best_suit(suits or SUITS), bool(suits))


# --- one hand -------------------------------------------------------------------------


def _side_melds(game: Game, melds: Mapping[str, MeldResult]) -> tuple[int, ...]:
    return tuple(sum(melds[player].total for player in side.players) for side in game.sides)


def _side_chips(game: Game, melds: Mapping[str, MeldResult]) -> tuple[int, ...] | None:
    if game.rules.chip_table is None:
        return None
    return tuple(sum(melds[player].chips or 0 for player in side.players) for side in game.sides)


def _shown(
    melds: Mapping[str, MeldResult], cards: Mapping[str, tuple[Card, ...]]
) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    return tuple((player, melds[player].cards_shown()) for player in melds)


def _cutthroat_widow(
    rules: RuleSet, contract: _Contract, widow: tuple[Card, ...]
) -> tuple[tuple[Card, ...], MeldResult]:
    """The bidder takes the widow and buries cards the meld does not need."""
    seat = contract.bidder
    every = seat.cards + widow
    result = best_meld(every, contract.trump, rules)
    keep = list(result.cards_shown())
    if len(keep) > len(seat.cards):
        return seat.cards, seat.meld[contract.trump]
    rest = card_counts(every)
    for card in keep:
        rest[card.index] -= 1
    spare = [card for card in DISTINCT_CARDS for _ in range(rest[card.index])]
    kept = tuple(sort_cards(keep + spare[: len(seat.cards) - len(keep)]))
    return kept, best_meld(kept, contract.trump, rules)


def _bid_hand(
    game: Game, index: int, deal: Sequence[tuple[Card, ...]], rng: random.Random, show: float
) -> Hand:
    rules = game.rules
    seats = _seats(game, deal, _bidding_order(game, index))
    contract = _auction(rules, seats, rng)
    if contract is None:
        return Hand(passed_out=True)
    trump, bidder = contract.trump, contract.bidder.player
    cards = {seat.player: seat.cards for seat in seats}
    melds = {seat.player: seat.meld[trump] for seat in seats}
    if len(deal) > rules.players:
        cards[bidder], melds[bidder] = _cutthroat_widow(rules, contract, deal[-1])
    side = game.side_of[bidder]
    meld = _side_melds(game, melds)
    no_marriage = rules.trump_marriage == "forfeit" and not holds_marriage(cards[bidder], trump)
    short = short_of_meld(rules, meld[side])  # set without play for want of meld
    thrown_in = not (no_marriage or short) and _throws_in(rules, contract.bid, meld[side], rng)
    counters = None if no_marriage or thrown_in or short else _split_counters(rules, side, rng)
    shows = contract.can_show and rng.random() < show
    return Hand(
        bidder=bidder,
        bid=contract.bid,
        trump=trump,
        meld=meld,
        counters=counters,
        thrown_in=thrown_in,
        no_marriage=no_marriage,
        took_trick=_took_trick(rules, counters, rng),
        all_tricks=_all_tricks(rules, counters, rng),
        meld_chips=_side_chips(game, melds),
        meld_cards=_shown(melds, cards) if shows else (),
    )


def _auction_hand(
    game: Game, index: int, deal: Sequence[tuple[Card, ...]], rng: random.Random
) -> Hand:
    """Auction pinochle: the bidder takes the widow and concedes a hopeless bid (a single
    bete) or plays it and makes it or not (a double bete); only that is recorded."""
    rules = game.rules
    seats = _seats(game, deal, _bidding_order(game, index))
    contract = _auction(rules, seats, rng)
    if contract is None:
        return Hand(passed_out=True)
    bidder = contract.bidder.player
    meld = _cutthroat_widow(rules, contract, deal[-1])[1].total
    side = game.side_of[bidder]
    needed, total = contract.bid - meld, rules.counters.total
    hopeless = needed > total and rng.random() < HOPELESS_THROW_IN
    if hopeless or (needed > 0.8 * total and rng.random() < LONG_SHOT_THROW_IN):
        return Hand(bidder=bidder, bid=contract.bid, thrown_in=True)
    taken = _split_counters(rules, side, rng)[side]
    return Hand(
        bidder=bidder, bid=contract.bid, trump=contract.trump, made=meld + taken >= contract.bid
    )


def _took_trick(
    rules: RuleSet, counters: tuple[int, ...] | None, rng: random.Random
) -> tuple[bool, ...] | None:
    """With ``save_meld: any_trick``: whether each side won a trick."""
    if rules.save_meld != "any_trick" or counters is None:
        return None
    return tuple(got > 0 or rng.random() < NO_COUNTER_TRICK for got in counters)


def _all_tricks(rules: RuleSet, counters: tuple[int, ...] | None, rng: random.Random) -> int | None:
    """Check pinochle: the side that took every trick, recorded now and then for a sweep."""
    if rules.chip_table is None or counters is None or rng.random() >= ALL_TRICKS_CHANCE:
        return None
    sweepers = [side for side, got in enumerate(counters) if got == rules.counters.total]
    return sweepers[0] if sweepers else None


def _open_hand(
    game: Game, deal: Sequence[tuple[Card, ...]], rng: random.Random, show: float
) -> Hand:
    """A hand without bidding (two-hand): trump turned up, meld and counters each."""
    trump = rng.choice(SUITS)
    cards = dict(zip(game.seating, deal, strict=False))
    melds = {player: meld_by_trump(cards[player], game.rules)[trump] for player in game.seating}
    return Hand(
        trump=trump,
        meld=_side_melds(game, melds),
        counters=_split_counters(game.rules, None, rng),
        meld_cards=_shown(melds, cards) if rng.random() < show else (),
    )


def random_hand(game: Game, index: int, rng: random.Random, show: float = SHOW_CARDS) -> Hand:
    """A random valid hand number ``index + 1`` of ``game`` (its dealer, its bidding order).

    ``show`` is the chance that the hand records the cards each player showed.
    """
    deal = random_hand_cards(game.rules, rng)
    if not game.rules.bidding:
        return _open_hand(game, deal, rng, show)
    if game.rules.is_auction:
        return _auction_hand(game, index, deal, rng)
    return _bid_hand(game, index, deal, rng, show)


# --- a whole game ---------------------------------------------------------------------


def default_sides(rules: RuleSet, players: Sequence[str] | None = None) -> tuple[Side, ...]:
    """Sides for ``players`` given in seating order (partners sit opposite).

    >>> from scorekeeper.engine.presets import PRESETS
    >>> default_sides(PRESETS["partnership"])
    (Side(name='Ann & Cal', players=('Ann', 'Cal')), Side(name='Bea & Dan', players=('Bea', 'Dan')))
    """
    seating = tuple(players) if players is not None else PLAYER_NAMES[: rules.players]
    members = [
        tuple(name for seat, name in enumerate(seating) if rules.side_of_seat(seat) == side)
        for side in range(rules.sides)
    ]
    return tuple(Side(" & ".join(names), names) for names in members)


def random_game(
    rules: RuleSet,
    rng: random.Random,
    hands: int = 40,
    players: Sequence[str] | None = None,
    *,
    show: float = SHOW_CARDS,
    played_on: date | None = None,
) -> Game:
    """A game of ``hands`` random hands, or fewer if it ends sooner.

    ``players`` are given in seating order (default Ann, Bea, Cal, Dan as
    needed); the first dealer is drawn with ``rng``. Each hand is scored by the
    engine as it is added (``score_hand`` and ``race.after_hand``, as ``replay``
    does), so the game stops on the hand that finishes it. For exactly
    ``hands`` hands, give ``rules`` a target no game reaches, e.g.
    ``with_options(rules, {"target": 100_000})``.
    """
    sides = default_sides(rules, players)
    seating = tuple(players) if players is not None else PLAYER_NAMES[: rules.players]
    game = new_game(rules, sides, seating, rng.choice(seating), played_on=played_on)
    played: list[Hand] = []
    totals, target, scored = (0,) * rules.sides, rules.target, 0
    while len(played) < hands:
        hand = random_hand(game, len(played), rng, show)
        played.append(hand)
        score = score_hand(game, hand, len(played))
        scored += score.scored
        totals = tuple(total + points for total, points in zip(totals, score.points, strict=True))
        standing = after_hand(rules, totals, score.bidder_side, target, scored_hands=scored)
        if standing.ended:
            break
        target = standing.target
    return game.with_hands(played)


# --- a club's history, for trying the app and for benchmarks -------------------------

# how often a club plays each rule set
DEMO_MIX = (
    ("partnership", 60),
    ("check", 15),
    ("cutthroat", 10),
    ("partnership-tenths", 5),
    ("two-hand", 5),
    ("double-deck", 5),
)
DEMO_NAMES = (
    "Ann",
    "Bea",
    "Cal",
    "Dan",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ida",
    "Jo",
    "Kit",
    "Lou",
    "Max",
    "Ned",
    "Ola",
    "Pam",
    "Quin",
    "Ray",
    "Sue",
    "Tom",
    "Una",
    "Vic",
    "Wes",
    "Xia",
    "Yan",
    "Zoe",
)
DEMO_MAX_HANDS = 80  # a game not over by then is left unfinished, as some are


def demo_players(count: int) -> list[str]:
    """``count`` distinct first names (numbered once the list runs out).

    >>> demo_players(3), demo_players(28)[-2:]
    (['Ann', 'Bea', 'Cal'], ['Ann 2', 'Bea 2'])
    """
    return [
        DEMO_NAMES[index % len(DEMO_NAMES)]
        + ("" if index < len(DEMO_NAMES) else f" {index // len(DEMO_NAMES) + 1}")
        for index in range(count)
    ]


def demo_games(
    count: int, players: int, rng: random.Random, until: date, days: int = 730
) -> list[Game]:
    """``count`` plausible games among ``players`` people over the ``days`` before ``until``."""
    from datetime import timedelta

    from .presets import PRESETS

    names = demo_players(players)
    presets = [name for name, _ in DEMO_MIX]
    weights = [weight for _, weight in DEMO_MIX]
    games = []
    for _ in range(count):
        rules = PRESETS[rng.choices(presets, weights)[0]]
        if rules.players > len(names):
            rules = PRESETS["two-hand"]
        seated = rng.sample(names, rules.players)
        played_on = until - timedelta(days=rng.randrange(days))
        games.append(random_game(rules, rng, DEMO_MAX_HANDS, seated, show=0.1, played_on=played_on))
    return games

"""The game simulator: real deals, reproducible games, every feature of the rules used."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scorekeeper.engine.cards import SUITS, Card
from scorekeeper.engine.meld import best_meld
from scorekeeper.engine.presets import PRESETS, RuleSet
from scorekeeper.engine.rules import with_options
from scorekeeper.engine.scoring import replay
from scorekeeper.engine.simulate import (
    deal_sizes,
    default_sides,
    random_game,
    random_hand_cards,
    snap_bid,
)

DEALS = [
    ("partnership", (12, 12, 12, 12)),
    ("partnership-tenths", (12, 12, 12, 12)),
    ("check", (12, 12, 12, 12)),
    ("cutthroat", (15, 15, 15, 3)),
    ("two-hand", (12, 12)),
    ("double-deck", (20, 20, 20, 20)),
    ("auction", (15, 15, 15, 3)),
]


def endless(rules: RuleSet) -> RuleSet:
    """``rules`` with a target no game reaches, for games of an exact length (auction
    pinochle has no target: it ends only when the table says so)."""
    return rules if rules.is_auction else with_options(rules, {"target": 100_000})


@pytest.mark.parametrize(("name", "sizes"), DEALS)
def test_deal_sizes(name: str, sizes: tuple[int, ...]) -> None:
    rules = PRESETS[name]
    assert deal_sizes(rules) == sizes
    deal = random_hand_cards(rules, random.Random(1))
    assert tuple(len(cards) for cards in deal) == sizes
    for cards in deal[: rules.players]:
        assert len(cards) <= rules.hand_size


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_deal_is_cards_of_one_deck(name: str) -> None:
    rules = PRESETS[name]
    deck = Counter(rules.meld_table.deck.full())
    for seed in range(20):
        dealt = Counter(
            card for cards in random_hand_cards(rules, random.Random(seed)) for card in cards
        )
        assert not dealt - deck  # never more copies than the deck has
        if rules.players != 2:
            assert dealt == deck  # the whole deck is dealt (two-hand leaves a stock)


def test_deals_differ_and_repeat_by_seed() -> None:
    rules = PRESETS["partnership"]
    assert random_hand_cards(rules, random.Random(5)) == random_hand_cards(rules, random.Random(5))
    assert random_hand_cards(rules, random.Random(5)) != random_hand_cards(rules, random.Random(6))


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_game_is_reproducible_from_its_seed(name: str) -> None:
    rules = PRESETS[name]
    first = random_game(rules, random.Random(42), hands=12)
    assert first == random_game(rules, random.Random(42), hands=12)
    assert first != random_game(rules, random.Random(43), hands=12)


@pytest.mark.parametrize("name", list(PRESETS))
def test_exactly_the_hands_asked_for_when_nobody_can_win(name: str) -> None:
    game = random_game(endless(PRESETS[name]), random.Random(3), hands=25)
    assert len(game.hands) == 25
    assert not replay(game).finished


@pytest.mark.parametrize("name", [name for name, rules in PRESETS.items() if not rules.is_auction])
def test_a_game_stops_on_the_hand_that_ends_it(name: str) -> None:
    for seed in range(10):
        game = random_game(PRESETS[name], random.Random(seed), hands=200)
        assert replay(game).finished
        assert not replay(game.with_hands(game.hands[:-1])).finished


def test_an_auction_game_ends_after_its_hands() -> None:
    """Auction pinochle has no race: a simulated game ends only where ``game_end:
    hands:N`` ends it, on its Nth scored hand, and then the most chips win."""
    rules = with_options(PRESETS["auction"], {"game_end": "hands:8"})
    for seed in range(10):
        game = random_game(rules, random.Random(seed), hands=200)
        result = replay(game)
        assert result.finished and result.ended_by == "hands"
        assert sum(not hand.passed_out for hand in game.hands) == 8
        assert not replay(game.with_hands(game.hands[:-1])).finished
        top = max(result.totals)
        leaders = [side for side, total in enumerate(result.totals) if total == top]
        assert result.winner == (leaders[0] if len(leaders) == 1 else "draw")


def test_players_and_sides() -> None:
    rules = PRESETS["partnership"]
    names = ("Wu", "Xi", "Yo", "Zed")
    game = random_game(rules, random.Random(0), hands=3, players=names)
    assert game.seating == names
    assert [side.players for side in game.sides] == [("Wu", "Yo"), ("Xi", "Zed")]
    assert {hand.bidder for hand in game.hands} <= set(names)
    assert [side.players for side in default_sides(PRESETS["cutthroat"])] == [
        ("Ann",),
        ("Bea",),
        ("Cal",),
    ]


@pytest.mark.parametrize("name", [name for name, rules in PRESETS.items() if rules.bidding])
def test_snap_bid_lands_on_the_ladder(name: str) -> None:
    rules = PRESETS[name]
    for value in range(0, 3 * rules.counters.total + rules.min_bid):
        bid = snap_bid(rules, value + 0.5)
        assert bid >= rules.min_bid
        assert rules.is_bid_on_steps(bid)
        assert bid >= value or bid == rules.min_bid
        assert bid == rules.min_bid or rules.previous_bid(bid) <= value


@pytest.mark.parametrize("name", list(PRESETS))
def test_shown_cards_make_the_same_meld(name: str) -> None:
    """The cards a player lays down score exactly what the whole hand scores."""
    rules = PRESETS[name]
    rng = random.Random(11)
    for _ in range(100):
        cards: tuple[Card, ...] = random_hand_cards(rules, rng)[0]
        for trump in SUITS:
            whole = best_meld(cards, trump, rules)
            shown = whole.cards_shown()
            assert not Counter(shown) - Counter(cards)
            again = best_meld(shown, trump, rules)
            assert (again.total, again.chips) == (whole.total, whole.chips)


@pytest.mark.parametrize(
    ("name", "features"),
    [
        ("partnership", {"made", "set", "thrown_in", "meld_cards"}),
        ("check", {"made", "set", "thrown_in", "passed_out", "all_tricks", "meld_chips"}),
        ("cutthroat", {"made", "set", "thrown_in", "meld_cards"}),
        ("two-hand", {"scored", "meld_cards"}),
        ("double-deck", {"made", "set", "thrown_in", "no_marriage", "meld_cards"}),
    ],
)
def test_games_use_the_rules_variety(name: str, features: set[str]) -> None:
    seen: set[str] = set()
    for seed in range(40):
        game = random_game(PRESETS[name], random.Random(seed))
        seen |= {hand.outcome for hand in replay(game).hands}
        for hand in game.hands:
            seen |= {
                field
                for field in ("no_marriage", "meld_cards", "meld_chips")
                if getattr(hand, field)
            }
            if hand.all_tricks is not None:
                seen.add("all_tricks")
    assert features <= seen


def test_dealer_stuck_when_all_pass() -> None:
    """Where all passing is not a redeal, the dealer sometimes takes it at the minimum."""
    rules = PRESETS["partnership"]
    stuck = 0
    for seed in range(30):
        game = random_game(rules, random.Random(seed))
        stuck += sum(
            hand.bidder == game.dealer(index) and hand.bid == rules.min_bid
            for index, hand in enumerate(game.hands)
        )
    assert stuck > 0

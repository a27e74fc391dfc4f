"""Properties of the engine that hold for every hand and every game (Hypothesis).

Hands are real hands: cards drawn from the rule set's deck, never more copies
than it has. Games come from ``scorekeeper.engine.simulate``, drawn by seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings, target
from hypothesis import strategies as st

from scorekeeper.engine.cards import SUITS, Card, Deck, Suit, parse_cards
from scorekeeper.engine.gamefile import dumps, from_document, loads, to_document
from scorekeeper.engine.hand_score import can_throw_in, verify_throw_in
from scorekeeper.engine.meld import best_meld, max_player_meld, meld_by_trump
from scorekeeper.engine.presets import PRESETS, RuleSet
from scorekeeper.engine.rules import OPTIONS, with_options
from scorekeeper.engine.scoring import replay
from scorekeeper.engine.simulate import random_game
from tests.conftest import examples

FAST = settings(
    max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
GAMES = settings(
    max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

PRESET_NAMES = list(PRESETS)


# --- strategies -------------------------------------------------------------------------


def dealt(deck: Deck, size: int) -> st.SearchStrategy[tuple[Card, ...]]:
    """``size`` cards dealt from a shuffled ``deck``."""
    return st.permutations(deck.full()).map(lambda cards: tuple(cards[:size]))


def clumped(deck: Deck, size: int) -> st.SearchStrategy[tuple[Card, ...]]:
    """Up to ``size`` cards drawn from the distinct cards, so pairs (and doubles) are common."""

    def trim(drawn: Sequence[Card]) -> tuple[Card, ...]:
        seen: Counter[Card] = Counter()
        kept = []
        for card in drawn:
            if seen[card] < deck.copies:
                seen[card] += 1
                kept.append(card)
        return tuple(kept)

    return st.lists(st.sampled_from(deck.cards), max_size=size).map(trim)


def hands(rules: RuleSet) -> st.SearchStrategy[tuple[Card, ...]]:
    """A hand one player could hold under ``rules``: up to ``hand_size`` cards."""
    deck, size = rules.meld_table.deck, rules.hand_size
    return st.one_of(dealt(deck, size), clumped(deck, size))


@st.composite
def rules_with_options(draw: st.DrawFn) -> RuleSet:
    """A preset, with some of the house-rule options that apply to it changed."""
    rules = PRESETS[draw(st.sampled_from(PRESET_NAMES))]
    unit = rules.counters.unit
    choices: dict[str, Sequence[object]] = {
        "target": [rules.target // 2, rules.target * 2],
        "min_bid": [rules.next_bid(rules.min_bid)],
        "all_pass": ["dealer_stuck", "redeal"],
        "throw_in": ["never", "when_impossible", "always"],
        "save_meld": ["trick_points", "any_trick", f"min_counters:{2 * unit}"],
        "bidder_without_tricks": ["set", "score"],
        "both_reach_target": ["bidders_win", "higher_wins"],
        "doubles": ["special", "two_singles"],
        "run_extras": ["on", "off"],
        "check_scale": ["seed", "bicycle"],
    }
    overrides = {
        name: draw(st.sampled_from(values))
        for name, values in choices.items()
        if OPTIONS[name].applies(rules) is None and draw(st.booleans())
    }
    return with_options(rules, overrides)


seeds = st.integers(min_value=0, max_value=2**32 - 1)


# --- meld ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESET_NAMES)
@FAST
@given(data=st.data())
def test_meld_does_not_depend_on_card_order(name: str, data: st.DataObject) -> None:
    rules = PRESETS[name]
    cards = data.draw(hands(rules))
    shuffled = data.draw(st.permutations(cards))
    for trump in SUITS:
        assert best_meld(shuffled, trump, rules) == best_meld(cards, trump, rules)


@pytest.mark.parametrize("name", PRESET_NAMES)
@FAST
@given(data=st.data())
def test_meld_by_trump_is_best_meld_for_each_trump(name: str, data: st.DataObject) -> None:
    rules = PRESETS[name]
    cards = data.draw(hands(rules))
    by_trump = meld_by_trump(cards, rules)
    assert by_trump == {trump: best_meld(cards, trump, rules) for trump in SUITS}
    for result in by_trump.values():
        assert result.total == sum(meld.points for meld in result.melds)


@pytest.mark.parametrize("name", PRESET_NAMES)
@FAST
@given(data=st.data())
def test_more_cards_never_meld_less(name: str, data: st.DataObject) -> None:
    rules = PRESETS[name]
    cards = data.draw(hands(rules))
    keep = data.draw(st.lists(st.booleans(), min_size=len(cards), max_size=len(cards)))
    part = [card for card, kept in zip(cards, keep, strict=True) if kept]
    for trump in SUITS:
        assert best_meld(part, trump, rules).total <= best_meld(cards, trump, rules).total


@pytest.mark.parametrize("name", PRESET_NAMES)
@FAST
@given(data=st.data())
def test_no_hand_melds_more_than_the_bound(name: str, data: st.DataObject) -> None:
    rules = PRESETS[name]
    cards = data.draw(hands(rules))
    best = max(result.total for result in meld_by_trump(cards, rules).values())
    target(best)
    assert best <= max_player_meld(rules)


# The single melds of rules.md §1.2–1.5, written out again here from the rulebook
# (not from the engine's tables): name, cards for the trump ("t") or for each
# other suit ("o"), points.
Single = tuple[str, str, int]

_SINGLE_DECK_X10: list[Single] = [
    ("run", "At 10t Kt Qt Jt", 150),
    ("run + extra king", "At 10t Kt Kt Qt Jt", 190),
    ("run + extra queen", "At 10t Kt Qt Qt Jt", 190),
    ("run + royal marriage", "At 10t Kt Kt Qt Qt Jt", 230),
    ("double run", "At At 10t 10t Kt Kt Qt Qt Jt Jt", 1500),
    ("dix", "9t", 10),
    ("two dix", "9t 9t", 20),
    ("royal marriage", "Kt Qt", 40),
    ("two royal marriages", "Kt Qt Kt Qt", 80),
    ("common marriage", "Ko Qo", 20),
    ("two common marriages", "Ko Qo Ko Qo", 40),
    ("pinochle", "QS JD", 40),
    ("double pinochle", "QS QS JD JD", 300),
    ("aces around", "AH AS AD AC", 100),
    ("kings around", "KH KS KD KC", 80),
    ("queens around", "QH QS QD QC", 60),
    ("jacks around", "JH JS JD JC", 40),
    ("all eight aces", "AH AS AD AC AH AS AD AC", 1000),
    ("all eight kings", "KH KS KD KC KH KS KD KC", 800),
    ("all eight queens", "QH QS QD QC QH QS QD QC", 600),
    ("all eight jacks", "JH JS JD JC JH JS JD JC", 400),
]
_TENTHS: list[Single] = [
    ("run", "At 10t Kt Qt Jt", 15),
    ("run + extra king", "At 10t Kt Kt Qt Jt", 19),
    ("run + extra queen", "At 10t Kt Qt Qt Jt", 19),
    ("run + royal marriage", "At 10t Kt Kt Qt Qt Jt", 23),
    ("double run", "At At 10t 10t Kt Kt Qt Qt Jt Jt", 150),
    ("dix", "9t", 1),
    ("royal marriage", "Kt Qt", 4),
    ("common marriage", "Ko Qo", 2),
    ("pinochle", "QS JD", 4),
    ("double pinochle", "QS QS JD JD", 30),
    ("aces around", "AH AS AD AC", 10),
    ("kings around", "KH KS KD KC", 8),
    ("queens around", "QH QS QD QC", 6),
    ("jacks around", "JH JS JD JC", 4),
    ("all eight aces", "AH AS AD AC AH AS AD AC", 100),
    ("all eight kings", "KH KS KD KC KH KS KD KC", 80),
    ("all eight queens", "QH QS QD QC QH QS QD QC", 60),
    ("all eight jacks", "JH JS JD JC JH JS JD JC", 40),
]
_TWO_HAND: list[Single] = [
    ("run", "At 10t Kt Qt Jt", 150),
    ("run, its royal marriage melded first", "At 10t Kt Qt Jt", 190),
    ("two runs, each with its royal marriage first", "At At 10t 10t Kt Kt Qt Qt Jt Jt", 380),
    ("dix", "9t", 10),
    ("royal marriage", "Kt Qt", 40),
    ("common marriage", "Ko Qo", 20),
    ("pinochle", "QS JD", 40),
    ("double pinochle (two singles)", "QS QS JD JD", 80),
    ("aces around", "AH AS AD AC", 100),
    ("kings around", "KH KS KD KC", 80),
    ("queens around", "QH QS QD QC", 60),
    ("jacks around", "JH JS JD JC", 40),
    ("all eight aces (two singles)", "AH AS AD AC AH AS AD AC", 200),
    ("all eight kings (two singles)", "KH KS KD KC KH KS KD KC", 160),
    ("all eight queens (two singles)", "QH QS QD QC QH QS QD QC", 120),
    ("all eight jacks (two singles)", "JH JS JD JC JH JS JD JC", 80),
]


def _multiples(name: str, cards: str, values: Sequence[int]) -> list[Single]:
    words = ("single", "double", "triple", "quadruple")
    return [
        (f"{word} {name}", " ".join([cards] * (level + 1)), value)
        for level, (word, value) in enumerate(zip(words, values, strict=True))
    ]


_DOUBLE_DECK: list[Single] = [
    *_multiples("run", "At 10t Kt Qt Jt", (15, 150, 225, 300)),
    *_multiples("aces around", "AH AS AD AC", (10, 100, 150, 200)),
    *_multiples("kings around", "KH KS KD KC", (8, 80, 120, 160)),
    *_multiples("queens around", "QH QS QD QC", (6, 60, 90, 120)),
    *_multiples("jacks around", "JH JS JD JC", (4, 40, 60, 80)),
    *_multiples("pinochle", "QS JD", (4, 30, 60, 90)),
    ("royal marriage", "Kt Qt", 4),
    ("common marriage", "Ko Qo", 2),
]
SINGLE_MELDS: dict[str, list[Single]] = {
    "partnership": _SINGLE_DECK_X10,
    "cutthroat": _SINGLE_DECK_X10,
    "auction": _SINGLE_DECK_X10,
    "partnership-tenths": _TENTHS,
    "check": _TENTHS,
    "two-hand": _TWO_HAND,
    "double-deck": _DOUBLE_DECK,
}


def single_melds(name: str, trump: Suit) -> list[tuple[str, Counter[Card], int]]:
    """The single melds of preset ``name`` for ``trump``: name, cards needed, points."""
    rules = PRESETS[name]
    melds = []
    for meld, pattern, points in SINGLE_MELDS[name]:
        others = "o" in pattern and "t" not in pattern
        for suit in [s for s in SUITS if s is not trump] if others else [trump]:
            text = pattern.replace("t", suit.value).replace("o", suit.value)
            cards = parse_cards(text, rules.meld_table.deck)
            melds.append((meld, Counter(cards), points))
    return melds


def test_the_single_meld_list_is_well_formed() -> None:
    for name in PRESET_NAMES:
        for trump in SUITS:
            for meld, cards, _ in single_melds(name, trump):
                assert sum(cards.values()) <= PRESETS[name].hand_size, (name, meld)


@pytest.mark.parametrize("name", PRESET_NAMES)
@FAST
@given(data=st.data())
def test_best_meld_is_at_least_every_single_meld_it_holds(name: str, data: st.DataObject) -> None:
    rules = PRESETS[name]
    cards = data.draw(hands(rules))
    held = Counter(cards)
    for trump in SUITS:
        total = best_meld(cards, trump, rules).total
        for meld, needed, points in single_melds(name, trump):
            if not needed - held:
                assert total >= points, f"{meld} with trump {trump.value}"


@pytest.mark.parametrize("name", PRESET_NAMES)
@FAST
@given(data=st.data())
def test_every_single_meld_counts_amid_other_cards(name: str, data: st.DataObject) -> None:
    """Each single meld of the rulebook, filled up to a full hand with random cards."""
    rules = PRESETS[name]
    trump = data.draw(st.sampled_from(SUITS))
    meld, needed, points = data.draw(st.sampled_from(single_melds(name, trump)))
    rest = Counter(rules.meld_table.deck.full()) - needed
    filler = data.draw(st.permutations(sorted(rest.elements())))
    cards = [*needed.elements(), *filler[: rules.hand_size - sum(needed.values())]]
    assert best_meld(cards, trump, rules).total >= points, f"{meld} with trump {trump.value}"


# --- throw-in ---------------------------------------------------------------------------


@FAST
@given(
    rules=rules_with_options(),
    bid=st.integers(min_value=-10, max_value=1000),
    meld=st.integers(min_value=-10, max_value=800),
)
def test_can_throw_in_exactly_when_verify_does_not_raise(
    rules: RuleSet, bid: int, meld: int
) -> None:
    try:
        verify_throw_in(rules, bid, meld, hand=1)
    except Exception:  # any refusal at all means the button stays off
        allowed = False
    else:
        allowed = True
    assert can_throw_in(rules, bid, meld) is allowed


# --- games ------------------------------------------------------------------------------


def check_totals(game_rules: RuleSet, seed: int) -> None:
    game = random_game(game_rules, random.Random(seed), hands=30)
    result = replay(game)
    assert len(result.hands) == len(game.hands)
    columns = zip(*(hand.points for hand in result.hands), strict=True)
    sums = tuple(sum(column) for column in columns) if result.hands else (0,) * game_rules.sides
    assert result.totals == sums
    for before, hand in zip(result.hands, result.hands[1:], strict=False):
        assert hand.totals == tuple(t + p for t, p in zip(before.totals, hand.points, strict=True))
    assert result.finished or len(game.hands) == 30


@pytest.mark.parametrize("name", PRESET_NAMES)
@GAMES
@given(seed=seeds)
def test_simulated_games_replay_and_add_up(name: str, seed: int) -> None:
    check_totals(PRESETS[name], seed)


@GAMES
@given(rules=rules_with_options(), seed=seeds)
def test_simulated_games_with_house_rules_replay_and_add_up(rules: RuleSet, seed: int) -> None:
    check_totals(rules, seed)


@GAMES
@given(scale=st.sampled_from(["seed", "bicycle"]), seed=seeds)
def test_check_chips_are_zero_sum(scale: str, seed: int) -> None:
    rules = with_options(PRESETS["check"], {"check_scale": scale})
    result = replay(random_game(rules, random.Random(seed), hands=60))
    assert result.chips is not None
    for hand in result.hands:
        assert hand.chips is not None
        assert sum(hand.chips) == 0, f"hand {hand.number}: {hand.chips}"
    assert sum(result.chips) == 0
    columns = zip(*(hand.chips or () for hand in result.hands), strict=True)
    assert result.chips == tuple(sum(column) for column in columns)


@GAMES
@given(
    rules=rules_with_options(),
    seed=seeds,
    played_on=st.none() | st.dates(min_value=date(2000, 1, 1), max_value=date(2099, 12, 31)),
)
def test_a_game_survives_its_file(rules: RuleSet, seed: int, played_on: date | None) -> None:
    game = random_game(rules, random.Random(seed), hands=20, played_on=played_on)
    assert from_document(to_document(game)) == game
    again = loads(dumps(game))
    assert again == game
    assert replay(again) == replay(game)
    assert replay(again).as_dict() == replay(game).as_dict()

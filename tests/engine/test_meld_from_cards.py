"""The replay's meld of the cards shown (``HandResult.meld_from_cards``) and its warnings
in the document ``scorekeeper score --json`` prints (``GameResult.as_dict``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.cards import Suit, parse_cards
from scorekeeper.engine.game import Hand, Side, new_game
from scorekeeper.engine.meld import best_meld
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.scoring import replay
from scorekeeper.engine.simulate import random_game
from tests.conftest import examples

SIDES = [Side("Us", ("Ann", "Cal")), Side("Them", ("Bea", "Dan"))]


def played(meld: tuple[int, int], shown: dict[str, str], trump: str = "H") -> Hand:
    rules = PRESETS["partnership"]
    cards = tuple(
        (player, parse_cards(text, rules.meld_table.deck)) for player, text in shown.items()
    )
    return Hand(
        bidder="Ann",
        bid=250,
        trump=Suit.parse(trump),
        meld=meld,
        counters=(150, 100),
        meld_cards=cards,
    )


# (meld declared, cards shown, meld_from_cards)
CASES = [
    ((0, 0), {}, ()),
    ((150, 0), {"Ann": "AH 10H KH QH JH"}, (150, None)),
    ((150, 40), {"Ann": "AH 10H KH QH JH", "Bea": "JD QS"}, (150, 40)),
    ((170, 0), {"Ann": "AH 10H KH QH JH", "Cal": "KS QS"}, (170, None)),
    ((0, 80), {"Bea": "JD QS", "Dan": "JD QS"}, (None, 80)),
    ((0, 0), {"Cal": "", "Dan": ""}, (0, 0)),
]


@pytest.mark.parametrize(("meld", "shown", "expected"), CASES, ids=str)
def test_meld_from_cards_per_side(
    meld: tuple[int, int], shown: dict[str, str], expected: tuple[int | None, ...]
) -> None:
    game = new_game(PRESETS["partnership"], SIDES).with_hands([played(meld, shown)])
    (result,) = replay(game).hands
    assert result.meld_from_cards == expected
    document = result.as_dict()
    assert document.get("meld_from_cards") == (list(expected) if expected else None)


def test_the_document_lists_each_hands_warnings() -> None:
    under = played((100, 0), {"Ann": "AH 10H KH QH JH", "Cal": ""})
    game = new_game(PRESETS["partnership"], SIDES).with_hands([played((0, 0), {}), under])
    assert replay(game).as_dict()["warnings"] == [
        {
            "hand": 2,
            "code": "meld_cards_under",
            "message": "hand 2: Us declare 100 meld, but their cards make 150 (50 missed)",
        }
    ]


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(list(PRESETS)), st.integers(0, 2**32 - 1))
def test_meld_from_cards_is_the_sum_of_each_shown_hands_best_meld(name: str, seed: int) -> None:
    rules = PRESETS[name]
    game = random_game(rules, random.Random(seed), hands=12, show=0.7)
    result = replay(game)
    for hand, scored in zip(game.hands, result.hands, strict=True):
        if not hand.meld_cards:
            assert scored.meld_from_cards == ()
            continue
        assert hand.trump is not None
        shown = hand.cards_of()
        expected = tuple(
            None
            if not any(player in shown for player in side.players)
            else sum(
                best_meld(shown[player], hand.trump, rules).total
                for player in side.players
                if player in shown
            )
            for side in game.sides
        )
        assert scored.meld_from_cards == expected
        assert all(m is None or m >= 0 for m in scored.meld_from_cards)
    warnings = result.as_dict()["warnings"]
    assert isinstance(warnings, list) and len(warnings) == len(result.notices)

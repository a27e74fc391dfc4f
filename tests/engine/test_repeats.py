"""A hand recorded twice (engine/repeats.py, issue 23): a new hand with the bidder, bid,
trump and meld of the hand before it is refused once, and recorded when the person
says it is a new hand (``same_as``: the number of the hand it repeats).

The hands are game-file hands (game-format.md) of a partnership game: Ann & Cal (Us)
against Bea & Dan (Them); two-hand Ann against Bea; auction Ann, Bea, Cal.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.entry import document_hand
from scorekeeper.engine.errors import GameError
from scorekeeper.engine.game import Game, Hand, Side, new_game
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.repeats import repeated, repeats, verify_not_repeated

PLAYED = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]}
TWO = {"trump": "S", "meld": [120, 80], "counters": [150, 100]}
AUCTION = {"bidder": "Ann", "bid": 350, "trump": "H", "made": True}

# (why, preset, the hand before, the new hand, whether it repeats it)
CASES: list[tuple[str, str, dict[str, Any], dict[str, Any], bool]] = [
    ("the same hand", "partnership", PLAYED, PLAYED, True),
    ("other counters: the issue's two phones", "partnership", PLAYED,
     {**PLAYED, "counters": [160, 90]}, True),
    ("thrown in after the same bid and meld", "partnership", PLAYED,
     {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "thrown_in": True}, True),
    ("another bidder", "partnership", PLAYED, {**PLAYED, "bidder": "Ann"}, False),
    ("another bid", "partnership", PLAYED, {**PLAYED, "bid": 310}, False),
    ("another trump", "partnership", PLAYED, {**PLAYED, "trump": "S"}, False),
    ("the bidders' meld", "partnership", PLAYED, {**PLAYED, "meld": [200, 60]}, False),
    ("the defenders' meld", "partnership", PLAYED, {**PLAYED, "meld": [190, 50]}, False),
    ("passed out twice: a common deal", "check", {"passed_out": True}, {"passed_out": True},
     False),
    ("a misdeal twice", "partnership", {"misdeal": True}, {"misdeal": True}, False),
    ("two-hand: trump and both melds", "two-hand", TWO, {**TWO, "counters": [140, 110]}, True),
    ("two-hand: other meld", "two-hand", TWO, {**TWO, "meld": [120, 60]}, False),
    ("auction: bidder, bid, trump", "auction", AUCTION, {**AUCTION, "made": False}, True),
]  # fmt: skip


def game_of(preset: str) -> Game:
    if preset == "two-hand":
        return new_game(PRESETS[preset], [Side("Ann", ("Ann",)), Side("Bea", ("Bea",))])
    if preset == "auction":
        return new_game(PRESETS[preset], [Side(name, (name,)) for name in ("Ann", "Bea", "Cal")])
    return new_game(PRESETS[preset], [Side("Us", ("Ann", "Cal")), Side("Them", ("Bea", "Dan"))])


def hands_of(preset: str, *documents: dict[str, Any]) -> list[Hand]:
    game = game_of(preset)
    hands = []
    for number, document in enumerate(documents, 1):
        hand, refusals = document_hand(game, document, number)
        assert hand is not None and not refusals, refusals
        hands.append(hand)
    return hands


@pytest.mark.parametrize(("why", "preset", "before", "hand", "expected"), CASES,
                         ids=[case[0] for case in CASES])  # fmt: skip
def test_a_hand_repeats_the_one_before_in_bidder_bid_trump_and_meld(
    why: str, preset: str, before: dict[str, Any], hand: dict[str, Any], expected: bool
) -> None:
    first, second = hands_of(preset, before, hand)
    assert repeats(first, second) is expected
    assert repeated([first, second], 2) == (1 if expected else None)


@pytest.mark.parametrize(("why", "preset", "before", "hand", "expected"), CASES,
                         ids=[case[0] for case in CASES])  # fmt: skip
def test_a_repeat_is_refused_once_and_taken_when_confirmed(
    why: str, preset: str, before: dict[str, Any], hand: dict[str, Any], expected: bool
) -> None:
    hands = hands_of(preset, before, hand)
    verify_not_repeated(hands, 2, same_as=1)  # confirmed: recorded
    if not expected:
        verify_not_repeated(hands, 2, same_as=None)
        return
    with pytest.raises(GameError) as refused:
        verify_not_repeated(hands, 2, same_as=None)
    assert refused.value.code == "hand_same_as_before"
    assert refused.value.values == {"hand": 2, "before": 1}
    with pytest.raises(GameError):  # a confirmation for another hand confirms nothing
        verify_not_repeated(hands, 2, same_as=2)


def test_only_the_hand_before_is_compared() -> None:
    hands = hands_of("partnership", PLAYED, {**PLAYED, "bidder": "Ann"}, PLAYED)
    assert repeated(hands, 3) is None  # hand 1 is two hands back
    assert repeated(hands, 1) is None  # the first hand repeats nothing

"""Single rules of scoring: refusals by code, throw-in, counters needed, the race."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scorekeeper.engine.errors import MESSAGES, GameError
from scorekeeper.engine.gamefile import from_document
from scorekeeper.engine.hand_score import (
    applicable_fields,
    can_bid,
    can_throw_in,
    counters_needed,
    fill_counters,
    max_bid,
    verify_throw_in,
)
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.race import race_winner
from scorekeeper.engine.rules import ruleset
from scorekeeper.engine.scoring import replay

FOUR = {
    "sides": [
        {"name": "Us", "players": ["Ann", "Cal"]},
        {"name": "Them", "players": ["Bea", "Dan"]},
    ]
}
PLAYERS_OF = {
    "two-hand": {
        "sides": [{"name": "Ann", "players": ["Ann"]}, {"name": "Bea", "players": ["Bea"]}]
    },
    "cutthroat": {
        "sides": [
            {"name": "Ann", "players": ["Ann"]},
            {"name": "Bea", "players": ["Bea"]},
            {"name": "Cal", "players": ["Cal"]},
        ]
    },
}


def game(preset: str, hands: list[dict[str, Any]], **rules: object) -> dict[str, Any]:
    return {
        "format": "pinochle-game/1",
        "ruleset": preset,
        "rules": rules,
        **copy.deepcopy(PLAYERS_OF.get(preset, FOUR)),  # a test may rename a player
        "hands": hands,
    }


def hand(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "bidder": "Ann",
        "bid": 250,
        "trump": "H",
        "meld": [100, 60],
        "counters": [160, 90],
    }
    base.update(fields)
    return {key: value for key, value in base.items() if value is not None}


# every refusal of rules.md §5 (and the shape of a hand), with its code
REFUSALS = [
    ("partnership", hand(bid=240), {}, "bid_below_minimum"),
    ("partnership", hand(bid=255), {}, "bid_off_step"),
    ("partnership", hand(bidder="Zed"), {}, "bidder_unknown"),
    ("partnership", hand(bidder=None), {}, "hand_missing"),
    ("partnership", hand(bid=None), {}, "hand_missing"),
    ("partnership", hand(counters=[-10, 260]), {}, "counters_negative"),
    ("partnership", hand(counters=[105, 145]), {}, "counters_off_unit"),
    ("partnership", hand(counters=[150, 90]), {}, "counters_sum"),
    ("partnership", hand(counters=None), {}, "hand_missing"),
    ("partnership", hand(counters=[250]), {}, "hand_values_count"),
    ("partnership", hand(meld=[-20, 0]), {}, "meld_negative"),
    ("partnership", hand(meld=[25, 0]), {}, "meld_off_unit"),
    ("partnership", hand(meld=[3610, 0]), {}, "meld_too_large"),
    ("partnership", hand(meld=[3600, 0]), {}, None),
    ("partnership-tenths", hand(bid=20, meld=[361, 0], counters=[20, 5]), {}, "meld_too_large"),
    (
        "partnership",
        hand(bid=300, meld=[70, 90], counters=None, thrown_in=True),
        {},
        "throw_in_not_allowed",
    ),
    ("partnership", hand(bid=330, meld=[60, 90], counters=None, thrown_in=True), {}, None),
    (
        "partnership",
        hand(bid=330, meld=[60, 90], counters=None, thrown_in=True),
        {"throw_in": "never"},
        "throw_in_never",
    ),
    ("partnership", hand(bid=330, meld=[60, 90], thrown_in=True), {}, "counters_not_played"),
    ("partnership", {"passed_out": True}, {}, "passed_out_not_allowed"),
    ("partnership", {"passed_out": True}, {"all_pass": "redeal"}, None),
    ("check", {"passed_out": True, "bid": 20}, {}, "passed_out_fields"),
    ("two-hand", {"passed_out": True}, {}, "passed_out_no_bidding"),
    ("two-hand", {"bid": 250, "meld": [0, 0], "counters": [100, 150]}, {}, "hand_not_applicable"),
    ("partnership", hand(trump="X"), {}, "trump_not_suit"),
    ("partnership", hand(trump="HS"), {}, "trump_not_suit"),
    (
        "partnership",
        hand(meld=[150, 0], meld_cards={"Ann": "AH 10H KH QH JH", "Cal": "9S"}),
        {},
        None,
    ),
    (
        "partnership",
        hand(meld=[200, 0], meld_cards={"Ann": "AH 10H KH QH JH", "Cal": ""}),
        {},
        "meld_cards_disagree",
    ),
    ("partnership", hand(trump=None, meld_cards={"Ann": "AH"}), {}, "meld_cards_trump"),
    ("partnership", hand(meld_cards={"Zed": "AH"}), {}, "meld_cards_player"),
    (
        "check",
        hand(bid=20, meld=[0, 0], counters=[20, 5], meld_cards={"Ann": "KS QS"}),
        {},
        "trump_without_marriage",
    ),
    ("check", hand(bid=20, meld=[4, 0], counters=[20, 5], meld_cards={"Ann": "KH QH"}), {}, None),
    (
        "double-deck",
        hand(bid=50, meld=[20, 20], counters=[30, 20], meld_cards={"Ann": "KS QS"}),
        {},
        "no_marriage_needed",
    ),
    (
        "double-deck",
        hand(bid=50, meld=[20, 20], counters=None, no_marriage=True, meld_cards={"Ann": "KH QH"}),
        {},
        "no_marriage_has_marriage",
    ),
    ("partnership", hand(no_marriage=True, counters=None), {}, "no_marriage_not_applicable"),
    (
        "double-deck",
        hand(bid=50, meld=[20, 20], counters=None, no_marriage=True, thrown_in=True),
        {},
        "hand_conflict",
    ),
    ("partnership", hand(took_trick=[True, True]), {}, "took_trick_not_applicable"),
    (
        "partnership",
        hand(took_trick=[True, False]),
        {"save_meld": "any_trick"},
        "took_trick_contradiction",
    ),
    ("partnership", hand(all_tricks=0), {}, "hand_not_applicable"),
    ("check", hand(bid=20, meld=[4, 4], counters=[20, 5], all_tricks=0), {}, "all_tricks_counters"),
    ("check", hand(bid=20, meld=[4, 4], counters=[25, 0], all_tricks=2), {}, "all_tricks_side"),
    ("check", hand(bid=20, meld=[4, 4], counters=[20, 5], meld_chips=[1]), {}, "hand_values_count"),
    ("partnership", hand(meld_chips=[1, 0]), {}, "hand_not_applicable"),
    (
        "check",
        hand(bid=20, meld=[4, 4], counters=[20, 5], meld_chips=[-1, 0]),
        {},
        "meld_chips_negative",
    ),
    (
        "two-hand",
        {"meld": [0, 0], "counters": [100, 150], "meld_chips": [1, 0]},
        {},
        "hand_not_applicable",
    ),
]


@pytest.mark.parametrize(("preset", "played", "options", "code"), REFUSALS)
def test_refusal(
    preset: str, played: dict[str, Any], options: dict[str, object], code: str | None
) -> None:
    document = game(preset, [played], **options)
    if code is None:
        replay(from_document(document))
        return
    with pytest.raises(GameError) as refused:
        replay(from_document(document))
    assert refused.value.code == code
    assert str(refused.value).startswith("hand 1: ")
    assert refused.value.code in MESSAGES


def test_hand_after_the_end_names_both_hands() -> None:
    over = hand(bid=1500, meld=[1500, 0], counters=[100, 150])
    with pytest.raises(GameError) as refused:
        replay(from_document(game("partnership", [over, hand()])))
    assert refused.value.values == {"hand": 2, "ended": 1}


@pytest.mark.parametrize(
    ("preset", "options", "bid", "meld", "allowed"),
    [
        ("partnership", {}, 330, 60, True),
        ("partnership", {}, 310, 60, False),
        ("partnership", {}, 320, 60, True),
        ("partnership", {}, 300, 70, False),
        ("partnership", {}, 300, 40, True),
        ("partnership", {"throw_in": "always"}, 250, 200, True),
        ("partnership", {"throw_in": "never"}, 500, 0, False),
        ("partnership-tenths", {}, 26, 0, True),
        ("partnership-tenths", {}, 25, 0, False),
        ("cutthroat", {}, 250, 300, True),
        ("double-deck", {}, 50, 100, True),
        ("double-deck", {"throw_in": "when_impossible"}, 60, 15, True),  # 15 meld counts as 0
        ("double-deck", {"throw_in": "when_impossible"}, 60, 20, False),
        ("two-hand", {}, 0, 0, False),
    ],
)
def test_can_throw_in_agrees_with_verify(
    preset: str, options: dict[str, object], bid: int, meld: int, allowed: bool
) -> None:
    rules = ruleset(preset, options)
    assert can_throw_in(rules, bid, meld) is allowed
    if allowed:
        verify_throw_in(rules, bid, meld, hand=1)
    else:
        with pytest.raises(GameError):
            verify_throw_in(rules, bid, meld, hand=1)


@pytest.mark.parametrize(
    ("preset", "options", "bid", "meld", "needed"),
    [
        ("partnership", {}, 300, 170, 130),
        ("partnership", {}, 250, 400, 10),  # still one trick point
        ("partnership", {"bidder_without_tricks": "score"}, 250, 400, 0),
        ("partnership", {}, 600, 100, 500),  # more than a hand holds: cannot make it
        ("double-deck", {}, 60, 30, 30),
        ("double-deck", {}, 60, 15, 60),  # meld under 20 does not count
        ("double-deck", {}, 50, 45, 20),  # at least 20 counters
        ("check", {}, 20, 4, 16),
    ],
)
def test_counters_needed(
    preset: str, options: dict[str, object], bid: int, meld: int, needed: int
) -> None:
    assert counters_needed(ruleset(preset, options), bid, meld) == needed


@pytest.mark.parametrize(
    ("preset", "options", "totals", "bidders", "target", "expected"),
    [
        ("partnership", {}, (1490, 1000), 0, 1500, (None, 1500)),
        ("partnership", {}, (1500, 1000), 1, 1500, (0, 1500)),
        ("partnership", {}, (1780, 1640), 1, 1500, (1, 1500)),
        ("partnership", {"both_reach_target": "higher_wins"}, (1780, 1640), 1, 1500, (0, 1500)),
        ("partnership", {"both_reach_target": "higher_wins"}, (1600, 1600), 1, 1500, (None, 1750)),
        ("two-hand", {}, (1030, 1060), None, 1000, (1, 1000)),
        ("two-hand", {}, (1050, 1050), None, 1000, (None, 1250)),
        ("two-hand", {}, (1300, 1300), None, 1000, (None, 1500)),
        ("cutthroat", {}, (1500, 1700, 1600), 0, 1500, (0, 1500)),
        ("cutthroat", {}, (1400, 1700, 1600), 0, 1500, (1, 1500)),
        ("cutthroat", {}, (1400, 1600, 1600), 0, 1500, (None, 1750)),
        ("cutthroat", {}, (1400, 1300, 1600), 0, 1500, (2, 1500)),
        ("double-deck", {}, (520, 510), 1, 500, (1, 500)),
        (
            "partnership-tenths",
            {"both_reach_target": "higher_wins"},
            (160, 160),
            0,
            150,
            (None, 175),
        ),
    ],
)
def test_race(
    preset: str,
    options: dict[str, object],
    totals: tuple[int, ...],
    bidders: int | None,
    target: int,
    expected: tuple[int | None, int],
) -> None:
    assert race_winner(ruleset(preset, options), totals, bidders, target) == expected


def test_dealer_passes_clockwise_with_passed_out_hands() -> None:
    hands = [
        {"passed_out": True},
        hand(bid=20, meld=[4, 4], counters=[20, 5]),
        {"passed_out": True},
    ]
    document = game("check", hands)
    document["seating"] = ["Ann", "Bea", "Cal", "Dan"]
    document["first_dealer"] = "Cal"
    result = replay(from_document(document))
    assert [h.dealer for h in result.hands] == ["Cal", "Dan", "Ann"]
    assert result.next_dealer == "Bea"
    assert result.next_first_bidder == "Cal"


def test_can_bid() -> None:
    assert can_bid(PRESETS["partnership"], 250)
    assert not can_bid(PRESETS["partnership"], 245)
    assert not can_bid(PRESETS["two-hand"], 250)


def test_a_bid_no_side_can_make_is_refused() -> None:
    rules = PRESETS["partnership"]
    assert max_bid(rules) == 2 * 1800 + 250
    document = game("partnership", [hand(bid=max_bid(rules) + 10)])
    with pytest.raises(GameError) as refused:
        replay(from_document(document))
    assert refused.value.code == "bid_too_large"


def test_names_are_at_most_sixty_letters() -> None:
    document = game("partnership", [])
    document["sides"][0]["players"][0] = "A" * 61
    with pytest.raises(GameError) as refused:
        from_document(document)
    assert refused.value.code == "name_too_long"


@pytest.mark.parametrize(
    ("preset", "entered", "filled"),
    [
        ("partnership", [170, None], (170, 80)),
        ("partnership", [None, 250], (0, 250)),
        ("partnership", [300, None], (300, 0)),
        ("partnership", [None, None], (0, 0)),
        ("cutthroat", [100, None, 50], (100, 100, 50)),
        ("cutthroat", [100, None, None], (100, 0, 0)),
        ("double-deck", [None, 31], (19, 31)),
    ],
)
def test_fill_counters(preset: str, entered: list[int | None], filled: tuple[int, ...]) -> None:
    assert fill_counters(PRESETS[preset], entered) == filled


@pytest.mark.parametrize(
    ("preset", "options", "offered", "not_offered"),
    [
        ("partnership", {}, {"bidder", "thrown_in"}, {"passed_out", "all_tricks", "took_trick"}),
        ("partnership", {"throw_in": "never"}, set(), {"thrown_in"}),
        ("partnership", {"save_meld": "any_trick"}, {"took_trick"}, set()),
        ("check", {}, {"passed_out", "all_tricks", "meld_chips"}, {"no_marriage"}),
        ("double-deck", {}, {"no_marriage", "thrown_in"}, {"passed_out"}),
        ("two-hand", {}, {"meld", "counters"}, {"bidder", "bid", "thrown_in"}),
    ],
)
def test_applicable_fields(
    preset: str, options: dict[str, object], offered: set[str], not_offered: set[str]
) -> None:
    fields = applicable_fields(ruleset(preset, options))
    assert offered <= fields
    assert not (not_offered & fields)


def test_partners_sit_opposite() -> None:
    assert [PRESETS["partnership"].side_of_seat(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [PRESETS["cutthroat"].side_of_seat(seat) for seat in range(3)] == [0, 1, 2]


@pytest.mark.parametrize(
    ("preset", "hands", "dropped"),
    [
        # double deck: meld under 20 does not count, for the bidders and for the others
        ("double-deck", [hand(bid=60, meld=[30, 12], counters=[30, 20])], [(0, 12)]),
        ("double-deck", [hand(bid=60, meld=[15, 40], counters=[50, 0])], [(15, 0)]),
        ("double-deck", [hand(bid=60, meld=[20, 0], counters=[40, 10])], [(0, 0)]),
        ("double-deck", [hand(bid=60, meld=[15, 12], thrown_in=True, counters=None)], [(15, 12)]),
        ("double-deck", [{"passed_out": True}], [(0, 0)]),
        # no minimum: nothing is dropped, whatever the meld
        ("partnership", [hand(meld=[10, 0], bid=250, counters=[240, 10])], [(0, 0)]),
        ("two-hand", [{"meld": [10, 0], "counters": [150, 100]}], [(0, 0)]),
    ],
)
def test_the_replay_says_which_meld_was_dropped(
    preset: str, hands: list[dict[str, Any]], dropped: list[tuple[int, ...]]
) -> None:
    document = game(preset, hands)
    if preset == "double-deck" and hands[0].get("passed_out"):
        document["rules"] = {"all_pass": "redeal"}
    result = replay(from_document(document))
    assert [h.dropped_meld for h in result.hands] == dropped
    rule = result.dropped_meld_rule
    if any(map(any, dropped)):
        assert rule is not None and str(rule) == (
            "meld under 20 does not count: a side that declares less scores no meld that hand"
        )
    else:
        assert rule is None


def test_a_dropped_meld_scores_nothing() -> None:
    (scored,) = replay(
        from_document(game("double-deck", [hand(bid=60, meld=[30, 12], counters=[30, 20])]))
    ).hands
    assert scored.points == (60, 20)  # Them: 12 + 20 -> +20

"""The seven presets as data, and the house-rule options a table may change."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.presets import OPTION_APPLIES, PRESETS
from scorekeeper.engine.rules import OPTIONS, overrides_of, ruleset

PRESET_FACTS = [
    # name, players, sides, target, min bid, counters total, counter unit, meld unit
    ("partnership", 4, 2, 1500, 250, 250, 10, 10),
    ("partnership-tenths", 4, 2, 150, 20, 25, 1, 1),
    ("check", 4, 2, 100, 20, 25, 1, 1),
    ("two-hand", 2, 2, 1000, 0, 250, 5, 10),
    ("cutthroat", 3, 3, 1500, 250, 250, 10, 10),
    ("auction", 3, 3, 0, 300, 250, 10, 10),  # no target: each hand is paid in chips
    ("double-deck", 4, 2, 500, 50, 50, 1, 1),
]


@pytest.mark.parametrize(
    ("name", "players", "sides", "target", "min_bid", "total", "unit", "meld_unit"), PRESET_FACTS
)
def test_preset(
    name: str,
    players: int,
    sides: int,
    target: int,
    min_bid: int,
    total: int,
    unit: int,
    meld_unit: int,
) -> None:
    rules = PRESETS[name]
    assert (rules.players, rules.sides, rules.target) == (players, sides, target)
    assert rules.min_bid == min_bid
    assert (rules.counters.total, rules.counters.unit) == (total, unit)
    assert rules.meld_table.unit == meld_unit
    assert rules.description


def test_presets_are_the_seven() -> None:
    assert list(PRESETS) == [row[0] for row in PRESET_FACTS]


@pytest.mark.parametrize(
    ("name", "bids", "on_steps"),
    [
        ("partnership", [250, 260, 1000], True),
        ("partnership", [255, 251], False),
        ("partnership-tenths", [20, 21, 37], True),
        ("double-deck", [50, 51, 59, 60, 65, 70, 100], True),
        ("double-deck", [61, 62, 64, 66, 99], False),
    ],
)
def test_bid_steps(name: str, bids: list[int], on_steps: bool) -> None:
    assert all(PRESETS[name].is_bid_on_steps(bid) is on_steps for bid in bids)


@pytest.mark.parametrize(
    ("name", "bid", "up", "down"),
    [
        ("partnership", 250, 260, 250),
        ("partnership", 300, 310, 290),
        ("double-deck", 59, 60, 58),
        ("double-deck", 60, 65, 59),
        ("double-deck", 65, 70, 60),
        ("check", 20, 21, 20),
    ],
)
def test_bid_buttons(name: str, bid: int, up: int, down: int) -> None:
    rules = PRESETS[name]
    assert rules.next_bid(bid) == up
    assert rules.previous_bid(bid) == down


@pytest.mark.parametrize(
    ("name", "options", "highest", "ladder"),
    [
        ("partnership", {}, 300, (250, 260, 270, 280, 290, 300)),
        ("partnership", {}, 305, (250, 260, 270, 280, 290, 300)),
        ("partnership", {"min_bid": 300}, 330, (300, 310, 320, 330)),
        ("double-deck", {}, 75, (50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 65, 70, 75)),
        ("check", {}, 23, (20, 21, 22, 23)),
    ],
)
def test_bid_ladder(
    name: str, options: dict[str, object], highest: int, ladder: tuple[int, ...]
) -> None:
    rules = ruleset(name, options)
    assert rules.bid_ladder(highest) == ladder
    # the ladder is what + and − step through, one bid at a time
    assert all(rules.next_bid(low) == high for low, high in itertools.pairwise(ladder))
    assert all(rules.previous_bid(high) == low for low, high in itertools.pairwise(ladder))


OVERRIDES = [
    ("partnership", {"target": 1000}, "target", 1000),
    ("partnership", {"min_bid": 300}, "min_bid", 300),
    ("partnership", {"all_pass": "redeal"}, "all_pass", "redeal"),
    ("partnership", {"throw_in": "always"}, "throw_in", "always"),
    ("partnership", {"save_meld": "any_trick"}, "save_meld", "any_trick"),
    ("partnership", {"save_meld": "min_counters:20"}, "save_meld", "min_counters:20"),
    ("partnership", {"bidder_without_tricks": "score"}, "bidder_without_tricks", "score"),
    ("partnership", {"both_reach_target": "higher_wins"}, "both_reach_target", "higher_wins"),
    ("partnership", {"doubles": "two_singles"}, "doubles", "two_singles"),
    ("partnership", {"run_extras": "off"}, "run_extras", "off"),
    ("check", {"check_scale": "bicycle"}, "check_scale", "bicycle"),
    ("double-deck", {"min_bid": 65}, "min_bid", 65),
    ("two-hand", {"target": 1500}, "target", 1500),
]


@pytest.mark.parametrize(("name", "overrides", "option", "value"), OVERRIDES)
def test_override(name: str, overrides: dict[str, object], option: str, value: object) -> None:
    rules = ruleset(name, overrides)
    assert getattr(rules, option) == value
    assert overrides_of(rules) == {option: value}
    assert PRESETS[name] != rules


REFUSED = [
    ("partnership", {"trump": "H"}, "option_unknown", "unknown house-rule option 'trump'"),
    ("partnership", {"target": 0}, "option_value", "'target' cannot be 0"),
    ("partnership", {"target": "1500"}, "option_value", "'target' cannot be '1500'"),
    ("partnership", {"target": True}, "option_value", "'target' cannot be true"),
    ("partnership", {"min_bid": 255}, "option_value", "'min_bid' cannot be 255"),
    ("double-deck", {"min_bid": 62}, "option_value", "'min_bid' cannot be 62"),
    ("partnership", {"all_pass": "pass"}, "option_value", "expected dealer_stuck or redeal"),
    ("partnership", {"throw_in": "sometimes"}, "option_value", "'throw_in' cannot be"),
    ("partnership", {"save_meld": "min_counters:15"}, "option_value", "'save_meld' cannot be"),
    ("partnership", {"save_meld": "min_counters:x"}, "option_value", "'save_meld' cannot be"),
    ("partnership", {"doubles": "triple"}, "option_value", "'doubles' cannot be"),
    ("partnership", {"run_extras": True}, "option_value", "'run_extras' cannot be true"),
    ("partnership", {"check_scale": "bicycle"}, "option_needs_chips", "it has no chips"),
    ("double-deck", {"run_extras": "on"}, "option_needs_run_extras", "no run extras"),
    ("two-hand", {"min_bid": 20}, "option_needs_bidding", "it has no bidding"),
    ("two-hand", {"throw_in": "always"}, "option_needs_bidding", "it has no bidding"),
    ("euchre", {}, "ruleset_unknown", "unknown rule set 'euchre'"),
    # an option that does not apply is refused whatever its value, the preset's own too
    # (issue 23: these three were accepted because they equal what the preset holds)
    ("auction", {"throw_in": "always"}, "option_needs_points", "does not apply to auction"),
    ("two-hand", {"all_pass": "dealer_stuck"}, "option_needs_bidding", "it has no bidding"),
    ("partnership", {"kitty": "off"}, "option_needs_auction", "does not apply to partnership"),
    ("check", {"marriage_to_bid": "required"}, "option_preset_rule", "its own rules settle it"),
    ("double-deck", {"run_extras": "off"}, "option_needs_run_extras", "no run extras"),
]


@pytest.mark.parametrize(("name", "overrides", "code", "text"), REFUSED)
def test_refused_override(name: str, overrides: dict[str, object], code: str, text: str) -> None:
    with pytest.raises(RuleError) as refused:
        ruleset(name, overrides)
    assert refused.value.code == code
    assert text in str(refused.value)


@pytest.mark.parametrize("name", list(PRESETS))
def test_options_round_trip(name: str) -> None:
    rules = PRESETS[name]
    assert ruleset(name, rules.options()) == rules
    assert set(rules.options()) <= set(OPTIONS)


def test_the_option_table_and_where_options_apply_name_the_same_options_in_order() -> None:
    """``RuleSet.options`` writes a game file's options in ``OPTION_APPLIES`` order, and a
    refusal lists ``OPTIONS``: the two tables are one list of options."""
    assert tuple(OPTIONS) == tuple(OPTION_APPLIES)
    assert all(option.applies is OPTION_APPLIES[name] for name, option in OPTIONS.items())


def test_every_preset_default_is_a_valid_value() -> None:
    for rules in PRESETS.values():
        for option, value in rules.options().items():
            assert OPTIONS[option].read(rules, value) == value, (rules.name, option)


def test_counter_tables_add_up_from_the_cards() -> None:
    """The hand totals follow from counting cards and last trick (rules.md §2)."""
    assert {name: rules.counters.total for name, rules in PRESETS.items()} == {
        "partnership": 250,
        "partnership-tenths": 25,
        "check": 25,
        "two-hand": 250,
        "cutthroat": 250,
        "double-deck": 50,
        "auction": 250,
    }


LADDERS = [
    *((name, PRESETS[name].bid_steps) for name in PRESETS),
    ("partnership", ((0, 10), (500, 25))),  # a house's ladder: 25s from 500
    ("double-deck", ((0, 1), (60, 5), (100, 10))),
    ("partnership", ((0, 10), (255, 5))),  # a segment starting off the last one's steps
]


@pytest.mark.parametrize(("name", "steps"), LADDERS)
def test_the_ladder_is_every_bid_on_its_steps(
    name: str, steps: tuple[tuple[int, int], ...]
) -> None:
    """+ jumps along a segment's steps; the ladder is what counting one by one gives."""
    rules = dataclasses.replace(PRESETS[name], bid_steps=steps)
    highest = rules.min_bid * 3 + 40
    counted = [bid for bid in range(rules.min_bid, highest + 1) if rules.is_bid_on_steps(bid)]
    assert rules.bid_ladder(highest) == tuple(counted)
    for bid in range(rules.min_bid - 12, highest):
        assert rules.next_bid(bid) == next(
            up for up in itertools.count(max(bid + 1, rules.min_bid)) if rules.is_bid_on_steps(up)
        ), bid

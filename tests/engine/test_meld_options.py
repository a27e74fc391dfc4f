"""Which house-rule options change meld (``Option.meld``, ``meld_ruleset``).

``scorekeeper meld --rule`` takes exactly the options marked ``meld``: each marked one
changes what some hand melds (or its chips), and no other option changes any hand's.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.cards import Suit, parse_cards
from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.meld import best_meld, meld_by_trump
from scorekeeper.engine.presets import PRESETS, RuleSet
from scorekeeper.engine.rules import (
    OPTIONS,
    meld_options,
    meld_ruleset,
    option_choices,
    with_options,
)
from tests.conftest import examples
from tests.engine.test_properties import hands

# one hand per meld option whose meld (points or chips) the option's other value changes:
# (option, value, preset, cards, trump, (total, chips) under the preset, under the value)
CHANGES = [
    ("doubles", "two_singles", "partnership", "JD QS JD QS", "H", (300, None), (80, None)),
    ("doubles", "two_singles", "partnership", "AH AH AS AS AD AD AC AC", "S", (1000, None),
     (200, None)),
    ("doubles", "special", "two-hand", "JD QS JD QS", "H", (80, None), (300, None)),
    ("run_extras", "off", "partnership", "AH 10H KH KH QH JH", "H", (190, None), (150, None)),
    ("run_extras", "off", "partnership", "AH 10H KH KH QH QH JH", "H", (230, None), (190, None)),
    ("check_scale", "bicycle", "check", "JD QS JD QS", "C", (30, 1), (30, 2)),
]  # fmt: skip


def test_the_meld_options_are_the_ones_meld_reads() -> None:
    assert meld_options() == ("doubles", "run_extras", "check_scale")


@pytest.mark.parametrize(
    ("option", "value", "preset", "cards", "trump", "before", "after"), CHANGES, ids=str
)
def test_each_meld_option_changes_some_hand(
    option: str,
    value: str,
    preset: str,
    cards: str,
    trump: str,
    before: tuple[int, int | None],
    after: tuple[int, int | None],
) -> None:
    rules = PRESETS[preset]
    hand = parse_cards(cards, rules.meld_table.deck)
    suit = Suit.parse(trump)
    changed = meld_ruleset(preset, {option: value})
    assert OPTIONS[option].meld
    assert (best_meld(hand, suit, rules).total, best_meld(hand, suit, rules).chips) == before
    assert (best_meld(hand, suit, changed).total, best_meld(hand, suit, changed).chips) == after


def test_every_meld_option_has_a_hand_it_changes() -> None:
    assert {row[0] for row in CHANGES} == set(meld_options())


def _other_values(rules: RuleSet, name: str) -> Iterator[object]:
    """The values ``name`` may take under ``rules`` other than its own: its choices, or a
    neighbour of its number."""
    held = getattr(rules, name)
    if type(held) is int:
        neighbours = [rules.next_bid(held)] if name == "min_bid" else [held * 2]
        yield from (value for value in neighbours if value != held)
        return
    yield from (value for value in option_choices(rules, name) if value != held)


def _changed_rules(name: str) -> list[RuleSet]:
    """Every preset the option ``name`` applies to, with each other value it may take
    (a neighbouring number the option's reader refuses is left out)."""
    changed = []
    for rules in PRESETS.values():
        if OPTIONS[name].applies(rules) is not None:
            continue
        for value in _other_values(rules, name):
            try:
                changed.append(with_options(rules, {name: value}))
            except RuleError:
                continue
    return changed


OTHER_OPTIONS = [name for name, option in OPTIONS.items() if not option.meld]


@pytest.mark.parametrize("name", OTHER_OPTIONS)
def test_no_other_option_changes_any_hands_meld(name: str) -> None:
    variants = _changed_rules(name)

    @settings(
        max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
    @given(st.data())
    def same_meld(data: st.DataObject) -> None:
        changed = data.draw(st.sampled_from(variants), label="rules")
        preset = PRESETS[changed.name]
        cards = data.draw(hands(preset), label="cards")
        before = {suit: result.as_dict() for suit, result in meld_by_trump(cards, preset).items()}
        after = {suit: result.as_dict() for suit, result in meld_by_trump(cards, changed).items()}
        assert after == before

    if variants:
        same_meld()


@pytest.mark.parametrize(
    ("overrides", "code"),
    [
        ({"target": 1000}, "option_not_meld"),
        ({"throw_in": "never"}, "option_not_meld"),
        ({"bogus": "1"}, "option_unknown"),
        ({"run_extras": "maybe"}, "option_value"),
        ({"check_scale": "bicycle"}, "option_needs_chips"),
    ],
    ids=str,
)
def test_meld_ruleset_refuses_with_the_engines_code(
    overrides: dict[str, object], code: str
) -> None:
    with pytest.raises(RuleError) as raised:
        meld_ruleset("partnership", overrides)
    assert raised.value.code == code


def test_meld_ruleset_names_the_options_meld_takes() -> None:
    with pytest.raises(RuleError) as raised:
        meld_ruleset("partnership", {"target": 1000})
    assert str(raised.value) == (
        "house-rule option 'target' does not change meld: "
        "meld takes doubles, run_extras, check_scale"
    )

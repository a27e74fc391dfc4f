"""Choosing the rules: a preset by name with house-rule options changed and checked, and
the table of those options (how each value is read, what a form offers, which change meld).

>>> rules = ruleset("partnership", {"target": 1000})
>>> rules.target, rules.min_bid, rules.counters.total
(1000, 250, 250)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .bounds import LARGEST, MAX_HANDS
from .errors import RuleError
from .house_options import (
    HOUSE_CHOICES,
    MARRIAGE_TO_BID,
    SAVE_MELD_WORDS,
    read_game_end,
    read_lose_below,
    read_min_meld_to_play,
    read_shoot_the_moon,
)
from .presets import OPTION_APPLIES, PRESETS, RuleSet
from .tables import BID_VALUE_TABLES, CHIP_TABLES

ALL_PASS = ("dealer_stuck", "redeal")
THROW_IN = ("never", "when_impossible", "always")
BIDDER_WITHOUT_TRICKS = ("set", "score")
BOTH_REACH_TARGET = ("bidders_win", "higher_wins")
DOUBLES = ("special", "two_singles")
RUN_EXTRAS = ("on", "off")
# auction pinochle (rules.md §8): a trump that multiplies the chips, and the kitty
ON_OFF = ("on", "off")
KITTY = ("high_bids", "every_bete", "off")


@dataclass(frozen=True)
class Option:
    """One house-rule option: how to read a value, and where it applies."""

    name: str
    expected: str
    read: Callable[[RuleSet, object], object | None]
    # the values to choose from, where the option is a choice
    choices: tuple[str, ...] = ()
    # whether the option changes what a hand's cards meld, or the chips of that meld
    # (``meld_ruleset``, ``scorekeeper meld --rule``); tests/engine/test_meld_options.py
    # checks each option's mark against what ``best_meld`` makes
    meld: bool = False

    @property
    def applies(self) -> Callable[[RuleSet], str | None]:
        """None where the option applies to a rule set, else the code of the refusal that
        says why not (``presets.OPTION_APPLIES``: ``RuleSet.options`` asks it too)."""
        return OPTION_APPLIES[self.name]


def _choice(values: tuple[str, ...]) -> Callable[[RuleSet, object], object | None]:
    return lambda rules, value: value if value in values else None


def _positive_int(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= LARGEST:
        return value
    return None


def _read_min_bid(rules: RuleSet, value: object) -> int | None:
    bid = _positive_int(value)
    return bid if bid is not None and rules.is_bid_on_steps(bid) else None


def _read_save_meld(rules: RuleSet, value: object) -> str | None:
    if value in SAVE_MELD_WORDS:
        return str(value)
    if isinstance(value, str) and value.startswith("min_counters:"):
        number = value.removeprefix("min_counters:")
        total, unit = rules.counters.total, rules.counters.unit
        valid = number.isascii() and number.isdigit() and len(number) < 6
        if valid and 0 < int(number) <= total and int(number) % unit == 0:
            return f"min_counters:{int(number)}"
    return None


OPTIONS: dict[str, Option] = {
    option.name: option
    for option in (
        Option(
            "target",
            f"a whole number from 1 to {LARGEST}",
            lambda rules, v: _positive_int(v),
        ),
        Option(
            "min_bid",
            "a positive bid on the bid steps",
            _read_min_bid,
        ),
        Option("all_pass", " or ".join(ALL_PASS), _choice(ALL_PASS), ALL_PASS),
        Option(
            "throw_in",
            " or ".join(THROW_IN),
            _choice(THROW_IN),
            THROW_IN,
        ),
        Option(
            "save_meld",
            "trick_points, any_trick, always or min_counters:N (N a multiple of the counter unit)",
            _read_save_meld,
        ),
        Option(
            "bidder_without_tricks",
            " or ".join(BIDDER_WITHOUT_TRICKS),
            _choice(BIDDER_WITHOUT_TRICKS),
            BIDDER_WITHOUT_TRICKS,
        ),
        Option(
            "both_reach_target",
            " or ".join(BOTH_REACH_TARGET),
            _choice(BOTH_REACH_TARGET),
            BOTH_REACH_TARGET,
        ),
        Option("doubles", " or ".join(DOUBLES), _choice(DOUBLES), DOUBLES, meld=True),
        Option(
            "run_extras",
            " or ".join(RUN_EXTRAS),
            _choice(RUN_EXTRAS),
            RUN_EXTRAS,
            meld=True,
        ),
        Option(
            "check_scale",
            " or ".join(CHIP_TABLES),
            _choice(tuple(CHIP_TABLES)),
            tuple(CHIP_TABLES),
            meld=True,
        ),
        Option("game_end", f"target or hands:N (N from 1 to {MAX_HANDS})", read_game_end),
        Option(
            "lose_below",
            "off or a negative whole number",
            read_lose_below,
        ),
        Option(
            "marriage_to_bid",
            " or ".join(MARRIAGE_TO_BID),
            _choice(MARRIAGE_TO_BID),
            MARRIAGE_TO_BID,
        ),
        Option(
            "min_meld_to_play",
            "off or a positive meld (a multiple of the meld unit)",
            read_min_meld_to_play,
        ),
        Option(
            "shoot_the_moon",
            "off, game or points:N (N a multiple of the counter unit)",
            read_shoot_the_moon,
        ),
        Option(
            "auction_scale",
            " or ".join(BID_VALUE_TABLES),
            _choice(tuple(BID_VALUE_TABLES)),
            tuple(BID_VALUE_TABLES),
        ),
        Option("spades_double", " or ".join(ON_OFF), _choice(ON_OFF), ON_OFF),
        Option("hearts_triple", " or ".join(ON_OFF), _choice(ON_OFF), ON_OFF),
        Option("kitty", " or ".join(KITTY), _choice(KITTY), KITTY),
    )
}
# options whose value sets a rule of the preset's own as well: marriage_to_bid: required
# is double deck's forfeit for a bidder without a marriage in trump (its no_marriage hand)
IMPLIED: dict[str, Callable[[object], dict[str, object]]] = {
    "marriage_to_bid": lambda value: {
        "trump_marriage": "forfeit" if value == "required" else "free"
    },
}


def option_choices(rules: RuleSet, name: str) -> tuple[str, ...]:
    """Every value the option ``name`` may take under ``rules``, where it is a choice
    (``save_meld`` offers each ``min_counters:N`` a hand's counters allow).

    >>> option_choices(PRESETS["check"], "save_meld")[:4]
    ('trick_points', 'any_trick', 'always', 'min_counters:1')
    >>> option_choices(PRESETS["partnership"], "lose_below")
    ('off', '-500', '-1000', '-1500', '-2000')
    """
    if name == "save_meld":
        total, unit = rules.counters.total, rules.counters.unit
        steps = tuple(f"min_counters:{n}" for n in range(unit, total + 1, unit))
        return (*SAVE_MELD_WORDS, *steps)
    if name in HOUSE_CHOICES:
        return HOUSE_CHOICES[name](rules)
    return OPTIONS[name].choices


def ruleset(name: str, overrides: Mapping[str, object] | None = None) -> RuleSet:
    """The preset ``name`` with house-rule ``overrides`` applied and checked.

    >>> ruleset("check", {"check_scale": "bicycle"}).chip_table.name
    'bicycle'
    >>> ruleset("partnership", {"trump": "H"})
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.RuleError: unknown house-rule option 'trump': expected one of \
target, min_bid, all_pass, throw_in, save_meld, bidder_without_tricks, both_reach_target, \
doubles, run_extras, check_scale, game_end, lose_below, marriage_to_bid, min_meld_to_play, \
shoot_the_moon, auction_scale, spades_double, hearts_triple, kitty
    """
    try:
        preset = PRESETS[name]
    except (KeyError, TypeError):
        raise RuleError("ruleset_unknown", ruleset=name, expected=", ".join(PRESETS)) from None
    return with_options(preset, overrides or {})


def meld_options() -> tuple[str, ...]:
    """The house-rule options that change meld or its chips, in ``OPTIONS`` order.

    >>> meld_options()
    ('doubles', 'run_extras', 'check_scale')
    """
    return tuple(name for name, option in OPTIONS.items() if option.meld)


def meld_ruleset(name: str, overrides: Mapping[str, object] | None = None) -> RuleSet:
    """The preset ``name`` with ``overrides`` of the options that change meld, for
    finding or checking a hand's meld (``scorekeeper meld --rule``): an option that does
    not change meld is refused, saying which do; the rest as ``ruleset`` checks them.

    >>> meld_ruleset("partnership", {"run_extras": "off"}).run_extras
    'off'
    >>> meld_ruleset("partnership", {"target": 1000})
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.RuleError: house-rule option 'target' does not change meld: \
meld takes doubles, run_extras, check_scale
    """
    rules = ruleset(name)
    for option_name in overrides or {}:
        option = OPTIONS.get(option_name)
        if option is not None and not option.meld:
            raise RuleError(
                "option_not_meld", option=option_name, expected=", ".join(meld_options())
            )
    return with_options(rules, overrides or {})


def with_options(rules: RuleSet, overrides: Mapping[str, object]) -> RuleSet:
    """``rules`` with some options changed; each value is checked against its option."""
    changes: dict[str, object] = {}
    for option_name, value in overrides.items():
        option = OPTIONS.get(option_name)
        if option is None:
            raise RuleError("option_unknown", option=option_name, expected=", ".join(OPTIONS))
        refusal = option.applies(rules)
        if refusal is not None:  # whatever its value, the preset's own too (rules.md §5)
            raise RuleError(refusal, option=option_name, ruleset=rules.name)
        read = option.read(rules, value)
        if read is None:
            raise RuleError(
                "option_value", option=option_name, value=value, expected=option.expected
            )
        changes[option_name] = read
        if option_name in IMPLIED:
            changes.update(IMPLIED[option_name](read))
    return dataclasses.replace(rules, **changes)  # type: ignore[arg-type]


def overrides_of(rules: RuleSet) -> dict[str, int | str]:
    """The options where ``rules`` differs from its preset (for a sheet's header)."""
    preset = PRESETS[rules.name].options()
    return {name: value for name, value in rules.options().items() if preset.get(name) != value}

"""Rule sets: the seven presets and the house-rule options a table may change.

A ``RuleSet`` is a frozen value: a game keeps the one it started with, so a
later change to a preset never rewrites an old game.

>>> rules = ruleset("partnership", {"target": 1000})
>>> rules.target, rules.min_bid, rules.counters.total
(1000, 250, 250)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .bounds import LARGEST as LARGEST  # re-exported: the bounds were defined here
from .bounds import MAX_HANDS as MAX_HANDS
from .errors import RuleError
from .house_options import (
    GAME_END_TARGET,
    HANDS_PREFIX,
    HOUSE_CHOICES,
    MARRIAGE_TO_BID,
    POINTS_PREFIX,
    SAVE_MELD_WORDS,
    read_game_end,
    read_lose_below,
    read_min_meld_to_play,
    read_shoot_the_moon,
)
from .house_options import OFF as OFF  # re-exported for the rest of the engine
from .tables import (
    BID_VALUE_TABLES,
    CHIP_TABLES,
    DOUBLE_DECK_COUNTERS,
    DOUBLE_DECK_TABLE,
    SINGLE_COUNTERS,
    SINGLE_TABLE,
    TENTHS_COUNTERS,
    TENTHS_TABLE,
    TWO_HAND_COUNTERS,
    TWO_HAND_TABLE,
    BidValues,
    ChipTable,
    CounterTable,
    MeldTable,
)

ALL_PASS = ("dealer_stuck", "redeal")
THROW_IN = ("never", "when_impossible", "always")
BIDDER_WITHOUT_TRICKS = ("set", "score")
BOTH_REACH_TARGET = ("bidders_win", "higher_wins")
DOUBLES = ("special", "two_singles")
RUN_EXTRAS = ("on", "off")
# what happens to a bidder without a marriage in trump where the preset asks for one
TRUMP_MARRIAGE = ("free", "required", "forfeit")
# auction pinochle (rules.md §8): a trump that multiplies the chips, and the kitty
ON_OFF = ("on", "off")
KITTY = ("high_bids", "every_bete", "off")


@dataclass(frozen=True)
class RuleSet:
    """A complete rule set: a preset's fixed rules plus its house-rule options."""

    name: str
    description: str
    players: int
    sides: int
    meld_table: MeldTable
    counters: CounterTable
    bidding: bool
    # the bid ladder: (from bid, step) pairs; a bid is on the ladder when it is a
    # whole number of steps above the start of the segment it falls in
    bid_steps: tuple[tuple[int, int], ...]
    # cards one player can meld from in a hand (the bound on a declared meld)
    hand_size: int
    # cards dealt to each player, and to the widow (cutthroat); two-hand deals 12
    # each and leaves the rest as the stock
    deal: int
    widow: int
    # a side's meld counts only when it is at least this (double deck: 20)
    min_meld: int
    trump_marriage: str
    # house-rule options (rules.md §4)
    target: int
    min_bid: int
    all_pass: str
    throw_in: str
    save_meld: str
    bidder_without_tricks: str
    both_reach_target: str
    doubles: str
    run_extras: str
    check_scale: str | None = None
    # house rules of club sheets (rules.md §7): the floor a side loses at ("off" or -N);
    # how the game ends ("target" or "hands:N"); whether the bidder needs a marriage in
    # trump (where the preset has no rule of its own: "off" or "required"); the meld the
    # bidders need to play ("off" or N); what shooting the moon is worth ("off", "game",
    # "points:N")
    lose_below: int | str = OFF
    game_end: str = GAME_END_TARGET
    marriage_to_bid: str = OFF
    min_meld_to_play: int | str = OFF
    shoot_the_moon: str = OFF
    # auction pinochle (rules.md §8): its bid-value table (None in the points games),
    # spades double and hearts triple a played hand, and who the kitty pays and is paid by
    auction_scale: str | None = None
    spades_double: str = OFF
    hearts_triple: str = OFF
    kitty: str = OFF

    @property
    def chip_table(self) -> ChipTable | None:
        """Check pinochle's chip table, or None in a game without chips."""
        return CHIP_TABLES[self.check_scale] if self.check_scale else None

    @property
    def bid_values(self) -> BidValues | None:
        """Auction pinochle's bid-value table, or None in a game played for points."""
        return BID_VALUE_TABLES[self.auction_scale] if self.auction_scale else None

    @property
    def is_auction(self) -> bool:
        """Whether each hand is settled in chips by the bid (auction pinochle): its
        points are chips, there is no meld, no counters and no race to a target."""
        return self.auction_scale is not None

    @property
    def players_per_side(self) -> int:
        return self.players // self.sides

    @property
    def save_counters(self) -> int | None:
        """Counters a side must take to keep its meld; None for ``any_trick`` (a trick,
        recorded), 0 for ``always`` (the meld counts, trick or not)."""
        if self.save_meld == "trick_points":
            return self.counters.unit
        if self.save_meld == "any_trick":
            return None
        if self.save_meld == "always":
            return 0
        return int(self.save_meld.removeprefix("min_counters:"))

    @property
    def floor(self) -> int | None:
        """The total at or below which a side loses at once (``lose_below``), or None."""
        return self.lose_below if isinstance(self.lose_below, int) else None

    @cached_property
    def hands_to_play(self) -> int | None:
        """The scored hands a game lasts (``game_end: hands:N``); None for the race.

        >>> ruleset("partnership", {"game_end": "hands:6"}).hands_to_play
        6
        """
        if self.game_end.startswith(HANDS_PREFIX):
            return int(self.game_end.removeprefix(HANDS_PREFIX))
        return None

    @property
    def meld_to_play(self) -> int | None:
        """The meld the bidders need to play the hand (``min_meld_to_play``), or None."""
        return self.min_meld_to_play if isinstance(self.min_meld_to_play, int) else None

    @cached_property
    def moon_points(self) -> int | None:
        """What a moon shot scores beyond the hand (``shoot_the_moon: points:N``), or None."""
        if self.shoot_the_moon.startswith(POINTS_PREFIX):
            return int(self.shoot_the_moon.removeprefix(POINTS_PREFIX))
        return None

    @property
    def no_play_meld(self) -> int:
        """The least meld the defenders count when the bidders, holding no marriage in
        trump, lose the hand without play: a common marriage's worth (20 at the ×10
        scale, 2 at tenths), and never under the preset's minimum (double deck: 20)."""
        return max(self.meld_table.marriage, self.min_meld)

    @property
    def tie_extension(self) -> int:
        """How far the target moves when a race ends level: one hand's counters."""
        return self.counters.total

    def options(self) -> dict[str, int | str]:
        """The house-rule options with their values, as a game file writes them."""
        return {
            name: getattr(self, name)
            for name, spec in OPTIONS.items()
            if spec.applies(self) is None
        }

    def side_of_seat(self, seat: int) -> int:
        """The side of the player in ``seat`` (clockwise from 0): sides alternate round
        the table, so partners sit opposite."""
        return seat % self.sides

    def is_bid_on_steps(self, bid: int) -> bool:
        start, step = self.step_segment(bid)
        return (bid - start) % step == 0

    def step_segment(self, bid: int) -> tuple[int, int]:
        """The (start, step) segment of the bid ladder that ``bid`` falls in."""
        segment = self.bid_steps[0]
        for start, step in self.bid_steps:
            if bid >= start:
                segment = (start, step)
        return segment

    def bid_level(self, bid: int) -> int:
        """The band a bid is counted in by the bidding statistics: bands five steps
        of the ladder's last segment wide (250s, 300s, ... in partnership).

        >>> PRESETS["partnership"].bid_level(340), PRESETS["double-deck"].bid_level(95)
        (300, 75)
        """
        width = 5 * self.bid_steps[-1][1]
        return bid - bid % width

    def next_bid(self, bid: int) -> int:
        """The smallest bid on the ladder above ``bid`` (for a + button).

        >>> PRESETS["double-deck"].next_bid(60)
        65
        """
        candidate = max(bid + 1, self.min_bid)
        while not self.is_bid_on_steps(candidate):
            candidate += 1
        return candidate

    def previous_bid(self, bid: int) -> int:
        """The largest bid on the ladder below ``bid``, never under the minimum."""
        candidate = bid - 1
        while candidate > self.min_bid and not self.is_bid_on_steps(candidate):
            candidate -= 1
        return max(candidate, self.min_bid)

    def bid_ladder(self, highest: int) -> tuple[int, ...]:
        """Every bid on the ladder from the minimum up to ``highest`` (the page's − / +
        step through it, and its first bids are the form's one-tap chips).

        >>> PRESETS["double-deck"].bid_ladder(70)
        (50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 65, 70)
        """
        first = self.min_bid if self.is_bid_on_steps(self.min_bid) else self.next_bid(self.min_bid)
        bids = [first]
        while self.next_bid(bids[-1]) <= highest:
            bids.append(self.next_bid(bids[-1]))
        return tuple(bids)


def _single_deck(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "players": 4,
        "sides": 2,
        "meld_table": SINGLE_TABLE,
        "counters": SINGLE_COUNTERS,
        "bidding": True,
        "bid_steps": ((0, 10),),
        "hand_size": 12,
        "deal": 12,
        "widow": 0,
        "min_meld": 0,
        "trump_marriage": "free",
        "target": 1500,
        "min_bid": 250,
        "all_pass": "dealer_stuck",
        "throw_in": "when_impossible",
        "save_meld": "trick_points",
        "bidder_without_tricks": "set",
        "both_reach_target": "bidders_win",
        "doubles": "special",
        "run_extras": "on",
    }
    base.update(fields)
    return base


_TENTHS: dict[str, Any] = {
    "meld_table": TENTHS_TABLE,
    "counters": TENTHS_COUNTERS,
    "bid_steps": ((0, 1),),
    "min_bid": 20,
    "target": 150,
}

PRESETS: dict[str, RuleSet] = {
    rules.name: rules
    for rules in (
        RuleSet(
            name="partnership",
            description="Four players in two sides, single deck, game at 1500.",
            **_single_deck(),
        ),
        RuleSet(
            name="partnership-tenths",
            description="The partnership game at one tenth: bids from 20, game at 150.",
            **_single_deck(**_TENTHS),
        ),
        RuleSet(
            name="check",
            description="Check pinochle: partnership at one tenth to 100, with chips.",
            **_single_deck(
                **{**_TENTHS, "target": 100},
                all_pass="redeal",
                trump_marriage="required",
                marriage_to_bid="required",
                check_scale="seed",
            ),
        ),
        RuleSet(
            name="two-hand",
            description="Two players, no bidding: meld and counters every hand, game at 1000.",
            **_single_deck(
                players=2,
                meld_table=TWO_HAND_TABLE,
                counters=TWO_HAND_COUNTERS,
                bidding=False,
                hand_size=24,
                target=1000,
                min_bid=0,
                both_reach_target="higher_wins",
                doubles="two_singles",
                run_extras="off",
            ),
        ),
        RuleSet(
            name="cutthroat",
            description="Three players each for themself, 15 cards and a widow, game at 1500.",
            **_single_deck(players=3, sides=3, hand_size=15, deal=15, widow=3, throw_in="always"),
        ),
        RuleSet(
            name="auction",
            description=(
                "Three players, the bidder alone against the other two, "
                "each hand paid in chips by the bid."
            ),
            **_single_deck(
                players=3,
                sides=3,
                hand_size=15,
                deal=15,
                widow=3,
                throw_in="always",
                min_bid=300,
                all_pass="redeal",
                target=0,
            ),
            auction_scale="classic",
            spades_double="on",
            kitty="high_bids",
        ),
        RuleSet(
            name="double-deck",
            description="Four players in two sides, 80 cards, bids from 50, game at 500.",
            **_single_deck(
                meld_table=DOUBLE_DECK_TABLE,
                counters=DOUBLE_DECK_COUNTERS,
                bid_steps=((0, 1), (60, 5)),
                hand_size=20,
                deal=20,
                min_meld=20,
                trump_marriage="forfeit",
                marriage_to_bid="required",
                target=500,
                min_bid=50,
                throw_in="always",
                save_meld="min_counters:20",
                run_extras="off",
            ),
        ),
    )
}


# --- house-rule options -------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One house-rule option: how to read a value, and where it applies."""

    name: str
    expected: str
    read: Callable[[RuleSet, object], object | None]
    # the values to choose from, where the option is a choice
    # None where the option applies, else the code of the refusal that says why not
    applies: Callable[[RuleSet], str | None] = lambda rules: None
    choices: tuple[str, ...] = ()
    # whether the option changes what a hand's cards meld, or the chips of that meld
    # (``meld_ruleset``, ``scorekeeper meld --rule``); tests/engine/test_meld_options.py
    # checks each option's mark against what ``best_meld`` makes
    meld: bool = False


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


def _marriage_rule(rules: RuleSet) -> str | None:
    """``marriage_to_bid`` applies where the preset has no marriage rule of its own
    (check allows trump only where the bidder holds one; double deck forfeits)."""
    if not rules.bidding:
        return "option_needs_bidding"
    preset = PRESETS.get(rules.name, rules)
    return None if preset.trump_marriage == "free" else "option_preset_rule"


def _needs_bidding(rules: RuleSet) -> str | None:
    return None if rules.bidding else "option_needs_bidding"


def _needs_run_extras(rules: RuleSet) -> str | None:
    return None if rules.meld_table.has_run_extras else "option_needs_run_extras"


def _needs_chips(rules: RuleSet) -> str | None:
    return None if rules.chip_table else "option_needs_chips"


def _needs_auction(rules: RuleSet) -> str | None:
    return None if rules.is_auction else "option_needs_auction"


def _needs_points(rules: RuleSet) -> str | None:
    """Options of the points games: a race to a target, meld and counters."""
    return "option_needs_points" if rules.is_auction else None


def _needs_points_and_bidding(rules: RuleSet) -> str | None:
    return _needs_points(rules) or _needs_bidding(rules)


def _needs_points_and_run_extras(rules: RuleSet) -> str | None:
    return _needs_points(rules) or _needs_run_extras(rules)


def _needs_points_and_marriage_rule(rules: RuleSet) -> str | None:
    return _needs_points(rules) or _marriage_rule(rules)


OPTIONS: dict[str, Option] = {
    option.name: option
    for option in (
        Option(
            "target",
            f"a whole number from 1 to {LARGEST}",
            lambda rules, v: _positive_int(v),
            _needs_points,
        ),
        Option(
            "min_bid",
            "a positive bid on the bid steps",
            _read_min_bid,
            _needs_bidding,
        ),
        Option("all_pass", " or ".join(ALL_PASS), _choice(ALL_PASS), _needs_bidding, ALL_PASS),
        Option(
            "throw_in",
            " or ".join(THROW_IN),
            _choice(THROW_IN),
            _needs_points_and_bidding,
            THROW_IN,
        ),
        Option(
            "save_meld",
            "trick_points, any_trick, always or min_counters:N (N a multiple of the counter unit)",
            _read_save_meld,
            _needs_points_and_bidding,
        ),
        Option(
            "bidder_without_tricks",
            " or ".join(BIDDER_WITHOUT_TRICKS),
            _choice(BIDDER_WITHOUT_TRICKS),
            _needs_points_and_bidding,
            BIDDER_WITHOUT_TRICKS,
        ),
        Option(
            "both_reach_target",
            " or ".join(BOTH_REACH_TARGET),
            _choice(BOTH_REACH_TARGET),
            _needs_points,
            BOTH_REACH_TARGET,
        ),
        Option(
            "doubles", " or ".join(DOUBLES), _choice(DOUBLES), _needs_points, DOUBLES, meld=True
        ),
        Option(
            "run_extras",
            " or ".join(RUN_EXTRAS),
            _choice(RUN_EXTRAS),
            _needs_points_and_run_extras,
            RUN_EXTRAS,
            meld=True,
        ),
        Option(
            "check_scale",
            " or ".join(CHIP_TABLES),
            _choice(tuple(CHIP_TABLES)),
            _needs_chips,
            tuple(CHIP_TABLES),
            meld=True,
        ),
        Option("game_end", f"target or hands:N (N from 1 to {MAX_HANDS})", read_game_end),
        Option(
            "lose_below",
            "off or a negative whole number",
            read_lose_below,
            _needs_points_and_bidding,  # only set bidders lose points (two-hand never does)
        ),
        Option(
            "marriage_to_bid",
            " or ".join(MARRIAGE_TO_BID),
            _choice(MARRIAGE_TO_BID),
            _needs_points_and_marriage_rule,
            MARRIAGE_TO_BID,
        ),
        Option(
            "min_meld_to_play",
            "off or a positive meld (a multiple of the meld unit)",
            read_min_meld_to_play,
            _needs_points_and_bidding,
        ),
        Option(
            "shoot_the_moon",
            "off, game or points:N (N a multiple of the counter unit)",
            read_shoot_the_moon,
            _needs_points_and_bidding,
        ),
        Option(
            "auction_scale",
            " or ".join(BID_VALUE_TABLES),
            _choice(tuple(BID_VALUE_TABLES)),
            _needs_auction,
            tuple(BID_VALUE_TABLES),
        ),
        Option("spades_double", " or ".join(ON_OFF), _choice(ON_OFF), _needs_auction, ON_OFF),
        Option("hearts_triple", " or ".join(ON_OFF), _choice(ON_OFF), _needs_auction, ON_OFF),
        Option("kitty", " or ".join(KITTY), _choice(KITTY), _needs_auction, KITTY),
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
        if refusal is not None:
            if value == getattr(rules, option_name):
                continue
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

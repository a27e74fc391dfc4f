"""The rule set a game is played by (``RuleSet``: a frozen value, so a game keeps the one it
started with and a later change to a preset never rewrites it), the seven presets, and
where each house-rule option applies."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

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

# house rules of club sheets (rules.md §7): "off" or a number, or a number after a word
OFF = "off"
GAME_END_TARGET = "target"
HANDS_PREFIX = "hands:"
POINTS_PREFIX = "points:"
# what happens to a bidder without a marriage in trump where the preset asks for one
TRUMP_MARRIAGE = ("free", "required", "forfeit")


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
    # house-rule options (docs/rules.md §7)
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
    def point_scale(self) -> tuple[str, int]:
        """What a hand's points are counted in: ``("chips", ...)`` in auction pinochle
        (a hand pays by its bid), else ``("points", the counters of one hand)``. Bids and
        points of two rule sets are added or averaged together only on one scale.

        >>> [PRESETS[name].point_scale for name in ("partnership", "check", "double-deck")]
        [('points', 250), ('points', 25), ('points', 50)]
        >>> PRESETS["auction"].point_scale
        ('chips', 250)
        """
        return ("chips" if self.is_auction else "points", self.counters.total)

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

        >>> from .rules import ruleset
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
            for name, applies in OPTION_APPLIES.items()
            if applies(self) is None
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
        return bid - bid % self.bid_level_width

    @property
    def bid_level_width(self) -> int:
        """How wide a bid level is: five steps of the ladder's last segment."""
        return 5 * self.bid_steps[-1][1]

    def bid_band(self, level: int) -> tuple[int, int]:
        """The first and last bid on the ladder counted in the bid level ``level``
        (a page writes them "250–290", not "250+").

        >>> PRESETS["check"].bid_band(20), PRESETS["partnership"].bid_band(250)
        ((20, 24), (250, 290))
        >>> PRESETS["double-deck"].bid_band(50), PRESETS["double-deck"].bid_band(75)
        ((50, 70), (75, 95))
        """
        last = level + self.bid_level_width - 1
        while last > level and not self.is_bid_on_steps(last):
            last -= 1
        return level, last

    def next_bid(self, bid: int) -> int:
        """The smallest bid on the ladder above ``bid`` (for a + button).

        >>> PRESETS["double-deck"].next_bid(60)
        65
        """
        candidate = max(bid + 1, self.min_bid)
        start, step = self.step_segment(candidate)
        on_steps = candidate + (start - candidate) % step  # this segment's next step
        # or a later segment's start, which is on its own steps
        return min([on_steps, *(later for later, _ in self.bid_steps if later > candidate)])

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
        bids = [self.next_bid(self.min_bid - 1)]  # the minimum, or the first step above
        while (bid := self.next_bid(bids[-1])) <= highest:
            bids.append(bid)
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
            description="Partnership at one tenth to 100, with chips.",
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


# --- where each house-rule option applies ------------------------------------------


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


def _anywhere(rules: RuleSet) -> str | None:
    return None


# each house-rule option, in the order a game file writes them (``RuleSet.options``), with
# where it applies: None where it does, else the code of the refusal that says why not
# (``rules.OPTIONS`` reads and describes their values, in the same order)
OPTION_APPLIES: dict[str, Callable[[RuleSet], str | None]] = {
    "target": _needs_points,
    "min_bid": _needs_bidding,
    "all_pass": _needs_bidding,
    "throw_in": _needs_points_and_bidding,
    "save_meld": _needs_points_and_bidding,
    "bidder_without_tricks": _needs_points_and_bidding,
    "both_reach_target": _needs_points,
    "doubles": _needs_points,
    "run_extras": _needs_points_and_run_extras,
    "check_scale": _needs_chips,
    "game_end": _anywhere,
    "lose_below": _needs_points_and_bidding,  # only set bidders lose points (two-hand never does)
    "marriage_to_bid": _needs_points_and_marriage_rule,
    "min_meld_to_play": _needs_points_and_bidding,
    "shoot_the_moon": _needs_points_and_bidding,
    "auction_scale": _needs_auction,
    "spades_double": _needs_auction,
    "hearts_triple": _needs_auction,
    "kitty": _needs_auction,
}

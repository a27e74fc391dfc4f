"""The numbers of the game as data: meld tables, counter tables, chip tables.

Each table is written out in full, as the rulebook gives it; nothing is derived
by scaling another table (the tenth-scale table is not the ×10 table divided).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .cards import DOUBLE_DECK, SINGLE_DECK, Deck, Rank


@dataclass(frozen=True)
class MeldTable:
    """Meld values of one scale.

    Tuples of values are indexed by multiplicity minus one: ``run[0]`` is one
    run, ``run[1]`` a double run (as one meld), and so on up to the deck's
    copies. They are the "special" values of the ``doubles`` option; with
    ``doubles: two_singles`` a multiple scores as that many singles.
    """

    name: str
    deck: Deck
    unit: int
    run: tuple[int, ...]
    royal_marriage: int
    marriage: int
    dix: int
    pinochle: tuple[int, ...]
    aces: tuple[int, ...]
    kings: tuple[int, ...]
    queens: tuple[int, ...]
    jacks: tuple[int, ...]
    # run + extra king / extra queen / royal marriage, or None where the table has none
    run_extra_king: int | None = None
    run_extra_queen: int | None = None
    run_royal_marriage: int | None = None
    # two-hand: the royal marriage is melded before its run, so every run also scores it
    run_marriage_first: bool = False

    def around(self, rank: Rank) -> tuple[int, ...]:
        return {
            Rank.ACE: self.aces,
            Rank.KING: self.kings,
            Rank.QUEEN: self.queens,
            Rank.JACK: self.jacks,
        }[rank]

    @property
    def has_run_extras(self) -> bool:
        return self.run_royal_marriage is not None


SINGLE_TABLE = MeldTable(
    name="single deck",
    deck=SINGLE_DECK,
    unit=10,
    run=(150, 1500),
    run_extra_king=190,
    run_extra_queen=190,
    run_royal_marriage=230,
    royal_marriage=40,
    marriage=20,
    dix=10,
    pinochle=(40, 300),
    aces=(100, 1000),
    kings=(80, 800),
    queens=(60, 600),
    jacks=(40, 400),
)

TENTHS_TABLE = MeldTable(
    name="tenths",
    deck=SINGLE_DECK,
    unit=1,
    run=(15, 150),
    run_extra_king=19,
    run_extra_queen=19,
    run_royal_marriage=23,
    royal_marriage=4,
    marriage=2,
    dix=1,
    pinochle=(4, 30),
    aces=(10, 100),
    kings=(8, 80),
    queens=(6, 60),
    jacks=(4, 40),
)

# The two-player seed rules count a double as two singles (the preset's
# ``doubles`` is ``two_singles``); the special values here serve a table that
# switches ``doubles`` to ``special``.
TWO_HAND_TABLE = MeldTable(
    name="two-hand",
    deck=SINGLE_DECK,
    unit=10,
    run=(150, 1500),
    royal_marriage=40,
    marriage=20,
    dix=10,
    pinochle=(40, 300),
    aces=(100, 1000),
    kings=(80, 800),
    queens=(60, 600),
    jacks=(40, 400),
    run_marriage_first=True,
)

DOUBLE_DECK_TABLE = MeldTable(
    name="double deck",
    deck=DOUBLE_DECK,
    unit=1,
    run=(15, 150, 225, 300),
    royal_marriage=4,
    marriage=2,
    dix=0,
    pinochle=(4, 30, 60, 90),
    aces=(10, 100, 150, 200),
    kings=(8, 80, 120, 160),
    queens=(6, 60, 90, 120),
    jacks=(4, 40, 60, 80),
)


@dataclass(frozen=True)
class CounterTable:
    """Trick points: what each counting card is worth, the last trick, the unit."""

    name: str
    deck: Deck
    values: tuple[tuple[Rank, int], ...]
    last_trick: int
    unit: int

    @cached_property
    def total(self) -> int:
        """Counters in one hand: every counting card of the deck plus the last trick."""
        worth = dict(self.values)
        return sum(worth.get(card.rank, 0) for card in self.deck.full()) + self.last_trick


SINGLE_COUNTERS = CounterTable(
    "single deck",
    SINGLE_DECK,
    ((Rank.ACE, 10), (Rank.TEN, 10), (Rank.KING, 10)),
    last_trick=10,
    unit=10,
)
TENTHS_COUNTERS = CounterTable(
    "tenths",
    SINGLE_DECK,
    ((Rank.ACE, 1), (Rank.TEN, 1), (Rank.KING, 1)),
    last_trick=1,
    unit=1,
)
TWO_HAND_COUNTERS = CounterTable(
    "two-hand",
    SINGLE_DECK,
    ((Rank.ACE, 10), (Rank.TEN, 10), (Rank.KING, 5), (Rank.QUEEN, 5)),
    last_trick=10,
    unit=5,
)
DOUBLE_DECK_COUNTERS = CounterTable(
    "double deck",
    DOUBLE_DECK,
    ((Rank.ACE, 1), (Rank.TEN, 1), (Rank.KING, 1)),
    last_trick=2,
    unit=1,
)


@dataclass(frozen=True)
class ChipTable:
    """Check pinochle's chips (rules.md §3.3), one table per ``check_scale``.

    A bid pays ``bid_base`` below the first of ``bid_levels``; each level
    ``(bid, chips)`` pays from that bid on; past the last level every further
    ``bid_step`` of bid adds ``bid_increment``.
    """

    name: str
    meld: tuple[tuple[str, int], ...]
    roundhouse: int
    bid_base: int
    bid_levels: tuple[tuple[int, int], ...]
    bid_step: int
    bid_increment: int
    set_factor: int
    all_tricks: int
    game_base: int
    game_per_points: int
    losers_below_zero: int

    def for_meld(self, name: str) -> int:
        return dict(self.meld).get(name, 0)


_RUN_CHIPS = (
    ("run", 2),
    ("run_extra_king", 2),
    ("run_extra_queen", 2),
    ("run_royal_marriage", 2),
    ("double_run", 4),
    ("aces_around", 2),
    ("double_aces_around", 4),
    ("kings_around", 1),
    ("double_kings_around", 2),
    ("queens_around", 1),
    ("double_queens_around", 2),
    ("jacks_around", 1),
    ("double_jacks_around", 2),
)

SEED_CHIPS = ChipTable(
    name="seed",
    meld=(*_RUN_CHIPS, ("double_pinochle", 1)),
    roundhouse=5,
    bid_base=2,
    bid_levels=((25, 4), (30, 7)),
    bid_step=5,
    bid_increment=3,
    set_factor=2,
    all_tricks=5,
    game_base=10,
    game_per_points=10,
    losers_below_zero=0,
)

BICYCLE_CHIPS = ChipTable(
    name="bicycle",
    meld=(*_RUN_CHIPS, ("double_pinochle", 2)),
    roundhouse=5,
    bid_base=2,
    bid_levels=((25, 4), (30, 7), (35, 10)),
    bid_step=5,
    bid_increment=5,
    set_factor=2,
    all_tricks=5,
    game_base=10,
    game_per_points=10,
    losers_below_zero=5,
)

CHIP_TABLES: dict[str, ChipTable] = {table.name: table for table in (SEED_CHIPS, BICYCLE_CHIPS)}


@dataclass(frozen=True)
class BidValues:
    """Auction pinochle's bid-value table (rules.md §8), one per ``auction_scale``: what a
    bid is worth in chips, paid by (or to) each opponent and the kitty.

    ``levels`` are ``(from bid, chips)`` pairs, rising; a bid is worth the chips of the
    last level at or below it. The first level starts at 0, so a table that lowers
    ``min_bid`` below the printed tables still has a value for every bid.
    """

    name: str
    levels: tuple[tuple[int, int], ...]

    def value(self, bid: int) -> int:
        """The chips ``bid`` is worth.

        >>> CLASSIC_BID_VALUES.value(340), CLASSIC_BID_VALUES.value(350)
        (3, 5)
        """
        chips = self.levels[0][1]
        for start, worth in self.levels:
            if bid >= start:
                chips = worth
        return chips


# The common table: 300-340 pay 3, 350-390 5, 400-440 10, then 5 more for each 50, 30
# from 600 (rules.md §8: Hoyle's table as pokerwiner.com prints it); below 300, 2 (the
# 250-290 row of Scarne's tables, for a table that plays ``min_bid: 250``).
CLASSIC_BID_VALUES = BidValues(
    "classic",
    ((0, 2), (300, 3), (350, 5), (400, 10), (450, 15), (500, 20), (550, 25), (600, 30)),
)
# Scarne's betting-limit scale: one unit more for each 50, 250-290 paying 2, 11 from 700.
SCARNE_BID_VALUES = BidValues(
    "scarne",
    (
        (0, 2),
        (300, 3),
        (350, 4),
        (400, 5),
        (450, 6),
        (500, 7),
        (550, 8),
        (600, 9),
        (650, 10),
        (700, 11),
    ),
)
# Scarne's "special bonus" scale for high bids: 2, 3, 5, 7, 10, 13, 17, 21, 25, 30.
SCARNE_BONUS_BID_VALUES = BidValues(
    "scarne_bonus",
    (
        (0, 2),
        (300, 3),
        (350, 5),
        (400, 7),
        (450, 10),
        (500, 13),
        (550, 17),
        (600, 21),
        (650, 25),
        (700, 30),
    ),
)
BID_VALUE_TABLES: dict[str, BidValues] = {
    table.name: table for table in (CLASSIC_BID_VALUES, SCARNE_BID_VALUES, SCARNE_BONUS_BID_VALUES)
}
# The kitty takes part in the settlement of bids from this one on (and, with
# ``kitty: every_bete``, in every bete).
KITTY_FROM = 350
# What a trump multiplies a played hand's value by, where the option is on: spades
# double (``spades_double``), hearts triple (``hearts_triple``).
SPADES_FACTOR = 2
HEARTS_FACTOR = 3

"""Each meld class's best meld for every count of cards, worked out once per meld table
and options (the look-ups ``meld.best_meld`` adds up), the splitting of a multiple (three
pinochles: a triple, or a double and a single), and ``Meld``, one meld shown."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import AROUND_RANKS, RANKS, SUITS, Card, Rank, Suit, sort_cards
from .names import meld_class, multiple_name
from .presets import RuleSet
from .tables import MeldTable

_RUN_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
AROUND_NAMES = {
    Rank.ACE: "aces_around",
    Rank.KING: "kings_around",
    Rank.QUEEN: "queens_around",
    Rank.JACK: "jacks_around",
}
_QS = Card.of(Rank.QUEEN, Suit.SPADES)
_JD = Card.of(Rank.JACK, Suit.DIAMONDS)


@dataclass(frozen=True)
class Meld:
    """One meld shown: its name (game-format.md §3), its points and its cards."""

    name: str
    points: int
    cards: tuple[Card, ...]
    # two-hand: a royal marriage melded before its run, whose cards the run then uses
    before_run: bool = False

    @property
    def meld_class(self) -> int:
        """1 for runs, marriages and dix; 2 for pinochles; 3 for arounds (rules.md §1.1)."""
        return meld_class(self.name)

    def as_dict(self) -> dict[str, object]:
        return {"name": self.name, "points": self.points, "cards": [str(c) for c in self.cards]}


# --- splitting a multiple -------------------------------------------------------


def group_values(special: tuple[int, ...], doubles: str) -> tuple[int, ...]:
    """Value of one meld of 1, 2, ... sets under the ``doubles`` option."""
    if doubles == "two_singles":
        return tuple(special[0] * size for size in range(1, len(special) + 1))
    return special


def _best_split(values: tuple[int, ...], count: int) -> tuple[int, ...]:
    """The group sizes that score most for ``count`` sets (ties: fewer, larger groups).

    >>> _best_split((4, 30, 60, 90), 3)
    (3,)
    >>> _best_split((40, 80), 2)
    (2,)
    """
    best: tuple[int, tuple[int, ...]] = (0, ())
    for parts in _partitions(count, len(values)):
        score = sum(values[size - 1] for size in parts)
        if score > best[0] or (score == best[0] and len(parts) < len(best[1])):
            best = (score, parts)
    return best[1]


def _partitions(count: int, largest: int) -> Iterable[tuple[int, ...]]:
    if count == 0:
        yield ()
        return
    for first in range(min(count, largest), 0, -1):
        for rest in _partitions(count - first, first):
            yield (first, *rest)


# --- the tables of one meld scale ----------------------------------------------


@dataclass(frozen=True)
class TableEntry:
    """A class's best meld for one count of cards: its points and its melds."""

    total: int
    melds: tuple[Meld, ...]


_EMPTY = TableEntry(0, ())


class MeldTables:
    """Every class's best meld for every possible count, for one meld table and options."""

    def __init__(self, table: MeldTable, doubles: str, run_extras: bool) -> None:
        self.table = table
        self.copies = table.deck.copies
        self.ranks = table.deck.ranks
        self.run_extras = run_extras and table.has_run_extras
        self.run_values = group_values(table.run, doubles)
        self.pinochle = [
            self._sets(count, group_values(table.pinochle, doubles), "pinochle", (_QS, _JD))
            for count in range(self.copies + 1)
        ]
        self.arounds = {
            rank: [
                self._sets(
                    count,
                    group_values(table.around(rank), doubles),
                    AROUND_NAMES[rank],
                    tuple(Card.of(rank, suit) for suit in SUITS),
                )
                for count in range(self.copies + 1)
            ]
            for rank in AROUND_RANKS
        }
        self.marriages = {
            suit: [
                TableEntry(
                    table.marriage * count,
                    (Meld("marriage", table.marriage, marriage_cards(suit)),) * count,
                )
                for count in range(self.copies + 1)
            ]
            for suit in SUITS
        }
        base = self.copies + 1
        self.trump = {
            suit: [
                self._trump_entry(suit, code_digits(code, base, len(self.ranks)))
                for code in range(base ** len(self.ranks))
            ]
            for suit in SUITS
        }
        self._index_rows()

    def _sets(
        self, count: int, values: tuple[int, ...], name: str, cards: tuple[Card, ...]
    ) -> TableEntry:
        melds = tuple(
            Meld(multiple_name(size, name), values[size - 1], cards * size)
            for size in _best_split(values, count)
        )
        return TableEntry(sum(meld.points for meld in melds), melds)

    def _trump_entry(self, trump: Suit, counts: tuple[int, ...]) -> TableEntry:
        """The best class-1 meld in trump for these counts of A 10 K Q J (9)."""
        held = dict(zip(self.ranks, counts, strict=True))
        best = _EMPTY
        for runs in range(min(held[rank] for rank in _RUN_RANKS) + 1):
            for entry in self._trump_with_runs(trump, held, runs):
                if entry.total > best.total:
                    best = entry
        return best

    def _trump_with_runs(
        self, trump: Suit, held: dict[Rank, int], runs: int
    ) -> Iterable[TableEntry]:
        table = self.table
        groups = _best_split(self.run_values, runs)
        if table.run_marriage_first and runs * self.run_values[0] >= sum(
            self.run_values[size - 1] for size in groups
        ):
            groups = (1,) * runs  # two-hand: each run melded on its own, after its marriage
        singles = groups.count(1)
        kings, queens = held[Rank.KING] - runs, held[Rank.QUEEN] - runs
        for extra_pairs, extra_kings, extra_queens in self._extras(singles, kings, queens):
            melds: list[Meld] = []
            extras: list[tuple[str, int | None, tuple[Rank, ...]]] = [
                ("run_royal_marriage", table.run_royal_marriage, (Rank.KING, Rank.QUEEN))
            ]
            extras *= extra_pairs
            extras += [("run_extra_king", table.run_extra_king, (Rank.KING,))] * extra_kings
            extras += [("run_extra_queen", table.run_extra_queen, (Rank.QUEEN,))] * extra_queens
            for size in groups:
                if table.run_marriage_first:
                    first = Meld(
                        "royal_marriage", table.royal_marriage, marriage_cards(trump), True
                    )
                    melds += [first] * size
                if size == 1 and extras:
                    name, points, ranks = extras.pop()
                    cards = _run(trump) + tuple(Card.of(rank, trump) for rank in ranks)
                    melds.append(Meld(name, points or 0, tuple(sort_cards(cards))))
                else:
                    name = multiple_name(size, "run")
                    melds.append(Meld(name, self.run_values[size - 1], _run(trump) * size))
            pairs = min(
                kings - extra_pairs - extra_kings,
                queens - extra_pairs - extra_queens,
            )
            melds += [Meld("royal_marriage", table.royal_marriage, marriage_cards(trump))] * pairs
            if table.dix:
                nine = Card.of(Rank.NINE, trump)
                melds += [Meld("dix", table.dix, (nine,))] * held.get(Rank.NINE, 0)
            yield TableEntry(sum(meld.points for meld in melds), tuple(melds))

    def _extras(self, singles: int, kings: int, queens: int) -> Iterable[tuple[int, int, int]]:
        """Ways to give single runs an extra royal marriage, king or queen."""
        if not self.run_extras or singles == 0:
            yield (0, 0, 0)
            return
        for pairs in range(min(singles, kings, queens) + 1):
            for extra_kings in range(min(singles - pairs, kings - pairs) + 1):
                for extra_queens in range(min(singles - pairs - extra_kings, queens - pairs) + 1):
                    yield (pairs, extra_kings, extra_queens)

    def _index_rows(self) -> None:
        """Rows indexed by position (suit, rank) for the hot path, no enum hashing."""
        base = self.copies + 1
        width = len(self.ranks)
        self.around_rows = [self.arounds[rank] for rank in AROUND_RANKS]
        self.marriage_rows = [self.marriages[suit] for suit in SUITS]
        self.trump_rows = [self.trump[suit] for suit in SUITS]
        # the trump code of a suit is sum(counts[index] * weight)
        self.trump_weights = [
            tuple(
                (position_in_suit * len(RANKS) + rank, base ** (width - 1 - rank))
                for rank in range(width)
            )
            for position_in_suit in range(len(SUITS))
        ]

    def trump_code(self, counts: Sequence[int], suit_position: int) -> int:
        return sum(counts[index] * weight for index, weight in self.trump_weights[suit_position])


def code_digits(code: int, base: int, width: int) -> tuple[int, ...]:
    """The counts a trump code stands for, rank by rank: its ``width`` digits in ``base``."""
    digits = []
    for _ in range(width):
        code, digit = divmod(code, base)
        digits.append(digit)
    return tuple(reversed(digits))


def marriage_cards(suit: Suit) -> tuple[Card, ...]:
    """The K and Q of ``suit``."""
    return (Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit))


def _run(suit: Suit) -> tuple[Card, ...]:
    return tuple(Card.of(rank, suit) for rank in _RUN_RANKS)


_TABLES: dict[tuple[int, str, bool], tuple[MeldTable, MeldTables]] = {}


def tables_for(rules: RuleSet) -> MeldTables:
    """The lookup tables of ``rules``' meld table and options, built on first use."""
    table, run_extras = rules.meld_table, rules.run_extras == "on"
    key = (id(table), rules.doubles, run_extras)
    cached = _TABLES.get(key)
    if cached is None:
        built = MeldTables(table, rules.doubles, run_extras)
        cached = _TABLES[key] = (table, built)  # the table is kept, so its id stays its own
    return cached[1]

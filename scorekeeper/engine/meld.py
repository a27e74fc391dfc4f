"""The best meld of one player's cards (rules.md §1).

Meld comes in three classes, and a card may serve once in each class but never
twice in one. So the classes never compete for a card, and the best meld is
the best of each class added up:

- class 1 is suit by suit: common marriages in each plain suit, and in trump
  the choice between runs, run extras, royal marriages and dix;
- class 2 is the pinochles (Q♠ J♦), as many sets as both cards allow;
- class 3 is each rank around (A, K, Q, J of every suit), as many as the
  scarcest suit allows.

The only real search is in trump and in splitting a multiple (three pinochles
as a triple, or a double and a single); both are done once per meld table for
every possible count of cards and kept in lookup tables, so a hand is melded
by a few look-ups. That is what makes 30,000 hands a second possible.

>>> from .cards import parse_cards
>>> from .presets import PRESETS
>>> result = best_meld(parse_cards("AH 10H KH KH QH QH JH"), Suit.HEARTS, PRESETS["partnership"])
>>> result.total, [meld.name for meld in result.melds]
(230, ['run_royal_marriage'])
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import (
    AROUND_RANKS,
    DISTINCT_CARDS,
    RANKS,
    SUITS,
    Card,
    Rank,
    Suit,
    card_counts,
    check_copies,
    check_counts,
    sort_cards,
)
from .chips import meld_chips
from .errors import CardError
from .names import MELD_NAMES, meld_class, multiple_name
from .presets import RuleSet
from .tables import MeldTable

__all__ = [
    "Meld",
    "MeldResult",
    "best_meld",
    "check_hand",
    "holds_marriage",
    "max_player_meld",
    "meld_by_trump",
    "meld_names",
    "meld_values",
]

_RUN_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
_AROUND_NAMES = {
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


@dataclass(frozen=True)
class MeldResult:
    """The best meld of some cards for one trump; ``chips`` only in check pinochle."""

    trump: Suit
    total: int
    melds: tuple[Meld, ...]
    chips: int | None = None

    def cards_shown(self) -> tuple[Card, ...]:
        """The cards a player lays down for these melds, in order.

        A card serves once in each class, so it is laid down as many times as
        the class that uses it most.

        >>> from .cards import format_cards, parse_cards
        >>> from .presets import PRESETS
        >>> hand = parse_cards("AS 10S KS QS JS 9H JD KD")
        >>> format_cards(best_meld(hand, Suit.SPADES, PRESETS["partnership"]).cards_shown())
        'AS 10S KS QS JS JD'
        """
        needed = [0] * len(DISTINCT_CARDS)
        for each_class in (1, 2, 3):
            used = card_counts(
                card
                for meld in self.melds
                if meld.meld_class == each_class and not meld.before_run
                for card in meld.cards
            )
            needed = [max(a, b) for a, b in zip(needed, used, strict=True)]
        return tuple(card for card in DISTINCT_CARDS for _ in range(needed[card.index]))

    def as_dict(self) -> dict[str, object]:
        """The shape of ``scorekeeper meld --json`` (game-format.md §3)."""
        out: dict[str, object] = {
            "trump": self.trump.value,
            "total": self.total,
            "melds": [meld.as_dict() for meld in self.melds],
        }
        if self.chips is not None:
            out["chips"] = self.chips
        return out


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
class _Entry:
    total: int
    melds: tuple[Meld, ...]


_EMPTY = _Entry(0, ())


class _MeldTables:
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
                    _AROUND_NAMES[rank],
                    tuple(Card.of(rank, suit) for suit in SUITS),
                )
                for count in range(self.copies + 1)
            ]
            for rank in AROUND_RANKS
        }
        self.marriages = {
            suit: [
                _Entry(
                    table.marriage * count,
                    (Meld("marriage", table.marriage, _pair(suit)),) * count,
                )
                for count in range(self.copies + 1)
            ]
            for suit in SUITS
        }
        base = self.copies + 1
        self.trump = {
            suit: [
                self._trump_entry(suit, _digits(code, base, len(self.ranks)))
                for code in range(base ** len(self.ranks))
            ]
            for suit in SUITS
        }
        self._index_rows()

    def _sets(
        self, count: int, values: tuple[int, ...], name: str, cards: tuple[Card, ...]
    ) -> _Entry:
        melds = tuple(
            Meld(multiple_name(size, name), values[size - 1], cards * size)
            for size in _best_split(values, count)
        )
        return _Entry(sum(meld.points for meld in melds), melds)

    def _trump_entry(self, trump: Suit, counts: tuple[int, ...]) -> _Entry:
        """The best class-1 meld in trump for these counts of A 10 K Q J (9)."""
        held = dict(zip(self.ranks, counts, strict=True))
        best = _EMPTY
        for runs in range(min(held[rank] for rank in _RUN_RANKS) + 1):
            for entry in self._trump_with_runs(trump, held, runs):
                if entry.total > best.total:
                    best = entry
        return best

    def _trump_with_runs(self, trump: Suit, held: dict[Rank, int], runs: int) -> Iterable[_Entry]:
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
                    first = Meld("royal_marriage", table.royal_marriage, _pair(trump), True)
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
            melds += [Meld("royal_marriage", table.royal_marriage, _pair(trump))] * pairs
            if table.dix:
                nine = Card.of(Rank.NINE, trump)
                melds += [Meld("dix", table.dix, (nine,))] * held.get(Rank.NINE, 0)
            yield _Entry(sum(meld.points for meld in melds), tuple(melds))

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


def _digits(code: int, base: int, width: int) -> tuple[int, ...]:
    digits = []
    for _ in range(width):
        code, digit = divmod(code, base)
        digits.append(digit)
    return tuple(reversed(digits))


def _pair(suit: Suit) -> tuple[Card, ...]:
    return (Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit))


def _run(suit: Suit) -> tuple[Card, ...]:
    return tuple(Card.of(rank, suit) for rank in _RUN_RANKS)


_TABLES: dict[tuple[int, str, bool], tuple[MeldTable, _MeldTables]] = {}


def tables_for(rules: RuleSet) -> _MeldTables:
    """The lookup tables of ``rules``' meld table and options, built on first use."""
    table, run_extras = rules.meld_table, rules.run_extras == "on"
    key = (id(table), rules.doubles, run_extras)
    cached = _TABLES.get(key)
    if cached is None:
        built = _MeldTables(table, rules.doubles, run_extras)
        cached = _TABLES[key] = (table, built)  # the table is kept, so its id stays its own
    return cached[1]


def meld_names() -> tuple[str, ...]:
    """Every meld name of game-format.md §3 that scores points in some meld table."""
    return MELD_NAMES


def meld_values(rules: RuleSet) -> dict[str, int]:
    """Every meld name that scores under ``rules`` with its points."""
    table = rules.meld_table
    values: dict[str, int] = {"royal_marriage": table.royal_marriage, "marriage": table.marriage}
    if table.dix:
        values["dix"] = table.dix
    families = {"run": table.run, "pinochle": table.pinochle}
    families.update({_AROUND_NAMES[rank]: table.around(rank) for rank in AROUND_RANKS})
    for base, special in families.items():
        for size, points in enumerate(group_values(special, rules.doubles), 1):
            values[multiple_name(size, base)] = points
    if table.has_run_extras and rules.run_extras == "on":
        values["run_extra_king"] = table.run_extra_king or 0
        values["run_extra_queen"] = table.run_extra_queen or 0
        values["run_royal_marriage"] = table.run_royal_marriage or 0
    return values


# --- the public API --------------------------------------------------------------


_QS_INDEX = _QS.index
_JD_INDEX = _JD.index
_AROUND_INDEXES = tuple(tuple(Card.of(rank, suit).index for suit in SUITS) for rank in AROUND_RANKS)
_MARRIAGE_INDEXES = tuple(
    (Card.of(Rank.KING, suit).index, Card.of(Rank.QUEEN, suit).index) for suit in SUITS
)


def _plain_meld(tables: _MeldTables, counts: Sequence[int]) -> _Entry:
    """Class 2 and 3: the pinochles and the arounds, which do not depend on trump."""
    entries = [tables.pinochle[min(counts[_QS_INDEX], counts[_JD_INDEX])]]
    for row, (h, s, d, c) in zip(tables.around_rows, _AROUND_INDEXES, strict=True):
        entries.append(row[min(counts[h], counts[s], counts[d], counts[c])])
    melds: tuple[Meld, ...] = ()
    for entry in entries:
        melds += entry.melds
    return _Entry(sum(entry.total for entry in entries), melds)


def _marriages(tables: _MeldTables, counts: Sequence[int]) -> list[_Entry]:
    """Class 1 outside trump: the common marriages of each suit."""
    return [
        row[min(counts[king], counts[queen])]
        for row, (king, queen) in zip(tables.marriage_rows, _MARRIAGE_INDEXES, strict=True)
    ]


def _result(
    tables: _MeldTables,
    rules: RuleSet,
    counts: Sequence[int],
    position: int,
    plain: _Entry,
    marriages: list[_Entry],
) -> MeldResult:
    in_trump = tables.trump_rows[position][tables.trump_code(counts, position)]
    total, melds = in_trump.total + plain.total, in_trump.melds
    for other, entry in enumerate(marriages):
        if other != position:
            total += entry.total
            melds += entry.melds
    melds += plain.melds
    chip_table = rules.chip_table
    chips = None if chip_table is None else meld_chips(melds, counts, chip_table)
    return MeldResult(SUITS[position], total, melds, chips)


def _counts(cards: Iterable[Card], rules: RuleSet) -> list[int]:
    """How many of each card; more copies than the deck has are refused."""
    counts = card_counts(cards)
    check_counts(counts, rules.meld_table.deck)
    return counts


def best_meld(cards: Iterable[Card], trump: Suit, rules: RuleSet) -> MeldResult:
    """The best meld of one player's cards for ``trump`` under ``rules``."""
    counts = _counts(cards, rules)
    tables = tables_for(rules)
    position = SUITS.index(trump)
    return _result(
        tables, rules, counts, position, _plain_meld(tables, counts), _marriages(tables, counts)
    )


def meld_by_trump(cards: Iterable[Card], rules: RuleSet) -> dict[Suit, MeldResult]:
    """The best meld for each of the four trumps at once (a help when bidding)."""
    counts = _counts(cards, rules)
    tables = tables_for(rules)
    plain = _plain_meld(tables, counts)
    marriages = _marriages(tables, counts)
    return {
        suit: _result(tables, rules, counts, position, plain, marriages)
        for position, suit in enumerate(SUITS)
    }


def check_hand(cards: Sequence[Card], rules: RuleSet) -> None:
    """Refuse cards one player cannot hold under ``rules`` (deck, copies, hand size)."""
    deck = rules.meld_table.deck
    for card in cards:
        if card.rank not in deck.ranks:
            raise CardError(
                "card_not_in_deck", card=str(card), deck=deck.name, rank=card.rank.value
            )
    check_copies(cards, deck)
    if len(cards) > rules.hand_size:
        raise CardError(
            "hand_too_large", count=len(cards), ruleset=rules.name, limit=rules.hand_size
        )


def holds_marriage(cards: Iterable[Card], suit: Suit) -> bool:
    """Whether the cards hold a K and a Q of ``suit``."""
    counts = card_counts(cards)
    king, queen = _pair(suit)
    return counts[king.index] > 0 and counts[queen.index] > 0


# --- the largest meld a player can declare ------------------------------------------


def max_player_meld(rules: RuleSet) -> int:
    """The most one player can meld in one hand of ``rules.hand_size`` cards.

    Found by search, not assumed: every way to use the cards for arounds and
    pinochles, then, suit by suit, the cheapest class-1 meld on top of them.

    >>> from .presets import PRESETS
    >>> max_player_meld(PRESETS["partnership"])
    1800
    """
    key = (id(tables_for(rules)), rules.hand_size)
    bound = _MAX_MELD.get(key)
    if bound is None:
        bound = _MAX_MELD[key] = _max_meld(tables_for(rules), rules.hand_size)
    return bound


_MAX_MELD: dict[tuple[int, int], int] = {}


def _max_meld(tables: _MeldTables, hand_size: int) -> int:
    copies, ranks = tables.copies, tables.ranks
    trump_options = {suit: _lean_configs(tables, suit) for suit in SUITS}
    best = 0
    levels = range(copies + 1)
    for arounds in itertools.product(levels, repeat=len(AROUND_RANKS)):
        around_value = sum(
            tables.arounds[rank][count].total
            for rank, count in zip(AROUND_RANKS, arounds, strict=True)
        )
        for pinochles in levels:
            base = _base_needs(ranks, arounds, pinochles)
            spare = hand_size - sum(sum(row) for row in base.values())
            if spare < 0:
                continue
            plain_value = around_value + tables.pinochle[pinochles].total
            for trump in SUITS:
                value = _best_suits(tables, trump, trump_options[trump], base, spare)
                best = max(best, plain_value + value)
    return best


def _base_needs(
    ranks: tuple[Rank, ...], arounds: tuple[int, ...], pinochles: int
) -> dict[Suit, list[int]]:
    """Cards of each suit and rank that the arounds and pinochles already need."""
    around = dict(zip(AROUND_RANKS, arounds, strict=True))
    needs = {suit: [around.get(rank, 0) for rank in ranks] for suit in SUITS}
    needs[Suit.SPADES][ranks.index(Rank.QUEEN)] = max(
        needs[Suit.SPADES][ranks.index(Rank.QUEEN)], pinochles
    )
    needs[Suit.DIAMONDS][ranks.index(Rank.JACK)] = max(
        needs[Suit.DIAMONDS][ranks.index(Rank.JACK)], pinochles
    )
    return needs


def _lean_configs(tables: _MeldTables, trump: Suit) -> list[tuple[tuple[int, ...], int]]:
    """Trump holdings where every card adds to the meld (others cost more for nothing)."""
    base = tables.copies + 1
    width = len(tables.ranks)
    lean = []
    for code, entry in enumerate(tables.trump[trump]):
        counts = _digits(code, base, width)
        smaller = (
            code - base ** (width - 1 - position)
            for position in range(width)
            if counts[position] > 0
        )
        if all(tables.trump[trump][other].total < entry.total for other in smaller):
            lean.append((counts, entry.total))
    return lean


def _best_suits(
    tables: _MeldTables,
    trump: Suit,
    trump_configs: list[tuple[tuple[int, ...], int]],
    base: dict[Suit, list[int]],
    spare: int,
) -> int:
    """Best class-1 meld over the four suits using at most ``spare`` more cards."""
    king, queen = tables.ranks.index(Rank.KING), tables.ranks.index(Rank.QUEEN)
    best_by_cost = {0: 0}
    for suit in SUITS:
        needs = base[suit]
        if suit is trump:
            options = [
                (sum(max(0, c - n) for c, n in zip(config, needs, strict=True)), value)
                for config, value in trump_configs
            ]
        else:
            options = [
                (
                    max(0, m - needs[king]) + max(0, m - needs[queen]),
                    tables.marriages[suit][m].total,
                )
                for m in range(tables.copies + 1)
            ]
        merged: dict[int, int] = {}
        for cost, value in best_by_cost.items():
            for extra, gain in options:
                total_cost = cost + extra
                if total_cost <= spare and merged.get(total_cost, -1) < value + gain:
                    merged[total_cost] = value + gain
        best_by_cost = merged
    return max(best_by_cost.values())

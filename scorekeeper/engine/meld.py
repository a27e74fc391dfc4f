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
every possible count of cards and kept in lookup tables (``meld_classes``), so a
hand is melded by a few look-ups. That is what makes 30,000 hands a second possible.

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
    SUITS,
    Card,
    Rank,
    Suit,
    card_counts,
    check_copies,
    check_counts,
)
from .chips import meld_chips
from .errors import CardError
from .meld_classes import (
    AROUND_NAMES,
    Meld,
    MeldTables,
    TableEntry,
    code_digits,
    group_values,
    marriage_cards,
    tables_for,
)
from .names import MELD_NAMES, multiple_name
from .presets import RuleSet

__all__ = [
    "MeldResult",
    "best_meld",
    "check_hand",
    "holds_marriage",
    "max_player_meld",
    "meld_by_trump",
    "meld_names",
    "meld_values",
]


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
    families.update({AROUND_NAMES[rank]: table.around(rank) for rank in AROUND_RANKS})
    for base, special in families.items():
        for size, points in enumerate(group_values(special, rules.doubles), 1):
            values[multiple_name(size, base)] = points
    if table.has_run_extras and rules.run_extras == "on":
        values["run_extra_king"] = table.run_extra_king or 0
        values["run_extra_queen"] = table.run_extra_queen or 0
        values["run_royal_marriage"] = table.run_royal_marriage or 0
    return values


# --- the public API --------------------------------------------------------------


_QS_INDEX = Card.of(Rank.QUEEN, Suit.SPADES).index
_JD_INDEX = Card.of(Rank.JACK, Suit.DIAMONDS).index
_AROUND_INDEXES = tuple(tuple(Card.of(rank, suit).index for suit in SUITS) for rank in AROUND_RANKS)
_MARRIAGE_INDEXES = tuple(
    (Card.of(Rank.KING, suit).index, Card.of(Rank.QUEEN, suit).index) for suit in SUITS
)


def _plain_meld(tables: MeldTables, counts: Sequence[int]) -> TableEntry:
    """Class 2 and 3: the pinochles and the arounds, which do not depend on trump."""
    entries = [tables.pinochle[min(counts[_QS_INDEX], counts[_JD_INDEX])]]
    for row, (h, s, d, c) in zip(tables.around_rows, _AROUND_INDEXES, strict=True):
        entries.append(row[min(counts[h], counts[s], counts[d], counts[c])])
    melds: tuple[Meld, ...] = ()
    for entry in entries:
        melds += entry.melds
    return TableEntry(sum(entry.total for entry in entries), melds)


def _marriages(tables: MeldTables, counts: Sequence[int]) -> list[TableEntry]:
    """Class 1 outside trump: the common marriages of each suit."""
    return [
        row[min(counts[king], counts[queen])]
        for row, (king, queen) in zip(tables.marriage_rows, _MARRIAGE_INDEXES, strict=True)
    ]


def _result(
    tables: MeldTables,
    rules: RuleSet,
    counts: Sequence[int],
    position: int,
    plain: TableEntry,
    marriages: list[TableEntry],
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
    king, queen = marriage_cards(suit)
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


def _max_meld(tables: MeldTables, hand_size: int) -> int:
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


def _lean_configs(tables: MeldTables, trump: Suit) -> list[tuple[tuple[int, ...], int]]:
    """Trump holdings where every card adds to the meld (others cost more for nothing)."""
    base = tables.copies + 1
    width = len(tables.ranks)
    lean = []
    for code, entry in enumerate(tables.trump[trump]):
        counts = code_digits(code, base, width)
        smaller = (
            code - base ** (width - 1 - position)
            for position in range(width)
            if counts[position] > 0
        )
        if all(tables.trump[trump][other].total < entry.total for other in smaller):
            lean.append((counts, entry.total))
    return lean


def _best_suits(
    tables: MeldTables,
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

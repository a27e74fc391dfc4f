"""Check pinochle's chips (rules.md §3.3): for meld shown, bids, sets, slams, the game.

Every chip one side wins the other side pays, so a hand's chips are written as
the net per side and always add up to zero.

>>> from .tables import SEED_CHIPS
>>> [bid_chips(bid, SEED_CHIPS) for bid in (20, 24, 25, 30, 35, 40)]
[2, 2, 4, 7, 10, 13]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from .cards import SUITS, Card, Rank
from .names import multiple_name, split_multiple
from .tables import ChipTable


class _Named(Protocol):
    @property
    def name(self) -> str: ...


_KING_QUEEN_AROUND = {"kings_around", "queens_around"}


def meld_chips(melds: Iterable[_Named], counts: Sequence[int], table: ChipTable) -> int:
    """Chips for the meld one player shows.

    A roundhouse (K and Q of every suit) pays ``table.roundhouse`` and replaces
    the kings- and queens-around chips of those cards; a player with more kings
    or queens around than roundhouses is paid for the rest as usual.
    """
    chips = sum(
        table.for_meld(meld.name)
        for meld in melds
        if split_multiple(meld.name)[1] not in _KING_QUEEN_AROUND
    )
    kings = _around_count(counts, Rank.KING)
    queens = _around_count(counts, Rank.QUEEN)
    roundhouses = min(
        min(counts[Card.of(Rank.KING, suit).index], counts[Card.of(Rank.QUEEN, suit).index])
        for suit in SUITS
    )
    chips += roundhouses * table.roundhouse
    chips += _level_chips(kings - roundhouses, "kings_around", table)
    chips += _level_chips(queens - roundhouses, "queens_around", table)
    return chips


def _around_count(counts: Sequence[int], rank: Rank) -> int:
    return min(counts[Card.of(rank, suit).index] for suit in SUITS)


def _level_chips(level: int, name: str, table: ChipTable) -> int:
    if level <= 0:
        return 0
    return table.for_meld(multiple_name(min(level, 4), name))


def bid_chips(bid: int, table: ChipTable) -> int:
    """Chips a made bid pays (a set pays the defenders ``set_factor`` times this)."""
    chips = table.bid_base
    for start, level_chips in table.bid_levels:
        if bid >= start:
            chips = level_chips
    last_start = table.bid_levels[-1][0]
    if bid >= last_start:
        chips += (bid - last_start) // table.bid_step * table.bid_increment
    return chips


def game_chips(winner_total: int, loser_totals: Sequence[int], table: ChipTable) -> int:
    """Chips for winning the points race: the base plus one per started ten of margin.

    >>> from .tables import SEED_CHIPS
    >>> game_chips(111, [60], SEED_CHIPS), game_chips(100, [100], SEED_CHIPS)
    (16, 10)
    """
    margin = max(0, winner_total - max(loser_totals))
    chips = table.game_base + -(-margin // table.game_per_points)
    if any(total < 0 for total in loser_totals):
        chips += table.losers_below_zero
    return chips


def net_chips(earned: Sequence[int]) -> tuple[int, ...]:
    """Chips per side once each side has paid the others: zero-sum.

    >>> net_chips([16, 1])
    (15, -15)
    """
    total, count = sum(earned), len(earned)
    return tuple(count * chips - total for chips in earned)

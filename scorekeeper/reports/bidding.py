"""Season statistics of bidding: won bids by rule set and bid level, and the counters
the bidders and the defenders took, summed by the database from the stored outcomes."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import func, select

from scorekeeper.engine.rules import ruleset
from scorekeeper.extensions import db
from scorekeeper.reports.stats import Period, rate
from scorekeeper.store.models import BidOutcome, Game


@dataclass(frozen=True)
class BidLevel:
    """Won bids of one rule set at one bid level (``RuleSet.bid_level``)."""

    ruleset: str
    level: int
    bids: int
    made: int
    sets: int
    throw_ins: int
    played: int = 0  # hands played out (counters recorded)
    bidder_counters: int = 0
    defender_counters: int = 0

    @property
    def make_rate(self) -> float:
        return rate(self.made, self.bids)

    @property
    def band(self) -> str:
        """The bids the level counts, first to last on the ladder: "20–24", "250–290"."""
        first, last = ruleset(self.ruleset).bid_band(self.level)
        return f"{first}–{last}"


@dataclass(frozen=True)
class CounterShare:
    """Counters taken on average in one rule set's hands played out after a bid."""

    ruleset: str
    hands: int
    bidders: float
    defenders: float


def bidding(period: Period) -> list[BidLevel]:
    """How often bids are made at each bid level, by rule set then level."""
    query = (
        select(
            Game.ruleset,
            BidOutcome.level,
            func.sum(BidOutcome.bids),
            func.sum(BidOutcome.made),
            func.sum(BidOutcome.sets),
            func.sum(BidOutcome.throw_ins),
            func.sum(BidOutcome.played),
            func.sum(BidOutcome.bidder_counters),
            func.sum(BidOutcome.defender_counters),
        )
        .join(Game, Game.id == BidOutcome.game_id)
        .group_by(Game.ruleset, BidOutcome.level)
        .order_by(Game.ruleset, BidOutcome.level)
    )
    return [BidLevel(*row) for row in db.session.execute(period.within(query))]


def counter_shares(levels: Iterable[BidLevel]) -> list[CounterShare]:
    """Average counters taken by the bidding side and by the defence, by rule set (from
    ``bidding``'s rows, already summed by the database)."""
    totals: dict[str, list[int]] = {}
    for level in levels:
        sums = totals.setdefault(level.ruleset, [0, 0, 0])
        sums[0] += level.played
        sums[1] += level.bidder_counters
        sums[2] += level.defender_counters
    return [
        CounterShare(name, hands, round(bidders / hands, 1), round(defenders / hands, 1))
        for name, (hands, bidders, defenders) in sorted(totals.items())
        if hands
    ]

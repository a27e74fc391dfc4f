"""Season statistics, aggregated by the database from the stored outcomes.

Every figure comes from ``hand_outcome`` and ``game_outcome`` rows (written by
the engine's replay whenever a hand changes) joined to the seats, so a page
never loads whole games into Python. The ratings are Elo, replayed over the
finished games in order, as the issue defines them.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import asdict, dataclass
from datetime import date
from itertools import combinations
from typing import Any

from sqlalchemy import Select, and_, case, func, select
from sqlalchemy.orm import aliased

from .extensions import db
from .models import Game, GameOutcome, HandOutcome, Player, Seat, SideOutcome

START_RATING = 1500.0
K_FACTOR = 32.0


@dataclass(frozen=True)
class Period:
    """Which games count: played from ``start`` to ``end`` (inclusive), of one rule set."""

    start: date | None = None
    end: date | None = None
    ruleset: str | None = None

    @staticmethod
    def named(name: str | None) -> Period:
        """ "All time" (or nothing) and calendar years ("2026") need no creating."""
        if not name or name.lower() == "all time":
            return Period()
        if name.isascii() and name.isdigit() and len(name) == 4:
            year = int(name)
            return Period(date(year, 1, 1), date(year, 12, 31))
        raise ValueError(f"unknown season {name!r}: expected a year like 2026 or 'All time'")

    def games(self) -> Select[tuple[int]]:
        """The ids of the games in this period."""
        query = select(Game.id)
        if self.start is not None:
            query = query.where(Game.played_on >= self.start)
        if self.end is not None:
            query = query.where(Game.played_on <= self.end)
        if self.ruleset is not None:
            query = query.where(Game.ruleset == self.ruleset)
        return query


@dataclass
class PlayerStats:
    name: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    win_rate: float = 0.0
    hands: int = 0
    bids: int = 0
    bids_made: int = 0
    sets: int = 0
    throw_ins: int = 0
    make_rate: float = 0.0
    avg_bid: float = 0.0
    points: int = 0
    best_hand: int | None = None
    chips: int = 0
    rating: float = START_RATING


def player_stats(period: Period) -> list[PlayerStats]:
    """Every figure of every player who played in ``period``, best rating first."""
    games = period.games().subquery()
    stats: dict[int, PlayerStats] = {}
    for player_id, name, played, wins, draws in db.session.execute(_game_figures(games)):
        stats[player_id] = PlayerStats(name, games=played, wins=wins or 0, draws=draws or 0)
    for player_id, name, hands, points, best, chips in db.session.execute(_hand_figures(games)):
        entry = stats.setdefault(player_id, PlayerStats(name))
        entry.hands, entry.points, entry.best_hand, entry.chips = hands, points, best, chips or 0
    for player_id, bids, made, sets, throw_ins, average in db.session.execute(_bid_figures(games)):
        entry = stats[player_id]
        entry.bids, entry.bids_made, entry.sets, entry.throw_ins = bids, made, sets, throw_ins
        entry.avg_bid = round(float(average or 0), 2)
    for entry in stats.values():
        entry.win_rate = round(entry.wins / entry.games, 4) if entry.games else 0.0
        entry.make_rate = round(entry.bids_made / entry.bids, 4) if entry.bids else 0.0
    for player_id, rating in ratings(period).items():
        if player_id in stats:
            stats[player_id].rating = round(rating, 1)
    return sorted(stats.values(), key=lambda entry: (-entry.rating, entry.name))


def _game_figures(games: Any) -> Select[Any]:
    won = case((GameOutcome.winner == Seat.side, 1), else_=0)
    drawn = case((GameOutcome.draw, 1), else_=0)
    return (
        select(Player.id, Player.name, func.count(), func.sum(won), func.sum(drawn))
        .join(Seat, Seat.player_id == Player.id)
        .join(GameOutcome, GameOutcome.game_id == Seat.game_id)
        .where(Seat.game_id.in_(select(games.c.id)), GameOutcome.finished)
        .group_by(Player.id)
    )


def _hand_figures(games: Any) -> Select[Any]:
    # a row per side of a game (its hands summed when they were stored)
    return (
        select(
            Player.id,
            Player.name,
            func.sum(SideOutcome.hands),
            func.sum(SideOutcome.points),
            func.max(SideOutcome.best_hand),
            func.sum(SideOutcome.chips),
        )
        .join(Seat, Seat.player_id == Player.id)
        .join(
            SideOutcome,
            and_(SideOutcome.game_id == Seat.game_id, SideOutcome.side == Seat.side),
        )
        .where(Seat.game_id.in_(select(games.c.id)))
        .group_by(Player.id)
    )


def _bid_figures(games: Any) -> Select[Any]:
    def outcome(name: str) -> Any:
        return func.sum(case((HandOutcome.outcome == name, 1), else_=0))

    return (
        select(
            HandOutcome.bidder_id,
            func.count(),
            outcome("made"),
            outcome("set"),
            outcome("thrown_in"),
            func.avg(HandOutcome.bid),
        )
        .where(
            HandOutcome.game_id.in_(select(games.c.id)),
            HandOutcome.bidding,
            HandOutcome.bidder_id.is_not(None),
        )
        .group_by(HandOutcome.bidder_id)
    )


def ratings(period: Period) -> dict[int, float]:
    """Elo over the finished games of ``period``, by ``played_on`` then creation.

    A side's rating is its players' mean; each player of a side moves by
    ``K × (result − expected)``. With more than two sides every pair of sides
    is scored as such a game, the changes added.
    """
    rows = db.session.execute(
        select(Game.id, Seat.side, Seat.player_id, GameOutcome.winner, GameOutcome.draw)
        .join(Seat, Seat.game_id == Game.id)
        .join(GameOutcome, GameOutcome.game_id == Game.id)
        .where(Game.id.in_(period.games()), GameOutcome.finished)
        .order_by(Game.played_on, Game.created_at, Game.id, Seat.side, Seat.position)
    )
    rating: defaultdict[int, float] = defaultdict(lambda: START_RATING)
    game_sides: dict[int, dict[int, list[int]]] = {}
    results: dict[int, tuple[int | None, bool]] = {}
    for game_id, side, player_id, winner, draw in rows:
        game_sides.setdefault(game_id, {}).setdefault(side, []).append(player_id)
        results[game_id] = (winner, draw)
    for game_id, sides in game_sides.items():
        winner, draw = results[game_id]
        changes: defaultdict[int, float] = defaultdict(float)
        for a, b in combinations(sorted(sides), 2):
            strength_a = sum(rating[p] for p in sides[a]) / len(sides[a])
            strength_b = sum(rating[p] for p in sides[b]) / len(sides[b])
            expected_a = 1 / (1 + 10 ** ((strength_b - strength_a) / 400))
            score_a = 0.5 if draw else 1.0 if winner == a else 0.0 if winner == b else 0.5
            for player in sides[a]:
                changes[player] += K_FACTOR * (score_a - expected_a)
            for player in sides[b]:
                changes[player] += K_FACTOR * ((1 - score_a) - (1 - expected_a))
        for player, change in changes.items():
            rating[player] += change
    return dict(rating)


def partnerships(period: Period) -> list[dict[str, Any]]:
    """Two players who sat as partners: their finished games and wins together."""
    first, second = aliased(Seat), aliased(Seat)
    one, two = aliased(Player), aliased(Player)
    won = case((GameOutcome.winner == first.side, 1), else_=0)
    rows = db.session.execute(
        select(one.name, two.name, func.count(), func.sum(won))
        .select_from(first)
        .join(second, and_(second.game_id == first.game_id, second.side == first.side))
        .join(one, one.id == first.player_id)
        .join(two, two.id == second.player_id)
        .join(GameOutcome, GameOutcome.game_id == first.game_id)
        .where(
            first.player_id < second.player_id,
            first.game_id.in_(period.games()),
            GameOutcome.finished,
        )
        .group_by(one.name, two.name)
        .order_by(func.count().desc(), one.name, two.name)
    )
    return [
        {
            "players": sorted([a, b]),
            "games": games,
            "wins": wins or 0,
            "win_rate": round((wins or 0) / games, 4) if games else 0.0,
        }
        for a, b, games, wins in rows
    ]


def stats_document(period: Period) -> dict[str, Any]:
    """What ``scorekeeper stats --json`` prints."""
    return {
        "players": [asdict(entry) for entry in player_stats(period)],
        "partnerships": partnerships(period),
    }

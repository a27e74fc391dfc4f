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
from .models import Game, GameOutcome, Player, PlayerOutcome, Seat

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
    stats = [_player_row(row) for row in db.session.execute(_player_figures(period))]
    rating = ratings(period)
    for entry, player_id in stats:
        entry.rating = round(rating.get(player_id, START_RATING), 1)
    return sorted((entry for entry, _ in stats), key=lambda entry: (-entry.rating, entry.name))


def _player_figures(period: Period) -> Select[Any]:
    """One row per player: their games' stored sums added up (a row per game they played)."""
    figures = PlayerOutcome
    return (
        select(
            Player.id,
            Player.name,
            func.sum(case((figures.finished, 1), else_=0)),
            func.sum(case((figures.won, 1), else_=0)),
            func.sum(case((figures.drawn, 1), else_=0)),
            func.sum(figures.hands),
            func.sum(figures.points),
            func.max(figures.best_hand),
            func.sum(figures.chips),
            func.sum(figures.bids),
            func.sum(figures.bids_made),
            func.sum(figures.sets),
            func.sum(figures.throw_ins),
            func.sum(figures.bid_total),
        )
        .join(figures, figures.player_id == Player.id)
        .where(figures.game_id.in_(period.games()))
        .group_by(Player.id)
        .having(func.sum(figures.hands) + func.sum(case((figures.finished, 1), else_=0)) > 0)
    )


def _player_row(row: Any) -> tuple[PlayerStats, int]:
    (
        player_id,
        name,
        games,
        wins,
        draws,
        hands,
        points,
        best,
        chips,
        bids,
        made,
        sets,
        throw_ins,
        bid_total,
    ) = row
    entry = PlayerStats(
        name,
        games=games,
        wins=wins,
        draws=draws,
        win_rate=round(wins / games, 4) if games else 0.0,
        hands=hands,
        bids=bids,
        bids_made=made,
        sets=sets,
        throw_ins=throw_ins,
        make_rate=round(made / bids, 4) if bids else 0.0,
        avg_bid=round(bid_total / bids, 2) if bids else 0.0,
        points=points,
        best_hand=best,
        chips=chips,
    )
    return entry, player_id


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

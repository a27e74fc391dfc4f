"""Season statistics, aggregated by the database from the stored outcomes.

Every figure is a sum over the ``*_outcome`` rows that ``outcomes`` writes from
the engine's replay whenever a game changes: a row per player and game, per
game and bid level, per game. A page never loads whole games into Python.

Ratings are Elo (``engine.ratings``), played over every finished game in order
and stored as each game's change, so a player's rating at the end of a period
is 1500 plus the sum of their changes up to that day. With a rule set chosen,
the chain is that rule set's games only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from datetime import date
from typing import Any

from sqlalchemy import Select, case, extract, func, select
from sqlalchemy.orm import InstrumentedAttribute, aliased

from scorekeeper.engine.ratings import START
from scorekeeper.extensions import db
from scorekeeper.games.seasons import season_by_name
from scorekeeper.i18n.formats import ALL_TIME
from scorekeeper.i18n.refusals import N_, RefusalError, every_translation
from scorekeeper.store.models import Game, GameOutcome, Player, PlayerOutcome, Season
from scorekeeper.store.outcomes import play_order

# a best partner needs this many finished games together
BEST_PARTNER_GAMES = 3
# finished games in the period before a player is ranked (the STATS_MIN_GAMES setting)
MIN_GAMES = 5
# the standings' orders that rank players: the provisional ones come after the ranked
RANKINGS = ("rating", "win_rate")
# at most this many points per line on a rating chart (the last rating of each stretch)
CHART_POINTS = 120


class UnknownSeasonError(RefusalError):
    """A season name that is neither "All time", a year, nor a created season."""


@dataclass(frozen=True)
class Period:
    """Which games count: played from ``start`` to ``end`` (inclusive), of one rule set."""

    start: date | None = None
    end: date | None = None
    ruleset: str | None = None
    name: str = ALL_TIME

    @staticmethod
    def named(name: str | None) -> Period:
        """ "All time" (or nothing) and calendar years ("2026") need no creating."""
        if not name or name.strip().lower() in every_translation(ALL_TIME):
            return Period()
        name = name.strip()
        if name.isascii() and name.isdigit() and len(name) == 4 and name != "0000":
            year = int(name)
            return Period(date(year, 1, 1), date(year, 12, 31), name=name)
        raise UnknownSeasonError(
            field="season",
            message=N_(
                "unknown season {name!r}: expected a year like 2026, 'All time' or a season's name"
            ),
            name=name[:60],
        )

    def of_ruleset(self, ruleset: str | None) -> Period:
        return replace(self, ruleset=ruleset or None)

    def within(self, query: Select[Any]) -> Select[Any]:
        """``query`` (which has ``Game`` in it) narrowed to this period's games."""
        if self.start is not None:
            query = query.where(Game.played_on >= self.start)
        if self.end is not None:
            query = query.where(Game.played_on <= self.end)
        if self.ruleset is not None:
            query = query.where(Game.ruleset == self.ruleset)
        return query

    def games(self) -> Select[tuple[int]]:
        """The ids of the games in this period."""
        return self.within(select(Game.id))

    @property
    def everything(self) -> bool:
        return self.start is None and self.end is None and self.ruleset is None

    def of_games(self, query: Select[Any], game_id: Any) -> Select[Any]:
        """``query`` narrowed to the rows whose ``game_id`` is one of this period's games
        (All time of every rule set needs no narrowing)."""
        return query if self.everything else query.where(game_id.in_(self.games()))


def find_period(name: str | None, ruleset: str | None = None) -> Period:
    """A created season by its name (any case), or what ``Period.named`` knows."""
    season = season_by_name(name) if name else None
    if season is not None:
        return Period(season.starts_on, season.ends_on, ruleset or None, season.name)
    return Period.named(name).of_ruleset(ruleset)


def season_names() -> list[str]:
    """What a season menu offers: All time, each year with games (newest first), and
    the created seasons (newest first)."""
    year = extract("year", Game.played_on)
    years = [
        str(int(value))
        for value in db.session.execute(select(year).distinct().order_by(year.desc())).scalars()
    ]
    seasons = db.session.execute(
        select(Season.name).order_by(Season.starts_on.desc(), Season.name)
    ).scalars()
    return [ALL_TIME, *years, *seasons]


def rulesets_played() -> list[str]:
    return list(
        db.session.execute(select(Game.ruleset).distinct().order_by(Game.ruleset)).scalars()
    )


# --- per player ------------------------------------------------------------------------


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
    rating: float = START
    # fewer finished games in the period than the minimum: not ranked (``rank`` None)
    provisional: bool = False
    rank: int | None = None
    # not in the JSON: for the pages
    rating_change: float = field(default=0.0, metadata={"page_only": True})
    player_id: int = field(default=0, metadata={"page_only": True})

    @property
    def set_rate(self) -> float:
        return round(self.sets / self.bids, 4) if self.bids else 0.0


# the columns a standings table can be sorted by, and which way is "best first"
SORTABLE = {
    "name": False,
    "games": True,
    "wins": True,
    "win_rate": True,
    "hands": True,
    "bids": True,
    "make_rate": True,
    "avg_bid": True,
    "points": True,
    "best_hand": True,
    "chips": True,
    "rating": True,
}


def player_stats(
    period: Period, min_games: int = MIN_GAMES, rows: Sequence[Any] | None = None
) -> list[PlayerStats]:
    """Every figure of every player who played in ``period``, best rating first: those
    with at least ``min_games`` finished games in it ranked (``rank`` 1, 2, ...), then
    the provisional ones. ``rows`` are the period's ``season_rows`` when already read.

    A rating is 1500 plus the player's changes up to the period's end: those of the
    period's games (summed with the other figures) and those before its start.
    """
    before = _ratings_before(period)
    totals: dict[int, dict[str, Any]] = {}
    for row in season_rows(period, by_ruleset=False) if rows is None else rows:
        sums = totals.setdefault(row.player_id, {"player_id": row.player_id, "name": row.name})
        for column in _SUMMED:
            sums[column] = sums.get(column, 0) + (getattr(row, column) or 0)
        if row.best_hand is not None:
            sums["best_hand"] = max(sums.get("best_hand", row.best_hand), row.best_hand)
    stats = []
    for sums in totals.values():
        entry = _player_row(sums)
        during = sums["chain"]
        entry.rating = round(START + before.get(entry.player_id, 0.0) + during, 1)
        entry.rating_change = round(during, 1)
        entry.provisional = entry.games < min_games
        stats.append(entry)
    ordered = sort_players(stats, "rating")
    for rank, entry in enumerate((e for e in ordered if not e.provisional), start=1):
        entry.rank = rank
    return ordered


def sort_players(stats: Iterable[PlayerStats], by: str, reverse: bool = False) -> list[PlayerStats]:
    """Best first by ``by`` (a key of ``SORTABLE``; names A to Z), ties by name; by a
    ranking (``RANKINGS``) the provisional players come after the ranked ones."""
    descending = SORTABLE.get(by, True) != reverse
    key = by if by in SORTABLE else "rating"

    def value(entry: PlayerStats) -> Any:
        figure = getattr(entry, key)
        return figure if figure is not None else float("-inf")

    ordered = sorted(sorted(stats, key=lambda entry: entry.name), key=value, reverse=descending)
    if key in RANKINGS:
        ordered.sort(key=lambda entry: entry.provisional)  # stable: each part keeps its order
    return ordered


# the columns of ``season_rows`` a player's figures add up over rule sets
_SUMMED = (
    "games",
    "wins",
    "draws",
    "hands",
    "points",
    "chips",
    "bids",
    "bids_made",
    "sets",
    "throw_ins",
    "bid_total",
    "chain",
)


def season_rows(
    period: Period, player_id: int | None = None, *, by_ruleset: bool = True
) -> list[Any]:
    """One row per player (or ``player_id`` only) and rule set of ``period``: the
    stored sums of their games (``player_stats`` adds them up; ``groups`` keeps some
    apart). Its columns: ``player_id``, ``name``, ``ruleset``, then ``_SUMMED`` and
    ``best_hand``. Not ``by_ruleset``: one row per player, without ``ruleset`` (no
    join with the games: quicker where nothing is kept apart)."""
    figures = PlayerOutcome
    finished = func.sum(case((figures.finished, 1), else_=0))
    query = (
        select(
            Player.id.label("player_id"),
            Player.name,
            finished.label("games"),
            func.sum(case((figures.won, 1), else_=0)).label("wins"),
            func.sum(case((figures.drawn, 1), else_=0)).label("draws"),
            func.sum(figures.hands).label("hands"),
            func.sum(figures.points).label("points"),
            func.max(figures.best_hand).label("best_hand"),
            func.sum(figures.chips).label("chips"),
            func.sum(figures.bids).label("bids"),
            func.sum(figures.bids_made).label("bids_made"),
            func.sum(figures.sets).label("sets"),
            func.sum(figures.throw_ins).label("throw_ins"),
            func.sum(figures.bid_total).label("bid_total"),
            func.coalesce(func.sum(_chain(period)), 0.0).label("chain"),
        )
        .join(figures, figures.player_id == Player.id)
        .group_by(Player.id)
        .having(func.sum(figures.hands) + finished > 0)
    )
    if player_id is not None:
        query = query.where(Player.id == player_id)
    if not by_ruleset:
        return list(db.session.execute(period.of_games(query, figures.game_id)))
    query = query.add_columns(Game.ruleset).join(Game, Game.id == figures.game_id)
    return list(db.session.execute(period.within(query.group_by(Game.ruleset))))


def _player_row(sums: dict[str, Any]) -> PlayerStats:
    games, wins, bids, made = sums["games"], sums["wins"], sums["bids"], sums["bids_made"]
    return PlayerStats(
        sums["name"],
        games=games,
        wins=wins,
        draws=sums["draws"],
        win_rate=rate(wins, games),
        hands=sums["hands"],
        bids=bids,
        bids_made=made,
        sets=sums["sets"],
        throw_ins=sums["throw_ins"],
        make_rate=rate(made, bids),
        avg_bid=round(sums["bid_total"] / bids, 2) if bids else 0.0,
        points=sums["points"],
        best_hand=sums.get("best_hand"),
        chips=sums["chips"],
        player_id=sums["player_id"],
    )


def rate(part: int, whole: int) -> float:
    """``part`` / ``whole`` to four places (0 of nothing)."""
    return round(part / whole, 4) if whole else 0.0


# --- ratings ---------------------------------------------------------------------------


def _chain(period: Period) -> InstrumentedAttribute[float | None]:
    """The stored changes to add up: one rule set's own chain when one is chosen."""
    if period.ruleset is not None:
        return PlayerOutcome.ruleset_rating_change
    return PlayerOutcome.rating_change


def _ratings_before(period: Period) -> dict[int, float]:
    """Each player's rating changes summed over the games before ``period`` starts."""
    if period.start is None:
        return {}
    query = (
        select(PlayerOutcome.player_id, func.sum(_chain(period)))
        .join(Game, Game.id == PlayerOutcome.game_id)
        .where(Game.played_on < period.start)
        .group_by(PlayerOutcome.player_id)
    )
    if period.ruleset is not None:
        query = query.where(Game.ruleset == period.ruleset)
    return {player: total or 0.0 for player, total in db.session.execute(query)}


RatingLine = list[tuple[date, float]]


def rating_history(period: Period, player_ids: Sequence[int]) -> dict[int, RatingLine]:
    """Each player's rating after each day they played in ``period`` (with where they
    started from on its first day), thinned to ``CHART_POINTS`` points."""
    change = func.coalesce(_chain(period), 0.0)
    query = (
        select(PlayerOutcome.player_id, Game.played_on, change)
        .join(Game, Game.id == PlayerOutcome.game_id)
        .join(GameOutcome, GameOutcome.game_id == Game.id)
        .where(PlayerOutcome.player_id.in_(player_ids), GameOutcome.finished)
        .order_by(*play_order())
    )
    query = replace(period, start=None).within(query)
    rating = dict.fromkeys(player_ids, START)
    days: dict[int, dict[date, float]] = {player: {} for player in player_ids}
    for player, played_on, moved in db.session.execute(query):
        if period.start is not None and played_on < period.start:
            rating[player] += moved
            days[player] = {period.start: round(rating[player], 1)}
            continue
        rating[player] += moved
        days[player][played_on] = round(rating[player], 1)
    return {player: _thin(sorted(points.items())) for player, points in days.items()}


def _thin(points: list[tuple[date, float]]) -> list[tuple[date, float]]:
    if len(points) <= CHART_POINTS:
        return points
    every = -(-len(points) // CHART_POINTS)
    kept = points[every - 1 :: every]
    return [points[0], *kept] if kept[-1] == points[-1] else [points[0], *kept, points[-1]]


# --- partnerships and head to head -----------------------------------------------------


def partnerships(period: Period) -> list[dict[str, Any]]:
    """Two players who sat as partners: their finished games and wins together."""
    shares = PlayerOutcome
    query = (
        select(
            shares.player_id,
            shares.partner_id,
            func.count(),
            func.sum(case((shares.won, 1), else_=0)),
        )
        .where(shares.player_id < shares.partner_id, shares.finished)
        .group_by(shares.player_id, shares.partner_id)
    )
    rows = list(db.session.execute(period.of_games(query, shares.game_id)))
    names = _names({player for row in rows for player in row[:2]})
    pairs = [
        {
            "players": sorted([names[one], names[two]]),
            "games": games,
            "wins": wins or 0,
            "win_rate": rate(wins or 0, games),
        }
        for one, two, games, wins in rows
    ]
    return sorted(pairs, key=lambda pair: (-pair["games"], pair["players"]))


def _names(player_ids: Iterable[int]) -> dict[int, str]:
    wanted = list(player_ids)
    if not wanted:
        return {}
    rows = db.session.execute(select(Player.id, Player.name).where(Player.id.in_(wanted)))
    return {player: name for player, name in rows}


def best_partners(pairs: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each player's best partner: the highest win rate over at least
    ``BEST_PARTNER_GAMES`` finished games together, then the most games, then A to Z."""
    candidates: dict[str, list[dict[str, Any]]] = {}
    for pair in pairs:
        if pair["games"] < BEST_PARTNER_GAMES:
            continue
        first, second = pair["players"]
        for me, partner in ((first, second), (second, first)):
            figures = {key: pair[key] for key in ("games", "wins", "win_rate")}
            candidates.setdefault(me, []).append({"partner": partner, **figures})
    return {
        me: min(options, key=lambda entry: (-entry["win_rate"], -entry["games"], entry["partner"]))
        for me, options in candidates.items()
    }


@dataclass(frozen=True)
class HeadToHead:
    """Finished games between two sides (each one or two players who sat together)."""

    games: int
    wins: tuple[int, int]
    draws: int


def head_to_head(period: Period, side_a: Sequence[int], side_b: Sequence[int]) -> HeadToHead:
    """Games in ``period`` where the players of ``side_a`` sat together on one side and
    those of ``side_b`` together on another."""
    players = (*side_a, *side_b)
    seats = [aliased(PlayerOutcome) for _ in players]
    first_a, first_b = seats[0], seats[len(side_a)]
    query = select(
        func.count(),
        func.sum(case((first_a.won, 1), else_=0)),
        func.sum(case((first_b.won, 1), else_=0)),
        func.sum(case((first_a.drawn, 1), else_=0)),
    ).select_from(first_a)
    for index, (seat, player) in enumerate(zip(seats, players, strict=True)):
        if index:
            query = query.join(seat, seat.game_id == first_a.game_id)
        same_side = first_a if index < len(side_a) else first_b
        query = query.where(seat.player_id == player, seat.side == same_side.side)
    query = query.where(
        first_a.side != first_b.side, first_a.finished, first_a.game_id.in_(period.games())
    )
    games, wins_a, wins_b, draws = db.session.execute(query).one()
    return HeadToHead(games, (wins_a or 0, wins_b or 0), draws or 0)


# --- the whole season ------------------------------------------------------------------


def stats_document(period: Period, min_games: int = MIN_GAMES) -> dict[str, Any]:
    """What ``scorekeeper stats --json`` prints: the players best rating first (the
    provisional ones, under ``min_games`` finished games, after the ranked)."""
    return {
        "min_games": min_games,
        "players": [player_document(entry) for entry in player_stats(period, min_games)],
        "partnerships": partnerships(period),
    }


def player_document(entry: PlayerStats) -> dict[str, Any]:
    """A player's figures as the issue names them (page-only fields left out)."""
    page_only = {
        name
        for name, spec in PlayerStats.__dataclass_fields__.items()
        if spec.metadata.get("page_only")
    }
    return {key: value for key, value in asdict(entry).items() if key not in page_only}

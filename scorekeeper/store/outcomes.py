"""The derived tables the statistics add up, rewritten with every change to a game.

``record_outcomes`` stores what the engine's replay made of each hand, of each
player's share of the game, of each bid level and of the game itself, in the
caller's transaction. ``rate_from`` keeps the stored Elo changes right: a game
whose result changed moves the ratings of every game played after it, so those
are rated again, in order. Only the ``games`` area calls these (it commits).

Rating reads the changes stored for earlier games and writes those of later ones:
two transactions doing so at once (two server processes on PostgreSQL) would each
chain from what the other had not committed yet, so the ratings are re-rated under
one lock (``locks.serialize("ratings")``), taken before the first read of them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from sqlalchemy import bindparam, delete, func, insert, select, tuple_, update
from sqlalchemy.orm import InstrumentedAttribute

from scorekeeper.engine.club.unfinished import stopped
from scorekeeper.engine.hand_score import MISDEAL, THROWN_IN
from scorekeeper.engine.presets import RuleSet
from scorekeeper.engine.ratings import START, rating_changes
from scorekeeper.engine.scoring import DRAW, GameResult, HandResult
from scorekeeper.extensions import db
from scorekeeper.store.locks import serialize
from scorekeeper.store.models import (
    BidOutcome,
    Game,
    GameOutcome,
    HandOutcome,
    PlayerOutcome,
)

OUTCOME_TABLES = (HandOutcome, PlayerOutcome, BidOutcome, GameOutcome)
OutcomeTable = type[HandOutcome] | type[PlayerOutcome] | type[BidOutcome] | type[GameOutcome]


def record_outcomes(
    game: Game, result: GameResult, rate: bool = True, since: int = 1, new: bool = False
) -> None:
    """Store what the replay made of ``game`` (not committed).

    ``since`` is the first hand the change may have moved (the hand added, corrected
    or deleted): the rows of the hands before it stay, the later ones are written
    again, so recording the next hand writes one hand's rows, not the game's. The
    game's, players' and bid levels' sums are few rows, written again each time.
    With ``rate``, the rating changes are kept when the game's result did not
    change, and every later game is rated again when it did; without, they are
    left unrated for one ``rate_from(None)`` after a bulk import. A ``new`` game (staged
    now: no rows of it stored) has nothing to read or delete first. A club table's game
    its round stopped (``game.stopped``) counts by that rule, as the night's standings
    count it (``engine.club.unfinished.stopped``): finished, or no rows at all.
    """
    if rate:
        serialize("ratings")  # before the game's kept ratings are read
    db.session.flush()  # the game has its id
    counts = result if game.stopped is None else stopped(result, game.stopped)
    before, kept = None, {}
    if counts is None:  # a club table's game its round stopped, which counts nothing
        _forget(game, rate and not new)
        return
    result = counts
    if not new:
        before, kept, stored = _stored_result(game.id, since)
        if stored is None or stored[0] != (since - 1) * len(result.game.sides):
            since, stored = 1, None  # no result, or the hands before ``since`` lack rows: all again
        if stored is None or stored[1]:  # (a hand added has no rows from ``since`` on)
            _delete_rows(HandOutcome, HandOutcome.number >= since, game_id=game.id)
        for table in OUTCOME_TABLES[1:]:
            _delete_rows(table, game_id=game.id)
    ids = {seat.player.name: seat.player.id for seat in game.seats}
    rows = _hand_outcome_rows(game.id, result, ids, since)
    if rows:  # one statement for all of them
        db.session.execute(insert(HandOutcome.__table__), rows)
    outcome = _game_outcome(game.id, result)
    after = (outcome["finished"], outcome["winner"], outcome["draw"])  # as _result_of reads
    # a result that did not change keeps every player's rating change: written with the
    # rows, the later games' ratings untouched
    keeps = rate and before == after and kept and all(None not in pair for pair in kept.values())
    shares = _shares(game.id, result, ids)
    for share in shares:
        share["rating_change"], share["ruleset_rating_change"] = (
            kept.get(share["player_id"], (None, None)) if keeps else (None, None)
        )
    # each table's rows in one statement, as values: no objects for the session to track
    db.session.execute(insert(PlayerOutcome.__table__), shares)
    bids = _bid_outcomes(game.id, result, result.game.rules)
    if bids:
        db.session.execute(insert(BidOutcome.__table__), bids)
    db.session.execute(insert(GameOutcome.__table__), [outcome])
    if rate and not keeps:
        rate_from(game)


def new_game_rows(
    game_id: int, result: GameResult, ids: Mapping[str, int], stopped_by: str | None = None
) -> dict[type, list[dict[str, Any]]]:
    """A new game's rows of each outcome table, unrated, as ``record_outcomes`` writes
    them (for games written in bulk: ``games.bulk``); ``ids``: its players' by name;
    ``stopped_by``: the rule a game its round stopped counts by (no rows when nothing)."""
    counts = result if stopped_by is None else stopped(result, stopped_by)
    if counts is None:
        return {table: [] for table in OUTCOME_TABLES}
    return {
        HandOutcome: _hand_outcome_rows(game_id, counts, ids, 1),
        PlayerOutcome: _shares(game_id, counts, ids),
        BidOutcome: _bid_outcomes(game_id, counts, counts.game.rules),
        GameOutcome: [_game_outcome(game_id, counts)],
    }


def _shares(game_id: int, result: GameResult, ids: Mapping[str, int]) -> list[dict[str, Any]]:
    """Each player's ``PlayerOutcome`` row, with the partner and no rating change."""
    shares = []
    for name, player_id in ids.items():
        share = _player_outcome(game_id, result, result.game.side_of[name], name, player_id)
        partners = result.game.sides[share["side"]].players
        if len(partners) == 2:
            share["partner_id"] = ids[partners[1 if partners[0] == name else 0]]
        share["rating_change"] = share["ruleset_rating_change"] = None
        shares.append(share)
    return shares


def _game_outcome(game_id: int, result: GameResult) -> dict[str, Any]:
    """The game's ``GameOutcome`` row, as values to insert."""
    return {
        "game_id": game_id,
        "hands": len(result.hands),
        "finished": result.finished,
        "went_out": result.went_out,
        "winner": result.winner if isinstance(result.winner, int) else None,
        "draw": result.winner == DRAW,
        "target": result.target,
    }


def _delete_rows(table: OutcomeTable, *criteria: Any, game_id: int) -> None:
    """Delete game ``game_id``'s rows of an outcome ``table`` (those meeting ``criteria``).
    Outcome rows are written and read as values, never loaded as objects: the session
    has none to keep in step (``synchronize_session``), which spares it evaluating the
    statement's criteria, the club's among them, against every object it holds."""
    statement = delete(table).where(table.game_id == game_id, *criteria)
    db.session.execute(statement.execution_options(synchronize_session=False))


def _forget(game: Game, rate: bool) -> None:
    """No figures for ``game``: its rows deleted, and the games after it rated again
    when it had a finished result that rated them."""
    had = _result_of(game.id) if rate else None
    for table in OUTCOME_TABLES:
        _delete_rows(table, game_id=game.id)
    db.session.flush()
    if had is not None and had[0]:
        rate_from(game)


def _hand_outcome_rows(
    game_id: int, result: GameResult, ids: Mapping[str, int], since: int
) -> list[dict[str, Any]]:
    """The ``HandOutcome`` rows of hands ``since`` on, as values to insert."""
    engine = result.game
    rows = []
    for hand, scored in zip(engine.hands[since - 1 :], result.hands[since - 1 :], strict=True):
        bidder = ids.get(hand.bidder) if hand.bidder else None
        for side in range(len(engine.sides)):
            rows.append(
                {
                    "game_id": game_id,
                    "number": scored.number,
                    "side": side,
                    "outcome": scored.outcome,
                    "bidding": scored.bidder_side == side,
                    "bidder_id": bidder,
                    "bid": hand.bid,
                    "meld": hand.meld[side] if hand.meld else None,
                    "counters": hand.counters[side] if hand.counters else None,
                    "points": scored.points[side],
                    "total": scored.totals[side],
                    "chips": scored.chips[side] if scored.chips else None,
                }
            )
    return rows


def _player_outcome(
    game_id: int, result: GameResult, side: int, name: str, player_id: int
) -> dict[str, Any]:
    """One player's share of a replayed game, summed for the season statistics: its
    ``PlayerOutcome`` row, as values to insert (no partner, no rating change yet)."""
    # a misdealt hand is dealt again: not a hand played (a passed-out one was dealt)
    points = [scored.points[side] for scored in result.hands if scored.outcome != MISDEAL]
    # auction pinochle's points are chips (rules.md §8): they count as the player's chips
    chips = (
        sum(points)
        if result.game.rules.is_auction
        else sum(scored.chips[side] for scored in result.hands if scored.chips)
    )
    bids = [
        (hand.bid or 0, scored)
        for hand, scored in zip(result.game.hands, result.hands, strict=True)
        if hand.bidder == name
    ]
    return {
        "game_id": game_id,
        "player_id": player_id,
        "side": side,
        "partner_id": None,
        "finished": result.finished,
        "won": result.finished and result.winner == side,
        "drawn": side in result.drawn_sides,  # a side below the drawn ones lost
        "hands": len(points),
        "points": sum(points),
        "best_hand": max(points, default=None),
        "chips": chips,
        "bids": len(bids),
        "bids_made": sum(_made(scored) for _, scored in bids),
        "sets": sum(_set(scored) for _, scored in bids),
        "throw_ins": sum(scored.outcome == THROWN_IN for _, scored in bids),
        "bid_total": sum(bid for bid, _ in bids),
    }


def _made(scored: HandResult) -> bool:
    """Whether the bidders made their bid, as the engine says (a shot moon is made, and
    so is a hand the defenders reneged in, whatever the outcome's name)."""
    return scored.made is True


def _set(scored: HandResult) -> bool:
    """Whether the bidders lost their bid other than by throwing in: set in play, short
    of meld or of a marriage, a failed moon, their own renege."""
    return scored.made is False and scored.outcome != THROWN_IN


def _bid_outcomes(game_id: int, result: GameResult, rules: RuleSet) -> list[dict[str, Any]]:
    """The game's won bids summed by bid level (hands without a bid are left out): its
    ``BidOutcome`` rows, as values to insert."""
    sums: dict[int, dict[str, int]] = {}
    for hand, scored in zip(result.game.hands, result.hands, strict=True):
        if hand.bid is None or scored.bidder_side is None:
            continue
        row = sums.setdefault(rules.bid_level(hand.bid), dict.fromkeys(_BID_SUMS, 0))
        row["bids"] += 1
        row["made"] += _made(scored)
        row["sets"] += _set(scored)
        row["throw_ins"] += scored.outcome == THROWN_IN
        if hand.counters is not None and scored.outcome != THROWN_IN:
            taken = hand.counters[scored.bidder_side]
            row["played"] += 1
            row["bidder_counters"] += taken
            row["defender_counters"] += sum(hand.counters) - taken
    return [{"game_id": game_id, "level": level, **row} for level, row in sums.items()]


_BID_SUMS = ("bids", "made", "sets", "throw_ins", "played", "bidder_counters", "defender_counters")


# --- standings, for the lists -----------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """Where a game stands, from its stored outcomes (no replay): each side's total in
    side order, and whether it is over."""

    totals: tuple[int, ...]
    finished: bool


def standings(game_ids: Iterable[int]) -> dict[int, Standing]:
    """The standing of each of the games ``game_ids`` that has its outcomes, in one
    query: a side's total is each of its players' points (they share every hand)."""
    ids = list(game_ids)
    if not ids:
        return {}
    rows = db.session.execute(
        select(
            PlayerOutcome.game_id,
            PlayerOutcome.side,
            func.max(PlayerOutcome.points),
            GameOutcome.finished,
        )
        .join(GameOutcome, GameOutcome.game_id == PlayerOutcome.game_id)
        .where(PlayerOutcome.game_id.in_(ids))
        .group_by(PlayerOutcome.game_id, PlayerOutcome.side, GameOutcome.finished)
        .order_by(PlayerOutcome.game_id, PlayerOutcome.side)
    )
    return {
        game_id: Standing(tuple(row[2] for row in sides), sides[0][3])
        for game_id, group in groupby(rows, key=lambda row: row[0])
        for sides in [list(group)]
    }


# --- ratings ---------------------------------------------------------------------------


def _result_of(game_id: int) -> tuple[bool, int | None, bool] | None:
    row = db.session.execute(
        select(GameOutcome.finished, GameOutcome.winner, GameOutcome.draw).where(
            GameOutcome.game_id == game_id
        )
    ).one_or_none()
    return None if row is None else (row[0], row[1], row[2])


def _stored_result(
    game_id: int, since: int
) -> tuple[
    tuple[bool, int | None, bool] | None,
    dict[int, tuple[float | None, float | None]],
    tuple[int, int] | None,
]:
    """In one query: the game's stored result, as ``_result_of`` reads it (None when it
    has none), its players' rating changes, and how many hand rows it has before hand
    ``since`` and from it on (None with no result)."""
    rows = db.session.execute(
        select(
            GameOutcome.finished,
            GameOutcome.winner,
            GameOutcome.draw,
            PlayerOutcome.player_id,
            PlayerOutcome.rating_change,
            PlayerOutcome.ruleset_rating_change,
            _hand_rows(game_id, HandOutcome.number < since),
            _hand_rows(game_id, HandOutcome.number >= since),
        )
        .select_from(GameOutcome)
        .outerjoin(PlayerOutcome, PlayerOutcome.game_id == GameOutcome.game_id)
        .where(GameOutcome.game_id == game_id)
    ).all()
    if not rows:  # no result: no rating change kept either (each is of a result)
        return None, {}, None
    kept = {row[3]: (row[4], row[5]) for row in rows if row[3] is not None}
    return (rows[0][0], rows[0][1], rows[0][2]), kept, (int(rows[0][6]), int(rows[0][7]))


def _hand_rows(game_id: int, which: Any) -> Any:
    """How many of the game's hand rows are ``which``, as a column of a query."""
    return (
        select(func.count())
        .select_from(HandOutcome)
        .where(HandOutcome.game_id == game_id, which)
        .scalar_subquery()
    )


def play_order() -> tuple[Any, ...]:
    """The order ratings are played in: ``played_on``, then creation."""
    return (Game.played_on, Game.created_at, Game.id)


def rate_from(game: Game | None) -> None:
    """Rate ``game`` and every game played after it again (all games with ``None``),
    over all games and over the games of each rule set."""
    if game is None:
        rate_since(None, None)
    else:
        rate_since(order_key(game), game.ruleset)


def rate_since(key: tuple[Any, ...] | None, ruleset: str | None) -> None:
    """Rate every game from the play-order ``key`` on again (all games with ``None``):
    over all games, and over ``ruleset``'s (every rule set's with ``None``)."""
    serialize("ratings")
    db.session.flush()
    since = None if key is None else tuple_(*play_order()) >= tuple_(*key)
    _rate(PlayerOutcome.rating_change, since, None)
    for name in [ruleset] if ruleset is not None else _rulesets():
        _rate(PlayerOutcome.ruleset_rating_change, since, name)


def rate_unrated() -> bool:
    """Rate every game again when any game has no rating yet (after an upgrade)."""
    unrated = select(PlayerOutcome.game_id).where(PlayerOutcome.rating_change.is_(None)).limit(1)
    if db.session.execute(unrated).first() is None:
        return False
    rate_from(None)
    return True


def order_key(game: Game) -> tuple[Any, ...]:
    """Where ``game`` stands in the play order."""
    return (game.played_on, game.created_at, game.id)


def _rulesets() -> list[str]:
    return list(db.session.execute(select(Game.ruleset).distinct()).scalars())


def _rate(column: InstrumentedAttribute[float | None], since: Any, ruleset: str | None) -> None:
    """Play the Elo chain stored in ``column`` forward from ``since``."""
    query = (
        select(
            PlayerOutcome.game_id,
            PlayerOutcome.player_id,
            PlayerOutcome.side,
            GameOutcome.finished,
            GameOutcome.winner,
            GameOutcome.draw,
            PlayerOutcome.drawn,
        )
        .join(Game, Game.id == PlayerOutcome.game_id)
        .join(GameOutcome, GameOutcome.game_id == Game.id)
        .order_by(*play_order(), PlayerOutcome.side, PlayerOutcome.player_id)
    )
    if since is not None:
        query = query.where(since)
    if ruleset is not None:
        query = query.where(Game.ruleset == ruleset)
    rows = list(db.session.execute(query))
    before = _ratings_before(column, since, ruleset, {row[1] for row in rows})
    rating: defaultdict[int, float] = defaultdict(lambda: START, before)
    changes = list(_play(rows, rating))
    if changes:  # one statement, as values: no ORM objects (none is ever loaded)
        table = PlayerOutcome.__table__
        db.session.execute(
            update(table)
            .where(table.c.game_id == bindparam("game"), table.c.player_id == bindparam("player"))
            .values({column.key: bindparam("change")}),
            [
                {"game": game, "player": player, "change": change}
                for game, player, change in changes
            ],
        )


def _ratings_before(
    column: InstrumentedAttribute[float | None],
    since: Any,
    ruleset: str | None,
    players: set[int],
) -> dict[int, float]:
    """The ratings ``players`` had before ``since`` (the sums of their earlier changes)."""
    if since is None or not players:
        return {}
    query = (
        select(PlayerOutcome.player_id, START + func.coalesce(func.sum(column), 0.0))
        .join(Game, Game.id == PlayerOutcome.game_id)
        .where(PlayerOutcome.player_id.in_(players), ~since)
        .group_by(PlayerOutcome.player_id)
    )
    if ruleset is not None:
        query = query.where(Game.ruleset == ruleset)
    return {player: float(value) for player, value in db.session.execute(query)}


def _play(rows: Iterable[Any], rating: defaultdict[int, float]) -> Iterator[tuple[int, int, float]]:
    """(game, player, change) for every player of every game in ``rows``, in order,
    moving ``rating`` along; an unfinished game changes nobody's rating, nor does one
    counted with no winner and no draw (a club table stopped by the clock under the
    night's "totals count, no win": engine.club.unfinished)."""
    for game_id, seats in groupby(rows, key=lambda row: row[0]):
        players = list(seats)
        _, _, _, finished, winner, draw, _ = players[0]
        if not finished or (winner is None and not draw):
            yield from ((game_id, row[1], 0.0) for row in players)
            continue
        sides: dict[int, list[int]] = {}
        for row in players:
            sides.setdefault(row[2], []).append(row[1])
        order = sorted(sides)
        # the sides that shared a draw (a side below them lost: PlayerOutcome.drawn)
        level = [order.index(row[2]) for row in players if row[6]]
        moves = rating_changes(
            [[rating[player] for player in sides[side]] for side in order],
            order.index(winner) if winner in sides else None,
            draw,
            level if draw else None,
        )
        for side, side_moves in zip(order, moves, strict=True):
            for player, move in zip(sides[side], side_moves, strict=True):
                rating[player] += move
                yield game_id, player, move

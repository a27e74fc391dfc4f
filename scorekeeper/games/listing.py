"""The games list: games in progress first, then finished ones, a page at a time,
found by a player's or a side's name.

Everything is done by the database (a count, then one page with ``LIMIT`` and
``OFFSET``): the statements a page sends do not grow with the games stored, and no
game is replayed (where each stands is read from the stored outcomes).

A name is matched as the name rule stores it (``engine.people.normal_name``) and
without regard to case; ``%`` and ``_`` typed are matched as themselves. SQLite's
own ``lower()`` folds only A to Z, so on SQLite the names are folded by Python's
``str.lower`` (the function ``sk_lower``, given to every SQLite connection); on
PostgreSQL by ``lower()`` in ICU's root collation (asked for once per database,
the first time a name is looked for), which folds every letter whatever locale
the database was made with.

The API's list (``game_summaries``) and the games last changed are read here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, String, and_, case, event, exists, func, or_, select, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import selectinload

from scorekeeper.engine.people import normal_name, side_name
from scorekeeper.engine.scoring import DRAW
from scorekeeper.extensions import db
from scorekeeper.store.models import Game, GameOutcome, GameSide, Player, Seat
from scorekeeper.store.outcomes import Standing, standings

PAGE_SIZE = 50
LIKE_ESCAPE = "\\"


# --- folding case in SQL --------------------------------------------------------------------

ICU_COLLATION = "und-x-icu"  # PostgreSQL's ICU root locale: every letter has its case
_icu_of: dict[str, bool] = {}  # database URL -> whether it has ICU_COLLATION


def folded(name: ColumnElement[str]) -> ColumnElement[str]:
    """``name`` in lower case, every letter folded (not only A to Z): on SQLite by
    ``sk_lower``; on PostgreSQL by ``lower()`` in its ICU collation when it has one (a
    database made with ``--no-locale`` folds only A to Z otherwise)."""
    bind = db.session.get_bind()
    if bind.dialect.name == "sqlite":
        return func.sk_lower(name, type_=String)
    if bind.dialect.name == "postgresql" and _has_icu(bind):
        return func.lower(name.collate(ICU_COLLATION), type_=String)
    return func.lower(name, type_=String)


def _has_icu(bind: Engine | Connection) -> bool:
    """Whether the PostgreSQL database has ICU's root collation (asked once)."""
    key = bind.engine.url.render_as_string()
    if key not in _icu_of:
        found = db.session.execute(
            text("SELECT count(*) FROM pg_collation WHERE collname = :name"),
            {"name": ICU_COLLATION},
        ).scalar_one()
        _icu_of[key] = bool(found)
    return _icu_of[key]


def _lower(value: str | None) -> str | None:
    return None if value is None else value.lower()


@event.listens_for(Engine, "connect")
def _sqlite_lower(connection: Any, _record: Any) -> None:
    """SQLite: ``sk_lower``, Python's ``str.lower`` (``'Łucja'`` -> ``'łucja'``)."""
    if type(connection).__module__.startswith("sqlite3"):
        connection.create_function("sk_lower", 1, _lower, deterministic=True)


# --- what is looked for ---------------------------------------------------------------------


@dataclass(frozen=True)
class Search:
    """What the list is narrowed to: a name typed (``text``, "" for any game) and one
    player's games (``player_id``)."""

    text: str = ""
    player_id: int | None = None

    @property
    def name(self) -> str:
        """The name looked for, as names are stored."""
        return normal_name(self.text)


def like_pattern(typed: str) -> str:
    """A ``LIKE`` pattern (escaped with ``\\``) for names holding ``typed``, folded.

    >>> like_pattern("Ann_%")
    '%ann\\\\_\\\\%%'
    """
    escaped = "".join(LIKE_ESCAPE + char if char in "%_\\" else char for char in typed.lower())
    return f"%{escaped}%"


def _matches(search: Search) -> ColumnElement[bool] | None:
    """Whether a game is among those ``search`` looks for (None: every game)."""
    conditions: list[ColumnElement[bool]] = []
    if search.player_id is not None:
        conditions.append(
            exists().where(Seat.game_id == Game.id, Seat.player_id == search.player_id)
        )
    if search.name:
        pattern = like_pattern(search.name)
        by_player = (
            select(Seat.id)
            .join(Player, Player.id == Seat.player_id)
            .where(Seat.game_id == Game.id, folded(Player.name).like(pattern, escape=LIKE_ESCAPE))
        )
        by_side = select(GameSide.id).where(
            GameSide.game_id == Game.id, folded(GameSide.name).like(pattern, escape=LIKE_ESCAPE)
        )
        conditions.append(or_(by_player.exists(), by_side.exists()))
    return and_(*conditions) if conditions else None


# --- the list ---------------------------------------------------------------------------


def count_games(search: Search) -> int:
    """How many games ``search`` finds."""
    query = select(func.count()).select_from(Game)
    condition = _matches(search)
    if condition is not None:
        query = query.where(condition)
    return int(db.session.execute(query).scalar_one())


def page_count(games: int, per_page: int = PAGE_SIZE) -> int:
    """The pages ``games`` games fill (one, empty, when there are none).

    >>> page_count(0), page_count(50), page_count(51)
    (1, 1, 2)
    """
    return max(1, -(-games // per_page))


@dataclass(frozen=True)
class ListedGame:
    """A game as the list shows it: where it stands (None before its outcomes are
    stored), whether it is over, and each side's players when its name does not say."""

    game: Game
    standing: Standing | None
    finished: bool
    players: tuple[str, ...] | None


def list_games(search: Search, page: int, per_page: int = PAGE_SIZE) -> list[ListedGame]:
    """Page ``page`` (from 1) of the games ``search`` finds: those in progress first,
    the last changed first, then the finished ones, the last played first."""
    finished = case((GameOutcome.finished.is_(True), 1), else_=0)
    changed = case((GameOutcome.finished.is_(True), None), else_=Game.updated_at)
    query = (
        select(Game, finished)
        .outerjoin(GameOutcome, GameOutcome.game_id == Game.id)
        .options(selectinload(Game.sides), selectinload(Game.seats).selectinload(Seat.player))
        .order_by(
            finished,
            changed.desc(),
            Game.played_on.desc(),
            Game.created_at.desc(),
            Game.id.desc(),
        )
        .limit(per_page)
        .offset((page - 1) * per_page)
    )
    condition = _matches(search)
    if condition is not None:
        query = query.where(condition)
    rows = db.session.execute(query).all()
    stood = standings(game.id for game, _ in rows)
    return [
        ListedGame(game, stood.get(game.id), bool(over), _players_shown(game))
        for game, over in rows
    ]


def _players_shown(game: Game) -> tuple[str, ...] | None:
    """Each side's players joined (``Ann & Cal``), when a side's name is not that."""
    joined = tuple(
        side_name([seat.player.name for seat in game.seats if seat.side == side.position])
        for side in game.sides
    )
    named = tuple(side.name for side in game.sides)
    return None if joined == named else joined


def game_summaries(limit: int, offset: int = 0) -> list[dict[str, Any]]:
    """The games, newest first, each as its id, version, rules, sides and result so
    far (the API's list; from the stored outcomes, with no replay)."""
    rows = db.session.execute(
        select(Game, GameOutcome)
        .outerjoin(GameOutcome, GameOutcome.game_id == Game.id)
        .options(selectinload(Game.sides))
        .order_by(Game.id.desc())
        .limit(limit)
        .offset(offset)
    ).all()
    return [_summary(game, outcome) for game, outcome in rows]


def _summary(game: Game, outcome: GameOutcome | None) -> dict[str, Any]:
    winner: int | str | None = None
    if outcome is not None:
        winner = DRAW if outcome.draw else outcome.winner
    return {
        "id": game.id,
        "key": game.key,
        "version": game.version,
        "ruleset": game.ruleset,
        "played_on": game.played_on.isoformat(),
        "sides": [side.name for side in game.sides],
        "hands": outcome.hands if outcome is not None else 0,
        "finished": outcome is not None and outcome.finished,
        "winner": winner,
    }


def recent_games(limit: int = 50) -> list[Game]:
    """The games last changed, newest first, with their sides (``standings`` has where
    each stands)."""
    return list(
        db.session.execute(
            select(Game)
            .options(selectinload(Game.sides))
            .order_by(Game.updated_at.desc())
            .limit(limit)
        ).scalars()
    )

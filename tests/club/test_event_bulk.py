"""A club night imported in bulk (issue 31, item 3: club/event_rows.py, games/bulk.py): the
rows a night's games get are the rows one game stored alone gets (its outcomes as
``record_outcomes`` writes them, its ratings as rating every game again makes them), and
the statements an import sends do not grow with its games. On SQLite, and on PostgreSQL
with scripts/with-postgres."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event, select

from benchmarks.club_standings import night
from scorekeeper.club.events import import_event
from scorekeeper.extensions import db
from scorekeeper.games.stored import get_game, replay_game
from scorekeeper.store.club_models import EventTable
from scorekeeper.store.models import (
    BidOutcome,
    GameOutcome,
    HandOutcome,
    PlayerOutcome,
)
from scorekeeper.store.outcomes import rate_from, record_outcomes
from tests.club.test_events_store import NIGHTS, app, document

__all__ = ["app"]  # the fixture, a night's database
OUTCOMES = (HandOutcome, PlayerOutcome, BidOutcome, GameOutcome)
RATINGS = ("rating_change", "ruleset_rating_change")


def rows(model: Any, game_id: int, leave_out: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """``model``'s rows of the game, as values, in a fixed order (no row ids)."""
    table = model.__table__
    columns = [c for c in table.c if c.name not in ("id", *leave_out)]
    found = db.session.execute(select(*columns).where(table.c.game_id == game_id))
    return sorted((dict(row._mapping) for row in found), key=repr)


def played_games() -> list[int]:
    query = select(EventTable.game_id).where(EventTable.game_id.is_not(None))
    return list(db.session.execute(query).scalars())


@pytest.mark.parametrize("path", NIGHTS, ids=lambda path: path.stem)
def test_a_nights_games_have_the_outcomes_a_game_stored_alone_has(app: Flask, path: Path) -> None:
    import_event(document(path))
    games = played_games()
    assert games
    for game_id in games:
        bulk = {model: rows(model, game_id, RATINGS) for model in OUTCOMES}
        game = get_game(game_id)
        assert game is not None
        record_outcomes(game, replay_game(game), rate=False)  # as one game's change writes them
        assert {model: rows(model, game_id, RATINGS) for model in OUTCOMES} == bulk
    db.session.rollback()


@pytest.mark.parametrize("path", NIGHTS, ids=lambda path: path.stem)
def test_a_nights_games_are_rated_as_rating_every_game_again_rates_them(
    app: Flask, path: Path
) -> None:
    import_event(night(3, 3))  # played first: the night's games are rated after these
    import_event(document(path))
    imported = {game_id: rows(PlayerOutcome, game_id) for game_id in played_games()}
    assert all(row["rating_change"] is not None for shares in imported.values() for row in shares)
    rate_from(None)
    assert {game_id: rows(PlayerOutcome, game_id) for game_id in imported} == imported
    db.session.rollback()


def statements_of_import(app: Flask, doc: dict[str, Any]) -> int:
    sent: list[str] = []

    def statement(*args: Any) -> None:
        sent.append(args[2])

    event.listen(db.engine, "before_cursor_execute", statement)
    try:
        import_event(doc)
    finally:
        event.remove(db.engine, "before_cursor_execute", statement)
    return len(sent)


def test_an_imports_statements_do_not_grow_with_its_games(app: Flask) -> None:
    small = statements_of_import(app, night(2, 2))  # 4 games
    large = statements_of_import(app, night(6, 4))  # 24 games, 72 entrants more
    assert large == small

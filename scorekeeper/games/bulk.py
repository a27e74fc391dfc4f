"""Many new games written at once: a club night's imported tables (``club.event_rows``).

``Staging`` does everything but the writing before the first write: the replays (or
the engine's, kept from its check) and every row's values, the players named by their
place in a list and the games by their place in the night, since neither has its id
yet. ``insert_games`` then writes the players' and games' ids in and each table's rows
in one statement whatever the number of games (the games' own with ``RETURNING``, for
the ids the other rows carry), so a night of a thousand games holds the write lock for
its rows only. The games are left unrated: the caller rates them once, with the rest
of its transaction (``rate_new``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from scorekeeper.engine.game import Game as EngineGame
from scorekeeper.engine.scoring import GameResult, replay
from scorekeeper.games.lifecycle import known_language
from scorekeeper.games.stored import hand_rows
from scorekeeper.store.bulk import insert_returning, insert_rows
from scorekeeper.store.models import (
    Game,
    GameSide,
    Hand,
    HandOutcome,
    PlayerOutcome,
    Seat,
    new_game_key,
)
from scorekeeper.store.outcomes import OUTCOME_TABLES, new_game_rows, rate_since

# the columns that hold a player's id, per table (staged: the player's place in the list)
PLAYER_COLUMNS: dict[Any, tuple[str, ...]] = {
    Seat: ("player_id",),
    Hand: ("bidder_id",),
    HandOutcome: ("bidder_id",),
    PlayerOutcome: ("player_id", "partner_id"),
}
CHILDREN = (GameSide, Seat, Hand, *OUTCOME_TABLES)


@dataclass
class Staging:
    """New games' rows, ready to write once the players (``names``, in order) and the
    games have their ids; created at ``now``."""

    names: Sequence[str]
    now: datetime
    games: list[dict[str, Any]] = field(default_factory=list)  # each game's own row
    first_played: date | None = None
    rows: dict[Any, list[dict[str, Any]]] = field(
        default_factory=lambda: {model: [] for model in CHILDREN}
    )

    def __post_init__(self) -> None:
        self._places = {name: place for place, name in enumerate(self.names)}

    def add(
        self,
        checked: EngineGame,
        played_on: date,
        language: str,
        stopped: str | None = None,
        result: GameResult | None = None,
    ) -> int:
        """Stage the game the engine accepted (replayed unless ``result`` is its replay)
        with its rules, language and the rule it counts by should it not be over
        (``stopped``); its place among the games staged."""
        place = len(self.games)
        self.games.append(
            _game_row(checked, played_on, known_language(language), stopped, self.now)
        )
        self.first_played = min(played_on, self.first_played or played_on)
        players = {name: self._places[name] for name in checked.seating}
        rows = self.rows
        rows[GameSide] += [
            {"game_id": place, "position": position, "name": side.name}
            for position, side in enumerate(checked.sides)
        ]
        rows[Seat] += [
            {
                "game_id": place,
                "position": position,
                "side": checked.side_of[name],
                "player_id": players[name],
            }
            for position, name in enumerate(checked.seating)
        ]
        rows[Hand] += hand_rows(place, checked.hands, players)
        counted = new_game_rows(place, result or replay(checked), players, stopped)
        for outcome, values in counted.items():
            rows[outcome] += values
        return place


def insert_games(staging: Staging, ids: Mapping[str, int]) -> list[int]:
    """Write the staged games with their sides, seats, hands and outcomes (not
    committed); ``ids``: every staged player's by name. The games' ids, in order."""
    if not staging.games:
        return []
    game_ids = insert_returning(Game.__table__, staging.games, by=("key",))
    player_ids = [ids[name] for name in staging.names]
    for model, rows in staging.rows.items():
        columns = PLAYER_COLUMNS.get(model, ())
        for row in rows:
            row["game_id"] = game_ids[row["game_id"]]
            for column in columns:
                if row[column] is not None:
                    row[column] = player_ids[row[column]]
        insert_rows(model.__table__, rows)  # one statement for each table's rows
    return game_ids


def _game_row(
    checked: EngineGame, played_on: date, language: str, stopped: str | None, now: datetime
) -> dict[str, Any]:
    return {
        "key": new_game_key(),  # (the row's own, to read its id back by)
        "ruleset": checked.rules.name,
        "language": language,
        "rules": checked.rules.options(),
        "first_dealer_seat": checked.seating.index(checked.first_dealer),
        "played_on": played_on,
        "created_at": now,
        "updated_at": now,
        "stopped": stopped,
    }


def rate_new(staging: Staging, game_ids: Sequence[int]) -> None:
    """Rate the games written and every game played after the first of them again (the
    ones before keep their ratings: a night of last month moves only the ratings of the
    games played since)."""
    if game_ids and staging.first_played is not None:
        rate_since((staging.first_played, staging.now, min(game_ids)), None)

"""A backup's club nights checked before a restore writes a row of them: each event's
rows read back as the ``pinochle-event/1`` document an import would read, and the
engine's reader asked (entrants, rounds and tables numbered, seats and byes naming
entrants once a round, each table's game seated as its table and under the event's
rules, adjustments in a round with a reason). The rows' values, unique columns and
references are checked first with every other table's (``checks.check_tables``).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from scorekeeper.backup.checks import RowError, Rows, game_document
from scorekeeper.engine.club import events
from scorekeeper.engine.club.prizes import read_percentages
from scorekeeper.engine.errors import PinochleError


def check_events(tables: Rows) -> None:
    """Every event of ``tables`` as the engine reads an event file; ``RowError`` with a
    sentence naming the event at the first it refuses."""
    rows = _Rows(tables)
    for number, event in enumerate(tables.get("club_event", []), 1):
        at = f"club_event row {number} (id {event['id']!r})"
        rounds = rows.of("club_round", "event_id", event["id"], "number")
        if event["rounds_count"] != len(rounds):
            raise RowError(f"{at}, rounds_count: it has {len(rounds)} rounds")
        try:
            events.from_document(_event_document(event, rounds, rows, at), restoring=True)
        except PinochleError as error:
            raise RowError(f"{at}: the engine refuses the event: {error}") from None


class _Rows:
    """The backup's rows grouped by a reference, and found by id."""

    def __init__(self, tables: Rows) -> None:
        self.tables = tables
        self.groups: dict[tuple[str, str], dict[Any, list[dict[str, Any]]]] = {}
        self.players = {row["id"]: row["name"] for row in tables.get("player", [])}
        self.games = {row["id"]: row for row in tables.get("game", [])}
        self.by_game: dict[str, dict[Any, list[dict[str, Any]]]] = {
            name: self.grouped(name, "game_id") for name in ("game_side", "seat", "hand")
        }

    def grouped(self, table: str, key: str) -> dict[Any, list[dict[str, Any]]]:
        if (table, key) not in self.groups:
            grouped: dict[Any, list[dict[str, Any]]] = defaultdict(list)
            for row in self.tables.get(table, []):
                grouped[row[key]].append(row)
            self.groups[table, key] = grouped
        return self.groups[table, key]

    def of(self, table: str, key: str, value: Any, order: str) -> list[dict[str, Any]]:
        return sorted(self.grouped(table, key).get(value, []), key=lambda row: row[order])


def _event_document(
    event: dict[str, Any], rounds: list[dict[str, Any]], rows: _Rows, at: str
) -> dict[str, Any]:
    entrants = rows.of("club_entrant", "event_id", event["id"], "position")
    names = {row["id"]: row["name"] for row in entrants}
    teams = event["kind"] == events.TEAMS

    def entrant(row: dict[str, Any]) -> dict[str, Any]:
        if not teams:
            return {"name": row["name"]}
        players = [rows.players[row["player_id"]], rows.players.get(row["partner_id"])]
        return {"name": row["name"], "players": [p for p in players if p is not None]}

    def table(row: dict[str, Any]) -> dict[str, Any]:
        seats = rows.of("club_seat", "table_id", row["id"], "position")
        game = rows.games.get(row["game_id"])
        return {
            "table": row["number"],
            "seats": [names.get(seat["entrant_id"]) for seat in seats],
            "game": None if game is None else game_document(game, rows.by_game, rows.players, at),
        }

    prizes = None
    if event["entry_fee_cents"] is not None and event["prize_percentages"]:
        try:
            percentages = read_percentages(str(event["prize_percentages"]))
        except PinochleError as error:
            raise RowError(f"{at}, prize_percentages: {error}") from None
        prizes = {"entry_fee_cents": event["entry_fee_cents"], "percentages": list(percentages)}
    return {
        "format": events.FORMAT,
        "prizes": prizes,
        "name": event["name"],
        "date": event["date"],
        "kind": event["kind"],
        "ruleset": event["ruleset"],
        "rules": event["rules"],
        "standing_order": event["standing_order"],
        "bye_rule": event["bye_rule"],
        "entrants": [entrant(row) for row in entrants],
        "rounds": [
            {
                "round": round_["number"],
                "tables": [
                    table(row) for row in rows.of("club_table", "round_id", round_["id"], "number")
                ],
                "byes": [
                    names.get(bye["entrant_id"])
                    for bye in rows.of("club_bye", "round_id", round_["id"], "position")
                ],
            }
            for round_ in rounds
        ],
        "adjustments": [
            {
                "entrant": names.get(row["entrant_id"]),
                "round": row["round"],
                "points": row["points"],
                "reason": row["reason"],
                "public": bool(row["public"]),
            }
            for row in rows.of("club_adjustment", "event_id", event["id"], "position")
        ],
    }

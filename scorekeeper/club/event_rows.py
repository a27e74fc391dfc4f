"""A club night's rows written in bulk: an imported ``pinochle-event/1`` document
(``events.import_event``), once the engine accepted it.

Everything but the writing is done before the first write: the games' replays (the
engine's, kept from its check), the players read, every row's values. Then each
table's rows go in one statement whatever the night's size (the parents' with
``RETURNING``, for the ids their children carry), so the largest night allowed, every
round played, holds the write lock for its rows only (``make bench-club``), and the
other tables of the club keep storing their hands meanwhile.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from sqlalchemy import select

from scorekeeper.club.results import RESERVED_KEYS
from scorekeeper.engine.club import events as engine
from scorekeeper.engine.club.prizes import percentages_text
from scorekeeper.engine.club.standings import closed, unfinished
from scorekeeper.extensions import db
from scorekeeper.games.bulk import Staging, insert_games, rate_new
from scorekeeper.games.players import player_ids
from scorekeeper.store.bulk import insert_returning, insert_rows
from scorekeeper.store.club_models import (
    Adjustment,
    Bye,
    Entrant,
    Event,
    EventRound,
    EventSeat,
    EventTable,
)
from scorekeeper.store.models import new_game_key, utcnow
from scorekeeper.store.tenancy import ALL_CLUBS


def insert_event(checked: engine.Event, language: str) -> int:
    """Write the event the engine accepted with its entrants, rounds, tables, seats,
    byes, adjustments and games (their sheets in ``language``), not committed; its id."""
    now = utcnow()
    over = {round_.number: _closed(checked, round_, now) for round_ in checked.rounds}
    staging, places = _games(checked, language, over, now)  # before the first write
    row = _event_row(checked, now)
    ids = player_ids(staging.names)  # the first write: the new players
    event_id = insert_returning(Event.__table__, [row], by=("key",))[0]
    entrant_ids = _entrants(checked, event_id, ids)
    round_ids = insert_returning(
        EventRound.__table__,
        [
            {"event_id": event_id, "number": round_.number, "closed_at": over[round_.number]}
            for round_ in checked.rounds
        ],
        by=("number",),
    )
    written = insert_games(staging, ids)
    game_ids = {table: written[place] for table, place in places.items()}
    _tables(checked, round_ids, entrant_ids, game_ids)
    insert_rows(
        Bye.__table__,
        [
            {"round_id": round_id, "position": position, "entrant_id": entrant_ids[name]}
            for round_, round_id in zip(checked.rounds, round_ids, strict=True)
            for position, name in enumerate(round_.byes)
        ],
    )
    insert_rows(
        Adjustment.__table__,
        [
            {
                "event_id": event_id,
                "position": position,
                "entrant_id": entrant_ids[adjustment.entrant],
                "round": adjustment.round,
                "points": adjustment.points,
                "reason": adjustment.reason,
                "public": adjustment.public,
                "created_at": now,
            }
            for position, adjustment in enumerate(checked.adjustments)
        ],
    )
    rate_new(staging, written)
    return event_id


def event_names(checked: engine.Event) -> set[str]:
    """Every player's name the night stores: its entrants' and its games' seats'."""
    names = {name for entrant in checked.entrants for name in entrant.players or (entrant.name,)}
    for round_ in checked.rounds:
        for table in round_.tables:
            if table.game is not None:
                names.update(table.game.seating)
    return names


def _closed(checked: engine.Event, round_: engine.Round, now: datetime) -> datetime | None:
    """When an imported round is closed: now, for a round the engine takes as over (the
    file says it is closed, or a later round is played: its unfinished tables count by
    the night's rule, as in the file's standings) and for a seated round whose every
    game is over; None for a round not seated, or one with a table still playing."""
    seated = bool(round_.tables or round_.byes)
    if closed(checked, round_) or (seated and not unfinished(checked, round_.number)):
        return now
    return None


def _games(
    checked: engine.Event, language: str, over: dict[int, datetime | None], now: datetime
) -> tuple[Staging, dict[tuple[int, int], int]]:
    """Every played table's game staged (each one's place by round and table); a game
    without its own day was played on the event's (export leaves it out again)."""
    staging = Staging(sorted(event_names(checked)), now)
    places = {
        (round_.number, table.number): staging.add(
            table.game,
            table.game.played_on or checked.date or date.today(),  # (the server's day)
            language,
            stopped=checked.unfinished_tables if over[round_.number] is not None else None,
            result=table.result,
        )
        for round_ in checked.rounds
        for table in round_.tables
        if table.game is not None
    }
    return staging, places


def _event_row(checked: engine.Event, now: datetime) -> dict[str, Any]:
    # the file's key when no stored night has it (a night moved from another server keeps
    # its public address), else a new one: also the row's own, to read its id back by.
    # Keys are unique across the instance: every club's nights are asked (whether one
    # holds it, nothing else; a key taken elsewhere is replaced as one taken here is)
    stored = select(Event.id).where(Event.key == checked.key)
    taken = (
        checked.key is None
        or checked.key in RESERVED_KEYS  # an address of the results pages' own
        or db.session.execute(stored.execution_options(**{ALL_CLUBS: True})).first() is not None
    )
    return {
        "key": new_game_key() if taken else checked.key,
        "name": checked.name,
        "date": checked.date,
        "kind": checked.kind,
        "ruleset": checked.rules.name,
        "rules": checked.rules.options(),
        "standing_order": checked.standing_order,
        "bye_rule": checked.bye_rule,
        "rounds_count": len(checked.rounds),
        "time_limit": checked.time_limit,
        "unfinished_tables": checked.unfinished_tables,
        "entry_fee_cents": None if checked.prizes is None else checked.prizes.fee_cents,
        "prize_percentages": (
            None if checked.prizes is None else percentages_text(checked.prizes.percentages)
        ),
        "created_at": now,
    }


def _entrants(checked: engine.Event, event_id: int, ids: dict[str, int]) -> dict[str, int]:
    """The entrants written; their ids by name."""
    rows = []
    for position, entrant in enumerate(checked.entrants):
        players = entrant.players or (entrant.name,)
        rows.append(
            {
                "event_id": event_id,
                "position": position,
                "name": entrant.name,
                "player_id": ids[players[0]],
                "partner_id": ids[players[1]] if len(players) > 1 else None,
            }
        )
    written = insert_returning(Entrant.__table__, rows, by=("position",))
    return {entrant.name: id_ for entrant, id_ in zip(checked.entrants, written, strict=True)}


def _tables(
    checked: engine.Event,
    round_ids: Sequence[int],
    entrant_ids: dict[str, int],
    game_ids: dict[tuple[int, int], int],
) -> None:
    """Every round's tables, each with its game, and their seats."""
    tables = [
        (round_id, round_.number, table)
        for round_, round_id in zip(checked.rounds, round_ids, strict=True)
        for table in round_.tables
    ]
    table_ids = insert_returning(
        EventTable.__table__,
        [
            {
                "round_id": round_id,
                "number": table.number,
                "game_id": game_ids.get((number, table.number)),
            }
            for round_id, number, table in tables
        ],
        by=("round_id", "number"),
    )
    insert_rows(
        EventSeat.__table__,
        [
            {"table_id": table_id, "position": position, "entrant_id": entrant_ids[name]}
            for table_id, (_, _, table) in zip(table_ids, tables, strict=True)
            for position, name in enumerate(table.seats)
        ],
    )

"""A round seated before it is played (``club.seating``): each table gets an ordinary
game with no hands, under the event's rules and seated as the table; seated again, the
round's tables, empty games and byes are replaced; once a hand is recorded at a table,
the round stays as it is; a refusal writes nothing. On SQLite, and on PostgreSQL with
scripts/with-postgres."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask

from scorekeeper.club.events import event_standings, export_event, get_event, import_event
from scorekeeper.club.seating import ROUND_PLAYED, record_seating
from scorekeeper.engine.club.events import from_document
from scorekeeper.engine.club.standings import standings
from scorekeeper.engine.errors import PinochleError
from scorekeeper.games.hands import add_hand
from scorekeeper.games.stored import get_game
from scorekeeper.store.club_models import Event
from scorekeeper.store.models import Game
from tests.club.test_events_store import app, count  # noqa: F401 (app is a fixture)
from tests.web.test_access import database_fingerprint

NIGHT: dict[str, Any] = {
    "format": "pinochle-event/1",
    "name": "Tuesday club night",
    "date": "2026-12-01",
    "ruleset": "partnership",
    "rules": {"game_end": "hands:2"},
    "entrants": [{"name": name} for name in ("Ann", "Bea", "Cal", "Dan", "Eve")],
    "rounds": [{"round": 1}, {"round": 2}],
}
ROUND_1 = {"tables": [{"table": 1, "seats": ["Ann", "Bea", "Cal", "Dan"]}], "byes": ["Eve"]}
ROUND_1_AGAIN = {"tables": [{"table": 1, "seats": ["Eve", "Ann", "Bea", "Cal"]}], "byes": ["Dan"]}
MADE = {"bidder": "Ann", "bid": 250, "trump": "H", "meld": [100, 40], "counters": [150, 100]}
SET = {"bidder": "Bea", "bid": 300, "trump": "S", "meld": [60, 80], "counters": [200, 50]}


def stored_night() -> Event:
    event = import_event(NIGHT)
    found = get_event(event.id)
    assert found is not None
    return found


def test_each_table_gets_an_empty_game_seated_as_the_table(app: Flask) -> None:  # noqa: F811
    event = stored_night()
    stored = record_seating(event, 1, ROUND_1)
    (table,) = stored.tables
    game = table.game
    assert game is not None and game.hands == []
    assert [side.name for side in game.sides] == ["Ann & Cal", "Bea & Dan"]
    assert [seat.player.name for seat in game.seats] == ["Ann", "Bea", "Cal", "Dan"]
    assert (game.ruleset, game.rules["game_end"], str(game.played_on)) == (
        "partnership",
        "hands:2",
        "2026-12-01",
    )
    assert [bye.entrant.name for bye in stored.byes] == ["Eve"]
    # seated, no card dealt yet: nothing is played (no bye counted), nothing provisional
    table = event_standings(event)
    assert (table.rounds_played, table.provisional) == (0, False)
    assert next(row for row in table.rows if row.entrant == "Eve").wins == 0


def test_seated_again_the_round_and_its_empty_games_are_replaced(app: Flask) -> None:  # noqa: F811
    event = stored_night()
    first = record_seating(event, 1, ROUND_1).tables[0].game_id
    again = record_seating(event, 1, ROUND_1_AGAIN)
    assert get_game(first) is None
    assert count(Game) == 1
    assert [seat.entrant.name for seat in again.tables[0].seats] == ["Eve", "Ann", "Bea", "Cal"]
    assert [bye.entrant.name for bye in again.byes] == ["Dan"]


def test_hands_at_the_table_count_in_the_standings_at_once(app: Flask) -> None:  # noqa: F811
    event = stored_night()
    game = record_seating(event, 1, ROUND_1).tables[0].game
    assert game is not None
    add_hand(game, MADE)
    add_hand(game, SET)
    reread = get_event(event.id)
    assert reread is not None
    table = event_standings(reread)
    assert not table.provisional and table.rounds_played == 1
    # the engine's standings of the exported file are the stored event's
    assert table == standings(from_document(export_event(reread)))
    places = {row.entrant: (row.wins, row.points) for row in table.rows}
    assert places["Ann"] == places["Cal"] and places["Bea"] == places["Dan"]
    assert places["Eve"][0] == 1  # the bye: a win


def test_a_round_with_a_hand_played_stays_as_it_is(app: Flask) -> None:  # noqa: F811
    event = stored_night()
    game = record_seating(event, 1, ROUND_1).tables[0].game
    assert game is not None
    add_hand(game, MADE)
    before = database_fingerprint(app)
    reread = get_event(event.id)
    assert reread is not None
    with pytest.raises(PinochleError) as refused:
        record_seating(reread, 1, ROUND_1_AGAIN)
    assert refused.value.code == ROUND_PLAYED
    assert "round 1 is being played" in str(refused.value)
    assert database_fingerprint(app) == before


@pytest.mark.parametrize(
    ("seating", "code"),
    [
        ({"tables": [{"table": 1, "seats": ["Ann", "Bea", "Ann", "Dan"]}]}, "event_seated_twice"),
        ({"tables": [{"table": 1, "seats": ["Ann", "Bea", "Cal", "Zed"]}]}, "event_unknown_name"),
        ({"tables": [], "byes": ["Eve", "Eve"]}, "event_entered_twice"),
    ],
    ids=["seated twice", "not an entrant", "a bye twice"],
)
def test_a_refused_seating_writes_nothing(
    app: Flask,  # noqa: F811
    seating: dict[str, Any],
    code: str,
) -> None:
    event = stored_night()
    record_seating(event, 1, ROUND_1)
    before = database_fingerprint(app)
    reread = get_event(event.id)
    assert reread is not None
    with pytest.raises(PinochleError) as refused:
        record_seating(reread, 1, seating)
    assert refused.value.code == code
    assert database_fingerprint(app) == before


def test_a_round_is_seated_in_turn_open_and_without_who_withdrew(app: Flask) -> None:  # noqa: F811
    from scorekeeper.club.entrants import withdraw
    from scorekeeper.club.rounds import close_round

    event = stored_night()
    cases = [
        (lambda e: record_seating(e, 2, ROUND_1), "event_round_unseated", "round 1 is not"),
    ]
    for act, code, words in cases:
        before = database_fingerprint(app)
        with pytest.raises(PinochleError) as refused:
            act(get_event(event.id))
        assert (refused.value.code, words in str(refused.value)) == (code, True)
        assert database_fingerprint(app) == before
    record_seating(get_event(event.id), 1, ROUND_1)
    withdraw(get_event(event.id), "Eve")  # from round 2 on
    before = database_fingerprint(app)
    with pytest.raises(PinochleError) as refused:  # rounds in order: round 1 still open
        record_seating(get_event(event.id), 2, ROUND_1)
    assert refused.value.code == "event_round_before_open"
    assert str(refused.value) == "round 2 is seated once round 1 is closed: close round 1 first"
    assert database_fingerprint(app) == before
    close_round(get_event(event.id), 1, "the hall closes")
    before = database_fingerprint(app)
    with pytest.raises(PinochleError) as refused:
        record_seating(get_event(event.id), 2, ROUND_1)  # Eve has the bye in it
    assert refused.value.code == "event_withdrawn_seated" and "'Eve'" in str(refused.value)
    assert database_fingerprint(app) == before
    with pytest.raises(PinochleError) as refused:
        record_seating(get_event(event.id), 1, ROUND_1_AGAIN)
    assert refused.value.code == "event_round_closed"
    assert database_fingerprint(app) == before
    # a game the director's close left unfinished counts nothing, and is not awaited
    assert not event_standings(get_event(event.id)).provisional


def player_reads(app: Flask, change: Any) -> list[str]:  # noqa: F811
    """The statements that look players up by name while ``change()`` runs."""
    from sqlalchemy import event as sql_event

    from scorekeeper.extensions import db

    read: list[str] = []

    def sent(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith("SELECT") and re.search(
            r"FROM player\s+WHERE player\.name", statement
        ):
            read.append(statement)

    sql_event.listen(db.engine, "before_cursor_execute", sent)
    try:
        change()
    finally:
        sql_event.remove(db.engine, "before_cursor_execute", sent)
    return read


BIG_NIGHT: dict[str, Any] = {
    **NIGHT,
    "entrants": [{"name": f"Player {n:02d}"} for n in range(1, 17)],
}
FOUR_TABLES = {
    "tables": [
        {"table": t, "seats": [f"Player {4 * (t - 1) + s:02d}" for s in range(1, 5)]}
        for t in range(1, 5)
    ],
    "byes": [],
}


def test_a_seating_and_an_import_read_their_players_at_once(app: Flask) -> None:  # noqa: F811
    """Issue 31, item 3: every table's players in one read (the largest night's seating
    held the write lock 0.32 s, reading them one by one; 0.20 s at once: make bench-club)."""
    imported: list[Event] = []
    reads = player_reads(app, lambda: imported.append(import_event(BIG_NIGHT)))
    assert len(reads) == 1, "\n\n".join(reads)
    event = get_event(imported[0].id)
    assert event is not None
    reads = player_reads(app, lambda: record_seating(event, 1, FOUR_TABLES))
    assert len(reads) == 1
    seated = get_event(event.id)
    assert seated is not None
    players = [[seat.player.name for seat in t.game.seats] for t in seated.rounds[0].tables]
    assert players == [table["seats"] for table in FOUR_TABLES["tables"]]
    assert count(Game) == 4

"""Big games: the length limit, work that grows with a game's hands no faster than
they do, no replay behind the lists, and a lock not had in time answered 503.

The work is counted, not timed (``benchmarks/import_.py`` has the figures): the
statements a change sends and the hands the engine scores for it.
"""

from __future__ import annotations

import io
import json
import random
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event, text
from sqlalchemy.exc import OperationalError

from scorekeeper.accounts.links import create_api_token
from scorekeeper.accounts.users import create_user, user_named
from scorekeeper.engine import scoring
from scorekeeper.engine.bounds import MAX_HANDS, MAX_REDEALS
from scorekeeper.engine.errors import GameError
from scorekeeper.engine.game import new_game
from scorekeeper.engine.gamefile import from_document, to_document
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import with_options
from scorekeeper.engine.simulate import default_sides, random_game
from scorekeeper.extensions import db
from scorekeeper.games import hands as game_hands
from scorekeeper.games import lifecycle, stored
from scorekeeper.games.hands import add_hand, delete_hand, replace_hand, undo_last_hand
from scorekeeper.games.stored import get_game
from scorekeeper.games.transfer import import_game
from scorekeeper.store.locks import is_lock_timeout, on_postgresql, serialize
from scorekeeper.web import games as web_games
from tests.web.conftest import PLAYED_HAND, played_game, stored_game, test_app
from tests.web.test_hands import MADE, post_hand

TOO_LONG = f"a game has at most {MAX_HANDS} scored hands, not {MAX_HANDS + 1}"


@cache
def long_document(hands: int) -> dict[str, Any]:
    """A partnership game at one tenth that plays on (a target nobody reaches) for
    ``hands`` hands, as a game file; past the limit, its last hand repeated."""
    rules = with_options(PRESETS["partnership-tenths"], {"target": 100_000})
    played = min(hands, MAX_HANDS)
    game = random_game(rules, random.Random(hands), hands=played, show=0.0)
    assert len(game.hands) == played, "the game ended early"
    document = to_document(game)
    document["hands"] += [document["hands"][-1]] * (hands - played)
    return document


def next_hand(hands: int) -> dict[str, Any]:
    """A hand that may follow ``long_document(hands)``."""
    return dict(long_document(hands)["hands"][-1])


# --- the length limit ---------------------------------------------------------------------


def test_the_engine_refuses_a_game_longer_than_the_limit() -> None:
    rules = PRESETS["partnership"]
    sides = default_sides(rules)
    hand = from_document(long_document(2)).hands[0]
    assert len(new_game(rules, sides, hands=[hand] * MAX_HANDS).hands) == MAX_HANDS
    for build in (
        lambda: new_game(rules, sides, hands=[hand] * (MAX_HANDS + 1)),
        lambda: new_game(rules, sides).with_hands([hand] * (MAX_HANDS + 1)),
        lambda: from_document(long_document(MAX_HANDS + 1)),
    ):
        with pytest.raises(GameError) as refusal:
            build()
        assert (refusal.value.code, str(refusal.value)) == ("game_too_long", TOO_LONG)


def test_a_game_file_longer_than_the_limit_is_refused_before_its_hands_are_read() -> None:
    document = {**long_document(2), "hands": ["not a hand"] * (MAX_HANDS + MAX_REDEALS + 1)}
    with pytest.raises(GameError, match="at most"):
        from_document(document)


def test_the_api_refuses_a_game_longer_than_the_limit_with_422(app: Flask) -> None:
    client = app.test_client()
    answer = client.post("/api/v1/games", json=long_document(MAX_HANDS + 1))
    assert answer.status_code == 422
    assert answer.json == {"error": "game_too_long", "message": TOO_LONG}
    assert client.get("/api/v1/games").json == {"games": []}
    answer = client.post("/api/v1/games", json=long_document(MAX_HANDS))
    assert answer.status_code == 201
    game_id = answer.json["id"]
    answer = client.post(f"/api/v1/games/{game_id}/hands", json=next_hand(MAX_HANDS))
    assert answer.status_code == 422
    assert answer.json == {"error": "game_too_long", "message": TOO_LONG}


def test_the_hand_form_refuses_a_hand_past_the_limit_with_400(app: Flask) -> None:
    with app.app_context():
        game_id = import_game(long_document(MAX_HANDS)).id
    hand = next_hand(MAX_HANDS)
    fields = {
        "bidder": hand["bidder"],
        "bid": str(hand["bid"]),
        "trump": hand["trump"],
        "meld_0": str(hand["meld"][0]),
        "meld_1": str(hand["meld"][1]),
        "counters_0": str(hand["counters"][0]),
    }
    page = post_hand(app.test_client(), game_id, fields)
    assert page.status_code == 400
    assert TOO_LONG in page.text
    with app.app_context():
        assert len(stored_game(app, game_id).hands) == MAX_HANDS


def test_the_import_page_refuses_a_game_longer_than_the_limit_with_400(app: Flask) -> None:
    body = json.dumps(long_document(MAX_HANDS + 1)).encode()
    page = app.test_client().post("/games/import", data={"file": (io.BytesIO(body), "long.json")})
    assert page.status_code == 400
    assert TOO_LONG in page.text


# --- work that grows no faster than the hands ---------------------------------------------


@contextmanager
def counted() -> Iterator[dict[str, int]]:
    """The statements sent and the hands the engine scored inside the block."""
    counts = {"statements": 0, "hands scored": 0}

    def statement(*_args: Any) -> None:
        counts["statements"] += 1

    score_hand = scoring.score_hand

    def scored(*args: Any) -> Any:
        counts["hands scored"] += 1
        return score_hand(*args)

    event.listen(db.engine, "before_cursor_execute", statement)
    scoring.score_hand = scored  # type: ignore[assignment]
    try:
        yield counts
    finally:
        scoring.score_hand = score_hand  # type: ignore[assignment]
        event.remove(db.engine, "before_cursor_execute", statement)


Change = Callable[[Any], object]
CHANGES: dict[str, tuple[Change, int]] = {
    # a change, and the hands the game has after it, beyond its first ones
    "add": (lambda game: add_hand(game, next_hand(120)), 1),
    "replace the first": (lambda game: replace_hand(game, 1, next_hand(120)), 0),
    "delete the first": (lambda game: delete_hand(game, 1), -1),
    "undo": (lambda game: undo_last_hand(game), -1),
}


def change_counts(app: Flask, hands: int, change: Change) -> dict[str, int]:
    with app.app_context():
        document = {**long_document(120), "hands": long_document(120)["hands"][:hands]}
        game_id = import_game(document).id
    with app.app_context():
        game = get_game(game_id)
        with counted() as counts:
            change(game)
    return counts


@pytest.mark.parametrize("name", list(CHANGES))
def test_a_change_sends_as_many_statements_and_replays_once_whatever_the_games_length(
    app: Flask, name: str
) -> None:
    change, more = CHANGES[name]
    short, long = (change_counts(app, hands, change) for hands in (10, 100))
    assert short["statements"] == long["statements"]
    assert (short["hands scored"], long["hands scored"]) == (10 + more, 100 + more)


def test_an_import_sends_as_many_statements_whatever_the_games_length(app: Flask) -> None:
    counts = []
    for hands in (1, 10, 100):  # the first makes the players the others find
        with app.app_context(), counted() as count:
            document = {**long_document(120), "hands": long_document(120)["hands"][:hands]}
            import_game(document)
        counts.append(count)
    counts = counts[1:]
    assert counts[0]["statements"] == counts[1]["statements"]
    assert [count["hands scored"] for count in counts] == [10, 100]


# --- the lists read the stored outcomes ---------------------------------------------------


def test_the_games_list_replays_no_game(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = played_game(app, 3)  # Us 3 x 340, Them 3 x 160

    def no_replay(*_args: Any) -> None:
        raise AssertionError("a game was replayed")

    for module in (scoring, stored, lifecycle, game_hands):  # wherever replay is looked up
        monkeypatch.setattr(module, "replay", no_replay)
    client = app.test_client()
    page = client.get("/")
    assert page.status_code == 200
    assert "1020 : 480" in page.text
    assert client.get("/api/v1/games").json["games"][0]["id"] == game_id


# --- a lock not had in time -------------------------------------------------------------------

BUSY = "The server is busy with another change; nothing was saved. Try again in a few seconds."


@contextmanager
def held_write_lock(app: Flask) -> Iterator[None]:
    """Another process's write transaction, open and holding every write lock: SQLite's
    one write lock; on PostgreSQL the ratings lock and every table locked against
    writes (readers still read)."""
    with app.app_context():
        serialize("ratings")
        if on_postgresql():
            tables = ", ".join(table.name for table in db.metadata.sorted_tables)
            db.session.execute(text(f"LOCK TABLE {tables} IN EXCLUSIVE MODE"))
        try:
            yield
        finally:
            db.session.rollback()


@pytest.fixture
def busy_apps(tmp_path: Path) -> tuple[Flask, Flask]:
    """This process's app (logins on, a short lock timeout) and another's, on one database."""
    here = test_app(tmp_path / "busy.db", LOGIN_DISABLED=False, DATABASE_LOCK_TIMEOUT=0.2)
    there = test_app(tmp_path / "busy.db")
    with here.app_context():
        create_user("Olga", "a long enough password", "owner")
    return here, there


def assert_busy(answer: Any) -> None:
    assert answer.status_code == 503
    assert answer.headers["Retry-After"].isdigit()
    assert int(answer.headers["Retry-After"]) > 0


def logged_in_client(app: Flask) -> Any:
    client = app.test_client()
    with app.app_context():
        user = user_named("Olga")
        assert user is not None
        cookie = user.get_id()
    with client.session_transaction() as session:
        session["_user_id"] = cookie
        session["_fresh"] = True
    return client


@pytest.mark.database
def test_a_hand_form_waiting_too_long_for_the_lock_is_told_to_retry(
    busy_apps: tuple[Flask, Flask],
) -> None:
    here, there = busy_apps
    game_id = played_game(here, 1)
    client = logged_in_client(here)
    with held_write_lock(there):
        page = post_hand(client, game_id, MADE)
    assert_busy(page)
    assert BUSY in page.text
    assert "Traceback" not in page.text
    with here.app_context():
        assert len(stored_game(here, game_id).hands) == 1
    assert post_hand(client, game_id, MADE).status_code == 302  # once free, it saves


@pytest.mark.database
def test_an_api_call_waiting_too_long_for_the_lock_is_told_to_retry(
    busy_apps: tuple[Flask, Flask],
) -> None:
    here, there = busy_apps
    game_id = played_game(here, 1)
    with here.app_context():
        user = user_named("Olga")
        assert user is not None
        token = create_api_token(user, "tests")[1]
    headers = {"Authorization": f"Bearer {token}"}
    client = here.test_client()
    with held_write_lock(there):
        answer = client.post(
            f"/api/v1/games/{game_id}/hands", json={**PLAYED_HAND, "bid": 310}, headers=headers
        )
    assert_busy(answer)
    assert answer.json == {"error": "busy", "message": BUSY}
    again = {**PLAYED_HAND, "bidder": "Ann"}  # not hand 1 again: no "same as hand 1?"
    answer = client.post(f"/api/v1/games/{game_id}/hands", json=again, headers=headers)
    assert answer.status_code == 201


@pytest.mark.database
def test_a_login_waiting_too_long_for_the_lock_is_told_to_retry(
    busy_apps: tuple[Flask, Flask],
) -> None:
    here, there = busy_apps
    form = {"name": "Olga", "password": "a long enough password"}
    client = here.test_client()
    with held_write_lock(there):
        page = client.post("/login", data=form)
    assert_busy(page)
    assert BUSY in page.text
    assert client.post("/login", data=form).status_code == 302


@pytest.mark.database
def test_the_busy_sentence_reads_in_the_pages_language(busy_apps: tuple[Flask, Flask]) -> None:
    here, there = busy_apps
    client = here.test_client()
    with held_write_lock(there):
        page = client.post(
            "/login",
            data={"name": "Olga", "password": "a long enough password"},
            headers={"Accept-Language": "fr"},
        )
    assert_busy(page)
    assert BUSY not in page.text
    assert "<html" in page.text


def test_another_database_failure_is_no_busy_answer(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    failure = OperationalError("SELECT 1", {}, sqlite3.OperationalError("disk I/O error"))
    assert not is_lock_timeout(failure)
    assert not is_lock_timeout(ValueError("database is locked"))
    assert is_lock_timeout(
        OperationalError("SELECT 1", {}, sqlite3.OperationalError("database is locked"))
    )

    def broken(*_args: Any) -> None:
        raise failure

    monkeypatch.setattr(web_games, "count_games", broken)  # the home page's first read
    with pytest.raises(OperationalError):  # a 500 (the test app lets it through)
        app.test_client().get("/")

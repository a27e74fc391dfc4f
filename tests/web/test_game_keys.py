"""Nothing aimed at one game lands in another (issue 22, item 1).

A deleted game's id is never given out again; and every write aimed at a game
carries the game's key besides its id, so a page, a phone's queued hand or a
program's request left over from a deleted game is refused ("That game was deleted",
410) even where another game has its id (a database restored, or SQLite before the
migration that made ids AUTOINCREMENT), and the other game is untouched.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import delete, insert, select, update

from scorekeeper.engine.gamefile import to_document
from scorekeeper.extensions import db
from scorekeeper.games.lifecycle import create_game
from scorekeeper.games.stored import engine_game, get_game
from scorekeeper.games.transfer import import_game
from scorekeeper.store.models import Game
from tests.web.conftest import PLAYED_HAND, SIDES, played_game
from tests.web.test_access import database_fingerprint
from tests.web.test_hands import MADE, form_values

GONE = "That game was deleted"
# every table that points at a game, by its game_id
GAME_TABLES = (
    "game_side",
    "seat",
    "hand",
    "hand_edit",
    "hand_outcome",
    "game_outcome",
    "player_outcome",
    "bid_outcome",
    "share_link",
)


def give_id(app: Flask, game_id: int, new_id: int) -> None:
    """Game ``game_id`` takes the id ``new_id`` (free): what SQLite did before ids were
    AUTOINCREMENT, and what a restore into a fresh database can do."""
    with app.app_context():
        game = Game.__table__
        row = dict(db.session.execute(select(game).where(game.c.id == game_id)).mappings().one())
        db.session.execute(update(game).where(game.c.id == game_id).values(key="moving"))
        db.session.execute(insert(game).values({**row, "id": new_id}))
        for name in GAME_TABLES:
            table = db.metadata.tables[name]
            db.session.execute(
                update(table).where(table.c.game_id == game_id).values(game_id=new_id)
            )
        db.session.execute(delete(game).where(game.c.id == game_id))
        db.session.commit()


def deleted_and_replaced(app: Flask, client: FlaskClient) -> tuple[int, dict[str, str]]:
    """A game started by mistake (nothing recorded yet) with its hand form open on a
    phone, deleted, and the right one imported with two hands: the id the old one had
    and the old form's fields."""
    old = played_game(app, 0)
    fields = {name: value for name, value in form_values(hand_form(client, old)).items()}
    assert client.post(f"/games/{old}/delete", data={"game_key": fields["game_key"]}).status == (
        "302 FOUND"
    )
    with app.app_context():
        right = played_game_document(2)
        new = import_game(right).id
    return new, {**fields, **MADE}


def played_game_document(hands: int) -> dict[str, Any]:
    game = create_game("partnership", {}, SIDES, first_dealer="Ann")
    document = to_document(engine_game(game))
    db.session.delete(game)
    db.session.commit()
    return {**document, "hands": [PLAYED_HAND] * hands}


def hand_form(client: FlaskClient, game_id: int) -> str:
    page = client.get(f"/games/{game_id}/hands/new")
    assert page.status_code == 200
    return page.text


def test_a_deleted_games_id_goes_to_no_other_game(app: Flask, client: FlaskClient) -> None:
    """Delete the newest game, start another: it has an id of its own (SQLite gave the
    deleted one's again before AUTOINCREMENT; PostgreSQL's sequences never do)."""
    first = played_game(app, 1)
    newest = played_game(app, 1)
    key = re.search(r'name="game_key" value="([^"]+)"', hand_form(client, newest))
    assert key is not None
    assert client.post(f"/games/{newest}/delete", data={"game_key": key[1]}).status_code == 302
    again = played_game(app, 0)
    assert again not in (first, newest)
    assert client.get(f"/games/{newest}").status_code == 404


# each write a phone or a program still aims at the deleted game: (method, path, fields or
# JSON, headers); {key} is the deleted game's key, {version} the version its form had
STALE_WRITES: list[tuple[str, str, dict[str, Any], dict[str, str]]] = [
    ("POST", "/games/{id}/hands/new", {}, {}),  # the hand form, saved
    ("POST", "/games/{id}/hands/new", {"idempotency_key": "queued-1"},  # the offline queue
     {"Accept": "application/json"}),
    ("POST", "/games/{id}/hands/1/edit", {}, {}),  # a correction
    ("POST", "/games/{id}/hands/1/delete", {"confirmed": "yes"}, {}),  # a hand's delete
    ("POST", "/games/{id}/undo", {"number": "2"}, {}),
    ("POST", "/games/{id}/put-back", {"edit": "1"}, {}),
    ("POST", "/games/{id}/delete", {}, {}),  # the game's own delete, on a stale page
    ("POST", "/games/{id}/rematch", {}, {}),
    ("POST", "/games/{id}/share", {}, {}),
    ("POST", "/games/{id}/language", {"language": "fr"}, {}),
]  # fmt: skip


@pytest.mark.parametrize(("method", "path", "extra", "headers"), STALE_WRITES)
def test_a_write_aimed_at_a_deleted_game_is_refused_where_another_has_its_id(
    app: Flask, client: FlaskClient, method: str, path: str, extra: dict[str, Any],
    headers: dict[str, str],
) -> None:  # fmt: skip
    new, fields = deleted_and_replaced(app, client)
    old = int(re.search(r"/games/(\d+)/", fields["return_to"])[1])  # type: ignore[index]
    give_id(app, new, old)
    before = database_fingerprint(app)
    answer = client.open(
        path.format(id=old), method=method, data={**fields, **extra}, headers=headers
    )
    assert answer.status_code == 410
    if headers:  # the queue reads a JSON refusal and keeps the hand under "Needs a look"
        assert answer.json["error"] == "game_deleted"
        assert answer.json["messages"][0].startswith(GONE)
    else:
        assert GONE in answer.text
    assert database_fingerprint(app) == before
    with app.app_context():
        game = get_game(old)
        assert game is not None and len(game.hands) == 2 and game.version == 1


def test_the_api_refuses_a_hand_with_a_deleted_games_key(app: Flask, client: FlaskClient) -> None:
    new, fields = deleted_and_replaced(app, client)
    old = int(re.search(r"/games/(\d+)/", fields["return_to"])[1])  # type: ignore[index]
    give_id(app, new, old)
    before = database_fingerprint(app)
    headers = {"Game-Key": fields["game_key"], "If-Match": '"1"'}
    for method, path, body in (
        ("POST", f"/api/v1/games/{old}/hands", {**PLAYED_HAND, "bid": 310}),
        ("PUT", f"/api/v1/games/{old}/hands/1", PLAYED_HAND),
        ("DELETE", f"/api/v1/games/{old}/hands/1", None),
    ):
        answer = client.open(path, method=method, json=body, headers=headers)
        assert (answer.status_code, answer.json["error"]) == (410, "game_deleted")
    assert database_fingerprint(app) == before
    game = client.get(f"/api/v1/games/{old}").json
    assert game["key"] != fields["game_key"]
    answer = client.post(
        f"/api/v1/games/{old}/hands",
        json={**PLAYED_HAND, "bid": 310},
        headers={"Game-Key": game["key"]},
    )
    assert answer.status_code == 201


def test_the_forms_carry_the_games_key(app: Flask, client: FlaskClient) -> None:
    """Every form of the scoreboard and of the hand's pages aimed at the game."""
    game_id = played_game(app, 2)
    with app.app_context():
        game = get_game(game_id)
        assert game is not None
        key = game.key
    client.post(f"/games/{game_id}/share", data={"game_key": key})
    pages = {
        "board": client.get(f"/games/{game_id}").text,
        "form": hand_form(client, game_id),
        "edit": client.get(f"/games/{game_id}/hands/1/edit").text,
        "question": client.post(f"/games/{game_id}/hands/1/delete", data={}).text,
    }
    for name, page in pages.items():
        forms = re.findall(r"<form method=\"post\".*?</form>", page, re.S)
        aimed = [form for form in forms if f"/games/{game_id}/" in form]
        assert aimed, name
        for form in aimed:
            assert f'name="game_key" value="{key}"' in form, (name, form[:200])

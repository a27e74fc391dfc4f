"""Bounded cost per request (issue 22, item 4): the scoreboard, its share link's page and
the print view of a long game are made once per change of the game, then served as
they were (or 304 to a reader who has them), reading no hand; answers are compressed
when the client asks, under ``scorekeeper serve`` too."""

from __future__ import annotations

import gzip
import http.client
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import brotli
import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from scorekeeper.accounts.links import create_share_link
from scorekeeper.accounts.users import create_user
from scorekeeper.cli.serve import make_server
from scorekeeper.extensions import db
from tests.web.conftest import played_game, test_app
from tests.web.test_big_games import long_document

# (what, the page's path for game {id} and its share link {token})
PAGES = [
    ("scoreboard", "/games/{id}"),
    ("share link", "/s/{token}"),
    ("print view", "/games/{id}/sheet"),
]


@pytest.fixture
def long_game(app: Flask) -> tuple[int, str]:
    """A game of 300 hands and its share link."""
    from scorekeeper.games.transfer import import_game

    with app.app_context():
        game = import_game(long_document(300))
        return game.id, create_share_link(game.id).token


def unsigned(page: str) -> str:
    """A page without its forms' CSRF tokens (signed anew, with the time, each time)."""
    return re.sub(r'name="csrf_token" value="[^"]*"', "", page)


class HandReads:
    """The statements of ``app``'s database that read the hand table."""

    def __init__(self, app: Flask) -> None:
        self.count = 0
        with app.app_context():
            event.listen(db.engine, "before_cursor_execute", self.statement)

    def statement(self, _conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        if re.search(r"\bFROM hand\b", statement) and "count(" not in statement:
            self.count += 1


@pytest.mark.parametrize(("what", "path"), PAGES)
def test_a_long_games_page_is_made_once_per_change(
    app: Flask, client: FlaskClient, long_game: tuple[int, str], what: str, path: str
) -> None:
    game_id, token = long_game
    address = path.format(id=game_id, token=token)
    first = client.get(address)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert etag.startswith('W/"')
    reads = HandReads(app)
    again = client.get(address)
    assert (again.status_code, unsigned(again.text)) == (200, unsigned(first.text))
    assert client.get(address, headers={"If-None-Match": etag}).status_code == 304
    assert reads.count == 0, f"the {what} read the hands again"
    # a change: the next reader gets the page anew (one read), with its new ETag
    with app.app_context():
        from scorekeeper.games.hands import add_hand
        from scorekeeper.games.stored import get_game

        game = get_game(game_id)
        assert game is not None
        add_hand(game, dict(long_document(301)["hands"][-1]))
    changed = client.get(address, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert unsigned(changed.text) != unsigned(first.text)
    assert reads.count >= 1


@pytest.mark.database
def test_each_reader_gets_the_page_of_their_role(tmp_path: Path) -> None:
    """Kept pages never cross roles: a viewer after a scorekeeper sees no edit link."""
    app = test_app(tmp_path / "roles.db", LOGIN_DISABLED=False)
    with app.app_context():
        create_user("Olga", "a long enough password", "owner")
        create_user("Vic", "a long enough password", "viewer")
    game_id = played_game(app, 2)
    pages = {}
    for name in ("Olga", "Vic", "Olga"):
        client = app.test_client()
        client.post("/login", data={"name": name, "password": "a long enough password"})
        page = client.get(f"/games/{game_id}")
        pages[name] = (page.headers["ETag"], page.text)
    assert "/hands/1/edit" in pages["Olga"][1]
    assert "/hands/1/edit" not in pages["Vic"][1]
    assert pages["Olga"][0] != pages["Vic"][0]


@pytest.mark.parametrize("encoding", ["gzip", "br"])
@pytest.mark.parametrize(("what", "path"), [*PAGES, ("stylesheet", "/static/css/app.css")])
def test_answers_are_compressed_when_the_client_asks(
    client: FlaskClient, long_game: tuple[int, str], encoding: str, what: str, path: str
) -> None:
    game_id, token = long_game
    address = path.format(id=game_id, token=token)
    with (
        client.get(address) as plain,
        client.get(address, headers={"Accept-Encoding": f"{encoding}, identity;q=0.5"}) as packed,
    ):
        check_packed(plain, packed, encoding, what)


def check_packed(plain: Any, packed: Any, encoding: str, what: str) -> None:
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == encoding, what
    assert "Accept-Encoding" in packed.headers["Vary"]
    body = gzip.decompress(packed.data) if encoding == "gzip" else brotli.decompress(packed.data)
    assert unsigned(body.decode()) == unsigned(plain.data.decode())
    assert len(packed.data) < len(plain.data) / 3


def test_a_pdf_is_never_compressed_again(client: FlaskClient, long_game: tuple[int, str]) -> None:
    path = f"/games/{long_game[0]}/sheet.pdf"
    with client.get(path, headers={"Accept-Encoding": "gzip"}) as answer:
        assert answer.status_code == 200 and "Content-Encoding" not in answer.headers


@pytest.fixture
def served(app: Flask) -> Iterator[int]:
    """The app under waitress, as ``scorekeeper serve`` runs it."""
    server, port = make_server(app, "127.0.0.1", 0)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield port
    server.close()


def test_scorekeeper_serve_compresses_too(app: Flask, served: int) -> None:
    game_id = played_game(app, 3)
    connection = http.client.HTTPConnection("127.0.0.1", served, timeout=10)
    connection.request("GET", f"/games/{game_id}", headers={"Accept-Encoding": "gzip"})
    answer = connection.getresponse()
    body = answer.read()
    connection.close()
    assert answer.status == 200
    assert answer.getheader("Content-Encoding") == "gzip"
    assert b"Record hand 4" in gzip.decompress(body)


def test_a_page_with_a_message_is_never_kept(client: FlaskClient, app: Flask) -> None:
    """The message after Undo shows once, and the page after it is the game's."""
    game_id = played_game(app, 2)
    client.get(f"/games/{game_id}")
    undone = client.post(f"/games/{game_id}/undo", data={"number": "2"}, follow_redirects=True)
    assert "Hand 2 undone." in undone.text
    assert "ETag" not in undone.headers
    after = client.get(f"/games/{game_id}")
    assert after.headers["ETag"] and "Hand 2 undone." not in after.text
    assert "Put hand 2 back" in after.text


def test_a_compressed_api_answers_etag_works_as_if_match(client: FlaskClient, app: Flask) -> None:
    """Flask-Compress writes the encoding into a strong ETag ("2:gzip"): sent back as
    If-Match it names the same version (a program's HTTP library asks for gzip)."""
    from tests.web.conftest import PLAYED_HAND

    game_id = played_game(app, 3)
    gzip_asked = {"Accept-Encoding": "gzip"}
    read = client.get(f"/api/v1/games/{game_id}", headers=gzip_asked)
    assert read.headers["Content-Encoding"] == "gzip"
    etag = read.headers["ETag"]
    assert etag.endswith(':gzip"')
    added = client.post(
        f"/api/v1/games/{game_id}/hands",
        json={**PLAYED_HAND, "bidder": "Bea"},
        headers={**gzip_asked, "If-Match": etag},
    )
    assert added.status_code == 201
    stale = client.post(
        f"/api/v1/games/{game_id}/hands",
        json={**PLAYED_HAND, "bidder": "Dan"},
        headers={"If-Match": etag},
    )
    assert (stale.status_code, stale.json["error"]) == (409, "hand_recorded_meanwhile")

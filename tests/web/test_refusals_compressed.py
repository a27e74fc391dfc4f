"""Refusals compressed as pages are (issue 31, finding 9): a refused form on a long
game's scoreboard is that whole page again, and Flask-Compress leaves every answer
outside 2xx as it is."""

from __future__ import annotations

import gzip
from collections.abc import Callable
from typing import Any

import brotli
import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import make_game

# (what is asked, its status): each answer's body is longer than Flask-Compress's least
ASKED: list[tuple[str, Callable[[FlaskClient, int], Any], int]] = [
    ("a refused hand", lambda c, g: c.post(f"/games/{g}/hands/new", data={"bid": "1"}), 400),
    ("no such page", lambda c, _g: c.get("/no/such/page"), 404),
    ("a deleted game's key", lambda c, g: c.post(f"/games/{g}/undo", data={"game_key": "x"}), 410),
    ("a refused import", lambda c, _g: c.post("/games/import", data={"file": ""}), 400),
]  # fmt: skip
DECODE = {"gzip": gzip.decompress, "br": brotli.decompress}


@pytest.mark.parametrize("encoding", ["gzip", "br"])
@pytest.mark.parametrize(
    ("ask", "status"), [case[1:] for case in ASKED], ids=[case[0] for case in ASKED]
)
def test_a_refusal_is_compressed_when_asked(
    app: Flask, ask: Callable[[FlaskClient, int], Any], status: int, encoding: str
) -> None:
    game = make_game(app)
    plain = ask(app.test_client(), game)
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_ENCODING"] = encoding
    squeezed = ask(client, game)
    assert (plain.status_code, squeezed.status_code) == (status, status)
    assert "Content-Encoding" not in plain.headers
    assert squeezed.headers["Content-Encoding"] == encoding
    assert "Accept-Encoding" in squeezed.headers["Vary"]
    assert len(squeezed.data) < len(plain.data) / 2
    body = DECODE[encoding](squeezed.data)
    assert body == plain.data  # the same page, whole
    assert len(body) > 500


def test_a_short_refusal_stays_as_it_is(app: Flask) -> None:
    """Under Flask-Compress's least size (500 bytes), as for any answer: the API's."""
    game = make_game(app)
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_ENCODING"] = "gzip"
    answer = client.post(f"/api/v1/games/{game}/hands", json={"bid": 1})
    assert answer.status_code == 422 and len(answer.data) < 500
    assert "Content-Encoding" not in answer.headers and answer.json["error"]

"""What one request may cost in answers and kept rows (issue 22, item 4): a refusal
quotes at most about 100 characters of what was sent (the API repeated a 2 MB side
name in its 422), and a hand sent with an ``Idempotency-Key`` keeps what a retry needs,
not the whole game (a 1,000-hand game's answer was 208 kB, kept a day)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.games.transfer import import_game
from scorekeeper.store.models import IdempotencyKey
from tests.web.test_api import GAME
from tests.web.test_big_games import long_document, next_hand

LONG = "N" * 1_900_000  # a name that fits in the 2 MiB body
ANSWER = 600  # bytes of a refusal, at most, whatever was sent

# (method, path, JSON body or raw text, headers): each refused, quoting what was sent
LONG_SIDE = {"name": LONG, "players": ["Ann", "Cal"]}
REFUSED: list[tuple[str, str, Any, dict[str, str]]] = [
    ("POST", "/api/v1/games", {**GAME, "sides": [LONG_SIDE, GAME["sides"][1]]}, {}),
    ("POST", "/api/v1/games", {**GAME, "ruleset": LONG}, {}),
    ("POST", "/api/v1/games", {**GAME, "first_dealer": LONG}, {}),
    ("POST", "/api/v1/games", {**GAME, LONG: 1}, {}),
    ("POST", "/api/v1/meld", {"cards": "KH " + LONG}, {}),
    ("POST", "/api/v1/meld", {"cards": "KH", LONG: 1}, {}),
    ("GET", "/api/v1/games?" + "x" * 100_000 + "=1", None, {}),
    ("GET", "/api/v1/games/1", None, {"If-Match": "7" * 50_000}),
]


@pytest.mark.parametrize(("method", "path", "body", "headers"), REFUSED)
def test_a_refusal_quotes_little_of_what_was_sent(
    client: FlaskClient, method: str, path: str, body: Any, headers: dict[str, str]
) -> None:
    if headers:  # If-Match is read on a change
        method, path, body = "DELETE", "/api/v1/games/1/hands/1", None
    answer = client.open(path, method=method, json=body, headers=headers)
    assert 400 <= answer.status_code < 500
    assert len(answer.data) < ANSWER, answer.data[:ANSWER]
    assert answer.json["message"]


def test_a_keyed_hand_keeps_what_a_retry_needs(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        game_id = import_game(long_document(999)).id
    key = {"Idempotency-Key": "hand-1000"}
    path = f"/api/v1/games/{game_id}/hands?same_as=999"  # hand 999 repeated, on purpose
    first = client.post(path, json=next_hand(999), headers=key)
    assert first.status_code == 201
    with app.app_context():
        kept = db.session.execute(select(IdempotencyKey.body)).scalar_one()
    assert kept == {"game": game_id, "number": 1000, "version": first.json["version"]}
    assert len(json.dumps(kept)) < 100  # it was the whole game: about 200 kB
    again = client.post(path, json=next_hand(999), headers=key)
    assert (again.status_code, again.headers["Idempotent-Replayed"]) == (201, "true")
    assert again.json == first.json and again.headers["ETag"] == first.headers["ETag"]

"""The edges of a night's new doors (issue 30): a round number the night does not have,
the API's close with a body it cannot read, a game of its own asked for its table's
stamp. Each a clear answer, nothing changed."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from tests.web.test_access import database_fingerprint
from tests.web.test_event_confirm import table_game

pytestmark = pytest.mark.database


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    from tests.web.conftest import test_app

    return test_app(tmp_path / "edges.db")


@pytest.mark.parametrize("path", ["/events/1/rounds/9/close", "/events/1/rounds/0/unseat"])
def test_a_round_the_night_does_not_have_is_not_found(app: Flask, path: str) -> None:
    table_game(app)
    before = database_fingerprint(app)
    assert app.test_client().post(path, data={"reason": ""}).status_code == 404
    assert database_fingerprint(app) == before


# the API's close: a body it cannot read -> status, code
BODIES = [
    ("unconfirmed as a word", {"unconfirmed": "yes"}, 422, "bad_field"),
    ("a reason as a number", {"reason": 3}, 422, "bad_field"),
    ("a field it does not know", {"why": "late"}, 422, "bad_field"),
    ("a round it does not have", {}, 404, "no_round"),
]


@pytest.mark.parametrize(
    ("body", "status", "code"), [c[1:] for c in BODIES], ids=[c[0] for c in BODIES]
)
def test_the_apis_close_refuses_a_body_it_cannot_read(
    app: Flask, body: dict[str, object], status: int, code: str
) -> None:
    table_game(app)
    before = database_fingerprint(app)
    number = 9 if code == "no_round" else 1
    answer = app.test_client().post(f"/api/v1/events/1/rounds/{number}/close", json=body)
    assert (answer.status_code, answer.json["error"]) == (status, code)
    assert database_fingerprint(app) == before


def test_only_a_club_tables_game_has_a_table_stamp(app: Flask) -> None:
    from scorekeeper.extensions import db
    from scorekeeper.games.lifecycle import create_game
    from tests.web.conftest import SIDES

    game_id = table_game(app)
    with app.app_context():
        alone = create_game("partnership", {}, SIDES).id
        db.session.commit()
    client = app.test_client()
    stamp = client.get(f"/games/{game_id}/stamp")
    assert stamp.status_code == 200 and stamp.headers["Cache-Control"] == "no-store"
    assert client.get(f"/games/{alone}/stamp").status_code == 404
    assert client.get("/games/999999/stamp").status_code == 404
    assert client.post(f"/games/{game_id}/confirm", data={"player": "Bea"}).status_code == 302
    assert client.get(f"/games/{game_id}/stamp").json["stamp"] != stamp.json["stamp"]

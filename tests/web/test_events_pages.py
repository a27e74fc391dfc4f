"""Club nights in the app: the list, an event file imported (a refused one a sentence
on the field, status 400, nothing stored), an event's page with its tables' games and
its standings, and the next round seated by the movement (its evenness shown first).
Who may do what: tests/web/test_access.py."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.extensions import db
from scorekeeper.store.club_models import Event
from scorekeeper.store.models import Game
from tests.web.conftest import test_app
from tests.web.test_access import database_fingerprint

EVENTS = Path(__file__).resolve().parents[1] / "data" / "events"


def club_night(rounds: int = 4) -> dict[str, Any]:
    """The worked night of docs/event-format.md, with rounds to come after its three."""
    document: dict[str, Any] = json.loads((EVENTS / "club-night.json").read_text("utf-8"))
    document["rounds"] += [{"round": n} for n in range(4, rounds + 1)]
    return document


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return test_app(tmp_path / "events.db")


def token(client: FlaskClient, path: str) -> str:
    """The page's CSRF token ("" where the test app checks none)."""
    found = re.search(r'name="csrf_token"[^>]* value="([^"]+)"', client.get(path).text)
    return found.group(1) if found else ""


def imported(client: FlaskClient, document: object) -> Any:
    body = json.dumps(document).encode()
    return client.post(
        "/events/import",
        data={"csrf_token": token(client, "/events/import"), "file": (io.BytesIO(body), "n.json")},
        content_type="multipart/form-data",
    )


def text(html: str) -> str:
    """A page's words, as a person reads them."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&amp;", "&")


def test_an_event_file_imported_shows_its_night(app: Flask) -> None:
    client = app.test_client()
    answer = imported(client, club_night())
    assert answer.status_code == 302
    page = text(client.get(answer.headers["Location"]).text)
    assert "Tuesday club night" in page
    assert "After 3 of 4 rounds" in page
    # the standings, the engine's (docs/event-format.md §5): Bea and Eve share first
    assert "1 Bea 2 2.5 1 1440" in page and "1 Eve 2 2.5 1 1440" in page
    assert "760 adjusted −50" in page
    assert "Table 1 Ann & Cal – Bea & Dan 2 hands · 380 : 470 · finished" in page
    assert "Byes: Eve" in page
    listed = text(client.get("/events").text)
    assert "Tuesday club night" in listed and "4 rounds" in listed
    assert "Club nights" in text(client.get("/").text)


@pytest.mark.parametrize(
    ("document", "sentence"),
    [
        ({**club_night(), "entrants": [{"name": "Ann"}] * 5}, "'Ann' is entered more than once"),
        ({"format": "pinochle-game/1"}, "format must be 'pinochle-event/1', not 'pinochle-game/1'"),
        ("not an event", "the document: expected an object"),
    ],
    ids=["entered twice", "a game file", "not an object"],
)
def test_a_refused_event_file_is_a_sentence_on_the_field(
    app: Flask, document: object, sentence: str
) -> None:
    client = app.test_client()
    before = database_fingerprint(app)
    answer = imported(client, document)
    assert answer.status_code == 400
    assert sentence in answer.text.replace("&#39;", "'")
    assert 'class="field-error"' in answer.text
    assert database_fingerprint(app) == before


def test_the_next_round_is_seated_by_the_movement_shown(app: Flask) -> None:
    client = app.test_client()
    event = imported(client, club_night()).headers["Location"]
    page = text(client.get(event).text)
    shown = page[page.index("Round 4") :]
    assert "The movement seats this round so: Table 1: Dan, Bea, Cal, Eve Byes: Ann" in shown
    assert "partners again: 1 · repeat meetings: 14 (at least 14)" in shown
    seat = client.post(event + "/rounds/4/seat", data={"csrf_token": token(client, event)})
    assert seat.status_code == 302 and seat.headers["Location"].endswith("#round-4")
    page = text(client.get(event).text)
    assert "Round 4 is seated" in page
    assert "Table 1 Dan & Cal – Bea & Eve not played yet" in page
    assert "provisional: a game is still being played" in page
    with app.app_context():
        games = db.session.execute(db.select(Game)).scalars().all()
        assert len(games) == 4  # three played, and round 4's, empty
        assert [seat.player.name for seat in games[-1].seats] == ["Dan", "Bea", "Cal", "Eve"]


def test_a_round_seated_out_of_turn_is_refused_and_nothing_changes(app: Flask) -> None:
    client = app.test_client()
    event = imported(client, club_night(rounds=5)).headers["Location"]
    before = database_fingerprint(app)
    answer = client.post(event + "/rounds/5/seat", data={"csrf_token": token(client, event)})
    assert answer.status_code == 400
    assert "round 4 is not seated yet: seat the rounds in turn" in text(answer.text)
    assert database_fingerprint(app) == before
    with app.app_context():
        assert db.session.execute(db.select(db.func.count()).select_from(Event)).scalar() == 1

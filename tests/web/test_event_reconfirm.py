"""Confirmation that proves something (issue 30, item 2; docs/club-nights.md): the
director's tap kept as the director's, a correction after confirmation shown on the
event page, the display, the result sheet and the API with the table asking to confirm
again, and a round closed over unconfirmed tables only after one question. Who may
tap which name on a table code's phone: tests/web/test_table_codes.py and
tests/club/test_confirm.py."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from flask import Flask
from pypdf import PdfReader

from tests.web.test_access import database_fingerprint
from tests.web.test_event_confirm import EDIT, table_game, text

pytestmark = pytest.mark.database


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    from tests.web.conftest import test_app

    return test_app(tmp_path / "reconfirm.db")


def corrected(app: Flask) -> int:
    """Round 1's table confirmed by Bea (the director's tap), then hand 1 corrected."""
    game_id = table_game(app, confirmed_by="Bea")
    done = app.test_client().post(
        f"/games/{game_id}/hands/1/edit", data={**EDIT, "reason": "counters swapped"}
    )
    assert done.status_code == 302
    return game_id


def test_the_directors_tap_says_so_on_the_scoreboard_and_the_event_page(app: Flask) -> None:
    game_id = table_game(app)
    client = app.test_client()
    board = text(client.get(f"/games/{game_id}").text)
    assert "Director: tap the name of the player who checked the totals" in board
    assert client.post(f"/games/{game_id}/confirm", data={"player": "Dan"}).status_code == 302
    board = text(client.get(f"/games/{game_id}").text)
    assert "Confirmed by Dan (tapped by the director, owner" in board
    assert "confirmed by Dan (tapped by the director, owner" in text(client.get("/events/1").text)


def test_a_correction_after_confirmation_shows_on_the_event_page(app: Flask) -> None:
    corrected(app)
    page = text(app.test_client().get("/events/1").text)
    assert "corrected after confirmation: awaiting confirmation again" in page
    assert "Hand 1 corrected after confirmation: counters swapped" in page


def test_a_correction_after_confirmation_shows_on_the_display(app: Flask) -> None:
    corrected(app)
    page = app.test_client().get("/events/1/display").text
    progress = re.search(r'<span class="progress" title="([^"]*)">(.*?)</span>', page, re.S)
    assert progress is not None
    assert "Hand 1 corrected after confirmation: counters swapped" in text(progress.group(1))
    assert text(progress.group(2)).strip() == "2 hands · corrected"


def test_a_correction_after_confirmation_is_on_the_result_sheet(app: Flask) -> None:
    corrected(app)
    sheet = app.test_client().get("/events/1/results.pdf")
    assert sheet.status_code == 200
    words = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(sheet.data)).pages)
    words = " ".join(words.split())
    assert "Table 1: hand 1 corrected after confirmation: counters swapped" in words


def test_the_table_confirms_again_after_a_correction(app: Flask) -> None:
    game_id = corrected(app)
    client = app.test_client()
    board = text(client.get(f"/games/{game_id}").text)
    assert "Corrected after Bea confirmed: the totals need confirming again." in board
    assert client.post(f"/games/{game_id}/confirm", data={"player": "Dan"}).status_code == 302
    board = text(client.get(f"/games/{game_id}").text)
    assert "Confirmed by Dan (tapped by the director, owner" in board
    assert "Hand 1 corrected after confirmation: counters swapped" in board  # still listed
    assert "confirm again" not in board and "Dan confirms" not in board


def test_the_api_tells_the_confirmations_and_corrections(app: Flask) -> None:
    game_id = corrected(app)
    client = app.test_client()
    table = client.get("/api/v1/events/1").json["tables"][0]
    assert table["confirmed_by"] == "Bea" and table["confirmed_by_director"] == "owner"
    assert table["corrected_after_confirmation"] == [
        {"hand": 1, "action": "edited", "reason": "counters swapped"}
    ]
    assert table["confirm_again"] is True
    again = client.post(f"/api/v1/games/{game_id}/confirm", json={"player": "Ann"})
    assert again.status_code == 200
    assert (again.json["confirmed_by"], again.json["confirm_again"]) == ("Ann", False)


def test_closing_over_an_unconfirmed_table_asks_once(app: Flask) -> None:
    table_game(app)  # finished, not confirmed
    client = app.test_client()
    before = database_fingerprint(app)
    asked = client.post("/events/1/rounds/1/close", data={"reason": ""})
    assert asked.status_code == 400
    said = text(asked.text)
    assert "round 1: table 1 has no confirmation of its totals" in said
    assert "Close round 1 without those confirmations" in said
    assert database_fingerprint(app) == before
    closed = client.post("/events/1/rounds/1/close", data={"reason": "", "unconfirmed": "yes"})
    assert closed.status_code == 302
    assert "Round 1 is closed." in text(client.get("/events/1").text)


def test_a_confirmed_round_closes_without_the_question(app: Flask) -> None:
    table_game(app, confirmed_by="Bea")
    closed = app.test_client().post("/events/1/rounds/1/close", data={"reason": ""})
    assert closed.status_code == 302

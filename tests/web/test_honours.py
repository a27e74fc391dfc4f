"""A night's awards and prizes on its pages and prints (issue 32, item 4; club/honours.py):
the director keeps the prizes from the event page (refused with the engine's sentence,
nothing written), the public night and the result sheet show them and the awards, and
both wait with the standings when the club hides them until the night's end."""

from __future__ import annotations

import html
import io
import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from pypdf import PdfReader

from scorekeeper.club.competitions import create_competition
from scorekeeper.club.events import get_event, import_event
from scorekeeper.club.results import PUBLIC, set_results
from scorekeeper.engine.club.awards import awards
from scorekeeper.engine.club.events import from_document
from scorekeeper.engine.club.league import LeagueRules
from tests.web.test_result_prints import night

pytestmark = pytest.mark.database

EVENTS = Path(__file__).resolve().parents[1] / "data" / "events"


def data_night() -> dict[str, Any]:
    document: dict[str, Any] = json.loads((EVENTS / "club-night.json").read_text("utf-8"))
    return document


def stored(app: Flask, document: dict[str, Any]) -> tuple[int, str]:
    with app.app_context():
        event = import_event(document)
        return event.id, event.key


def words(page: str) -> str:
    """A page's text as ``pdf_text`` gives a PDF's: entities read, each run of spaces
    (a no-break space too) one space."""
    return " ".join(html.unescape(page).split())


def pdf_text(data: bytes) -> str:
    pages = PdfReader(io.BytesIO(data)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


# fee, percentages typed -> what the pages then say (None: refused with this sentence)
PRIZES = [
    # 5 entrants, a pot of 25.00: Bea and Eve share 1st and 2nd, 40 % each; Dan 3rd
    ("5", "50,30,20", ["10.00", "5.00", "= 25.00", "40 %"]),
    ("2,50", " 60, 40 ", ["6.25", "= 12.50", "50 %"]),  # 1st and 2nd shared
    ("5", "60,50", "prize percentages cannot be '60,50'"),
    ("five", "50", "the entry fee is an amount such as 5 or 2.50, not 'five'"),
    ("5", "", "prize percentages cannot be ''"),
]


@pytest.mark.parametrize(("fee", "percentages", "shown"), PRIZES)
def test_the_director_keeps_the_nights_prizes(
    app: Flask, fee: str, percentages: str, shown: list[str] | str
) -> None:
    event_id, key = stored(app, data_night())
    client = app.test_client()
    answer = client.post(
        f"/events/{event_id}/prizes", data={"fee": fee, "percentages": percentages}
    )
    with app.app_context():
        event = get_event(event_id)
        assert event is not None
        kept = (event.entry_fee_cents, event.prize_percentages)
    if isinstance(shown, str):
        assert answer.status_code == 400 and shown in html.unescape(answer.text)
        assert 'id="prizes"' in answer.text and kept == (None, None)
        return
    assert answer.status_code == 302 and answer.headers["Location"].endswith("#prizes")
    page = words(client.get(f"/events/{event_id}").text)
    with app.app_context():
        set_results(PUBLIC, False)
    public = words(client.get(f"/results/{key}").text)
    sheet = pdf_text(client.get(f"/events/{event_id}/results.pdf").data)
    one_page = pdf_text(client.get(f"/events/{event_id}/standings.pdf").data)
    for amount in shown:
        assert amount in page and amount in public and amount in sheet and amount in one_page
    # both blank: the night pays none again
    client.post(f"/events/{event_id}/prizes", data={"fee": "", "percentages": ""})
    with app.app_context():
        event = get_event(event_id)
        assert event is not None and event.entry_fee_cents is None
    assert shown[0] not in client.get(f"/results/{key}").text


def test_the_awards_on_the_nights_pages_and_prints(app: Flask) -> None:
    document = data_night()
    expected = awards([from_document(document)])
    event_id, key = stored(app, document)
    with app.app_context():
        set_results(PUBLIC, False)
        create_competition("Winter ladder", LeagueRules(), None, [event_id])
    client = app.test_client()
    high = expected.high_game
    assert high.value is not None and expected.most_bids_made.value is not None
    pages = {
        "event": client.get(f"/events/{event_id}").text,
        "public": client.get(f"/results/{key}").text,
        "competition": client.get("/competitions/1").text,
        "sheet": pdf_text(client.get(f"/events/{event_id}/results.pdf").data),
        "one page": pdf_text(client.get(f"/events/{event_id}/standings.pdf").data),
        "competition print": pdf_text(client.get("/competitions/1/table.pdf").data),
    }
    for where, text in pages.items():
        assert "High game" in text and "Most bids made" in text, where
        game = high.games[0]
        assert f"round {game.round}, table {game.table}" in text, where
    # the competition says on which night its high game was played
    assert "Tuesday club night, round" in pages["competition"]


def test_awards_and_prizes_wait_with_the_standings(app: Flask) -> None:
    event_id, key = stored(app, night(8, 2, 1))  # round 2 to play
    client = app.test_client()
    client.post(f"/events/{event_id}/prizes", data={"fee": "4", "percentages": "50,30"})
    with app.app_context():
        set_results(PUBLIC, True)
    public = client.get(f"/results/{key}").text
    one_page = pdf_text(client.get(f"/results/{key}/results.pdf").data)
    for text in (public, one_page):
        assert "High game" not in text and "16.00" not in text  # 8 × 4.00 × 50 %
    members = client.get(f"/events/{event_id}").text
    assert "High game" in members and "Provisional: the places may still change." in members


def test_a_teams_nights_pot_counts_its_players(app: Flask) -> None:
    """The fee is a head's: a fixed team of two pays it twice."""
    document = json.loads((EVENTS / "teams-night.json").read_text("utf-8"))
    event_id, _ = stored(app, document)
    client = app.test_client()
    client.post(f"/events/{event_id}/prizes", data={"fee": "5", "percentages": "100"})
    heads = 2 * len(document["entrants"])
    page = words(client.get(f"/events/{event_id}").text)
    assert f"5.00 a head × {heads} players = {5 * heads}.00." in page

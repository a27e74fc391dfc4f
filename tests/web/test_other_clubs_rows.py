"""Another club's rows through the pages (issue 33, item 4a): with a second club's game,
night and share link stored, the default club's pages answer 404 for each of them, as
for an id never given (never 403, never the data), and a write aimed at one changes
nothing. The first wall only: every page still serves the default club (the addresses
of other clubs come with memberships)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.accounts.links import create_share_link
from scorekeeper.club.events import import_event
from scorekeeper.extensions import db
from scorekeeper.store.models import Club, Hand
from scorekeeper.store.tenancy import ALL_CLUBS, in_club
from tests.web.conftest import PLAYED_HAND, make_game

NIGHT = Path(__file__).resolve().parents[1] / "data" / "events" / "club-night.json"


@pytest.fixture
def theirs(app: Flask) -> dict[str, str]:
    """The second club's game, night and share link: their addresses."""
    with app.app_context():
        club = Club(slug="riverside", name="Riverside Pinochle")
        db.session.add(club)
        db.session.commit()
        with in_club(club.id):
            game = make_game(app)
            event = import_event(json.loads(NIGHT.read_text(encoding="utf-8")))
            token = create_share_link(game).token
            event_id, event_key = event.id, event.key
            db.session.commit()
        db.session.remove()
    return {
        "scoreboard": f"/games/{game}",
        "hand form": f"/games/{game}/hands/new",
        "sheet": f"/games/{game}/sheet",
        "night": f"/events/{event_id}",
        "display": f"/events/{event_id}/display",
        "share link": f"/s/{token}",
        "api game": f"/api/v1/games/{game}",
        "api night": f"/api/v1/events/{event_id}",
        "hand post": f"/games/{game}/hands/new",
        "api hand post": f"/api/v1/games/{game}/hands",
        "event key": event_key,
    }


PAGES = ["scoreboard", "hand form", "sheet", "night", "display", "share link", "api game",
         "api night"]  # fmt: skip


@pytest.mark.parametrize("page", PAGES)
def test_another_clubs_page_is_not_found(
    client: FlaskClient, theirs: dict[str, str], page: str
) -> None:
    answer = client.get(theirs[page])
    assert answer.status_code == 404, (page, answer.status_code)
    assert b"Riverside" not in answer.data


def test_a_hand_posted_to_another_clubs_game_writes_nothing(
    app: Flask, client: FlaskClient, theirs: dict[str, str]
) -> None:
    every_hand = select(func.count(Hand.id)).execution_options(**{ALL_CLUBS: True})
    with app.app_context():
        before = db.session.execute(every_hand).scalar_one()  # the night's
    form = {"bidder": "Cal", "bid": "300", "trump": "H", "meld_0": "190", "meld_1": "60"}
    assert client.post(theirs["hand post"], data=form).status_code == 404
    assert client.post(theirs["api hand post"], json=PLAYED_HAND).status_code == 404
    with app.app_context():
        assert db.session.execute(every_hand).scalar_one() == before

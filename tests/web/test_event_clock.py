"""A club night's time limit per round and its clock in the app (issue 25, items 1 and
3): the new-night form's field (blank: none; refused outside 1 to 240 with a sentence
beside it, status 400, nothing stored), the clock the server says with a set "now"
(``club.clock.now``: the ``wall`` fixture) on the event's page, the room's display, the
table's scoreboard and hand form, the tables' minutes, and the limit through import and export."""

from __future__ import annotations

import json
import re
from calendar import timegm
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.extensions import db
from scorekeeper.store.club_models import Event
from scorekeeper.store.models import Game
from tests.conftest import SEATED, Wall
from tests.web.conftest import test_app
from tests.web.test_access import database_fingerprint
from tests.web.test_events_pages import HAND, club_night, imported, new_event, text


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return test_app(tmp_path / "clock.db")


def field_error(html: str, field: str) -> str:
    shown = re.search(rf'<p class="field-error" id="{field}-error">([^<]*)</p>', html)
    assert shown is not None, html[-3000:]
    return shown.group(1)


# --- the form ------------------------------------------------------------------------------


def test_the_form_asks_for_the_minutes_on_a_number_pad(app: Flask) -> None:
    page = app.test_client().get("/events/new").text
    assert "Time limit per round (minutes)" in page
    field = re.search(r'<input [^>]*name="time_limit"[^>]*>', page)
    assert field is not None and 'inputmode="numeric"' in field.group(0)
    assert 'value=""' in field.group(0) or "value" not in field.group(0)


@pytest.mark.parametrize(
    ("typed", "sentence"),
    [
        ("0", "a round's time limit is from 1 to 240 minutes, not 0"),
        ("500", "a round's time limit is from 1 to 240 minutes, not 500"),
        ("-5", "not -5"),
        ("half an hour", "Not a valid integer value."),  # as every number field says
    ],
    ids=["none", "too long", "negative", "words"],
)
def test_a_time_limit_outside_1_to_240_is_refused_beside_its_field(
    app: Flask, typed: str, sentence: str
) -> None:
    client = app.test_client()
    before = database_fingerprint(app)
    answer = new_event(client, guests="Ann\nBea\nCal\nDan\nEve", time_limit=typed)
    assert answer.status_code == 400
    assert sentence in field_error(answer.text.replace("&#39;", "'"), "time_limit")
    assert database_fingerprint(app) == before


@pytest.mark.parametrize(("typed", "kept"), [("", None), (" ", None), ("45", 45), ("240", 240)])
def test_a_time_limit_typed_or_blank_is_kept(app: Flask, typed: str, kept: int | None) -> None:
    answer = new_event(app.test_client(), guests="Ann\nBea\nCal\nDan\nEve", time_limit=typed)
    assert answer.status_code == 302
    with app.app_context():
        (event,) = db.session.execute(db.select(Event)).scalars().all()
        assert event.time_limit == kept


# --- the clock -----------------------------------------------------------------------------


def seated_night(client: FlaskClient, limit: int | None) -> tuple[str, int]:
    """The worked night with a fourth round, seated at 19:00; its page and round 4's game."""
    document = club_night()
    if limit is not None:
        document["time_limit"] = limit
    event = imported(client, document).headers["Location"]
    assert client.post(event + "/rounds/4/seat").status_code == 302
    game = int(re.findall(r'href="/games/(\d+)"', client.get(event).text)[-1])
    return event, game


def test_the_events_page_shows_the_minutes_left_and_each_tables_minutes(
    app: Flask, wall: Wall
) -> None:
    client = app.test_client()
    event, _game = seated_night(client, 30)
    wall.at(17, 30)
    html = client.get(event).text
    page = text(html)
    shown = page[page.index("Round 4") :]
    assert "13 minutes left" in shown
    assert "17 minutes played (since the round was seated)" in shown
    assert 'role="timer"' in html and "js/clock.js" in html
    clock_data = re.search(r"data-clock='([^']+)'", html)
    assert clock_data is not None
    said = json.loads(clock_data.group(1))
    assert said["end"] == timegm((SEATED + timedelta(minutes=30)).timetuple())  # UTC
    assert said["words"]["left"]["other"] == "{n} minutes left"
    assert said["words"]["over"]["one"] == "Time is up ({n} minute over)"
    # the played rounds 1 to 3 were never seated here: no clock, no minutes
    assert page.count("minutes left") == 1 and page.count("minutes played") == 1
    wall.at(30)
    assert "Time is up" in text(client.get(event).text)
    wall.at(33, 10)
    assert "Time is up (3 minutes over)" in text(client.get(event).text)
    wall.at(31)
    assert "Time is up (1 minute over)" in text(client.get(event).text)


def test_the_events_page_says_the_time_limit(app: Flask) -> None:
    client = app.test_client()
    event, _game = seated_night(client, 45)
    assert "Time limit per round (minutes): 45" in text(client.get(event).text)


def test_a_night_without_a_limit_has_no_clock_but_its_tables_minutes(
    app: Flask, wall: Wall
) -> None:
    client = app.test_client()
    event, game = seated_night(client, None)
    wall.at(8)
    html = client.get(event).text
    assert "minutes left" not in html and "Time is up" not in html and "clock.js" not in html
    assert "8 minutes played (since the round was seated)" in text(html)
    assert "data-clock" not in client.get(f"/games/{game}").text
    assert "data-clock" not in client.get(f"/games/{game}/hands/new").text
    assert "data-clock" not in client.get(event + "/display").text


def test_the_tables_form_scoreboard_and_the_display_show_the_minutes_left(
    app: Flask, wall: Wall
) -> None:
    client = app.test_client()
    event, game = seated_night(client, 45)
    wall.at(5)
    for path in (f"/games/{game}", f"/games/{game}/hands/new", event + "/display"):
        html = client.get(path).text
        assert "40 minutes left" in text(html), path
        assert "js/clock.js" in html, path
    # a hand recorded: the table's game plays on, the clock with it
    client.post(f"/games/{game}/hands/new", data={**HAND, "version": "1"})
    wall.at(44, 1)
    assert "1 minute left" in text(client.get(f"/games/{game}").text)


def test_the_scoreboard_says_a_new_minute_though_no_hand_changed(app: Flask, wall: Wall) -> None:
    client = app.test_client()
    _event, game = seated_night(client, 30)
    wall.at(10)
    first = client.get(f"/games/{game}")
    etag = first.headers["ETag"]
    same = client.get(f"/games/{game}", headers={"If-None-Match": etag})
    assert same.status_code == 304  # the same minute: nothing new to say
    wall.at(11)
    later = client.get(f"/games/{game}", headers={"If-None-Match": etag})
    assert later.status_code == 200 and "19 minutes left" in text(later.text)


def test_a_closed_round_shows_no_clock(app: Flask, wall: Wall) -> None:
    client = app.test_client()
    event, game = seated_night(client, 30)
    wall.at(40)
    closed = client.post(event + "/rounds/4/close", data={"reason": "late"})
    assert closed.status_code == 302
    page = text(client.get(event).text)
    assert "Time is up" not in page and "minutes played" not in page
    assert "Time is up" not in text(client.get(event + "/display").text)
    assert "Time is up" not in text(client.get(f"/games/{game}").text)


def test_time_called_is_said_everywhere_with_no_minutes_left(app: Flask, wall: Wall) -> None:
    """Once time is called the clock stops on every page: the event's page, the room's
    display, the table's scoreboard and its hand form say time is called, never the
    minutes left (which ran on beneath it: "28 minutes left")."""
    client = app.test_client()
    event, game = seated_night(client, 30)
    wall.at(2)
    assert client.post(event + "/rounds/4/call-time").status_code == 302
    wall.at(3)
    for path in (event, event + "/display", f"/games/{game}", f"/games/{game}/hands/new"):
        page = text(client.get(path).text)
        assert "Time is called" in page, path
        assert "minutes left" not in page and "Time is up" not in page, path


def test_the_round_keeps_when_it_was_seated(app: Flask, wall: Wall) -> None:
    seated_night(app.test_client(), 30)
    with app.app_context():
        stored = db.session.execute(db.select(Event)).scalar_one()
        assert stored.rounds[3].seated_at == SEATED


# --- import and export ---------------------------------------------------------------------


def test_the_time_limit_goes_out_with_the_events_file_and_comes_back(app: Flask) -> None:
    client = app.test_client()
    document: dict[str, Any] = {**club_night(), "time_limit": 90}
    event = imported(client, document).headers["Location"]
    event_id = int(event.rsplit("/", 1)[1])
    exported = client.get(f"/api/v1/events/{event_id}/export")
    assert exported.status_code == 200, exported.text
    assert exported.json["time_limit"] == 90
    again = imported(client, exported.json).headers["Location"]
    assert client.get(f"/api/v1{again}").json["event"]["time_limit"] == 90


def test_an_events_file_with_a_time_limit_out_of_bounds_is_refused(app: Flask) -> None:
    client = app.test_client()
    before = database_fingerprint(app)
    answer = imported(client, {**club_night(), "time_limit": 0})
    assert answer.status_code == 400
    assert "from 1 to 240 minutes, not 0" in text(answer.text.replace("&#39;", "'"))
    assert database_fingerprint(app) == before
    with app.app_context():
        assert db.session.execute(db.select(Game)).first() is None


def test_the_clock_speaks_the_pages_language_with_its_plural_forms(app: Flask, wall: Wall) -> None:
    client = app.test_client()
    event, _game = seated_night(client, 30)
    client.get("/language/pl?next=/")
    wall.at(7, 30)  # 23 minutes left: Polish's "few"
    html = client.get(event).text
    assert "Zostały 23 minuty" in text(html)
    clock_data = re.search(r"data-clock='([^']+)'", html)
    assert clock_data is not None
    words = json.loads(clock_data.group(1))["words"]
    assert words["left"] == {
        "one": "Została {n} minuta",
        "few": "Zostały {n} minuty",
        "many": "Zostało {n} minut",
    }
    assert words["up"] == "Czas minął"

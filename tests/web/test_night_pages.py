"""The night's pages made once per change of the night (issue 31, item 11;
web/night_pages.py): the event's page and the room's display kept while nothing
changed, answered 304 to a reader who has them, made again after every kind of
change, never handed to a reader they were not made for."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event as sql_event

from benchmarks.apps import logged_in
from scorekeeper.club import clock
from scorekeeper.extensions import db
from scorekeeper.store.models import Game
from scorekeeper.web import events as pages
from tests.conftest import Wall
from tests.web.conftest import test_app, tuesday_night
from tests.web.test_events_pages import HAND, club_night, imported, text, token


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    """As served: logins and CSRF on."""
    return test_app(tmp_path / "night.db", LOGIN_DISABLED=False, WTF_CSRF_ENABLED=True)


def seated(app: Flask, document: dict[str, Any], director: FlaskClient) -> tuple[str, int]:
    """The night imported and its next round seated: its page, and its last table's game."""
    event = imported(director, document).headers["Location"]
    number = len([r for r in document["rounds"] if r.get("tables")]) + 1
    seat = director.post(
        f"{event}/rounds/{number}/seat", data={"csrf_token": token(director, event)}
    )
    assert seat.status_code == 302
    director.get(event)  # the seat's message read
    with app.app_context():
        table_game = db.session.execute(db.select(db.func.max(Game.id))).scalar()
    return event, int(table_game)


def made_pages(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The night's pages made from here on, by kind ("event", "display")."""
    made: list[str] = []
    page, display = pages._made_page, pages._made_display

    def page_made(*args: Any, **kwargs: Any) -> Any:
        made.append("event")
        return page(*args, **kwargs)

    def display_made(*args: Any, **kwargs: Any) -> Any:
        made.append("display")
        return display(*args, **kwargs)

    monkeypatch.setattr(pages, "_made_page", page_made)
    monkeypatch.setattr(pages, "_made_display", display_made)
    return made


def test_a_night_that_has_not_changed_is_not_made_again(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    director = logged_in(app, "scorekeeper")
    event, _game = seated(app, club_night(), director)
    first = {path: director.get(path).text for path in (event, event + "/display")}
    made = made_pages(monkeypatch)
    for _ in range(3):
        for path, html in first.items():
            again = director.get(path)
            assert again.status_code == 200 and again.text == html
    assert made == []


def statements_of(app: Flask, client: FlaskClient, path: str) -> int:
    count = 0

    def statement(*_args: Any) -> None:
        nonlocal count
        count += 1

    with app.app_context():
        engine = db.engine
    sql_event.listen(engine, "before_cursor_execute", statement)
    try:
        assert client.get(path).status_code == 200
    finally:
        sql_event.remove(engine, "before_cursor_execute", statement)
    return count


@pytest.mark.database
def test_a_kept_page_reads_as_many_statements_at_every_size(tmp_path: Path) -> None:
    """The stamp's few queries (and the login's), whatever the night's size."""
    counts = []
    for players in (4, 16):
        app = test_app(tmp_path / f"{players}.db", LOGIN_DISABLED=False, WTF_CSRF_ENABLED=True)
        director = logged_in(app, "scorekeeper")
        night = tuesday_night([f"Player {n:02d}" for n in range(1, players + 1)])
        event, _game = seated(app, night, director)
        for path in (event, event + "/display"):
            director.get(path)  # made
            counts.append(statements_of(app, director, path))  # kept
        with app.app_context():
            db.engine.dispose()
    assert counts[:2] == counts[2:], counts
    assert max(counts) <= 10, counts


def call_time(director: FlaskClient, event: str, game: int) -> None:
    director.post(f"{event}/rounds/4/call-time", data={"csrf_token": token(director, event)})


def hand_saved(director: FlaskClient, event: str, game: int) -> None:
    form = director.get(f"/games/{game}/hands/new").text
    csrf = re.search(r'name="csrf_token"[^>]* value="([^"]+)"', form)
    assert csrf is not None
    data = {**HAND, "version": "1", "csrf_token": csrf[1]}
    assert director.post(f"/games/{game}/hands/new", data=data).status_code == 302


def arrival(director: FlaskClient, event: str, game: int) -> None:
    data = {"name": "Fay", "csrf_token": token(director, event)}
    assert director.post(f"{event}/entrants", data=data).status_code == 302


def withdrawal(director: FlaskClient, event: str, game: int) -> None:
    data = {"name": "Ann", "sure": "yes", "csrf_token": token(director, event)}
    assert director.post(f"{event}/withdraw", data=data).status_code == 302


def closing(director: FlaskClient, event: str, game: int) -> None:
    data = {"reason": "the hall closes", "csrf_token": token(director, event)}
    assert director.post(f"{event}/rounds/4/close", data=data).status_code == 302


CHANGES: list[tuple[Callable[[FlaskClient, str, int], None], str, str]] = [
    # (the change, what the event's page then shows, what the display then shows)
    # (a withdrawal before the next round changes none of the display's words)
    (hand_saved, "1 hand · 250 : −250", "1 hand"),
    (call_time, "Time is called", "Time is called"),
    (arrival, "Fay", "6 Fay 0 0"),
    (withdrawal, "Ann: withdrawn from round 5", ""),  # the display's words stay: a new stamp
    (closing, "Ended by the director: the hall closes", "Closed."),
]


@pytest.mark.parametrize(
    ("change", "page_shows", "display_shows"), CHANGES, ids=[c[0].__name__ for c in CHANGES]
)
def test_every_change_of_the_night_makes_its_pages_again(
    app: Flask,
    change: Callable[[FlaskClient, str, int], None],
    page_shows: str,
    display_shows: str,
) -> None:
    director = logged_in(app, "scorekeeper")
    event, game = seated(app, club_night(rounds=5), director)
    # the readers: a second director's screen (another session) and the room's display
    readers = {event: logged_in(app, "owner"), event + "/display": logged_in(app, "viewer")}
    before = {path: reader.get(path) for path, reader in readers.items()}
    assert page_shows not in text(before[event].text)
    assert not display_shows or display_shows not in text(before[event + "/display"].text)
    change(director, event, game)
    for path, shows in ((event, page_shows), (event + "/display", display_shows)):
        etag = before[path].headers["ETag"]
        again = readers[path].get(path, headers={"If-None-Match": etag})
        assert again.status_code == 200, path  # changed: never 304
        assert again.text != before[path].text  # (the display: its stamp, at least)
        assert shows in text(again.text)


def test_a_reader_who_has_the_page_gets_304_until_the_night_changes(app: Flask) -> None:
    director = logged_in(app, "scorekeeper")
    event, game = seated(app, club_night(), director)
    room = logged_in(app, "viewer")
    etags = {}
    for path in (event, event + "/display", event + "/display?standings=end"):
        shown = room.get(path)
        etags[path] = shown.headers["ETag"]
        assert shown.headers["Cache-Control"] == "no-cache"
        kept = room.get(path, headers={"If-None-Match": etags[path]})
        assert kept.status_code == 304 and kept.data == b""
        zipped = room.get(path, headers={"If-None-Match": etags[path], "Accept-Encoding": "gzip"})
        assert zipped.status_code == 304
    hand_saved(director, event, game)
    for path, etag in etags.items():
        assert room.get(path, headers={"If-None-Match": etag}).status_code == 200, path


def test_a_page_made_for_the_director_never_reaches_a_viewer(app: Flask) -> None:
    """Who must not: a viewer gets no form of the director's (made and kept first), and
    each director's page carries their own session's CSRF secret, which their form posts."""
    director = logged_in(app, "scorekeeper")
    event, _game = seated(app, club_night(rounds=5), director)
    directors = director.get(event).text
    assert "Call time" in directors and 'name="csrf_token"' in directors
    viewer = logged_in(app, "viewer")
    viewers = viewer.get(event).text
    assert "Call time" not in viewers and "csrf_token" not in viewers
    assert "Withdraw" not in text(viewers)
    other = logged_in(app, "owner")  # a second director, another session
    others = other.get(event).text
    assert token(other, event) != token(director, event)
    assert others != directors
    called = other.post(f"{event}/rounds/4/call-time", data={"csrf_token": token(other, event)})
    assert called.status_code == 302  # their own page's form, kept for them, posts
    nobody = FlaskClient(app)  # not logged in: sent to the login, kept page or not
    assert nobody.get(event).status_code == 302


def test_a_message_flashed_shows_once_and_is_never_kept(app: Flask) -> None:
    director = logged_in(app, "scorekeeper")
    event = imported(director, club_night(rounds=5)).headers["Location"]
    director.get(event)  # made and kept, before the message
    seat = director.post(f"{event}/rounds/4/seat", data={"csrf_token": token(director, event)})
    assert seat.status_code == 302
    seated_message = "Round 4 is seated"
    assert seated_message in text(director.get(event).text)  # the seat's redirect
    assert seated_message not in text(director.get(event).text)


def test_the_display_follows_the_seats_drawn_before_the_first_round(app: Flask) -> None:
    """The draw changes only the entrants' order: the display's stamp says so, and the
    room's screen shows the new plan for round 1."""
    director = logged_in(app, "scorekeeper")
    night = tuesday_night([f"Player {n:02d}" for n in range(1, 9)])
    event = imported(director, night).headers["Location"]
    room = logged_in(app, "viewer")
    before = room.get(event + "/display").text
    stamp = room.get(event + "/display/stamp").json["stamp"]
    assert f'data-follow-stamp="{stamp}"' in before
    drawn = director.post(event + "/draw", data={"csrf_token": token(director, event)})
    assert drawn.status_code == 302
    assert room.get(event + "/display/stamp").json["stamp"] != stamp
    after = room.get(event + "/display").text
    plan = re.compile(r"Next: round 1.*?</ul>", re.S)
    assert plan.search(after) is not None and plan.search(after) != plan.search(before)
    assert plan.search(after)[0] != plan.search(before)[0]  # type: ignore[index]


def test_a_page_that_shows_the_time_is_made_again_when_its_words_change(
    app: Flask, monkeypatch: pytest.MonkeyPatch, wall: Wall
) -> None:
    """Its minutes count from the round's seating (19:00 here): kept until the next."""
    director = logged_in(app, "scorekeeper")
    event, _game = seated(app, {**club_night(), "time_limit": 90}, director)
    for path in (event, event + "/display"):
        wall.at(0, 30)
        director.get(path)
        made = made_pages(monkeypatch)
        wall.at(0, 59)
        kept = director.get(path)
        assert made == []  # the same minute of the round: kept
        wall.at(1)
        again = director.get(path, headers={"If-None-Match": kept.headers["ETag"]})
        assert again.status_code == 200 and len(made) == 1  # a new minute: made again
        assert "89 minutes left" in text(again.text)
        monkeypatch.undo()
        monkeypatch.setattr(clock, "now", lambda: wall.time)

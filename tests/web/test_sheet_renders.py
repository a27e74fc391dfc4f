"""Score sheets under load: a few renders at once (503 beyond), rendered sheets kept on
disk for every server process, served without rendering or reading the game's hands."""

from __future__ import annotations

import stat
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event

from scorekeeper.extensions import db
from scorekeeper.games.hands import add_hand
from scorekeeper.reports import pdf
from tests.web.conftest import PLAYED_HAND, played_game, stored_game, test_app

BUSY = "Other score sheets are being made just now. Try again in a few seconds."


class SlowRender:
    """A render that waits until released (at most a few seconds), counting its calls."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.calls = 0

    def __call__(self, *_args: Any) -> bytes:
        self.calls += 1
        self.started.set()
        self.release.wait(timeout=5)
        return b"%PDF-1.7 slow"


@pytest.fixture
def slow(monkeypatch: pytest.MonkeyPatch) -> Iterator[SlowRender]:
    render = SlowRender()
    monkeypatch.setattr(pdf, "blank_sheet_pdf", render)
    yield render
    render.release.set()


def in_thread(app: Flask, path: str) -> tuple[threading.Thread, list[Any]]:
    answers: list[Any] = []
    thread = threading.Thread(target=lambda: answers.append(app.test_client().get(path)))
    thread.start()
    return thread, answers


def test_a_render_beyond_the_limit_is_told_to_come_back(app: Flask, slow: SlowRender) -> None:
    app.config.update(SHEET_RENDERS=1, SHEET_RENDER_WAIT=0.05)
    thread, answers = in_thread(app, "/sheets/blank.pdf?hands=10")
    assert slow.started.wait(timeout=5)
    client = app.test_client()
    busy = client.get("/sheets/blank.pdf?hands=11")
    assert busy.status_code == 503
    assert busy.headers["Retry-After"] == "5"
    assert BUSY in busy.text
    assert client.get("/health").status_code == 200  # never behind a render
    french = client.get("/sheets/blank.pdf?hands=12", headers={"Accept-Language": "fr"})
    assert "en cours de fabrication" in french.text
    slow.release.set()
    thread.join(timeout=5)
    assert answers[0].status_code == 200
    assert client.get("/sheets/blank.pdf?hands=11").status_code == 200  # the slot is free
    assert slow.calls == 2


def test_renders_up_to_the_limit_run_at_once(app: Flask, slow: SlowRender) -> None:
    app.config.update(SHEET_RENDERS=2, SHEET_RENDER_WAIT=0.05)
    first, _ = in_thread(app, "/sheets/blank.pdf?hands=10")
    assert slow.started.wait(timeout=5)
    slow.started.clear()
    second, answers = in_thread(app, "/sheets/blank.pdf?hands=11")
    assert slow.started.wait(timeout=5)  # the second renders while the first does
    assert app.test_client().get("/sheets/blank.pdf?hands=12").status_code == 503
    slow.release.set()
    first.join(timeout=5)
    second.join(timeout=5)
    assert answers[0].status_code == 200


def test_no_more_wait_than_there_are_slots(app: Flask, slow: SlowRender) -> None:
    app.config.update(SHEET_RENDERS=1, SHEET_RENDER_WAIT=60)
    first, _ = in_thread(app, "/sheets/blank.pdf?hands=10")
    assert slow.started.wait(timeout=5)
    second, answers = in_thread(app, "/sheets/blank.pdf?hands=11")
    slots = app.extensions["sheet_renders"]
    for _ in range(500):  # until the second waits for the slot
        if slots.waiting:
            break
        threading.Event().wait(0.01)
    assert slots.waiting == 1
    third, refused = in_thread(app, "/sheets/blank.pdf?hands=12")
    third.join(timeout=5)  # answered at once, not after 60 seconds
    assert not third.is_alive() and refused[0].status_code == 503
    slow.release.set()
    for thread in (first, second):
        thread.join(timeout=5)
    assert answers[0].status_code == 200


def test_the_same_sheet_asked_twice_at_once_is_rendered_once(app: Flask, slow: SlowRender) -> None:
    app.config.update(SHEET_RENDERS=1, SHEET_RENDER_WAIT=5)
    first, answers = in_thread(app, "/sheets/blank.pdf?hands=10")
    assert slow.started.wait(timeout=5)
    second, again = in_thread(app, "/sheets/blank.pdf?hands=10")  # waits for the slot
    slow.release.set()
    first.join(timeout=5)
    second.join(timeout=5)
    assert answers[0].data == again[0].data == b"%PDF-1.7 slow"
    assert slow.calls == 1


def hand_queries(app: Flask) -> list[str]:
    """The SQL statements that read hands' columns, as they are run."""
    seen: list[str] = []
    with app.app_context():

        def listen(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
            if "hand.counters" in statement:
                seen.append(statement)

        event.listen(db.engine, "before_cursor_execute", listen)
    return seen


def test_a_stored_sheet_is_served_by_another_process_without_a_render(
    app: Flask, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = played_game(app, 3)
    first = app.test_client().get(f"/games/{game_id}/sheet.pdf")
    assert first.status_code == 200
    stored = list((tmp_path / "sheets").glob("*.pdf"))
    assert len(stored) == 1 and stat.S_IMODE(stored[0].stat().st_mode) == 0o600

    other = test_app(tmp_path / "test.db")  # another worker: the same database and folder

    def no_render(*_args: Any) -> bytes:
        raise AssertionError("rendered again")

    monkeypatch.setattr(pdf, "html_to_pdf", no_render)
    read_hands = hand_queries(other)
    again = other.test_client().get(f"/games/{game_id}/sheet.pdf")
    assert again.status_code == 200
    assert again.data == first.data
    assert again.headers["ETag"] == first.headers["ETag"]
    assert again.headers["Content-Disposition"] == first.headers["Content-Disposition"]
    assert again.headers["Cache-Control"] == "no-cache"
    assert read_hands == []
    not_modified = other.test_client().get(
        f"/games/{game_id}/sheet.pdf", headers={"If-None-Match": first.headers["ETag"]}
    )
    assert not_modified.status_code == 304


def test_a_changed_game_is_rendered_afresh(app: Flask, tmp_path: Path) -> None:
    game_id = played_game(app, 1)
    client = app.test_client()
    first = client.get(f"/games/{game_id}/sheet.pdf")
    with app.app_context():
        add_hand(stored_game(app, game_id), PLAYED_HAND)
    changed = client.get(f"/games/{game_id}/sheet.pdf")
    assert changed.headers["ETag"] != first.headers["ETag"]
    assert "Us 680, Them 320" in pdf_text(changed.data)  # the second hand is on it
    assert len(list((tmp_path / "sheets").glob("*.pdf"))) == 2


def test_a_blank_sheet_is_stored_by_its_arguments(app: Flask, tmp_path: Path) -> None:
    client = app.test_client()
    for query in ["hands=10", "hands=10&paper=letter", "hands=10&lang=fr", "hands=10"]:
        assert client.get(f"/sheets/blank.pdf?{query}").status_code == 200
    assert len(list((tmp_path / "sheets").glob("*.pdf"))) == 3


@pytest.mark.database
def test_a_sheet_is_served_when_it_cannot_be_stored(tmp_path: Path) -> None:
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    app = test_app(tmp_path / "test.db", SHEET_CACHE_FOLDER=str(blocked))
    page = app.test_client().get("/sheets/blank.pdf?hands=5")
    assert page.status_code == 200 and page.data.startswith(b"%PDF")


@pytest.mark.database
def test_the_cache_keeps_at_most_its_files(tmp_path: Path) -> None:
    app = test_app(tmp_path / "test.db", SHEET_CACHE_FILES=2)
    client = app.test_client()
    for hands in (1, 2, 3, 4):
        assert client.get(f"/sheets/blank.pdf?hands={hands}").status_code == 200
    assert len(list((tmp_path / "sheets").glob("*.pdf"))) == 2


def pdf_text(body: bytes) -> str:
    import io

    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)

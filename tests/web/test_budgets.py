"""The scoreboard's size budget (issue 3): a 30-hand game's page with its CSS and JS, and (issue 15)
the web app manifest, the service worker and the script it imports.

Sizes do not depend on the machine, so they are held here; the speed budget is
only printed, by ``make bench-web`` (``benchmarks/web.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event

from benchmarks.apps import budget_app, logged_in
from benchmarks.web import (
    HANDS,
    SIZE_BUDGET,
    page_bytes,
    scoreboard_game,
    scoreboard_path,
    static_links,
)
from scorekeeper.extensions import db
from scorekeeper.games.stored import get_game
from tests.web.conftest import make_game
from tests.web.test_hands import MADE, SET


@pytest.mark.database
def test_the_scoreboard_of_a_30_hand_game_is_under_60_kb(tmp_path: Path) -> None:
    app = budget_app(tmp_path)
    game_id = scoreboard_game(app)
    with app.app_context():
        game = get_game(game_id)
        assert game is not None
        assert len(game.hands) == HANDS
    sizes = page_bytes(logged_in(app), scoreboard_path(game_id))
    with app.app_context():
        db.engine.dispose()
    assert "/static/css/app.css" in sizes
    # offline at the table (issue 15): the manifest and the worker, the queue written in
    assert {"/manifest.webmanifest", "/sw.js"} <= set(sizes)
    assert sum(sizes.values()) < SIZE_BUDGET, sizes


def test_static_links_of_a_page_and_of_a_stylesheet() -> None:
    page = """<link rel="stylesheet" href="/static/css/app.css?v=1">
    <script src="/static/js/hand.js" defer></script><a href="/games/1">game</a>
    <img src="data:image/png;base64,AAAA"><link rel="icon" href="/static/icon.svg">"""
    assert static_links("/games/1", page) == [
        "/static/css/app.css",
        "/static/js/hand.js",
        "/static/icon.svg",
    ]
    css = """@import "print.css"; .x { background: url('../img/felt.svg') }
    .y { background: url(data:image/png;base64,AAAA) }"""
    assert static_links("/static/css/app.css", css, css=True) == [
        "/static/css/print.css",
        "/static/img/felt.svg",
    ]


# a hand saved from the form, by the way it comes -> the SQL statements it may send at most
# (issue 31: 35 before, the game read again after its commit for the redirect's address,
# and the write lock asked twice; 34 was the figure before club nights; then 27: the
# history read whole, the club's table read for a save, the outcomes written as
# objects and their ratings put back by a second statement, each hand's bidder read
# apart from the seats' players, the stored result, ratings and rows in three queries;
# then 20: the game's sides and seats read in three queries, the club's guard asked twice
# for a hand it lets through, the hand rows from the new hand on deleted when it had none)
HAND_SAVES = [
    ("the form", {}, 15),
    ("the offline queue", {"idempotency_key": "queued-1"}, 18),
]


@pytest.mark.parametrize(
    ("extra", "most"), [case[1:] for case in HAND_SAVES], ids=[case[0] for case in HAND_SAVES]
)
def test_a_hand_saved_sends_few_statements(app: Flask, extra: dict[str, str], most: int) -> None:
    """Counted, not timed: the same on every machine (docs/performance figures are timed)."""
    game_id = make_game(app)
    client = app.test_client()
    assert client.post(f"/games/{game_id}/hands/new", data=MADE).status_code == 302
    sent: list[str] = []
    with app.app_context():
        engine = db.engine

    def statement(*args: Any) -> None:
        sent.append(args[2])

    event.listen(engine, "before_cursor_execute", statement)
    try:
        answer = client.post(f"/games/{game_id}/hands/new", data={**SET, "version": "2", **extra})
    finally:
        event.remove(engine, "before_cursor_execute", statement)
    assert answer.status_code in (201, 302), answer.text[-300:]
    assert len(sent) <= most, "\n".join(line.split("\n")[0][:100] for line in sent)

"""The scoreboard's size budget (issue 3): a 30-hand game's page with its CSS and JS, and (issue 15)
the web app manifest, the service worker and the script it imports.

Sizes do not depend on the machine, so they are held here; the speed budget is
only printed, by ``make bench-web`` (``benchmarks/web.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

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

"""An app on a throwaway database (SQLite, or a PostgreSQL schema), its test client, and
games to play with."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.games.hands import add_hand
from scorekeeper.games.lifecycle import create_game
from scorekeeper.store.models import Game
from tests.databases import database_url, tables_url


def test_app(database: Path, **config: Any) -> Flask:
    """The app for tests on the database ``database`` stands for, its tables made (CSRF
    off unless told): that SQLite file, or its PostgreSQL schema
    (``tests.databases.database_url``); ``SQLALCHEMY_DATABASE_URI`` in ``config`` names
    another one.

    Logins are switched off (everyone is an owner) unless told: these tests are about
    the pages' other work; tests/web/test_access.py checks who may do what.
    """
    given = config.get("SQLALCHEMY_DATABASE_URI")
    made = None if given else tables_url(database)  # new, with the tables: no create_all
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "LOGIN_DISABLED": True,
            "SHEET_CACHE_FOLDER": str(database.parent / "sheets"),  # none in instance/
            # renders made in the test's process, where it can watch them (a render
            # process of the server's: tests/web/test_render_processes.py)
            "SHEET_RENDERS_APART": False,
            **config,
            "SQLALCHEMY_DATABASE_URI": given or made or database_url(database),
        }
    )
    if not made:  # a database given, or one an earlier app made: its tables made if missing
        with app.app_context():
            db.create_all()
    return app


test_app.__test__ = False  # type: ignore[attr-defined]  # a helper, not a test


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    yield test_app(tmp_path / "test.db")


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def csrf_app(tmp_path: Path) -> Iterator[Flask]:
    """An app with CSRF protection on, as in production."""
    yield test_app(tmp_path / "csrf.db", WTF_CSRF_ENABLED=True)


SIDES = [("Us", ["Ann", "Cal"]), ("Them", ["Bea", "Dan"])]


def make_game(app: Flask, ruleset: str = "partnership", **options: Any) -> int:
    """A stored game with Ann & Cal (Us) against Bea & Dan (Them); Ann deals first."""
    with app.app_context():
        sides = {
            "two-hand": [("Ann", ["Ann"]), ("Bea", ["Bea"])],
            "cutthroat": [("Ann", ["Ann"]), ("Bea", ["Bea"]), ("Cal", ["Cal"])],
            "auction": [("Ann", ["Ann"]), ("Bea", ["Bea"]), ("Cal", ["Cal"])],
        }.get(ruleset, SIDES)
        game = create_game(ruleset, options, sides, first_dealer="Ann")
        return game.id


def stored_game(app: Flask, game_id: int) -> Game:
    game = db.session.get(Game, game_id)
    assert game is not None
    return game


def csrf_token(html: str) -> str:
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html) or re.search(
        r'name="csrf_token" value="([^"]+)"', html
    )
    assert match, "no CSRF token in the page"
    return match[1]


PLAYED_HAND = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]}


def played_game(app: Flask, count: int, hand: dict[str, Any] | None = None) -> int:
    """A partnership game with ``count`` hands of ``hand`` (made: +340 / +160) recorded."""
    game_id = make_game(app)
    with app.app_context():
        game = stored_game(app, game_id)
        for _ in range(count):
            add_hand(game, hand or PLAYED_HAND)
    return game_id


def tuesday_night(players: list[str] | tuple[str, ...], rounds: int = 2) -> dict[str, Any]:
    """A progressive club night's ``pinochle-event/1`` document, no round seated yet."""
    return {
        "format": "pinochle-event/1",
        "name": "Tuesday club night",
        "ruleset": "partnership",
        "entrants": [{"name": name} for name in players],
        "rounds": [{"round": number} for number in range(1, rounds + 1)],
    }

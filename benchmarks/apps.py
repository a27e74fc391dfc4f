"""The app as the benchmarks measure it: served as in production (CSRF on, not
testing) on an empty SQLite database, and a client logged in as a phone is."""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.accounts.users import create_user, user_named
from scorekeeper.extensions import db


def budget_app(folder: Path) -> Flask:
    """The app as served (CSRF on, not testing), on an empty SQLite database in ``folder``."""
    app = create_app(
        {"SECRET_KEY": "budget", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'budget.db'}"}
    )
    with app.app_context():
        db.create_all()
    return app


def logged_in(app: Flask, role: str = "scorekeeper") -> FlaskClient:
    """A client logged in as a new user with ``role`` (as the scorekeeper's phone is)."""
    with app.app_context():
        user = user_named(role) or create_user(role, "a long enough password", role)
        cookie = user.get_id()
    client = app.test_client()
    with client.session_transaction() as session:
        session["_user_id"] = cookie
        session["_fresh"] = True
    return client

"""A new club by its own people at ``/clubs/new`` (issue 33, item 3): only where the
deployment allows it; a visitor makes the club and their account, its owner, at once;
someone logged in makes a club they own; a refusal says which field and why, and
writes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.accounts.users import create_user
from scorekeeper.extensions import db
from scorekeeper.store.models import Club, ClubMember, User
from scorekeeper.store.tenancy import ALL_CLUBS
from tests.web.conftest import test_app

pytestmark = pytest.mark.database

PASSWORD = "a long enough password"
VISITOR = {
    "club_name": "North Side Pinochle",
    "slug": "north-side",
    "name": "Greta",
    "password": PASSWORD,
    "confirm": PASSWORD,
}


def made_app(tmp_path: Path, allowed: bool) -> Flask:
    app = test_app(tmp_path / "start.db", LOGIN_DISABLED=False, SELF_SERVICE_CLUBS=allowed)
    with app.app_context():
        create_user("Olga", PASSWORD, "owner")  # the default club's owner
    return app


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    made = made_app(tmp_path, allowed=True)
    yield made
    with made.app_context():
        db.engine.dispose()


def logged_in(app: Flask, name: str) -> FlaskClient:
    client = app.test_client()
    assert client.post("/login", data={"name": name, "password": PASSWORD}).status_code == 302
    return client


def counts(app: Flask) -> tuple[int, int, int]:
    """Clubs, users and memberships, every club's."""
    with app.app_context():
        every = {ALL_CLUBS: True}
        return tuple(  # type: ignore[return-value]
            db.session.execute(
                select(func.count()).select_from(model).execution_options(**every)
            ).scalar_one()
            for model in (Club, User, ClubMember)
        )


def roles(app: Flask, name: str) -> dict[str, str]:
    """``name``'s role in each club, by the club's slug."""
    with app.app_context():
        rows = db.session.execute(
            select(Club.slug, ClubMember.role)
            .join(ClubMember, ClubMember.club_id == Club.id)
            .join(User, User.id == ClubMember.user_id)
            .where(User.name == name)
            .execution_options(**{ALL_CLUBS: True})
        )
        return dict(rows.all())


def test_where_the_deployment_does_not_allow_it_there_is_no_such_page(tmp_path: Path) -> None:
    app = made_app(tmp_path, allowed=False)
    before = counts(app)
    assert app.test_client().get("/clubs/new").status_code == 404
    assert app.test_client().post("/clubs/new", data=VISITOR).status_code == 404
    assert logged_in(app, "Olga").post("/clubs/new", data=VISITOR).status_code == 404
    assert b"/clubs/new" not in app.test_client().get("/login").data
    assert counts(app) == before


def test_a_visitor_makes_the_club_and_their_account_and_lands_on_its_page(app: Flask) -> None:
    visitor = app.test_client()
    assert b'href="/clubs/new"' in visitor.get("/login").data
    page = visitor.get("/clubs/new").get_data(as_text=True)
    assert 'name="password"' in page and 'name="club_name"' in page
    answer = visitor.post("/clubs/new", data=VISITOR)
    assert answer.status_code == 302
    assert answer.headers["Location"] == "/c/north-side/"
    first = visitor.get("/c/north-side/")
    assert first.status_code == 200
    assert "Welcome to North Side Pinochle: you own it." in first.get_data(as_text=True)
    assert visitor.get("/c/north-side/users").status_code == 200  # an owner's page
    assert roles(app, "Greta") == {"north-side": "owner"}
    assert visitor.get("/users").status_code == 404  # the default club: not theirs
    assert logged_in(app, "Greta").get("/c/north-side/").status_code == 200  # the password


def test_someone_logged_in_makes_a_club_they_own(app: Flask) -> None:
    olga = logged_in(app, "Olga")
    page = olga.get("/clubs/new").get_data(as_text=True)
    assert 'name="password"' not in page  # their account is the owner
    assert b'href="/clubs/new"' in olga.get("/clubs").data
    answer = olga.post("/clubs/new", data={"club_name": "Riverside", "slug": "riverside"})
    assert answer.headers["Location"] == "/c/riverside/"
    assert roles(app, "Olga") == {"club": "owner", "riverside": "owner"}
    assert olga.get("/c/riverside/users").status_code == 200


def test_no_one_becomes_owner_of_a_club_that_exists(app: Flask) -> None:
    """A viewer of the default club asking for its address gets the refusal, and stays
    a viewer; nothing is written."""
    with app.app_context():
        create_user("Vic", PASSWORD, "viewer")
    before = counts(app)
    vic = logged_in(app, "Vic")
    answer = vic.post("/clubs/new", data={"club_name": "Our club", "slug": "club"})
    assert answer.status_code == 400
    assert "There is already a club at &#39;club&#39;." in answer.get_data(as_text=True)
    assert roles(app, "Vic") == {"club": "viewer"}
    assert counts(app) == before
    assert vic.get("/users").status_code == 403  # still no owner's page


TAKEN = {"slug": "club"}  # the default club's address


@pytest.mark.parametrize(
    ("changed", "field", "sentence"),
    [
        ({"slug": "North Side"}, "slug", "lower-case letters, digits and hyphens"),
        ({"slug": "-north"}, "slug", "a letter or a digit at each end"),
        (TAKEN, "slug", "There is already a club at &#39;club&#39;."),
        ({"club_name": ""}, "club_name", "This field is required."),
        ({"name": "Olga"}, "name", "There is already a user called &#39;Olga&#39;."),
        ({"password": "pinochle", "confirm": "pinochle"}, "password", "this app&#39;s name"),
        ({"password": "12345678", "confirm": "12345678"}, "password", "too easy to guess"),
        ({"confirm": "another long password"}, "confirm", "The passwords differ."),
    ],
)
def test_a_refusal_says_which_field_and_why_and_writes_nothing(
    app: Flask, changed: dict[str, Any], field: str, sentence: str
) -> None:
    before = counts(app)
    answer = app.test_client().post("/clubs/new", data={**VISITOR, **changed})
    assert answer.status_code == 400
    page = answer.get_data(as_text=True)
    assert f'id="{field}-error"' in page  # next to the field
    assert sentence in page
    assert counts(app) == before

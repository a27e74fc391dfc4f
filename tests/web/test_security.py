"""Hardening: the first owner, logging in, throttling, CSRF, share links, escaping,
cookies and security headers, with logins and CSRF on as in production."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape
from sqlalchemy.exc import IntegrityError

from scorekeeper import create_app
from scorekeeper.accounts import logins as account_logins
from scorekeeper.accounts.links import create_share_link, revoke_share_link, shared_game_id
from scorekeeper.accounts.users import (
    AccountError,
    all_users,
    change_role,
    create_first_owner,
    create_user,
    delete_user,
    get_user,
    has_users,
    user_named,
)
from scorekeeper.extensions import db
from scorekeeper.games.hands import add_hand
from scorekeeper.games.lifecycle import create_game
from scorekeeper.games.seasons import create_season
from scorekeeper.games.stored import get_game
from scorekeeper.games.transfer import export_game
from scorekeeper.store.models import LoginFailure, ShareLink
from tests.databases import database_url
from tests.web.conftest import PLAYED_HAND, csrf_token, test_app
from tests.web.test_access import database_fingerprint

PASSWORD = "a long enough password"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """The app as served: logins and CSRF on."""
    app = test_app(tmp_path / "secure.db", LOGIN_DISABLED=False, WTF_CSRF_ENABLED=True)
    yield app
    with app.app_context():
        db.engine.dispose()


def log_in(client: FlaskClient, name: str, password: str = PASSWORD) -> Any:
    token = csrf_token(client.get("/login").get_data(as_text=True))
    return client.post("/login", data={"csrf_token": token, "name": name, "password": password})


def owner_client(app: Flask) -> FlaskClient:
    with app.app_context():
        create_user("Olga", PASSWORD, "owner")
    client = app.test_client()
    assert log_in(client, "Olga").status_code == 302
    return client


# --- the first owner -----------------------------------------------------------------------


def test_a_fresh_instance_asks_for_its_owner(app: Flask) -> None:
    client = app.test_client()
    for path in ("/", "/stats", "/login", "/users"):
        response = client.get(path)
        assert response.status_code == 302 and response.headers["Location"] == "/setup", path
    page = client.get("/setup").get_data(as_text=True)
    form = {"csrf_token": csrf_token(page), "name": "Olga", "password": "short", "confirm": "short"}
    refused = client.post("/setup", data=form)
    assert refused.status_code == 400 and "8 to 200 characters" in refused.get_data(as_text=True)
    form |= {"password": PASSWORD, "confirm": PASSWORD}
    response = client.post("/setup", data=form)
    assert response.status_code == 302
    assert "Olga" in client.get("/").get_data(as_text=True)  # logged in, as the owner
    with app.app_context():
        assert [(user.name, user.role) for user in all_users()] == [("Olga", "owner")]
        assert all_users()[0].password_hash.startswith("scrypt:")
    assert app.test_client().get("/setup").status_code == 302  # closed now


def test_no_default_password_anywhere(app: Flask) -> None:
    with app.app_context():
        assert not has_users()
    for name, password in (("admin", "admin"), ("owner", "password"), ("admin", "")):
        client = app.test_client()
        assert client.post("/login", data={"name": name, "password": password}).status_code in (
            302,
            400,
        )
        assert client.get("/").headers.get("Location") == "/setup"


# --- logging in and throttling -------------------------------------------------------------


def test_login_remembers_the_phone_and_goes_where_it_was_asked(app: Flask) -> None:
    with app.app_context():
        create_user("Sam", PASSWORD, "scorekeeper")
    client = app.test_client()
    asked = client.get("/stats?season=2026")
    assert asked.headers["Location"] == "/login?next=/stats?season%3D2026"
    page = client.get(asked.headers["Location"]).get_data(as_text=True)
    token = csrf_token(page)
    response = client.post(
        asked.headers["Location"],
        data={"csrf_token": token, "name": "Sam", "password": PASSWORD, "remember": "y"},
    )
    assert response.headers["Location"] == "/stats?season=2026"
    cookies = response.headers.getlist("Set-Cookie")
    remember = next(cookie for cookie in cookies if cookie.startswith("remember_token="))
    assert "HttpOnly" in remember and "SameSite=Lax" in remember
    session = next(cookie for cookie in cookies if cookie.startswith("session="))
    assert "HttpOnly" in session and "SameSite=Lax" in session and "Secure" not in session


@pytest.mark.parametrize(
    "next_path",
    [
        "https://evil.example/",
        "//evil.example/",
        "/\\evil",
        "/\t/evil.example",
        "/\n/evil.example",
        "/\r\n/evil.example",
        "javascript:alert(1)",
    ],
)
def test_login_never_sends_elsewhere(app: Flask, next_path: str) -> None:
    with app.app_context():
        create_user("Sam", PASSWORD, "scorekeeper")
    client = app.test_client()
    token = csrf_token(client.get("/login").get_data(as_text=True))
    response = client.post(
        "/login",
        query_string={"next": next_path},
        data={"csrf_token": token, "name": "Sam", "password": PASSWORD},
    )
    assert response.headers["Location"] == "/"


@pytest.mark.database
def test_cookies_are_secure_when_served_over_https(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCOREKEEPER_HTTPS", "1")
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url(tmp_path / "tls.db")})
    assert app.config["SESSION_COOKIE_SECURE"] and app.config["REMEMBER_COOKIE_SECURE"]


def from_address(app: Flask, address: str) -> FlaskClient:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def test_five_failures_for_a_name_throttle_it(app: Flask) -> None:
    with app.app_context():
        create_user("Sam", PASSWORD, "scorekeeper")
    for attempt in range(5):
        client = from_address(app, f"10.0.0.{attempt}")
        response = log_in(client, "Sam", "wrong password")
        assert response.status_code == 400 and "Wrong name or password." in response.text
    client = from_address(app, "10.0.0.99")
    refused = log_in(client, "Sam")  # the right password, but the name is throttled
    assert refused.status_code == 429
    assert "Too many failed logins. Try again in 15 minutes." in refused.text
    assert int(refused.headers["Retry-After"]) > 800
    with app.app_context():  # a quarter of an hour later
        for failure in db.session.query(LoginFailure):
            failure.at -= timedelta(minutes=16)
        db.session.commit()
    assert log_in(client, "Sam").status_code == 302


def test_five_failures_from_an_address_throttle_it(app: Flask) -> None:
    with app.app_context():
        create_user("Sam", PASSWORD, "scorekeeper")
    client = from_address(app, "192.168.1.50")
    for name in ("ann", "bea", "cal", "dan", "eve"):
        assert log_in(client, name, "guess").status_code == 400
    assert log_in(client, "Sam").status_code == 429
    other = from_address(app, "192.168.1.51")
    assert log_in(other, "Sam").status_code == 302


# --- CSRF ----------------------------------------------------------------------------------


@pytest.mark.parametrize("token", [None, "", "not-a-token", "wrong"])
def test_a_write_without_the_right_csrf_token_is_refused(app: Flask, token: str | None) -> None:
    client = owner_client(app)
    with app.app_context():
        game = create_game(
            "partnership", {}, [("Us", ["A", "C"]), ("Them", ["B", "D"])], first_dealer="A"
        )
        game_id = game.id
    before = database_fingerprint(app)
    hand = {"bidder": "C", "bid": "300", "trump": "H", "meld_0": "190", "meld_1": "60"}
    data = {**hand, "counters_0": "150"}
    if token is not None:
        data["csrf_token"] = token
    for path in (f"/games/{game_id}/hands/new", f"/games/{game_id}/delete", "/users", "/logout"):
        response = client.post(path, data=data)
        assert response.status_code == 400, path
        assert "Form expired" in response.text
    assert database_fingerprint(app) == before


# --- share links ---------------------------------------------------------------------------


def test_a_share_link_follows_the_game_and_stops_when_revoked(app: Flask) -> None:
    owner = owner_client(app)
    with app.app_context():
        game = create_game(
            "partnership", {}, [("Us", ["A", "C"]), ("Them", ["B", "D"])], first_dealer="A"
        )
        game_id = game.id
    page = owner.get(f"/games/{game_id}").text
    owner.post(f"/games/{game_id}/share", data={"csrf_token": csrf_token(page)})
    page = owner.get(f"/games/{game_id}").text
    link = re.search(r'<p class="share-link"><a href="http://localhost(/s/[^"]+)"', page)
    assert link and "<svg" in page  # the address and its QR code
    path = link[1]
    assert len(path) > 40  # an unguessable token

    table = app.test_client()  # a player's phone: no account
    shared = table.get(path)
    assert shared.status_code == 200 and "This page follows the game" in shared.text
    assert "Record hand" not in shared.text and "csrf_token" not in shared.text
    stamp = table.get(f"{path}/changed").json["stamp"]  # type: ignore[index]
    assert f'data-stamp="{stamp}"' in shared.text

    with app.app_context():
        hand = {**PLAYED_HAND, "bidder": "C"}
        add_hand(get_game(game_id), hand)  # type: ignore[arg-type]
    assert table.get(f"{path}/changed").json["stamp"] != stamp  # type: ignore[index]
    assert table.get(f"/games/{game_id}").status_code == 302  # the link opens that page only

    page = owner.get(f"/games/{game_id}").text
    owner.post(f"/games/{game_id}/share/revoke", data={"csrf_token": csrf_token(page)})
    assert table.get(path).status_code == 404
    assert table.get(f"{path}/changed").status_code == 404


@pytest.mark.parametrize("token", ["x", "a" * 43, "../../users", "a" * 300])
def test_a_made_up_share_token_opens_nothing(app: Flask, token: str) -> None:
    owner_client(app)
    assert app.test_client().get(f"/s/{token}").status_code == 404


# --- what the pages send -------------------------------------------------------------------


def test_security_headers_and_no_inline_script(app: Flask) -> None:
    client = owner_client(app)
    with app.app_context():
        game = create_game(
            "partnership", {}, [("Us", ["A", "C"]), ("Them", ["B", "D"])], first_dealer="A"
        )
        add_hand(game, {**PLAYED_HAND, "bidder": "C"})
        game_id = game.id
    for path in ("/", f"/games/{game_id}", f"/games/{game_id}/hands/new", "/meld", "/stats"):
        response = client.get(path)
        policy = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        html = response.text
        assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", html) == [], path
        assert re.findall(r"\son[a-z]+\s*=", html) == [], path  # no onclick= and the like


PAYLOADS = ['<script>alert("x")</script>', '"><img src=x onerror=alert(1)>', "{{7*7}}"]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_names_with_html_render_as_text(app: Flask, payload: str) -> None:
    client = owner_client(app)
    name = payload[:60]
    with app.app_context():
        game = create_game(
            "partnership", {}, [(name, [name, "C"]), ("Them", ["B", "D"])], first_dealer="C"
        )
        add_hand(game, {**PLAYED_HAND, "bidder": name})
        create_season(name[:50] + " s", _day(), _day())
        create_user(name, PASSWORD, "viewer")
        game_id = game.id
    document = services_document(app, game_id)
    document["sides"][1]["name"] = payload
    page = client.get("/games/import").text
    imported = client.post(
        "/games/import",
        data={
            "csrf_token": csrf_token(page),
            "file": (io.BytesIO(json.dumps(document).encode()), "game.json"),
        },
        content_type="multipart/form-data",
    )
    assert imported.status_code == 302 and imported.headers["Location"] == "/games/2"
    paths = ("/", f"/games/{game_id}", "/stats", "/stats/seasons", "/users", "/games/2")
    for path in paths:
        html = client.get(path).text
        assert "<script>alert" not in html and "<img src=x" not in html, path
        assert str(escape(name)) in html, path  # shown, as text


def _day() -> Any:
    from datetime import date

    return date(2026, 1, 1)


def services_document(app: Flask, game_id: int) -> dict[str, Any]:
    with app.app_context():
        game = get_game(game_id)
        assert game is not None
        return export_game(game)


def test_an_old_cookie_opens_nothing_once_its_user_is_removed(app: Flask) -> None:
    owner = owner_client(app)
    with app.app_context():
        create_user("Guest", PASSWORD, "viewer")
    guest = app.test_client()
    assert log_in(guest, "Guest").status_code == 302
    with app.app_context():
        guest_id = user_named("Guest").id  # type: ignore[union-attr]
        delete_user(get_user(guest_id))  # type: ignore[arg-type]
        newcomer = create_user("Alice", PASSWORD, "owner")
        assert newcomer.id != guest_id  # ids are never given out twice
    assert guest.get("/users").status_code == 302  # to the login: the cookie names nobody
    assert owner.get("/users").status_code == 200


def test_logging_out_ends_every_copy_of_the_login(app: Flask) -> None:
    client = owner_client(app)
    copy = app.test_client()
    copy.set_cookie("session", client.get_cookie("session").value)  # type: ignore[union-attr]
    assert copy.get("/users").status_code == 200
    page = client.get("/").text
    assert client.post("/logout", data={"csrf_token": csrf_token(page)}).status_code == 302
    assert copy.get("/users").status_code == 302


def test_a_new_role_takes_effect_at_once(app: Flask) -> None:
    with app.app_context():
        create_user("Sam", PASSWORD, "scorekeeper")
    sam = app.test_client()
    log_in(sam, "Sam")
    assert sam.get("/games/new").status_code == 200
    with app.app_context():
        change_role(user_named("Sam"), "viewer")  # type: ignore[arg-type]
    assert sam.get("/games/new").status_code in (302, 403)


def test_one_live_share_link_per_game(app: Flask) -> None:
    owner_client(app)
    with app.app_context():
        game = create_game(
            "partnership", {}, [("Us", ["A", "C"]), ("Them", ["B", "D"])], first_dealer="A"
        )
        first = create_share_link(game.id).token
        assert create_share_link(game.id).token == first  # a second tap
        db.session.add(ShareLink(game_id=game.id, token="x" * 43))  # as if at the same moment
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()
        assert revoke_share_link(game.id)
        assert shared_game_id(first) is None
        assert create_share_link(game.id).token != first  # a new link, a new token


def test_a_login_attempt_counts_before_the_password_is_checked(app: Flask) -> None:
    with app.app_context():
        create_user("Sam", PASSWORD, "scorekeeper")
        with pytest.raises(AccountError):
            account_logins.log_in("Sam", "wrong password", "10.1.1.1")
        with pytest.raises(AccountError):
            account_logins.log_in("Nobody", "wrong password", "10.1.1.1")
        assert db.session.query(LoginFailure).count() == 2
        account_logins.log_in("Sam", PASSWORD, "10.1.1.1")
        assert db.session.query(LoginFailure).count() == 2  # a right one is not kept


def test_the_last_owner_stays(app: Flask) -> None:
    with app.app_context():
        olga = create_user("Olga", PASSWORD, "owner")
        with pytest.raises(AccountError, match="last owner cannot stop"):
            change_role(olga, "viewer")
        with pytest.raises(AccountError, match="last owner cannot be removed"):
            delete_user(olga)
        create_user("Pat", PASSWORD, "owner")
        change_role(olga, "viewer")
        assert [(u.name, u.role) for u in all_users()] == [
            ("Olga", "viewer"),
            ("Pat", "owner"),
        ]


def test_two_first_visitors_make_one_owner(app: Flask) -> None:
    import threading

    made, refused = [], []

    def visit(name: str) -> None:
        with app.app_context():
            try:
                made.append(create_first_owner(name, PASSWORD).name)
            except AccountError:
                refused.append(name)

    visitors = [threading.Thread(target=visit, args=(name,)) for name in ("Ann", "Bea", "Cal")]
    for visitor in visitors:
        visitor.start()
    for visitor in visitors:
        visitor.join()
    assert len(made) == 1 and len(refused) == 2
    with app.app_context():
        assert [user.role for user in all_users()] == ["owner"]

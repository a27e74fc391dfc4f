"""Offline at the table (issue 15), from the server's side: the service worker and its
version, the web app manifest, the page that says a connection is needed, and the
sentences the offline scripts get from the page (tests/browser/test_offline.py drives
them with the network off)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.accounts.users import create_user
from scorekeeper.web import offline
from tests.web.conftest import make_game, test_app

STRINGS = re.compile(r"data-offline='([^']*)'")


@pytest.fixture
def logins(tmp_path: Path) -> Flask:
    """An app with logins on and one owner."""
    app = test_app(tmp_path / "logins.db", LOGIN_DISABLED=False)
    with app.app_context():
        create_user("Owner", "a long enough password", "owner")
    return app


def strings(page: str) -> dict[str, Any]:
    found = STRINGS.search(page)
    assert found, "no offline sentences on the page"
    return dict(json.loads(found[1]))


def test_the_service_worker_is_served_at_the_root_with_the_static_files_version(
    client: FlaskClient,
) -> None:
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.content_type.startswith("text/javascript")
    assert answer.headers["Cache-Control"] == "no-cache"
    version = re.search(r'var VERSION = "([0-9a-f]{16})";', answer.text)
    assert version and version[1] == offline.static_version()
    assert "importScripts" not in answer.text  # the queue is written in: one file to fetch
    assert "scope.HandQueue = {" in answer.text
    assert offline.QUEUE in (offline.STATIC / "js" / "sw.js").read_text()


def test_the_worker_is_served_without_indentation_or_comment_lines() -> None:
    """What the browser fetches runs the same code: every line of sw.js and queue.js
    that is not only a comment is there, stripped, in order."""
    served = offline.worker_source().splitlines()
    js = offline.STATIC / "js"
    source = (js / "sw.js").read_text().replace(offline.QUEUE, (js / "queue.js").read_text())
    code = [line.strip() for line in source.splitlines()]
    assert served == [line for line in code if line and not line.startswith(("//", "/*"))]
    assert all(line == line.lstrip() for line in served)


def test_the_version_changes_with_any_static_file(tmp_path: Path) -> None:
    folder = tmp_path / "static"
    shutil.copytree(offline.STATIC, folder)
    before = offline.static_version(folder)
    assert offline.static_version(folder) == before
    (folder / "css" / "app.css").write_text("body { color: red }\n")
    assert offline.static_version(folder) != before


@pytest.mark.database
@pytest.mark.parametrize("path", ["/sw.js", "/manifest.webmanifest", "/offline"])
def test_the_worker_the_manifest_and_the_offline_page_need_no_login(
    logins: Flask, path: str
) -> None:
    assert logins.test_client().get(path).status_code == 200


def test_the_manifest(client: FlaskClient) -> None:
    answer = client.get("/manifest.webmanifest")
    assert answer.content_type == "application/manifest+json"
    manifest = answer.json
    assert manifest["name"] == "Pinochle scorekeeper"
    assert manifest["short_name"] == "Scorekeeper"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    pngs = [icon for icon in manifest["icons"] if icon["type"] == "image/png"]
    assert [icon["sizes"] for icon in pngs] == ["192x192", "512x512"]
    for icon in manifest["icons"]:
        served = client.get(icon["src"])
        assert served.status_code == 200
        body = served.get_data()
        served.close()
        if icon["type"] == "image/png":
            assert body[:8] == b"\x89PNG\r\n\x1a\n"
            size = (int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big"))
            assert f"{size[0]}x{size[1]}" == icon["sizes"]


def test_the_pages_link_the_manifest_and_the_scoreboard_registers_the_worker(
    app: Flask, client: FlaskClient
) -> None:
    game_id = make_game(app)
    board = client.get(f"/games/{game_id}").text
    assert '<link rel="manifest" href="/manifest.webmanifest">' in board
    assert "data-offline-register" in board
    assert '<script src="/static/js/offline.js" defer></script>' in board
    form = client.get(f"/games/{game_id}/hands/new").text
    assert "data-offline-register" not in form
    # without JavaScript the form has no key: it posts as before, with no queue
    assert "idempotency_key" not in form


@pytest.mark.parametrize(
    ("language", "saved_one", "kinds"),
    [
        ("en", "({n} hand waiting)", {"one", "other"}),
        ("fr", "({n} donne en attente)", {"one", "many", "other"}),
        ("pl", "({n} rozdanie czeka)", {"one", "few", "many"}),
        ("nl", "({n} ronde wacht)", {"one", "other"}),
    ],
)
def test_the_scripts_sentences_come_translated_with_their_plural_forms(
    app: Flask, client: FlaskClient, language: str, saved_one: str, kinds: set[str]
) -> None:
    game_id = make_game(app)
    client.get(f"/language/{language}")
    said = strings(client.get(f"/games/{game_id}/hands/new").text)
    assert said["lang"] == language
    assert set(said["saved"]) == kinds
    assert said["saved"]["one"].endswith(saved_one)
    assert all("{n}" in sentence for sentence in said["saved"].values())
    assert "{time}" in said["since"] and "{n}" in said["row"]


def test_each_page_gets_only_the_sentences_its_scripts_show(
    app: Flask, client: FlaskClient
) -> None:
    game_id = make_game(app)
    board = strings(client.get(f"/games/{game_id}").text)
    assert "saved" not in board and "ask" not in board and "row" in board
    assert "ask" in strings(client.get("/").text)
    meld = set(strings(client.get("/meld").text))
    assert meld == {"lang", "sw", "js", "root", "since", "off", "verdict"}


def test_the_offline_page_says_what_needs_a_connection(client: FlaskClient) -> None:
    page = client.get("/offline").text
    assert "<h1>Needs a connection</h1>" in page
    assert "score sheets (PDF)" in page and "statistics" in page

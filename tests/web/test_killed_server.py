"""A server killed (SIGKILL) while phones record hands loses nothing it acknowledged.

The real ``scorekeeper serve`` runs in its own process on the instance's database
(SQLite, or PostgreSQL); logged-in phones (threads with their own cookies and CSRF
tokens, as a browser has) record hands in one game until the process is killed
mid-load. After a restart the database (on SQLite: passes its integrity check)
holds every acknowledged hand with numbers 1..N, and its stored outcomes equal
the replay.
"""

from __future__ import annotations

import http.client
import http.cookiejar
import itertools
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.accounts.users import create_user
from scorekeeper.extensions import db
from scorekeeper.games.lifecycle import create_game
from scorekeeper.games.stored import get_game
from scorekeeper.paths import ROOT
from tests.databases import on_postgres
from tests.web.conftest import SIDES
from tests.web.test_concurrency import FORM
from tests.web.test_outcomes import assert_outcomes_match
from tests.web.test_serve import START_TIMEOUT, first_answer, free_port

PHONES = 4
LOAD_HANDS = 10  # acknowledged before the kill (the phones are still recording)
MELDS = itertools.count()  # next() is atomic under the GIL: each phone its own meld
LOAD_TIMEOUT = 30.0
PASSWORD = "a long enough password"
TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def phone(url: str, game_id: int, acknowledged: list[int], stop: threading.Event) -> None:
    """Log in, then record hands (form, then post) until the server is gone."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(jar), NoRedirect, urllib.request.ProxyHandler({})
    )

    def post(path: str, form: dict[str, str]) -> int:
        page = opener.open(url + path, timeout=10).read().decode()
        form = {**form, "csrf_token": TOKEN.findall(page)[0]}
        version = re.search(r'name="version" type="hidden" value="(\d+)"', page)
        if version:
            form["version"] = version[1]
        try:
            with opener.open(url + path, urllib.parse.urlencode(form).encode(), timeout=10) as r:
                return int(r.status)
        except urllib.error.HTTPError as error:
            return int(error.code)

    try:
        assert post("/login", {"name": "keeper", "password": PASSWORD}) == 302
        while not stop.is_set():
            meld = {"meld_1": str(10 * next(MELDS))}  # each hand its own: none repeats
            if post(f"/games/{game_id}/hands/new", {**FORM, **meld}) == 302:
                acknowledged.append(1)
    except (OSError, urllib.error.URLError, http.client.HTTPException):
        return  # the server is gone (maybe halfway through an answer: IncompleteRead)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_server_keeps_every_acknowledged_hand(instance: Path) -> None:
    from scorekeeper.cli.serve import prepare_database

    app = create_app()
    prepare_database(app)
    with app.app_context():
        create_user("keeper", PASSWORD, "scorekeeper")
        game_id = create_game("partnership", {"target": 100_000}, SIDES, first_dealer="Ann").id
        db.engine.dispose()

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "scorekeeper.cli", "serve"),
            *("--host", "127.0.0.1", "--port", str(port)),
        ],
        cwd=ROOT,
        env={**os.environ},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    acknowledged: list[int] = []
    stop = threading.Event()
    try:
        first_answer(f"{url}/login", server, START_TIMEOUT)
        phones = [
            threading.Thread(target=phone, args=(url, game_id, acknowledged, stop))
            for _ in range(PHONES)
        ]
        for each in phones:
            each.start()
        deadline = time.monotonic() + LOAD_TIMEOUT
        while len(acknowledged) < LOAD_HANDS and time.monotonic() < deadline:
            time.sleep(0.05)
        server.send_signal(signal.SIGKILL)  # mid-load: no chance to tidy up
        server.wait(timeout=10)
        stop.set()
        for each in phones:
            each.join(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
    assert len(acknowledged) >= LOAD_HANDS  # the load really ran

    again = create_app()  # the restart: a new connection to what the server left
    prepare_database(again)
    with again.app_context():
        if not on_postgres():
            with db.engine.connect() as connection:
                assert connection.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
        game = get_game(game_id)
        assert game is not None
        numbers = [hand.number for hand in game.hands]
        assert numbers == list(range(1, len(numbers) + 1))
        assert len(numbers) >= len(acknowledged)  # at most one more: saved, then killed
        assert len(numbers) <= len(acknowledged) + PHONES
        assert_outcomes_match(game)
        db.engine.dispose()

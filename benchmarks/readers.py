"""Readers of a long game against a writer of another (issue 22, item 4): 16 readers
polling the share link of a 1,000-hand game while another game's hands are added.

The app is served by ``scorekeeper serve``'s waitress (8 threads) in a process of its
own, on every core, with logins off, on a SQLite file. Each reader reads the share
link's page whole (gzip asked, no ``If-None-Match``: a phone reloading it) over a
kept-alive connection, once a second ("polling": the page itself asks only whether the
game changed, every 4 s), or in a loop without a pause (the red team's 16 loops, which
keep the server's threads busy). Meanwhile a writer adds hands, one after another, to a
short game of its own (``POST /api/v1/games/ID/hands``); the figure is the median time
of an add against the same adds with no reader, as a ratio (target at most 1.5x while
polling), with ``/health`` beside it.

    python -m benchmarks.readers     (make bench-import runs it last)
"""

from __future__ import annotations

import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from benchmarks.engine import line
from scorekeeper.engine.gamefile import to_document
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import with_options
from scorekeeper.engine.simulate import random_game

READERS = 16
LONG = 1_000  # hands of the game read
SHORT = 10  # hands of the game written to, before the adds
ADDS = 25  # hands added, without readers, with readers polling, with readers in a loop
POLL = 1.0  # seconds between a polling reader's reads
TARGET = 1.5  # the add's median with readers, at most, against none
SEED = 20261206


def game_document(hands: int, seed: int) -> dict[str, Any]:
    """A partnership game at one tenth that plays on for ``hands`` hands, as its file."""
    rules = with_options(PRESETS["partnership-tenths"], {"target": 100_000})
    game = random_game(rules, random.Random(seed), hands=hands)
    assert len(game.hands) == hands, "the game ended early"
    return to_document(game)


def serve(database: str, port: int) -> None:
    """The app on ``database`` under waitress on ``port`` (the server's process)."""
    from scorekeeper import create_app
    from scorekeeper.cli.serve import make_server

    app = create_app(
        {
            "SECRET_KEY": "bench",
            "LOGIN_DISABLED": True,
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
        }
    )
    server, _port = make_server(app, "127.0.0.1", port)
    server.run()


def _prepared(folder: Path) -> tuple[str, str, int, list[dict[str, Any]]]:
    """The database with the long game (and its share link) and the short one; the
    database's path, the link's token, the short game's id and the hands to add."""
    from scorekeeper import create_app
    from scorekeeper.accounts.links import create_share_link
    from scorekeeper.extensions import db
    from scorekeeper.games.transfer import import_game

    database = str(folder / "readers.db")
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"})
    short = game_document(SHORT + 3 * ADDS, SEED + 1)
    with app.app_context():
        db.create_all()
        token = create_share_link(import_game(game_document(LONG, SEED)).id).token
        written = import_game({**short, "hands": short["hands"][:SHORT]}).id
        db.engine.dispose()
    return database, token, written, short["hands"][SHORT:]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _started(database: str, port: int) -> subprocess.Popen[bytes]:
    code = f"from benchmarks.readers import serve; serve({database!r}, {port})"
    server = subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.DEVNULL)
    if hasattr(os, "sched_setaffinity"):  # every core, whatever this process is pinned to
        os.sched_setaffinity(server.pid, range(os.cpu_count() or 1))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            _get(port, "/health")
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("the server did not start")


def _get(port: int, path: str) -> float:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    start = time.perf_counter()
    connection.request("GET", path)
    connection.getresponse().read()
    connection.close()
    return time.perf_counter() - start


def _adds(port: int, game: int, hands: list[dict[str, Any]]) -> tuple[float, float]:
    """The median seconds of adding each hand, and of ``/health`` between them."""
    added, health = [], []
    for hand in hands:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        start = time.perf_counter()
        connection.request(
            "POST",
            f"/api/v1/games/{game}/hands",
            json.dumps(hand),
            {"Content-Type": "application/json"},
        )
        answer = connection.getresponse()
        answer.read()
        added.append(time.perf_counter() - start)
        connection.close()
        assert answer.status == 201, answer.status
        health.append(_get(port, "/health"))
    return statistics.median(added), statistics.median(health)


class Readers:
    """``READERS`` threads, each reading the share link's page in a loop."""

    def __init__(self, port: int, token: str, pause: float) -> None:
        self.port, self.path, self.pause = port, f"/s/{token}", pause
        self.stop = threading.Event()
        self.reads = 0
        self.threads = [threading.Thread(target=self.read, daemon=True) for _ in range(READERS)]

    def read(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        self.stop.wait(random.random() * self.pause)  # phones poll out of step
        while not self.stop.is_set():
            connection.request("GET", self.path, headers={"Accept-Encoding": "gzip"})
            answer = connection.getresponse()
            answer.read()
            assert answer.status == 200, answer.status
            self.reads += 1
            self.stop.wait(self.pause)
        connection.close()

    def __enter__(self) -> Readers:
        for thread in self.threads:
            thread.start()
        time.sleep(1.0)  # every reader under way
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join()


def report() -> None:
    with tempfile.TemporaryDirectory() as folder:
        database, token, game, hands = _prepared(Path(folder))
        port = _free_port()
        server = _started(database, port)
        figures = {}
        try:
            _get(port, f"/s/{token}")  # the page made once, as after any change
            figures["no reader"] = (*_adds(port, game, hands[:ADDS]), 0.0)
            for (name, pause), part in ((("polling", POLL), 1), (("in a loop", 0.0), 2)):
                with Readers(port, token, pause) as readers:
                    started = time.perf_counter()
                    added = _adds(port, game, hands[part * ADDS : (part + 1) * ADDS])
                    rate = readers.reads / (time.perf_counter() - started + 1.0)
                figures[f"{READERS} readers {name}"] = (*added, rate)
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(
        f"{READERS} readers of a {LONG:,}-hand game's share link while another game's hands "
        f"are added (waitress, 8 threads; medians of {ADDS})"
    )
    alone = figures["no reader"][0]
    for name, (add, health, rate) in figures.items():
        reads = f", {rate:,.0f} pages/s read" if rate else ""
        line(f"add a hand, {name}", f"{add * 1000:.1f}ms")
        line(f"  /health{reads}", f"{health * 1000:.1f}ms")
    ratio = figures[f"{READERS} readers polling"][0] / alone
    line("  ratio, polling against no reader", f"{ratio:.2f}x", f"<= {TARGET}x", ratio <= TARGET)
    ratio = figures[f"{READERS} readers in a loop"][0] / alone
    line("  ratio, in a loop against no reader", f"{ratio:.2f}x")


if __name__ == "__main__":
    report()

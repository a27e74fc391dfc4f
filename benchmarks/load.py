"""Many tables at once (issue 7): gunicorn with 2 workers, 50 simulated tables.

Each table is a scorekeeper's phone, logged in, with its own game: it opens the
scoreboard, records a hand (the form's POST, with its CSRF token and the game's
version), and opens the scoreboard again; then it asks the minimal endpoint
(``/health``, no database), the baseline measured under the same load. The
tables loop for ``LOAD_SECONDS`` (30); the figures are the latencies of every
request in that time and every error (an unexpected status, a refused hand, a
failed connection).

    python -m benchmarks.load     (make bench-load)

``DATABASE_URL`` (e.g. a PostgreSQL database) replaces the SQLite file made in a
temporary instance folder; ``LOAD_TABLES`` and ``LOAD_WORKERS`` change the sizes.
"""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.engine import line
from scorekeeper import create_app
from scorekeeper.accounts.users import create_user, user_named
from scorekeeper.cli.serve import prepare_database
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import with_options
from scorekeeper.extensions import db
from scorekeeper.games.lifecycle import create_game

TABLES = int(os.environ.get("LOAD_TABLES", "50"))
WORKERS = int(os.environ.get("LOAD_WORKERS", "2"))
SECONDS = float(os.environ.get("LOAD_SECONDS", "30"))
TARGET_RATIO = 3.0  # p95 of the scoreboard and of recording, at most this times /health's
PASSWORD = "load-test-password"
HAND = {
    "bidder": "Cal",
    "bid": "300",
    "trump": "H",
    "meld_0": "190",
    "meld_1": "60",
    "counters_0": "150",
    "counters_1": "100",
}
SIDES = [("Us", ["Ann", "Cal"]), ("Them", ["Bea", "Dan"])]


@dataclass
class Figures:
    """Latencies (seconds) and errors, per kind of request."""

    seconds: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, took: float, error: str | None) -> None:
        with self.lock:
            self.seconds[kind].append(took)
            if error:
                self.errors[kind].append(error)


# --- the server -----------------------------------------------------------------------------


def prepare(instance: Path) -> list[int]:
    """The database upgraded, a scorekeeper who may log in, and one game per table."""
    app = create_app()
    prepare_database(app)
    target = with_options(PRESETS["partnership"], {"target": 100_000}).target
    with app.app_context():
        if user_named("scorekeeper") is None:
            create_user("scorekeeper", PASSWORD, "scorekeeper")
        games = [
            create_game("partnership", {"target": target}, SIDES, first_dealer="Ann").id
            for _ in range(TABLES)
        ]
        db.engine.dispose()
    return games


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def gunicorn(port: int, workers: int = WORKERS) -> Iterator[subprocess.Popen[bytes]]:
    """gunicorn serving ``scorekeeper:create_app()`` with ``workers`` workers, as the
    README shows (a sync worker per core); the context's value is its master process."""
    command = [
        str(Path(sys.executable).with_name("gunicorn")),
        "--workers",
        str(workers),
        "--bind",
        f"127.0.0.1:{port}",
        "--backlog",
        "512",
        "--log-level",
        "warning",
        "scorekeeper:create_app()",
    ]
    server = subprocess.Popen(command, env=os.environ.copy())
    try:
        wait_for(port)
        yield server
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


def wait_for(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"gunicorn did not listen on port {port} within {timeout:.0f} s")


# --- a table ----------------------------------------------------------------------------------


class Table:
    """One phone: its own login cookie, its game, and the form's CSRF token and version."""

    def __init__(self, port: int, game: int) -> None:
        self.port, self.game = port, game
        self.cookies: dict[str, str] = {}
        _, page = self.request("GET", "/login")
        login = {
            "name": "scorekeeper",
            "password": PASSWORD,
            "csrf_token": _hidden(page, "csrf_token"),
        }
        status, _ = self.request("POST", "/login", login)
        if status != 302:
            raise SystemExit(f"logging in answered {status}")
        status, page = self.request("GET", f"/games/{game}/hands/new")
        self.csrf = _hidden(page, "csrf_token")
        self.version = int(_hidden(page, "version"))

    def request(
        self, method: str, path: str, form: dict[str, str] | None = None
    ) -> tuple[int, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            page = response.read().decode(errors="replace")  # (a PDF: read, not shown)
            for header in response.headers.get_all("Set-Cookie") or []:
                name, _, rest = header.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
            return response.status, page
        finally:
            connection.close()

    def timed(
        self,
        figures: Figures,
        kind: str,
        method: str,
        path: str,
        expect: int,
        form: dict[str, str] | None = None,
    ) -> int:
        start = time.perf_counter()
        try:
            status, page = self.request(method, path, form)
        except OSError as exc:
            figures.add(kind, time.perf_counter() - start, f"{type(exc).__name__}: {exc}")
            return 0
        error = None
        if status != expect:
            sentence = re.search(r'class="field-error"[^>]*>([^<]*)', page)
            error = f"{status} {sentence.group(1) if sentence else ''}".strip()
        figures.add(kind, time.perf_counter() - start, error)
        return status

    def play(self, figures: Figures, until: float) -> None:
        scoreboard = f"/games/{self.game}"
        while time.monotonic() < until:
            self.timed(figures, "scoreboard", "GET", scoreboard, 200)
            form = {**HAND, "csrf_token": self.csrf, "version": str(self.version)}
            form["meld_1"] = str(60 + 10 * (self.version % 2))  # never "same as hand N?"
            status = self.timed(
                figures, "record a hand", "POST", f"{scoreboard}/hands/new", 302, form
            )
            if status == 302:
                self.version += 1
            self.timed(figures, "scoreboard", "GET", scoreboard, 200)
            self.timed(figures, "minimal (/health)", "GET", "/health", 200)


def _hidden(page: str, name: str) -> str:
    match = re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page) or re.search(
        rf'type="hidden" name="{name}" value="([^"]*)"', page
    )
    if match is None:
        raise SystemExit(f"no hidden {name} on the page")
    return match.group(1)


# --- the report -------------------------------------------------------------------------------


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def report(figures: Figures, database: str) -> int:
    print(f"load: gunicorn, {WORKERS} workers, {TABLES} tables for {SECONDS:.0f} s, {database}")
    print(f"  {'':<20} {'requests':>8} {'errors':>6} {'p50':>8} {'p95':>8} {'p99':>8}  (ms)")
    p95 = {}
    for kind in ("minimal (/health)", "scoreboard", "record a hand"):
        times = figures.seconds[kind]
        p95[kind] = percentile(times, 0.95)
        print(
            f"  {kind:<20} {len(times):>8} {len(figures.errors[kind]):>6} "
            f"{statistics.median(times) * 1000:>8.1f} {p95[kind] * 1000:>8.1f} "
            f"{percentile(times, 0.99) * 1000:>8.1f}"
        )
    errors = sum(len(found) for found in figures.errors.values())
    for kind, found in figures.errors.items():
        for sample in sorted(set(found))[:3]:
            print(f"  error ({kind}): {sample}")
    held = errors == 0
    for kind in ("scoreboard", "record a hand"):
        ratio = p95[kind] / p95["minimal (/health)"]
        held &= ratio <= TARGET_RATIO
        line(
            f"p95 {kind} / p95 minimal",
            f"{ratio:.2f}x",
            f"<= {TARGET_RATIO:.0f}x",
            ratio <= TARGET_RATIO,
        )
    line("errors", str(errors), "0", errors == 0)
    print("target held" if held else "TARGET MISSED")
    return 0 if held else 1


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="scorekeeper-load-") as folder:
        os.environ["SCOREKEEPER_INSTANCE_PATH"] = folder
        games = prepare(Path(folder))
        database = "PostgreSQL" if "postgresql" in os.environ.get("DATABASE_URL", "") else "SQLite"
        port = free_port()
        figures = Figures()
        with gunicorn(port):
            tables = [Table(port, game) for game in games]
            until = time.monotonic() + SECONDS
            threads = [threading.Thread(target=t.play, args=(figures, until)) for t in tables]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        return report(figures, database)


if __name__ == "__main__":
    raise SystemExit(main())

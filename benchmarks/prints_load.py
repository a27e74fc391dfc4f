"""Club-night prints under load (issue 31): twelve phones ask for a night's itineraries
at once while a table keeps saving hands (``make bench-prints``).

The server is ``scorekeeper serve`` (waitress, as ``make run``) on a fresh SQLite
database in a temporary instance folder, with a 48-entrant, 8-round progressive night
(12 tables, each game 24 hands of the engine's simulator: ``benchmarks.club_standings``)
and one table's own game. A logged-in phone records a hand, asks ``/health``, and
again, all the time. First ``QUIET_SECONDS`` of that alone: the figures without prints.
Then twelve logged-in phones ask for ``/events/ID/itineraries.pdf`` at the same
moment (a barrier), while the table goes on; the burst lasts until the last of the
twelve is answered. The figures: how many of the twelve were rendered (200) and how
many refused (503 with ``Retry-After``), the most renders seen running at once, and
the median hand save and ``/health`` during the burst against the quiet figures
(target: within 2×).

    python -m benchmarks.prints_load
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.club_standings import night
from benchmarks.engine import line
from benchmarks.load import HAND, PASSWORD, SIDES, Table, free_port, wait_for
from scorekeeper import create_app
from scorekeeper.accounts.users import create_user
from scorekeeper.cli.serve import prepare_database
from scorekeeper.club.events import import_event
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import with_options
from scorekeeper.extensions import db
from scorekeeper.games.lifecycle import create_game

PHONES = 12  # asking for the prints at once
TABLES = 12  # the night's: 48 entrants
QUIET_SECONDS = 8.0
TARGET_RATIO = 2.0  # a hand saved and /health during the prints, against without them
SLOTS = 2  # the app's SHEET_RENDERS


def prepare() -> tuple[int, int]:
    """The database upgraded, a scorekeeper, the table's game and the night stored."""
    app = create_app()
    prepare_database(app)
    target = with_options(PRESETS["partnership"], {"target": 100_000}).target
    with app.app_context():
        create_user("scorekeeper", PASSWORD, "scorekeeper")
        game = create_game("partnership", {"target": target}, SIDES, first_dealer="Ann").id
        event = import_event(night(TABLES)).id
        db.engine.dispose()
    return game, event


@dataclass
class Timeline:
    """Each request's kind, start, end (``time.monotonic``) and status."""

    requests: list[tuple[str, float, float, int]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def timed(self, phone: Table, kind: str, method: str, path: str, **form: str) -> int:
        start = time.monotonic()
        status, _page = phone.request(method, path, form or None)
        with self.lock:
            self.requests.append((kind, start, time.monotonic(), status))
        return status

    def medians(self, kind: str, start: float, end: float) -> tuple[float, int]:
        """The median seconds of ``kind``'s requests begun between ``start`` and ``end``."""
        seconds = [b - a for k, a, b, _ in self.requests if k == kind and start <= a < end]
        return (statistics.median(seconds) if seconds else float("nan")), len(seconds)


def the_table(phone: Table, timeline: Timeline, stop: threading.Event) -> None:
    """Record a hand, ask /health, again, until ``stop``."""
    while not stop.is_set():
        form = {**HAND, "csrf_token": phone.csrf, "version": str(phone.version)}
        form["meld_1"] = str(60 + 10 * (phone.version % 2))  # never "same as hand N?"
        path = f"/games/{phone.game}/hands/new"
        if timeline.timed(phone, "hand", "POST", path, **form) == 302:
            phone.version += 1
        timeline.timed(phone, "health", "GET", "/health")


def most_at_once(spans: list[tuple[float, float]]) -> int:
    """The most of ``spans`` running at the same moment."""
    edges = sorted([(a, 1) for a, _ in spans] + [(b, -1) for _, b in spans])
    running = most = 0
    for _moment, step in edges:
        running += step
        most = max(most, running)
    return most


def burst(phones: list[Table], event: int, timeline: Timeline) -> None:
    """Every phone asks for the night's itineraries at the same moment."""
    barrier = threading.Barrier(len(phones))
    path = f"/events/{event}/itineraries.pdf"

    def ask(phone: Table) -> None:
        barrier.wait()
        timeline.timed(phone, "print", "GET", path)

    threads = [threading.Thread(target=ask, args=(phone,)) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def report(timeline: Timeline, quiet: tuple[float, float], busy: tuple[float, float]) -> int:
    prints = [(a, b, status) for kind, a, b, status in timeline.requests if kind == "print"]
    rendered = [(a, b) for a, b, status in prints if status == 200]
    refused = sum(1 for *_, status in prints if status == 503)
    print(f"prints under load: scorekeeper serve, a {TABLES}-table 8-round night, {PHONES} phones")
    line("itineraries rendered (200)", str(len(rendered)))
    line("itineraries refused (503, Retry-After)", str(refused))
    line("  the slowest answer", f"{max(b - a for a, b, _ in prints):.1f} s")
    at_once = most_at_once(rendered)
    line("renders running at once, at most", str(at_once), f"<= {SLOTS}", at_once <= SLOTS)
    held = at_once <= SLOTS and len(rendered) + refused == PHONES
    for kind, name in (("hand", "a hand saved"), ("health", "/health")):
        before, count_before = timeline.medians(kind, *quiet)
        during, count_during = timeline.medians(kind, *busy)
        ratio = during / before
        held &= ratio <= TARGET_RATIO
        line(
            f"{name}: median without / during the prints",
            f"{before * 1000:.1f} / {during * 1000:.1f} ms ({count_before} / {count_during})",
        )
        line(
            f"  {name} during against without",
            f"{ratio:.2f}x",
            f"<= {TARGET_RATIO:g}x",
            ratio <= TARGET_RATIO,
        )
    print("target held" if held else "TARGET MISSED")
    return 0 if held else 1


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="scorekeeper-prints-") as folder:
        os.environ["SCOREKEEPER_INSTANCE_PATH"] = folder
        game, event = prepare()
        port = free_port()
        command = [
            str(Path(sys.executable).with_name("scorekeeper")),
            "serve",
            "--host",
            "127.0.0.1",
        ]
        server = subprocess.Popen(
            [*command, "--port", str(port)], stdout=subprocess.DEVNULL, env=os.environ.copy()
        )
        try:
            wait_for(port)
            table = Table(port, game)
            phones = [Table(port, game) for _ in range(PHONES)]
            timeline, stop = Timeline(), threading.Event()
            playing = threading.Thread(target=the_table, args=(table, timeline, stop))
            quiet_start = time.monotonic()
            playing.start()
            time.sleep(QUIET_SECONDS)
            busy_start = time.monotonic()
            burst(phones, event, timeline)
            busy_end = time.monotonic()
            stop.set()
            playing.join()
        finally:
            server.terminate()
            server.wait(timeout=30)
        return report(timeline, (quiet_start, busy_start), (busy_start, busy_end))


if __name__ == "__main__":
    raise SystemExit(main())

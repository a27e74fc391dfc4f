"""A hand saved, against ``/health`` (issue 31, item 12; the last part of ``make bench-web``).

A partnership game (a target nobody reaches) in a fresh SQLite database, the app as
served (``benchmarks.apps.budget_app``: CSRF on), a scorekeeper's phone logged in: the
form's POST of a typical hand (bidder, bid, trump, both melds, the bidders' counters),
``SAVES`` of them one after the other, each with the game's version as the form sends
it, in-process with Flask's test client; against the median of ``HEALTH`` GETs of
``/health`` in the same client. And the SQL statements one save sends (the tests hold
the figure: tests/web/test_budgets.py).

Then as the issue measured it: gunicorn (one sync worker) on a fresh instance, a phone
logged in over a socket, and the server's CPU per request (the worker's user and
system time from ``/proc``, before and after): ``ROUNDS`` rounds of
``HEALTH_PER_ROUND`` ``/health`` GETs and ``SAVES_PER_ROUND`` hands saved (a new game
each round), the median round of each; the target, a hand saved at most 15×
``/health``.

    python -m benchmarks.hand_save
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import event

from benchmarks.apps import budget_app, logged_in
from benchmarks.engine import line
from benchmarks.load import HAND, PASSWORD, SIDES, Table, _hidden, free_port, gunicorn
from scorekeeper import create_app
from scorekeeper.accounts.users import create_user
from scorekeeper.cli.serve import prepare_database
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import with_options
from scorekeeper.extensions import db
from scorekeeper.games.lifecycle import create_game

SAVES = 41
ROUNDS = 5
HEALTH_PER_ROUND = 400  # (the CPU clock ticks in hundredths of a second)
SAVES_PER_ROUND = 40  # a long game's hands
HEALTH = 201
WARMUP = 5
TARGET_RATIO = 15.0  # a hand saved, at most this times /health (issue 31)
STATEMENTS = 34  # at most, as before club nights (issue 31)


class Counted:
    """The SQL statements sent while ``counting``."""

    def __init__(self, engine: Any) -> None:
        self.count, self.counting = 0, False
        event.listen(engine, "before_cursor_execute", self._sent)

    def _sent(self, *_: object) -> None:
        self.count += self.counting


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = budget_app(Path(folder))
        target = with_options(PRESETS["partnership"], {"target": 100_000}).target
        with app.app_context():
            game = create_game("partnership", {"target": target}, SIDES, first_dealer="Ann").id
            counted = Counted(db.engine)
        client = logged_in(app)
        form = client.get(f"/games/{game}/hands/new").text
        csrf, version = _hidden(form, "csrf_token"), int(_hidden(form, "version"))

        def save() -> float:
            nonlocal version
            data = {**HAND, "csrf_token": csrf, "version": str(version)}
            data["meld_1"] = str(60 + 10 * (version % 2))  # never "same as hand N?"
            started = time.perf_counter()
            answer = client.post(f"/games/{game}/hands/new", data=data)
            took = time.perf_counter() - started
            assert answer.status_code == 302, answer.status_code
            version += 1
            return took

        def health() -> float:
            started = time.perf_counter()
            assert client.get("/health").status_code == 200
            return time.perf_counter() - started

        for _ in range(WARMUP):
            save(), health()
        saved = statistics.median(save() for _ in range(SAVES))
        minimal = statistics.median(health() for _ in range(HEALTH))
        counted.counting = True
        save()
        counted.counting = False
        with app.app_context():
            db.engine.dispose()
    print()
    print("A hand saved (the form's POST, in-process), against /health")
    line(f"a hand saved, median of {SAVES}", f"{saved * 1000:.2f} ms")
    line(f"GET /health, median of {HEALTH}", f"{minimal * 1000:.3f} ms")
    # wall time in one process, where /health costs next to nothing: the target is the
    # server's CPU under gunicorn (below), as the issue measured it
    line("  a hand saved against /health (the target: under gunicorn)", f"{saved / minimal:.1f}x")
    line(
        "  SQL statements of a hand saved",
        str(counted.count),
        f"at most {STATEMENTS}",
        counted.count <= STATEMENTS,
    )


def cpu_seconds(pids: list[int]) -> float:
    """The user and system time the processes ``pids`` have used (``/proc``)."""
    ticks = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def workers_of(master: int) -> list[int]:
    """gunicorn's workers: the processes whose parent is ``master``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == master:
                found.append(int(entry.name))
    return found


def under_gunicorn() -> tuple[float, float]:
    """The server's CPU seconds per ``/health`` and per hand saved (median rounds)."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-save-") as folder:
        os.environ["SCOREKEEPER_INSTANCE_PATH"] = folder
        app = create_app()
        prepare_database(app)
        target = with_options(PRESETS["partnership"], {"target": 100_000}).target
        with app.app_context():
            create_user("scorekeeper", PASSWORD, "scorekeeper")
            games = [
                create_game("partnership", {"target": target}, SIDES, first_dealer="Ann").id
                for _ in range(ROUNDS)
            ]
            db.engine.dispose()
        port = free_port()
        with gunicorn(port, workers=1) as master:
            phones = [Table(port, game) for game in games]  # a game each round: 40 hands
            workers = workers_of(master.pid)
            health, saved = [], []
            for phone in phones:
                before = cpu_seconds(workers)
                for _ in range(HEALTH_PER_ROUND):
                    phone.request("GET", "/health")
                middle = cpu_seconds(workers)
                for _ in range(SAVES_PER_ROUND):
                    form = {**HAND, "csrf_token": phone.csrf, "version": str(phone.version)}
                    form["meld_1"] = str(60 + 10 * (phone.version % 2))
                    status, _page = phone.request("POST", f"/games/{phone.game}/hands/new", form)
                    assert status == 302, status
                    phone.version += 1
                after = cpu_seconds(workers)
                health.append((middle - before) / HEALTH_PER_ROUND)
                saved.append((after - middle) / SAVES_PER_ROUND)
    return statistics.median(health), statistics.median(saved)


def report_gunicorn() -> None:
    health, saved = under_gunicorn()
    print(f"Under gunicorn (one worker), server CPU per request, median of {ROUNDS} rounds")
    line("  GET /health", f"{health * 1000:.2f} ms")
    line("  a hand saved", f"{saved * 1000:.2f} ms")
    ratio = saved / health
    line(
        "  a hand saved against /health",
        f"{ratio:.1f}x",
        f"at most {TARGET_RATIO:g}x",
        ratio <= TARGET_RATIO,
    )


if __name__ == "__main__":
    main()
    report_gunicorn()

"""Season statistics speed (``make bench-stats``): 1,000 and 10,000 games, 50 players.

For each size: the season stats page (``GET /stats``, All time, every figure,
table and chart; and this calendar year's) in-process with Flask's test client,
and ``scorekeeper stats --json``'s work (``stats_document``), each the median of
``REPEATS`` after one warm-up; then the whole command in a new process, once;
and the season report as a PDF (median of 3).

The databases are filled by ``scorekeeper demo-data`` (real deals melded by the
engine) and kept under ``.bench/`` (git-ignored): building 10,000 games takes
minutes; a kept one is reused while its size and seed match.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path

from benchmarks.apps import logged_in
from benchmarks.engine import line, pin_to_one_core
from scorekeeper import create_app
from scorekeeper.cli.serve import prepare_database
from scorekeeper.extensions import db
from scorekeeper.paths import ROOT
from scorekeeper.reports.stats import Period, stats_document
from scorekeeper.store.models import Game

SIZES = (1_000, 10_000)
PLAYERS = 50
SEED = 5
REPEATS = 9
TARGET = 0.300  # seconds for 10,000 games, at most
GROWTH = 10.0  # from 1,000 to 10,000 games, at most
FOLDER = ROOT / ".bench"


def database(games: int) -> Path:
    """A SQLite file of ``games`` demo games (made once, then reused: upgraded as a
    user's database is, when the schema has changed since)."""
    path = FOLDER / f"stats-{games}-{PLAYERS}-{SEED}.db"
    if path.exists() and _count(path) == games:
        return path
    FOLDER.mkdir(exist_ok=True)
    path.unlink(missing_ok=True)
    print(f"  filling {path.name} with {games:,} demo games (once; this takes a while)")
    started = time.perf_counter()
    subprocess.run(
        [
            *(sys.executable, "-m", "scorekeeper.cli", "demo-data"),
            *("--games", str(games), "--players", str(PLAYERS), "--seed", str(SEED)),
        ],
        env={**os.environ, "DATABASE_URL": f"sqlite:///{path}"},
        check=True,
        stdout=subprocess.DEVNULL,
    )
    print(f"  filled in {time.perf_counter() - started:.0f} s")
    return path


def _count(path: Path) -> int:
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "SECRET_KEY": "bench"})
    try:
        started = time.perf_counter()
        state = prepare_database(app)
        if state.before != state.after:
            took = time.perf_counter() - started
            print(f"  upgraded {path.name} from {state.before} to {state.after} in {took:.1f} s")
        with app.app_context():
            return db.session.query(Game).count()
    except Exception:  # an unfinished file from an interrupted run, or an unknown revision
        return -1


def median(action: Callable[[], object], repeats: int = REPEATS) -> float:
    action()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(games: int) -> dict[str, float]:
    path = database(games)
    url = f"sqlite:///{path}"
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench"})
    client = logged_in(app)

    def page() -> None:
        response = client.get("/stats")
        assert response.status_code == 200, response.status_code

    with app.app_context():
        document = median(lambda: stats_document(Period()))
        players = len(stats_document(Period())["players"])
    page_time = median(page)
    size = len(client.get("/stats").data)
    year = f"/stats?season={date.today().year}"
    year_time = median(lambda: client.get(year))
    report = median(lambda: client.get("/stats/report.pdf"), repeats=3)
    started = time.perf_counter()
    printed = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "stats", "--json"],
        env={**os.environ, "DATABASE_URL": url},
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    command = time.perf_counter() - started
    assert len(json.loads(printed)["players"]) == players
    line(f"{games:,} games: the stats page, median of {REPEATS}", f"{page_time * 1000:.1f} ms")
    line(f"{games:,} games: the stats page of this year", f"{year_time * 1000:.1f} ms")
    line(f"{games:,} games: scorekeeper stats --json's figures", f"{document * 1000:.1f} ms")
    line(f"{games:,} games: scorekeeper stats --json, new process", f"{command * 1000:.0f} ms")
    line(f"{games:,} games: page size ({players} players)", f"{size:,} B")
    line(f"{games:,} games: the season report PDF, median of 3", f"{report:.2f} s")
    return {"page": page_time, "document": document}


def main() -> None:
    print(f"season stats benchmark: {pin_to_one_core()}, {PLAYERS} players, SQLite")
    small, large = (measure(games) for games in SIZES)
    for name, label in (("page", "stats page"), ("document", "stats --json figures")):
        line(
            f"{label}, 10,000 games",
            f"{large[name] * 1000:.1f} ms",
            f"< {TARGET * 1000:.0f} ms",
            large[name] < TARGET,
        )
        growth = large[name] / small[name]
        line(
            f"{label}, growth from 1,000 to 10,000 games",
            f"{growth:.1f}x",
            f"<= {GROWTH:g}x",
            growth <= GROWTH,
        )


if __name__ == "__main__":
    main()

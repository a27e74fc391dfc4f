"""Big games (the hardening issue, item 1): what a game of 100 and of 1,000 hands costs.

For each size: importing the game (``POST /api/v1/games``), adding a hand to it (the
game had one hand fewer), its scoreboard (``GET /games/ID``) and its printed sheet
(``GET /games/ID/sheet``, the print view; the PDF once, as it is cached after), in
process with Flask's test client on a SQLite file; each figure the median of
``REPEATS`` runs. The write lock is timed too: from a transaction's first write to its
commit, the time every other writer waits. Linear work grows about 10x from 100 to
1,000 hands; the ratio is printed beside each figure. Last, 16 readers of a
1,000-hand game's share link against a writer of another game (``benchmarks.readers``).

    python -m benchmarks.import_     (make bench-import)
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from benchmarks import readers
from benchmarks.engine import line, pin_to_one_core
from scorekeeper import create_app
from scorekeeper.engine.bounds import MAX_HANDS
from scorekeeper.engine.gamefile import to_document
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import with_options
from scorekeeper.engine.simulate import random_game
from scorekeeper.extensions import db

SIZES = (100, MAX_HANDS)
REPEATS = 5
SEED = 20261129
WRITES = ("INSERT", "UPDATE", "DELETE")


def bench_app(folder: Path) -> Flask:
    """The app on an empty SQLite file in ``folder``, logins off (the work, not the door)."""
    app = create_app(
        {
            "SECRET_KEY": "bench",
            "LOGIN_DISABLED": True,
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.db'}",
        }
    )
    with app.app_context():
        db.create_all()
    return app


@cache
def document(hands: int) -> dict[str, Any]:
    """A partnership game at one tenth of exactly ``hands`` hands (a target nobody
    reaches keeps it going), as its game file; a hand in four shows its meld cards."""
    rules = with_options(PRESETS["partnership-tenths"], {"target": 100_000})
    game = random_game(rules, random.Random(SEED + hands), hands=hands)
    assert len(game.hands) == hands, "the game ended early"
    return to_document(game)


def imported(client: FlaskClient, hands: int) -> int:
    """A new game of the first ``hands`` hands of the benchmark's game; its id."""
    body = {**document(MAX_HANDS), "hands": document(MAX_HANDS)["hands"][:hands]}
    answer = client.post("/api/v1/games", json=body)
    assert answer.status_code == 201, answer.text
    return int(answer.json["id"])


class LockClock:
    """The seconds each transaction held the write lock: first write to its end."""

    def __init__(self) -> None:
        self.held: list[float] = []
        self._since: float | None = None

    def statement(self, _conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if self._since is None and statement.lstrip().upper().startswith(WRITES):
            self._since = time.perf_counter()

    def end(self, _conn: Any) -> None:
        if self._since is not None:
            self.held.append(time.perf_counter() - self._since)
            self._since = None


@contextmanager
def lock_clock(app: Flask) -> Iterator[LockClock]:
    clock = LockClock()
    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", clock.statement)
    event.listen(engine, "commit", clock.end)
    event.listen(engine, "rollback", clock.end)
    try:
        yield clock
    finally:
        event.remove(engine, "before_cursor_execute", clock.statement)
        event.remove(engine, "commit", clock.end)
        event.remove(engine, "rollback", clock.end)


def median_of(action: Callable[[], object], repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def figures(app: Flask, hands: int) -> dict[str, float]:
    """The seconds of each figure for a game of ``hands`` hands."""
    client = app.test_client()
    out: dict[str, float] = {}
    with lock_clock(app) as clock:
        out["import (POST /api/v1/games)"] = median_of(lambda: imported(client, hands))
        out["  write lock held by the import"] = statistics.median(clock.held)
    adds, held = [], []
    for _ in range(REPEATS):
        game_id = imported(client, hands - 1)
        hand = document(MAX_HANDS)["hands"][hands - 1]
        with lock_clock(app) as clock:
            start = time.perf_counter()
            answer = client.post(f"/api/v1/games/{game_id}/hands", json=hand)
            adds.append(time.perf_counter() - start)
        assert answer.status_code == 201, answer.text
        held.append(max(clock.held))
    out["add the last hand (POST /api/v1/games/ID/hands)"] = statistics.median(adds)
    out["  write lock held by the add"] = statistics.median(held)
    game_id = imported(client, hands)
    for name, path in (("scoreboard", f"/games/{game_id}"), ("sheet", f"/games/{game_id}/sheet")):
        client.get(path)  # warm-up
        out[f"{name} (GET {path.replace(str(game_id), 'ID')})"] = median_of(
            lambda path=path: _ok(client, path)
        )
    out["sheet PDF, first (GET /games/ID/sheet.pdf)"] = median_of(
        lambda: _ok(client, f"/games/{game_id}/sheet.pdf"), repeats=1
    )
    return out


def _ok(client: FlaskClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 200, f"GET {path}: {answer.status}"
    answer.close()


def main() -> None:
    small, large = SIZES
    print(f"Big games: {small} and {large:,} hands, medians of {REPEATS} ({pin_to_one_core()})")
    for hands in SIZES:
        document(hands if hands == MAX_HANDS else MAX_HANDS)  # dealt before any clock
    with tempfile.TemporaryDirectory() as folder:
        app = bench_app(Path(folder))
        results = {hands: figures(app, hands) for hands in SIZES}
        with app.app_context():
            db.engine.dispose()
    print(f"{'':<56} {small:>8} {large:>10} {'ratio':>7}")
    for name in results[small]:
        first, last = results[small][name], results[large][name]
        print(f"{name:<56} {first * 1000:>6.1f}ms {last * 1000:>8.1f}ms {last / first:>6.1f}x")
    line("linear work grows about", f"{large / small:.0f}x")
    print()
    readers.report()


if __name__ == "__main__":
    main()

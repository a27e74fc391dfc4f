"""The largest night allowed, stored and seated (issue 31, item 3; the end of ``make
bench-club``): ``MAX_ENTRANTS`` entrants and ``MAX_ROUNDS`` rounds imported, then its
first round (50 tables) seated by the movement, in a fresh SQLite database; the
seconds each takes, the SQL statements, and how long each transaction holds the
write lock (from its first write to its commit: ``benchmarks.import_.LockClock``).
The movement for the round is found before (``next_seating``, as the event's page does
before the director taps Seat): the lock holds only the rows written, the players
read and made in bulk. Target: the lock well under a second (half a second).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import event

from benchmarks import club_standings
from benchmarks.apps import budget_app
from benchmarks.engine import line
from benchmarks.import_ import lock_clock
from scorekeeper.club.events import engine_event, get_event, import_event
from scorekeeper.club.seating import record_seating
from scorekeeper.engine.club.entrants import MAX_ENTRANTS
from scorekeeper.engine.club.event_movement import next_seating
from scorekeeper.engine.club.events import MAX_ROUNDS
from scorekeeper.extensions import db

LOCK_TARGET = 0.5  # seconds, at most


def largest_night() -> dict[str, Any]:
    return {
        "format": "pinochle-event/1",
        "name": "The largest night",
        "date": "2026-12-01",
        "kind": "progressive",
        "ruleset": "partnership",
        "entrants": [{"name": f"Player {n:03d}"} for n in range(1, MAX_ENTRANTS + 1)],
        "rounds": [{"round": n} for n in range(1, MAX_ROUNDS + 1)],
    }


def main() -> None:
    print(f"the largest night: {MAX_ENTRANTS} entrants, {MAX_ROUNDS} rounds")
    with tempfile.TemporaryDirectory() as folder:
        app = budget_app(Path(folder))
        count = [0]

        def sent(*_: object) -> None:
            count[0] += 1

        with app.app_context():
            event.listen(db.engine, "before_cursor_execute", sent)
        with lock_clock(app) as clock, app.app_context():
            started = time.perf_counter()
            event_id = import_event(largest_night()).id
            imported = time.perf_counter() - started
            statements, count[0] = count[0], 0
            stored = get_event(event_id)
            assert stored is not None
            seating, _even = next_seating(engine_event(stored), 1)
            started = time.perf_counter()
            record_seating(stored, 1, seating)
            seated = time.perf_counter() - started
            tables = len(seating["tables"])
        with app.app_context():
            db.engine.dispose()
    line("imported", f"{imported:.2f} s, {statements} statements")
    line(f"round 1 seated ({tables} tables)", f"{seated:.2f} s, {count[0]} statements")
    for name, held in zip(("import", "seating"), clock.held[-2:], strict=True):
        line(
            f"  the write lock held by the {name}",
            f"{held:.2f} s",
            f"under {LOCK_TARGET:g} s",
            held < LOCK_TARGET,
        )
    played_night()


def played_night() -> None:
    """The largest night's tables every round played (a file of a night played elsewhere,
    or restored): 50 tables x 20 rounds, each game the simulator's six hands, imported
    in one transaction; its seconds, statements and the write lock's hold."""
    document = club_standings.night(MAX_ENTRANTS // 4, MAX_ROUNDS)
    games = sum(len(r["tables"]) for r in document["rounds"])
    hands = sum(len(t["game"]["hands"]) for r in document["rounds"] for t in r["tables"])
    with tempfile.TemporaryDirectory() as folder:
        app = budget_app(Path(folder))
        with lock_clock(app) as clock, app.app_context():
            started = time.perf_counter()
            import_event(document)
            imported = time.perf_counter() - started
            db.engine.dispose()
    line(
        f"the largest night played ({games} games, {hands} hands) imported",
        f"{imported:.2f} s",
    )
    line(
        "  the write lock held by the import",
        f"{clock.held[-1]:.2f} s",
        f"under {LOCK_TARGET:g} s",
        clock.held[-1] < LOCK_TARGET,
    )


if __name__ == "__main__":
    main()

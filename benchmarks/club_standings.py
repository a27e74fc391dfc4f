"""A club night's standings from its stored games (the second half of ``make bench-club``).

For 3, 6 and 12 tables (4, 8 or 12 × 4 players, progressive) × 8 rounds: a
``pinochle-event/1`` document seated by the engine's movement
(``movements.progressive`` with a seed), each table's game ``HANDS`` hands of the
engine's simulator (``game_end: hands:6``, the table's seats as its seating, North-South
its first side), checked by the engine and stored through the app
(``club.events.import_event``) in a fresh SQLite database in a temporary folder. Then
the standings as the standings page asks for them, ``event_standings(get_event(id))``,
each run in a new session (``db.session.remove()``: the event, its tables and their
games are read from the database, not found in the identity map): the median of
``REPEATS`` runs after one warm-up, with ``time.perf_counter``; and the SQL statements
one call sends, which stay the same whatever the number of tables. And the pages a
club night serves from it: the event's page (the director's: standings, every round's
tables, the next round's movement) and the room's display, each GET's median.

The target, 1 s for 12 tables × 8 rounds (96 games, about 600 hands), is a page the
director reloads between rounds while the room waits for the next movement: well
inside the 2 s the movement's live search may take, so the two together stay a few
seconds. Linear growth from 3 to 12 tables would be 4×.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import event

from benchmarks.apps import budget_app, logged_in
from benchmarks.engine import line
from scorekeeper.club.events import event_standings, get_event, import_event
from scorekeeper.engine.events import from_document
from scorekeeper.engine.gamefile import to_document
from scorekeeper.engine.movements import progressive
from scorekeeper.engine.rules import ruleset
from scorekeeper.engine.simulate import random_game
from scorekeeper.extensions import db

REPEATS = 7
TARGET = 1.0  # seconds for the standings of 12 tables × 8 rounds, at most
TABLES = (3, 6, 12)
ROUNDS = 8
HANDS = 6  # each table's game: game_end hands:6
RULES = {"game_end": f"hands:{HANDS}"}
SEED = 24
DATE = "2026-12-01"


def night(tables: int, rounds: int = ROUNDS, seed: int = SEED) -> dict[str, Any]:
    """A played ``pinochle-event/1`` night of ``tables`` tables: its seating the engine's
    progressive movement, each table's game the simulator's, under the event's rules."""
    names = [f"Player {number:02d}" for number in range(1, 4 * tables + 1)]
    rules = ruleset("partnership", RULES)
    rng = random.Random(seed)
    movement = progressive(4 * tables, rounds, seed)
    document_rounds = []
    for round_ in movement.rounds:
        seated = []
        for table in round_.tables:
            seats = [names[seat] for seat in table.seats]  # North, East, South, West
            game = random_game(rules, rng, hands=4 * HANDS, players=seats)
            seated.append({"table": table.table, "seats": seats, "game": to_document(game)})
        byes = [names[bye] for bye in round_.byes]
        document_rounds.append({"round": round_.round, "tables": seated, "byes": byes})
    document = {
        "format": "pinochle-event/1",
        "name": f"Club night, {tables} tables",
        "date": DATE,
        "kind": "progressive",
        "ruleset": "partnership",
        "rules": RULES,
        "standing_order": "wins",
        "bye_rule": "winners_average",
        "entrants": [{"name": name} for name in names],
        "rounds": document_rounds,
    }
    from_document(document)  # the engine accepts it (raises GameError if not)
    return document


class Statements:
    """The SQL statements sent on an engine while ``counting``."""

    def __init__(self, engine: Any) -> None:
        self.count = 0
        self.counting = False
        event.listen(engine, "before_cursor_execute", self._sent)

    def _sent(self, *_: object) -> None:
        if self.counting:
            self.count += 1


PAGES = {"the event's page": "/events/{id}", "the room's display": "/events/{id}/display"}


def page_medians(app: Any, event_id: int) -> dict[str, float]:
    """The median seconds of a GET of each of ``PAGES`` (as a logged-in phone or the
    room's screen asks: in-process, Flask's test client), after one warm-up."""
    client = logged_in(app, "viewer")
    medians = {}
    for name, path in PAGES.items():
        address = path.format(id=event_id)

        def get(address: str = address) -> float:
            started = time.perf_counter()
            answer = client.get(address)
            took = time.perf_counter() - started
            assert answer.status_code == 200, address
            return took

        get()
        medians[name] = statistics.median(get() for _ in range(REPEATS))
    return medians


def measure(tables: int) -> tuple[float, int, int, dict[str, float]]:
    """The median seconds of the standings of a ``tables``-table night, the SQL
    statements one call sends, the games stored, and the pages' medians."""
    document = night(tables)
    games = sum(len(r["tables"]) for r in document["rounds"])
    hands = sum(len(t["game"]["hands"]) for r in document["rounds"] for t in r["tables"])
    with tempfile.TemporaryDirectory() as folder:
        app = budget_app(Path(folder))
        with app.app_context():
            event_id = import_event(document).id
            statements = Statements(db.engine)

            def standings() -> float:
                db.session.remove()  # a new session: read from the database
                started = time.perf_counter()
                ranked = event_standings(get_event(event_id))
                took = time.perf_counter() - started
                assert not ranked.provisional and ranked.rounds_played == ROUNDS
                return took

            standings()  # warm-up
            seconds = statistics.median(standings() for _ in range(REPEATS))
            db.session.remove()
            statements.counting = True
            standings()
            statements.counting = False
            db.session.remove()
            pages = page_medians(app, event_id)
            db.session.remove()
            db.engine.dispose()
    line(
        f"{tables} tables x {ROUNDS} rounds: standings, median of {REPEATS}",
        f"{seconds * 1000:.1f} ms",
    )
    line(f"  {games} games, {hands} hands stored: SQL statements a call", f"{statements.count}")
    for name, median in pages.items():
        line(f"  GET {name}, median of {REPEATS}", f"{median * 1000:.1f} ms")
    return seconds, statements.count, games, pages


def main() -> None:
    """The standings' figures, each size in its own database."""
    print(f"standings from stored games: {ROUNDS} rounds, partnership, game_end hands:{HANDS}")
    medians, counts, pages = {}, {}, {}
    for tables in TABLES:
        medians[tables], counts[tables], _, pages[tables] = measure(tables)
    big = medians[TABLES[-1]]
    line(
        f"{TABLES[-1]} tables x {ROUNDS} rounds: standings, median",
        f"{big * 1000:.0f} ms",
        f"< {TARGET:g} s",
        big < TARGET,
    )
    growth = big / medians[TABLES[0]]
    expected = TABLES[-1] / TABLES[0]
    line(
        f"  growth from {TABLES[0]} tables (linear: {expected:g}x)",
        f"{growth:.1f}x",
    )
    for name in PAGES:
        largest, smallest = pages[TABLES[-1]][name], pages[TABLES[0]][name]
        line(
            f"GET {name}, {TABLES[-1]} tables x {ROUNDS} rounds, median",
            f"{largest * 1000:.0f} ms",
            f"< {TARGET:g} s",
            largest < TARGET,
        )
        line(
            f"  growth from {TABLES[0]} tables (linear: {expected:g}x)",
            f"{largest / smallest:.1f}x",
            f"at most {expected:g}x",
            largest / smallest <= expected,
        )
    constant = len(set(counts.values())) == 1
    line(
        "  SQL statements a call, 3 / 6 / 12 tables",
        " / ".join(str(counts[tables]) for tables in TABLES),
        "the same at every size",
        constant,
    )


if __name__ == "__main__":
    main()

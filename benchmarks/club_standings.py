"""A club night's standings from its stored games (the second half of ``make bench-club``).

For 3, 12 and 24 tables (3, 12 or 24 × 4 players, progressive) × 8 rounds: a
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
club night serves from it (web/night_pages.py): the event's page (standings, every
round's tables, the next round's movement), the room's display and the API's event
with its standings (``GET /api/v1/events/ID``, a viewer's token), each GET's median
kept (against ``/health``'s in the same client: at most 10×), answered 304, and made
again after a change (a table's game given a new version, as a correction does: at
most linear growth from 3 to 24 tables); and the SQL statements of a kept GET (the same
at every size).

The target, 1 s for 12 tables × 8 rounds (96 games, about 600 hands), is a page the
director reloads between rounds while the room waits for the next movement: well
inside the 2 s the movement's live search may take, so the two together stay a few
seconds. Linear growth from 3 to 24 tables would be 8×.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import event, select

from benchmarks.apps import budget_app, logged_in
from benchmarks.engine import line
from scorekeeper.accounts.links import create_api_token
from scorekeeper.accounts.users import user_named
from scorekeeper.club.events import event_standings, get_event, import_event
from scorekeeper.engine.club.events import from_document
from scorekeeper.engine.club.movements import progressive
from scorekeeper.engine.gamefile import to_document
from scorekeeper.engine.rules import ruleset
from scorekeeper.engine.simulate import random_game
from scorekeeper.extensions import db
from scorekeeper.store.club_models import EventRound, EventTable
from scorekeeper.store.models import Game

REPEATS = 7
HEALTH_REPEATS = 41
TARGET = 1.0  # seconds for the standings of 12 tables × 8 rounds, at most
KEPT_TARGET = 10.0  # a kept page's GET against /health's, at most (issue 31, item 11)
TARGET_TABLES = 12
TABLES = (3, TARGET_TABLES, 24)
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


PAGES = {
    "the event's page": "/events/{id}",
    "the room's display": "/events/{id}/display",
    "the API's event (standings)": "/api/v1/events/{id}",  # with a viewer's token
}


@dataclass
class PageFigures:
    """One page's medians (seconds): kept (a 200 from the page cache), a 304 to a reader
    who has it, made again after a change; and the SQL statements of a kept GET."""

    kept: float
    not_modified: float
    after_change: float
    statements: int


def timed_get(client: Any, address: str, status: int = 200, **headers: str) -> float:
    started = time.perf_counter()
    answer = client.get(address, headers=headers)
    took = time.perf_counter() - started
    assert answer.status_code == status, (address, answer.status_code)
    return took


def a_change(app: Any, event_id: int) -> None:
    """A change of the night, as a table's correction makes it: a game's new version."""
    with app.app_context():
        table = db.session.execute(
            select(EventTable).join(EventRound).where(EventRound.event_id == event_id).limit(1)
        ).scalar_one()
        game = db.session.get(Game, table.game_id)
        assert game is not None
        game.updated_at = datetime.now(UTC).replace(tzinfo=None)
        db.session.commit()
        db.session.remove()


def page_figures(
    app: Any, event_id: int, statements: Statements
) -> tuple[float, dict[str, PageFigures]]:
    """``/health``'s median and each of ``PAGES``'s figures (as a logged-in phone or the
    room's screen asks: in-process, Flask's test client), after one warm-up each."""
    client = logged_in(app, "viewer")
    with app.app_context():
        user = user_named("viewer")
        assert user is not None
        token = {"Authorization": f"Bearer {create_api_token(user, 'bench')[1]}"}
    timed_get(client, "/health")
    health = statistics.median(timed_get(client, "/health") for _ in range(HEALTH_REPEATS))
    figures = {}
    for name, path in PAGES.items():
        address = path.format(id=event_id)
        sent = token if address.startswith("/api/") else {}
        timed_get(client, address, **sent)  # made
        kept = statistics.median(timed_get(client, address, **sent) for _ in range(REPEATS))
        etag = client.get(address, headers=sent).headers["ETag"]
        not_modified = statistics.median(
            timed_get(client, address, 304, **sent, **{"If-None-Match": etag})
            for _ in range(REPEATS)
        )
        after = []
        for _ in range(REPEATS):
            a_change(app, event_id)
            after.append(timed_get(client, address, **sent))
        statements.counting = True
        timed_get(client, address, **sent)
        statements.counting = False
        figures[name] = PageFigures(kept, not_modified, statistics.median(after), statements.count)
        statements.count = 0
    return health, figures


@dataclass
class Size:
    """The figures of one night's size."""

    standings: float
    statements: int
    health: float
    pages: dict[str, PageFigures]


def measure(tables: int) -> Size:
    """The figures of a ``tables``-table night, in a fresh database."""
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
            count, statements.count = statements.count, 0
            db.session.remove()
        health, pages = page_figures(app, event_id, statements)
        with app.app_context():
            db.engine.dispose()
    line(
        f"{tables} tables x {ROUNDS} rounds: standings, median of {REPEATS}",
        f"{seconds * 1000:.1f} ms",
    )
    line(f"  {games} games, {hands} hands stored: SQL statements a call", f"{count}")
    line(f"  GET /health, median of {HEALTH_REPEATS}", f"{health * 1000:.2f} ms")
    for name, figures in pages.items():
        line(
            f"  GET {name}: kept / 304 / after a change",
            f"{figures.kept * 1000:.2f} / {figures.not_modified * 1000:.2f} / "
            f"{figures.after_change * 1000:.0f} ms",
        )
    return Size(seconds, count, health, pages)


def main() -> None:
    """The standings' and the night's pages' figures, each size in its own database."""
    print(f"standings from stored games: {ROUNDS} rounds, partnership, game_end hands:{HANDS}")
    sizes = {tables: measure(tables) for tables in TABLES}
    small, big = sizes[TABLES[0]], sizes[TABLES[-1]]
    expected = TABLES[-1] / TABLES[0]
    twelve = sizes[TARGET_TABLES].standings
    line(
        f"{TARGET_TABLES} tables x {ROUNDS} rounds: standings, median",
        f"{twelve * 1000:.0f} ms",
        f"< {TARGET:g} s",
        twelve < TARGET,
    )
    line(
        f"  growth from {TABLES[0]} tables (linear: {expected:g}x)",
        f"{big.standings / small.standings:.1f}x",
    )
    line(
        "  SQL statements a call, " + " / ".join(map(str, TABLES)) + " tables",
        " / ".join(str(sizes[tables].statements) for tables in TABLES),
        "the same at every size",
        len({size.statements for size in sizes.values()}) == 1,
    )
    for name in PAGES:
        for tables, size in sizes.items():
            ratio = size.pages[name].kept / size.health
            line(
                f"GET {name} kept, {tables} tables, against /health",
                f"{ratio:.1f}x",
                f"at most {KEPT_TARGET:g}x",
                ratio <= KEPT_TARGET,
            )
        after = big.pages[name].after_change / small.pages[name].after_change
        line(
            f"  after a change: growth from {TABLES[0]} to {TABLES[-1]} tables",
            f"{after:.1f}x",
            f"at most {expected:g}x (linear)",
            after <= expected,
        )
        counts = [sizes[tables].pages[name].statements for tables in TABLES]
        line(
            "  SQL statements of a kept GET, " + " / ".join(map(str, TABLES)) + " tables",
            " / ".join(map(str, counts)),
            "the same at every size",
            len(set(counts)) == 1,
        )


if __name__ == "__main__":
    main()

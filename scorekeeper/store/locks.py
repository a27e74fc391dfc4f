"""Locks held across every process on one database, around the checks a write depends on.

Two phones (or two server processes) at once must not both become the first owner,
leave no owner, or chain the ratings from two stale reads. PostgreSQL runs such
transactions side by side (READ COMMITTED), so ``serialize`` takes a
transaction-level advisory lock there: the second transaction waits until the first
commits or rolls back, and its next statement reads what the first wrote. SQLite
lets one writer at a time through, but a transaction only becomes a writer at its
first write, after the reads the check makes: there ``serialize`` makes a write that
changes nothing, so the transaction holds the database's one write lock from then on
(several gunicorn workers on one SQLite file; another waits up to the busy timeout).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Connection, func, select, text
from sqlalchemy.exc import OperationalError

from scorekeeper.extensions import db

# the first of pg_advisory_xact_lock's two keys: keeps these apart from the advisory
# locks of any other application sharing the database
NAMESPACE = 0x5C0E
KEYS = {"owners": 1, "ratings": 2, "logins": 3, "seating": 4}
# PostgreSQL's codes for a lock not had in time: lock_not_available (lock_timeout),
# deadlock_detected (one of two waiting transactions is given up)
POSTGRESQL_LOCK_CODES = frozenset({"55P03", "40P01"})


def on_postgresql() -> bool:
    return db.session.get_bind().dialect.name == "postgresql"


def serialize(name: str) -> None:
    """Hold the lock ``name`` (one of ``KEYS``) until the current transaction ends,
    waiting while another transaction holds it (on SQLite: the write lock). Asked again
    in the same transaction (a hand's change, then its outcomes), it is held already:
    no statement is sent."""
    held = _held()
    if name in held:
        return
    key = KEYS[name]
    if on_postgresql():
        db.session.execute(select(func.pg_advisory_xact_lock(NAMESPACE, key)))
    else:
        db.session.execute(text("UPDATE user_account SET id = id WHERE 0 = 1"))
    _held().add(name)


def _held() -> set[str]:
    """The locks the session's current transaction holds (a new transaction, a new set:
    the transaction is known by a weak reference, never by an id a later one may get).
    A lock taken inside a savepoint and rolled back with it would still count as held
    here (PostgreSQL lets it go): nothing takes a lock inside ``begin_nested`` today;
    whatever does must key this set on the nested transaction."""
    session = db.session()  # the request's own session (``db.session`` is its registry)
    transaction = session.get_transaction()
    kept = session.info.get("serialized")
    if transaction is None:
        return set()
    if kept is None or kept[0]() is not transaction:
        kept = (weakref.ref(transaction), set())
        session.info["serialized"] = kept
    return kept[1]


def serialize_night() -> None:
    """Hold the locks of a change to a club night (seating a round, time called, a round
    closed, an entrant come or gone, the seats drawn), in the one order every change
    takes them: first the lock every change of a game's hands takes (``ratings``), then
    the nights' (``seating``). So a round closed and a hand of its tables changed at
    once run one after the other, each reading what the other wrote, on PostgreSQL as on
    SQLite (one write lock); and no two changes wait on each other in opposite orders."""
    serialize("ratings")
    serialize("seating")


def is_lock_timeout(error: BaseException) -> bool:
    """Whether ``error`` is a database lock that could not be had in time (another
    write held it past the lock timeout): worth trying again, not a fault."""
    if not isinstance(error, OperationalError):
        return False
    cause = error.orig
    if getattr(cause, "sqlstate", None) in POSTGRESQL_LOCK_CODES:
        return True
    return type(cause).__module__.startswith("sqlite3") and "locked" in str(cause)


@contextmanager
def quick_write() -> Iterator[Connection]:
    """A connection of its own, in a transaction committed at the end, for a write that
    may rather be skipped than wait: it waits for no lock another write holds (SQLite's
    busy timeout 0, PostgreSQL's lock_timeout 1 ms) and fails at once instead, with an
    error ``is_lock_timeout`` knows."""
    with db.engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        waited = None
        if sqlite:
            waited = connection.exec_driver_sql("PRAGMA busy_timeout").scalar()
            connection.exec_driver_sql("PRAGMA busy_timeout = 0")
            connection.commit()  # (no write: the pragmas only began SQLAlchemy's transaction)
        try:
            with connection.begin():
                if not sqlite:
                    connection.exec_driver_sql("SET LOCAL lock_timeout = 1")
                yield connection
        finally:
            if sqlite and not connection.invalidated:  # (a read-only file retires it)
                connection.exec_driver_sql(f"PRAGMA busy_timeout = {int(waited or 0)}")
                connection.commit()

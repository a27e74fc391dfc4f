"""Whether the database can be written: a full disk or a read-only database is a
degraded server, not a broken one.

Reads go on: the pages, the stored score sheets, the API's reads, a login with the
right password. A write the database refuses for want of room or of write access is
named (``cannot_write``: ``DISK_FULL`` or ``READ_ONLY``) so the pages and the API answer
it with 503 and a sentence rather than a server error, and it is remembered
(per engine) until a write commits again, for ``/health`` and ``scorekeeper
serve`` (``problem``), which also look at the SQLite file itself without opening it.

Nothing needs a restart once the disk has room again or the files are writable: each
write is tried as it comes. A SQLite connection opened while its file could not be
written stays read-only for good, so a read-only refusal retires every connection of
the pool (``watch``): the next ones open the file afresh.
"""

from __future__ import annotations

import os
import threading
import time
import weakref
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sqlalchemy import event, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, DisconnectionError

DISK_FULL = "disk_full"
READ_ONLY = "read_only"
# PostgreSQL's SQLSTATEs: disk_full (53100), read_only_sql_transaction (25006)
POSTGRESQL_CODES = {"53100": DISK_FULL, "25006": READ_ONLY}
# bytes free below which the SQLite file's disk counts as full (a page and its WAL frame)
MIN_FREE = 64 * 1024
# how long a refused write is remembered without another write to say otherwise
REMEMBERED = 300.0
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "ALTER", "DROP")


def cannot_write(error: BaseException) -> str | None:
    """``DISK_FULL`` or ``READ_ONLY`` when ``error`` (SQLAlchemy's, or the driver's own)
    is the database refusing a write for want of room or of write access; None for any
    other error."""
    cause = error.orig if isinstance(error, DBAPIError) else error
    state = getattr(cause, "sqlstate", None)
    if isinstance(state, str) and state in POSTGRESQL_CODES:
        return POSTGRESQL_CODES[state]
    name = str(getattr(cause, "sqlite_errorname", ""))
    if name == "SQLITE_FULL":
        return DISK_FULL
    if name.startswith("SQLITE_READONLY"):
        return READ_ONLY
    return None


class _Failures:
    """The last refused write of this process (reason, monotonic time), until a write
    commits."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.last: tuple[str, float] | None = None

    def note(self, reason: str) -> None:
        with self.lock:
            self.last = (reason, time.monotonic())

    def clear(self) -> None:
        if self.last is not None:
            with self.lock:
                self.last = None

    def recent(self) -> str | None:
        last = self.last
        if last is None or time.monotonic() - last[1] > REMEMBERED:
            return None
        return last[0]


_ENGINES: weakref.WeakKeyDictionary[Engine, _Failures] = weakref.WeakKeyDictionary()


def _failures(engine: Engine) -> _Failures:
    found = _ENGINES.get(engine)
    if found is None:
        found = _ENGINES.setdefault(engine, _Failures())
    return found


def problem(engine: Engine) -> str | None:
    """Why the database cannot be written just now (``DISK_FULL``, ``READ_ONLY``), or
    None: a SQLite file's folder and files looked at (not opened), and the last write
    refused since none committed. Touches no database connection."""
    path = sqlite_file(engine)
    if path is not None:
        found = _file_problem(path)
        if found is not None:
            return found
    return _failures(engine).recent()


def probe(engine: Engine) -> str | None:
    """Why the database cannot be written, found by trying (at a server's start): the
    file and disk looked at, then a write that changes nothing, rolled back."""
    found = problem(engine)
    if found is not None:
        return found
    try:
        with engine.connect() as connection, connection.begin() as transaction:
            connection.execute(text("UPDATE user_account SET id = id WHERE 1 = 0"))
            transaction.rollback()
    except DBAPIError as error:
        reason = cannot_write(error)
        if reason is None:
            raise
        return reason
    return None


def sqlite_file(engine: Engine) -> Path | None:
    if engine.dialect.name != "sqlite":
        return None
    database = engine.url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database)


def _file_problem(path: Path) -> str | None:
    folder = path.parent
    try:
        stats = os.statvfs(folder)
    except OSError:
        return None
    if stats.f_bavail * stats.f_frsize < MIN_FREE:
        return DISK_FULL
    for companion in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if companion.exists() and not os.access(companion, os.W_OK):
            return READ_ONLY
    if not os.access(folder, os.W_OK):
        return READ_ONLY
    return None


def watch(engine: Engine) -> None:
    """Remember refused writes and forget them when a write commits; retire the pool's
    connections after a read-only refusal (SQLite opened the file read-only); open a
    SQLite file that cannot be written so that it can at least be read."""
    _failures(engine)
    if sqlite_file(engine) is not None:
        event.listen(engine, "do_connect", _open_for_reading)
        event.listen(engine, "checkout", _writable_again)
    event.listen(engine, "handle_error", _refused)
    event.listen(engine, "before_cursor_execute", _statement)
    event.listen(engine, "commit", _committed)
    event.listen(engine, "rollback", _rolled_back)


IMMUTABLE = "opened immutable"  # a pooled connection's mark (its ``info``)


def _open_for_reading(
    _dialect: Any, record: Any, arguments: list[Any], options: dict[str, Any]
) -> None:
    """A SQLite database in WAL mode cannot be opened at all where its folder cannot be
    written and its ``-shm`` file is missing (it was closed cleanly before the disk or
    the files became read-only): opened immutable, read-only, it can still be read (no
    other process can write it meanwhile). The connection is retired once the file can
    be written again (``_writable_again``)."""
    path = Path(arguments[0]) if arguments and isinstance(arguments[0], str) else None
    if path is None or not path.exists() or _can_write(path):
        return
    if all(path.with_name(path.name + end).exists() for end in ("-wal", "-shm")):
        return  # SQLite reads a read-only WAL database through them
    arguments[0] = f"file:{quote(str(path))}?mode=ro&immutable=1"
    options["uri"] = True
    record.info[IMMUTABLE] = path


def _writable_again(_connection: Any, record: Any, _proxy: Any) -> None:
    path = record.info.get(IMMUTABLE)
    if path is not None and _can_write(path):
        raise DisconnectionError("the database can be written again: open it anew")


def _can_write(path: Path) -> bool:
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def _refused(context: Any) -> None:
    reason = cannot_write(context.original_exception)
    if reason is None:
        return
    if context.engine is not None:
        _failures(context.engine).note(reason)
    if reason == READ_ONLY and context.dialect.name == "sqlite":
        # a disconnect to SQLAlchemy: this connection and the pool's others are replaced
        context.is_disconnect = True
        context.invalidate_pool_on_disconnect = True


def _statement(connection: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
    if statement.lstrip()[:7].upper().startswith(WRITES):
        connection.info["wrote"] = True


def _committed(connection: Any) -> None:
    if connection.info.pop("wrote", False):
        _failures(connection.engine).clear()


def _rolled_back(connection: Any) -> None:
    if not connection.invalidated:  # (an invalidated one is replaced, with its info)
        connection.info.pop("wrote", None)

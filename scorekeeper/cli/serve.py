"""``scorekeeper serve``: the app on this machine's network, for the phones at the table.

The database is upgraded to the latest migration first (``prepare_database``),
then waitress listens (``make_server``), and only once the socket is bound are
the addresses printed (``banner``) that phones on the same network can open
(``lan_addresses``), with a QR code of the first one (``qr_text``). Ctrl-C (or
SIGTERM) stops the server and the command returns.
"""

from __future__ import annotations

import logging
import select
import signal
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any, Protocol, TextIO

import flask_migrate
from alembic.migration import MigrationContext
from flask import Flask
from sqlalchemy.exc import DBAPIError
from waitress.server import create_server

from scorekeeper.extensions import db
from scorekeeper.games.transfer import record_missing_outcomes
from scorekeeper.store.writable import DISK_FULL, READ_ONLY, cannot_write, probe

try:
    import resource
except ImportError:  # Windows: no limit of open files to raise, and no poll()
    resource = None  # type: ignore[assignment]

THREADS = 8
# Waitress reads every connection's request in one loop and gives its threads only
# whole requests, so slow clients hold no thread; but it stops accepting at its
# connection limit (100 by default), and a client trickling a byte now and then is
# never idle for its channel_timeout (120 s). So: 1000 connections, watched with
# poll() (select() sees no descriptor past 1023; Windows' takes 512 sockets).
CONNECTION_LIMIT = 1000
SELECT_LIMIT = 500
FILES_PER_CONNECTION = 3  # the socket, and at worst a request's and an answer's buffer file
SPARE_FILES = 64  # the listening socket, the database, templates, logs
# --- the database ----------------------------------------------------------------------


# what ``serve`` says when it starts on a database it cannot write
CANNOT_WRITE = {
    DISK_FULL: "its disk is full",
    READ_ONLY: "it is read-only",
}


@dataclass(frozen=True)
class DatabaseState:
    """Where the database is (password hidden), its revision before and after, and why
    it cannot be written, if it cannot (``store.writable``)."""

    url: str
    before: str | None
    after: str | None
    cannot_write: str | None = None

    def __str__(self) -> str:
        if self.before == self.after:
            text = f"{self.url} (revision {self.after})"
        else:
            text = f"{self.url} (upgraded from {self.before or 'empty'} to {self.after})"
        if self.cannot_write is not None:
            text += (
                f"\nWarning: the database cannot be written: {CANNOT_WRITE[self.cannot_write]}."
                " Pages, stored score sheets and logins work; every change is refused"
                " (503) until it can be written again, with no restart needed."
            )
        return text


def upgraded_app() -> Flask:
    """The app (``SCOREKEEPER_INSTANCE_PATH``, ``DATABASE_URL``), its database upgraded:
    what every command of the table app but ``serve`` works in."""
    from scorekeeper import create_app

    app = create_app()
    prepare_database(app)
    return app


def prepare_database(app: Flask) -> DatabaseState:
    """Upgrade the app's database to the latest migration (creating it if needed), and
    find whether it can be written (a full disk or a read-only database: the server
    starts all the same, for reads)."""
    with app.app_context():
        before = _revision()
        with quiet_migrations():
            flask_migrate.upgrade()
        reason = None
        try:  # games stored before their outcomes were: replayed once, now
            record_missing_outcomes()
        except DBAPIError as error:
            reason = cannot_write(error)
            db.session.rollback()
            if reason is None:
                raise
        reason = reason or probe(db.engine)
        after = _revision()
        where = db.engine.url.render_as_string(hide_password=True)
    return DatabaseState(where, before, after, reason)


def _revision() -> str | None:
    with db.engine.connect() as connection:
        revision: str | None = MigrationContext.configure(connection).get_current_revision()
        return revision


@contextmanager
def quiet_migrations() -> Iterator[None]:
    """Quiet Alembic's INFO lines, and undo what ``migrations/env.py`` does to logging.

    Its ``fileConfig`` replaces the root handlers and disables every logger that
    already exists (waitress's among them); afterwards they are put back as they were.
    """
    manager = logging.Logger.manager
    root = logging.getLogger()
    root_state = (root.level, list(root.handlers))
    loggers = {
        name: (logger.disabled, logger.level, list(logger.handlers), logger.propagate)
        for name, logger in manager.loggerDict.items()
        if isinstance(logger, logging.Logger)
    }
    threshold = manager.disable
    logging.disable(logging.INFO)
    try:
        yield
    finally:
        logging.disable(threshold)
        for handler in root.handlers:
            if handler not in root_state[1]:
                handler.close()
        root.setLevel(root_state[0])
        root.handlers[:] = root_state[1]
        for name, (disabled, level, handlers, propagate) in loggers.items():
            logger = logging.getLogger(name)
            logger.disabled, logger.propagate = disabled, propagate
            logger.setLevel(level)
            logger.handlers[:] = handlers


# --- serving ----------------------------------------------------------------------------


class Server(Protocol):
    """What ``serve`` needs of a waitress server."""

    def run(self) -> None: ...

    def close(self) -> None: ...


BODY_SLACK = 64 * 1024  # bytes past MAX_CONTENT_LENGTH: Flask's own 413 says more


def make_server(app: Flask, host: str, port: int, threads: int = THREADS) -> tuple[Server, int]:
    """A waitress server listening on ``host:port``, and the port (``port`` 0 picks a
    free one). ``OSError`` when the address cannot be had, with nothing left open.
    """
    listening = bound_socket(host, port)
    try:
        server: Any = create_server(
            app,
            sockets=[listening],
            threads=threads,
            ident="scorekeeper",
            connection_limit=connection_limit(),
            asyncore_use_poll=hasattr(select, "poll"),
            # a body past the app's limit is refused as it arrives (413), not first
            # buffered to disk up to waitress's own default of 1 GB
            max_request_body_size=int(app.config["MAX_CONTENT_LENGTH"]) + BODY_SLACK,
        )
    except BaseException:
        listening.close()
        raise
    return server, int(listening.getsockname()[1])


def connection_limit(wanted: int = CONNECTION_LIMIT) -> int:
    """How many connections waitress may keep open, at most ``wanted``: as many as the
    limit of open files allows, after raising its soft limit (up to the hard one) when
    it is lower than ``wanted`` connections need (1024 is a common soft limit).
    """
    if resource is None:
        return min(wanted, SELECT_LIMIT)
    needed = wanted * FILES_PER_CONNECTION + SPARE_FILES
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        raised = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        with suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, (soft - SPARE_FILES) // FILES_PER_CONNECTION))


def bound_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host:port`` (an IPv4 address first when a name has both)."""
    found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, proto, _, address = min(found, key=lambda info: info[0] != socket.AF_INET)
    bound = socket.socket(family, kind, proto)
    try:
        bound.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        bound.bind(address)
    except OSError:
        bound.close()
        raise
    return bound


def serve(server: Server, text: str, out: TextIO) -> None:
    """Print ``text`` (the banner), serve until Ctrl-C or SIGTERM, then close."""
    try:
        print(text, file=out, flush=True)
        with _sigterm_as_interrupt():
            server.run()  # returns on KeyboardInterrupt, once the workers have stopped
    finally:
        server.close()
    print("Stopped.", file=out, flush=True)


@contextmanager
def _sigterm_as_interrupt() -> Iterator[None]:
    """SIGTERM stops the server as Ctrl-C does, and Ctrl-C (SIGINT) stops it even when
    the shell that started it made it ignore SIGINT (``cmd &`` without job control,
    which a test run or a CI script may be); main thread only, restored after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    previous = {stop: signal.signal(stop, interrupt) for stop in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for stop, handler in previous.items():
            with suppress(ValueError, TypeError):
                signal.signal(stop, handler)

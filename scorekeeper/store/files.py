"""Files only the instance's owner may read: the instance folder (0700), the SQLite
database with its ``-wal`` and ``-shm`` files, the session key and the backups (0600).

Each is made with its mode (``os.open``), never made readable and narrowed afterwards,
whatever the umask; one an older install left wider is narrowed when the app starts.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

PRIVATE_FOLDER = 0o700
PRIVATE_FILE = 0o600
SQLITE_COMPANIONS = ("", "-wal", "-shm", "-journal")  # the database and what SQLite adds


def narrowed(path: Path, mode: int) -> None:
    """``path`` (when it exists) allows no more than ``mode``: group and others lose what
    ``mode`` does not give them."""
    try:
        current = path.stat().st_mode & 0o777
    except FileNotFoundError:
        return
    if current & ~mode:
        path.chmod(current & mode)


def private_folder(path: Path) -> Path:
    """The folder ``path``, made 0700 if missing and narrowed to it if wider."""
    path.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    narrowed(path, PRIVATE_FOLDER)
    return path


def write_private(path: str | Path, data: bytes) -> None:
    """``data`` in the file ``path``, 0600 from its first byte, and whole or not at all: it
    is written aside (in the same folder), flushed to the disk and moved into place, so a
    full disk or a killed process leaves the file that was there (a previous backup)
    untouched, and a link at ``path`` is replaced, never written through. A device or a
    pipe (``-o /dev/stdout``) is written as it is. ``OSError`` when it cannot be written.
    """
    target = Path(path)
    if target.exists() and not target.is_file():
        with target.open("wb") as stream:
            stream.write(data)
        return
    descriptor, aside = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".part"
    )  # made 0600, whatever the umask
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(aside, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(aside)
        raise


def private_sqlite_file(database: str) -> None:
    """The SQLite database file ``database`` made empty and 0600 if it is missing (SQLite
    reads an empty file as an empty database, and gives its ``-wal``, ``-shm`` and
    journal files the database's mode), and narrowed to 0600 with those if wider."""
    if database in ("", ":memory:") or database.startswith("file:"):
        return
    path = Path(database)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))
    except FileExistsError:
        pass
    except OSError:
        return  # no such folder, say: SQLite's own error tells
    for suffix in SQLITE_COMPANIONS:
        narrowed(path.with_name(path.name + suffix), PRIVATE_FILE)


@event.listens_for(Engine, "do_connect")
def _private_sqlite(dialect: Any, _record: Any, cargs: Any, _cparams: Any) -> None:
    """Before SQLite opens (and maybe makes) a database file: made or narrowed to 0600."""
    if dialect.name == "sqlite" and cargs and isinstance(cargs[0], str):
        private_sqlite_file(cargs[0])

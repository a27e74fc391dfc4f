"""The Flask extensions, made once and bound to an app by ``create_app``; and the
settings every SQLite connection gets (``_sqlite_pragmas``), for whatever imports the
database layer (the app, its models, the tests' own engines).
"""

from __future__ import annotations

from typing import Any

from flask_babel import Babel
from flask_compress import Compress
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy import MetaData, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase

# Named constraints, so SQLite's batch migrations can find them again.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


db = SQLAlchemy(model_class=Base)
migrate = Migrate()
csrf = CSRFProtect()
babel = Babel()
login_manager = LoginManager()
compress = Compress()  # gzip or brotli when the client asks (create_app's COMPRESS_*)


SQLITE_MMAP_BYTES = 256 * 1024 * 1024  # at most; the OS shares the pages between connections


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """SQLite: enforce foreign keys (PostgreSQL always does); write ahead (WAL), so
    readers never wait for a writer, and a writer waits its turn (``busy_timeout``,
    set per app by ``create_app``) rather than failing; read the file through a
    memory map: the season figures scan tens of megabytes, which SQLite's own 2 MB page
    cache would read again from the OS on every page view (10,000 games: the ratings'
    sum 131 ms -> 41 ms)."""
    if type(connection).__module__.startswith("sqlite3"):
        cursor = connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA mmap_size={SQLITE_MMAP_BYTES}")
        cursor.close()

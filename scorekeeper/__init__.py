"""Pinochle scorekeeper: the Flask app.

``create_app(test_config=None)`` builds the app: configuration from
``instance/config.py`` (or ``test_config``), the extensions, the blueprints.
The rules themselves live in ``scorekeeper.engine``.

Importing the package imports no Flask, SQLAlchemy or WeasyPrint: ``create_app``
imports the web stack when it is called, so the command line's ``meld`` and
``score`` start without it (``tests/cli/test_start.py``).
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask
    from sqlalchemy.engine import Engine

from scorekeeper.paths import MIGRATIONS, ROOT, instance_folder


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The app; ``test_config`` replaces the instance configuration (tests)."""
    from flask import Flask

    from scorekeeper.extensions import babel, compress, csrf, db, migrate
    from scorekeeper.i18n.languages import compile_catalogs, select_locale
    from scorekeeper.store.files import private_folder
    from scorekeeper.store.writable import watch

    instance = instance_folder()
    _https = os.environ.get("SCOREKEEPER_HTTPS") == "1"
    app = Flask(
        __name__,
        instance_path=str(instance),
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=os.environ.get("DATABASE_URL")
        or f"sqlite:///{instance / 'scorekeeper.db'}",
        BABEL_DEFAULT_LOCALE="en",
        SHEET_PAPER="a4",  # a4 or letter: the score sheets' default paper
        # finished games in a season before a player is ranked by rating or win rate
        # (fewer: provisional, listed after the ranked players; docs/stats.md)
        STATS_MIN_GAMES=5,
        # PDF renders at once in a process, and the seconds a request waits for one
        # before a 503 (web/renders.py)
        SHEET_RENDERS=2,
        SHEET_RENDER_WAIT=2.0,
        SHEET_RENDERS_APART=True,  # each render in a process of its own (reports.render_processes)
        # rendered sheets kept on disk for every process (reports/sheet_store.py): the folder
        # (None: instance/sheets), at most so many files and bytes
        SHEET_CACHE_FOLDER=None,
        SHEET_CACHE_FILES=500,
        SHEET_CACHE_BYTES=200 * 1024 * 1024,
        # pages of long games kept as rendered, per process (web/page_cache.py)
        PAGE_CACHE_BYTES=64 * 1024 * 1024,
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        # a form left open while the phone sleeps must still save: the token lives as
        # long as the session, not an hour
        WTF_CSRF_TIME_LIMIT=None,
        # the scorekeeper logs in once on their phone: a remembered login for a year;
        # cookies out of reach of scripts and of other sites' forms, and sent only over
        # HTTPS when the app is served so (SCOREKEEPER_HTTPS=1)
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        REMEMBER_COOKIE_HTTPONLY=True,
        REMEMBER_COOKIE_SAMESITE="Lax",
        REMEMBER_COOKIE_DURATION=timedelta(days=365),
        SESSION_COOKIE_SECURE=_https,
        # the session's cookie is sent only when the session changes: sent again with
        # every answer (Flask's default for a permanent session), a slow answer to a
        # request made before a change (a page's poll, the service worker's check) put
        # the older cookie back, and a phone that had just scanned the next round's
        # table code found its old, closed table's pass instead
        SESSION_REFRESH_EACH_REQUEST=False,
        REMEMBER_COOKIE_SECURE=_https,
        # seconds a write waits for another's lock (SQLite's busy timeout, PostgreSQL's
        # lock_timeout); past it the answer is 503 with Retry-After, not a long hang
        DATABASE_LOCK_TIMEOUT=LOCK_TIMEOUT,
        # answers compressed when the client asks (Flask-Compress): brotli, else gzip; the
        # pages, the API's JSON, the CSV downloads, the static files (streamed as they are
        # read); never a PDF (already compressed)
        COMPRESS_ALGORITHM=["br", "gzip"],
        COMPRESS_ALGORITHM_STREAMING=["br", "gzip"],
        COMPRESS_MIMETYPES=[*COMPRESSED_TYPES],
        # the address phones open the app at, for table cards, table codes and share
        # links (web/public_address.py); None: the address each page was asked at
        PUBLIC_ADDRESS=os.environ.get("SCOREKEEPER_PUBLIC_ADDRESS") or None,
        # anyone may make a club (and their account, its owner) at /clubs/new
        # (docs/hosting.md); off: clubs are made by `scorekeeper create-club`
        SELF_SERVICE_CLUBS=os.environ.get("SCOREKEEPER_SELF_SERVICE_CLUBS") == "1",
    )
    if test_config is None:
        private_folder(instance)  # 0700: the database, its key and its backups are secret
        app.config.from_pyfile("config.py", silent=True)
        if not app.config.get("SECRET_KEY"):
            app.config["SECRET_KEY"] = _secret_key(instance)
    else:
        app.config.update(test_config)

    from scorekeeper.web.public_address import SETTING, checked_setting

    app.config[SETTING] = checked_setting(app.config.get(SETTING))
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        # a connection the server dropped (PostgreSQL restarted) is replaced, not used
        app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {}).setdefault("pool_pre_ping", True)
    db.init_app(app)
    with app.app_context():
        _wait_for_locks(db.engine, float(app.config["DATABASE_LOCK_TIMEOUT"]))
        watch(db.engine)  # a full disk or a read-only database: reads go on (store/writable.py)
    migrate.init_app(app, db, directory=str(MIGRATIONS), render_as_batch=True)
    csrf.init_app(app)
    compress.init_app(app)
    app.config.setdefault(
        "BABEL_TRANSLATION_DIRECTORIES", str(compile_catalogs(instance / "translations"))
    )
    babel.init_app(app, locale_selector=select_locale)

    # the club nights' tables join the models' metadata (store/club_models.py)
    import scorekeeper.store.club_models  # noqa: F401
    from scorekeeper.web import register

    register(app)
    return app


def _secret_key(instance: Path) -> str:
    """The session key, made on first start and kept in the instance folder.

    Several workers may start at once (gunicorn): the key is written aside and
    linked into place, which only the first can do, so they all read the same key.
    """
    import secrets

    from scorekeeper.store.files import PRIVATE_FILE, narrowed, write_private

    path = instance / "secret_key"
    if not path.exists():
        aside = instance / f"secret_key.{os.getpid()}.{secrets.token_hex(4)}"
        write_private(aside, secrets.token_hex(32).encode("ascii"))
        try:
            os.link(aside, path)
        except FileExistsError:
            pass  # another worker's key is in place
        finally:
            aside.unlink()
    narrowed(path, PRIVATE_FILE)
    return path.read_text(encoding="utf-8").strip()


LOCK_TIMEOUT = 10.0  # seconds a write waits for another to finish (DATABASE_LOCK_TIMEOUT)
COMPRESSED_TYPES = (
    "text/html",
    "text/css",
    "text/plain",
    "text/csv",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
)


def _wait_for_locks(engine: Engine, seconds: float) -> None:
    """Every connection of ``engine`` waits at most ``seconds`` for a lock another
    transaction holds (SQLite: ``busy_timeout``; PostgreSQL: ``lock_timeout``, which
    the advisory locks of ``locks.serialize`` obey too); then the statement fails
    with a lock error, which the pages and the API answer with 503."""
    from sqlalchemy import event

    milliseconds = max(1, round(seconds * 1000))

    @event.listens_for(engine, "connect")
    def _lock_timeout(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        if engine.dialect.name == "sqlite":
            cursor.execute(f"PRAGMA busy_timeout={milliseconds}")
        elif engine.dialect.name == "postgresql":
            cursor.execute(f"SET lock_timeout = {milliseconds}")
            connection.commit()
        cursor.close()

"""The languages: which one a page speaks (the footer's choice, kept in a cookie, else
the browser's ``Accept-Language``, else English), and the catalogs compiled for them.

The catalogs are ``scorekeeper/translations/<lang>/LC_MESSAGES/messages.po``. They are
compiled when the app starts, into the instance folder, whenever a ``.po`` is newer
than its ``.mo``: a newcomer's clone, or a ``git pull`` with new translations, needs
no ``pybabel compile``.
"""

import atexit
import io
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask, has_app_context, request
from flask_babel import (
    Babel,
    force_locale,
    get_locale,
)

LANGUAGES = {"en": "English", "fr": "Français", "pl": "Polski", "nl": "Nederlands"}
DEFAULT = "en"
COOKIE = "lang"
CATALOGS = Path(__file__).resolve().parent.parent / "translations"


def compile_catalogs(target: Path) -> Path:
    """Each ``.po`` under ``CATALOGS`` compiled into ``target`` (when it is newer than
    what is there); ``target``, for ``BABEL_TRANSLATION_DIRECTORIES``."""
    for po in sorted(CATALOGS.glob("*/LC_MESSAGES/messages.po")):
        mo = target / po.relative_to(CATALOGS).with_suffix(".mo")
        written = po.stat()
        if mo.exists() and mo.stat().st_mtime >= written.st_mtime:
            continue
        mo.parent.mkdir(parents=True, exist_ok=True)
        aside = mo.with_name(f".{os.getpid()}.{mo.name}")  # workers may compile at once
        aside.write_bytes(_compiled(po, written.st_mtime_ns, written.st_size))
        os.replace(aside, mo)
    return target


@cache
def _compiled(po: Path, mtime_ns: int, size: int) -> bytes:
    """The ``.mo`` of ``po`` as it is now (its time and size name the version): read and
    compiled once a process, for every instance folder after the first (each test's)."""
    del mtime_ns, size  # the cache's key only
    with po.open("rb") as source:
        catalog = read_po(source)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    return compiled.getvalue()


def select_locale() -> str:
    """The footer's choice (cookie), else the browser's best, else English."""
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES, default=DEFAULT) or DEFAULT


def language() -> str:
    """The current language's code (``en`` outside a request)."""
    return str(get_locale() or DEFAULT) if has_app_context() else DEFAULT


@contextmanager
def in_language(code: str) -> Iterator[None]:
    """Everything inside speaks ``code`` (a sheet prints in its game's language, whoever
    asks for it); outside the app (``scorekeeper sheet``), a small app of its own holds
    the catalogs."""
    if not has_app_context():
        with _catalogs_app().app_context(), in_language(code):
            yield
        return
    with force_locale(code if code in LANGUAGES else DEFAULT):
        yield


@cache
def _catalogs_app() -> Flask:
    """An app with only the catalogs (compiled into a folder removed at exit)."""
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-catalogs-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    app = Flask(__name__)
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(compile_catalogs(folder))
    Babel(app)
    return app

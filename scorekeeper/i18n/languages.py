"""The languages: which one a page speaks (the footer's choice, kept in a cookie, else
the browser's ``Accept-Language``, else English), and the catalogs compiled for them.

The catalogs are ``scorekeeper/translations/<lang>/LC_MESSAGES/messages.po``. They are
compiled when the app starts, into the instance folder, whenever a ``.po`` is newer
than its ``.mo``: a newcomer's clone, or a ``git pull`` with new translations, needs
no ``pybabel compile``.
"""

import atexit
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
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as source:
            catalog = read_po(source)
        aside = mo.with_name(f".{os.getpid()}.{mo.name}")  # workers may compile at once
        with aside.open("wb") as compiled:
            write_mo(compiled, catalog)
        os.replace(aside, mo)
    return target


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

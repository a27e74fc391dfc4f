"""The app in English, French, Polish and Dutch.

The catalogs are ``scorekeeper/translations/<lang>/LC_MESSAGES/messages.po``
(the game's words as the French, Polish and Dutch rulebooks write them). They are compiled
when the app starts, into the instance folder, whenever a ``.po`` is newer than
its ``.mo``: a newcomer's clone, or a ``git pull`` with new translations, needs
no ``pybabel compile``. The language is the one chosen in the page footer
(remembered in a cookie), else the best the browser's ``Accept-Language`` asks
for, else English.

The engine's refusals are translated from their code and values: the English
template for the code is the message id, and the values are filled in after
(``engine_message``), so a sentence is never translated from its filled-in form.
"""

from __future__ import annotations

import os
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import request
from flask_babel import gettext

from .engine.errors import MESSAGES, PinochleError

LANGUAGES = {"en": "English", "fr": "Français", "pl": "Polski", "nl": "Nederlands"}
DEFAULT = "en"
COOKIE = "lang"
CATALOGS = Path(__file__).resolve().parent / "translations"


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


def engine_message(error: PinochleError) -> str:
    """The engine's sentence for ``error`` in the page's language, from its code and
    values (the English template is the message id)."""
    template = MESSAGES.get(error.code)
    if template is None:
        return str(error)
    try:
        return gettext(template).format(**error.values)
    except (KeyError, IndexError, ValueError):  # a translation that lost a value
        return str(error)


# --- the catalogs' template (``make translations``; a test checks every catalog has it all)

ROOT = Path(__file__).resolve().parent.parent
GAME_WORDS_COMMENT = "a word of the game: the rulebooks' own word where they have one"


def template_catalog() -> Catalog:
    """Every message the app shows: the pages' and the code's (``babel.cfg``), the
    engine's sentences by their English templates, and the game's words."""
    from babel.messages.extract import extract_from_dir

    from .engine.cards import Suit
    from .engine.names import MELD_NAMES, display_name

    catalog = Catalog(project="scorekeeper", fuzzy=False)
    methods = [("scorekeeper/**.py", "python"), ("templates/**.html", "jinja2")]
    keywords = {"_": None, "gettext": None, "_l": None, "lazy_gettext": None}
    for filename, line, message, comments, _context in extract_from_dir(
        str(ROOT), method_map=methods, keywords=keywords
    ):
        catalog.add(message, locations=[(filename, line)], auto_comments=comments)
    for code, template in MESSAGES.items():
        catalog.add(template, locations=[(f"scorekeeper/engine/errors.py:{code}", 0)])
    words = [display_name(name) for name in MELD_NAMES] + [suit.word for suit in Suit]
    for word in [*words, *GAME_WORDS]:
        if word not in catalog:
            catalog.add(word, auto_comments=[GAME_WORDS_COMMENT])
    return catalog


GAME_WORDS = (
    "ace", "ten", "king", "queen", "jack", "nine",
    "made", "set", "thrown in", "passed out", "scored",
    "trump", "dealer", "bidder", "bid", "meld", "counters", "chips",
)  # fmt: skip

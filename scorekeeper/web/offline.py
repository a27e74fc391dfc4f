"""Offline at the table (issue 15): the manifest, the service worker and its page.

The service worker (``static/js/sw.js``, served at ``/sw.js`` so its scope is the
whole app) keeps the pages of a game the person opened, by version: ``VERSION`` is
a hash of the static files, so a deploy that changes one replaces the cache. The
offline queue of hands (``static/js/offline.js``) sends what was typed to the
form's endpoint; the engine on the server decides every score.

What the script says is rendered here, through gettext, into the page's
``data-offline`` attribute (``strings``): a page's script never holds a sentence.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from flask import Blueprint, Response, current_app, jsonify, render_template, request, url_for
from flask_babel import get_locale, ngettext
from flask_babel import gettext as _
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from scorekeeper.paths import ROOT

bp = Blueprint("offline", __name__)

STATIC = ROOT / "static"
THEME = "#1f6f4a"  # icon.svg's green, the app's --accent
BACKGROUND = "#f6f4ef"  # app.css's --bg
N = "{n}"  # where the script puts a number into a sentence


def static_version(folder: Path = STATIC) -> str:
    """A hash of every file in ``folder`` (names and bytes): the service worker's version."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


_deployed = cache(static_version)  # the files do not change while the app runs


QUEUE = 'importScripts("/static/js/queue.js");'  # sw.js's line that the queue replaces


def worker_source(folder: Path = STATIC) -> str:
    """``sw.js`` with the queue it uses (``queue.js``) written in where it imports it: one
    file for a first visit to fetch, each line without its indentation and without the
    lines that are only a comment (the scoreboard's bytes are budgeted:
    tests/web/test_budgets.py). The files themselves stay readable."""
    source = (folder / "js" / "sw.js").read_text(encoding="utf-8")
    queue = (folder / "js" / "queue.js").read_text(encoding="utf-8")
    lines = (line.strip() for line in source.replace(QUEUE, queue, 1).splitlines())
    return "\n".join(line for line in lines if line and not _comment(line)) + "\n"


def _comment(line: str) -> bool:
    return line.startswith("//") or (line.startswith("/*") and line.endswith("*/"))


@bp.route("/sw.js")
def service_worker() -> Response:
    """The service worker, its version written in; never cached by the browser itself,
    so a deploy is seen at the next visit."""
    version = static_version() if current_app.debug else _deployed()
    body = worker_source().replace('"dev"', f'"{version}"', 1)
    return Response(
        body,
        content_type="text/javascript; charset=utf-8",
        headers={"Cache-Control": "no-cache"},
    )


@bp.route("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest: installable, standalone, opening on the list of games."""
    answer = jsonify(
        {
            "name": _("Pinochle scorekeeper"),
            "short_name": _("Scorekeeper"),
            "start_url": url_for("games.index"),
            "scope": url_for("games.index"),  # the club's addresses
            "display": "standalone",
            "theme_color": THEME,
            "background_color": BACKGROUND,
            "icons": [
                *(
                    {
                        "src": url_for("static", filename=f"icons/icon-{size}.png"),
                        "sizes": f"{size}x{size}",
                        "type": "image/png",
                    }
                    for size in (192, 512)
                ),
                {
                    "src": url_for("static", filename="icon.svg"),
                    "sizes": "any",
                    "type": "image/svg+xml",
                },
            ],
        }
    )
    answer.content_type = "application/manifest+json"
    return answer


@bp.route("/offline")
def needs_connection() -> str:
    """What the service worker shows for a page it does not keep, with no connection."""
    return render_template("offline.html")


def plural(sentence: Callable[[int], str]) -> dict[str, str]:
    """A plural sentence (``sentence(n)``, an ``ngettext``) for the script, by CLDR
    category as ``Intl.PluralRules`` names them: in English
    ``{"one": "{n} hand waiting", "other": "{n} hands waiting"}``."""
    locale = Locale.parse(str(get_locale()))
    forms: dict[str, str] = {}
    for number in (*range(0, 30), 100, 1_000_000):
        category = locale.plural_form(number)
        if category not in forms:
            forms[category] = sentence(number).replace(str(number), N)
    return forms


# the sentences each kind of page needs (the scoreboard's bytes are budgeted)
LISTS = ("waiting", "look", "row", "hand", "again", "discard", "discarding", "same", "login")
BOARD = ("since", "off", *LISTS, "record", "dealer")
PAGES = {
    "board": BOARD,
    "form": (*BOARD, "saved", "save", "hints", "verdict", "before", "refused"),
    "view": ("since", "off"),  # a viewer's scoreboard: kept, and no hand to record
    "over": ("since", "off", *LISTS),  # a finished game's: hands kept here still listed
    "meld": ("since", "off", "verdict"),
    "list": ("since", "off", "ask", *LISTS),
}


def strings(page: str) -> Markup:
    """The sentences the offline scripts show on ``page`` (``PAGES``), in its language,
    and where the scripts are: JSON safe in a single-quoted attribute (no space to spare:
    the scoreboard's bytes are budgeted)."""
    values = {
        "lang": str(get_locale()),
        "sw": url_for("offline.service_worker"),
        "root": request.script_root,  # the club's /c/<slug>, or "" for the default club's
        "js": url_for("static", filename="js/"),
        **{name: sentence for name, sentence in sentences().items() if name in PAGES[page]},
    }
    return htmlsafe_json_dumps(values, separators=(",", ":"))


def sentences() -> dict[str, Any]:
    """Every sentence the offline scripts show, in the page's language."""
    return {
        "since": _("Offline: this page as it was at %(time)s.", time="{time}"),
        "off": _("Offline: a hand saved now is kept on this phone."),
        "hand": _("Hand %(number)s", number=N),
        "discard": _("Discard"),
        "discarding": _("Discard hand %(number)s? Tap again to discard it.", number=N),
        "same": _("It is a new hand: send it"),
        "saved": plural(_saved),
        "waiting": _("Waiting on this phone"),
        "look": _("Needs a look"),
        "row": _("Hand %(number)s (waiting)", number=N),
        "save": _("Save hand %(number)s", number=N),
        "record": _("Record hand %(number)s", number=N),
        "again": _("Enter it again"),
        "before": _("The hand before it needs a look first: this one was not sent."),
        "refused": _(
            "The server refused this hand (HTTP %(status)s): check that the game is still"
            " there and that your role may record hands.",
            status="{status}",
        ),
        "dealer": _("The dealer is shown once the hands waiting are sent."),
        "hints": _("The hints need a connection; Save keeps the hand on this phone."),
        "verdict": _("The meld checker's verdict needs a connection."),
        "login": _("Log in again to send the hands waiting."),
        "ask": plural(_ask),
    }


def _saved(n: int) -> str:
    return ngettext(
        "Saved on this phone; it is sent when the connection is back (%(num)s hand waiting)",
        "Saved on this phone; it is sent when the connection is back (%(num)s hands waiting)",
        n,
    )


def _ask(n: int) -> str:
    return ngettext(
        "%(num)s hand waits on this phone, not sent yet: tap again to log out and lose it.",
        "%(num)s hands wait on this phone, not sent yet: tap again to log out and lose them.",
        n,
    )


def install(app: Any) -> None:
    """The blueprint, and ``offline_strings`` for the templates."""
    app.register_blueprint(bp)
    app.jinja_env.globals["offline_strings"] = strings

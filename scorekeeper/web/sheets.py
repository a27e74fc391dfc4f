"""Score sheets: a game's sheet as PDF and as a print view, and blank sheets."""

from __future__ import annotations

import hashlib
import logging
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.club.confirm import corrections
from scorekeeper.club.events import table_of_game
from scorekeeper.engine.errors import PinochleError, RuleError
from scorekeeper.engine.game import Game as EngineGame
from scorekeeper.engine.presets import PRESETS
from scorekeeper.extensions import db
from scorekeeper.games.stored import change_stamp, engine_game
from scorekeeper.i18n.languages import LANGUAGES
from scorekeeper.i18n.languages import language as page_language
from scorekeeper.i18n.refusals import engine_message
from scorekeeper.reports import pdf
from scorekeeper.reports.sheet_store import SheetStore
from scorekeeper.store.models import Game
from scorekeeper.web import page_cache
from scorekeeper.web.forms import game_or_404, int_arg
from scorekeeper.web.renders import render_slot

bp = Blueprint("sheets", __name__)
log = logging.getLogger(__name__)

CHUNK = 256 * 1024  # bytes of a stored sheet read at a time
SHEET_VERSION = "4"  # part of every ETag and file name: a new layout is a new sheet


def _paper() -> str:
    paper = request.args.get("paper") or current_app.config.get("SHEET_PAPER", "a4")
    if paper not in pdf.PAPERS:
        abort(400, _("Paper is a4 or letter."))
    return str(paper)


def _store() -> SheetStore:
    """The folder of rendered sheets every process of this instance shares."""
    config = current_app.config
    folder = config["SHEET_CACHE_FOLDER"] or Path(current_app.instance_path) / "sheets"
    return SheetStore(Path(folder), config["SHEET_CACHE_FILES"], config["SHEET_CACHE_BYTES"])


def stored_sheet(stamp: str, filename: str, render: Callable[[], bytes]) -> BaseResponse:
    """The sheet ``stamp`` names: 304 when the browser has it, else the stored file,
    else rendered (holding a render slot: 503 when none is free) and stored. Every PDF
    that takes more than a moment comes through here: a game's score sheet, a blank
    one, and a club night's prints (``web.events``, ``web.event_prints``)."""
    etag = hashlib.sha256(stamp.encode()).hexdigest()[:32]
    if etag in request.if_none_match:
        return Response(status=304, headers={"ETag": f'"{etag}"'})
    store = _store()
    stored = store.open(etag)
    if stored is None:
        with render_slot():
            stored = store.open(etag)  # made meanwhile by another request
            if stored is None:
                body = render()
                try:
                    store.put(etag, body)
                except OSError as exc:
                    log.warning("score sheet not stored in %s: %s", store.folder, exc)
                stored = store.open(etag)
                if stored is None:  # not stored, or larger than the whole store
                    return _pdf_response(body, filename, etag)
    return _stream(stored, filename, etag)


def _stream(stored: BinaryIO, filename: str, etag: str) -> BaseResponse:
    """A stored sheet, read in chunks as it is sent (closed at the end, or when the
    answer is dropped halfway)."""
    size = os.fstat(stored.fileno()).st_size

    def chunks() -> Iterator[bytes]:
        with stored:
            while chunk := stored.read(CHUNK):
                yield chunk

    response = Response(chunks(), mimetype="application/pdf", direct_passthrough=True)
    response.content_length = size
    return _headers(response, filename, etag)


def _headers(response: BaseResponse, filename: str, etag: str) -> BaseResponse:
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"  # ask again, answered 304 while unchanged
    return response


def _pdf_response(body: bytes, filename: str, etag: str) -> BaseResponse:
    return _headers(Response(body, mimetype="application/pdf"), filename, etag)


def _game_row_or_404(game_id: int) -> Game:
    """The game's own row, none of its hands: enough for the stamp, the language and the
    file name, whatever the game's length."""
    game = db.session.get(Game, game_id) if 0 < game_id < 2**31 else None
    if game is None:
        abort(404)
    return game


def _whole_game(game: Game) -> EngineGame:
    """The game with its hands, for a render (loaded afresh, in a few queries)."""
    game_id = game.id
    db.session.expunge(game)
    return engine_game(game_or_404(game_id))


@bp.route("/games/<int:game_id>/sheet.pdf")
def game_pdf(game_id: int) -> BaseResponse:
    game = _game_row_or_404(game_id)
    paper, language = _paper(), game.language
    stamp = f"{SHEET_VERSION}.{change_stamp(game)}.{paper}.{language}"
    filename = f"pinochle-{game.id}-{game.played_on.isoformat()}.pdf"
    place = table_of_game(game_id)
    marks = corrections(game_id)
    return stored_sheet(
        stamp,
        filename,
        lambda: pdf.game_sheet_pdf(_whole_game(game), paper, language, place, marks),
    )


@bp.route("/games/<int:game_id>/sheet")
def game_print(game_id: int) -> BaseResponse:
    """The sheet to print from the phone: made once per change of the game (its change
    stamp, the paper, the language), kept (``page_cache``) and answered 304 meanwhile."""
    game = _game_row_or_404(game_id)
    paper = _paper()
    stamp = f"{SHEET_VERSION}.{change_stamp(game)}.{paper}.{game.language}"
    etag = page_cache.etag_of("print", game.key, stamp)
    if page_cache.unchanged(etag):
        return page_cache.not_modified(etag)

    def made() -> tuple[page_cache.Page, int]:
        links = _screen_links(
            url_for("games.show", game_id=game_id),
            url_for("sheets.game_pdf", game_id=game_id, paper=paper),
        )
        language = game.language
        place = table_of_game(game_id)
        marks = corrections(game_id)
        html = pdf.game_sheet_html(_whole_game(game), paper, language, links, place, marks)
        return page_cache.Page(html), 2 * len(html)

    page = page_cache.page_cache().kept(("print", game_id, etag), made)
    return page_cache.page_response(page, etag)


def _screen_links(back: str, pdf_address: str) -> pdf.ScreenLinks:
    return pdf.ScreenLinks(back, pdf_address, url_for("static", filename="js/print.js"))


def _language() -> str:
    """The blank sheet's language: the one chosen, else the page's."""
    code = request.args.get("lang") or page_language()
    if code not in LANGUAGES:
        abort(400, _("The language is one of %(codes)s.", codes=", ".join(LANGUAGES)))
    return code


def _blank_arguments() -> tuple[str, int]:
    name = request.args.get("ruleset", "partnership")
    if name not in PRESETS:
        error = RuleError("ruleset_unknown", ruleset=name, expected=", ".join(PRESETS))
        abort(400, engine_message(error))
    return name, int_arg("hands", pdf.DEFAULT_BLANK_HANDS, 1, pdf.MAX_BLANK_HANDS, _("Hands"))


@bp.route("/sheets/blank.pdf")
def blank_pdf() -> BaseResponse:
    name, hands = _blank_arguments()
    paper, language = _paper(), _language()
    stamp = f"{SHEET_VERSION}.blank.{name}.{hands}.{paper}.{language}"
    return stored_sheet(
        stamp,
        f"pinochle-{name}-blank.pdf",
        lambda: pdf.blank_sheet_pdf(name, hands, paper, language),
    )


@bp.route("/sheets/blank")
def blank_print() -> str:
    name, hands = _blank_arguments()
    paper, language = _paper(), _language()
    query = {"ruleset": name, "hands": hands, "paper": paper, "lang": language}
    links = _screen_links(url_for("sheets.index"), url_for("sheets.blank_pdf", **query))
    return pdf.blank_sheet_html(name, hands, paper, language, links)


@bp.route("/sheets")
def index() -> str:
    return render_template("sheets/index.html", papers=list(pdf.PAPERS), most=pdf.MAX_BLANK_HANDS)


__all__ = ["PinochleError", "bp"]

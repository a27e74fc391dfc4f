"""Score sheets: a game's sheet as PDF and as a print view, and blank sheets."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable

from flask import Blueprint, Response, abort, current_app, render_template, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from .. import pdf, services
from ..engine.errors import PinochleError, RuleError
from ..engine.rules import PRESETS
from ..i18n import LANGUAGES, engine_message
from ..i18n import language as page_language
from .forms import game_or_404

bp = Blueprint("sheets", __name__)

SHEET_VERSION = "1"  # part of every ETag: a new layout is a new sheet
_CACHE: OrderedDict[str, bytes] = OrderedDict()
_CACHE_SIZE = 32


def _paper() -> str:
    paper = request.args.get("paper") or current_app.config.get("SHEET_PAPER", "a4")
    if paper not in pdf.PAPERS:
        abort(400, _("Paper is a4 or letter."))
    return str(paper)


def _pdf_response(body: bytes, filename: str, etag: str) -> Response:
    response = Response(body, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"  # ask again, answered 304 while unchanged
    return response


def _cached(key: str, render: Callable[[], bytes]) -> bytes:
    """The bytes of a sheet made once per change of its game (a few kept, newest last)."""
    body = _CACHE.get(key)
    if body is None:
        body = render()
        _CACHE[key] = body
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    return body


@bp.route("/games/<int:game_id>/sheet.pdf")
def game_pdf(game_id: int) -> BaseResponse:
    game = game_or_404(game_id)
    paper = _paper()
    stamp = f"{SHEET_VERSION}.{services.change_stamp(game)}.{paper}.{game.language}"
    etag = hashlib.sha256(stamp.encode()).hexdigest()[:32]
    if etag in request.if_none_match:
        return Response(status=304, headers={"ETag": f'"{etag}"'})
    body = _cached(
        stamp, lambda: pdf.game_sheet_pdf(services.engine_game(game), paper, game.language)
    )
    filename = f"pinochle-{game.id}-{game.played_on.isoformat()}.pdf"
    return _pdf_response(body, filename, etag)


@bp.route("/games/<int:game_id>/sheet")
def game_print(game_id: int) -> str:
    game = game_or_404(game_id)
    return pdf.game_sheet_html(services.engine_game(game), _paper(), game.language)


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
    hands = request.args.get("hands", str(pdf.DEFAULT_BLANK_HANDS))
    # digits checked (and a few of them) before int() reads them
    digits = hands.isascii() and hands.isdigit() and len(hands) <= 3
    if not digits or not 1 <= int(hands) <= pdf.MAX_BLANK_HANDS:
        abort(400, _("Hands is a number from 1 to %(most)s.", most=pdf.MAX_BLANK_HANDS))
    return name, int(hands)


@bp.route("/sheets/blank.pdf")
def blank_pdf() -> BaseResponse:
    name, hands = _blank_arguments()
    paper, language = _paper(), _language()
    stamp = f"{SHEET_VERSION}.blank.{name}.{hands}.{paper}.{language}"
    etag = hashlib.sha256(stamp.encode()).hexdigest()[:32]
    if etag in request.if_none_match:
        return Response(status=304, headers={"ETag": f'"{etag}"'})
    body = _cached(stamp, lambda: pdf.blank_sheet_pdf(name, hands, paper, language))
    return _pdf_response(body, f"pinochle-{name}-blank.pdf", etag)


@bp.route("/sheets/blank")
def blank_print() -> str:
    name, hands = _blank_arguments()
    return pdf.blank_sheet_html(name, hands, _paper(), _language())


@bp.route("/sheets")
def index() -> str:
    return render_template("sheets/index.html", papers=list(pdf.PAPERS), most=pdf.MAX_BLANK_HANDS)


__all__ = ["PinochleError", "bp"]

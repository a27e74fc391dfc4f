"""Share links: a game's live scoreboard, read-only, for the players' own phones.

``/s/TOKEN`` needs no account; it shows the scoreboard without any control that
changes it, and asks ``/s/TOKEN/changed`` every few seconds whether to reload
(a static script; without JavaScript the page refreshes itself). Revoking the
link stops both at once.
"""

from __future__ import annotations

import segno
from flask import Blueprint, abort, flash, jsonify, redirect, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from .. import accounts, services
from .forms import game_or_404

bp = Blueprint("share", __name__)

POLL_SECONDS = 4  # how often a shared page asks whether the game changed


def _shared_game_id(token: str) -> int:
    game_id = accounts.shared_game_id(token)
    if game_id is None:
        abort(404)
    return game_id


@bp.route("/s/<token>")
def view(token: str) -> ResponseReturnValue:
    from .games import scoreboard

    game = game_or_404(_shared_game_id(token))
    return scoreboard(game, shared_token=token)


@bp.route("/s/<token>/changed")
def changed(token: str) -> ResponseReturnValue:
    """The game's change stamp: the shared page reloads when it differs from its own."""
    response = jsonify(stamp=services.game_stamp(_shared_game_id(token)))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/games/<int:game_id>/share", methods=["POST"])
def create(game_id: int) -> BaseResponse:
    accounts.create_share_link(game_or_404(game_id).id)
    return redirect(url_for("games.show", game_id=game_id, _anchor="share"))


@bp.route("/games/<int:game_id>/share/revoke", methods=["POST"])
def revoke(game_id: int) -> BaseResponse:
    if accounts.revoke_share_link(game_or_404(game_id).id):
        flash(_("The share link was revoked: it no longer opens the game."), "ok")
    return redirect(url_for("games.show", game_id=game_id, _anchor="share"))


def share_panel(game_id: int) -> dict[str, str] | None:
    """The game's live link, as an address and a QR code (SVG), for the game page."""
    link = accounts.share_link(game_id)
    if link is None:
        return None
    address = url_for("share.view", token=link.token, _external=True)
    qr = segno.make(address, micro=False).svg_inline(scale=4, border=2, title=address)
    return {"address": address, "qr": qr}

"""Share links: a game's live scoreboard, read-only, for the players' own phones.

``/s/TOKEN`` needs no account; it shows the scoreboard without any control that
changes it, and asks ``/s/TOKEN/changed`` every few seconds whether to reload
(a static script; without JavaScript the page refreshes itself). Revoking the
link stops both at once.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, jsonify, redirect, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.accounts.links import (
    create_share_link,
    revoke_share_link,
    shared_game_id,
)
from scorekeeper.games.stored import game_stamp
from scorekeeper.web.forms import game_or_404
from scorekeeper.web.scoreboard import scoreboard

bp = Blueprint("share", __name__)


def _shared_game_id(token: str) -> int:
    game_id = shared_game_id(token)
    if game_id is None:
        abort(404)
    return game_id


@bp.route("/s/<token>")
def view(token: str) -> ResponseReturnValue:
    return scoreboard(_shared_game_id(token), shared_token=token)


@bp.route("/s/<token>/changed")
def changed(token: str) -> ResponseReturnValue:
    """The game's change stamp: the shared page reloads when it differs from its own."""
    response = jsonify(stamp=game_stamp(_shared_game_id(token)))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/games/<int:game_id>/share", methods=["POST"])
def create(game_id: int) -> BaseResponse:
    create_share_link(game_or_404(game_id).id)
    return redirect(url_for("games.show", game_id=game_id, _anchor="share"))


@bp.route("/games/<int:game_id>/share/revoke", methods=["POST"])
def revoke(game_id: int) -> BaseResponse:
    if revoke_share_link(game_or_404(game_id).id):
        flash(_("The share link was revoked: it no longer opens the game."), "ok")
    return redirect(url_for("games.show", game_id=game_id, _anchor="share"))

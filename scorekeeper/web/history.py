"""The way back from Undo and Delete: "Put hand N back".

After a hand is taken back (Undo, or Delete in the hand's form), the scoreboard
offers to put it back exactly as it was, from the game's history, until the next
change. The form sends the history entry and the game's version it was shown at,
so a put back from a page opened before another change is refused with a sentence.
"""

from __future__ import annotations

from flask import Blueprint, flash, redirect, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.club.confirm import LOCKED_CODES
from scorekeeper.engine.errors import PinochleError
from scorekeeper.games import hands as game_hands
from scorekeeper.games.hands import PutBackError
from scorekeeper.i18n.refusals import engine_message, translated
from scorekeeper.web.auth import requires
from scorekeeper.web.corrections import director_correction
from scorekeeper.web.forms import game_or_404, posted_int
from scorekeeper.web.scoreboard import refused_page

bp = Blueprint("history", __name__)


@bp.route("/games/<int:game_id>/put-back", methods=["POST"])
@requires("scorekeeper")
def put_back(game_id: int) -> tuple[str, int] | BaseResponse:
    """Put the hand taken back last back where it was."""
    game = game_or_404(game_id)
    edit_id = posted_int(request.form.get("edit")) or 0
    try:
        version = posted_int(request.form.get("version"))
        game_hands.put_back(game, edit_id, version, correction=director_correction())
    except PutBackError as error:
        flash(translated(error), "error")
    except PinochleError as error:
        if error.code in LOCKED_CODES:  # the sentence on the scoreboard, 400
            return refused_page(game.id, engine_message(error))
        flash(engine_message(error), "error")
    else:
        number = game.edits[-1].number
        flash(_("Hand %(number)s put back.", number=number), "ok")
    return redirect(url_for("games.show", game_id=game.id))

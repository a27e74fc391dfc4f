"""The scoreboard page, as the game's own page shows it and as a share link shows it
(read-only, asking every ``POLL_SECONDS`` whether the game changed), with the game's
live share link as an address and a QR code."""

from __future__ import annotations

import segno
from flask import render_template, url_for
from flask_babel import gettext as _

from scorekeeper.accounts.links import share_link
from scorekeeper.engine.errors import PinochleError
from scorekeeper.games.hands import put_back_offer
from scorekeeper.games.stored import game_stamp, hand_document, replay_game, rules_of
from scorekeeper.i18n.refusals import engine_message
from scorekeeper.store.models import Game
from scorekeeper.web.auth import can

POLL_SECONDS = 4  # how often a shared page asks whether the game changed


def scoreboard(game: Game, shared_token: str | None = None) -> str | tuple[str, int]:
    """The scoreboard; through a share link (``shared_token``) it changes nothing."""
    documents = [hand_document(hand) for hand in game.hands]
    try:
        result = replay_game(game, documents)
    except PinochleError as error:  # a stored game the rules no longer accept
        message = _("This game cannot be replayed: %(reason)s", reason=engine_message(error))
        return render_template("error.html", title=_("Game"), message=message, status=409), 409
    writable = shared_token is None and can("scorekeeper")
    return render_template(
        "games/show.html",
        rules=rules_of(game),
        game=game,
        result=result,
        documents=documents,
        writable=writable,
        shared_token=shared_token,
        stamp=game_stamp(game.id) if shared_token else None,
        poll_seconds=POLL_SECONDS,
        share=share_panel(game.id) if writable else None,
        put_back=put_back_offer(game) if writable else None,
    )


def share_panel(game_id: int) -> dict[str, str] | None:
    """The game's live link, as an address and a QR code (SVG), for the game page."""
    link = share_link(game_id)
    if link is None:
        return None
    address = url_for("share.view", token=link.token, _external=True)
    qr = segno.make(address, micro=False).svg_inline(scale=4, border=2, title=address)
    return {"address": address, "qr": qr}

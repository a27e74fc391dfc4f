"""The scoreboard page, as the game's own page shows it and as a share link shows it
(read-only, asking every ``POLL_SECONDS`` whether the game changed), with the game's
live share link as an address and a QR code.

A long game costs its replay and its table of hands once per change, not once per
reader (``page_cache``): the hands and the history are kept as rendered, by the game's
change stamp, the language and whether the reader may change the game; the share
link's page is kept whole. Every answer carries a weak ETag, and a reader sending it
back while nothing changed gets 304 after one query for the stamp.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import segno
from flask import abort, make_response, render_template, request, session
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_login import current_user
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from scorekeeper.accounts.links import share_link
from scorekeeper.accounts.users import may
from scorekeeper.club.confirm import Confirmer, confirmation, locked
from scorekeeper.club.events import TablePlace, table_of_game
from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.scoring import GameResult
from scorekeeper.games.hands import put_back_offer
from scorekeeper.games.stored import (
    GameHead,
    game_head,
    game_row,
    get_game,
    hand_document,
    replay_game,
    rules_of,
)
from scorekeeper.i18n.explained import hand_reasons
from scorekeeper.i18n.refusals import engine_message
from scorekeeper.web import page_cache, table_pass
from scorekeeper.web.auth import can, current_role
from scorekeeper.web.public_address import public_url

POLL_SECONDS = 4  # how often a shared page asks whether the game changed
LAYOUT = "3"  # part of every key and ETag: a new layout is a new page
ROW_BYTES = 400  # what a kept hand's replay weighs beside its HTML, about


@dataclass(frozen=True)
class Board:
    """What a change of the game changes on its page: the replay, the table of hands
    and the history, rendered; the delete or undo that can be put back."""

    result: GameResult
    hands_html: Markup
    history_html: Markup
    put_back: Any  # (a HandEdit's id and number) or None

    def size(self) -> int:
        return len(self.hands_html) + len(self.history_html) + ROW_BYTES * len(self.result.hands)


@dataclass(frozen=True)
class Offer:
    id: int
    number: int


class NoReplayError(Exception):
    """A stored game the rules no longer accept."""

    def __init__(self, error: PinochleError) -> None:
        super().__init__(str(error))
        self.error = error


def scoreboard(game_id: int, shared_token: str | None = None) -> ResponseReturnValue:
    """The scoreboard; through a share link (``shared_token``) it changes nothing."""
    head = game_head(game_id)
    if head is None:
        abort(404)
    writable = shared_token is None and can("scorekeeper")  # a table's code too
    # sharing is an account's: a table's code records, never hands out links
    link = share_link(game_id) if writable and may(current_role(), "scorekeeper") else None
    why = _why_arg()  # ?hand=N: that hand's points explained (a page of its own, not kept)
    kept = not session.get("_flashes") and why is None
    # a club night's table: its round's clock says a new minute without a new hand
    place = table_of_game(game_id)
    etag = _etag(head, writable, shared_token, link, place) if kept else None
    if etag is not None and page_cache.unchanged(etag):
        return page_cache.not_modified(etag)
    try:
        if shared_token is not None and etag is not None:  # nothing of its reader: kept whole
            key = ("shared", head, _language(), current_role(), LAYOUT, place)
            page = page_cache.page_cache().kept(key, lambda: _whole(head, shared_token, place))
            return page_cache.page_response(page, etag)
        html = _page(head, writable, shared_token, link, place, why)
    except NoReplayError as refused:
        reason = engine_message(refused.error)
        message = _("This game cannot be replayed: %(reason)s", reason=reason)
        return render_template("error.html", title=_("Game"), message=message, status=409), 409
    response = make_response(html)
    return page_cache.with_etag(response, etag) if etag is not None else response


def _whole(head: GameHead, token: str, place: TablePlace | None) -> tuple[page_cache.Page, int]:
    html = _page(head, False, token, None, place)
    return page_cache.Page(html), 2 * len(html)


def _why_arg() -> int | None:
    """The hand ``?hand=N`` asks to explain (None: none, or not a hand number)."""
    text = request.args.get("hand", "")
    return int(text) if text.isascii() and text.isdigit() and len(text) < 7 else None


def refused_page(game_id: int, sentence: str, confirming: bool = False) -> tuple[str, int]:
    """The scoreboard with ``sentence`` where the tap was (the confirm box when
    ``confirming``, else above the scoreboard's actions), status 400 (never kept)."""
    head = game_head(game_id)
    if head is None:
        abort(404)
    writable = can("scorekeeper")  # a table's code too
    link = share_link(game_id) if writable and may(current_role(), "scorekeeper") else None
    refusal = (sentence, confirming)
    return _page(head, writable, None, link, table_of_game(game_id), refusal=refusal), 400


def _page(
    head: GameHead,
    writable: bool,
    token: str | None,
    link: Any,
    place: TablePlace | None,
    why: int | None = None,
    refusal: tuple[str, bool] | None = None,
) -> str:
    game = game_row(head.id)
    if game is None:  # deleted since the head was read
        abort(404)
    board = _board(head, writable)
    hands = len(board.result.hands)
    reasons = hand_reasons(board.result, why - 1) if why and why <= hands else None
    return render_template(
        "games/show.html",
        rules=rules_of(game),
        game=game,
        result=board.result,
        board=board,
        writable=writable,
        # what an account may besides recording: share, the sheet's language, a rematch
        account_writer=writable and may(current_role(), "scorekeeper"),
        shared_token=token,
        stamp=head.stamp if token else None,
        # a club table's phones follow it (static/js/follow.js): the stamp it was made at
        # (not a refusal's page: its address is the form's, and it is answered once)
        follow_stamp=table_stamp(head.stamp, place) if writable and place and not refusal else None,
        poll_seconds=POLL_SECONDS,
        share=share_panel(link) if writable and may(current_role(), "scorekeeper") else None,
        put_back=board.put_back if writable else None,
        why=reasons,
        place=place,
        confirm=confirmation(game, confirmer(game.id) if writable else None)
        if token is None
        else None,
        lock=locked(game) if writable else None,
        confirm_refusal=refusal[0] if refusal and refusal[1] else None,
        refusal=refusal[0] if refusal and not refusal[1] else None,
    )


def table_stamp(game: str, place: TablePlace) -> str:
    """A club table's scoreboard changes with its game (a hand, a confirmation) and its
    round (time called, closed): both, as ``games.stamp`` answers (not the whole
    night's: a hand at another table changes nothing here)."""
    return f"{game}.{int(place.time_called)}{int(place.closed)}"


def confirmer(game_id: int) -> Confirmer | None:
    """Who may confirm a club table's totals on this phone (``club.confirm``): the
    director (a scorekeeper's or the owner's account), or the player a table code's
    phone said it is, at the table it opens; None for anyone else."""
    if may(current_role(), "scorekeeper"):
        name = current_user.name if current_user.is_authenticated else str(current_role())
        return Confirmer(director=str(name))
    at = table_pass.held()
    if at is None or at.game_id != game_id:
        return None
    return Confirmer(entrant=table_pass.player_at(game_id))


def _board(head: GameHead, writable: bool) -> Board:
    key = ("board", head, _language(), writable, LAYOUT)
    board: Board = page_cache.page_cache().kept(key, lambda: _made_board(head.id, writable))
    return board


def _made_board(game_id: int, writable: bool) -> tuple[Board, int]:
    """The game read whole (in a few queries), replayed and its hands rendered."""
    game = get_game(game_id, fresh=True)
    assert game is not None
    documents = [hand_document(hand) for hand in game.hands]
    try:
        result = replay_game(game, documents)
    except PinochleError as error:
        raise NoReplayError(error) from None
    rules = rules_of(game)
    hands = render_template(
        "games/_hands.html",
        game=game,
        rules=rules,
        result=result,
        documents=documents,
        writable=writable,
    )
    history = render_template("games/_history.html", edits=game.edits)
    offer = put_back_offer(game)
    board = Board(
        result,
        Markup(hands if result.hands else ""),
        Markup(history),
        Offer(offer.id, offer.number) if offer is not None else None,
    )
    return board, board.size()


def _etag(
    head: GameHead, writable: bool, token: str | None, link: Any, place: TablePlace | None
) -> str:
    """What the page shows depends on: the game and its change, the language, who reads
    (the role; the session's CSRF token in its forms; who may confirm on this phone), the
    share link, the layout, and a club night table's place (its round's time called,
    closed, and clock)."""
    return page_cache.etag_of(
        LAYOUT,
        place,
        head,
        confirmer(head.id) if writable and place is not None else None,
        _language(),
        current_role(),
        writable,
        token,
        link.token if link is not None else None,
        _csrf_secret() if writable else None,
    )


def _csrf_secret() -> str:
    """The session's CSRF secret, which the page's forms carry (made now if missing,
    as the page would make it)."""
    generate_csrf()
    return str(session.get("csrf_token", ""))


def _language() -> str:
    return str(get_locale())


def share_panel(link: Any) -> dict[str, str] | None:
    """The game's live link, as an address and a QR code (SVG), for the game page."""
    if link is None:
        return None
    address = public_url("share.view", token=link.token)
    # a viewBox and no size of its own: the drawing fills its box, centred, at any width
    code = segno.make(address, micro=False)
    qr = code.svg_inline(scale=4, border=2, title=address, omitsize=True)
    return {"address": address, "qr": qr}

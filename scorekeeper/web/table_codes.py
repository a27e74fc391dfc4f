"""A table's code scanned (docs/club-nights.md, "Table codes"): ``/t/CODE`` names one
table of a round. The phone says once who it is (one tap on a name seated there) and
then records that table's game with no account until the round closes; a phone whose
player sits at another table this round is told so before it records here. A director's
phone (a scorekeeper's or the owner's account) goes straight to the game."""

from __future__ import annotations

from typing import Any

import segno
from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.club.events import get_event
from scorekeeper.club.table_codes import (
    TableAtCode,
    past_table,
    table_code,
    where_now,
    where_plays,
)
from scorekeeper.engine.errors import GameError
from scorekeeper.games.stored import get_game, replay_game
from scorekeeper.i18n.refusals import engine_message
from scorekeeper.web import table_pass
from scorekeeper.web.auth import can, requires
from scorekeeper.web.public_address import public_url, unreachable

bp = Blueprint("tables", __name__)


@bp.route("/t/<code>")
def scan(code: str) -> str | BaseResponse | tuple[str, int]:
    """The table's page: straight to the game for a phone that said it sits here (or a
    director's), a warning for one whose player sits elsewhere, else "who are you?"."""
    try:
        at = table_pass.read(code[:40])
    except GameError as refusal:
        return _refused(engine_message(refusal), code[:40])
    player = table_pass.player_of(at.event_id)
    elsewhere = None if player is None else where_plays(at, player)
    if player is not None and elsewhere is None and _seated(at, player):
        return _to_the_game(at)
    if player is None and can("scorekeeper"):  # the director: every table is theirs
        return redirect(url_for("games.show", game_id=at.game_id))
    return render_template("events/table.html", at=at, elsewhere=elsewhere, player=player)


@bp.route("/t/<code>", methods=["POST"])
def choose(code: str) -> str | BaseResponse | tuple[str, int]:
    """A name tapped: seated here, the phone records here from now on; seated elsewhere,
    it is warned first, unless it chose to keep score here anyway."""
    try:
        at = table_pass.read(code[:40])
    except GameError as refusal:
        return _refused(engine_message(refusal))
    chosen = request.form.get("entrant", "")
    entrant = int(chosen) if chosen.isascii() and chosen.isdigit() and len(chosen) < 10 else None
    if entrant is not None and _seated(at, entrant):
        table_pass.remember_player(at, entrant)
        return _to_the_game(at)
    elsewhere = None if entrant is None else where_plays(at, entrant)
    if elsewhere is None:  # not an entrant of this night
        sentence = _("Tap one of the names seated at table %(table)s.", table=at.table)
        return render_template("events/table.html", at=at, refused=sentence), 400
    if request.form.get("anyway"):
        table_pass.remember_player(at, entrant)  # type: ignore[arg-type]
        return _to_the_game(at)
    return render_template("events/table.html", at=at, elsewhere=elsewhere, player=entrant)


@bp.route("/events/<int:event_id>/rounds/<int:number>/tables/<int:table>/code")
@requires("scorekeeper")
def show_code(event_id: int, number: int, table: int) -> tuple[str, int]:
    """A table's code large on the director's screen, for a phone without the card."""
    event = get_event(event_id)
    if event is None or not 1 <= number <= len(event.rounds):
        abort(404)
    tables = event.rounds[number - 1].tables
    if not 1 <= table <= len(tables) or tables[table - 1].game_id is None:
        abort(404)
    stored = tables[table - 1]
    code = table_code(stored.id, stored.game_id or 0, event.key, table_pass.secret())
    address = public_url("tables.scan", code=code)
    nowhere = unreachable()  # a code only this machine could open: none shown
    try:
        table_pass.read(code)
        expired = nowhere
    except GameError as refusal:  # its round closed, or its night over
        expired = engine_message(refusal)
    qr = segno.make(address, micro=False).svg_inline(scale=8, border=2, omitsize=True)
    page = render_template(
        "events/table_code.html",
        event=event,
        number=number,
        table=table,
        expired=expired,
        address=address,
        qr=qr,
    )
    return page, 400 if nowhere is not None and expired == nowhere else 200


def _seated(at: TableAtCode, entrant: int) -> bool:
    return any(seated.entrant == entrant for seated in at.seats)


def _to_the_game(at: TableAtCode) -> BaseResponse:
    table_pass.give(at)
    return redirect(url_for("games.show", game_id=at.game_id))


def _refused(sentence: str, code: str | None = None) -> tuple[str, int]:
    """The refusal of a code; an expired card scanned by a phone that was at that night
    also says where its player sits now (the table's number, never its code: one card
    does not lead to another) and the card's own game as it ended."""
    past = None if code is None else past_table(code, table_pass.secret())
    player = None if past is None else table_pass.player_of(past.event_id)
    # this card's own phone: it held the card's pass, or its player sat at that table
    was_here = past is not None and (
        table_pass.held_code() == code or any(seat.entrant == player for seat in past.seats)
    )
    page = render_template(
        "events/table.html",
        at=None,
        refused=sentence,
        now=None if past is None or player is None else where_now(past.event_id, player),
        old=_as_it_ended(past) if past is not None and was_here else None,
    )
    return page, 400


def _as_it_ended(past: TableAtCode) -> dict[str, Any] | None:
    """The card's game as it stands: its table, round, sides with their totals, hands."""
    game = get_game(past.game_id)
    if game is None:
        return None
    result = replay_game(game)
    sides = [(side.name, total) for side, total in zip(game.sides, result.totals, strict=True)]
    return {"table": past.table, "round": past.round, "sides": sides, "hands": len(game.hands)}

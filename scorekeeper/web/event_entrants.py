"""Who plays a club night, changed between rounds from the event's page
(docs/club-nights.md): a late arrival, asked about when the name looks like a player of
the club's ("Is this Hal Brandt?"); a withdrawal, asked first and undone until the round
it starts from is seated; an entrant entered by mistake, removed outright once asked.
Each question is the event's page again with the question where the director tapped
(status 400: nothing is changed until the answer). And the director's adjustments: a
penalty or a bonus for an entrant in a round, with the reason; and the night's prizes.
The routes are the events blueprint's (``web.events.bp``)."""

from __future__ import annotations

import re
from typing import Any

from flask import flash, redirect, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.club.adjustments import add_adjustment
from scorekeeper.club.entrants import (
    add_entrant,
    check_removal,
    check_withdrawal,
    next_unseated,
    remove_entrant,
    undo_withdrawal,
    withdraw,
)
from scorekeeper.club.honours import set_prizes
from scorekeeper.engine.errors import PinochleError
from scorekeeper.i18n.refusals import engine_message
from scorekeeper.i18n.signs import signed
from scorekeeper.web.auth import requires
from scorekeeper.web.events import bp, entrants_page, event_or_404, refused_page

NAME_FIELD_LIMIT = 1_000  # characters read of a name typed (the engine's rule: 60)
YES = "yes"


def _name() -> str:
    return request.form.get("name", "")[:NAME_FIELD_LIMIT]


def _back(event_id: int) -> BaseResponse:
    return redirect(url_for("events.show", event_id=event_id, _anchor="entrants"))


def _asked(event_id: int, question: dict[str, Any]) -> tuple[str, int]:
    return entrants_page(event_or_404(event_id), question), 400


@bp.route("/events/<int:event_id>/entrants", methods=["POST"])
@requires("scorekeeper")
def arrive(event_id: int) -> BaseResponse | tuple[str, int]:
    """A late arrival joins the rounds not seated yet; a name that looks like a player
    of the club's is asked about first (the known player, or someone new: a second tap)."""
    name, at_once = _name(), request.form.get("at_once") == YES
    event = event_or_404(event_id)
    try:
        joined = add_entrant(event, name, at_once, new_player=request.form.get("new") == YES)
    except PinochleError as error:
        if error.code == "event_look_alike_known":
            question = {"kind": "look_alike", "at_once": at_once, **error.values}
            return _asked(event_id, question)
        return refused_page(event_id, engine_message(error), "entrants")
    flash(_("%(name)s joins from the next round.", name=joined.name))
    return _back(event_id)


@bp.route("/events/<int:event_id>/withdraw", methods=["POST"])
@requires("scorekeeper")
def leave(event_id: int) -> BaseResponse | tuple[str, int]:
    """An entrant leaves the rounds not seated yet, once the director said so twice."""
    name = _name()
    event = event_or_404(event_id)
    if not name:
        return refused_page(event_id, _("Choose who leaves, then tap again."), "entrants")
    try:
        if request.form.get("sure") != YES:
            check_withdrawal(event, name)
            question = {"kind": "withdraw", "name": name, "round": next_unseated(event)}
            return _asked(event_id, question)
        gone = withdraw(event, name)
    except PinochleError as error:
        return refused_page(event_id, engine_message(error), "entrants")
    flash(
        _("%(name)s leaves from round %(number)s on.", name=gone.name, number=gone.withdrawn_before)
    )
    return _back(event_id)


@bp.route("/events/<int:event_id>/withdraw/undo", methods=["POST"])
@requires("scorekeeper")
def come_back(event_id: int) -> BaseResponse | tuple[str, int]:
    """A withdrawal taken back before the round it starts from is seated."""
    event = event_or_404(event_id)
    try:
        back = undo_withdrawal(event, _name())
    except PinochleError as error:
        return refused_page(event_id, engine_message(error), "entrants")
    flash(_("%(name)s plays the next rounds again.", name=back.name))
    return _back(event_id)


@bp.route("/events/<int:event_id>/entrants/remove", methods=["POST"])
@requires("scorekeeper")
def remove(event_id: int) -> BaseResponse | tuple[str, int]:
    """An entrant entered by mistake, who never played, taken out of the night once the
    director said so twice."""
    name = _name()
    event = event_or_404(event_id)
    if not name:
        return refused_page(event_id, _("Choose who to remove, then tap again."), "entrants")
    try:
        if request.form.get("sure") != YES:
            check_removal(event, name)
            return _asked(event_id, {"kind": "remove", "name": name})
        removed = remove_entrant(event, name)
    except PinochleError as error:
        return refused_page(event_id, engine_message(error), "entrants")
    flash(_("%(name)s is removed from the night.", name=removed))
    return _back(event_id)


WHOLE = re.compile(r"[0-9]{1,7}")  # points and a round's number as typed: digits only
PENALTY, BONUS = "penalty", "bonus"


@bp.route("/events/<int:event_id>/adjustments", methods=["POST"])
@requires("scorekeeper")
def adjust(event_id: int) -> BaseResponse | tuple[str, int]:
    """The director's points for or against an entrant in a round, with the reason."""
    event = event_or_404(event_id)
    name, kind = _name(), request.form.get("kind", PENALTY)
    points, number = request.form.get("points", "").strip(), request.form.get("round", "")
    if not name:
        return refused_page(event_id, _("Choose whose points they are."), "adjustments")
    if not WHOLE.fullmatch(points) or not WHOLE.fullmatch(number) or kind not in (PENALTY, BONUS):
        sentence = _("Give the points as a whole number, as 50, and the round they are for.")
        return refused_page(event_id, sentence, "adjustments")
    given = -int(points) if kind == PENALTY else int(points)
    try:
        made = add_adjustment(
            event,
            name,
            int(number),
            given,
            request.form.get("reason", ""),
            public=request.form.get("public") == "yes",
        )
    except PinochleError as error:
        return refused_page(event_id, engine_message(error), "adjustments")
    flash(
        _(
            "%(name)s: %(points)s points in round %(number)s (%(reason)s).",
            name=made.entrant.name,
            points=signed(made.points),
            number=made.round,
            reason=made.reason,
        )
    )
    return redirect(url_for("events.show", event_id=event_id, _anchor="adjustments"))


@bp.route("/events/<int:event_id>/prizes", methods=["POST"])
@requires("scorekeeper")
def prizes(event_id: int) -> BaseResponse | tuple[str, int]:
    """The night's prizes: the entry fee a head and the percentages of the pot by place
    (both blank: none); shown on the event page, the public night and the prints."""
    event = event_or_404(event_id)
    fee = request.form.get("fee", "")[:NAME_FIELD_LIMIT]
    percentages = request.form.get("percentages", "")[:NAME_FIELD_LIMIT]
    try:
        set_prizes(event, fee, percentages)
    except PinochleError as error:
        return refused_page(event_id, engine_message(error), "prizes")
    flash(_("The prizes are kept.") if fee.strip() else _("The night pays no prizes."))
    return redirect(url_for("events.show", event_id=event_id, _anchor="prizes"))

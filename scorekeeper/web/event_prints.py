"""A club night's prints (docs/club-nights.md): the result sheet; for the director,
each round's table cards, every entrant's itinerary and the movement sheet, the rounds
seated as they are and the rest as the movement plans them. The routes are the events
blueprint's (``web.events.bp``)."""

from __future__ import annotations

import hashlib

import segno
from flask import abort
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.club.confirm import night_corrections
from scorekeeper.club.entrants import night_planned
from scorekeeper.club.events import engine_event, event_standings, standings_final
from scorekeeper.club.honours import night_awards, night_prizes
from scorekeeper.club.table_codes import table_code
from scorekeeper.engine.club import events as engine
from scorekeeper.engine.club.event_movement import seated_evenness
from scorekeeper.engine.club.itineraries import itineraries
from scorekeeper.engine.club.standings import counted, results, rounds_over
from scorekeeper.i18n.languages import language as page_language
from scorekeeper.reports.pdf import (
    event_results_pdf,
    itineraries_pdf,
    movement_sheet_pdf,
    table_cards_pdf,
)
from scorekeeper.store.club_models import Event
from scorekeeper.web.auth import requires
from scorekeeper.web.events import bp, event_or_404, night_print, refused_page
from scorekeeper.web.night_qr import night_code, night_code_kind
from scorekeeper.web.public_address import public_base, public_url, unreachable
from scorekeeper.web.table_pass import secret


@bp.route("/events/<int:event_id>/results.pdf")
def results_pdf(event_id: int) -> Response:
    """The night's result sheet: the standings, each round's tables, the adjustments."""
    event = event_or_404(event_id)

    def render() -> bytes:
        checked = engine_event(event)
        replayed = results(checked)
        table = event_standings(event, checked, replayed)
        return event_results_pdf(
            page_language(),
            event=checked,
            standings=table,
            standings_final=standings_final(event, checked, table),
            awards=night_awards(checked, replayed),
            prizes=night_prizes(checked, table),
            rounds_over=rounds_over(checked, replayed),
            results=replayed,
            counted=counted(checked, replayed),
            corrections=night_corrections(event),
            night_code=night_code(event.key),
        )

    kind = f"results-{night_code_kind()}"
    return night_print(event, kind, f"club-night-{event.id}-results.pdf", render)


@bp.route("/events/<int:event_id>/rounds/<int:number>/cards.pdf")
@requires("scorekeeper")  # the cards carry the table codes: the director's
def table_cards(event_id: int, number: int) -> Response | tuple[str, int]:
    """A seated round's table cards: the table's number, who sits where, and the QR
    code of the table's code (web/table_codes.py), to scan at the table."""
    event = event_or_404(event_id)
    if not 1 <= number <= event.rounds_count or not event.rounds[number - 1].tables:
        abort(404)
    nowhere = unreachable()
    if nowhere is not None:  # printed so, every phone would be sent nowhere
        return refused_page(event_id, nowhere, number)
    filename = f"club-night-{event.id}-round-{number}-tables.pdf"
    # the codes' address is the public one, and their signature the instance's key's
    signed = hashlib.sha256(secret().encode()).hexdigest()[:12]
    kind = f"cards-{number}-{signed}-{public_base()}"
    return night_print(event, kind, filename, lambda: _table_cards(event, number))


def _table_cards(event: Event, number: int) -> bytes:
    seat_words = _seat_words(event.kind == engine.TEAMS)
    cards = []
    for table in event.rounds[number - 1].tables:
        if table.game_id is None:  # its game was deleted: the card says who sits, no code
            address, qr = "", ""
        else:
            code = table_code(table.id, table.game_id, event.key, secret())
            address = public_url("tables.scan", code=code)
            qr = segno.make(address, micro=False).svg_inline(scale=4, border=2, omitsize=True)
        seats = list(zip(seat_words, (seat.entrant.name for seat in table.seats), strict=True))
        cards.append({"number": table.number, "seats": seats, "address": address, "qr": qr})
    return table_cards_pdf(page_language(), event_name=event.name, round=number, cards=cards)


def _seat_words(teams: bool) -> list[str]:
    """The seats' names on a table card, in the page's language."""
    if teams:
        return [_("North-South"), _("East-West")]
    return [_("North"), _("East"), _("South"), _("West")]


@bp.route("/events/<int:event_id>/itineraries.pdf")
def itineraries_print(event_id: int) -> Response:
    """Each entrant's night, round by round: table, seat, partner, opponents, or the bye."""
    event = event_or_404(event_id)

    def render() -> bytes:
        checked = engine_event(event)
        night = night_planned(event, checked)
        return itineraries_pdf(
            page_language(), event=checked, night=night, itineraries=itineraries(checked, night)
        )

    return night_print(event, "itineraries", f"club-night-{event.id}-itineraries.pdf", render)


@bp.route("/events/<int:event_id>/movement.pdf")
def movement_print(event_id: int) -> Response:
    """The movement sheet: who sits where, round by table, the byes, the evenness."""
    event = event_or_404(event_id)

    def render() -> bytes:
        checked = engine_event(event)
        night = night_planned(event, checked)
        tables = max((len(r.tables) for r in night.rounds), default=0)
        so_far = seated_evenness(checked)
        return movement_sheet_pdf(
            page_language(), event=checked, night=night, tables=tables, so_far=so_far
        )

    return night_print(event, "movement", f"club-night-{event.id}-movement.pdf", render)

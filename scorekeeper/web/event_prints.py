"""A club night's prints for the director (docs/club-nights.md): every entrant's
itinerary and the movement sheet, the rounds seated as they are and the rest as the
movement plans them. The routes are the events blueprint's (``web.events.bp``), beside
the result sheet and the table cards."""

from __future__ import annotations

from werkzeug.wrappers import Response

from scorekeeper.club.entrants import night_planned
from scorekeeper.club.events import engine_event
from scorekeeper.engine.club.itineraries import itineraries
from scorekeeper.i18n.languages import language as page_language
from scorekeeper.reports.pdf import itineraries_pdf, movement_sheet_pdf
from scorekeeper.web.events import bp, event_or_404, night_print


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
        return movement_sheet_pdf(page_language(), event=checked, night=night, tables=tables)

    return night_print(event, "movement", f"club-night-{event.id}-movement.pdf", render)

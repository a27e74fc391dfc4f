"""The club's results to print and to take away (issue 32, item 6; docs/club-nights.md,
"Prints and exports"): a night's results and a competition's table on one A4 page each
(PDF), and a competition's table as CSV and as JSON (the ``pinochle-league/1`` document
the ``scorekeeper league`` command prints, docs/league-format.md).

Each comes twice: for the club's members at the director's addresses (``/events/<id>/…``,
``/competitions/<id>/…``, whatever the results setting), and for the results' readers at
the public ones (``/results/…``, by key, as the club's setting says: web/results.py). A
print is made once per change of what it shows (the sheet store, as every print)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator

from flask import Response, abort
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.club.competitions import CompetitionNow, competition_now, rules_of
from scorekeeper.club.events import (
    engine_event,
    event_standings,
    get_event,
    standings_final,
)
from scorekeeper.club.honours import night_awards, night_prizes
from scorekeeper.engine.club.league import League
from scorekeeper.engine.club.standings import number, results, rounds_over
from scorekeeper.i18n.languages import language as page_language
from scorekeeper.reports.pdf import competition_page_pdf, night_page_pdf
from scorekeeper.store.club_models import Competition, Event
from scorekeeper.web.competitions import competition_or_404
from scorekeeper.web.events import event_or_404, night_print
from scorekeeper.web.night_qr import night_code, night_code_kind
from scorekeeper.web.results import bp, readable_competition, readable_night
from scorekeeper.web.sheets import SHEET_VERSION, stored_sheet
from scorekeeper.web.stats import csv_response

LEAGUE_CSV = ("place", "player", "nights", "counted", "score", "points", "qualified", "tied")


# --- a night ---------------------------------------------------------------------------


@bp.route("/events/<int:event_id>/standings.pdf")
def night_page(event_id: int) -> BaseResponse:
    """The night's results on one page, for the club's members."""
    return _night_page(event_or_404(event_id), hidden=False, public=False)


@bp.route("/results/<key>/results.pdf")
def public_night_page(key: str) -> BaseResponse:
    """The night's results on one page, for the results' readers (its standings wait
    for the night's end when the club says so)."""
    readable_one = readable_night(key)
    if isinstance(readable_one, BaseResponse):
        return readable_one
    settings, event_id = readable_one
    event = get_event(event_id)
    if event is None:
        abort(404)
    return _night_page(event, hidden=settings.hide_standings, public=True)


def _night_page(event: Event, hidden: bool, public: bool) -> BaseResponse:
    """The one-page print; ``public``: asked for without an account (its QR code from
    the ``PUBLIC_ADDRESS`` setting only, web/night_qr.py)."""

    def render() -> bytes:
        checked = engine_event(event)
        replayed = results(checked)
        table = event_standings(event, checked, replayed)
        final = standings_final(event, checked, table)
        shown = table if final or not hidden else None
        return night_page_pdf(
            page_language(),
            event=checked,
            standings=shown,
            final=final,
            rounds_over=rounds_over(checked, replayed),
            night_code=night_code(event.key, setting_only=public),
            # the awards and prizes say who did well: they wait with the standings
            awards=None if shown is None else night_awards(checked, replayed),
            prizes=None if shown is None else night_prizes(checked, table),
        )

    who = "public" if public else "members"
    kind = f"page-{'hidden' if hidden else 'shown'}-{who}-{night_code_kind(public)}"
    filename = f"club-night-{event.id}-standings.pdf"
    response: BaseResponse = night_print(event, kind, filename, render)
    return response


# --- a competition ---------------------------------------------------------------------


@bp.route("/competitions/<int:competition_id>/table.<any(pdf, csv, json):kind>")
def competition_export(competition_id: int, kind: str) -> BaseResponse:
    """The competition's table as PDF, CSV or JSON, for the club's members."""
    found = competition_or_404(competition_id)
    return _exported(found, competition_now(found), kind)


@bp.route("/results/competitions/<key>/table.<any(pdf, csv, json):kind>")
def public_competition_export(key: str, kind: str) -> BaseResponse:
    """The competition's table as PDF, CSV or JSON, for the results' readers (a night
    whose standings wait for its end counts once they show)."""
    readable_one = readable_competition(key)
    if isinstance(readable_one, BaseResponse):
        return readable_one
    settings, found = readable_one
    return _exported(found, competition_now(found, final_only=settings.hide_standings), kind)


def _exported(competition: Competition, now: CompetitionNow, kind: str) -> BaseResponse:
    table = now.table
    filename = f"competition-{competition.key}-table.{kind}"
    disposition = f'attachment; filename="{filename}"'
    if kind == "json":
        document = json.dumps(table.as_dict(), ensure_ascii=False)
        response = Response(document, mimetype="application/json")
        response.headers["Content-Disposition"] = disposition
        return response
    if kind == "csv":
        return csv_response(_csv_rows(table), LEAGUE_CSV, disposition)
    shown = json.dumps(
        [
            competition.name,
            competition.locked_at is not None,
            table.as_dict(),
            table.needs,
            now.awards.as_dict(),
            now.nights,
        ],
        sort_keys=True,
        default=str,
    )
    made_of = hashlib.sha256(shown.encode()).hexdigest()[:32]
    stamp = ".".join((SHEET_VERSION, "competition", str(competition.id), made_of, page_language()))

    def render() -> bytes:
        return competition_page_pdf(
            page_language(),
            competition=competition,
            rules=rules_of(competition),
            table=table,
            awards=now.awards,
            nights=now.nights,
        )

    return stored_sheet(stamp, filename, render)


def _csv_rows(table: League) -> Iterator[tuple[object, ...]]:
    """The table's rows as the CSV has them: the nights counted by their keys, with a
    space between."""
    for row in table.rows:
        yield (
            "" if row.place is None else row.place,
            row.player,
            row.nights,
            " ".join(row.counted),
            number(row.score),
            row.points,
            "yes" if row.qualified else "no",
            "yes" if row.tied else "no",
        )

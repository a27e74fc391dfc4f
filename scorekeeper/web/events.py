"""Club nights in the app (docs/club-nights.md): the events list, an event file imported,
an event's page (its rounds, each table's game, the standings) and the next round seated
by the night's movement, its evenness shown before it is taken."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf.file import FileField, FileRequired
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.club.clock import next_tick, round_clocks, tables_minutes
from scorekeeper.club.confirm import confirmations_of, night_corrections
from scorekeeper.club.entrants import (
    draw_seats,
    first_unseated,
    next_round_seating,
    removable,
    undoable,
)
from scorekeeper.club.events import (
    engine_event,
    event_standings,
    events_page,
    get_event,
    import_event,
    night_stamp,
    prints_stamp,
    rounds_open,
    standings_final,
    unseatable,
)
from scorekeeper.club.honours import night_awards, night_prizes
from scorekeeper.club.rounds import call_time, close_round
from scorekeeper.club.seating import record_seating, unseat_round
from scorekeeper.engine.club import events as engine
from scorekeeper.engine.club.event_movement import seated_evenness
from scorekeeper.engine.club.movements import Evenness, MovementError
from scorekeeper.engine.club.standings import counted, results, rounds_over
from scorekeeper.engine.errors import GameError, PinochleError
from scorekeeper.engine.gamefile import read_json
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.scoring import GameResult
from scorekeeper.extensions import db
from scorekeeper.games.players import known_players
from scorekeeper.i18n.languages import language as page_language
from scorekeeper.i18n.refusals import engine_message
from scorekeeper.store.club_models import Event
from scorekeeper.web.auth import can, requires
from scorekeeper.web.event_form import (
    PERSON,
    event_document,
    event_presets,
    look_alikes,
    new_event_form,
)
from scorekeeper.web.forms import EngineForm, whole_number
from scorekeeper.web.night_pages import Made, Making, night_page
from scorekeeper.web.night_qr import night_code, night_code_kind
from scorekeeper.web.public_address import SETTING, public_base, unreachable
from scorekeeper.web.sheets import SHEET_VERSION, stored_sheet

bp = Blueprint("events", __name__)

LISTED = 200  # events on the list, the latest first


class ImportEventForm(EngineForm):
    file = FileField(_l("Event file (pinochle-event/1 JSON)"), validators=[FileRequired()])


def event_or_404(event_id: int) -> Event:
    event = get_event(event_id)
    if event is None:
        abort(404)
    return event


@bp.route("/events")
def index() -> str:
    return render_template("events/index.html", events=events_page(LISTED, 0, date.today()))


@bp.route("/events/new", methods=["GET", "POST"])
@requires("scorekeeper")
def new() -> str | BaseResponse | tuple[str, int]:
    name = request.values.get("ruleset", "partnership")
    if name not in event_presets():
        name = "partnership"
    rules = PRESETS[name]
    form = new_event_form(rules, known_players())
    to_ask: tuple[tuple[str, str], ...] = ()
    if form.validate_on_submit():
        try:
            named = look_alikes(event_document(form, rules), request.form)
            to_ask = named.to_ask  # asked first: nothing made until each is answered
            language = page_language()
            made = None if to_ask else import_event(named.document, language, named.new_players)
        except PinochleError as error:
            form.show_error(error)
        else:
            if made is not None:
                flash(_("Club night created: seat its first round."))
                return redirect(url_for("events.show", event_id=made.id))
    status = 400 if request.method == "POST" else 200
    return render_template(
        "events/new.html",
        form=form,
        rules=rules,
        presets=event_presets(),
        option_names=list(rules.options()),
        to_ask=to_ask,
        person=PERSON,
    ), status


@bp.route("/events/import", methods=["GET", "POST"])
@requires("scorekeeper")
def import_() -> str | BaseResponse | tuple[str, int]:
    form = ImportEventForm()
    if form.validate_on_submit():
        try:
            document = read_json(form.file.data.read().decode("utf-8-sig"))
            event = import_event(document, language=page_language())
        except UnicodeDecodeError:
            form.file.errors.append(_("The file is not a JSON document."))
        except PinochleError as error:
            form.file.errors.append(engine_message(error))
        else:
            flash(_("Event imported."))
            return redirect(url_for("events.show", event_id=event.id))
    status = 400 if request.method == "POST" else 200
    back = {"url": url_for("events.index"), "label": _("Club nights")}
    return render_template("import.html", form=form, title=_("Import an event"), back=back), status


@dataclass(frozen=True)
class NextRound:
    """The round to seat next, its seating by the movement and the night's evenness (or
    the sentence saying why the movement cannot seat it)."""

    number: int
    seating: dict[str, Any] | None
    evenness: Evenness | None
    problem: str | None


def _next_round(event: Event, checked: engine.Event) -> NextRound | None:
    number = first_unseated(event)
    if number is None:
        return None
    try:
        seating, even = next_round_seating(event, checked, number)
    except MovementError as error:
        return NextRound(number, None, None, str(error))
    return NextRound(number, seating, even, None)


@bp.route("/events/<int:event_id>")
def show(event_id: int) -> Response:
    """The event's page, made once per change of the night (web/night_pages.py)."""
    return night_page(
        event_id,
        "event",
        lambda making: _made_page(event_or_404(event_id), at=making.at, stamp=making.stamp),
    )


def _page(
    event: Event,
    refused: str | None = None,
    refused_round: int | str | None = None,
    anyway: str | None = None,
) -> str:
    return _made_page(event, refused, refused_round, anyway=anyway)[0]


def entrants_page(event: Event, question: dict[str, Any]) -> str:
    """The event's page with a question about who plays (web/event_entrants.py) under
    the late arrivals and withdrawals: the form posted to that anchor."""
    return _made_page(event, refused_round="entrants", question=question)[0]


def _made_page(
    event: Event,
    refused: str | None = None,
    refused_round: int | str | None = None,
    at: datetime | None = None,
    anyway: str | None = None,
    stamp: str | None = None,
    question: dict[str, Any] | None = None,
) -> Made:
    """The event's page, and when its words of time change (a clock, a table's minutes)."""
    checked = engine_event(event)
    replayed: dict[tuple[int, int], GameResult] = results(checked)
    playing = rounds_open(event, checked, replayed)
    open_rounds = [number for number, tables in playing.items() if tables]
    table = event_standings(event, checked, replayed)
    html = render_template(
        "events/show.html",
        event=event,
        checked=checked,
        results=replayed,
        counted=counted(checked, replayed),
        standings=table,
        awards=night_awards(checked, replayed),
        prizes=night_prizes(checked, table),
        final=standings_final(event, checked, table),
        rounds_over=rounds_over(checked, replayed),
        next_round=_next_round(event, checked),
        # the evenness of the rounds seated so far, beside the whole night's as planned
        so_far=seated_evenness(checked),
        open_rounds=open_rounds,
        playing=playing,
        unseatable=unseatable(event, replayed),
        clocks=round_clocks(event),
        minutes=tables_minutes(event, replayed),
        confirmations=confirmations_of([t for r in event.rounds for t in r.tables]),
        refused=refused,
        refused_round=refused_round,
        # the question before closing a round with unconfirmed tables: its reason kept
        close_anyway=anyway,
        # the question about who plays: a look-alike name, a withdrawal, a removal
        question=question,
        removable=removable(event),
        undoable=undoable(event),
        # where the table cards and codes send the phones (web/public_address.py)
        public_address=public_base(),
        public_setting=bool(current_app.config.get(SETTING)),
        nowhere=unreachable() if can("scorekeeper") else None,
        # the page follows the night by itself (static/js/follow.js); a refusal does not
        follow_stamp=stamp,
    )
    return html, next_tick(event, at)


@bp.route("/events/<int:event_id>/rounds/<int:number>/seat", methods=["POST"])
@requires("scorekeeper")
def seat(event_id: int, number: int) -> BaseResponse | tuple[str, int]:
    """Seat round ``number`` by the movement, as the event's page showed it."""
    event = event_or_404(event_id)
    if not 1 <= number <= event.rounds_count:
        abort(404)
    try:
        if event.rounds[number - 1].tables:  # a second tap, a page sent again: kept as it is
            raise GameError("event_round_seated", round=number)
        seating, _even = next_round_seating(event, engine_event(event), number)
        record_seating(event, number, seating, page_language())
    except MovementError as error:
        return refused_page(event_id, str(error), number)
    except PinochleError as error:
        return refused_page(event_id, engine_message(error), number)
    flash(_("Round %(number)s is seated: each table's game is ready.", number=number))
    return redirect(url_for("events.show", event_id=event_id, _anchor=f"round-{number}"))


def refused_page(event_id: int, sentence: str, where: int | str | None = None) -> tuple[str, int]:
    """The event's page with ``sentence`` where the director tapped: under round
    ``where``, or (``"entrants"``) under the late arrivals and withdrawals; the form
    posted to that place's anchor, so the page opens there."""
    return _page(event_or_404(event_id), sentence, where), 400


@bp.route("/events/<int:event_id>/display")
def display(event_id: int) -> Response:
    """The room's display: the round being played (each table's hands and totals); once
    it is closed (or before the first), the next round's seating as the movement gives
    it; and the standings (``?standings=end``: not until every round is played). It
    follows the night by itself (static/js/follow.js; display.js turns its pages).

    One screen that never scrolls: a list longer than its place is cut into pages
    (``DISPLAY_TABLES`` tables, ``DISPLAY_ROWS`` standings rows) that turn every
    ``DISPLAY_TURN`` seconds; ``?turn=N`` is the turn shown first (the page without
    JavaScript reloads itself on the next).

    The stamp is read before what the page shows: a hand stored while the page is made
    then changes the stamp the display asks for next, and it fetches the page again
    (read last, the stamp would already hold that hand and the room never see it).
    Made once per change of the night (web/night_pages.py)."""
    at_end = request.args.get("standings") == "end"
    turn = whole_number(request.args.get("turn")) or 0
    turn = turn if 0 <= turn < DISPLAY_TURNS else 0
    kind = f"display-{'standings-at-end' if at_end else 'live'}-{turn}-{night_code_kind()}"
    return night_page(
        event_id,
        kind,
        lambda making: _made_display(event_or_404(event_id), at_end, turn, making),
    )


# the room's display: a page of tables (two columns of three), a page of standings rows,
# each read at 1920x1080 and 1280x720 without scrolling (tests/browser/test_display_room.py)
DISPLAY_TABLES = 6
DISPLAY_ROWS = 12
DISPLAY_TURN = 10  # seconds a page shows before the next
# the turns a display without JavaScript counts before it starts again: every list of up to
# 60 pages (the largest night's 200 entrants are 17) shows each of its pages in a cycle,
# and at most 60 kept pages a change of the night
DISPLAY_TURNS = 60


def _made_display(event: Event, at_end: bool, turn: int, making: Making) -> Made:
    """The room's display, and when its words of time change (the round's clock)."""
    checked = engine_event(event)
    seated = [r for r in checked.rounds if r.tables]
    current = seated[-1] if seated else None
    stored = event.rounds[current.number - 1] if current else None
    if current is not None and stored is not None and stored.closed_at is not None:
        shown_round = "closed"
    else:
        shown_round = "playing"
    replayed = results(checked)
    table = event_standings(event, checked, replayed)
    over = standings_final(event, checked, table)
    hide = at_end and not over
    clock = None if stored is None else round_clocks(event).get(stored.number)
    arguments = {"standings": "end"} if at_end else {}
    html = render_template(
        "events/display.html",
        event=event,
        checked=checked,
        current=current,
        stored_round=stored,
        shown_round=shown_round,
        clock=clock,
        # the round closed: where everyone goes next, as the movement seats it
        coming=_next_round(event, checked) if shown_round == "closed" or not seated else None,
        results=replayed,
        counted=counted(checked, replayed),
        corrections=night_corrections(event),
        standings=None if hide else table,
        rounds_over=rounds_over(checked, replayed),
        over=over,
        stamp=making.stamp,
        turn=turn,
        turn_seconds=DISPLAY_TURN,
        next_turn_url=url_for(
            "events.display",
            event_id=event.id,
            turn=(turn + 1) % DISPLAY_TURNS,
            **arguments,
        ),
        tables_per_page=DISPLAY_TABLES,
        rows_per_page=DISPLAY_ROWS,
        night_code=night_code(event.key),
    )
    return html, next_tick(event, making.at) if clock is not None else None


def night_print(event: Event, kind: str, filename: str, render: Callable[[], bytes]) -> Any:
    """A night's print as the score sheets are served (``sheets.stored_sheet``): made
    holding a render slot (503 beyond them), kept in the sheet store while the night
    does not change, 304 for a browser that has it."""
    parts = (SHEET_VERSION, "night", kind, event.key, prints_stamp(event.id), page_language())
    # read again after the stamp: a change stored meanwhile is in the print or in the
    # next stamp, never a print older than its stamp
    db.session.expire_all()
    return stored_sheet(".".join(parts), filename, render)


@bp.route("/events/<int:event_id>/display/stamp")
def display_stamp(event_id: int) -> Response:
    """The night's change stamp (``night_stamp``, as the page carries it: a seats'
    draw too): the display fetches itself again when it differs. A few small queries,
    not the whole night: a screen asks every 3 s."""
    stamped = night_stamp(event_id)
    if stamped is None:
        abort(404)
    response = jsonify(stamp=stamped[1])
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/events/<int:event_id>/draw", methods=["POST"])
@requires("scorekeeper")
def draw(event_id: int) -> BaseResponse | tuple[str, int]:
    """The seating draw before the first round: the entrants' places, at random."""
    event = event_or_404(event_id)
    try:
        draw_seats(event, secrets.randbits(32))
    except PinochleError as error:
        return refused_page(event_id, engine_message(error), 1)
    flash(_("The seats are drawn: round 1 below seats them so."))
    return redirect(url_for("events.show", event_id=event_id, _anchor="round-1"))


@bp.route("/events/<int:event_id>/rounds/<int:number>/call-time", methods=["POST"])
@requires("scorekeeper")
def call(event_id: int, number: int) -> BaseResponse | tuple[str, int]:
    """Time is called: every table's next hand is its last."""
    return _director(event_id, number, lambda event: call_time(event, number),
                     _("Time is called on round %(number)s.", number=number))  # fmt: skip


@bp.route("/events/<int:event_id>/rounds/<int:number>/unseat", methods=["POST"])
@requires("scorekeeper")
def unseat(event_id: int, number: int) -> BaseResponse | tuple[str, int]:
    """The round's seating taken back before a hand is recorded at it."""
    return _director(event_id, number, lambda event: unseat_round(event, number),
                     _("Round %(number)s is no longer seated.", number=number))  # fmt: skip


@bp.route("/events/<int:event_id>/rounds/<int:number>/close", methods=["POST"])
@requires("scorekeeper")
def close(event_id: int, number: int) -> BaseResponse | tuple[str, int]:
    """The round closed (with the reason, when a table is still playing)."""
    reason = request.form.get("reason", "")  # bounded and checked by engine.reasons
    anyway = request.form.get("unconfirmed") == "yes"  # the question's second tap
    event = event_or_404(event_id)
    if not 1 <= number <= event.rounds_count:
        abort(404)
    try:
        close_round(event, number, reason, unconfirmed=anyway)
    except PinochleError as error:
        asked = error.code == "event_round_unconfirmed"
        page = _page(event, engine_message(error), number, reason[:500] if asked else None)
        return page, 400
    flash(_("Round %(number)s is closed.", number=number))
    return redirect(url_for("events.show", event_id=event_id, _anchor=f"round-{number}"))


def _director(
    event_id: int, number: int, change: Callable[[Event], object], said: str
) -> BaseResponse | tuple[str, int]:
    event = event_or_404(event_id)
    if not 1 <= number <= event.rounds_count:
        abort(404)
    try:
        change(event)
    except PinochleError as error:
        return refused_page(event_id, engine_message(error), number)
    flash(said)
    return redirect(url_for("events.show", event_id=event_id, _anchor=f"round-{number}"))

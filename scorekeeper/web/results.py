"""The club's results, for whom the club says (club/results.py): public (no account),
members (anyone logged in) or off (404 to everyone, the default).

``/results`` lists the nights and the competitions; ``/results/<key>`` is a night, by its
key (never its id): the standings (provisional during the night, final after, or hidden
until the last round closes when the club says so), each round's tables with their
totals, corrections marked; it follows the night by its change stamp, as the room's
display does (static/js/follow.js). ``/results/competitions/<key>`` is a competition's
table. Nothing private is on them: no table code, account, share link or adjustment
reason (tests/web/test_results.py searches them). The owner sets who reads them at
``/results/settings``.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from datetime import date

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_login import current_user
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.club.competitions import (
    all_competitions,
    competition_by_key,
    competition_now,
    rules_of,
)
from scorekeeper.club.confirm import night_corrections
from scorekeeper.club.events import (
    engine_event,
    event_id_by_key,
    event_standings,
    events_page,
    get_event,
    night_stamp,
    standings_final,
    table_of_game,
)
from scorekeeper.club.honours import night_awards, night_prizes
from scorekeeper.club.records import own_night
from scorekeeper.club.results import MEMBERS, OFF, PUBLIC, ResultsSettings, results_settings
from scorekeeper.club.results import set_results as keep_settings
from scorekeeper.engine.club.standings import counted, results, rounds_over
from scorekeeper.store.club_models import Competition
from scorekeeper.web import table_pass
from scorekeeper.web.auth import current_role, requires, to_login
from scorekeeper.web.night_pages import Made, Making, night_page

bp = Blueprint("results", __name__)

LISTED = 100  # the latest nights listed (as the club nights' list)
KEY = re.compile(r"[A-Za-z0-9_-]{1,16}")  # a night's or a competition's key (ASCII only)


def readable() -> ResultsSettings | BaseResponse:
    """The club's settings when this reader may read its results; else 404 (off), or
    the login page for members only."""
    settings = results_settings()
    if settings.audience == OFF:
        abort(404)
    if settings.audience == MEMBERS and current_role() is None:
        if current_user.is_authenticated:  # a member of another club: no such page here
            abort(404)
        return to_login()
    return settings


def readable_night(key: str) -> tuple[ResultsSettings, int] | BaseResponse:
    """The club's settings and the night's id, by its key, when this reader may read its
    results (as ``readable``); 404 for a key no night has."""
    settings = readable()
    if isinstance(settings, BaseResponse):
        return settings
    event_id = event_id_by_key(key) if KEY.fullmatch(key) else None
    if event_id is None:
        abort(404)
    return settings, event_id


def readable_competition(key: str) -> tuple[ResultsSettings, Competition] | BaseResponse:
    """The club's settings and the competition, by its key, when this reader may read
    its results (as ``readable``); 404 for a key no competition has."""
    settings = readable()
    if isinstance(settings, BaseResponse):
        return settings
    found = competition_by_key(key) if KEY.fullmatch(key) else None
    if found is None:
        abort(404)
    return settings, found


def public_stamp(stamp: str) -> str:
    """The night's change stamp as its public page carries it: keyed by the app's secret,
    so it says the night changed and nothing of what it is made from (the stamp digests
    rows that hold the adjustments' reasons, which a digest would let be guessed at)."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(secret, stamp.encode(), hashlib.sha256).hexdigest()[:20]


@bp.route("/results")
def index() -> str | BaseResponse:
    """The club's nights, latest first, and its competitions."""
    settings = readable()
    if isinstance(settings, BaseResponse):
        return settings
    return render_template(
        "results/index.html",
        nights=events_page(LISTED, 0, date.today()),
        competitions=all_competitions(),
    )


@bp.route("/results/<key>")
def night(key: str) -> Response | BaseResponse:
    """A night's results, by its key; made once per change of the night and of the
    club's choice to hide its standings (web/night_pages.py: 304 for a reader who has it)."""
    readable_one = readable_night(key)
    if isinstance(readable_one, BaseResponse):
        return readable_one
    settings, event_id = readable_one

    def make(making: Making) -> Made:
        event = get_event(event_id)
        if event is None:
            abort(404)
        checked = engine_event(event)
        replayed = results(checked)
        table = event_standings(event, checked, replayed)
        final = standings_final(event, checked, table)
        shown = table if final or not settings.hide_standings else None
        html = render_template(
            "results/night.html",
            event=event,
            checked=checked,
            results=replayed,
            counted=counted(checked, replayed),
            corrected=night_corrections(event),
            standings=shown,
            final=final,
            stamp=public_stamp(making.stamp),
            # the awards and prizes say who did well: they wait with the standings
            awards=None if shown is None else night_awards(checked, replayed),
            prizes=None if shown is None else night_prizes(checked, table),
        )
        return html, None

    return night_page(event_id, f"public-night-{settings.hide_standings}", make)


@bp.route("/results/<key>/stamp")
def night_stamp_of(key: str) -> Response | BaseResponse:
    """The night's change stamp, which its public page follows (no-store): a few small
    queries, not the night (a phone at home asks every 3 s)."""
    readable_one = readable_night(key)
    if isinstance(readable_one, BaseResponse):
        return readable_one
    stamped = night_stamp(readable_one[1])
    if stamped is None:
        abort(404)
    response = jsonify(stamp=public_stamp(stamped[1]))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/results/competitions/<key>")
def competition(key: str) -> str | BaseResponse:
    """A competition's table, by its key."""
    readable_one = readable_competition(key)
    if isinstance(readable_one, BaseResponse):
        return readable_one
    settings, found = readable_one
    # a night's standings hidden until its end count only once they show
    now = competition_now(found, final_only=settings.hide_standings)
    return render_template(
        "results/competition.html",
        competition=found,
        rules=rules_of(found),
        table=now.table,
        awards=now.awards,
        nights=now.nights,
    )


@bp.route("/results/settings", methods=["GET", "POST"])
@requires("owner")
def settings() -> str | BaseResponse | tuple[str, int]:
    """Who reads the club's results, and whether a night's standings wait for its end."""
    if request.method == "POST":
        audience = request.form.get("audience", "")
        if audience not in (OFF, MEMBERS, PUBLIC):
            page = render_template(
                "results/settings.html",
                settings=results_settings(),
                refused=_("Choose who reads the results: nobody, members or everyone."),
            )
            return page, 400
        keep_settings(audience, request.form.get("hide_standings") == "yes")
        return redirect(url_for("results.settings"))
    return render_template("results/settings.html", settings=results_settings(), refused=None)


@bp.route("/games/<int:game_id>/night")
def table_night(game_id: int) -> Response:
    """The night's standings as the phones at a table see them (a table's code opens it
    for its own game, web/table_pass.py; an account, for any club table's game), whatever
    the club's results setting: the players at the tables see their night. Made once per
    change of the night (web/night_pages.py). A phone that said who it is sees that
    player's own night first: the night place now and where they play next."""
    place = table_of_game(game_id)
    if place is None:
        abort(404)
    entrant_id = table_pass.player_of(place.event_id)  # who this phone said it is

    def make(making: Making) -> Made:
        event = get_event(place.event_id)
        if event is None:
            abort(404)
        checked = engine_event(event)
        table = event_standings(event, checked)
        html = render_template(
            "results/table_night.html",
            event=event,
            game_id=game_id,
            mine=None if entrant_id is None else own_night(event, checked, table, entrant_id),
            standings=table,
            final=standings_final(event, checked, table),
            rounds_over=rounds_over(checked),
            rounds=len(checked.rounds),
        )
        return html, None

    return night_page(place.event_id, f"table-night-{game_id}-{entrant_id}", make)

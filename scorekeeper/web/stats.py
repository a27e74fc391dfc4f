"""Season statistics pages: standings, a player, head to head, seasons, CSV and PDF.

Every figure comes from ``stats``, ``bidding`` and ``groups`` (sums over the stored
outcomes); the views only choose the period and the order, and draw the charts with
``charts``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from datetime import date
from typing import Any
from urllib.parse import quote

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response as BaseResponse
from wtforms import DateField, StringField
from wtforms.validators import InputRequired

from scorekeeper.club.events import player_events
from scorekeeper.club.records import club_points
from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.rules import ruleset
from scorekeeper.games import seasons as game_seasons
from scorekeeper.games.players import all_players, get_player
from scorekeeper.games.seasons import all_seasons, create_season
from scorekeeper.i18n.languages import language as page_language
from scorekeeper.i18n.refusals import engine_message, translated
from scorekeeper.reports import bidding as bids
from scorekeeper.reports import charts, groups, stats
from scorekeeper.store.models import Player
from scorekeeper.web.forms import EngineForm, posted_int
from scorekeeper.web.renders import render_slot

bp = Blueprint("stats", __name__, url_prefix="/stats")

RATING_LINES = 4  # players drawn on the season's rating chart (best first)
WIN_RATE_BARS = 12  # players on the win-rate chart (best win rate first)
PAIR_ROWS = 10  # partnerships listed before "Show all"
REPORT_PAIR_ROWS = 24  # partnerships in the printed report (the CSV has them all)
CHART_WIDTH = 360  # drawn at about the phone's width, so its text stays readable
REPORT_CHART_WIDTH = 560  # on paper, 150 mm wide


# --- choosing the period and the order ---------------------------------------------------


def _period() -> stats.Period:
    """The season and rule set the query string asks for (400 with a sentence if unknown)."""
    name = request.args.get("ruleset") or None
    if name is not None:
        try:
            ruleset(name)
        except PinochleError as exc:
            abort(400, engine_message(exc))
    try:
        return stats.find_period(request.args.get("season"), name)
    except stats.UnknownSeasonError as exc:
        abort(400, translated(exc))


def _min_games() -> int:
    """Finished games before a player is ranked (the ``STATS_MIN_GAMES`` setting)."""
    return int(current_app.config.get("STATS_MIN_GAMES", stats.MIN_GAMES))


def _query(period: stats.Period, **extra: Any) -> dict[str, Any]:
    """The query string that keeps ``period`` (for links and downloads)."""
    query = {"season": period.name, **extra}
    if period.ruleset:
        query["ruleset"] = period.ruleset
    return query


def _sorting(parameter: str, allowed: Iterable[str], default: str) -> tuple[str, bool]:
    """The column a table is sorted by and whether the usual order is reversed."""
    key = request.args.get(parameter, default)
    return (key if key in allowed else default), request.args.get(f"{parameter}_dir") == "rev"


def _sorted_pairs(pairs: list[dict[str, Any]], key: str, reverse: bool) -> list[dict[str, Any]]:
    if key == "players":
        return sorted(pairs, key=lambda pair: pair["players"], reverse=reverse)
    ordered = sorted(pairs, key=lambda pair: pair["players"])
    return sorted(ordered, key=lambda pair: pair[key], reverse=not reverse)


PAIR_COLUMNS = ("players", "games", "wins", "win_rate")
# standings columns left out when the period mixes numbers of players, or point scales
MIXED_PLAYERS = ("win_rate",)
MIXED_SCALES = ("avg_bid", "points", "best_hand")


# --- pages -------------------------------------------------------------------------------


def _season(period: stats.Period, chart_width: int = CHART_WIDTH) -> dict[str, Any]:
    """What the stats page and the season report both show: the figures and charts."""
    min_games = _min_games()
    rows = stats.season_rows(period)  # read once: the standings and the figures kept apart
    players = stats.player_stats(period, min_games, rows)
    ranked = [entry for entry in players if not entry.provisional]
    levels = bids.bidding(period)
    by_players, by_scale = groups.kept_apart(rows, min_games)
    mixed_players, mixed_scales = len(by_players) > 1, len(by_scale) > 1
    return {
        "period": period,
        "min_games": min_games,
        "players": players,
        # figures kept apart: win rates by the number of players, bids and points by scale
        "by_players": by_players if mixed_players else [],
        "by_scale": by_scale if mixed_scales else [],
        "hidden": (MIXED_PLAYERS if mixed_players else ()) + (MIXED_SCALES if mixed_scales else ()),
        "win_charts": {
            group.key: win_rate_chart(
                [entry for entry in group.players if not entry.provisional], chart_width
            )
            for group in (by_players if mixed_players else [])
        },
        "pairs": stats.partnerships(period),
        "levels": levels,
        "counters": bids.counter_shares(levels),
        "rating_chart": rating_chart(period, ranked[:RATING_LINES], chart_width),
        "win_chart": "" if mixed_players else win_rate_chart(ranked, chart_width),
        "level_charts": make_rate_charts(levels, chart_width),
    }


def _chooser(period: stats.Period) -> dict[str, Any]:
    """What the season and rule set chooser needs."""
    return {
        "period": period,
        "query": _query(period),
        "seasons": stats.season_names(),
        "rulesets": stats.rulesets_played(),
    }


@bp.route("")
def index() -> str:
    period = _period()
    season = _season(period)
    players, pairs = season["players"], season["pairs"]
    columns = [key for key in stats.SORTABLE if key not in season["hidden"]]
    sort, reverse = _sorting("sort", columns, "rating")
    pair_sort, pair_reverse = _sorting("pairs", PAIR_COLUMNS, "games")
    page = {
        **season,
        **_chooser(period),
        "players": stats.sort_players(players, sort, reverse),
        "pairs": _sorted_pairs(pairs, pair_sort, pair_reverse),
        "best": stats.best_partners(pairs),
        "bidders": sorted(
            (entry for entry in players if entry.bids),
            key=lambda entry: (-entry.set_rate, -entry.bids, entry.name),
        ),
    }
    return render_template(
        "stats/index.html",
        **page,
        sort=sort,
        reverse=reverse,
        ranking=sort in stats.RANKINGS,
        pair_sort=pair_sort,
        pair_reverse=pair_reverse,
        pair_rows=PAIR_ROWS,
        all_columns=request.args.get("columns") == "all",
        all_pairs=request.args.get("all_pairs") == "1",
    )


@bp.route("/players/<int:player_id>")
def player(player_id: int) -> str:
    period = _period()
    entry = next(
        (
            entry
            for entry in stats.player_stats(period, _min_games())
            if entry.player_id == player_id
        ),
        None,
    )
    person = get_player(player_id)
    if person is None:
        abort(404)
    pairs = [pair for pair in stats.partnerships(period) if person.name in pair["players"]]
    events = player_events(person.id)
    return render_template(
        "stats/player.html",
        period=period,
        query=_query(period),
        min_games=_min_games(),
        person=person,
        entry=entry,
        pairs=pairs,
        best=stats.best_partners(pairs).get(person.name),
        events=events,
        # lifetime club points, beside the season's rating (club/records.py)
        club_points=club_points(person)[0] if events else None,
        by_scale=_apart(groups.bids_and_points_by_scale(period, person.id)),
        chart=rating_chart(period, [entry] if entry else []),
    )


@bp.route("/head-to-head")
def head_to_head() -> str | tuple[str, int]:
    period = _period()
    everyone = all_players()
    known = {player.id: player for player in everyone}
    sides: list[list[Player]] = [[], []]
    problem = None
    for side, prefix in zip(sides, ("a", "b"), strict=True):
        for parameter in (prefix, f"{prefix}2"):
            value = request.args.get(parameter)
            if not value:
                continue
            player_id = posted_int(value)
            if player_id not in known:
                problem = _("No player has the id %(value)s.", value=value[:20])
            elif known[player_id] not in side:
                side.append(known[player_id])
    if not problem and {p.id for p in sides[0]} & {p.id for p in sides[1]}:
        problem = _("A player cannot be on both sides.")
    result = None
    if sides[0] and sides[1] and not problem:
        result = stats.head_to_head(period, *([p.id for p in side] for side in sides))
    page = render_template(
        "stats/head_to_head.html",
        **_chooser(period),
        everyone=everyone,
        chosen=[[player.id for player in side] for side in sides],
        names=[" & ".join(player.name for player in side) for side in sides],
        result=result,
        problem=problem,
    )
    return (page, 400) if problem else page


def _apart(by_scale: list[groups.Group]) -> list[groups.Group]:
    """The groups to show apart: none when every figure is on one scale."""
    return by_scale if len(by_scale) > 1 else []


# --- charts ------------------------------------------------------------------------------


def rating_chart(
    period: stats.Period, players: Sequence[stats.PlayerStats], width: int = CHART_WIDTH
) -> str:
    lines = stats.rating_history(period, [entry.player_id for entry in players])
    series = [(entry.name, lines[entry.player_id]) for entry in players if lines[entry.player_id]]
    if not series:
        return ""
    return charts.dated_chart(series, width=width, title=_("Rating over time"))


def win_rate_chart(
    players: Sequence[stats.PlayerStats | groups.GroupFigures], width: int = CHART_WIDTH
) -> str:
    best = sorted(
        (entry for entry in players if entry.games),
        key=lambda entry: (-entry.win_rate, -entry.games, entry.name),
    )
    bars = [
        (entry.name, entry.win_rate, _("%(wins)s of %(games)s", wins=entry.wins, games=entry.games))
        for entry in best[:WIN_RATE_BARS]
    ]
    return charts.bar_chart(bars, width=width, title=_("Win rate by player")) if bars else ""


def make_rate_charts(levels: Sequence[bids.BidLevel], width: int = CHART_WIDTH) -> dict[str, str]:
    """A make-rate chart per rule set, bars by bid level."""
    by_ruleset: dict[str, list[tuple[str, float, str]]] = {}
    for level in levels:
        by_ruleset.setdefault(level.ruleset, []).append(
            (
                level.band,
                level.make_rate,
                _("%(made)s of %(bids)s", made=level.made, bids=level.bids),
            )
        )
    return {
        name: charts.bar_chart(
            bars, width=width, title=_("Make rate by bid level: %(rules)s", rules=name)
        )
        for name, bars in by_ruleset.items()
    }


# --- seasons -----------------------------------------------------------------------------


class SeasonForm(EngineForm):
    name = StringField(_l("Name"), validators=[InputRequired()])
    starts_on = DateField(_l("First day"), validators=[InputRequired()])
    ends_on = DateField(_l("Last day"), validators=[InputRequired()])


@bp.route("/seasons", methods=["GET", "POST"])
def seasons() -> str | tuple[str, int] | BaseResponse:
    form = SeasonForm()
    if request.method == "POST":
        data = form.data
        season = form.made(lambda: create_season(data["name"], data["starts_on"], data["ends_on"]))
        if season is not None:
            flash(_("Season %(name)s created.", name=season.name), "ok")
            return redirect(url_for("stats.index", season=season.name))
        return _seasons_page(form), 400
    return _seasons_page(form)


def _seasons_page(form: SeasonForm) -> str:
    return render_template("stats/seasons.html", form=form, seasons=all_seasons())


@bp.route("/seasons/<int:season_id>/delete", methods=["POST"])
def delete_season(season_id: int) -> BaseResponse:
    name = game_seasons.delete_season(season_id)
    if name is None:
        abort(404)
    flash(_("Season %(name)s deleted (its games are kept).", name=name), "ok")
    return redirect(url_for("stats.seasons"))


# --- downloads ---------------------------------------------------------------------------


PLAYER_CSV = (
    "name",
    "games",
    "wins",
    "draws",
    "win_rate",
    "hands",
    "bids",
    "bids_made",
    "sets",
    "throw_ins",
    "make_rate",
    "avg_bid",
    "points",
    "best_hand",
    "chips",
    "rating",
    "rating_change",
    "rank",
    "provisional",
)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # OWASP's CSV injection rule


def csv_cell(value: Any) -> Any:
    """``value`` as a spreadsheet should read it: a text starting like a formula gets a
    leading ``'`` (shown as text, never run); numbers, signs and all, stay numbers.

    >>> csv_cell("=1+1"), csv_cell("-2+3"), csv_cell("Ann"), csv_cell(-24.5)
    ("'=1+1", "'-2+3", 'Ann', -24.5)
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_response(
    rows: Iterable[Sequence[Any]], header: Sequence[str], disposition: str
) -> Response:
    """Every CSV the app writes goes through here, each cell through ``csv_cell``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows([csv_cell(value) for value in row] for row in rows)
    response = Response(out.getvalue(), mimetype="text/csv")
    response.headers["Content-Disposition"] = disposition
    return response


def _disposition(kind: str, period: stats.Period, table: str, extension: str) -> str:
    """``attachment; filename=...`` naming the period: ASCII for the header (which is
    Latin-1 on the wire), and the season's own name in ``filename*``."""
    ruleset_part = f"-{period.ruleset}" if period.ruleset else ""
    name = f"pinochle-{table}-{period.name.lower()}{ruleset_part}.{extension}"
    plain = "".join(c if c.isascii() and (c.isalnum() or c in "-.") else "-" for c in name)
    return f"{kind}; filename=\"{plain}\"; filename*=UTF-8''{quote(name, safe='')}"


@bp.route("/players.csv")
def players_csv() -> Response:
    period = _period()
    rows = [
        [getattr(entry, column) for column in PLAYER_CSV]
        for entry in stats.player_stats(period, _min_games())
    ]
    return csv_response(rows, PLAYER_CSV, _disposition("attachment", period, "players", "csv"))


@bp.route("/partnerships.csv")
def partnerships_csv() -> Response:
    period = _period()
    rows = [
        [*pair["players"], pair["games"], pair["wins"], pair["win_rate"]]
        for pair in stats.partnerships(period)
    ]
    header = ("player", "partner", "games", "wins", "win_rate")
    return csv_response(rows, header, _disposition("attachment", period, "partnerships", "csv"))


@bp.route("/bidding.csv")
def bidding_csv() -> Response:
    period = _period()
    rows = [
        [row.ruleset, row.level, row.bids, row.made, row.sets, row.throw_ins, row.make_rate]
        for row in bids.bidding(period)
    ]
    header = ("ruleset", "level", "bids", "made", "sets", "throw_ins", "make_rate")
    return csv_response(rows, header, _disposition("attachment", period, "bidding", "csv"))


@bp.route("/report.pdf")
def report_pdf() -> Response:
    from scorekeeper.reports import pdf

    period = _period()
    figures = _season(period, REPORT_CHART_WIDTH)
    with render_slot():
        body = pdf.season_report_pdf(
            page_language(), **figures, printed_on=date.today(), pair_rows=REPORT_PAIR_ROWS
        )
    response = Response(body, mimetype="application/pdf")
    response.headers["Content-Disposition"] = _disposition("inline", period, "season", "pdf")
    return response

"""The director's competitions across nights (club/competitions.py): the list, a new one
(its name, what a night is worth, best N or the lowest K dropped, the nights to be
ranked, and its nights: a season's or chosen ones), and one competition's table with
Lock and Archive. The table is the engine's (engine/club/league.py) over the nights'
standings as they are now; its public form is ``/results/competitions/<key>``.
"""

from __future__ import annotations

from fractions import Fraction

from flask import abort, redirect, render_template, url_for
from flask_babel import lazy_gettext as _l
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse
from wtforms import RadioField, SelectField, SelectMultipleField, StringField, widgets
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, Optional

from scorekeeper.club.competitions import (
    all_competitions,
    competition_now,
    create_competition,
    rules_of,
    set_archived,
    set_locked,
)
from scorekeeper.club.events import events_page
from scorekeeper.engine.club.league import PLACES, POINTS, WINS, LeagueRules, read_place_points
from scorekeeper.engine.errors import PinochleError
from scorekeeper.extensions import db
from scorekeeper.games.seasons import all_seasons
from scorekeeper.i18n.refusals import engine_message
from scorekeeper.store.club_models import Competition, Event
from scorekeeper.web.auth import requires
from scorekeeper.web.forms import EngineForm, WholeNumberField, whole_number
from scorekeeper.web.results import bp

NUMERIC = {"inputmode": "numeric", "autocomplete": "off"}
LISTED = 200  # nights offered to choose from, the latest first
# an engine refusal -> the field it is about
FIELD_OF_CODE = {
    "league_place_points": "place_points",
    "league_count": "best",
    "competition_nights": "nights",
    "name_": "name",
}


def _row_id(text: str) -> int:
    """A night's id as the form sends it, in the digits 0 to 9 only."""
    number = whole_number(text)
    if number is None:
        raise ValueError("not a night")
    return number


class CompetitionForm(EngineForm):
    name = StringField(_l("Name"), validators=[DataRequired()], render_kw={"maxlength": 60})
    score = RadioField(
        _l("A night is worth"),
        choices=[
            SelectChoice(WINS, _l("its wins")),
            SelectChoice(POINTS, _l("its points")),
            SelectChoice(PLACES, _l("its place's points")),
        ],
        default=WINS,
    )
    place_points = StringField(
        _l("Place points, first place's first"), render_kw={"placeholder": "10,8,6,5,4,3,2,1"}
    )
    best = WholeNumberField(_l("Best nights counted (blank: all)"), validators=[Optional()],
                            render_kw=NUMERIC)  # fmt: skip
    drop = WholeNumberField(_l("Lowest nights dropped"), default=0, validators=[Optional()],
                            render_kw=NUMERIC)  # fmt: skip
    min_nights = WholeNumberField(_l("Nights to be ranked"), default=0, validators=[Optional()],
                                  render_kw=NUMERIC)  # fmt: skip
    season = SelectField(_l("Every night of a season"), validate_choice=False)
    nights = SelectMultipleField(
        _l("Or the nights chosen"),
        coerce=lambda value: _row_id(str(value)),
        option_widget=widgets.CheckboxInput(),
        widget=widgets.ListWidget(prefix_label=False),
        validate_choice=False,
    )

    def league_rules(self) -> LeagueRules:
        """The rules as typed; the engine's refusal (``PinochleError``) names the rule."""
        points: tuple[Fraction, ...] = ()
        if self.score.data == PLACES:
            points = read_place_points(self.place_points.data or "")
        return LeagueRules(
            str(self.score.data), points, self.best.data, self.drop.data or 0,
            self.min_nights.data or 0,
        )  # fmt: skip

    def season_id(self) -> int | None:
        """The season chosen: None for none, 0 (no season's id: refused) for what is not
        the number of a row (other digits, past a stored id's range)."""
        if not self.season.data:
            return None
        chosen = whole_number(self.season.data)
        return chosen if chosen is not None and 0 < chosen < 2**31 else 0

    def night_ids(self) -> list[int]:
        """The nights ticked (a number no stored row can have left out)."""
        return [night for night in self.nights.data or [] if 0 < night < 2**31]


def competition_form() -> CompetitionForm:
    form = CompetitionForm()
    form.season.choices = [SelectChoice("", _l("No season: the nights chosen"))] + [
        SelectChoice(str(season.id), season.name) for season in all_seasons()
    ]
    form.nights.choices = [
        SelectChoice(event.id, _night_label(event)) for event in events_page(LISTED, 0)
    ]
    return form


def _night_label(event: Event) -> Markup:
    """A night as the list of nights names it: its name and, whole on its line, its day."""
    if event.date is None:
        return Markup("{}").format(event.name)
    return Markup('{} <span class="day">({})</span>').format(event.name, event.date.isoformat())


@bp.route("/competitions")
def competitions() -> str:
    return render_template("competitions/index.html", competitions=all_competitions())


@bp.route("/competitions/new", methods=["GET", "POST"])
@requires("scorekeeper")
def new_competition() -> str | BaseResponse | tuple[str, int]:
    form = competition_form()
    if form.validate_on_submit():
        try:
            made = create_competition(
                form.name.data or "", form.league_rules(), form.season_id(), form.night_ids()
            )
        except PinochleError as error:
            form.add_error(_field_of(error.code), engine_message(error))
        else:
            return redirect(url_for("results.show_competition", competition_id=made.id))
    status = 400 if form.is_submitted() else 200
    return render_template("competitions/new.html", form=form), status


def _field_of(code: str) -> str:
    fields = (field for prefix, field in FIELD_OF_CODE.items() if code.startswith(prefix))
    return next(fields, "name")


def competition_or_404(competition_id: int) -> Competition:
    found = db.session.get(Competition, competition_id) if 0 < competition_id < 2**31 else None
    if found is None:
        abort(404)
    return found


@bp.route("/competitions/<int:competition_id>")
def show_competition(competition_id: int) -> str:
    found = competition_or_404(competition_id)
    now = competition_now(found)
    return render_template(
        "results/competition.html",
        competition=found,
        rules=rules_of(found),
        table=now.table,
        awards=now.awards,
        nights=now.nights,
        director=True,
    )


@bp.route("/competitions/<int:competition_id>/lock", methods=["POST"])
@requires("scorekeeper")
def lock_competition(competition_id: int) -> BaseResponse:
    found = competition_or_404(competition_id)
    set_locked(found, found.locked_at is None)
    return redirect(url_for("results.show_competition", competition_id=competition_id))


@bp.route("/competitions/<int:competition_id>/archive", methods=["POST"])
@requires("scorekeeper")
def archive_competition(competition_id: int) -> BaseResponse:
    found = competition_or_404(competition_id)
    set_archived(found, found.archived_at is None)
    return redirect(url_for("results.show_competition", competition_id=competition_id))

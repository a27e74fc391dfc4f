"""A new club night's form (docs/club-nights.md): its name and day, the rules (a preset
played at four in two partnerships, and its house-rule options), the kind, the rounds,
a time limit per round (blank: none), the standing order and the bye rule, and its
entrants: known players ticked, one tap each, and the others typed one a line (fixed
teams: "Ann & Cal" a line). A typed name that looks like a player of the club's
(``engine.lookalike``: "hal brandt" beside Hal Brandt) is asked about before the night is
made: the known player (the answer already chosen), or someone new (a second tap).

The form only gathers what was typed into a ``pinochle-event/1`` document; the engine
reads it (``engine.club.events.from_document``, through ``club.events.import_event``) and its
refusal is shown beside the field it is about.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import SelectField, SelectMultipleField, StringField, TextAreaField, widgets
from wtforms.fields import DateField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, Optional

from scorekeeper.engine.club import events as engine
from scorekeeper.engine.club import unfinished
from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.presets import PRESETS, RuleSet
from scorekeeper.games.players import look_alike_players
from scorekeeper.i18n.refusals import engine_message
from scorekeeper.web.forms import EngineForm, WholeNumberField, field_for
from scorekeeper.web.games import add_option_fields

TEAM_MARK = "&"  # "Ann & Cal": a team's two players
# a typed name that looks like a player of the club's: the answer's field, and its values
PERSON, KNOWN, NEW = "person:", "known", "new"
# an engine refusal about the event's own fields -> the field it is about
FIELD_OF_EVENT_CODE = {
    "event_rounds": "rounds",
    "event_time_limit": "time_limit",
    "event_choice": "kind",
    "event_too_few": "guests",
    "event_too_many": "guests",
    "event_entered_twice": "guests",
    "event_look_alike": "guests",
    "event_team_players": "guests",
    "name_": "guests",
}


def event_presets() -> list[str]:
    """The presets a club night is played under: four players, two partnerships."""
    return [name for name, rules in PRESETS.items() if rules.players == 4 and rules.sides == 2]


class NewEventForm(EngineForm):
    name = StringField(_l("Name"), validators=[DataRequired()], render_kw={"maxlength": 60})
    day = DateField(
        _l("Day"),
        validators=[Optional()],
        default=date.today,
        render_kw={"min": engine.FIRST_NIGHT.isoformat(), "max": engine.LAST_NIGHT.isoformat()},
    )
    kind = SelectField(
        _l("Format"),
        choices=[
            SelectChoice(engine.PROGRESSIVE, _l("Progressive")),
            SelectChoice(engine.TEAMS, _l("Fixed teams")),
        ],
    )
    rounds = WholeNumberField(_l("Rounds"), default=6, render_kw={"inputmode": "numeric"})
    # blank: no limit (the engine bounds the minutes: engine.club.events.TIME_LIMITS)
    time_limit = WholeNumberField(
        _l("Time limit per round (minutes)"),
        validators=[Optional()],
        render_kw={"inputmode": "numeric", "maxlength": 3, "autocomplete": "off"},
    )
    standing_order = SelectField(
        _l("Standings"),
        choices=[
            SelectChoice(engine.WINS, _l("Wins, then points")),
            SelectChoice(engine.POINTS, _l("Points, then wins")),
        ],
    )
    bye_rule = SelectField(
        _l("A bye"),
        choices=[
            SelectChoice(engine.WINNERS_AVERAGE, _l("The winners' average")),
            SelectChoice(engine.OWN_AVERAGE, _l("Own average")),
        ],
    )
    unfinished_tables = SelectField(
        _l("A table unfinished when its round closes"),
        choices=[
            SelectChoice(unfinished.AHEAD_WINS, _l("The side ahead wins")),
            SelectChoice(unfinished.TOTALS_COUNT, _l("The totals count, no win")),
            SelectChoice(unfinished.NOTHING_COUNTS, _l("Nothing counts")),
        ],
        default=unfinished.AHEAD_WINS,
    )
    players = SelectMultipleField(
        _l("Known players"),
        choices=[],
        validate_choice=False,
        widget=widgets.ListWidget(prefix_label=False),
        option_widget=widgets.CheckboxInput(),
    )
    guests = TextAreaField(_l("Others, one a line (fixed teams: “Ann & Cal”)"))

    def show_error(self, error: PinochleError) -> None:
        """The engine's sentence beside the field it is about (the event's own name's
        beside its name, an entrant's beside the entrants)."""
        name = next(
            (field for code, field in FIELD_OF_EVENT_CODE.items() if error.code.startswith(code)),
            None,
        )
        if error.code.startswith("name_") and error.values.get("whose") == "event":
            name = "name"
        if error.code == "game_field" and error.values.get("where") == "date":
            name = "day"
        self.engine_error = error
        self.add_error(name or field_for(error), engine_message(error))


def new_event_form(rules: RuleSet, known: list[str], **kwargs: Any) -> NewEventForm:
    """The form for ``rules`` (its options) with ``known`` players to tick."""

    class Form(NewEventForm):
        pass

    add_option_fields(Form, rules)
    form = Form(**kwargs)
    form.players.choices = [SelectChoice(name, name) for name in known]
    return form


def typed_entrants(form: NewEventForm) -> list[dict[str, Any]]:
    """The entrants as the document lists them: the ticked players, then each line typed
    (fixed teams: each line a team, its two players either side of "&")."""
    lines = [line.strip() for line in (form.guests.data or "").splitlines() if line.strip()]
    if form.kind.data == engine.TEAMS:
        teams = []
        for line in lines:
            players = [part.strip() for part in line.split(TEAM_MARK)]
            teams.append({"name": line, "players": players})
        return teams
    return [{"name": name} for name in [*(form.players.data or []), *lines]]


def event_document(form: NewEventForm, rules: RuleSet) -> dict[str, Any]:
    """What was typed, as a ``pinochle-event/1`` document for the engine to read."""
    rounds = form.rounds.data if isinstance(form.rounds.data, int) else 0
    return {
        "format": engine.FORMAT,
        "name": form.name.data or "",
        "date": None if form.day.data is None else form.day.data.isoformat(),
        "kind": form.kind.data,
        "ruleset": rules.name,
        "rules": {name: form[name].data for name in rules.options()},
        "standing_order": form.standing_order.data,
        "bye_rule": form.bye_rule.data,
        "time_limit": form.time_limit.data,
        "unfinished_tables": form.unfinished_tables.data,
        "entrants": typed_entrants(form),
        # as many as typed (the engine says how many a night may have), within reason
        "rounds": [{"round": number} for number in range(1, min(rounds, 10_000) + 1)],
    }


@dataclass(frozen=True)
class LookAlikes:
    """The typed names that look like a player of the club's, and what the director
    answered: the document with the known names put in, the names said to be someone
    new, and the names still to ask about (each with the known player it looks like)."""

    document: dict[str, Any]
    new_players: frozenset[str]
    to_ask: tuple[tuple[str, str], ...]


def look_alikes(document: dict[str, Any], answers: Mapping[str, str]) -> LookAlikes:
    """``document`` (read whole by the engine first: its names as the engine keeps them)
    with each answer taken: ``answers[PERSON + name]`` is ``KNOWN`` (the club's player
    meant: their name put in) or ``NEW`` (someone new: entered as typed)."""
    checked = engine.from_document(document)
    typed = {p for e in checked.entrants for p in (e.players or (e.name,))}
    asked = look_alike_players(typed)
    meant = {name: known for name, known in asked.items() if answers.get(PERSON + name) == KNOWN}
    new = frozenset(name for name in asked if answers.get(PERSON + name) == NEW)
    answered = meant.keys() | new
    to_ask = tuple((name, known) for name, known in sorted(asked.items()) if name not in answered)
    entrants = [
        {"name": e.name, "players": [meant.get(p, p) for p in e.players]}
        if e.players
        else {"name": meant.get(e.name, e.name)}
        for e in checked.entrants
    ]
    return LookAlikes({**document, "entrants": entrants}, new, to_ask)

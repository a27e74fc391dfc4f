"""Games: the list, a new game, the scoreboard, rematch, import and export."""

from __future__ import annotations

import json
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf.file import FileField, FileRequired
from werkzeug.wrappers import Response as BaseResponse
from wtforms import SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired

from scorekeeper.club.confirm import confirm_totals
from scorekeeper.club.events import table_of_game
from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.gamefile import read_json
from scorekeeper.engine.people import checked_name, side_name
from scorekeeper.engine.presets import PRESETS, RuleSet
from scorekeeper.engine.rules import option_choices
from scorekeeper.games import lifecycle as game_lifecycle
from scorekeeper.games.lifecycle import create_game, delete_game, set_language
from scorekeeper.games.listing import Search, count_games, list_games, page_count
from scorekeeper.games.players import get_player, known_players
from scorekeeper.games.stored import game_stamp, replay_game
from scorekeeper.games.transfer import export_game, import_game
from scorekeeper.i18n.languages import LANGUAGES, in_language
from scorekeeper.i18n.languages import language as page_language
from scorekeeper.i18n.refusals import engine_message
from scorekeeper.i18n.rule_words import option_label, option_value
from scorekeeper.store.models import Player
from scorekeeper.web.auth import requires
from scorekeeper.web.forms import EngineForm, WholeNumberField, game_or_404, int_arg
from scorekeeper.web.scoreboard import confirmer, refused_page, scoreboard, table_stamp

bp = Blueprint("games", __name__)

DEFAULT_SIDE_NAMES = (_l("Us"), _l("Them"))


@bp.route("/")
def index() -> str:
    """The games in progress, then the finished ones, a page at a time; ``?q=`` finds a
    player's or a side's name, ``?player=`` one player's games (from their stats page).
    Where each stands is read from the stored outcomes: no game is replayed."""
    player = _player_arg()
    search = Search(request.args.get("q", ""), player.id if player else None)
    pages = page_count(count_games(search))
    page = int_arg("page", 1, 1, pages, _("Page"))
    return render_template(
        "games/index.html",
        games=list_games(search, page),
        search=search,
        player=player,
        page=page,
        pages=pages,
        query={key: value for key, value in request.args.items() if key in ("q", "player")},
    )


def _player_arg() -> Player | None:
    """The player ``?player=`` names (a 404 page for one never stored), or None."""
    if "player" not in request.args:
        return None
    player = get_player(int_arg("player", 0, 1, 2**31 - 1, _("Player")))
    if player is None:
        abort(404)
    return player


# --- a new game ---------------------------------------------------------------------------


class NewGameForm(EngineForm):
    """The fields every new game has; seats, sides and options are added per preset."""


def new_game_form(rules: RuleSet, **kwargs: Any) -> NewGameForm:
    """The form for ``rules``: its options, one name per seat, side names, first dealer."""

    class Form(NewGameForm):
        pass

    add_option_fields(Form, rules)
    for seat in range(rules.players):
        setattr(
            Form,
            f"seat_{seat}",
            StringField(
                _l("Seat %(number)s", number=seat + 1),
                validators=[DataRequired()],  # the name rule's length: _names_hold
                render_kw={"autocomplete": "off", "list": "known-players"},
            ),
        )
    for side in range(rules.sides):
        default = DEFAULT_SIDE_NAMES[side] if rules.players_per_side > 1 else ""
        setattr(
            Form,
            f"side_{side}",
            StringField(_l("Side %(number)s", number=side + 1), default=default),
        )
    dealers = [SelectChoice("random", _l("Pick at random"))] + [
        SelectChoice(str(seat), _l("Seat %(number)s", number=seat + 1))
        for seat in range(rules.players)
    ]
    Form.first_dealer = SelectField(_l("First dealer"), choices=dealers, default="0")
    Form.language = language_field()
    return Form(**kwargs)


def add_option_fields(form: type[EngineForm], rules: RuleSet) -> None:
    """A field for each house-rule option of ``rules``, at its preset's value (a new
    game's, a club night's)."""
    for name, value in rules.options().items():
        label = option_label(name)
        if isinstance(value, int):
            field: Any = WholeNumberField(label, default=value, render_kw={"inputmode": "numeric"})
        else:
            choices = [
                SelectChoice(choice, option_value(name, choice, rules))
                for choice in option_choices(rules, name)
            ]
            # a value not offered gets the engine's sentence (the option, what it takes)
            field = SelectField(label, choices=choices, default=value, validate_choice=False)
        setattr(form, name, field)


def language_field() -> SelectField:
    """The language of a game's printed sheet: the page's, unless chosen."""
    return SelectField(
        _l("Language of the score sheet"),
        choices=[SelectChoice(code, name) for code, name in LANGUAGES.items()],
        default=page_language,
    )


@bp.route("/games/new", methods=["GET", "POST"])
@requires("scorekeeper")
def new() -> str | BaseResponse:
    name = request.values.get("ruleset", "partnership")
    if name not in PRESETS:
        name = "partnership"
    rules = PRESETS[name]
    form = new_game_form(rules)
    if form.validate_on_submit() and _names_hold(form, rules):
        try:
            game = create_game(name, *_new_game_values(form, rules), language=form.language.data)
        except PinochleError as error:
            form.show_error(error)
        else:
            return redirect(url_for("games.show", game_id=game.id))
    status = 400 if request.method == "POST" else 200
    return render_template(
        "games/new.html",
        form=form,
        rules=rules,
        known=known_players(),
        seats_of={
            side: [seat + 1 for seat in range(rules.players) if rules.side_of_seat(seat) == side]
            for side in range(rules.sides)
        },
        option_names=list(rules.options()),
    ), status


def _names_hold(form: NewGameForm, rules: RuleSet) -> bool:
    """Whether every name typed holds the name rule; a refusal sits beside its field."""
    fields = [(f"seat_{seat}", "player") for seat in range(rules.players)]
    fields += [(f"side_{side}", "side") for side in range(rules.sides)]
    held = True
    for name, whose in fields:
        text = form[name].data or ""
        if whose == "side" and not text.strip():
            continue  # named after its players
        try:
            checked_name(text, whose)
        except PinochleError as error:
            form.add_error(name, engine_message(error))
            held = False
    return held


def _new_game_values(form: NewGameForm, rules: RuleSet) -> tuple[Any, ...]:
    options = {name: form[name].data for name in rules.options()}
    seating = [form[f"seat_{seat}"].data.strip() for seat in range(rules.players)]
    sides = []
    for side in range(rules.sides):
        players = [name for seat, name in enumerate(seating) if rules.side_of_seat(seat) == side]
        typed = (form[f"side_{side}"].data or "").strip()
        sides.append((_side_name(typed, side, form.language.data) or side_name(players), players))
    dealer_choice = form.first_dealer.data
    first_dealer = "random" if dealer_choice == "random" else seating[int(dealer_choice)]
    return options, sides, seating, first_dealer


def _side_name(typed: str, side: int, language: str) -> str:
    """A side's name as typed; left at the form's own default ("Us", "Them" in the page's
    language), that default in the game's language: a French game's sides are "Nous" and
    "Eux" whatever language its page was filled in."""
    if side < len(DEFAULT_SIDE_NAMES) and typed == str(DEFAULT_SIDE_NAMES[side]):
        with in_language(language):
            return str(DEFAULT_SIDE_NAMES[side])
    return typed


# --- the scoreboard ---------------------------------------------------------------------------


@bp.route("/games/<int:game_id>")
def show(game_id: int) -> ResponseReturnValue:
    return scoreboard(game_id)


@bp.route("/games/<int:game_id>/stamp")
def stamp(game_id: int) -> Response:
    """A club table's change stamp (``table_stamp``): every phone at the table, and a
    director's, fetches its scoreboard again when it differs (static/js/follow.js). A
    few small queries: each phone asks every 3 s."""
    game = game_stamp(game_id)
    place = table_of_game(game_id) if game else None
    if place is None:
        abort(404)
    response = jsonify(stamp=table_stamp(game, place))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/games/<int:game_id>/delete", methods=["POST"])
@requires("owner")
def delete(game_id: int) -> BaseResponse:
    game = game_or_404(game_id)
    names = " – ".join(side.name for side in game.sides)
    try:
        delete_game(game)
    except PinochleError as error:  # a hand was recorded meanwhile: look again first
        flash(engine_message(error), "error")
        return redirect(url_for("games.show", game_id=game_id))
    flash(_("The game %(names)s was deleted.", names=names), "ok")
    return redirect(url_for("games.index"))


class LanguageForm(EngineForm):
    language = language_field()


@bp.route("/games/<int:game_id>/language", methods=["POST"])
def language(game_id: int) -> BaseResponse:
    """The language the game's sheet prints in, from now on."""
    game = game_or_404(game_id)
    form = LanguageForm()
    if not form.validate_on_submit():
        abort(400, _("The language is one of %(codes)s.", codes=", ".join(LANGUAGES)))
    set_language(game, form.language.data)
    flash(_("The score sheet now prints in %(language)s.", language=LANGUAGES[form.language.data]))
    return redirect(url_for("games.show", game_id=game_id))


@bp.route("/games/<int:game_id>/rematch", methods=["POST"])
def rematch(game_id: int) -> BaseResponse:
    finished = game_or_404(game_id)
    if not replay_game(finished).finished:
        flash(_("A rematch follows a finished game."), "error")
        return redirect(url_for("games.show", game_id=finished.id))
    game = game_lifecycle.rematch(finished)
    flash(_("Rematch: same players and rules, the deal moves on."))
    return redirect(url_for("games.show", game_id=game.id))


@bp.route("/games/<int:game_id>/confirm", methods=["POST"])
@requires("scorekeeper")
def confirm(game_id: int) -> ResponseReturnValue:
    """A player of a finished club table confirms its totals (``club.confirm``); a
    refusal is the scoreboard with the sentence in the confirm box, status 400."""
    game = game_or_404(game_id)
    try:
        who = confirmer(game.id)
        if who is None:  # a viewer's account: refused before this (``requires``)
            abort(403)
        table = confirm_totals(game, request.form.get("player", ""), who)
    except PinochleError as error:
        return refused_page(game.id, engine_message(error), confirming=True)
    flash(
        _(
            "Table %(table)s's totals are confirmed by %(name)s.",
            table=table.number,
            name=table.confirmed_by,
        ),
        "ok",
    )
    return redirect(url_for("games.show", game_id=game.id))


# --- import and export ---------------------------------------------------------------------------


@bp.route("/games/<int:game_id>/export.json")
def export(game_id: int) -> Response:
    game = game_or_404(game_id)
    body = json.dumps(export_game(game), indent=1, ensure_ascii=False) + "\n"
    filename = f"pinochle-game-{game.id}-{game.played_on.isoformat()}.json"
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


class ImportForm(EngineForm):
    file = FileField(_l("Game file (pinochle-game/1 JSON)"), validators=[FileRequired()])


@bp.route("/games/import", methods=["GET", "POST"])
@requires("scorekeeper")
def import_() -> str | BaseResponse:
    form = ImportForm()
    if form.validate_on_submit():
        try:
            document = read_json(form.file.data.read().decode("utf-8-sig"))
            game = import_game(document, language=page_language())
        except UnicodeDecodeError:
            form.file.errors.append(_("The file is not a JSON document."))
        except PinochleError as error:
            form.file.errors.append(engine_message(error))
        else:
            flash(_("Game imported."))
            return redirect(url_for("games.show", game_id=game.id))
    status = 400 if request.method == "POST" else 200
    return render_template("import.html", form=form, title=_("Import a game"), back=None), status

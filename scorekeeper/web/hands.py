"""Recording, correcting and deleting hands.

The hand form is built per game (its rule set, sides and seats). The view turns
it into a game-file hand document and gives it to ``services``, which asks the
engine; a refusal comes back as the engine's sentence beside the field it is
about, with status 400 and nothing saved. The live hints ("need 130 of 250
counters", the throw-in, the other side's counters) come from the engine too,
through ``preview``; the page's JavaScript only shows them.

A typical partnership hand is seven actions from the scoreboard: its bidder's
button, a bid chip (``BidField``), trump, each side's meld, one side's counters,
save; the other side's counters fill themselves (tests/browser/test_actions.py).

Meld from the checker: a "check meld" button sends the whole form by GET to the
meld page with ``meld_for`` (a player) and ``return_to`` (this page's path); the
checker comes back here with the same fields plus ``meld_cards``. That player's
cards are kept in a hidden ``cards_<seat>`` input, and the side's meld becomes
the side's meld as it was, minus what the player's previously checked cards make,
plus what the new cards make (cards are counted for the form's trump).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import (
    Blueprint,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response as BaseResponse
from wtforms import BooleanField, HiddenField, RadioField
from wtforms.fields import SelectChoice
from wtforms.validators import Optional

from .. import services
from ..engine.cards import Suit, format_cards, parse_cards
from ..engine.errors import PinochleError
from ..engine.game import Game as EngineGame
from ..engine.meld import best_meld, check_hand
from ..engine.rules import RuleSet
from ..engine.scoring import (
    applicable_fields,
    can_throw_in,
    counters_needed,
    max_bid,
    verify_bid,
    verify_throw_in,
)
from ..engine.scoring import fill_counters as fill_engine_counters
from ..i18n import engine_message
from ..models import Game
from .auth import requires
from .forms import EngineForm, WholeNumberField, game_or_404, hand_or_404, posted_int, whole_number

bp = Blueprint("hands", __name__)

NUMERIC = {"inputmode": "numeric", "autocomplete": "off"}


# --- the game a form is for -----------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """What a hand form knows of its game: rules, sides, seats, and which hand it is."""

    game: Game
    rules: RuleSet
    engine: EngineGame  # the game without its hands: sides, seating, dealers
    number: int  # the hand's number, 1-based

    @property
    def dealer(self) -> str:
        return self.engine.dealer(self.number - 1)

    @property
    def bidding_order(self) -> list[str]:
        """The players in bidding order, starting left of the dealer."""
        seating = list(self.engine.seating)
        start = seating.index(self.engine.first_bidder(self.number - 1))
        return seating[start:] + seating[:start]

    @property
    def side_range(self) -> range:
        return range(self.rules.sides)

    def seat_of(self, player: str) -> int | None:
        seating = self.engine.seating
        return seating.index(player) if player in seating else None


def _table(game: Game, number: int) -> Table:
    return Table(game, services.rules_of(game), services.engine_game(game, hands=[]), number)


# --- the form ----------------------------------------------------------------------------


class FieldGroup:
    """Per-side fields taken together (``meld`` is ``meld_0``, ``meld_1``, ...), so an
    engine sentence about ``meld`` has a place beside them."""

    def __init__(self, name: str) -> None:
        self.name = self.id = name
        self.errors: list[str] = []


GROUPS = ("meld", "counters", "took_trick", "meld_chips", "meld_cards")


class HandForm(EngineForm):
    """A hand's fields; per-side and per-seat fields are added per game (``hand_form``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in GROUPS:
            setattr(self, name, FieldGroup(name))
        # refusals about shown cards (unknown card, too many cards) go with the meld cards
        self.cards = self.meld_cards


class BidField(WholeNumberField):
    """The bid: a one-tap chip (a radio named ``bid``) or the number typed after the
    chips (an input named ``bid`` too); the typed number wins over a chip."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        typed = [value for value in valuelist if isinstance(value, str) and value.strip()]
        self.raw_data = typed[-1:] or valuelist[-1:]
        super().process_formdata(self.raw_data)


def hand_form(table: Table, **kwargs: Any) -> HandForm:
    """The form for one hand of ``table``'s game.

    Fields the rules do not offer (a throw-in under ``throw_in: never``, passed out
    under ``dealer_stuck``, ...) are still read when sent, so the engine can refuse
    them with its sentence; the template shows them only when offered or filled.
    """
    rules = table.rules

    class Form(HandForm):
        pass

    if rules.bidding:
        Form.bidder = RadioField(
            _l("Bidder"),
            choices=[SelectChoice(player) for player in table.bidding_order],
            validate_choice=False,
        )
        Form.bid = BidField(
            _l("Bid"), default=rules.min_bid, validators=[Optional()], render_kw=NUMERIC
        )
    Form.trump = RadioField(
        _l("Trump"),
        choices=[SelectChoice(suit.value, suit.symbol) for suit in Suit],
        validate_choice=False,
    )
    for index, side in enumerate(table.engine.sides):
        number_field = {"validators": [Optional()], "render_kw": NUMERIC}
        setattr(Form, f"meld_{index}", WholeNumberField(side.name, **number_field))
        setattr(Form, f"counters_{index}", WholeNumberField(side.name, **number_field))
        if rules.bidding:
            setattr(Form, f"took_trick_{index}", BooleanField(side.name))
        if rules.chip_table:
            setattr(Form, f"meld_chips_{index}", WholeNumberField(side.name, **number_field))
    for seat in range(len(table.engine.seating)):
        setattr(Form, f"cards_{seat}", HiddenField())
    # the game's version when the form was opened: a double tap or a change made
    # meanwhile on another phone is refused instead of saved twice
    Form.version = HiddenField()
    # the trump the checked cards' meld was added for (a new trump recounts it)
    Form.meld_trump = HiddenField()
    if rules.bidding:
        Form.thrown_in = BooleanField(_l("Thrown in: the bidders concede"))
        Form.passed_out = BooleanField(_l("Passed out: all passed, the cards are redealt"))
        Form.no_marriage = BooleanField(_l("No marriage: the bidder holds none in trump"))
        Form.all_tricks = RadioField(
            _l("All twelve tricks"),
            choices=[SelectChoice("", _l("Nobody"))]
            + [SelectChoice(str(i), side.name) for i, side in enumerate(table.engine.sides)],
            default="",
            validate_choice=False,
        )
    return Form(**kwargs)


def _form_data(document: Mapping[str, Any], table: Table) -> dict[str, Any]:
    """A stored hand's document as the form's values (the edit form's start)."""
    data: dict[str, Any] = {}
    for name in ("bidder", "bid", "trump", "thrown_in", "passed_out", "no_marriage"):
        if document.get(name) is not None:
            data[name] = document[name]
    for name in ("meld", "counters", "took_trick", "meld_chips"):
        for index, value in enumerate(document.get(name) or []):
            data[f"{name}_{index}"] = value
    if document.get("all_tricks") is not None:
        data["all_tricks"] = str(document["all_tricks"])
    for player, cards in (document.get("meld_cards") or {}).items():
        seat = table.seat_of(player)
        if seat is not None:
            data[f"cards_{seat}"] = cards
    return data


def _per_side(form: HandForm, name: str, table: Table) -> list[Any]:
    return [form[f"{name}_{index}"].data for index in table.side_range]


def fill_counters(
    rules: RuleSet, values: Sequence[int | None]
) -> tuple[list[int | None], int | None]:
    """Counters with one side left empty filled as the hand's total minus the others.

    Returns the values and the side filled (None when not exactly one was empty).
    The fill is never below 0, so counters that already pass the total are refused
    by the engine as not adding up, naming both sides.
    """
    empty = [index for index, value in enumerate(values) if value is None]
    if len(empty) != 1 or len(values) < 2:
        return list(values), None
    return list(fill_engine_counters(rules, values)), empty[0]


def hand_document(form: HandForm, table: Table) -> dict[str, Any]:
    """The game-file hand the form describes (rules.md; game-format.md §1).

    Empty meld counts as 0. Empty counters: one empty side takes the rest of the
    hand, more than one count as 0, all empty records no counters (a thrown-in
    hand). A passed-out hand records nothing else, whatever else the form holds.
    """
    rules = table.rules
    if rules.bidding and form.passed_out.data:
        return {"passed_out": True}
    document: dict[str, Any] = {}
    if rules.bidding:
        document["bidder"] = form.bidder.data or None
        document["bid"] = form.bid.data
    document["trump"] = form.trump.data or None
    document["meld"] = [value or 0 for value in _per_side(form, "meld", table)]
    entered = _per_side(form, "counters", table)
    if any(value is not None for value in entered):
        counters, _filled = fill_counters(rules, entered)
        document["counters"] = [value or 0 for value in counters]
    if rules.bidding:
        document["thrown_in"] = form.thrown_in.data or None
        document["no_marriage"] = form.no_marriage.data or None
        took = _per_side(form, "took_trick", table)
        document["took_trick"] = took if any(took) else None
        choice = form.all_tricks.data
        document["all_tricks"] = posted_int(choice)
    if rules.chip_table:
        chips = _per_side(form, "meld_chips", table)
        if any(value is not None for value in chips):
            document["meld_chips"] = [value or 0 for value in chips]
    shown = _shown_cards(form, table)
    document["meld_cards"] = shown or None
    return {name: value for name, value in document.items() if value is not None}


def _shown_cards(form: HandForm, table: Table) -> dict[str, str]:
    """The cards each player showed through the meld checker, by name."""
    shown = {}
    for seat, player in enumerate(table.engine.seating):
        cards = (form[f"cards_{seat}"].data or "").strip()
        if cards:
            shown[player] = cards
    return shown


def _add_error(field: Any, message: str) -> None:
    """A message beside a field outside validation (a field's errors start as a tuple)."""
    field.errors = [*field.errors, message]


def _set(field: Any, value: object) -> None:
    """Change a processed field's value (what it renders, too)."""
    field.data = value
    field.raw_data = None if value is None else [str(value)]


# --- meld from the checker ------------------------------------------------------------------


def _take_checked_meld(form: HandForm, table: Table, args: Mapping[str, str]) -> None:
    """Apply the checker's answer (``meld_for``, ``meld_cards``) to the form.

    The side's meld = its meld before - what the player's earlier cards make + what
    the new cards make, both counted for the form's trump.
    """
    player = args.get("meld_for", "")
    seat = table.seat_of(player)
    if seat is None or "meld_cards" not in args:
        return
    side = table.engine.side_of[player]
    cards_field, meld_field = form[f"cards_{seat}"], form[f"meld_{side}"]
    rules = table.rules
    try:
        cards = parse_cards(args["meld_cards"], rules.meld_table.deck)
        check_hand(cards, rules)
    except PinochleError as error:
        _add_error(
            form.meld_cards,
            _("%(player)s's cards: %(reason)s", player=player, reason=engine_message(error)),
        )
        return
    trump = _trump_of(form)
    if trump is None:
        _add_error(
            form.trump,
            _(
                "Pick trump first: %(player)s's meld is counted for one trump. "
                "Then check the meld again.",
                player=player,
            ),
        )
        return
    counted_for = _trump_of(form, "meld_trump")
    if counted_for is not None and counted_for is not trump:
        _recount_shown(form, table, counted_for, trump)
    before = _cards_meld(cards_field.data, trump, rules)
    rest = max(0, (meld_field.data or 0) - before)
    _set(meld_field, rest + best_meld(cards, trump, rules).total)
    _set(cards_field, format_cards(cards) or None)
    _set(form.meld_trump, trump.value)


def _recount_shown(form: HandForm, table: Table, was: Suit, now: Suit) -> None:
    """Trump changed since cards were checked: count every side's shown cards anew."""
    for side_index, side in enumerate(table.engine.sides):
        cards = [form[f"cards_{table.seat_of(player)}"].data for player in side.players]
        meld_field = form[f"meld_{side_index}"]
        old = sum(_cards_meld(shown, was, table.rules) for shown in cards)
        new = sum(_cards_meld(shown, now, table.rules) for shown in cards)
        if old or new:
            _set(meld_field, max(0, (meld_field.data or 0) - old) + new)


def _trump_of(form: HandForm, name: str = "trump") -> Suit | None:
    value = form[name].data
    try:
        return Suit.parse(value) if value else None
    except PinochleError:
        return None


def _cards_meld(cards: str | None, trump: Suit | None, rules: RuleSet) -> int:
    """What a player's shown cards make for ``trump`` (0 when unreadable)."""
    if not cards or trump is None:
        return 0
    try:
        return best_meld(parse_cards(cards, rules.meld_table.deck), trump, rules).total
    except PinochleError:
        return 0


def _shown_meld(form: HandForm, table: Table) -> dict[int, dict[str, Any]]:
    """For the page: each seat's shown cards and what they make for the trump."""
    trump = _trump_of(form)
    shown = {}
    for seat in range(len(table.engine.seating)):
        cards = form[f"cards_{seat}"].data
        if cards:
            made = _cards_meld(cards, trump, table.rules) if trump else None
            shown[seat] = {"cards": cards, "meld": made}
    return shown


# --- what the bidders need: the engine's answers for the live hints ----------------------------


def preview_values(
    table: Table,
    bidder: str | None,
    bid: int | None,
    meld: Sequence[int | None],
    counters: Sequence[int | None],
) -> dict[str, Any]:
    """The engine's answers for the form as typed so far (the page shows them as hints)."""
    rules = table.rules
    total = rules.counters.total
    filled_counters, filled = fill_counters(rules, counters)
    answer: dict[str, Any] = {
        "number": table.number,
        "bidding": rules.bidding,
        "total": total,
        "unit": rules.counters.unit,
        "counters": filled_counters,
        "filled": filled,
        "need": "",
        "needed": None,
        "can_throw_in": None,
        "throw_in": "",
        "bid_error": None,
        "bidder_side": None,
    }
    if not rules.bidding:
        return answer
    answer.update(
        bid=bid,
        next_bid=rules.next_bid(rules.min_bid - 1 if bid is None else bid),
        previous_bid=rules.min_bid if bid is None else rules.previous_bid(bid),
    )
    if bid is None:
        return answer
    try:
        verify_bid(rules, bid, table.number)
    except PinochleError as error:
        answer["bid_error"] = engine_message(error)
    side = table.engine.side_of.get(bidder or "")
    if side is None:
        answer["need"] = _("Tap the bidder to see what they need.")
        return answer
    bidders_meld = meld[side] or 0
    needed = counters_needed(rules, bid, bidders_meld)
    values = {"side": table.engine.sides[side].name, "needed": needed, "total": total}
    if needed > total:
        need = _("%(side)s need %(needed)s of %(total)s counters: more than a hand has", **values)
    else:
        need = _("%(side)s need %(needed)s of %(total)s counters", **values)
    answer.update(bidder_side=side, needed=needed, need=need)
    if rules.throw_in != "never":
        possible = can_throw_in(rules, bid, bidders_meld)
        answer["can_throw_in"] = possible
        answer["throw_in"] = (
            _("They may throw in.")
            if possible
            else _throw_in_refusal(rules, bid, bidders_meld, table.number)
        )
    return answer


def _throw_in_refusal(rules: RuleSet, bid: int, bidders_meld: int, number: int) -> str:
    try:
        verify_throw_in(rules, bid, bidders_meld, number)
    except PinochleError as error:
        return engine_message(error)
    return ""


def _form_preview(form: HandForm, table: Table) -> dict[str, Any]:
    bidding = table.rules.bidding
    return preview_values(
        table,
        form.bidder.data if bidding else None,
        form.bid.data if bidding else None,
        _per_side(form, "meld", table),
        _per_side(form, "counters", table),
    )


def _int_arg(args: Mapping[str, str], name: str) -> int | None:
    """A number typed so far, or None (not typed yet, or not a number: no hint for it)."""
    return whole_number(args.get(name))


@bp.route("/games/<int:game_id>/hands/preview")
@requires("scorekeeper")
def preview(game_id: int) -> BaseResponse:
    """JSON for the live hints. Parameters as the form's fields: ``bidder``, ``bid``,
    ``meld_<side>``, ``counters_<side>`` (empty: not typed), and ``number`` (the
    hand, for the engine's sentences; default the next one)."""
    game = game_or_404(game_id)
    number = _int_arg(request.args, "number") or len(game.hands) + 1
    table = _table(game, number)
    sides = table.side_range
    return jsonify(
        preview_values(
            table,
            request.args.get("bidder") or None,
            _int_arg(request.args, "bid"),
            [_int_arg(request.args, f"meld_{index}") for index in sides],
            [_int_arg(request.args, f"counters_{index}") for index in sides],
        )
    )


# --- the pages -----------------------------------------------------------------------------


def _query_form(table: Table, defaults: Mapping[str, Any]) -> HandForm:
    """A GET's form: from the query (back from the meld checker) or from ``defaults``."""
    args = request.args
    form = hand_form(table, data=dict(defaults))
    if "meld_for" in args or any(name in form for name in args):
        form = hand_form(table, formdata=args, data=dict(defaults))
        _take_checked_meld(form, table, args)
    return form


def _render(template: str, form: HandForm, table: Table, **context: Any) -> tuple[str, int]:
    rules = table.rules
    applicable = applicable_fields(rules)
    offered = {
        name: name in applicable
        for name in ("thrown_in", "passed_out", "all_tricks", "took_trick", "no_marriage")
    }
    offered["meld_chips"] = "meld_chips" in applicable
    # a field the rules do not offer is still shown when it holds a value or a refusal
    shown_fields = {name: offered[name] or _holds_value(form, table, name) for name in offered}
    status = 400 if request.method == "POST" else 200
    if "version" in form:
        form.version.data = str(services.version(table.game))
    return render_template(
        template,
        form=form,
        table=table,
        game=table.game,
        rules=rules,
        sides=table.engine.sides,
        seating=table.engine.seating,
        offered=shown_fields,
        preview=_form_preview(form, table),
        shown=_shown_meld(form, table),
        bids=rules.bid_ladder(max_bid(rules)) if rules.bidding else (),  # for chips and − / +
        **context,
    ), status


def _holds_value(form: HandForm, table: Table, name: str) -> bool:
    if name in GROUPS:
        fields = [f"{name}_{index}" for index in table.side_range]
        return bool(getattr(form, name).errors) or any(
            field in form and form[field].data not in (None, False) for field in fields
        )
    if name not in form:
        return False
    return bool(form[name].data) or bool(form[name].errors)


@bp.route("/games/<int:game_id>/hands/new", methods=["GET", "POST"])
@requires("scorekeeper")
def new(game_id: int) -> tuple[str, int] | BaseResponse:
    """Record the next hand."""
    game = game_or_404(game_id)
    table = _table(game, len(game.hands) + 1)
    form = hand_form(table) if request.method == "POST" else _query_form(table, {})
    if form.validate_on_submit():
        try:
            services.add_hand(game, hand_document(form, table), posted_int(form.version.data))
        except PinochleError as error:
            form.show_error(error)
        else:
            return redirect(url_for("games.show", game_id=game.id))
    return _render("hands/form.html", form, table, result=services.replay_game(game))


@bp.route("/games/<int:game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
@requires("scorekeeper")
def edit(game_id: int, number: int) -> tuple[str, int] | BaseResponse:
    """Correct hand ``number``: the same form, the hand's history, and delete."""
    game = game_or_404(game_id)
    hand = hand_or_404(game, number)
    table = _table(game, number)
    if request.method == "POST":
        form = hand_form(table)
    else:
        form = _query_form(table, _form_data(services.hand_document(hand), table))
    if form.validate_on_submit():
        try:
            services.replace_hand(
                game, number, hand_document(form, table), posted_int(form.version.data)
            )
        except PinochleError as error:
            form.show_error(error)
        else:
            flash(_("Hand %(number)s corrected.", number=number))
            return redirect(url_for("games.show", game_id=game.id))
    history = [edit for edit in game.edits if edit.number == number]
    return _render("hands/form.html", form, table, editing=True, history=history[::-1])


@bp.route("/games/<int:game_id>/hands/<int:number>/delete", methods=["POST"])
def delete(game_id: int, number: int) -> BaseResponse:
    """Delete hand ``number``; the hands after it move up one."""
    game = game_or_404(game_id)
    hand_or_404(game, number)
    try:
        services.delete_hand(game, number, posted_int(request.form.get("version")))
    except PinochleError as error:
        flash(engine_message(error), "error")
        return redirect(url_for("hands.edit", game_id=game.id, number=number))
    flash(_("Hand %(number)s deleted; the hands after it moved up.", number=number))
    return redirect(url_for("games.show", game_id=game.id))


@bp.route("/games/<int:game_id>/undo", methods=["POST"])
def undo(game_id: int) -> BaseResponse:
    """Take back the last hand, in one tap."""
    game = game_or_404(game_id)
    number = len(game.hands)
    if number == 0:
        flash(_("There is no hand to undo."), "error")
    else:
        try:
            services.undo_last_hand(game, posted_int(request.form.get("number")))
        except PinochleError as error:
            flash(engine_message(error), "error")
        else:
            flash(_("Hand %(number)s undone.", number=number))
    return redirect(url_for("games.show", game_id=game.id))

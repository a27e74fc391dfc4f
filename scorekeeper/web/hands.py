"""Recording, correcting and deleting hands: the views.

A view maps the form's fields to the typed values (``hand_form.typed``), hands them
to the engine's one reader of a typed hand (``engine.entry.read_hand``) and maps
the answer back to the page: the hand goes to ``services``; each refusal goes
beside the field it names and into a summary at the top, with status 400 and
nothing saved. The live hints come from the same reader through ``preview``
(JSON); the page's JavaScript only shows them.

A typical partnership hand is seven actions from the scoreboard: its bidder's
button, a bid chip (``hand_form.BidField``), trump, each side's meld, one side's
counters, save; the other side's counters fill themselves
(tests/browser/test_actions.py).

When another phone recorded the hand first, the answer shows that hand and an
empty form for the next one; what this phone typed is only shown ("yours was"),
with a link that puts it into the form. One careless tap never saves it twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, flash, g, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.wrappers import Response as BaseResponse

from .. import services
from ..engine.entry import HandReading, Refusal, bid_ladder, read_hand
from ..engine.errors import PinochleError
from ..engine.scoring import applicable_fields, max_bid
from ..gamefile import hand_to_document
from ..i18n import engine_message
from ..models import Game
from . import hand_keys
from .auth import requires
from .forms import game_or_404, hand_or_404, posted_int, whole_number
from .hand_form import (
    GROUPS,
    HandForm,
    Table,
    form_data,
    hand_form,
    table_of,
    take_checked_meld,
    typed,
)

bp = Blueprint("hands", __name__)

# the fields in the order the page shows them: the summary of refusals follows it
PAGE_ORDER = (
    "bidder",
    "bid",
    "trump",
    "made",
    "meld_*",
    "meld",
    "meld_cards",
    "counters_*",
    "counters",
    "thrown_in",
    "no_marriage",
    "took_trick",
    "meld_chips_*",
    "meld_chips",
    "all_tricks",
    "moon",
    "passed_out",
    "misdeal",
    "renege",
    "time_called",
)
# the house rules' rarer outcomes, folded under "Other outcomes" unless they hold a value
OTHER_OUTCOMES = ("misdeal", "renege", "time_called")
# where a refusal about a group of fields links to (the fieldset that holds them)
ANCHOR = {"meld_cards": "meld"}


# --- the reading, for the page and for the live hints -------------------------------------------


def _as_typed(args: Any) -> dict[str, str]:
    """The preview's query as the form reads it: the bid typed after the chips wins
    over a chip (``hand_form.BidField``)."""
    values: dict[str, str] = args.to_dict()
    bids = [bid for bid in args.getlist("bid") if bid.strip()]
    if bids:
        values["bid"] = bids[-1]
    return values


def reading_of(table: Table, values: Mapping[str, object]) -> HandReading:
    """The engine's reading of the hand as typed so far."""
    return read_hand(table.engine, values, table.number)


def show_refusals(form: HandForm, reading: HandReading) -> None:
    """Each refusal of the reading beside the field it names (or on the form)."""
    for refusal in reading.refusals:
        form.add_error(refusal.field or None, engine_message(refusal.error))


def need_sentence(table: Table, reading: HandReading) -> str:
    """What the bidders need, as a person says it ("Ben needs 140 of 250 counters")."""
    rules = table.rules
    if not rules.bidding or reading.bid is None:
        return ""
    if rules.is_auction:
        return worth_sentence(reading)
    if reading.short_of_meld:
        return ""  # bidders short of meld to play need nothing: short_of_meld_sentence
    if reading.bidder_side is None:
        return _("Tap the bidder to see what they need.")
    side = table.engine.sides[reading.bidder_side]
    values = {"side": side.name, "needed": reading.needed, "total": rules.counters.total}
    count = len(side.players)
    if reading.out_of_reach:
        return ngettext(
            "%(side)s needs %(needed)s of %(total)s counters: more than a hand has",
            "%(side)s need %(needed)s of %(total)s counters: more than a hand has",
            count,
            **values,
        )
    return ngettext(
        "%(side)s needs %(needed)s of %(total)s counters",
        "%(side)s need %(needed)s of %(total)s counters",
        count,
        **values,
    )


def worth_sentence(reading: HandReading) -> str:
    """Auction pinochle: what the bid is worth ("350 is worth 5 chips from each player")."""
    if reading.worth is None:
        return ""
    return ngettext(
        "%(bid)s is worth %(num)s chip from each player",
        "%(bid)s is worth %(num)s chips from each player",
        reading.worth,
        bid=reading.bid,
    )


def short_of_meld_sentence(table: Table, reading: HandReading) -> str:
    """The reader's answer to "may the bidders play?" under ``min_meld_to_play``, as a
    sentence; "" when they may (or the rule is off, or nobody is the bidder yet)."""
    if not reading.short_of_meld or reading.bidder_side is None:
        return ""
    side = table.engine.sides[reading.bidder_side]
    return ngettext(
        "%(side)s has under %(minimum)s meld: set without play, no counters",
        "%(side)s have under %(minimum)s meld: set without play, no counters",
        len(side.players),
        side=side.name,
        minimum=table.rules.meld_to_play,
    )


def preview_values(table: Table, reading: HandReading) -> dict[str, Any]:
    """The reading as the page's JavaScript takes it (``preview``'s JSON, documented there)."""
    rules = table.rules
    answer: dict[str, Any] = {
        "number": table.number,
        "bidding": rules.bidding,
        "total": rules.counters.total,
        "unit": rules.counters.unit,
        "counters": list(reading.counters),
        "filled": reading.filled,
        "need": need_sentence(table, reading),
        "needed": reading.needed,
        "can_throw_in": reading.can_throw_in,
        "throw_in": "",
        "bid_error": None,
        "short_of_meld": "",
        "bidder_side": reading.bidder_side,
        "warnings": [_warning(refusal) for refusal in reading.warnings],
        "dropped": [engine_message(notice) for notice in reading.dropped],
        "ladder": list(bid_ladder(rules)),
        "worth": reading.worth,
    }
    if not rules.bidding:
        return answer
    bid = reading.bid
    answer.update(
        bid=bid,
        next_bid=rules.next_bid(rules.min_bid - 1 if bid is None else bid),
        previous_bid=rules.min_bid if bid is None else rules.previous_bid(bid),
    )
    bid_refusal = reading.refusal_for("bid")
    if bid is not None and bid_refusal is not None and not bid_refusal.missing:
        answer["bid_error"] = engine_message(bid_refusal.error)
    answer["short_of_meld"] = short_of_meld_sentence(table, reading)
    if reading.can_throw_in:
        answer["throw_in"] = _("They may throw in.")
    elif reading.throw_in_refusal is not None:
        answer["throw_in"] = engine_message(reading.throw_in_refusal)
    return answer


def _warning(refusal: Refusal) -> dict[str, str]:
    error = refusal.error
    return {"field": refusal.field, "code": error.code, "message": engine_message(error)}


@bp.route("/games/<int:game_id>/hands/preview")
@requires("scorekeeper")
def preview(game_id: int) -> BaseResponse:
    """JSON for the live hints, from the engine's reader of a typed hand.

    Parameters as the form's fields: ``bidder``, ``bid``, ``trump``, ``meld_<side>``,
    ``counters_<side>`` (empty: not typed), ``thrown_in``, ``cards_<seat>``, ... and
    ``number`` (the hand, for the engine's sentences; default the next one).

    The answer::

        number, bidding, total, unit   the hand, whether it has bidding, the counters
                                       of a hand and their unit
        counters, filled               the counters per side, the one side left empty
                                       filled in (``filled``: its index, or null)
        need, needed, bidder_side      "Them need 130 of 250 counters", 130, 1
        can_throw_in, throw_in         whether the bidders may throw in, and the
                                       sentence ("They may throw in." or why not)
        bid, next_bid, previous_bid    the bid read, the bids above and below it on the
                                       ladder (− / +); only with bidding
        bid_error                      the engine's sentence for a bid off the ladder
        short_of_meld                  "Us have under 200 meld: set without play, no
                                       counters" (``min_meld_to_play``), or ""
        ladder                         the first bids of the ladder, from the minimum
                                       (empty without bidding): − / + in the page
        warnings                       what Save would refuse, but for values not
                                       typed yet: [{field, code, message}], ``field``
                                       the form field (``counters_1``) or group
        dropped                        meld the rules do not count (double deck: under 20)
        worth                          auction pinochle: the chips the bid is worth from
                                       each player for the typed trump (``need`` says
                                       it in words); null elsewhere
    """
    game = game_or_404(game_id)
    number = whole_number(request.args.get("number")) or len(game.hands) + 1
    table = table_of(game, number)
    return jsonify(preview_values(table, reading_of(table, _as_typed(request.args))))


# --- the pages -----------------------------------------------------------------------------


def _query_form(table: Table, defaults: Mapping[str, Any]) -> HandForm:
    """A GET's form: from the query (back from the meld checker, or "enter mine")
    or from ``defaults``."""
    args = request.args
    form = hand_form(table, data=dict(defaults))
    if "meld_for" in args or any(name in form for name in args):
        form = hand_form(table, formdata=args, data=dict(defaults))
        take_checked_meld(form, table, args)
    return form


def problems(form: HandForm, table: Table) -> list[dict[str, str]]:
    """Every sentence the form shows, in the page's order, each with the field's
    anchor and name: the summary at the top of a refused form."""
    found: list[dict[str, str]] = [
        {"anchor": "", "label": "", "message": message} for message in form.form_errors
    ]
    for pattern in PAGE_ORDER:
        names = (
            [pattern.replace("*", str(index)) for index in table.side_range]
            if pattern.endswith("*")
            else [pattern]
        )
        for name in names:
            field = getattr(form, name, None)
            if field is None or not getattr(field, "errors", None):
                continue
            label = _field_label(form, table, name)
            for message in field.errors:
                found.append({"anchor": ANCHOR.get(name, name), "label": label, "message": message})
    return found


def _field_label(form: HandForm, table: Table, name: str) -> str:
    """A field's name as a person reads it: "Counters, Them"."""
    base, _sep, side = name.rpartition("_")
    groups = {"meld": _("Meld"), "counters": _("Counters"), "meld_chips": _("Meld chips")}
    if side.isdigit() and base in groups:
        return f"{groups[base]}, {table.engine.sides[int(side)].name}"
    if name in groups:
        return groups[name]
    if name == "meld_cards":
        return _("Meld")
    field = getattr(form, name, None)
    label = getattr(field, "label", None)
    return str(label.text) if label is not None else ""


def _render(
    template: str, form: HandForm, table: Table, status: int | None = None, **context: Any
) -> tuple[str, int]:
    rules = table.rules
    applicable = applicable_fields(rules)
    offered = {
        name: name in applicable
        for name in (
            "thrown_in",
            "passed_out",
            "all_tricks",
            "took_trick",
            "no_marriage",
            "moon",
            *OTHER_OUTCOMES,
        )
    }
    offered["meld_chips"] = "meld_chips" in applicable
    # auction pinochle asks the result, and "conceded" is a choice of the trump
    offered["made"] = "made" in applicable
    offered["thrown_in"] = offered["thrown_in"] and not offered["made"]
    offered["meld"] = "meld" in applicable
    offered["counters"] = "counters" in applicable
    # a field the rules do not offer is still shown when it holds a value or a refusal
    shown_fields = {name: offered[name] or _holds_value(form, table, name) for name in offered}
    if status is None:
        status = 400 if request.method == "POST" else 200
    if "version" in form:
        form.version.data = str(services.version(table.game))
    reading = reading_of(table, typed(form))
    found = problems(form, table) if status == 400 else []
    g.hand_refusals = [
        f"{item['label']}: {item['message']}" if item["label"] else item["message"]
        for item in found
    ]
    return render_template(
        template,
        form=form,
        table=table,
        game=table.game,
        rules=rules,
        sides=table.engine.sides,
        seating=table.engine.seating,
        offered=shown_fields,
        # the rarer outcomes' fold is open when one of them holds a value or a refusal
        other_open=any(_holds_value(form, table, name) for name in OTHER_OUTCOMES),
        preview=preview_values(table, reading),
        shown={shown.seat: shown for shown in reading.shown},
        problems=found,
        first_bad=next((item["anchor"] for item in found if item["anchor"]), ""),
        bids=rules.bid_ladder(max_bid(rules)) if rules.bidding else (),  # chips and − / +
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


def _save(form: HandForm, table: Table, store: Any) -> HandReading | None:
    """Read the posted form and, when the rules take it, store it with ``store``
    (a service call given the hand's document); None when refused."""
    if not form.validate_on_submit():
        return None
    reading = reading_of(table, typed(form))
    if reading.hand is None:
        show_refusals(form, reading)
        return None
    store(hand_to_document(reading.hand))
    return reading


@bp.route("/games/<int:game_id>/hands/new", methods=["GET", "POST"])
@requires("scorekeeper")
def new(game_id: int) -> tuple[str, int] | BaseResponse:
    """Record the next hand (once for a posted ``idempotency_key``: ``hand_keys``)."""
    game = game_or_404(game_id)
    key = hand_keys.posted_key()
    if key is not None:
        return hand_keys.new_hand_once(game, key, lambda receipt: _new(game, receipt))
    return _new(game)


def _new(game: Game, receipt: services.Receipt | None = None) -> tuple[str, int] | BaseResponse:
    table = table_of(game, len(game.hands) + 1)
    form = hand_form(table) if request.method == "POST" else _query_form(table, {})
    version = posted_int(form.version.data) if request.method == "POST" else None

    def store(document: dict[str, Any]) -> None:
        services.add_hand(game, document, version, receipt)

    try:
        if _save(form, table, store) is not None:
            return redirect(url_for("games.show", game_id=game.id))
    except PinochleError as error:
        g.hand_refusal_code = error.code
        if error.code == "hand_recorded_meanwhile":
            return _recorded_meanwhile(game, form, error)
        form.show_error(error)
    return _render("hands/form.html", form, table, result=services.replay_game(game))


def _recorded_meanwhile(game: Game, mine: HandForm, error: PinochleError) -> tuple[str, int]:
    """Another phone recorded this hand first: show its hand and the totals now, an
    empty form for the next hand, and this phone's values only as "yours was"."""
    result = services.replay_game(game)
    table = table_of(game, len(game.hands) + 1)
    yours = {
        name: str(value) for name, value in typed(mine).items() if value not in (None, "", False)
    }
    yours = {name: ("y" if value == "True" else value) for name, value in yours.items()}
    theirs = result.hands[-1] if result.hands else None
    recorded = services.hand_document(game.hands[-1]) if game.hands else None
    mine_typed = mine_document(mine, table)
    form = hand_form(table, formdata=None)  # empty: not this phone's values
    page = _render(
        "hands/form.html",
        form,
        table,
        status=400,
        result=result,
        meanwhile={
            "sentence": engine_message(error),
            "hand": theirs,
            "document": recorded,
            "totals": result.totals,
            "yours": mine_typed,
            # the very hand the other phone recorded: nothing to enter again
            "same": mine_typed is not None and mine_typed == recorded,
            "enter_mine": url_for("hands.new", game_id=game.id) + "?" + urlencode(yours),
        },
    )
    g.hand_refusals = [engine_message(error)]
    return page


def mine_document(form: HandForm, table: Table) -> dict[str, Any] | None:
    """What this phone typed, as a hand's document (for "yours was: …")."""
    reading = reading_of(table, typed(form))
    return hand_to_document(reading.hand) if reading.hand is not None else None


@bp.route("/games/<int:game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
@requires("scorekeeper")
def edit(game_id: int, number: int) -> tuple[str, int] | BaseResponse:
    """Correct hand ``number``: the same form, the hand's history, and delete."""
    game = game_or_404(game_id)
    hand = hand_or_404(game, number)
    table = table_of(game, number)
    if request.method == "POST":
        form = hand_form(table)
    else:
        form = _query_form(table, form_data(services.hand_document(hand), table))
    version = posted_int(form.version.data) if request.method == "POST" else None

    def store(document: dict[str, Any]) -> None:
        services.replace_hand(game, number, document, version)

    try:
        if _save(form, table, store) is not None:
            flash(_("Hand %(number)s corrected.", number=number))
            return redirect(url_for("games.show", game_id=game.id))
    except PinochleError as error:
        form.show_error(error)
    history = [edit for edit in game.edits if edit.number == number]
    return _render("hands/form.html", form, table, editing=True, history=history[::-1])


# --- delete (asks once) and undo (one tap); the way back is in history.py -----------------


@bp.route("/games/<int:game_id>/hands/<int:number>/delete", methods=["POST"])
def delete(game_id: int, number: int) -> str | BaseResponse:
    """Delete hand ``number`` once asked (the hands after it move up one): a post
    without ``confirmed`` is the question, a page with the one button that deletes
    (the page's script asks on the button itself: "Tap again to delete")."""
    game = game_or_404(game_id)
    hand = hand_or_404(game, number)
    version = posted_int(request.form.get("version"))
    if request.form.get("confirmed") != "yes":
        document = services.hand_document(hand)
        return render_template(
            "hands/delete.html", game=game, number=number, version=version, hand=document
        )
    try:
        services.delete_hand(game, number, version)
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


# --- end of delete and undo ----------------------------------------------------------------

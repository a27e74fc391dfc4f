"""Recording, correcting and deleting hands: the views.

A view maps the form's fields to the typed values (``hand_form.typed``), hands them
to the engine's one reader of a typed hand (``engine.entry.read_hand``) and maps
the answer back to the page: the hand goes to ``games.hands``; each refusal goes
beside the field it names and into a summary at the top, with status 400 and
nothing saved. The live hints come from the same reader through ``preview``
(JSON); the page's JavaScript only shows them.

A typical partnership hand is seven actions from the scoreboard: its bidder's
button, a bid chip (``hand_form.BidField``), trump, each side's meld, one side's
counters, save; the other side's counters fill themselves
(tests/browser/test_actions.py).

When another phone recorded the hand first, the answer shows that hand and this
phone's side by side with three choices (keep theirs, put mine in its place, mine is
the next hand), and an empty form for the next one; a new hand that repeats the hand
before it asks "Same as hand N?" once (``meanwhile``). One careless tap never saves a
hand twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, flash, g, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.club.confirm import LOCK_CODES, locked, note_keeper
from scorekeeper.club.events import table_of_game
from scorekeeper.engine.entry import HandReading
from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.gamefile import hand_to_document
from scorekeeper.engine.hand_score import applicable_fields, max_bid, throw_in_needs_meld
from scorekeeper.games import stored as game_stored
from scorekeeper.games.hands import (
    Receipt,
    Repeat,
    add_hand,
    delete_hand,
    replace_hand,
    undo_last_hand,
)
from scorekeeper.games.stored import hand_document, replay_game
from scorekeeper.i18n.refusals import engine_message
from scorekeeper.store.models import Game
from scorekeeper.web import hand_keys, meanwhile, table_pass
from scorekeeper.web.auth import requires
from scorekeeper.web.corrections import about_the_reason, director_correction, posted_reason
from scorekeeper.web.forms import game_or_404, hand_or_404, posted_int, whole_number
from scorekeeper.web.hand_form import (
    GROUPS,
    HandForm,
    Table,
    form_data,
    form_melds,
    hand_form,
    side_melds,
    table_of,
    take_checked_meld,
    typed,
)
from scorekeeper.web.hand_hints import (
    as_typed,
    preview_values,
    reading_of,
    show_refusals,
)
from scorekeeper.web.scoreboard import refused_page

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
# the end of the codes that ask before a misdeal or a pass-out drops a typed hand
DROPS_TYPED = "_drops_typed"
# where a refusal about a group of fields links to (the fieldset that holds them)
ANCHOR = {"meld_cards": "meld"}


# --- the live hints --------------------------------------------------------------------------


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
        can_throw_in, throw_in         whether the bidders may throw in (null: not
                                       known yet, the bidders' meld blank under
                                       when_impossible), and the sentence ("They may
                                       throw in." or why not)
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
        side_meld                      per side, its meld as the sum of its checked
                                       players' ("Ann 150 + Cal 40 = 190"), or ""
    """
    game = game_or_404(game_id)
    number = whole_number(request.args.get("number")) or len(game.hands) + 1
    table = table_of(game, number)
    typed = as_typed(request.args)
    reading = reading_of(table, typed)
    melds = {side: whole_number(typed.get(f"meld_{side}")) for side in table.side_range}
    lines = side_melds(table, melds, reading.shown)
    side_meld = [lines[side].striptags() if side in lines else "" for side in table.side_range]
    return jsonify({**preview_values(table, reading), "side_meld": side_meld})


# --- the pages -----------------------------------------------------------------------------


def _query_form(table: Table, defaults: Mapping[str, Any]) -> HandForm:
    """A GET's form: from the query (back from the meld checker, or "enter mine")
    or from ``defaults``."""
    args = request.args
    form = hand_form(table, data=dict(defaults))
    if "meld_for" in args or any(name in form for name in args):
        form = hand_form(table, formdata=args, data=dict(defaults))
        for name, value in defaults.items():  # a checkbox the query does not name is
            if name not in args:  # unticked by it: time called stays ticked ("?bidder=")
                form[name].data = value
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
        form.version.data = str(game_stored.version(table.game))
    reading = reading_of(table, typed(form))
    if "drop_typed" in form:  # asked once: Save again drops the typed hand for the outcome
        asked = [r.field for r in reading.refusals if r.error.code.endswith(DROPS_TYPED)]
        form.drop_typed.data = asked[0] if asked and status == 400 else form.drop_typed.data
    found = problems(form, table) if status == 400 else []
    if status == 400 and context.get("reason_error"):  # a correction without its reason:
        # in the summary at the top too, where the person is looking after Save
        label = _("Reason for the correction")
        found.append({"anchor": "reason", "label": label, "message": context["reason_error"]})
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
        side_melds=side_melds(table, form_melds(form, table), reading.shown),
        problems=found,
        first_bad=next((item["anchor"] for item in found if item["anchor"]), ""),
        bids=rules.bid_ladder(max_bid(rules)) if rules.bidding else (),  # chips and − / +
        throw_in_needs_meld=throw_in_needs_meld(rules),  # a throw-in asks the bidders' meld
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
    game = game_or_404(game_id, history=False)  # a new hand's entry is added unread
    key = hand_keys.posted_key()
    if key is not None:
        return hand_keys.new_hand_once(game, key, lambda receipt: _new(game, receipt))
    return _new(game)


def _new(game: Game, receipt: Receipt | None = None) -> tuple[str, int] | BaseResponse:
    game_id = game.id  # read now: after the commit, game.id would load the whole game again
    table = table_of(game, len(game.hands) + 1)
    # a club night's table (time called, round closed): read for the page, not the save
    place = table_of_game(game_id) if request.method == "GET" else None
    if request.method == "POST":
        form = hand_form(table)
    else:
        called = {"time_called": True} if place is not None and place.time_called else {}
        form = _query_form(table, called)
    version = posted_int(form.version.data) if request.method == "POST" else None
    # "Same as hand N?" answered: the number of the hand this one repeats (meanwhile.py)
    repeat = Repeat(ask=True, same_as=posted_int(request.form.get(meanwhile.FIELD)))

    def store(document: dict[str, Any]) -> None:
        add_hand(game, document, version, receipt, repeat)  # a locked table refuses it

    try:
        if _save(form, table, store) is not None:
            keeper = table_pass.player_at(game_id)  # a pass opens a club night's table
            if keeper is not None:  # this phone's side kept score (club.confirm)
                note_keeper(game_id, keeper)
            return redirect(url_for("games.show", game_id=game_id))
    except PinochleError as error:
        g.hand_refusal_code = error.code
        if error.code == "hand_recorded_meanwhile":
            return _recorded_meanwhile(game, form, error)
        if error.code == "hand_same_as_before":
            return _same_as_before(game, form, table, error)
        form.show_error(error)
    if request.method == "POST":  # refused: the page again
        place = table_of_game(game_id)
    return _render("hands/form.html", form, table, result=replay_game(game), place=place)


def _recorded_meanwhile(game: Game, mine: HandForm, error: PinochleError) -> tuple[str, int]:
    """Another phone recorded this hand first: that hand and this phone's side by side,
    the three choices, and an empty form for the next hand (``meanwhile``)."""
    table = table_of(game, len(game.hands) + 1)
    shown = meanwhile.recorded_meanwhile(game, mine, table)
    form = hand_form(table, formdata=None)  # empty: not this phone's values
    page = _render("hands/form.html", form, table, status=400, result=replay_game(game),
                   meanwhile=shown)  # fmt: skip
    g.hand_refusals = [engine_message(error)]
    return page


def _same_as_before(
    game: Game, form: HandForm, table: Table, error: PinochleError
) -> tuple[str, int]:
    """The hand repeats the one before it: "Same as hand N?" above the form as typed."""
    before = int(error.values["before"])
    shown = meanwhile.same_as_before(game, form, table, before)
    page = _render("hands/form.html", form, table, status=400, result=replay_game(game),
                   repeat=shown)  # fmt: skip
    g.hand_refusals = [engine_message(error)]
    g.hand_refusal_data = {meanwhile.FIELD: before}
    return page


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
        form = _query_form(table, form_data(hand_document(hand), table))
    version = posted_int(form.version.data) if request.method == "POST" else None

    def store(document: dict[str, Any]) -> None:
        replace_hand(game, number, document, version, correction=director_correction())

    reason_error = None
    try:
        if _save(form, table, store) is not None:
            flash(_("Hand %(number)s corrected.", number=number))
            return redirect(url_for("games.show", game_id=game_id))
    except PinochleError as error:
        if about_the_reason(error):  # beside the reason's field
            reason_error = engine_message(error)
        else:
            form.show_error(error)
    history = [edit for edit in game.edits if edit.number == number]
    return _render("hands/form.html", form, table, editing=True, history=history[::-1],
                   lock=locked(game), reason=posted_reason(), reason_error=reason_error,
                   status=400 if reason_error else None)  # fmt: skip


# --- delete (asks once) and undo (one tap); the way back is in history.py -----------------


@bp.route("/games/<int:game_id>/hands/<int:number>/delete", methods=["POST"])
def delete(game_id: int, number: int) -> str | tuple[str, int] | BaseResponse:
    """Delete hand ``number`` once asked (the hands after it move up one): a post
    without ``confirmed`` is the question, a page with the one button that deletes
    (the page's script asks on the button itself: "Tap again to delete")."""
    game = game_or_404(game_id)
    hand = hand_or_404(game, number)
    version = posted_int(request.form.get("version"))
    lock = locked(game)
    if request.form.get("confirmed") != "yes":
        document = hand_document(hand)
        return render_template(
            "hands/delete.html", game=game, number=number, version=version, hand=document,
            lock=lock, reason=posted_reason(),
        )  # fmt: skip
    try:
        delete_hand(game, number, version, correction=director_correction())
    except PinochleError as error:
        if lock is not None:  # the question again, the sentence beside the reason
            page = render_template(
                "hands/delete.html", game=game, number=number, version=version,
                hand=hand_document(hand), lock=lock, reason=posted_reason(),
                reason_error=engine_message(error),
            )  # fmt: skip
            return page, 400
        flash(engine_message(error), "error")
        return redirect(url_for("hands.edit", game_id=game_id, number=number))
    flash(_("Hand %(number)s deleted; the hands after it moved up.", number=number))
    return redirect(url_for("games.show", game_id=game_id))


@bp.route("/games/<int:game_id>/undo", methods=["POST"])
def undo(game_id: int) -> tuple[str, int] | BaseResponse:
    """Take back the last hand, in one tap."""
    game = game_or_404(game_id)
    number = len(game.hands)
    if number == 0:
        flash(_("There is no hand to undo."), "error")
    else:
        try:
            undo_last_hand(game, posted_int(request.form.get("number")))
        except PinochleError as error:
            if error.code in LOCK_CODES:  # the sentence on the scoreboard, 400
                return refused_page(game.id, engine_message(error))
            flash(engine_message(error), "error")
        else:
            flash(_("Hand %(number)s undone.", number=number))
    return redirect(url_for("games.show", game_id=game_id))


# --- end of delete and undo ----------------------------------------------------------------

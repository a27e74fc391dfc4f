"""The engine's reading of a typed hand, said on the hand form: each refusal beside the
field it names, what the bidders need, what a bid is worth, a set without play for
lack of meld, and the live preview's values. The views (``hands``) and the preview
ask here; the engine decides, this module only words its answer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from scorekeeper.engine.entry import HandReading, bid_ladder, read_hand
from scorekeeper.engine.refusals import Refusal
from scorekeeper.i18n.refusals import engine_message
from scorekeeper.web.hand_form import (
    HandForm,
    Table,
)


def as_typed(args: Any) -> dict[str, str]:
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
        "warnings": [warning_of(refusal) for refusal in reading.warnings],
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


def warning_of(refusal: Refusal) -> dict[str, str]:
    error = refusal.error
    return {"field": refusal.field, "code": error.code, "message": engine_message(error)}

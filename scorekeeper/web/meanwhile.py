"""One real hand stored once (issue 23): what the hand form shows when another phone
recorded the hand first, and when a new hand repeats the hand before it.

Another phone first: its hand and this phone's side by side, each line marked where
they differ, and three choices: keep theirs (nothing stored), put mine in place of
that hand (a correction, kept in its history: ``hands.edit``), or mine is the next
hand (``hands.new``, confirmed as a new hand when it repeats theirs). When both
phones typed the same hand there is nothing to choose: one sentence says so.

A new hand with the bidder, bid, trump and meld of the hand before it
(``engine.repeats``): "Same as hand 6?", both hands, and one button that sends the
same form again with ``same_as`` (the number of the hand it repeats).

The choices are small forms of hidden fields (what this phone typed): they work
without JavaScript, and a second tap meets the game's version, never a second hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from flask import url_for
from flask_babel import gettext as _

from scorekeeper.engine.cards import Suit
from scorekeeper.engine.gamefile import hand_to_document
from scorekeeper.games.stored import hand_document, replay_game
from scorekeeper.store.models import Game
from scorekeeper.web.hand_form import HandForm, Table, typed
from scorekeeper.web.hand_hints import reading_of

FIELD = "same_as"  # the form's answer to "Same as hand N?": N


def carried(form: HandForm) -> list[tuple[str, str]]:
    """What this phone typed, as the hidden fields a choice posts again."""
    fields = []
    for name, value in typed(form).items():
        if value in (None, "", False):
            continue
        fields.append((name, "y" if value is True else str(value)))
    return fields


def mine_document(form: HandForm, table: Table) -> dict[str, Any] | None:
    """What this phone typed, as a hand's document (None when the rules refuse it)."""
    reading = reading_of(table, typed(form))
    return hand_to_document(reading.hand) if reading.hand is not None else None


def recorded_meanwhile(game: Game, mine: HandForm, table: Table) -> dict[str, Any]:
    """The page's ``meanwhile``: hand N as the other phone recorded it, the totals now,
    this phone's hand beside it and the three choices (``table`` is hand N+1's)."""
    result = replay_game(game)
    number = len(game.hands)
    theirs = hand_document(game.hands[-1]) if game.hands else None
    yours = mine_document(mine, table)
    return {
        "number": number,
        "hand": result.hands[-1] if result.hands else None,
        "document": theirs,
        "totals": result.totals,
        "yours": yours,
        "same": yours is not None and yours == theirs,
        "rows": compared(theirs or {}, yours or {}, table) if yours else [],
        "fields": carried(mine),
        "repeats": repeats_document(theirs, yours),
        # this phone's values put into the form, when they cannot be read as a hand
        "enter_mine": url_for("hands.new", game_id=game.id) + "?" + urlencode(carried(mine)),
    }


def same_as_before(game: Game, mine: HandForm, table: Table, before: int) -> dict[str, Any]:
    """The page's ``repeat``: "Same as hand N?", hand N and this one side by side."""
    theirs = hand_document(game.hands[before - 1])
    yours = mine_document(mine, table) or {}
    return {"before": before, "rows": compared(theirs, yours, table), "field": FIELD}


def repeats_document(theirs: Mapping[str, Any] | None, yours: Mapping[str, Any] | None) -> bool:
    """Whether this phone's hand has the bidder, bid, trump and meld of theirs (the
    next-hand choice then says it is a new hand all the same)."""
    if not theirs or not yours:
        return False
    return all(theirs.get(name) == yours.get(name) for name in ("bidder", "bid", "trump", "meld"))


def compared(
    theirs: Mapping[str, Any], yours: Mapping[str, Any], table: Table
) -> list[dict[str, Any]]:
    """The two hands line by line, as a person reads them: [{label, theirs, yours,
    differs}], the lines neither hand holds left out."""
    sides = [side.name for side in table.engine.sides]
    lines: list[tuple[str, str, str]] = []
    if table.rules.bidding:
        lines.append((_("Bidder"), theirs.get("bidder") or "", yours.get("bidder") or ""))
        lines.append((_("Bid"), _text(theirs.get("bid")), _text(yours.get("bid"))))
    lines.append((_("Trump"), suit_symbol(theirs.get("trump")), suit_symbol(yours.get("trump"))))
    for name, label in (("meld", _("Meld")), ("counters", _("Counters"))):
        for index, side in enumerate(sides):
            lines.append(
                (f"{label}, {side}", _nth(theirs.get(name), index), _nth(yours.get(name), index))
            )
    lines.append((_("Other"), outcome_words(theirs, sides), outcome_words(yours, sides)))
    return [
        {"label": label, "theirs": one or "–", "yours": other or "–", "differs": one != other}
        for label, one, other in lines
        if one or other
    ]


def outcome_words(document: Mapping[str, Any], sides: list[str]) -> str:
    """The rarer fields of a hand in words: thrown in, passed out, a renege, ..."""
    words = []
    flags = {
        "thrown_in": _("thrown in"),
        "passed_out": _("passed out"),
        "misdeal": _("misdeal"),
        "no_marriage": _("no marriage in trump"),
        "moon": _("moon announced"),
        "time_called": _("time called"),
    }
    words += [text for name, text in flags.items() if document.get(name)]
    for name, text in (("renege", _("Renege")), ("all_tricks", _("All twelve tricks"))):
        side = document.get(name)
        if isinstance(side, int) and 0 <= side < len(sides):
            words.append(f"{text}: {sides[side]}")
    if "made" in document:
        words.append(_("Made") if document["made"] else _("Went bete"))
    return ", ".join(words)


def suit_symbol(letter: object) -> str:
    """``H`` -> ``♥`` (a document's trump as the page shows it)."""
    return Suit(letter).symbol if isinstance(letter, str) and letter else ""


def _text(value: object) -> str:
    return "" if value is None else str(value)


def _nth(values: object, index: int) -> str:
    if isinstance(values, list | tuple) and index < len(values):
        return str(values[index])
    return ""

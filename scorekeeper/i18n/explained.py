"""A hand's points explained in words, side by side, in the page's language: the terms
``engine.explain`` takes a hand apart into ("meld 80 + counters 250 + moon shot +250 =
+580"), and in check the chips ("meld chips 4 + bid made 5 = 9; after the sides pay each
other +8"). The figures are the engine's; these are the words.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from scorekeeper.engine.explain import Term, explain
from scorekeeper.engine.scoring import GameResult
from scorekeeper.i18n.endings import hand_words
from scorekeeper.i18n.signs import minus, signed

# each term's words; %(points)s is its amount with its sign, %(number)s the figure it
# names besides, %(count)s how many it is paid by or to
TERM_WORDS = {
    "meld": _l("meld %(points)s"),
    "counters": _l("counters %(points)s"),
    "meld_short": _l("meld %(number)s under the minimum: 0"),
    "not_saved": _l("meld and counters %(number)s lost, not saved: 0"),
    "bid_lost": _l("set, the bid %(points)s"),
    "moon_won": _l("moon shot %(points)s"),
    "moon_lost": _l("moon failed %(points)s"),
    "every_counter": _l("every counter %(points)s (the others reneged)"),
    "reneged": _l("reneged, meld %(number)s lost: 0"),
    "meld_under": _l("meld %(number)s too small to count: 0"),
    "nothing": _l("nothing scored"),
    "collects": _l("collects %(number)s from each of %(count)s: %(points)s"),
    "pays_each": _l("pays %(number)s to each of %(count)s: %(points)s"),
    "pays_bidder": _l("pays the bidder %(points)s"),
    "paid_by_bidder": _l("paid by the bidder %(points)s"),
    "points": _l("points %(points)s"),
    "meld_chips": _l("meld chips %(points)s"),
    "bid_made": _l("bid made %(points)s"),
    "bid_set": _l("bidders set %(points)s"),
    "all_tricks": _l("every trick %(points)s"),
    "game": _l("game won %(points)s"),
}


@dataclass(frozen=True)
class Reasons:
    """A hand explained for the page: its title and a line per side (and per side's
    chips in check), each with the side's name."""

    number: int
    words: str
    lines: list[tuple[str, str]]


# terms that change a score by their sign (the others are what a side counts): "+250"
SIGNED = {"bid_lost", "moon_won", "moon_lost", "collects", "pays_each", "pays_bidder"}
SIGNED |= {"paid_by_bidder", "points"}


def term_words(term: Term) -> str:
    return str(TERM_WORDS[term.code]) % {
        "points": (signed if term.code in SIGNED else minus)(term.amount),
        "number": minus(term.detail or 0),
        "count": term.count or 0,
    }


def _sum(terms: tuple[Term, ...], total: int) -> str:
    """``a + b = total``; a single term that says its figure alone stands alone."""
    said = " + ".join(term_words(term) for term in terms)
    if len(terms) == 1 and terms[0].code not in ("meld", "counters"):
        return said
    return f"{said} = {signed(total)}"


def _chips(terms: tuple[Term, ...], net: int) -> str:
    """Check pinochle: the chips a side earned in the hand, and what it kept once the
    sides paid each other."""
    if not terms:
        return _("no chips earned; after the sides pay each other: %(net)s", net=signed(net))
    return _(
        "chips earned: %(chips)s = %(earned)s; after the sides pay each other: %(net)s",
        chips=" + ".join(term_words(term) for term in terms),
        earned=minus(sum(term.amount for term in terms)),
        net=signed(net),
    )


def hand_reasons(result: GameResult, index: int) -> Reasons:
    """Hand ``index`` (from 0) of ``result``: why each side scored what it did."""
    why = explain(result, index)
    names = [side.name for side in result.game.sides]
    scored = result.hands[index]
    lines = []
    for side, (name, part) in enumerate(zip(names, why.sides, strict=True)):
        lines.append((name, _sum(part.points, scored.points[side])))
        if part.net is not None:
            lines.append((name, _chips(part.chips, part.net)))
    return Reasons(why.number, hand_words(result)[index], lines)

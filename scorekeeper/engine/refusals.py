"""A typed hand's refusals: each tied to the field it is about (``field_of``, by
``FIELD_OF_CODE``) and ordered as a form shows the fields, and the refusals of typed
values before the engine scores the hand (the bid, a throw-in, the counters as typed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .errors import GameError, PinochleError
from .game import Game, Hand
from .hand_score import verify_bid, verify_throw_in
from .presets import RuleSet
from .typed import Typed, not_whole

# codes that say a value is not typed yet: the live hint does not warn of them
MISSING = frozenset(
    {
        "hand_missing",
        "trump_missing",
        "counters_missing",
        "made_missing",
        "auction_trump_missing",
        "meld_missing_throw_in",
        "meld_missing_to_play",
    }
)
# a refusal's code (or code prefix) -> the hand field it is about (per side:
# "<name>_<side>"); the web's forms take it too (web.forms.FIELD_OF_CODE)
FIELD_OF_CODE: tuple[tuple[str, str], ...] = (
    ("bidder_", "bidder"),
    ("bid_", "bid"),
    ("counters_", "counters"),
    ("meld_cards_", "meld_cards"),
    ("meld_chips_", "meld_chips"),
    ("meld_", "meld"),
    ("throw_in_", "thrown_in"),
    ("passed_out_", "passed_out"),
    ("trump_", "trump"),
    ("no_marriage_", "trump"),
    ("took_trick_", "took_trick"),
    ("all_tricks_", "all_tricks"),
    ("made_", "made"),
    ("conceded_", "trump"),  # auction's "conceded" is a choice of the trump group
    ("auction_trump_", "trump"),
    ("card_", "meld_cards"),
    ("hand_too_large", "meld_cards"),
    ("renege_", "renege"),
    ("misdeal_", "misdeal"),
    ("moon_", "moon"),
)
PER_SIDE = ("meld", "counters", "meld_chips", "took_trick")
# the fields in the order a form shows them (a summary lists refusals in this order)
FORM_ORDER = (
    "bidder",
    "bid",
    "trump",
    "made",
    "meld",
    "meld_cards",
    "counters",
    "thrown_in",
    "renege",
    "moon",
    "misdeal",
)


def form_order(refusal: Refusal) -> int:
    """Where the refusal's field comes in a form (a sort key: ``FORM_ORDER``, then the rest)."""
    name = refusal.field
    base = name.rsplit("_", 1)[0] if name.rsplit("_", 1)[-1].isdigit() else name
    return FORM_ORDER.index(base) if base in FORM_ORDER else len(FORM_ORDER)


@dataclass(frozen=True)
class Refusal:
    """A rule the typed hand breaks, and the field it is about (``counters_1``; a group
    of fields such as ``counters`` when it is about all of them; ``""`` the whole hand)."""

    field: str
    error: PinochleError

    @property
    def missing(self) -> bool:
        """Whether it only says a value is not typed yet (no warning while typing)."""
        return self.error.code in MISSING


def field_of(error: PinochleError, game: Game) -> str:
    """The field a refusal is about: per side where it names one side."""
    if error.code in (
        "hand_missing",
        "hand_values_count",
        "hand_not_applicable",
        "short_of_meld_played",
    ):
        return str(error.values.get("field", ""))
    if error.code == "hand_conflict":  # "a renege ... not with thrown_in": the renege's
        return str(error.values.get("first", ""))
    for prefix, name in FIELD_OF_CODE:
        if error.code.startswith(prefix):
            side = error.values.get("side")
            names = [s.name for s in game.sides]
            if name in PER_SIDE and isinstance(side, str) and side in names:
                return f"{name}_{names.index(side)}"
            return name
    return ""


def bid_refusals(rules: RuleSet, hand: Hand, number: int) -> list[Refusal]:
    """The typed bid refused, where ``verify_bid`` refuses it."""
    try:
        verify_bid(rules, hand.bid, number)
    except PinochleError as error:
        return [Refusal("bid", error)]
    return []


def throw_in_refusals(game: Game, number: int, fields: Mapping[str, object]) -> list[Refusal]:
    """A throw-in the rules forbid for the typed bid and the bidders' meld."""
    bid, bidder = fields.get("bid"), fields.get("bidder")
    side = game.side_of.get(bidder) if isinstance(bidder, str) else None
    if not isinstance(bid, int) or side is None:
        return []
    meld = fields.get("meld")
    bidders_meld = meld[side] if isinstance(meld, tuple) else 0
    try:
        verify_throw_in(game.rules, bid, bidders_meld, number)
    except PinochleError as error:
        return [Refusal("thrown_in", error)]
    return []


def counter_refusals(
    game: Game, number: int, typed: Sequence[int | None], filled: int | None
) -> list[Refusal]:
    """Counters refused as typed: a typed side off the unit or negative, or past the
    hand's total beside an empty side (the filled side is never named)."""
    rules = game.rules
    unit, total = rules.counters.unit, rules.counters.total
    refusals = []
    for side, got in enumerate(typed):
        if got is None:
            continue
        name = f"counters_{side}"
        if got < 0:
            refusals.append(Refusal(name, GameError("counters_negative", hand=number, got=got)))
        elif got % unit:
            off = GameError("counters_off_unit", hand=number, got=got, unit=unit)
            refusals.append(Refusal(name, off))
    given = sum(value for value in typed if value is not None)
    if not refusals and None not in typed and len(typed) > 1 and given != total:
        shown = " + ".join(str(value) for value in typed)
        error = GameError("counters_sum", hand=number, counters=shown, got=given, expected=total)
        refusals.append(Refusal("counters", error))
    if not refusals and filled is not None and given > total:
        typed_sides = [side for side, value in enumerate(typed) if value is not None]
        names = ", ".join(game.sides[side].name for side in typed_sides)
        over = GameError("counters_over_total", hand=number, got=given, sides=names, total=total)
        where = f"counters_{typed_sides[0]}" if len(typed_sides) == 1 else "counters"
        refusals.append(Refusal(where, over))
    return refusals


def number_refusals(game: Game, typed: Typed, number: int) -> list[Refusal]:
    """Each number field (the bid, each side's meld, counters and meld chips) that holds
    what is not a whole number, refused at its field naming what was typed ("'4o' is not
    a whole number"): never read as a blank, nor as the digits in it."""
    sides = range(game.rules.sides)
    per_side = ("meld", "counters", "meld_chips")
    names = ["bid"] + [f"{name}_{side}" for name in per_side for side in sides]
    refusals = []
    for name in names:
        text = not_whole(typed, name)
        if text is not None:
            error = GameError("number_not_whole", hand=number, typed=text)
            refusals.append(Refusal(name, error))
    return refusals

"""A hand as a person typed it (every preset but auction pinochle, read in ``auction``),
and every refusal of it at once: the reader (``entry.read_hand``) asks here for the
``Hand`` the typed values make and each rule they break, each at its field: the bidder,
the bid, the trump, each side's meld and counters, the outcome's ticks against each
other. A rule between fields that needs each field right first (shown cards against
the declared meld, a trick against the counters) is the scoring's, once these pass.

A blank is unknown, not 0, wherever a rule depends on it: a side's blank meld scores
no meld, but a throw-in under ``throw_in: when_impossible`` and a hand under
``min_meld_to_play`` are decided by the bidders' meld, so a blank there is refused with
a sentence asking for it, never read as 0.

>>> from .game import Side, new_game
>>> from .presets import PRESETS
>>> game = new_game(PRESETS["partnership"], [Side("Us", ("Ann", "Cal")),
...                                         Side("Them", ("Bea", "Dan"))])
>>> typed = {"bidder": "Cal", "bid": "300", "trump": "S", "meld_1": "60", "thrown_in": "y"}
>>> _hand, refusals = typed_hand(game, typed, 1, (None, None), None, (), set())
>>> [(r.field, r.error.code) for r in refusals]
[('meld_0', 'meld_missing_throw_in')]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from .cards import Card, Suit, format_cards
from .checks import meld_refusal, verify_flags
from .errors import GameError, PinochleError
from .game import Game, Hand
from .hand_score import throw_in_needs_meld, verify_bid
from .house_rules import short_of_meld, verify_renege_and_moon
from .meld import best_meld
from .people import normal_name
from .refusals import Refusal, counter_refusals, field_of, throw_in_refusals
from .shown import ShownCards, meld_cards_bad, read_shown_cards, suit_or_none
from .typed import Typed, flag, read_number, typed_text

Cards = tuple[tuple[str, tuple[Card, ...]], ...]


def per_side(typed: Typed, name: str, sides: int) -> list[int | None]:
    """Each side's number typed for ``name`` (``meld_0``, ``meld_1``, ...): None when blank
    (or not a whole number: ``refusals.number_refusals`` refuses that)."""
    return [read_number(typed.get(f"{name}_{side}")) for side in range(sides)]


def typed_hand(
    game: Game,
    typed: Typed,
    number: int,
    counters: Sequence[int | None],
    filled: int | None,
    cards: Cards,
    unread: Collection[str],
) -> tuple[Hand, list[Refusal]]:
    """The hand the typed values make, and every refusal of them before the scoring:
    what is missing, each field's value on its own, the outcome's ticks. ``counters``
    are as typed with the one side left empty ``filled``; ``unread`` names the fields
    that hold what is not a whole number (refused by the reader, never read as blank)."""
    rules = game.rules
    sides = rules.sides
    refusals: list[Refusal] = []
    fields: dict[str, object] = {}
    thrown_in = rules.bidding and flag(typed, "thrown_in")
    no_marriage = rules.bidding and flag(typed, "no_marriage")
    renege, reneged = _renege(game, typed, number, refusals)
    fields.update(renege=renege, time_called=flag(typed, "time_called"))
    played = not (thrown_in or no_marriage or reneged)
    bidder_side = None
    if rules.bidding:
        bidder = normal_name(typed_text(typed, "bidder")) or None
        bid = read_number(typed.get("bid"))
        refusals += _bidder_refusals(game, bidder, number)
        bidder_side = game.side_of.get(bidder or "")
        try:
            verify_bid(rules, bid, number)
        except PinochleError as error:
            refusals.append(Refusal("bid", error))
        fields.update(bidder=bidder, bid=bid, thrown_in=thrown_in, no_marriage=no_marriage)
        fields["moon"] = flag(typed, "moon")
        took = [flag(typed, f"took_trick_{side}") for side in range(sides)]
        fields["took_trick"] = tuple(took) if any(took) else None
        fields["all_tricks"] = read_number(typed.get("all_tricks"))
    fields["trump"] = _trump(typed, number, refusals)
    meld = per_side(typed, "meld", sides)
    fields["meld"] = tuple(value or 0 for value in meld)  # a blank side scores no meld
    for side, value in enumerate(meld):
        refused = None if value is None else meld_refusal(game, side, value, number)
        if refused is not None:
            refusals.append(Refusal(f"meld_{side}", refused))
    decided, found = _by_bidders_meld(game, fields, meld, bidder_side, unread, number, played)
    refusals += found
    fields["counters"], found = _counters(game, counters, filled, unread, decided, number)
    refusals += found
    if rules.chip_table is not None:
        chips = per_side(typed, "meld_chips", sides)
        if any(value is not None for value in chips):
            fields["meld_chips"] = tuple(value or 0 for value in chips)
    fields["meld_cards"] = cards
    hand = Hand(**fields)  # type: ignore[arg-type]
    return hand, refusals + _outcome_refusals(game, hand, number)


def _by_bidders_meld(
    game: Game,
    fields: Mapping[str, object],
    meld: Sequence[int | None],
    bidder_side: int | None,
    unread: Collection[str],
    number: int,
    played: bool,
) -> tuple[bool | None, list[Refusal]]:
    """The rules that decide by the bidders' meld (a throw-in under ``when_impossible``,
    ``min_meld_to_play``): whether the hand is played (None: not known while that meld
    is blank), and the refusals: a blank asked for, never read as 0 (a value not a
    number is refused as typed instead), or a throw-in the meld forbids."""
    rules = game.rules
    thrown_in = bool(fields.get("thrown_in"))
    known = None if bidder_side is None else meld[bidder_side]
    by_throw_in = thrown_in and throw_in_needs_meld(rules)
    decides = by_throw_in or (played and rules.meld_to_play is not None)
    if bidder_side is not None and known is None and decides:
        code = "meld_missing_throw_in" if by_throw_in else "meld_missing_to_play"
        blank = f"meld_{bidder_side}" not in unread
        asked = [_meld_asked(game, code, bidder_side, number)] if blank else []
        return (None if played else played), asked
    refusals = throw_in_refusals(game, number, fields) if thrown_in else []
    if played and known is not None and short_of_meld(rules, known):
        played = False  # set without play: no counters asked for
    return played, refusals


def _counters(
    game: Game,
    counters: Sequence[int | None],
    filled: int | None,
    unread: Collection[str],
    played: bool | None,
    number: int,
) -> tuple[tuple[int, ...] | None, list[Refusal]]:
    """The hand's counters (None when none was typed) and their refusals as typed; a
    played hand without any asks for them (not while it is unknown whether it is
    played: ``played`` None)."""
    rules = game.rules
    typed = list(counters)
    if filled is not None:
        typed[filled] = None  # the rest of the hand, not typed
    if any(value is not None for value in typed) or any(
        name.startswith("counters_") for name in unread
    ):
        refused = counter_refusals(game, number, typed, filled)
        return tuple(value or 0 for value in counters), refused
    if not played:
        return None, []
    names = ", ".join(side.name for side in game.sides)
    missing = GameError("counters_missing", hand=number, sides=names, total=rules.counters.total)
    return None, [Refusal("counters", missing)]


def _bidder_refusals(game: Game, bidder: str | None, number: int) -> list[Refusal]:
    if bidder is None:
        return [Refusal("bidder", GameError("hand_missing", hand=number, field="bidder"))]
    if bidder not in game.side_of:
        return [Refusal("bidder", GameError("bidder_unknown", hand=number, bidder=bidder))]
    return []


def _meld_asked(game: Game, code: str, side: int, number: int) -> Refusal:
    """The bidders' meld asked for, at its field: a rule decides by it (``code``)."""
    rules = game.rules
    values = {"total": rules.counters.total, "minimum": rules.meld_to_play}
    error = GameError(code, hand=number, side=game.sides[side].name, **values)
    return Refusal(f"meld_{side}", error)


def _outcome_refusals(game: Game, hand: Hand, number: int) -> list[Refusal]:
    """The outcome's ticks against each other and the rules (a renege, the moon, a
    throw-in with no marriage, counters on a hand not played, ...): the first such rule
    broken, as the scoring would refuse it, beside the fields' own refusals."""
    checks = [verify_renege_and_moon] + ([verify_flags] if game.rules.bidding else [])
    for check in checks:
        try:
            check(game, hand, number)
        except PinochleError as error:
            return [Refusal(field_of(error, game), error)]
    return []


def _renege(
    game: Game, typed: Typed, number: int, refusals: list[Refusal]
) -> tuple[int | None, bool]:
    """The side that reneged, as typed (its number), and whether a renege was typed at
    all; a refusal when it is not a side's number."""
    value = typed.get("renege")
    if not typed_text(typed, "renege") and not isinstance(value, int):
        return None, False
    side = read_number(value)
    if side is None:
        last = game.rules.sides - 1
        refusals.append(Refusal("renege", GameError("renege_side", hand=number, last=last)))
    return side, True


def _trump(typed: Typed, number: int, refusals: list[Refusal]) -> Suit | None:
    """The typed trump; every preset has one, so a hand without it is refused."""
    text = typed_text(typed, "trump")
    if not text:
        refusals.append(Refusal("trump", GameError("trump_missing", hand=number)))
        return None
    try:
        return read_trump(text, number)
    except PinochleError as error:
        refusals.append(Refusal("trump", error))
        return None


def read_trump(value: object, number: int) -> Suit:
    """A trump as typed or sent (``H``, ``hearts``, ``♥``); refused when not a suit."""
    try:
        return Suit.parse(value) if isinstance(value, str) else Suit.parse("?")
    except PinochleError:
        raise GameError("trump_not_suit", hand=number, trump=value) from None


def shown_cards(
    game: Game, typed: Typed, number: int
) -> tuple[tuple[ShownCards, ...], Cards, list[Refusal]]:
    """Each seat's shown cards (``cards_<seat>``): what they make for the typed trump, the
    cards for the hand, and the refusals of cards that cannot be read."""
    rules = game.rules
    trump = suit_or_none(typed_text(typed, "trump"))
    shown, cards, refusals = [], [], []
    for seat, player in enumerate(game.seating):
        text = typed_text(typed, f"cards_{seat}")
        if not text:
            continue
        try:
            parsed = read_shown_cards(text, rules)
        except PinochleError as error:
            if error.code == "hand_too_large":
                refusals.append(Refusal("meld_cards", error))
            else:
                refusals.append(Refusal("meld_cards", meld_cards_bad(number, player, error)))
            shown.append(ShownCards(seat, player, text, None))
            continue
        made = best_meld(parsed, trump, rules).total if trump is not None else None
        shown.append(ShownCards(seat, player, format_cards(parsed), made))
        cards.append((player, parsed))
    return tuple(shown), tuple(cards), refusals


__all__ = ["per_side", "read_trump", "shown_cards", "typed_hand"]

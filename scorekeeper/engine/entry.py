"""One reader of a hand, for every door: the form, the live preview and the offline
queue read what a person typed (``read_hand``); the JSON API, a game file and the
stored rows read a hand's document (``read_document_hand``). Both answer with a
``HandReading``: the hand, or the refusals with their codes and fields.

``read_hand(game, typed)`` takes the values as a person typed them, by field name
(the hand form's names: ``bidder``, ``bid``, ``trump``, ``meld_<side>``,
``counters_<side>``, ``thrown_in``, ``passed_out``, ``no_marriage``,
``took_trick_<side>``, ``all_tricks``, ``meld_chips_<side>``, ``cards_<seat>``, and
the house rules' ``renege`` (a side's number), ``misdeal``, ``moon``, ``time_called``;
auction pinochle's ``made``, where ``trump`` may be ``conceded``),
each a string as typed, a number or a flag, empty or missing when not typed. It
answers with one ``HandReading``: the engine's ``Hand`` when the rules take it, or
the refusals, each tied to the field it is about; the hints (what the bidders
need, whether they may throw in, meld the rules drop); the counters with the one
side left empty filled in; and the meld of any shown cards.

A sentence names what the person typed: counters of 155 typed beside an empty
side are refused as 155 off the unit, not as the 95 the reader filled in.

>>> from .game import Side, new_game
>>> from .presets import PRESETS
>>> sides = [Side("Us", ("Ann", "Cal")), Side("Them", ("Bea", "Dan"))]
>>> game = new_game(PRESETS["partnership"], sides)
>>> typed = {"bidder": "Bea", "bid": "250", "trump": "H", "meld_0": "100", "meld_1": "150",
...          "counters_1": "130"}
>>> reading = read_hand(game, typed)
>>> reading.hand.counters, reading.filled, reading.needed
((120, 130), 0, 100)
>>> [(r.field, r.error.code) for r in read_hand(game, {**typed, "counters_1": "155"}).refusals]
[('counters_1', 'counters_off_unit')]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from .auction import MADE_BETES, SINGLE_BETE, hand_value, read_auction_hand
from .cards import Card, parse_cards
from .checks import effective_meld
from .errors import Notice, PinochleError
from .game import Game, Hand
from .hand_score import (
    can_bid,
    can_throw_in,
    counters_needed,
    fill_counters,
    max_bid,
    score_hand,
    throw_in_needs_meld,
    verify_throw_in,
)
from .house_rules import short_of_meld
from .people import normal_name
from .presets import RuleSet
from .refusals import Refusal, bid_refusals, field_of, form_order, number_refusals
from .shown import ShownCards, meld_cards_bad
from .typed import (
    Typed,
    as_bool,
    as_bools,
    as_int,
    as_ints,
    as_list,
    as_mapping,
    as_text,
    flag,
    no_unknown,
    read_number,
    typed_text,
    unconfirmed_drop,
)
from .typed_hand import per_side, read_trump, shown_cards, typed_hand

# how many bids of the ladder, from the minimum, the page carries as data
LADDER_LENGTH = 40


@dataclass(frozen=True)
class HandReading:
    """The answer to a typed hand: the hand or the refusals, and the hints."""

    number: int
    hand: Hand | None
    refusals: tuple[Refusal, ...]
    counters: tuple[int | None, ...]  # as typed, with the one side left empty filled
    filled: int | None  # the side filled, or None
    bid: int | None
    bidder_side: int | None
    # the hints (none for a hand's document: it states a whole hand)
    needed: int | None = None  # counters the bidders need to make the bid
    out_of_reach: bool = False  # they need more counters than a hand has
    can_throw_in: bool | None = None  # None: the rules have no throw-in, or no bid yet
    throw_in_refusal: PinochleError | None = None  # why they may not throw in
    dropped: tuple[Notice, ...] = ()  # meld the rules do not count (double deck: under 20)
    shown: tuple[ShownCards, ...] = ()
    notices: tuple[Notice, ...] = field(default=())
    # the bidders' meld is under ``min_meld_to_play``: set without play, no counters
    short_of_meld: bool = False
    # auction pinochle: the chips the bid is worth from each player (for the typed
    # trump, once the hand is played: spades double where the option says so)
    worth: int | None = None

    @property
    def warnings(self) -> tuple[Refusal, ...]:
        """What Save would refuse, but for values not typed yet (the live hint)."""
        return tuple(refusal for refusal in self.refusals if not refusal.missing)

    def refusal_for(self, name: str) -> Refusal | None:
        return next((r for r in self.refusals if r.field == name), None)


def bid_ladder(rules: RuleSet, length: int = LADDER_LENGTH) -> tuple[int, ...]:
    """The first ``length`` bids on the ladder, from the minimum (for − / + in the page).

    >>> from .presets import PRESETS
    >>> bid_ladder(PRESETS["double-deck"], 5)
    (50, 51, 52, 53, 54)
    """
    if not rules.bidding:
        return ()
    return rules.bid_ladder(max_bid(rules))[:length]  # the one ladder (RuleSet.bid_ladder)


# --- the reader ------------------------------------------------------------------------------


def read_hand(game: Game, typed: Typed, number: int | None = None) -> HandReading:
    """The reading of hand ``number`` (default: the next one) of ``game`` as typed."""
    rules = game.rules
    number = len(game.hands) + 1 if number is None else number
    sides = rules.sides
    unread = number_refusals(game, typed, number)  # typed, but not a whole number
    unread_fields = {refusal.field for refusal in unread}
    counters, filled = _filled(rules, per_side(typed, "counters", sides))
    if any(name.startswith("counters_") for name in unread_fields):
        counters, filled = per_side(typed, "counters", sides), None  # none is the rest
    meld = per_side(typed, "meld", sides)  # None: blank, not known
    bid = read_number(typed.get("bid")) if rules.bidding else None
    bidder = normal_name(typed_text(typed, "bidder")) or None if rules.bidding else None
    bidder_side = game.side_of.get(bidder or "")
    shown, cards, card_refusals = shown_cards(game, typed, number)
    hints = _hints(game, number, bid, bidder_side, meld)
    base = {
        "number": number,
        "counters": tuple(counters),
        "filled": filled,
        "bid": bid,
        "bidder_side": bidder_side,
        "shown": shown,
        **hints,
    }
    outcome = "misdeal" if flag(typed, "misdeal") else ""
    outcome = outcome or ("passed_out" if rules.bidding and flag(typed, "passed_out") else "")
    if outcome and (asked := unconfirmed_drop(typed, outcome, number)) is not None:
        return HandReading(hand=None, refusals=(Refusal(outcome, asked),), **base)  # type: ignore[arg-type]
    if outcome:  # dealt again: nothing else is read (once asked: typed.unconfirmed_drop)
        hand = Hand(misdeal=outcome == "misdeal", passed_out=outcome == "passed_out")
        return _scored(game, replace(hand, time_called=flag(typed, "time_called")), number, base)
    if rules.is_auction:
        hand, found = read_auction_hand(game, typed, number)
        refusals = [Refusal(name, error) for name, error in found]
        refusals += bid_refusals(rules, hand, number)
        base["worth"] = _worth(rules, hand)
    else:
        hand, refusals = typed_hand(game, typed, number, counters, filled, cards, unread_fields)
    # every refusal at once, in the form's order; a number not read is refused as typed
    refusals = [refusal for refusal in refusals if refusal.field not in unread_fields]
    refusals = sorted(card_refusals + unread + refusals, key=form_order)
    if refusals:
        return HandReading(hand=None, refusals=tuple(refusals), **base)  # type: ignore[arg-type]
    return _scored(game, hand, number, base)


def _filled(rules: RuleSet, typed: Sequence[int | None]) -> tuple[list[int | None], int | None]:
    empty = [side for side, value in enumerate(typed) if value is None]
    if len(empty) != 1 or len(typed) < 2:
        return list(typed), None
    return list(fill_counters(rules, typed)), empty[0]


def _scored(game: Game, hand: Hand, number: int, base: dict[str, object]) -> HandReading:
    try:
        score = score_hand(game, hand, number)
    except PinochleError as error:
        refusal = Refusal(field_of(error, game), error)
        return HandReading(hand=None, refusals=(refusal,), **base)  # type: ignore[arg-type]
    return HandReading(hand=hand, refusals=(), notices=score.notices, **base)  # type: ignore[arg-type]


def _worth(rules: RuleSet, hand: Hand) -> int | None:
    """The chips the typed bid is worth from each player: for the typed trump once the
    hand is played, the single value when the bidder concedes."""
    if hand.bid is None or not can_bid(rules, hand.bid):
        return None
    return hand_value(rules, hand.bid, hand.trump, SINGLE_BETE if hand.thrown_in else MADE_BETES)


# --- hints -----------------------------------------------------------------------------------


def _hints(
    game: Game, number: int, bid: int | None, bidder_side: int | None, typed: Sequence[int | None]
) -> dict[str, object]:
    """The hints of the hand so far; a rule that decides by the bidders' meld gives none
    while it is blank (unknown, not 0: ``typed_hand``)."""
    rules = game.rules
    meld = [value or 0 for value in typed]
    dropped = tuple(
        Notice(
            "meld_dropped",
            hand=number,
            side=side.name,
            got=meld[index],
            minimum=rules.min_meld,
        )
        for index, side in enumerate(game.sides)
        if meld[index] > 0 and effective_meld(rules, meld[index]) == 0
    )
    hints: dict[str, object] = {
        "needed": None,
        "out_of_reach": False,
        "can_throw_in": None,
        "throw_in_refusal": None,
        "dropped": dropped,
        "short_of_meld": False,
    }
    if not rules.bidding or rules.is_auction or bidder_side is None:
        return hints
    bidders_meld, known = meld[bidder_side], typed[bidder_side] is not None
    hints["short_of_meld"] = known and short_of_meld(rules, bidders_meld)
    if bid is None:
        return hints
    needed = counters_needed(rules, bid, bidders_meld)
    hints["needed"], hints["out_of_reach"] = needed, needed > rules.counters.total
    if rules.throw_in != "never" and (known or not throw_in_needs_meld(rules)):
        possible = can_throw_in(rules, bid, bidders_meld)
        hints["can_throw_in"] = possible
        if not possible:
            try:
                verify_throw_in(rules, bid, bidders_meld, number)
            except PinochleError as error:
                hints["throw_in_refusal"] = error
    return hints


# --- the door for a hand's document: the API's body, a game file's hand, a stored row ------


# each field of a hand's document (``pinochle-game/1``), read as a program sent it
DOCUMENT_FIELDS: dict[str, Callable[[object, str], object]] = {
    "bidder": as_text,
    "bid": as_int,
    "trump": lambda value, where: value,  # read_trump, with the hand's number
    "meld": as_ints,
    "counters": as_ints,
    "thrown_in": as_bool,
    "passed_out": as_bool,
    "no_marriage": as_bool,
    "took_trick": as_bools,
    "all_tricks": as_int,
    "meld_chips": as_ints,
    "meld_cards": as_mapping,
    "renege": as_int,
    "misdeal": as_bool,
    "moon": as_bool,
    "time_called": as_bool,
    "made": as_bool,
}


def read_document_hand(game: Game, document: object, number: int) -> HandReading:
    """Hand ``number`` of ``game`` from its document, as the API and a game file send it:
    values in their JSON types, by the document's field names. The answer is the
    reader's: the ``Hand``, or every refusal of its shape, each tied to its field (a
    game file raises the first). The rules are the replay's: a document states a whole
    hand, so nothing is filled in and no hint is made.

    >>> from .game import Side, new_game
    >>> from .presets import PRESETS
    >>> game = new_game(PRESETS["partnership"], [Side("Us", ("Ann", "Cal")),
    ...                                         Side("Them", ("Bea", "Dan"))])
    >>> read_document_hand(game, {"bidder": "Cal", "bid": 300, "trump": "♥"}, 1).hand.trump
    <Suit.HEARTS: 'H'>
    >>> [(r.field, r.error.code) for r in read_document_hand(game, {"bid": "300"}, 1).refusals]
    [('bid', 'game_field')]
    """
    hand, refusals = document_hand(game, document, number)
    return _document_answer(game, number, hand, refusals)


def document_hand(game: Game, document: object, number: int) -> tuple[Hand | None, list[Refusal]]:
    """``read_document_hand``'s hand and refusals alone, for a game's every hand (the
    replay of a stored game and a game file read them by the thousand)."""
    where = f"hand {number}"
    try:
        raw = as_mapping(document, where)
        no_unknown(raw, DOCUMENT_FIELDS, where)
    except PinochleError as error:
        return None, [Refusal("", error)]
    fields: dict[str, object] = {}
    refusals: list[Refusal] = []
    for name, value in raw.items():
        if value is None:
            continue
        try:
            fields[name] = _document_value(game, name, value, number)
        except PinochleError as error:
            refusals.append(Refusal(name, error))
    if refusals:
        return None, refusals
    return Hand(**fields), []  # type: ignore[arg-type]


def _document_value(game: Game, name: str, value: object, number: int) -> object:
    read = DOCUMENT_FIELDS[name](value, f"hand {number}: {name}")
    if name == "bidder":  # as the game's names are (see engine.people)
        return normal_name(str(read))
    if name == "trump":
        return read_trump(value, number)
    if name == "meld_cards":
        return _document_cards(game, as_mapping(read, name), number)
    return read


def _document_cards(
    game: Game, shown: Mapping[str, object], number: int
) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """Each player's shown cards, by name: a text or a list of cards."""
    deck = game.rules.meld_table.deck
    out = []
    for named, cards in shown.items():
        player = normal_name(named)
        text = cards if isinstance(cards, str) else as_list(cards, f"hand {number}: meld_cards")
        try:
            out.append((player, parse_cards(text, deck)))
        except PinochleError as exc:
            raise meld_cards_bad(number, player, exc) from None
    return tuple(out)


def _document_answer(
    game: Game, number: int, hand: Hand | None, refusals: list[Refusal]
) -> HandReading:
    bidder_side = game.side_of.get(hand.bidder or "") if hand is not None else None
    return HandReading(
        number=number,
        hand=hand,
        refusals=tuple(refusals),
        counters=tuple(hand.counters or ()) if hand is not None else (),
        filled=None,
        bid=hand.bid if hand is not None else None,
        bidder_side=bidder_side,
    )


__all__ = [
    "DOCUMENT_FIELDS",
    "LADDER_LENGTH",
    "HandReading",
    "bid_ladder",
    "document_hand",
    "read_document_hand",
    "read_hand",
    "read_trump",
]

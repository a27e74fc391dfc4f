"""Auction pinochle (rules.md §8): every hand settled in chips by the bid's value.

Three players; the bidder plays alone against the other two. A hand records the
bidder, the bid, and either that the bidder conceded before play (``thrown_in``:
a *single bete*) or the trump and whether the bid was made (``made``; false is a
*double bete*). Nothing else: no meld, no counters.

The bid is worth ``bid_values`` chips (the ``auction_scale`` option), times 2 in
spades (``spades_double``) and 3 in hearts (``hearts_triple``) when the hand is
played. A made bid collects that from each opponent; a single bete pays it to
each opponent, a double bete twice. The kitty is paid and pays like one more
opponent where the ``kitty`` option makes it take part. Every chip one player
wins another (or the kitty) pays: a hand's chips add up to zero.

>>> from .presets import PRESETS
>>> settle(PRESETS["auction"], bid=350, trump=Suit.HEARTS, betes=0, bidder=0)
Settlement(players=(15, -5, -5), kitty=-5)
>>> settle(PRESETS["auction"], bid=300, trump=Suit.SPADES, betes=2, bidder=1)
Settlement(players=(12, -24, 12), kitty=0)
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Suit
from .errors import GameError, PinochleError
from .game import Game, Hand
from .people import normal_name
from .presets import RuleSet
from .tables import HEARTS_FACTOR, KITTY_FROM, SPADES_FACTOR
from .typed import Typed, flag, read_number, typed_text, yes_no

# the fields an auction hand records (applicable_fields adds passed_out where it may)
FIELDS = frozenset({"bidder", "bid", "trump", "thrown_in", "made"})
# the trump a form offers for a hand the bidder conceded before play (a single bete)
CONCEDED = "conceded"
# how many times the bidder pays the bid's value: a made bid, a single bete, a double bete
MADE_BETES, SINGLE_BETE, DOUBLE_BETE = 0, 1, 2


@dataclass(frozen=True)
class Settlement:
    """A hand's chips: won (+) or paid (−) by each player in side order, and the kitty."""

    players: tuple[int, ...]
    kitty: int


def bid_value(rules: RuleSet, bid: int) -> int:
    """The chips ``bid`` is worth from each opponent, before the trump's factor.

    >>> from .presets import PRESETS
    >>> [bid_value(PRESETS["auction"], bid) for bid in (300, 350, 400, 450, 600, 990)]
    [3, 5, 10, 15, 30, 30]
    """
    table = rules.bid_values
    if table is None:
        raise ValueError(f"{rules.name} is not auction pinochle")
    return table.value(bid)


def trump_factor(rules: RuleSet, trump: Suit | None) -> int:
    """What the trump multiplies a played hand's value by (1 without the option).

    >>> from .presets import PRESETS
    >>> from .rules import with_options
    >>> rules = with_options(PRESETS["auction"], {"hearts_triple": "on"})
    >>> [trump_factor(rules, suit) for suit in Suit]
    [3, 2, 1, 1]
    """
    if trump is Suit.SPADES and rules.spades_double == "on":
        return SPADES_FACTOR
    if trump is Suit.HEARTS and rules.hearts_triple == "on":
        return HEARTS_FACTOR
    return 1


def kitty_takes_part(rules: RuleSet, bid: int, betes: int) -> bool:
    """Whether the kitty pays or is paid in this hand (the ``kitty`` option).

    >>> from .presets import PRESETS
    >>> from .rules import with_options
    >>> rules = PRESETS["auction"]
    >>> kitty_takes_part(rules, 340, SINGLE_BETE), kitty_takes_part(rules, 350, MADE_BETES)
    (False, True)
    >>> every = with_options(rules, {"kitty": "every_bete"})
    >>> kitty_takes_part(every, 300, SINGLE_BETE), kitty_takes_part(every, 300, MADE_BETES)
    (True, False)
    """
    if rules.kitty == "off":
        return False
    if rules.kitty == "every_bete" and betes:
        return True
    return bid >= KITTY_FROM


def hand_value(rules: RuleSet, bid: int, trump: Suit | None, betes: int) -> int:
    """The chips the bidder wins from (made) or pays to (bete) each who takes part.

    A conceded hand (a single bete) pays the bid's value alone: the trump's factor
    counts only in a hand that is played (Scarne's ruling, rules.md §8).
    """
    value = bid_value(rules, bid)
    if betes == SINGLE_BETE:
        return value
    return value * trump_factor(rules, trump) * max(1, betes)


def settle(rules: RuleSet, bid: int, trump: Suit | None, betes: int, bidder: int) -> Settlement:
    """Chips per player (in side order) and the kitty's, for one hand: ``betes`` is 0
    for a made bid, 1 for a single bete, 2 for a double bete; ``bidder`` the bidder's
    side. Players and kitty add up to zero."""
    each = hand_value(rules, bid, trump, betes)
    sign = 1 if betes == MADE_BETES else -1  # + the bidder collects, − the bidder pays
    kitty = -sign * each if kitty_takes_part(rules, bid, betes) else 0
    players = [-sign * each] * rules.sides
    payers = rules.sides - 1 + (kitty != 0)
    players[bidder] = sign * each * payers
    return Settlement(tuple(players), kitty)


def verify_auction_hand(game: Game, hand: Hand, number: int) -> None:
    """Refuse what an auction hand cannot record: fields of the points games, both or
    neither of ``thrown_in`` and ``made``, a hand played without its trump."""
    recorded = {
        "meld": hand.meld is not None,
        "counters": hand.counters is not None,
        "no_marriage": hand.no_marriage,
        "took_trick": hand.took_trick is not None,
        "all_tricks": hand.all_tricks is not None,
        "meld_chips": hand.meld_chips is not None,
        "meld_cards": bool(hand.meld_cards),
        "renege": hand.renege is not None,
        "moon": hand.moon,
    }
    for name, given in recorded.items():
        if given:
            raise GameError("hand_not_applicable", hand=number, field=name, ruleset=game.rules.name)
    if hand.thrown_in and hand.made is not None:
        raise GameError("conceded_made", hand=number)
    if not hand.thrown_in and hand.made is None:
        raise GameError("made_missing", hand=number)
    if hand.made is not None and hand.trump is None:
        raise GameError("auction_trump_missing", hand=number)


def read_auction_hand(
    game: Game, typed: Typed, number: int
) -> tuple[Hand, list[tuple[str, PinochleError]]]:
    """The hand as typed (``entry.read_hand`` asks): bidder, bid, the trump or
    ``conceded`` (a single bete; ``thrown_in`` says it too) and ``made`` (yes: made;
    no: a double bete), with what refuses it before scoring, by field: what is not
    typed yet, a trump that is no suit (the reader checks the bid)."""
    refusals: list[tuple[str, PinochleError]] = []
    bidder = normal_name(typed_text(typed, "bidder")) or None
    if bidder is None:
        refusals.append(("bidder", GameError("hand_missing", hand=number, field="bidder")))
    bid = read_number(typed.get("bid"))
    text = typed_text(typed, "trump")
    said_conceded = text.lower() == CONCEDED
    conceded = said_conceded or flag(typed, "thrown_in")
    trump = None if said_conceded or not text else _suit(text)
    made = yes_no(typed, "made")
    if text and not said_conceded and trump is None:
        refusals.append(("trump", GameError("trump_not_suit", hand=number, trump=text)))
    elif not conceded and trump is None:
        refusals.append(("trump", GameError("auction_trump_missing", hand=number)))
    if not conceded and made is None:
        refusals.append(("made", GameError("made_missing", hand=number)))
    hand = Hand(
        bidder=bidder,
        bid=bid,
        trump=trump,
        thrown_in=conceded,
        made=made,
        time_called=flag(typed, "time_called"),
    )
    return hand, refusals


def _suit(text: str) -> Suit | None:
    try:
        return Suit.parse(text)
    except PinochleError:
        return None


__all__ = [
    "CONCEDED",
    "DOUBLE_BETE",
    "FIELDS",
    "MADE_BETES",
    "SINGLE_BETE",
    "Settlement",
    "bid_value",
    "hand_value",
    "kitty_takes_part",
    "read_auction_hand",
    "settle",
    "trump_factor",
    "verify_auction_hand",
]

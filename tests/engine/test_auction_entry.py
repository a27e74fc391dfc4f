"""The one reader of a typed hand (engine/entry.py) for auction pinochle, as tables of
cases: bidder, bid, the trump or ``conceded``, and ``made`` (yes / no), typed as the
form sends them. Seats Ann, Bea, Cal, one player a side."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.cards import Suit
from scorekeeper.engine.entry import read_hand
from scorekeeper.engine.game import Game, Hand, Side, new_game
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import ruleset


def auction_game(options: dict[str, object] | None = None) -> Game:
    sides = [Side(name, (name,)) for name in ("Ann", "Bea", "Cal")]
    return new_game(ruleset("auction", options or {}), sides)


MADE = {"bidder": "Bea", "bid": "350", "trump": "H", "made": "yes"}

# (name, typed, the hand read)
BEA_350 = {"bidder": "Bea", "bid": 350}
READ = [
    ("made", MADE, Hand(**BEA_350, trump=Suit.HEARTS, made=True)),
    ("bete", {**MADE, "made": "no"}, Hand(**BEA_350, trump=Suit.HEARTS, made=False)),
    ("conceded", {**MADE, "trump": "conceded", "made": ""}, Hand(**BEA_350, thrown_in=True)),
    ("conceded, as a flag", {"bidder": "Bea", "bid": "350", "thrown_in": "y"},
     Hand(**BEA_350, thrown_in=True)),
    ("a suit by its symbol", {**MADE, "trump": "♠"}, Hand(**BEA_350, trump=Suit.SPADES, made=True)),
    ("meld and counters are not asked", {**MADE, "meld_0": "100", "counters_0": "250"},
     Hand(**BEA_350, trump=Suit.HEARTS, made=True)),
    ("passed out", {"passed_out": "y", "bidder": "Bea"}, Hand(passed_out=True)),
]  # fmt: skip


@pytest.mark.parametrize(("name", "typed", "hand"), READ, ids=[row[0] for row in READ])
def test_read(name: str, typed: dict[str, Any], hand: Hand) -> None:
    reading = read_hand(auction_game(), typed)
    assert reading.refusals == ()
    assert reading.hand == hand


# (name, typed, [(field, code, missing)]): in the form's order
REFUSED = [
    ("nothing typed", {},
     [("bidder", "hand_missing", True), ("bid", "hand_missing", True),
      ("trump", "auction_trump_missing", True), ("made", "made_missing", True)]),
    ("no result yet", {**MADE, "made": ""}, [("made", "made_missing", True)]),
    ("no trump yet", {**MADE, "trump": ""}, [("trump", "auction_trump_missing", True)]),
    ("a trump that is no suit", {**MADE, "trump": "X"}, [("trump", "trump_not_suit", False)]),
    ("below the minimum", {**MADE, "bid": "290"}, [("bid", "bid_below_minimum", False)]),
    ("off the steps", {**MADE, "bid": "355"}, [("bid", "bid_off_step", False)]),
    ("conceded and made", {**MADE, "trump": "conceded"}, [("trump", "conceded_made", False)]),
    ("a bidder not in the game", {**MADE, "bidder": "Dan"}, [("bidder", "bidder_unknown", False)]),
]  # fmt: skip


@pytest.mark.parametrize(("name", "typed", "refused"), REFUSED, ids=[row[0] for row in REFUSED])
def test_refused(name: str, typed: dict[str, Any], refused: list[tuple[str, str, bool]]) -> None:
    reading = read_hand(auction_game(), typed)
    assert reading.hand is None
    assert [(r.field, r.error.code, r.missing) for r in reading.refusals] == refused


# (options, typed, chips the bid is worth from each player)
WORTH = [
    ({}, {"bid": "300"}, 3),
    ({}, {"bid": "350", "trump": "H"}, 5),
    ({}, {"bid": "350", "trump": "S"}, 10),  # spades double a played hand
    ({}, {"bid": "350", "trump": "conceded"}, 5),  # but not a conceded one
    ({"spades_double": "off"}, {"bid": "350", "trump": "S"}, 5),
    ({"hearts_triple": "on"}, {"bid": "400", "trump": "H"}, 30),
    ({"auction_scale": "scarne"}, {"bid": "700"}, 11),
    ({}, {"bid": "355"}, None),  # off the ladder: no value
    ({}, {}, None),
]


@pytest.mark.parametrize(("options", "typed", "worth"), WORTH)
def test_the_bid_is_worth(options: dict[str, object], typed: dict[str, Any], worth: int) -> None:
    assert read_hand(auction_game(options), typed).worth == worth


def test_no_counters_are_needed_in_auction() -> None:
    reading = read_hand(auction_game(), MADE)
    assert (reading.needed, reading.can_throw_in, reading.filled) == (None, None, None)


def test_the_points_games_have_no_worth() -> None:
    sides = [Side(name, (name,)) for name in ("Ann", "Bea", "Cal")]
    typed = {"bidder": "Ann", "bid": "300", "trump": "H", "meld_0": "100", "counters_0": "200"}
    assert read_hand(new_game(PRESETS["cutthroat"], sides), typed).worth is None

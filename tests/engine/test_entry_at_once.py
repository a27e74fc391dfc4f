"""The reader of a typed hand (engine/entry.py, engine/typed_hand.py), issue 23 items 4
and 5, as tables of cases: a blank is unknown, not 0, where a rule decides by it; every
refusal of a typed hand comes at once, each at its field; what is not a whole number
is refused as typed, never read as a blank nor as the digits in it.

Seats as in test_entry: partnership Us (Ann, Cal) and Them (Bea, Dan); values typed as
a form sends them, strings.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.entry import read_hand
from scorekeeper.engine.game import Game, Side, new_game
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import ruleset
from tests.engine.test_entry import game_of

# Cal (Us) bid 300 in spades and threw in, Them melded 60 (the README's thrown-in hand)
THROWN = {"bidder": "Cal", "bid": "300", "trump": "S", "meld_1": "60", "thrown_in": "y"}
PLAYED = {"bidder": "Bea", "bid": "250", "trump": "H", "meld_0": "100", "meld_1": "150",
          "counters_1": "130"}  # fmt: skip


def partnership(**options: object) -> Game:
    sides = [Side("Us", ("Ann", "Cal")), Side("Them", ("Bea", "Dan"))]
    return new_game(ruleset("partnership", options) if options else PRESETS["partnership"], sides)


def refused(game: Game, typed: dict[str, str]) -> list[tuple[str, str]]:
    reading = read_hand(game, typed)
    assert (reading.hand is None) == bool(reading.refusals)
    return [(r.field, r.error.code) for r in reading.refusals]


# --- blank versus 0 -------------------------------------------------------------------------

# (name, house options, typed, refusals (field, code), the meld recorded when taken)
BLANK_OR_ZERO = [
    ("thrown in, the bidders' meld blank: asked for", {}, THROWN,
     [("meld_0", "meld_missing_throw_in")], None),
    ("thrown in, the bidders' meld 0: taken", {}, {**THROWN, "meld_0": "0"}, [], (0, 60)),
    ("thrown in, 40 meld on 300: taken", {}, {**THROWN, "meld_0": "40"}, [], (40, 60)),
    ("thrown in, 150 meld on 300: refused", {}, {**THROWN, "meld_0": "150"},
     [("thrown_in", "throw_in_not_allowed")], None),
    ("thrown in, the defenders' meld blank scores none", {},
     {**THROWN, "meld_0": "20", "meld_1": ""}, [], (20, 0)),
    ("throw_in: always needs no meld", {"throw_in": "always"}, THROWN, [], (0, 60)),
    ("a played hand's blank meld scores none", {},
     {**PLAYED, "meld_0": "", "meld_1": ""}, [], (0, 0)),
    ("min_meld_to_play, the bidders' meld blank: asked, no counters asked",
     {"min_meld_to_play": 200}, {**PLAYED, "meld_1": "", "counters_1": ""},
     [("meld_1", "meld_missing_to_play")], None),
    ("min_meld_to_play, blank beside counters: asked", {"min_meld_to_play": 200},
     {**PLAYED, "meld_1": ""}, [("meld_1", "meld_missing_to_play")], None),
    ("min_meld_to_play, 0 typed: set without play", {"min_meld_to_play": 200},
     {**PLAYED, "meld_1": "0", "counters_1": ""}, [], (100, 0)),
    ("min_meld_to_play, 0 typed beside counters: a played hand refused",
     {"min_meld_to_play": 200}, {**PLAYED, "meld_1": "0"},
     [("counters", "short_of_meld_played")], None),
    ("min_meld_to_play, the defenders' meld blank: played", {"min_meld_to_play": 200},
     {**PLAYED, "meld_0": "", "meld_1": "200"}, [], (0, 200)),
]  # fmt: skip


@pytest.mark.parametrize(("options", "typed", "expected", "meld"), [c[1:] for c in BLANK_OR_ZERO],
                         ids=[c[0] for c in BLANK_OR_ZERO])  # fmt: skip
def test_a_blank_is_unknown_where_a_rule_decides_by_it(
    options: dict[str, object],
    typed: dict[str, str],
    expected: list[tuple[str, str]],
    meld: tuple[int, ...] | None,
) -> None:
    game = partnership(**options)
    assert refused(game, typed) == expected
    hand = read_hand(game, typed).hand
    assert (hand.meld if hand is not None else None) == meld


def test_the_sentence_asks_for_the_bidders_meld() -> None:
    (refusal,) = read_hand(partnership(), THROWN).refusals
    assert str(refusal.error) == (
        "hand 1: type the meld of Us, the bidders: they may throw in only when the bid is "
        "more than their meld and the 250 counters of a hand"
    )
    assert refusal.missing  # a value not typed yet: Save asks, the live hint does not warn
    game = partnership(min_meld_to_play=200)
    (refusal,) = read_hand(game, {**PLAYED, "meld_1": "", "counters_1": ""}).refusals
    assert "type the meld of Them, the bidders" in str(refusal.error)
    assert "only with 200 meld or more" in str(refusal.error)


# (name, options, typed, can_throw_in, short_of_meld): the hints say nothing they cannot know
HINTS = [
    ("bid 250, the meld blank: unknown", {}, {"bidder": "Cal", "bid": "250"}, None, False),
    ("bid 250, meld 0: no throw-in", {}, {"bidder": "Cal", "bid": "250", "meld_0": "0"},
     False, False),
    ("bid 300, meld 40: a throw-in", {}, {"bidder": "Cal", "bid": "300", "meld_0": "40"},
     True, False),
    ("throw_in: always, the meld blank", {"throw_in": "always"},
     {"bidder": "Cal", "bid": "250"}, True, False),
    ("min_meld_to_play, the meld blank: not short yet", {"min_meld_to_play": 200},
     {"bidder": "Cal", "bid": "250"}, None, False),
    ("min_meld_to_play, meld 0: short", {"min_meld_to_play": 200},
     {"bidder": "Cal", "bid": "250", "meld_0": "0"}, False, True),
]  # fmt: skip


@pytest.mark.parametrize(("options", "typed", "can", "short"), [c[1:] for c in HINTS],
                         ids=[c[0] for c in HINTS])  # fmt: skip
def test_the_hints_of_a_blank_meld(
    options: dict[str, object], typed: dict[str, str], can: bool | None, short: bool
) -> None:
    reading = read_hand(partnership(**options), typed)
    assert (reading.can_throw_in, reading.short_of_meld) == (can, short)


# --- every refusal at once ----------------------------------------------------------------

# (name, preset, typed, [(field, code, some values)]): every refusal, in the form's order
AT_ONCE = [
    ("bid 200, counters 100 + 100, meld -20: the three", "partnership",
     {**PLAYED, "bid": "200", "meld_1": "-20", "counters_0": "100", "counters_1": "100"},
     [("bid", "bid_below_minimum", {"bid": 200}),
      ("meld_1", "meld_negative", {"got": -20}),
      ("counters", "counters_sum", {"got": 200})]),
    ("every field wrong on its own", "partnership",
     {"bidder": "Zed", "bid": "255", "trump": "X", "meld_0": "25", "meld_1": "9990",
      "counters_0": "-10", "counters_1": "125"},
     [("bidder", "bidder_unknown", {"bidder": "Zed"}),
      ("bid", "bid_off_step", {"bid": 255}),
      ("trump", "trump_not_suit", {"trump": "X"}),
      ("meld_0", "meld_off_unit", {"got": 25}),
      ("meld_1", "meld_too_large", {"got": 9990}),
      ("counters_0", "counters_negative", {"got": -10}),
      ("counters_1", "counters_off_unit", {"got": 125})]),
    ("an outcome beside the fields: a renege with counters", "partnership",
     {**PLAYED, "bid": "240", "renege": "0"},
     [("bid", "bid_below_minimum", {}), ("renege", "renege_counters", {})]),
    ("a throw-in refused beside the bid's", "partnership",
     {**THROWN, "bid": "305", "meld_0": "150", "meld_1": "-5"},
     [("bid", "bid_off_step", {}), ("meld_1", "meld_negative", {}),
      ("thrown_in", "throw_in_not_allowed", {"meld": 150})]),
    ("counters on a thrown-in hand, beside a meld off the unit", "partnership",
     {**THROWN, "meld_0": "15", "counters_0": "100"},
     [("meld_0", "meld_off_unit", {}), ("counters", "counters_not_played", {})]),
    ("two-hand: meld and counters", "two-hand",
     {"trump": "H", "meld_0": "-10", "meld_1": "15", "counters_0": "13"},
     [("meld_0", "meld_negative", {}), ("meld_1", "meld_off_unit", {}),
      ("counters_0", "counters_off_unit", {"got": 13})]),
    ("cutthroat: each side's meld", "cutthroat",
     {"bidder": "Ann", "bid": "250", "trump": "H", "meld_0": "-10", "meld_1": "5",
      "meld_2": "30", "counters_0": "100", "counters_1": "100", "counters_2": "100"},
     [("meld_0", "meld_negative", {}), ("meld_1", "meld_off_unit", {}),
      ("counters", "counters_sum", {"got": 300})]),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "typed", "expected"), [c[1:] for c in AT_ONCE],
                         ids=[c[0] for c in AT_ONCE])  # fmt: skip
def test_every_refusal_at_once(
    preset: str, typed: dict[str, str], expected: list[tuple[str, str, dict[str, Any]]]
) -> None:
    reading = read_hand(game_of(preset), typed)
    assert reading.hand is None
    got = [(r.field, r.error.code) for r in reading.refusals]
    assert got == [(name, code) for name, code, _values in expected]
    for refusal, (_name, _code, values) in zip(reading.refusals, expected, strict=True):
        assert {key: refusal.error.values.get(key) for key in values} == values


# --- what is not a whole number -----------------------------------------------------------

# (name, preset, typed, [(field, code, what was typed)]): refused as typed, never dropped
NOT_A_NUMBER = [
    ("letters in the bid", "partnership", {**PLAYED, "bid": "25o"},
     [("bid", "number_not_whole", "25o")]),
    ("a letter in the meld", "partnership", {**PLAYED, "meld_0": "4o"},
     [("meld_0", "number_not_whole", "4o")]),
    ("a letter in the counters: the other side is not filled", "partnership",
     {**PLAYED, "counters_0": "1x0", "counters_1": ""},
     [("counters_0", "number_not_whole", "1x0")]),
    ("a decimal, an exponent, another script's digit", "partnership",
     {**PLAYED, "meld_0": "7.0", "meld_1": "1e2", "counters_1": "١٣٠"},
     [("meld_0", "number_not_whole", "7.0"), ("meld_1", "number_not_whole", "1e2"),
      ("counters_1", "number_not_whole", "١٣٠")]),
    ("beside the other refusals", "partnership",
     {**PLAYED, "bid": "200", "meld_1": "-20", "counters_0": "100", "counters_1": "1OO"},
     [("bid", "bid_below_minimum", ""), ("meld_1", "meld_negative", ""),
      ("counters_1", "number_not_whole", "1OO")]),
    ("thrown in, the bidders' meld not a number: refused once", "partnership",
     {**THROWN, "meld_0": "4o"}, [("meld_0", "number_not_whole", "4o")]),
    ("check's meld chips", "check",
     {"bidder": "Cal", "bid": "25", "trump": "C", "meld_0": "16", "meld_1": "5",
      "counters_0": "12", "meld_chips_0": "2+"},
     [("meld_chips_0", "number_not_whole", "2+")]),
    ("auction's bid", "auction", {"bidder": "Ann", "bid": "3OO", "trump": "H", "made": "yes"},
     [("bid", "number_not_whole", "3OO")]),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "typed", "expected"), [c[1:] for c in NOT_A_NUMBER],
                         ids=[c[0] for c in NOT_A_NUMBER])  # fmt: skip
def test_what_is_not_a_whole_number_is_refused_as_typed(
    preset: str, typed: dict[str, str], expected: list[tuple[str, str, str]]
) -> None:
    game = game_of(preset) if preset != "auction" else auction()
    reading = read_hand(game, typed)
    assert reading.hand is None
    assert [(r.field, r.error.code) for r in reading.refusals] == [(f, c) for f, c, _t in expected]
    for refusal, (_f, code, text) in zip(reading.refusals, expected, strict=True):
        if code == "number_not_whole":
            sentence = f"hand 1: {text!r} is not a whole number (the digits 0 to 9)"
            assert str(refusal.error) == sentence
            assert not refusal.missing  # the live hint warns of it as it is typed
    if any(name.startswith("counters_") for name, _c, _t in expected):
        assert reading.filled is None


def auction() -> Game:
    return new_game(PRESETS["auction"], [Side(name, (name,)) for name in ("Ann", "Bea", "Cal")])

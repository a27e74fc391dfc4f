"""The one reader of a hand (engine/entry.py), through its two doors, as tables of cases.

Seats: partnership Ann, Bea, Cal, Dan (Us: Ann & Cal, Them: Bea & Dan); cutthroat
Ann, Bea, Cal, one player a side. Values are typed as a form sends them: strings.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from scorekeeper.engine.entry import bid_ladder, read_document_hand, read_hand
from scorekeeper.engine.game import Game, Side, new_game
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import ruleset
from scorekeeper.engine.typed import read_number


def game_of(preset: str) -> Game:
    if preset == "cutthroat":
        sides = [Side(name, (name,)) for name in ("Ann", "Bea", "Cal")]
    elif preset == "two-hand":
        sides = [Side("Ann", ("Ann",)), Side("Bea", ("Bea",))]
    else:
        sides = [Side("Us", ("Ann", "Cal")), Side("Them", ("Bea", "Dan"))]
    return new_game(PRESETS[preset], sides)


MADE = {"bidder": "Bea", "bid": "250", "trump": "H", "meld_0": "100", "meld_1": "150",
        "counters_1": "130"}  # fmt: skip

# (name, preset, typed, [(field, code, some values)]): what the reader refuses
REFUSED = [
    ("155 beside an empty side names 155", "partnership", {**MADE, "counters_1": "155"},
     [("counters_1", "counters_off_unit", {"got": 155, "unit": 10})]),
    ("both typed, off unit: each named", "partnership",
     {**MADE, "counters_0": "125", "counters_1": "125"},
     [("counters_0", "counters_off_unit", {"got": 125}),
      ("counters_1", "counters_off_unit", {"got": 125})]),
    ("100 + 100 do not add up", "partnership", {**MADE, "counters_0": "100", "counters_1": "100"},
     [("counters", "counters_sum", {"counters": "100 + 100", "got": 200, "expected": 250})]),
    ("past the total beside an empty side", "partnership", {**MADE, "counters_1": "260"},
     [("counters_1", "counters_over_total", {"got": 260, "sides": "Them", "total": 250})]),
    ("no counters: which sides", "partnership", {**MADE, "counters_1": ""},
     [("counters", "counters_missing", {"sides": "Us, Them", "total": 250})]),
    ("no trump", "partnership", {**MADE, "trump": ""}, [("trump", "trump_missing", {})]),
    ("nothing typed: in the form's order", "partnership", {},
     [("bidder", "hand_missing", {"field": "bidder"}), ("bid", "hand_missing", {"field": "bid"}),
      ("trump", "trump_missing", {}), ("counters", "counters_missing", {})]),
    ("bid below the minimum", "partnership", {**MADE, "bid": "240"},
     [("bid", "bid_below_minimum", {"bid": 240, "minimum": 250})]),
    ("bid off the step", "partnership", {**MADE, "bid": "255"},
     [("bid", "bid_off_step", {"lower": 250, "higher": 260})]),
    ("throw-in the rules forbid", "partnership",
     {"bidder": "Ann", "bid": "300", "trump": "S", "meld_0": "70", "thrown_in": "y"},
     [("thrown_in", "throw_in_not_allowed", {"bid": 300, "meld": 70, "total": 250})]),
    ("meld off the unit, beside its side", "partnership", {**MADE, "meld_0": "25"},
     [("meld_0", "meld_off_unit", {"side": "Us", "got": 25})]),
    ("an unknown card", "partnership", {**MADE, "cards_0": "ZZ"},
     [("meld_cards", "meld_cards_bad", {"player": "Ann"})]),
    ("cards that make less than declared", "partnership",
     {**MADE, "bidder": "Ann", "meld_0": "200", "cards_0": "AH 10H KH QH JH", "cards_2": "9S"},
     [("meld_cards", "meld_cards_disagree", {"side": "Us", "got": 200, "made": 150})]),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "typed", "expected"), [c[1:] for c in REFUSED],
                         ids=[c[0] for c in REFUSED])  # fmt: skip
def test_what_the_reader_refuses(
    preset: str, typed: dict[str, str], expected: list[tuple[str, str, dict[str, Any]]]
) -> None:
    reading = read_hand(game_of(preset), typed)
    assert reading.hand is None
    got = [
        (r.field, r.error.code, {k: r.error.values.get(k) for k in values})
        for r, (_f, _c, values) in zip(reading.refusals, expected, strict=True)
    ]
    assert got == expected


def test_a_sentence_names_what_was_typed() -> None:
    reading = read_hand(game_of("partnership"), {**MADE, "counters_1": "155"})
    assert str(reading.refusals[0].error).startswith("hand 1: 155 is not a multiple of 10")
    assert "95" not in str(reading.refusals[0].error)


# (name, preset, typed, counters stored, filled side, needed)
TAKEN = [
    ("the other side filled", "partnership", MADE, (120, 130), 0, 100),
    ("both typed", "partnership", {**MADE, "counters_0": "120"}, (120, 130), None, 100),
    ("cutthroat: the third filled", "cutthroat",
     {"bidder": "Bea", "bid": "250", "trump": "S", "meld_1": "140", "counters_0": "50",
      "counters_1": "150"}, (50, 150, 50), 2, 110),
    ("two-hand: no bidding", "two-hand", {"trump": "D", "meld_0": "40", "counters_0": "130"},
     (130, 120), 1, None),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "typed", "counters", "filled", "needed"),
                         [c[1:] for c in TAKEN], ids=[c[0] for c in TAKEN])  # fmt: skip
def test_what_the_reader_takes(
    preset: str, typed: dict[str, str], counters: tuple[int, ...], filled: int | None,
    needed: int | None,
) -> None:  # fmt: skip
    reading = read_hand(game_of(preset), typed)
    assert reading.refusals == ()
    assert reading.hand is not None and reading.hand.counters == counters
    assert (reading.filled, reading.needed) == (filled, needed)


def test_a_thrown_in_hand_and_a_passed_out_one() -> None:
    game = game_of("partnership")
    thrown = read_hand(game, {"bidder": "Cal", "bid": "330", "trump": "D", "meld_0": "60",
                              "meld_1": "80", "thrown_in": "y"})  # fmt: skip
    assert thrown.hand is not None and thrown.hand.thrown_in and thrown.can_throw_in
    passed = read_hand(game_of("check"), {"passed_out": "y", "bid": "20"})
    assert passed.hand is not None and passed.hand.passed_out


def test_warnings_leave_out_what_is_not_typed_yet() -> None:
    reading = read_hand(game_of("partnership"), {"bid": "255", "counters_0": "100",
                                                 "counters_1": "100"})  # fmt: skip
    assert [(w.field, w.error.code) for w in reading.warnings] == [
        ("bid", "bid_off_step"),
        ("counters", "counters_sum"),
    ]


def test_double_deck_meld_under_20_is_noticed_as_dropped() -> None:
    reading = read_hand(game_of("double-deck"), {"bidder": "Ann", "bid": "50", "meld_0": "12",
                                                 "meld_1": "20"})  # fmt: skip
    assert [(n.code, n.values["side"], n.values["got"]) for n in reading.dropped] == [
        ("meld_dropped", "Us", 12)
    ]
    assert reading.needed == 50  # the 12 does not count


def test_shown_cards_are_counted_for_the_trump() -> None:
    reading = read_hand(game_of("partnership"), {**MADE, "cards_1": "AH 10H KH QH JH"})
    assert [(s.seat, s.player, s.meld) for s in reading.shown] == [(1, "Bea", 150)]


@pytest.mark.parametrize(("preset", "start"), [("partnership", (250, 260, 270)),
                         ("double-deck", (50, 51, 52)), ("check", (20, 21, 22))])  # fmt: skip
def test_the_bid_ladder_as_data(preset: str, start: tuple[int, ...]) -> None:
    ladder = bid_ladder(PRESETS[preset])
    assert ladder[:3] == start
    assert all(PRESETS[preset].next_bid(a) == b for a, b in pairwise(ladder))
    assert bid_ladder(PRESETS["two-hand"]) == ()


NUMBERS = [("250", 250), (" 7 ", 7), ("-3", -3), ("", None), ("1e3", None), ("٣", None),
           ("7.0", None), (True, None), (12, 12)]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), NUMBERS)
def test_read_number(text: object, value: int | None) -> None:
    assert read_number(text) == value


@pytest.mark.parametrize(
    ("bid", "meld", "needed", "out_of_reach"),
    [("250", "100", 150, False), ("400", "100", 300, True), ("350", "100", 250, False)],
)
def test_a_bid_the_counters_cannot_reach_is_said_so(
    bid: str, meld: str, needed: int, out_of_reach: bool
) -> None:
    """The reader says when the bidders need more counters than a hand has (250)."""
    reading = read_hand(game_of("partnership"), {"bidder": "Ann", "bid": bid, "meld_0": meld})
    assert (reading.needed, reading.out_of_reach) == (needed, out_of_reach)


# --- the house rules' fields (rules.md §4) ------------------------------------------------------


def game_with(preset: str, **options: object) -> Game:
    return new_game(ruleset(preset, options), game_of(preset).sides)


# (name, preset, options, typed, the hand's house-rule fields, whether counters were taken)
HOUSE_TYPED = [
    ("bidders renege: no counters asked for", "partnership", {},
     {**MADE, "counters_1": "", "renege": "1"}, {"renege": 1}, False),
    ("a renege typed as a number (the API)", "partnership", {},
     {**MADE, "counters_1": "", "renege": 0}, {"renege": 0}, False),
    ("a misdeal: nothing else is read, once the drop is confirmed", "partnership", {},
     {**MADE, "misdeal": "y", "drop_typed": "misdeal"}, {"misdeal": True}, False),
    ("a misdeal as time is called", "two-hand", {},
     {"misdeal": "on", "time_called": "yes"}, {"misdeal": True, "time_called": True}, False),
    ("time called during a played hand", "partnership", {},
     {**MADE, "time_called": "y"}, {"time_called": True}, True),
    ("passed out as time is called", "check", {},
     {"passed_out": "y", "time_called": "y"}, {"passed_out": True, "time_called": True}, False),
    ("the moon announced", "partnership", {"shoot_the_moon": "game"},
     {**MADE, "counters_1": "0", "moon": "y"}, {"moon": True}, True),
    ("short of meld: set without counters", "partnership", {"min_meld_to_play": 200},
     {**MADE, "counters_1": "", "meld_1": "150"}, {}, False),
    ("no marriage where the house rule asks for one", "partnership",
     {"marriage_to_bid": "required"}, {**MADE, "counters_1": "", "no_marriage": "y"},
     {"no_marriage": True}, False),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "options", "typed", "house", "counted"),
                         [c[1:] for c in HOUSE_TYPED], ids=[c[0] for c in HOUSE_TYPED])  # fmt: skip
def test_the_reader_takes_the_house_rules_fields(
    preset: str, options: dict[str, object], typed: dict[str, object],
    house: dict[str, object], counted: bool,
) -> None:  # fmt: skip
    reading = read_hand(game_with(preset, **options), typed)
    assert reading.refusals == ()
    assert reading.hand is not None
    for name in ("renege", "misdeal", "moon", "time_called", "passed_out", "no_marriage"):
        default = None if name == "renege" else False
        assert getattr(reading.hand, name) == house.get(name, default), name
    assert (reading.hand.counters is not None) is counted


# (name, preset, options, typed, [(field, code)])
HOUSE_REFUSED = [
    ("a renege of no side", "partnership", {}, {**MADE, "counters_1": "", "renege": "2"},
     [("renege", "renege_side")]),
    ("a renege that is not a number", "partnership", {},
     {**MADE, "counters_1": "", "renege": "Them"}, [("renege", "renege_side")]),
    ("a renege with counters", "partnership", {}, {**MADE, "renege": "0"},
     [("renege", "renege_counters")]),
    ("the moon without the house rule", "partnership", {}, {**MADE, "moon": "y"},
     [("moon", "moon_not_applicable")]),
    ("counters where the bidders may not play", "partnership", {"min_meld_to_play": 200},
     {**MADE, "meld_1": "150"}, [("counters", "short_of_meld_played")]),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "options", "typed", "expected"), [c[1:] for c in HOUSE_REFUSED],
                         ids=[c[0] for c in HOUSE_REFUSED])  # fmt: skip
def test_the_reader_refuses_house_rules_fields(
    preset: str, options: dict[str, object], typed: dict[str, object],
    expected: list[tuple[str, str]],
) -> None:  # fmt: skip
    reading = read_hand(game_with(preset, **options), typed)
    assert reading.hand is None
    assert [(r.field, r.error.code) for r in reading.refusals] == expected


def test_the_reader_says_when_the_bidders_are_short_of_meld() -> None:
    game = game_with("partnership", min_meld_to_play=200)
    short = read_hand(game, {"bidder": "Bea", "bid": "250", "meld_1": "150"})
    enough = read_hand(game, {"bidder": "Bea", "bid": "250", "meld_1": "200"})
    assert (short.short_of_meld, enough.short_of_meld) == (True, False)
    assert not read_hand(game_of("partnership"), {"bidder": "Bea", "meld_1": "0"}).short_of_meld


# --- the document door: the API's body, a game file's hand ----------------------------------

# (preset, the hand typed on the form, the same hand as its document): one Hand either way
BOTH_DOORS = [
    ("partnership", {**MADE, "counters_0": "120"},
     {"bidder": "Bea", "bid": 250, "trump": "H", "meld": [100, 150], "counters": [120, 130]}),
    ("partnership", {"bidder": "Cal", "bid": "300", "trump": "♠", "meld_0": "40", "meld_1": "60",
                     "thrown_in": "y"},
     {"bidder": "Cal", "bid": 300, "trump": "S", "meld": [40, 60], "thrown_in": True}),
    ("cutthroat", {"bidder": "Ann", "bid": "300", "trump": "D", "meld_0": "80", "meld_1": "20",
                   "meld_2": "0", "counters_0": "100", "counters_1": "80", "counters_2": "70"},
     {"bidder": "Ann", "bid": 300, "trump": "diamonds", "meld": [80, 20, 0],
      "counters": [100, 80, 70]}),
    ("partnership", {**MADE, "counters_0": "120", "cards_1": "AS 10S KS QS JS"},
     {**{"bidder": "Bea", "bid": 250, "trump": "H", "meld": [100, 150], "counters": [120, 130]},
      "meld_cards": {"Bea": "AS 10S KS QS JS"}}),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "typed", "document"), BOTH_DOORS)
def test_a_hand_reads_alike_through_either_door(
    preset: str, typed: dict[str, str], document: dict[str, Any]
) -> None:
    game = game_of(preset)
    by_form = read_hand(game, typed)
    by_document = read_document_hand(game, document, 1)
    assert by_form.refusals == () and by_document.refusals == ()
    assert by_document.hand == by_form.hand


# (document, [(field, code)]): every refusal of its shape, each at its field
DOCUMENT_REFUSED = [
    ({"bid": "300"}, [("bid", "game_field")]),
    ({"bid": 300, "meld": [100, "40"], "moon": "yes"},
     [("meld", "game_field"), ("moon", "game_field")]),
    ({"trump": "X"}, [("trump", "trump_not_suit")]),
    ({"meld_cards": {"Ann": "AH ZZ"}}, [("meld_cards", "meld_cards_bad")]),
    ({"color": "red"}, [("", "game_field")]),
    ([1, 2], [("", "game_field")]),
]  # fmt: skip


@pytest.mark.parametrize(("document", "refused"), DOCUMENT_REFUSED)
def test_a_document_is_refused_field_by_field(document: object, refused: list[Any]) -> None:
    reading = read_document_hand(game_of("partnership"), document, 1)
    assert reading.hand is None
    assert [(r.field, r.error.code) for r in reading.refusals] == refused


# (what, typed besides the bidder, the refusal's code or None: read as the outcome)
OUTCOME_OVER_TYPED = [
    ("a misdeal over a typed hand asks first", {**MADE, "misdeal": "y"}, "misdeal_drops_typed"),
    ("and is stored once confirmed", {**MADE, "misdeal": "y", "drop_typed": "misdeal"}, None),
    ("a misdeal over a trump only", {"trump": "H", "misdeal": True}, "misdeal_drops_typed"),
    ("a misdeal over meld typed 0", {"meld_0": 0, "misdeal": True}, "misdeal_drops_typed"),
    ("a misdeal with the bid the form starts with", {"bid": "250", "misdeal": "y"}, None),
    ("a misdeal as time is called", {"misdeal": "y", "time_called": "y"}, None),
    ("the other outcome's answer does not do", {**MADE, "misdeal": "y",
                                                "drop_typed": "passed_out"}, "misdeal_drops_typed"),
    ("a pass-out over typed counters", {"counters_0": "120", "passed_out": "y"},
     "passed_out_drops_typed"),
    ("a pass-out confirmed", {"counters_0": "120", "passed_out": "y", "drop_typed": "passed_out"},
     None),
    ("a renege left at nobody", {"renege": "", "all_tricks": "", "passed_out": "y"}, None),
]  # fmt: skip


@pytest.mark.parametrize(("typed", "code"), [c[1:] for c in OUTCOME_OVER_TYPED],
                         ids=[c[0] for c in OUTCOME_OVER_TYPED])  # fmt: skip
def test_a_misdeal_or_pass_out_over_typed_values_asks_once(
    typed: dict[str, object], code: str | None
) -> None:
    """Issue 22, item 5: ticking Misdeal (or Passed out) on a form that holds a typed hand
    dropped it silently; the reader asks first, at the tick's field."""
    game = game_with("partnership", all_pass="redeal")
    reading = read_hand(game, {"bidder": "Bea", **typed})
    if code is None:
        assert reading.refusals == () and reading.hand is not None
        assert reading.hand.misdeal or reading.hand.passed_out
    else:
        assert [(r.field, r.error.code) for r in reading.refusals] == [
            (code.removesuffix("_drops_typed"), code)
        ]
        assert "Save again to drop it" in str(reading.refusals[0].error)

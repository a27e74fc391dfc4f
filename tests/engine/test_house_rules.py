"""The house rules of club sheets (rules.md §7): their options, the hand outcomes they
add, the end of the game they change, and each interaction docs/rules.md writes down.

Seats: partnership Ann, Bea, Cal, Dan (Us: Ann & Cal, side 0; Them: Bea & Dan, side 1);
cutthroat and two-hand one player a side (Ann 0, Bea 1, Cal 2). Hands are written as a
game file writes them; cards in card notation.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from scorekeeper.engine.errors import GameError, RuleError
from scorekeeper.engine.gamefile import from_document
from scorekeeper.engine.hand_score import applicable_fields
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import OPTIONS, option_choices, overrides_of, ruleset
from scorekeeper.engine.scoring import replay, replay_change

FOUR = [{"name": "Us", "players": ["Ann", "Cal"]}, {"name": "Them", "players": ["Bea", "Dan"]}]
ONE_EACH = {
    "two-hand": [{"name": name, "players": [name]} for name in ("Ann", "Bea")],
    "cutthroat": [{"name": name, "players": [name]} for name in ("Ann", "Bea", "Cal")],
}


def document(preset: str, hands: list[dict[str, Any]], **rules: object) -> dict[str, Any]:
    return {
        "format": "pinochle-game/1",
        "ruleset": preset,
        "rules": rules,
        "sides": copy.deepcopy(ONE_EACH.get(preset, FOUR)),
        "hands": hands,
    }


def hand(**fields: Any) -> dict[str, Any]:
    """A partnership hand: Ann bids 250 in hearts, Us 100 meld, Them 60, 160 / 90 counters
    (a field given as None is left out)."""
    base: dict[str, Any] = {
        "bidder": "Ann",
        "bid": 250,
        "trump": "H",
        "meld": [100, 60],
        "counters": [160, 90],
    }
    base.update(fields)
    return {key: value for key, value in base.items() if value is not None}


def tenths(**fields: Any) -> dict[str, Any]:
    """A hand at one tenth (partnership-tenths, check): bid 20, meld 10 / 6, 16 / 9."""
    return hand(**{"bid": 20, "meld": [10, 6], "counters": [16, 9], **fields})


def replayed(preset: str, hands: list[dict[str, Any]], **rules: object) -> Any:
    return replay(from_document(document(preset, hands, **rules)))


# --- the options ------------------------------------------------------------------------------

# (preset, option, value as given, value as the rules keep it)
READ = [
    ("partnership", "save_meld", "always", "always"),
    ("partnership", "lose_below", -1000, -1000),
    ("partnership", "lose_below", "-1000", -1000),  # a form's choice is text
    ("partnership", "lose_below", "off", "off"),
    ("check", "lose_below", -50, -50),
    ("partnership", "game_end", "hands:6", "hands:6"),
    ("partnership", "game_end", "hands:06", "hands:6"),
    ("partnership", "game_end", "hands:1000", "hands:1000"),
    ("two-hand", "game_end", "hands:4", "hands:4"),
    ("partnership", "game_end", "target", "target"),
    ("partnership", "marriage_to_bid", "required", "required"),
    ("cutthroat", "marriage_to_bid", "required", "required"),
    ("partnership", "min_meld_to_play", 200, 200),
    ("partnership", "min_meld_to_play", "200", 200),
    ("partnership-tenths", "min_meld_to_play", 2, 2),
    ("double-deck", "min_meld_to_play", 25, 25),
    ("partnership", "shoot_the_moon", "game", "game"),
    ("partnership", "shoot_the_moon", "points:250", "points:250"),
    ("check", "shoot_the_moon", "points:25", "points:25"),
]


@pytest.mark.parametrize(("preset", "option", "value", "kept"), READ)
def test_an_option_value_is_read(preset: str, option: str, value: object, kept: object) -> None:
    rules = ruleset(preset, {option: value})
    assert getattr(rules, option) == kept
    default = getattr(PRESETS[preset], option)
    assert overrides_of(rules) == ({} if kept == default else {option: kept})
    assert ruleset(preset, rules.options()) == rules  # what a file writes reads back


# (preset, option, value): refused with option_value, the sentence naming what it takes
BAD_VALUES = [
    ("partnership", "save_meld", "min_counters:0"),
    ("partnership", "lose_below", 0),
    ("partnership", "lose_below", 1000),
    ("partnership", "lose_below", -100_001),
    ("partnership", "lose_below", "-1e3"),
    ("partnership", "lose_below", True),
    ("partnership", "lose_below", "minus 1000"),
    ("partnership", "game_end", "hands:0"),
    ("partnership", "game_end", "hands:1001"),
    ("partnership", "game_end", "hands:six"),
    ("partnership", "game_end", "hands:"),
    ("partnership", "game_end", 6),
    ("partnership", "game_end", "time"),
    ("partnership", "marriage_to_bid", "yes"),
    ("partnership", "min_meld_to_play", 0),
    ("partnership", "min_meld_to_play", 25),
    ("partnership", "min_meld_to_play", -20),
    ("partnership", "shoot_the_moon", "points:0"),
    ("partnership", "shoot_the_moon", "points:255"),
    ("partnership", "shoot_the_moon", "points"),
    ("partnership", "shoot_the_moon", "on"),
]


@pytest.mark.parametrize(("preset", "option", "value"), BAD_VALUES)
def test_a_bad_option_value_is_refused(preset: str, option: str, value: object) -> None:
    with pytest.raises(RuleError) as refused:
        ruleset(preset, {option: value})
    assert refused.value.code == "option_value"
    assert refused.value.values["expected"] == OPTIONS[option].expected
    shown = json.dumps(value) if isinstance(value, bool) else repr(value)  # true, not True
    assert shown in str(refused.value)


def test_save_meld_refusal_offers_always() -> None:
    with pytest.raises(RuleError, match="trick_points, any_trick, always or min_counters:N"):
        ruleset("partnership", {"save_meld": "min_counters:0"})


# (preset, option, value, refusal): the option does not apply to the preset
NOT_APPLICABLE = [
    ("check", "marriage_to_bid", "off", "option_preset_rule"),
    ("double-deck", "marriage_to_bid", "off", "option_preset_rule"),
    ("two-hand", "marriage_to_bid", "required", "option_needs_bidding"),
    ("two-hand", "min_meld_to_play", 20, "option_needs_bidding"),
    ("two-hand", "shoot_the_moon", "game", "option_needs_bidding"),
    ("two-hand", "save_meld", "always", "option_needs_bidding"),
]


@pytest.mark.parametrize(("preset", "option", "value", "code"), NOT_APPLICABLE)
def test_an_option_that_does_not_apply(preset: str, option: str, value: object, code: str) -> None:
    with pytest.raises(RuleError) as refused:
        ruleset(preset, {option: value})
    assert refused.value.code == code
    assert option not in PRESETS[preset].options()


def test_check_and_double_deck_require_a_marriage_of_their_own() -> None:
    for name in ("check", "double-deck"):
        rules = PRESETS[name]
        assert rules.marriage_to_bid == "required"
        assert "marriage_to_bid" not in rules.options()  # not an option there: their own rule
        with pytest.raises(RuleError, match="its own rules settle it"):
            ruleset(name, {"marriage_to_bid": "required"})  # its own value too (rules.md §7.4)


def test_marriage_to_bid_is_double_decks_forfeit() -> None:
    assert ruleset("partnership", {"marriage_to_bid": "required"}).trump_marriage == "forfeit"
    again = ruleset("partnership", {"marriage_to_bid": "required"})
    assert ruleset("partnership", {**again.options(), "marriage_to_bid": "off"}) == ruleset(
        "partnership"
    )


# (preset, option, the values a new-game form offers)
CHOICES = [
    ("partnership", "lose_below", ("off", "-500", "-1000", "-1500", "-2000")),
    ("partnership-tenths", "lose_below", ("off", "-50", "-100", "-150", "-200")),
    ("double-deck", "lose_below", ("off", "-100", "-200", "-300", "-400")),
    ("check", "game_end", ("target", "hands:4", "hands:6", "hands:8", "hands:10", "hands:12")),
    ("partnership", "min_meld_to_play", ("off", "20", "40", "100", "200")),
    ("partnership-tenths", "min_meld_to_play", ("off", "2", "4", "10", "20")),
    # double deck drops a meld under 20 already: a bar at or under it changes nothing
    ("double-deck", "min_meld_to_play", ("off", "30", "40", "60", "100")),
    ("partnership", "shoot_the_moon", ("off", "game", "points:250", "points:500", "points:1000")),
    ("partnership", "marriage_to_bid", ("off", "required")),
]


@pytest.mark.parametrize(("preset", "option", "choices"), CHOICES)
def test_the_form_offers(preset: str, option: str, choices: tuple[str, ...]) -> None:
    rules = PRESETS[preset]
    assert option_choices(rules, option) == choices
    for choice in choices:  # every offered value is one the option reads
        assert OPTIONS[option].read(rules, choice) is not None


def test_every_new_option_is_shown_where_it_applies() -> None:
    new = {"game_end", "lose_below", "marriage_to_bid", "min_meld_to_play", "shoot_the_moon"}
    shown = {name: set(rules.options()) & new for name, rules in PRESETS.items()}
    assert shown["partnership"] == new
    assert shown["check"] == new - {"marriage_to_bid"}
    assert shown["two-hand"] == {"game_end"}  # nobody loses points without a bid: no floor
    for name, rules in PRESETS.items():
        for option in shown[name]:
            default = rules.options()[option]
            assert isinstance(default, str), (name, option)  # a select on the form
            assert str(default) in option_choices(rules, option)


# (preset, options, the fields the hand form offers beyond the preset's)
FIELDS = [
    ("partnership", {}, {"renege", "misdeal", "time_called"}),
    ("two-hand", {}, {"renege", "misdeal", "time_called"}),
    ("partnership", {"shoot_the_moon": "game"}, {"moon"}),
    ("partnership", {"marriage_to_bid": "required"}, {"no_marriage"}),
    ("cutthroat", {"marriage_to_bid": "required"}, {"no_marriage"}),
]


@pytest.mark.parametrize(("preset", "options", "added"), FIELDS)
def test_applicable_fields(preset: str, options: dict[str, object], added: set[str]) -> None:
    base = {"trump", "meld", "counters", "meld_cards"}
    if not options:
        assert added <= applicable_fields(PRESETS[preset])
        assert not (added & base)
    else:
        extra = applicable_fields(ruleset(preset, options)) - applicable_fields(PRESETS[preset])
        assert extra == added


# --- one hand ---------------------------------------------------------------------------------

# (name, preset, options, hand, outcome, points, whether the bidders made it)
HANDS = [
    # save_meld: always — the meld counts, trick or not
    ("always: defenders without a trick keep their meld", "partnership",
     {"save_meld": "always"}, hand(counters=[250, 0]), "made", (350, 60), True),
    ("trick_points: they do not", "partnership", {}, hand(counters=[250, 0]),
     "made", (350, 0), True),
    ("always: bidders make it on meld without a trick", "partnership",
     {"save_meld": "always"}, hand(meld=[260, 60], counters=[0, 250]), "made", (260, 310), True),
    ("always: bidders still need meld + counters", "partnership",
     {"save_meld": "always"}, hand(bid=400, meld=[260, 60], counters=[130, 120]),
     "set", (-400, 180), False),
    ("always: bidder_without_tricks set makes no difference", "partnership",
     {"save_meld": "always", "bidder_without_tricks": "set"},
     hand(meld=[260, 60], counters=[0, 250]), "made", (260, 310), True),
    ("always: a throw-in is a throw-in", "partnership",
     {"save_meld": "always", "throw_in": "always"},
     hand(counters=None, thrown_in=True), "thrown_in", (-250, 60), False),
    ("always in double deck: meld under 20 still does not count", "double-deck",
     {"save_meld": "always"}, hand(bid=50, meld=[30, 12], counters=[50, 0]),
     "made", (80, 0), True),
    # marriage_to_bid: required — no marriage in trump: set, not played
    ("no marriage: defenders' 60 meld counts", "partnership",
     {"marriage_to_bid": "required"}, hand(counters=None, no_marriage=True),
     "set", (-250, 60), False),
    ("no marriage: a lone dix (10) is under 20", "partnership",
     {"marriage_to_bid": "required"}, hand(meld=[100, 10], counters=None, no_marriage=True),
     "set", (-250, 0), False),
    ("no marriage at tenths: 2 counts", "partnership-tenths",
     {"marriage_to_bid": "required"}, tenths(meld=[10, 2], counters=None, no_marriage=True),
     "set", (-20, 2), False),
    ("no marriage at tenths: 1 does not", "partnership-tenths",
     {"marriage_to_bid": "required"}, tenths(meld=[10, 1], counters=None, no_marriage=True),
     "set", (-20, 0), False),
    ("no marriage in cutthroat: each opponent's meld", "cutthroat",
     {"marriage_to_bid": "required"},
     hand(meld=[100, 60, 10], counters=None, no_marriage=True), "set", (-250, 60, 0), False),
    ("no marriage, cards shown: KS QS is no marriage in hearts", "partnership",
     {"marriage_to_bid": "required"},
     hand(counters=None, no_marriage=True, meld=[20, 60], meld_cards={"Ann": "KS QS"}),
     "set", (-250, 60), False),
    # min_meld_to_play — under N the bidders are set without play
    ("short of meld: set, defenders' meld as on a throw-in", "partnership",
     {"min_meld_to_play": 200}, hand(meld=[150, 10], counters=None), "set", (-250, 10), False),
    ("exactly N: played", "partnership", {"min_meld_to_play": 100}, hand(),
     "made", (260, 150), True),
    ("short, from the cards shown (AH 10H KH QH JH: 150)", "partnership",
     {"min_meld_to_play": 200},
     hand(meld=[150, 60], counters=None, meld_cards={"Ann": "AH 10H KH QH JH"}),
     "set", (-250, 60), False),
    ("short in double deck: 15 meld does not count, so under 10", "double-deck",
     {"min_meld_to_play": 10}, hand(bid=50, meld=[15, 20], counters=None),
     "set", (-50, 20), False),
    ("short and thrown in: a throw-in", "partnership",
     {"min_meld_to_play": 200, "throw_in": "always"},
     hand(meld=[150, 60], counters=None, thrown_in=True), "thrown_in", (-250, 60), False),
    ("short and no marriage: the no-marriage rule", "partnership",
     {"min_meld_to_play": 200, "marriage_to_bid": "required"},
     hand(meld=[150, 10], counters=None, no_marriage=True), "set", (-250, 0), False),
    # renege — the side that reneged is set, the other takes every counter and its meld
    ("bidders renege", "partnership", {}, hand(counters=None, renege=0),
     "renege", (-250, 310), False),
    ("defenders renege: the bidders make it", "partnership", {},
     hand(counters=None, renege=1), "renege", (350, 0), True),
    ("defenders renege below the bid: made all the same", "partnership", {},
     hand(bid=400, counters=None, renege=1), "renege", (350, 0), True),
    ("renege in double deck: meld under 20 does not count", "double-deck", {},
     hand(bid=50, meld=[30, 12], counters=None, renege=0), "renege", (-50, 50), False),
    ("cutthroat, the bidder reneges: each opponent its meld", "cutthroat", {},
     hand(meld=[100, 60, 40], counters=None, renege=0), "renege", (-250, 60, 40), False),
    ("cutthroat, an opponent reneges: the bidder all, the third its meld", "cutthroat", {},
     hand(meld=[100, 60, 40], counters=None, renege=2), "renege", (350, 60, 0), True),
    ("two-hand renege: the other player takes every counter", "two-hand", {},
     {"trump": "S", "meld": [40, 80], "renege": 1}, "renege", (290, 0), None),
    # misdeal — nothing scored
    ("misdeal", "partnership", {}, {"misdeal": True}, "misdeal", (0, 0), None),
    ("misdeal in two-hand", "two-hand", {}, {"misdeal": True}, "misdeal", (0, 0), None),
    ("misdeal while time is called", "partnership", {}, {"misdeal": True, "time_called": True},
     "misdeal", (0, 0), None),
    # shoot_the_moon
    ("moon shot: every counter, bid made", "partnership", {"shoot_the_moon": "game"},
     hand(counters=[250, 0], moon=True), "moon", (350, 0), True),
    ("moon shot for points", "partnership", {"shoot_the_moon": "points:250"},
     hand(counters=[250, 0], moon=True), "moon", (600, 0), True),
    ("moon shot: always, defenders keep their meld", "partnership",
     {"shoot_the_moon": "game", "save_meld": "always"},
     hand(counters=[250, 0], moon=True), "moon", (350, 60), True),
    ("moon failed: set though the bid was made", "partnership", {"shoot_the_moon": "game"},
     hand(counters=[240, 10], moon=True), "set", (-250, 70), False),
    ("moon failed for points: the stake is lost", "partnership",
     {"shoot_the_moon": "points:250"}, hand(counters=[240, 10], moon=True),
     "set", (-500, 70), False),
    ("every counter but short of the bid: failed", "partnership", {"shoot_the_moon": "game"},
     hand(bid=400, counters=[250, 0], moon=True), "set", (-400, 0), False),
    ("any_trick: the defenders took a trick without counters", "partnership",
     {"shoot_the_moon": "game", "save_meld": "any_trick"},
     hand(counters=[250, 0], took_trick=[True, True], moon=True), "set", (-250, 60), False),
    ("defenders renege against the moon: shot", "partnership",
     {"shoot_the_moon": "points:250"}, hand(counters=None, renege=1, moon=True),
     "renege", (600, 0), True),
    ("bidders renege on their moon: failed", "partnership", {"shoot_the_moon": "points:250"},
     hand(counters=None, renege=0, moon=True), "renege", (-500, 310), False),
    # time called: the hand scores as ever
    ("time called during a made hand", "partnership", {}, hand(time_called=True),
     "made", (260, 150), True),
    ("time called during a passed-out hand", "partnership", {"all_pass": "redeal"},
     {"passed_out": True, "time_called": True}, "passed_out", (0, 0), None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("preset", "options", "played", "outcome", "points", "made"),
    [case[1:] for case in HANDS],
    ids=[case[0] for case in HANDS],
)
def test_a_hand(
    preset: str,
    options: dict[str, object],
    played: dict[str, Any],
    outcome: str,
    points: tuple[int, ...],
    made: bool | None,
) -> None:
    scored = replayed(preset, [played], **options).hands[0]
    assert (scored.outcome, scored.points, scored.made) == (outcome, points, made)


# (name, preset, options, hand, code, values): the refusals the house rules add
REFUSED = [
    ("renege with counters", "partnership", {}, hand(renege=0), "renege_counters", {}),
    ("renege of no side", "partnership", {}, hand(counters=None, renege=2), "renege_side",
     {"last": 1}),
    ("renege of side -1", "cutthroat", {}, hand(meld=[0, 0, 0], counters=None, renege=-1),
     "renege_side", {"last": 2}),
    ("renege and thrown in", "partnership", {"throw_in": "always"},
     hand(counters=None, renege=0, thrown_in=True), "hand_conflict",
     {"first": "renege", "second": "thrown_in"}),
    ("renege and no marriage", "partnership", {"marriage_to_bid": "required"},
     hand(counters=None, renege=0, no_marriage=True), "hand_conflict",
     {"first": "renege", "second": "no_marriage"}),
    ("renege and all_tricks", "check", {}, tenths(counters=None, renege=0, all_tricks=0),
     "hand_conflict", {"first": "renege", "second": "all_tricks"}),
    ("renege while the bidders may not play", "partnership", {"min_meld_to_play": 200},
     hand(counters=None, renege=1), "short_of_meld_played",
     {"field": "renege", "meld": 100, "minimum": 200}),
    ("misdeal with a bid", "partnership", {}, {"misdeal": True, "bid": 250, "bidder": "Ann"},
     "misdeal_fields", {"fields": "bidder, bid"}),
    ("misdeal and passed out", "partnership", {"all_pass": "redeal"},
     {"misdeal": True, "passed_out": True}, "misdeal_fields", {"fields": "passed_out"}),
    ("moon without the house rule", "partnership", {}, hand(counters=[250, 0], moon=True),
     "moon_not_applicable", {}),
    ("moon in two-hand", "two-hand", {},
     {"trump": "S", "meld": [40, 80], "counters": [250, 0], "moon": True},
     "hand_not_applicable", {"field": "moon"}),
    ("no marriage and thrown in", "partnership",
     {"marriage_to_bid": "required", "throw_in": "always"},
     hand(counters=None, no_marriage=True, thrown_in=True), "hand_conflict",
     {"first": "thrown_in", "second": "no_marriage"}),
    ("moon and thrown in", "partnership", {"shoot_the_moon": "game", "throw_in": "always"},
     hand(counters=None, moon=True, thrown_in=True), "hand_conflict",
     {"first": "moon", "second": "thrown_in"}),
    ("moon while the bidders may not play", "partnership",
     {"shoot_the_moon": "game", "min_meld_to_play": 200}, hand(counters=None, moon=True),
     "short_of_meld_played", {"field": "moon"}),
    ("counters while the bidders may not play", "partnership", {"min_meld_to_play": 200},
     hand(), "short_of_meld_played", {"field": "counters", "meld": 100, "minimum": 200}),
    ("no counters while they may play", "partnership", {"min_meld_to_play": 100},
     hand(counters=None), "hand_missing", {"field": "counters"}),
    ("no marriage without the house rule", "partnership", {},
     hand(counters=None, no_marriage=True), "no_marriage_not_applicable", {}),
    ("no marriage, counters recorded", "partnership", {"marriage_to_bid": "required"},
     hand(no_marriage=True), "counters_not_played", {"kind": "no-marriage"}),
    ("no marriage recorded, cards hold KH QH", "partnership", {"marriage_to_bid": "required"},
     hand(counters=None, no_marriage=True, meld=[40, 60], meld_cards={"Ann": "KH QH"}),
     "no_marriage_has_marriage", {"bidder": "Ann", "trump": "♥"}),
    ("cards without KH QH, played", "partnership", {"marriage_to_bid": "required"},
     hand(meld=[20, 60], meld_cards={"Ann": "KS QS"}), "no_marriage_needed", {"bidder": "Ann"}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("preset", "options", "played", "code", "values"),
    [case[1:] for case in REFUSED],
    ids=[case[0] for case in REFUSED],
)
def test_a_refused_hand(
    preset: str, options: dict[str, object], played: dict[str, Any], code: str, values: Any
) -> None:
    with pytest.raises(GameError) as refused:
        replayed(preset, [played], **options)
    assert refused.value.code == code
    assert {key: refused.value.values.get(key) for key in values} == values
    assert str(refused.value).startswith("hand 1: ")


# --- the end of the game ----------------------------------------------------------------------

SET_600 = hand(bid=600, counters=[100, 150])  # Us set: -600; Them 60 + 150 = 210
MADE_700 = hand(bid=500, meld=[450, 60], counters=[250, 0])  # Us 700, Them nothing

# (name, preset, options, hands, ended_by, went_out, winner, totals after the last hand)
ENDS = [
    ("lose_below: the side at the floor loses", "partnership", {"lose_below": -1000},
     [SET_600, SET_600], "lose_below", 1, 1, (-1200, 420)),
    ("lose_below: at the floor exactly", "partnership", {"lose_below": -1200},
     [SET_600, SET_600], "lose_below", 1, 1, (-1200, 420)),
    ("lose_below: above the floor, play on", "partnership", {"lose_below": -1300},
     [SET_600, SET_600], None, None, None, (-1200, 420)),
    ("the race first: Them reach 1500 as Us fall to the floor", "partnership",
     {"lose_below": -600, "target": 200}, [SET_600], "target", 1, 1, (-600, 210)),
    ("lose_below in cutthroat: the higher of the others wins", "cutthroat",
     {"lose_below": -500}, [hand(bid=600, meld=[100, 60, 40], counters=[100, 100, 50])],
     "lose_below", 1, 1, (-600, 160, 90)),
    ("lose_below in cutthroat: the others level, a draw", "cutthroat",
     {"lose_below": -500}, [hand(bid=600, meld=[100, 60, 60], counters=[50, 100, 100])],
     "lose_below", None, "draw", (-600, 160, 160)),
    ("lose_below before the hands are played", "partnership",
     {"lose_below": -1000, "game_end": "hands:6"}, [SET_600, SET_600],
     "lose_below", 1, 1, (-1200, 420)),
    ("hands:2: the target does not end it", "partnership",
     {"game_end": "hands:2", "target": 500}, [MADE_700, hand()], "hands", 0, 0, (960, 150)),
    ("hands:2: passed out and misdealt hands are not scored hands", "partnership",
     {"game_end": "hands:2", "all_pass": "redeal"},
     [hand(), {"passed_out": True}, {"misdeal": True}, hand()], "hands", 0, 0, (520, 300)),
    ("hands:2: equal totals, a draw", "partnership", {"game_end": "hands:2"},
     [hand(meld=[100, 150], counters=[150, 100]),
      hand(bidder="Bea", meld=[150, 100], counters=[100, 150])],
     "hands", None, "draw", (500, 500)),
    ("hands:1 in two-hand", "two-hand", {"game_end": "hands:1"},
     [{"trump": "S", "meld": [40, 80], "counters": [150, 100]}], "hands", 0, 0, (190, 180)),
    ("time called: the higher total wins", "partnership", {},
     [hand(), hand(time_called=True)], "time_called", 0, 0, (520, 300)),
    ("time called: equal totals, a draw", "partnership", {},
     [hand(meld=[100, 150], counters=[150, 100], time_called=True)],
     "time_called", None, "draw", (250, 250)),
    ("time called on the hand that wins the race: the race's winner", "partnership",
     {"target": 300, "both_reach_target": "bidders_win"},
     [hand(meld=[100, 300], counters=[200, 50], time_called=True)], "target", 0, 0, (300, 350)),
    ("time called in hands:6 after two", "partnership", {"game_end": "hands:6"},
     [hand(), hand(time_called=True)], "time_called", 0, 0, (520, 300)),
    ("time called on a misdeal: the game ends, no redeal", "partnership", {},
     [hand(), {"misdeal": True, "time_called": True}], "time_called", 0, 0, (260, 150)),
    ("moon for the game: the bidders win though behind", "partnership",
     {"shoot_the_moon": "game"},
     [hand(bidder="Bea", bid=300, meld=[100, 300], counters=[0, 250]),
      hand(counters=[250, 0], moon=True)], "moon", 0, 0, (350, 550)),
    ("moon for points: the race goes on", "partnership", {"shoot_the_moon": "points:250"},
     [hand(counters=[250, 0], moon=True)], None, None, None, (600, 0)),
    ("defenders renege against a moon for the game", "partnership",
     {"shoot_the_moon": "game"}, [hand(counters=None, renege=1, moon=True)],
     "moon", 0, 0, (350, 0)),
    # the interactions of rules.md §7.10
    ("always: both over the target, the bidders win", "partnership",
     {"save_meld": "always", "target": 300},
     [hand(meld=[100, 350], counters=[250, 0])], "target", 0, 0, (350, 350)),
    ("trick_points: the defenders' meld is lost, the bidders alone over", "partnership",
     {"target": 300}, [hand(meld=[100, 350], counters=[250, 0])], "target", 0, 0, (350, 0)),
    ("lose_below: a throw-in crosses it too", "partnership",
     {"lose_below": -600, "throw_in": "always"},
     [hand(bid=500, counters=None, thrown_in=True), hand(bid=300, counters=None, thrown_in=True)],
     "lose_below", 1, 1, (-800, 120)),
    ("hands:2: a set hand and a throw-in are scored hands", "partnership",
     {"game_end": "hands:2", "throw_in": "always"},
     [SET_600, hand(counters=None, thrown_in=True)], "hands", 1, 1, (-850, 270)),
    ("lose_below and hands:2 on the same hand: the floor", "partnership",
     {"lose_below": -1000, "game_end": "hands:2"}, [SET_600, SET_600],
     "lose_below", 1, 1, (-1200, 420)),
    ("lose_below and time called on the same hand: the floor", "partnership",
     {"lose_below": -1000}, [SET_600, {**SET_600, "time_called": True}],
     "lose_below", 1, 1, (-1200, 420)),
    ("time called on the Nth hand: the hand count", "partnership", {"game_end": "hands:2"},
     [hand(), hand(time_called=True)], "hands", 0, 0, (520, 300)),
    ("a renege wins the race", "partnership", {"target": 300},
     [hand(counters=None, renege=1)], "target", 0, 0, (350, 0)),
    ("a moon for the game before the race: the defenders over and higher", "partnership",
     {"shoot_the_moon": "game", "save_meld": "always", "target": 300,
      "both_reach_target": "higher_wins"},
     [hand(meld=[100, 400], counters=[250, 0], moon=True)], "moon", 0, 0, (350, 400)),
    ("a moon for the game on the last of hands:1: the moon", "partnership",
     {"shoot_the_moon": "game", "game_end": "hands:1"},
     [hand(counters=[250, 0], moon=True)], "moon", 0, 0, (350, 0)),
]  # fmt: skip


@pytest.mark.parametrize(
    ("preset", "options", "hands", "ended_by", "went_out", "winner", "totals"),
    [case[1:] for case in ENDS],
    ids=[case[0] for case in ENDS],
)
def test_the_end_of_a_game(
    preset: str,
    options: dict[str, object],
    hands: list[dict[str, Any]],
    ended_by: str | None,
    went_out: int | None,
    winner: int | str | None,
    totals: tuple[int, ...],
) -> None:
    result = replayed(preset, hands, **options)
    assert (result.ended_by, result.went_out, result.winner) == (ended_by, went_out, winner)
    assert result.totals == totals
    assert result.finished is (ended_by is not None)
    assert result.as_dict()["finished"] is result.finished
    if ended_by is not None:  # and nothing after it
        with pytest.raises(GameError) as refused:
            replayed(preset, [*hands, hand()], **options)
        assert refused.value.code == "hand_after_end"
        assert refused.value.values == {"hand": len(hands) + 1, "ended": len(hands)}


def test_a_correction_that_would_end_the_game_sooner_is_refused() -> None:
    # time called recorded on hand 2 of three; a hands:2 game given a third hand
    for hands, options in (
        ([hand(), hand(time_called=True), hand()], {}),
        ([hand(), {"misdeal": True}, hand(), hand()], {"game_end": "hands:2"}),
    ):
        game = from_document(document("partnership", hands, **options))
        with pytest.raises(GameError) as refused:
            replay_change(game, 2)
        assert refused.value.code == "change_ends_game"
        assert refused.value.values["hand"] == 2
        assert refused.value.values["last"] == len(hands)


# --- the deal ---------------------------------------------------------------------------------


def test_a_misdeal_keeps_the_dealer() -> None:
    hands = [hand(), {"misdeal": True}, {"misdeal": True}, hand(), hand()]
    result = replayed("partnership", hands)
    # seats: Ann, Bea, Cal, Dan; Ann deals first
    assert [scored.dealer for scored in result.hands] == ["Ann", "Bea", "Bea", "Bea", "Cal"]
    assert result.next_dealer == "Dan"
    assert result.next_first_bidder == "Ann"
    game = result.game
    assert [game.first_bidder(index) for index in range(5)] == ["Bea", "Cal", "Cal", "Cal", "Dan"]
    assert game.dealer(9) == "Dan"  # nine deals, two of them again: seven seats on


def test_a_passed_out_hand_moves_the_deal_and_a_misdeal_does_not() -> None:
    hands = [{"passed_out": True}, {"misdeal": True}, tenths()]
    result = replayed("check", hands)
    assert [scored.dealer for scored in result.hands] == ["Ann", "Bea", "Bea"]


# --- check pinochle's chips -------------------------------------------------------------------

# seed chips: a bid of 20 pays 2, a set 4; all tricks 5; the game 10 + 1 per started 10
# (name, options, hands, the hands' chips, the chip totals, winner)
CHIPS = [
    ("bidders renege: the defenders are paid as for a set", {}, [tenths(counters=None, renege=0)],
     [(-4, 4)], (-4, 4), None),
    ("defenders renege: the bidders are paid the bid", {}, [tenths(counters=None, renege=1)],
     [(2, -2)], (2, -2), None),
    ("short of meld: as a set", {"min_meld_to_play": 20}, [tenths(counters=None)],
     [(-4, 4)], (-4, 4), None),
    ("misdeal: no chips", {}, [{"misdeal": True}], [(0, 0)], (0, 0), None),
    ("moon shot with all tricks: bid and slam", {"shoot_the_moon": "points:25"},
     [tenths(counters=[25, 0], all_tricks=0, moon=True)], [(7, -7)], (7, -7), None),
    ("every counter but all_tricks not recorded: failed", {"shoot_the_moon": "points:25"},
     [tenths(counters=[25, 0], moon=True)], [(-4, 4)], (-4, 4), None),
    ("moon for the game: the game chips are the bidders'", {"shoot_the_moon": "game"},
     [tenths(counters=[25, 0], all_tricks=0, moon=True)], [(21, -21)], (21, -21), 0),
    ("time called: the leader on points is paid the game", {},
     [tenths(), tenths(time_called=True)], [(2, -2), (15, -15)], (17, -17), 0),
    ("time called level on points: no game chips, the chips decide", {},
     [tenths(bid=21, meld=[10, 11], counters=[13, 12], time_called=True)],
     [(2, -2)], (2, -2), 0),
    ("time called level on points and chips: a draw", {},
     [tenths(bidder="Bea", meld=[10, 10], counters=[12, 13]),
      tenths(meld=[10, 10], counters=[13, 12], time_called=True)],
     [(-2, 2), (2, -2)], (0, 0), "draw"),
    ("lose_below: the other side is paid the game", {"lose_below": -20},
     [tenths(bid=30, counters=[10, 15])], [(-30, 30)], (-30, 30), 1),
    ("hands:1: the leader is paid the game", {"game_end": "hands:1"}, [tenths()],
     [(14, -14)], (14, -14), 0),
    ("always: the chips are those of trick_points", {"save_meld": "always"},
     [tenths(counters=[25, 0])], [(2, -2)], (2, -2), None),
    ("a bidders' renege against their moon: a set", {"shoot_the_moon": "game"},
     [tenths(counters=None, renege=0, moon=True)], [(-4, 4)], (-4, 4), None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("options", "hands", "hand_chips", "totals", "winner"),
    [case[1:] for case in CHIPS],
    ids=[case[0] for case in CHIPS],
)
def test_check_chips(
    options: dict[str, object],
    hands: list[dict[str, Any]],
    hand_chips: list[tuple[int, int]],
    totals: tuple[int, int],
    winner: int | str | None,
) -> None:
    result = replayed("check", hands, **options)
    assert [scored.chips for scored in result.hands] == hand_chips
    assert result.chips == totals
    assert all(sum(chips) == 0 for chips in hand_chips)
    assert result.winner == winner

"""Auction pinochle (rules.md §8): the bid-value tables, the settlement of a hand in
chips, the kitty, the refusals, and the worked cases of tests/data/auction."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine.auction import (
    DOUBLE_BETE,
    MADE_BETES,
    SINGLE_BETE,
    bid_value,
    kitty_takes_part,
    settle,
)
from scorekeeper.engine.cards import SUITS, Suit
from scorekeeper.engine.errors import GameError, PinochleError, RuleError
from scorekeeper.engine.game import Hand, Side, new_game
from scorekeeper.engine.gamefile import from_document, loads
from scorekeeper.engine.hand_score import applicable_fields, score_hand
from scorekeeper.engine.presets import PRESETS, RuleSet
from scorekeeper.engine.rules import OPTIONS, option_choices, ruleset
from scorekeeper.engine.scoring import replay
from tests.conftest import AUCTION_CASES, assert_matches_case, load_case

AUCTION = PRESETS["auction"]
PLAYERS = ("Ann", "Bea", "Cal")
BETES = {"made": MADE_BETES, "single": SINGLE_BETE, "double": DOUBLE_BETE}


def auction_game(rules: RuleSet = AUCTION, hands: tuple[Hand, ...] = ()) -> Any:
    sides = [Side(name, (name,)) for name in PLAYERS]
    return new_game(rules, sides, PLAYERS, "Cal", hands)


# --- the bid-value tables ----------------------------------------------------------------------

BID_VALUES = [
    # scale, bids, chips each (rules.md §8)
    ("classic", (250, 290), 2),
    ("classic", (300, 310, 340), 3),
    ("classic", (350, 390), 5),
    ("classic", (400, 440), 10),
    ("classic", (450, 490), 15),
    ("classic", (500, 540), 20),
    ("classic", (550, 590), 25),
    ("classic", (600, 700, 1000), 30),
    ("scarne", (250, 290), 2),
    ("scarne", (300, 340), 3),
    ("scarne", (350,), 4),
    ("scarne", (400,), 5),
    ("scarne", (450,), 6),
    ("scarne", (500,), 7),
    ("scarne", (550,), 8),
    ("scarne", (600,), 9),
    ("scarne", (650, 690), 10),
    ("scarne", (700, 990), 11),
    ("scarne_bonus", (250,), 2),
    ("scarne_bonus", (300,), 3),
    ("scarne_bonus", (350,), 5),
    ("scarne_bonus", (400,), 7),
    ("scarne_bonus", (450,), 10),
    ("scarne_bonus", (500,), 13),
    ("scarne_bonus", (550,), 17),
    ("scarne_bonus", (600,), 21),
    ("scarne_bonus", (650,), 25),
    ("scarne_bonus", (700, 1500), 30),
]


@pytest.mark.parametrize(("scale", "bids", "chips"), BID_VALUES)
def test_bid_value_table(scale: str, bids: tuple[int, ...], chips: int) -> None:
    rules = ruleset("auction", {"auction_scale": scale, "min_bid": 250})
    assert [bid_value(rules, bid) for bid in bids] == [chips] * len(bids)


@pytest.mark.parametrize("scale", option_choices(AUCTION, "auction_scale"))
def test_every_scale_rises_with_the_bid(scale: str) -> None:
    rules = ruleset("auction", {"auction_scale": scale})
    values = [bid_value(rules, bid) for bid in rules.bid_ladder(1500)]
    assert values == sorted(values) and values[0] > 0


def test_a_points_game_has_no_bid_values() -> None:
    assert PRESETS["cutthroat"].bid_values is None
    with pytest.raises(ValueError, match="not auction"):
        bid_value(PRESETS["cutthroat"], 300)


# --- one hand's settlement ----------------------------------------------------------------------

SETTLEMENTS = [
    # options, bid, trump, result, bidder, chips per player (Ann, Bea, Cal), kitty
    ({}, 300, "H", "made", 0, (6, -3, -3), 0),
    ({}, 340, "D", "made", 1, (-3, 6, -3), 0),
    ({}, 350, "C", "made", 2, (-5, -5, 15), -5),  # the kitty pays from 350
    ({}, 400, "H", "single", 0, (-30, 10, 10), 10),
    ({}, 320, None, "single", 1, (3, -6, 3), 0),
    ({}, 450, "D", "double", 2, (30, 30, -90), 30),
    ({}, 300, "C", "double", 0, (-12, 6, 6), 0),
    # spades double a played hand, not a conceded one
    ({}, 300, "S", "made", 0, (12, -6, -6), 0),
    ({}, 360, "S", "double", 1, (20, -60, 20), 20),
    ({}, 400, "S", "single", 2, (10, 10, -30), 10),
    ({"spades_double": "off"}, 300, "S", "made", 0, (6, -3, -3), 0),
    # hearts triple where the room plays it
    ({}, 300, "H", "made", 0, (6, -3, -3), 0),
    ({"hearts_triple": "on"}, 300, "H", "made", 0, (18, -9, -9), 0),
    ({"hearts_triple": "on"}, 350, "H", "double", 1, (30, -90, 30), 30),
    ({"hearts_triple": "on"}, 350, "H", "single", 1, (5, -15, 5), 5),
    ({"hearts_triple": "on", "spades_double": "off"}, 350, "S", "made", 0, (15, -5, -5), -5),
    # the kitty's three ways
    ({"kitty": "off"}, 600, "H", "made", 0, (60, -30, -30), 0),
    ({"kitty": "off"}, 600, "H", "double", 0, (-120, 60, 60), 0),
    ({"kitty": "every_bete"}, 300, None, "single", 0, (-9, 3, 3), 3),
    ({"kitty": "every_bete"}, 300, "D", "double", 0, (-18, 6, 6), 6),
    ({"kitty": "every_bete"}, 340, "D", "made", 0, (6, -3, -3), 0),
    ({"kitty": "every_bete"}, 350, "D", "made", 0, (15, -5, -5), -5),
    ({"kitty": "high_bids"}, 340, "D", "double", 0, (-12, 6, 6), 0),
    # another scale, and a lower minimum
    ({"auction_scale": "scarne", "min_bid": 250}, 250, "C", "made", 1, (-2, 4, -2), 0),
    ({"auction_scale": "scarne_bonus"}, 500, "H", "double", 1, (26, -78, 26), 26),
]


@pytest.mark.parametrize(
    ("options", "bid", "trump", "result", "bidder", "players", "kitty"), SETTLEMENTS
)
def test_settlement(
    options: dict[str, object],
    bid: int,
    trump: str | None,
    result: str,
    bidder: int,
    players: tuple[int, ...],
    kitty: int,
) -> None:
    rules = ruleset("auction", options)
    suit = Suit(trump) if trump else None
    paid = settle(rules, bid, suit, BETES[result], bidder)
    assert (paid.players, paid.kitty) == (players, kitty)
    # and the same through score_hand, from the hand as the table records it
    hand = Hand(
        bidder=PLAYERS[bidder],
        bid=bid,
        trump=suit,
        thrown_in=result == "single",
        made=None if result == "single" else result == "made",
    )
    score = score_hand(auction_game(rules), hand, 1)
    assert (score.points, score.kitty, score.bidder_side) == (players, kitty, bidder)
    assert score.outcome == {"made": "made", "single": "thrown_in", "double": "set"}[result]


KITTY_TAKES_PART = [
    # kitty, bid, result, takes part
    ("high_bids", 340, "made", False),
    ("high_bids", 340, "single", False),
    ("high_bids", 340, "double", False),
    ("high_bids", 350, "made", True),
    ("high_bids", 350, "single", True),
    ("every_bete", 300, "made", False),
    ("every_bete", 300, "single", True),
    ("every_bete", 300, "double", True),
    ("every_bete", 350, "made", True),
    ("off", 600, "made", False),
    ("off", 600, "double", False),
]


@pytest.mark.parametrize(("kitty", "bid", "result", "takes_part"), KITTY_TAKES_PART)
def test_when_the_kitty_takes_part(kitty: str, bid: int, result: str, takes_part: bool) -> None:
    rules = ruleset("auction", {"kitty": kitty})
    assert kitty_takes_part(rules, bid, BETES[result]) is takes_part


# --- properties ----------------------------------------------------------------------------------

OPTION_VALUES = st.fixed_dictionaries(
    {
        name: st.sampled_from(option_choices(AUCTION, name))
        for name in ("auction_scale", "spades_double", "hearts_triple", "kitty")
    }
    | {"min_bid": st.sampled_from((250, 300))}
)


@st.composite
def auction_hands(draw: st.DrawFn, rules: RuleSet) -> Hand:
    if rules.all_pass == "redeal" and draw(st.integers(0, 20)) == 0:
        return Hand(passed_out=True)
    bid = draw(st.sampled_from(rules.bid_ladder(1200)))
    result = draw(st.sampled_from(tuple(BETES)))
    trump = (
        draw(st.sampled_from(SUITS))
        if result != "single"
        else draw(st.none() | st.sampled_from(SUITS))
    )
    return Hand(
        bidder=draw(st.sampled_from(PLAYERS)),
        bid=bid,
        trump=trump,
        thrown_in=result == "single",
        made=None if result == "single" else result == "made",
    )


@st.composite
def auction_games(draw: st.DrawFn) -> Any:
    rules = ruleset("auction", draw(OPTION_VALUES))
    hands = draw(st.lists(auction_hands(rules), max_size=30))
    return auction_game(rules, tuple(hands))


@given(auction_games())
def test_players_and_kitty_sum_to_zero(game: Any) -> None:
    """Every chip a player wins another player or the kitty pays: in each hand and in the
    balances, the players' chips and the kitty's add up to zero (without a kitty, the
    players' alone)."""
    result = replay(game)
    with_kitty = game.rules.kitty != "off"
    for hand in result.hands:
        assert sum(hand.points) + (hand.kitty or 0) == 0
        assert (hand.kitty is not None) is with_kitty
        assert sum(hand.totals) + (hand.kitty_total or 0) == 0
    assert sum(result.totals) + (result.kitty or 0) == 0
    assert (result.kitty is not None) is with_kitty
    assert result.chips is None
    assert not result.finished and result.winner is None  # no race: only the table ends it


@given(auction_games())
def test_the_bidder_alone_wins_or_pays(game: Any) -> None:
    """A made bid: the bidder wins and every other player pays; a bete: the other way."""
    for hand, scored in zip(game.hands, replay(game).hands, strict=True):
        if hand.passed_out:
            assert scored.points == (0, 0, 0)
            continue
        bidder = PLAYERS.index(hand.bidder)
        sign = 1 if hand.made else -1
        assert sign * scored.points[bidder] > 0
        others = [points for side, points in enumerate(scored.points) if side != bidder]
        assert all(-sign * points > 0 for points in others) and len(set(others)) == 1


@given(auction_games())
def test_an_auction_game_survives_its_file(game: Any) -> None:
    from scorekeeper.engine.gamefile import to_document

    assert from_document(to_document(game)) == game


# --- what an auction hand records, and what it refuses -------------------------------------------


def test_the_fields_an_auction_hand_records() -> None:
    assert applicable_fields(AUCTION) == {
        "bidder",
        "bid",
        "trump",
        "thrown_in",
        "made",
        "passed_out",
        "misdeal",
        "time_called",
    }
    stuck = ruleset("auction", {"all_pass": "dealer_stuck"})
    assert "passed_out" not in applicable_fields(stuck)
    assert "made" not in applicable_fields(PRESETS["cutthroat"])


REFUSED_HANDS = [
    # the hand as a game file's hands entry, the refusal's code and its field
    ({"bidder": "Ann", "bid": 300, "trump": "H", "made": True, "thrown_in": True}, "conceded_made"),
    ({"bidder": "Ann", "bid": 300, "trump": "H"}, "made_missing"),
    ({"bidder": "Ann", "bid": 300, "made": True}, "auction_trump_missing"),
    ({"bidder": "Ann", "bid": 300, "made": False}, "auction_trump_missing"),
    ({"bid": 300, "trump": "H", "made": True}, "hand_missing"),
    ({"bidder": "Dan", "bid": 300, "trump": "H", "made": True}, "bidder_unknown"),
    ({"bidder": "Ann", "bid": 290, "trump": "H", "made": True}, "bid_below_minimum"),
    ({"bidder": "Ann", "bid": 305, "trump": "H", "made": True}, "bid_off_step"),
    (
        {"bidder": "Ann", "bid": 300, "trump": "H", "made": True, "meld": [40, 0, 0]},
        "hand_not_applicable",
    ),
    (
        {"bidder": "Ann", "bid": 300, "trump": "H", "made": True, "counters": [250, 0, 0]},
        "hand_not_applicable",
    ),
    (
        {"bidder": "Ann", "bid": 300, "trump": "H", "made": True, "meld_cards": {"Ann": "KH QH"}},
        "hand_not_applicable",
    ),
    ({"bidder": "Ann", "bid": 300, "thrown_in": True, "no_marriage": True}, "hand_not_applicable"),
    ({"passed_out": True, "made": True}, "passed_out_fields"),
    ({"bidder": "Ann", "bid": 300, "trump": "H", "made": True, "renege": 1}, "hand_not_applicable"),
    (
        {"bidder": "Ann", "bid": 300, "trump": "H", "made": True, "moon": True},
        "hand_not_applicable",
    ),
    ({"misdeal": True, "made": True}, "misdeal_fields"),
]


@pytest.mark.parametrize(("hand", "code"), REFUSED_HANDS)
def test_a_refused_auction_hand(hand: dict[str, object], code: str) -> None:
    document = {
        "format": "pinochle-game/1",
        "ruleset": "auction",
        "sides": [{"name": name, "players": [name]} for name in PLAYERS],
        "hands": [{"bidder": "Bea", "bid": 300, "trump": "C", "made": True}, hand],
    }
    with pytest.raises(GameError) as refused:
        replay(from_document(document))
    assert refused.value.code == code
    assert refused.value.values["hand"] == 2
    assert str(refused.value).startswith("hand 2: ")


@pytest.mark.parametrize("name", [name for name in PRESETS if name != "auction"])
def test_made_belongs_to_auction_alone(name: str) -> None:
    """``made`` outside auction pinochle is refused, naming the field and the rule set."""
    rules = PRESETS[name]
    sides = [
        Side(f"S{side}", tuple(f"P{side}{seat}" for seat in range(rules.players_per_side)))
        for side in range(rules.sides)
    ]
    game = new_game(rules, sides)
    bidding = {"bidder": sides[0].players[0], "bid": rules.min_bid} if rules.bidding else {}
    counters = (rules.counters.total,) + (0,) * (rules.sides - 1)
    hand = Hand(**bidding, trump=Suit.HEARTS, meld=(0,) * rules.sides, counters=counters, made=True)
    with pytest.raises(GameError) as refused:
        score_hand(game, hand, 1)
    assert refused.value.code == "hand_not_applicable"
    assert refused.value.values["field"] == "made"
    assert str(refused.value) == f"hand 1: made does not apply to {name}"


def test_the_messages_of_the_auction_refusals() -> None:
    game = auction_game()
    cases = [
        (Hand(bidder="Ann", bid=300, trump=Suit.HEARTS), "made_missing"),
        (Hand(bidder="Ann", bid=300, made=True), "auction_trump_missing"),
    ]
    sentences = []
    for hand, code in cases:
        with pytest.raises(GameError) as refused:
            score_hand(game, hand, 4)
        assert refused.value.code == code
        sentences.append(str(refused.value))
    assert sentences == [
        "hand 4: say whether the bidder made the bid or went bete, "
        "or record that the bidder conceded before play",
        "hand 4: give the trump the bidder named (H S D C), "
        "or record that the bidder conceded before play",
    ]


# --- the house-rule options ---------------------------------------------------------------


def test_the_auction_options() -> None:
    assert AUCTION.options() == {
        "min_bid": 300,
        "all_pass": "redeal",
        "auction_scale": "classic",
        "spades_double": "on",
        "hearts_triple": "off",
        "kitty": "high_bids",
        "game_end": "target",
    }
    for name in ("auction_scale", "spades_double", "hearts_triple", "kitty"):
        assert OPTIONS[name].choices == option_choices(AUCTION, name)
        assert name not in PRESETS["cutthroat"].options()


REFUSED_OPTIONS = [
    # rule set, options, code
    ("partnership", {"spades_double": "on"}, "option_needs_auction"),
    ("check", {"kitty": "every_bete"}, "option_needs_auction"),
    ("cutthroat", {"auction_scale": "scarne"}, "option_needs_auction"),
    ("auction", {"target": 1000}, "option_needs_points"),
    ("auction", {"throw_in": "never"}, "option_needs_points"),
    ("auction", {"save_meld": "any_trick"}, "option_needs_points"),
    ("auction", {"both_reach_target": "higher_wins"}, "option_needs_points"),
    ("auction", {"doubles": "two_singles"}, "option_needs_points"),
    ("auction", {"run_extras": "off"}, "option_needs_points"),
    ("auction", {"check_scale": "seed"}, "option_needs_chips"),
    ("auction", {"kitty": "on"}, "option_value"),
    ("auction", {"spades_double": True}, "option_value"),
    ("auction", {"auction_scale": "hoyle"}, "option_value"),
    ("auction", {"min_bid": 305}, "option_value"),
    ("auction", {"lose_below": -50}, "option_needs_points"),
    ("auction", {"marriage_to_bid": "required"}, "option_needs_points"),
    ("auction", {"min_meld_to_play": 200}, "option_needs_points"),
    ("auction", {"shoot_the_moon": "game"}, "option_needs_points"),
    ("auction", {"game_end": "hands:0"}, "option_value"),
]


@pytest.mark.parametrize(("name", "options", "code"), REFUSED_OPTIONS)
def test_a_refused_option(name: str, options: dict[str, object], code: str) -> None:
    with pytest.raises(RuleError) as refused:
        ruleset(name, options)
    assert refused.value.code == code


@pytest.mark.parametrize(
    ("name", "options"),
    [("partnership", {"kitty": "off"}), ("partnership", {"spades_double": "off"}),
     ("auction", {"target": 0})],
)  # fmt: skip
def test_an_option_that_does_not_apply_is_refused_even_at_its_own_value(
    name: str, options: dict[str, object]
) -> None:
    """rules.md §5: an option that does not apply is refused whatever its value, the value
    the rule set holds anyway too (a file written by the app never holds one)."""
    with pytest.raises(RuleError):
        ruleset(name, options)
    assert ruleset(name, PRESETS[name].options()) == PRESETS[name]


def test_the_option_sentences() -> None:
    with pytest.raises(PinochleError) as refused:
        ruleset("partnership", {"hearts_triple": "on"})
    assert str(refused.value) == (
        "house-rule option 'hearts_triple' does not apply to partnership: only auction "
        "pinochle pays each hand in chips by the bid"
    )
    with pytest.raises(PinochleError) as refused:
        ruleset("auction", {"target": 500})
    assert str(refused.value) == (
        "house-rule option 'target' does not apply to auction: it pays each hand in chips, "
        "with no meld, no counters and no target"
    )


# --- the worked cases --------------------------------------------------------------------


def auction_cases() -> list[Path]:
    return sorted(AUCTION_CASES.glob("*.json"))


def test_the_worked_cases_are_there() -> None:
    """A made bid, a single bete, a double bete, spades doubled, the kitty (issue 17)."""
    names = {path.stem for path in auction_cases()}
    assert {"made-bid", "single-bete", "double-bete", "spades-doubled", "kitty"} <= names


@pytest.mark.parametrize("path", auction_cases(), ids=lambda path: path.stem)
def test_auction_case(path: Path) -> None:
    case = load_case(path)
    document = replay(from_document(case["game"])).as_dict()
    assert_matches_case(document, case["expect"])
    assert document["target"] is None
    assert sum(document["totals"]) + (document["kitty"] or 0) == 0


@pytest.mark.parametrize("path", auction_cases(), ids=lambda path: path.stem)
def test_auction_case_file_round_trip(path: Path) -> None:
    import json

    from scorekeeper.engine.gamefile import dumps

    game = loads(json.dumps(load_case(path)["game"]))
    assert loads(dumps(game)) == game


# --- the end of the game ------------------------------------------------------------------------


@given(auction_games(), st.integers(min_value=1, max_value=12), st.booleans())
def test_the_game_ends_when_the_table_says_and_the_most_chips_win(
    game: Any, hands: int, call_time: bool
) -> None:
    """With ``game_end: hands:N`` the game ends on its Nth scored hand; with time called
    on a hand, after that hand. Then the player with the most chips wins, equal chips at
    the top are a draw; the kitty never wins."""
    from dataclasses import replace

    from scorekeeper.engine.rules import with_options

    rules = with_options(game.rules, {"game_end": f"hands:{hands}"})
    scored = 0
    played: list[Hand] = []
    for hand in game.hands:
        if call_time and scored == hands // 2 and not hand.passed_out:
            hand = replace(hand, time_called=True)
        played.append(hand)
        scored += not hand.passed_out
        if scored >= hands or hand.time_called:
            break
    result = replay(auction_game(rules, tuple(played)))
    ended = scored >= hands or any(hand.time_called for hand in played)
    assert result.finished is ended
    if not ended:
        assert result.winner is None
        return
    top = max(result.totals)
    leaders = [side for side, total in enumerate(result.totals) if total == top]
    assert result.winner == (leaders[0] if len(leaders) == 1 else "draw")
    assert result.went_out == (leaders[0] if len(leaders) == 1 else None)
    assert result.ended_by == ("hands" if scored >= hands else "time_called")


def test_no_hand_after_time_is_called() -> None:
    hands = (
        Hand(bidder="Ann", bid=300, trump=Suit.HEARTS, made=True, time_called=True),
        Hand(bidder="Bea", bid=300, trump=Suit.HEARTS, made=True),
    )
    with pytest.raises(GameError) as refused:
        replay(auction_game(hands=hands))
    assert refused.value.code == "hand_after_end"

"""The pinochle-game/1 document: loading refuses bad shapes, dumping loses nothing."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.gamefile import dumps, from_document, load, loads, to_document
from scorekeeper.engine.scoring import replay
from tests.conftest import CASES, case_files, load_case

EXAMPLE: dict[str, Any] = {
    "format": "pinochle-game/1",
    "ruleset": "partnership",
    "rules": {"target": 1000, "throw_in": "always"},
    "sides": [
        {"name": "Us", "players": ["Ann", "Cal"]},
        {"name": "Them", "players": ["Bea", "Dan"]},
    ],
    "seating": ["Ann", "Bea", "Cal", "Dan"],
    "first_dealer": "Ann",
    "played_on": "2026-11-29",
    "hands": [
        {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]},
        {"bidder": "Bea", "bid": 330, "trump": "S", "meld": [100, 60], "thrown_in": True},
        {
            "bidder": "Dan",
            "bid": 250,
            "trump": "C",
            "meld": [40, 180],
            "counters": [0, 250],
            "meld_cards": {"Dan": "AC 10C KC QC JC 9C", "Bea": "KD QD"},
        },
    ],
}


def test_the_spec_example_replays_as_documented() -> None:
    result = replay(from_document(EXAMPLE)).as_dict()
    hands = result["hands"]
    assert isinstance(hands, list)
    assert hands[:2] == [
        {
            "number": 1,
            "dealer": "Ann",
            "outcome": "made",
            "points": [340, 160],
            "totals": [340, 160],
        },
        {
            "number": 2,
            "dealer": "Bea",
            "outcome": "thrown_in",
            "points": [100, -330],
            "totals": [440, -170],
        },
    ]


@pytest.mark.parametrize("path", case_files("games") + case_files("errors"), ids=lambda p: p.stem)
def test_round_trip_without_loss(path: Path) -> None:
    game = from_document(load_case(path)["game"])
    again = loads(dumps(game))
    assert again == game
    assert to_document(again) == to_document(game)


def test_dump_writes_every_option() -> None:
    document = to_document(from_document(EXAMPLE))
    assert document["rules"]["target"] == 1000
    assert document["rules"]["min_bid"] == 250
    assert document["hands"][2]["meld_cards"] == {"Dan": "AC 10C KC QC JC 9C", "Bea": "KD QD"}


def test_load_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    assert load(path) == from_document(EXAMPLE)


def broken(change: str) -> dict[str, Any]:
    document = copy.deepcopy(EXAMPLE)
    exec(change, {"d": document})
    return document


REFUSED = [
    ("d['format'] = 'pinochle-game/2'", "format must be 'pinochle-game/1'"),
    ("d['ruleset'] = 'euchre'", "unknown rule set 'euchre'"),
    ("d['rules'] = {'trumps': 1}", "unknown house-rule option 'trumps'"),
    ("d['colour'] = 'red'", "the document: unknown field 'colour'"),
    ("d['sides'] = d['sides'][:1]", "partnership is played by 2 sides, not 1"),
    ("d['sides'][0]['players'].append('Eve')", "seats 2, but side 'Us' lists 3"),
    ("d['sides'][1]['players'][0] = 'Ann'", "player 'Ann' appears more than once"),
    ("d['seating'] = ['Ann', 'Cal', 'Bea', 'Dan']", "partners sit opposite"),
    ("d['seating'] = ['Ann', 'Bea', 'Cal']", "missing Dan"),
    ("d['first_dealer'] = 'Eve'", "the first dealer 'Eve' is not in this game"),
    ("d['played_on'] = 'yesterday'", "played_on: expected a date"),
    ("d['hands'][0]['bid'] = '300'", "hand 1: bid: expected a whole number, not '300'"),
    ("d['hands'][0]['bid'] = True", "hand 1: bid: expected a whole number, not true"),
    ("d['hands'][0]['meld'] = 'lots'", "hand 1: meld: expected a list"),
    ("d['hands'][0]['counter'] = [1]", "hand 1: unknown field 'counter'"),
    ("d['hands'][0]['trump'] = 'Z'", "hand 1: trump 'Z' is not a suit"),
    ("d['hands'][2]['meld_cards']['Dan'] = 'AC ZZ'", "hand 3: Dan's meld cards: unknown card 'ZZ'"),
    ("d['hands'] = {}", "hands: expected a list"),
]


@pytest.mark.parametrize(("change", "message"), REFUSED)
def test_refused(change: str, message: str) -> None:
    with pytest.raises(PinochleError) as refused:
        replay(from_document(broken(change)))
    assert message in str(refused.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [("{", "not JSON (line 1, column 2"), ("[]", "the document: expected an object")],
)
def test_not_a_document(text: str, message: str) -> None:
    with pytest.raises(PinochleError, match=message.replace("(", r"\(")):
        loads(text)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(PinochleError, match="cannot read"):
        load(tmp_path / "nothing.json")


def test_a_file_not_in_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(json.dumps(EXAMPLE).replace("Ann", "Zoë").encode("latin-1"))
    with pytest.raises(PinochleError) as refused:
        load(path)
    assert refused.value.code == "game_format" and "UTF-8" in str(refused.value)


def test_who_took_a_trick_survives_the_file() -> None:
    """save_meld any_trick: a side keeps its meld by taking a trick, counters or not."""
    hand = {"bidder": "Ann", "bid": 250, "trump": "H", "meld": [150, 140],
            "counters": [250, 0], "took_trick": [True, True]}  # fmt: skip
    document = {**EXAMPLE, "rules": {"save_meld": "any_trick"}, "hands": [hand]}
    game = from_document(document)
    assert to_document(game)["hands"] == [hand]
    assert loads(dumps(game)) == game


def test_cases_folder_is_complete() -> None:
    assert (CASES / "meld.json").is_file()
    assert len(case_files("games")) >= 7
    assert len(case_files("errors")) >= 10


# --- the house rules' fields (rules.md §4) ------------------------------------------------------

HOUSE: dict[str, Any] = {
    **EXAMPLE,
    "rules": {
        "throw_in": "always",
        "lose_below": -1000,
        "game_end": "hands:8",
        "marriage_to_bid": "required",
        "min_meld_to_play": 40,
        "shoot_the_moon": "points:250",
        "save_meld": "always",
    },
    "hands": [
        {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "renege": 1},
        {"misdeal": True},
        {"bidder": "Bea", "bid": 250, "trump": "S", "meld": [60, 100], "counters": [0, 250],
         "moon": True},
        {"bidder": "Ann", "bid": 250, "trump": "D", "meld": [60, 100], "no_marriage": True},
        {"misdeal": True, "time_called": True},
    ],
}  # fmt: skip


def test_the_house_rules_fields_survive_the_file() -> None:
    game = from_document(HOUSE)
    assert to_document(game)["hands"] == HOUSE["hands"]
    assert to_document(game)["rules"] | HOUSE["rules"] == to_document(game)["rules"]
    assert loads(dumps(game)) == game
    result = replay(game).as_dict()
    assert [hand["outcome"] for hand in result["hands"]] == [  # type: ignore[index, union-attr]
        "renege", "misdeal", "moon", "set", "misdeal"
    ]  # fmt: skip
    assert (result["finished"], result["went_out"], result["winner"]) == (True, 1, 1)
    assert sorted(result) == sorted(replay(from_document(EXAMPLE)).as_dict())  # the same keys


def test_a_passed_out_hand_keeps_time_called() -> None:
    document = {**EXAMPLE, "rules": {"all_pass": "redeal"},
                "hands": [{"passed_out": True, "time_called": True}]}  # fmt: skip
    assert to_document(from_document(document))["hands"] == document["hands"]


HOUSE_REFUSED = [
    ("d['hands'][0]['renege'] = 'Them'", "hand 1: renege: expected a whole number, not 'Them'"),
    ("d['hands'][0]['renege'] = True", "hand 1: renege: expected a whole number, not true"),
    ("d['hands'][0]['renege'] = 2", "hand 1: renege must be a side number from 0 to 1"),
    ("d['hands'][1]['misdeal'] = 'yes'", "hand 2: misdeal: expected true or false, not 'yes'"),
    ("d['hands'][1]['bid'] = 250", "hand 2: a misdealt hand is dealt again and records nothing"),
    ("d['hands'][2]['moon'] = 1", "hand 3: moon: expected true or false, not 1"),
    ("d['hands'][4]['time_called'] = None; d['hands'][0]['time_called'] = 'now'",
     "hand 1: time_called: expected true or false, not 'now'"),
    ("d['rules']['shoot_the_moon'] = 'off'", "hand 3: moon is recorded only with the house rule"),
    ("d['rules']['lose_below'] = 1000", "'lose_below' cannot be 1000: expected off or a negative"),
    ("d['rules']['game_end'] = 'hands:0'", "'game_end' cannot be 'hands:0'"),
    # the misdeal is not a scored hand: the second scored hand is hand 3
    ("d['rules']['game_end'] = 'hands:2'", "hand 4: the game already ended after hand 3"),
    ("d['rules']['min_meld_to_play'] = 200",
     "hand 1: with 190 meld the bidders are under the 200 they need to play, so the hand is "
     "not played and records no renege"),
]  # fmt: skip


@pytest.mark.parametrize(("change", "message"), HOUSE_REFUSED)
def test_house_rules_fields_refused(change: str, message: str) -> None:
    document = copy.deepcopy(HOUSE)
    exec(change, {"d": document})
    with pytest.raises(PinochleError) as refused:
        replay(from_document(document))
    assert message in str(refused.value)

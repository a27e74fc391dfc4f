"""The JSON API takes and gives the house rules' hand fields (renege, misdeal, moon,
time_called), answers the new outcomes, refuses a bad one with 422 and the engine's
sentence, and its OpenAPI document lists them."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from scorekeeper.engine.hand_score import OUTCOMES
from tests.web.test_access import database_fingerprint

API = "/api/v1"
GAME = {
    "format": "pinochle-game/1",
    "ruleset": "partnership",
    "rules": {"shoot_the_moon": "game", "game_end": "hands:6"},
    "sides": [
        {"name": "Us", "players": ["Ann", "Cal"]},
        {"name": "Them", "players": ["Bea", "Dan"]},
    ],
    "first_dealer": "Ann",
}
BID = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60]}

# (the hand sent, the outcome answered, the game's end)
RECORDED = [
    ({"misdeal": True}, "misdeal", False),
    ({"misdeal": True, "time_called": True}, "misdeal", True),
    ({**BID, "renege": 1}, "renege", False),
    ({**BID, "counters": [150, 100], "time_called": True}, "made", True),
    ({**BID, "counters": [250, 0], "moon": True}, "moon", True),
    ({**BID, "counters": [240, 10], "moon": True}, "set", False),
]


@pytest.mark.parametrize(("hand", "outcome", "finished"), RECORDED)
def test_a_hand_with_the_new_fields_goes_in_and_comes_out(
    app: Flask, hand: dict[str, Any], outcome: str, finished: bool
) -> None:
    client = app.test_client()
    game = client.post(f"{API}/games", json=GAME).json
    answer = client.post(f"{API}/games/{game['id']}/hands", json=hand)
    assert answer.status_code == 201, answer.json
    assert answer.json["game"]["hands"] == [hand]
    assert answer.json["result"]["hands"][0]["outcome"] == outcome
    assert answer.json["result"]["finished"] is finished
    again = client.get(f"{API}/games/{game['id']}").json
    assert again["game"]["hands"] == [hand]
    # corrected through the API, the fields change with it
    if "renege" in hand:
        put = client.put(f"{API}/games/{game['id']}/hands/1", json={**hand, "renege": 0})
        assert put.status_code == 200
        assert put.json["game"]["hands"][0]["renege"] == 0


# (the hand sent, the refusal's code, a piece of its sentence)
REFUSED = [
    ({"misdeal": True, "bidder": "Cal"}, "misdeal_fields", "records nothing else"),
    ({**BID, "renege": 1, "counters": [150, 100]}, "renege_counters", "records no counters"),
    ({**BID, "renege": 2}, "renege_side", "from 0 to 1"),
    ({**BID, "renege": 1, "thrown_in": True}, "hand_conflict", "renege and thrown_in"),
    ({**BID, "counters": [150, 100], "moon": "yes"}, "game_field", "moon"),
]


@pytest.mark.parametrize(("hand", "code", "words"), REFUSED)
def test_a_bad_hand_is_422_with_the_sentence(
    app: Flask, hand: dict[str, Any], code: str, words: str
) -> None:
    client = app.test_client()
    game = client.post(f"{API}/games", json=GAME).json
    before = database_fingerprint(app)
    answer = client.post(f"{API}/games/{game['id']}/hands", json=hand)
    assert (answer.status_code, answer.json["error"]) == (422, code), answer.json
    assert words in answer.json["message"]
    assert database_fingerprint(app) == before


def test_a_moon_where_the_game_does_not_play_it_is_refused(app: Flask) -> None:
    client = app.test_client()
    game = client.post(f"{API}/games", json={**GAME, "rules": {}}).json
    answer = client.post(
        f"{API}/games/{game['id']}/hands", json={**BID, "counters": [250, 0], "moon": True}
    )
    assert (answer.status_code, answer.json["error"]) == (422, "moon_not_applicable")


def test_the_document_lists_the_new_fields_and_outcomes(app: Flask) -> None:
    document = app.test_client().get(f"{API}/openapi.json").json
    schemas = document["components"]["schemas"]
    hand = schemas["Hand"]["properties"]
    assert hand["renege"]["type"] == "integer"
    assert all(hand[name]["type"] == "boolean" for name in ("misdeal", "moon", "time_called"))
    outcome = schemas["Result"]["properties"]["hands"]["items"]["properties"]["outcome"]
    assert outcome["enum"] == list(OUTCOMES)
    assert {"misdeal", "renege", "moon"} <= set(outcome["enum"])

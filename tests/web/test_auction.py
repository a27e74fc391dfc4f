"""Auction pinochle through the app: a new game with its house rules, a hand recorded
through the form (bidder, bid, the trump or conceded, the result) and through the JSON
API, the scoreboard's chip balances and kitty, the refusals, stats and the sheet."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.presets import PRESETS
from scorekeeper.extensions import db
from scorekeeper.games.stored import hand_document, replay_game, rules_of
from scorekeeper.store.models import Hand, PlayerOutcome
from tests.web.conftest import make_game, stored_game

AUCTION_FORM = {
    "seat_0": "Ann",
    "seat_1": "Bea",
    "seat_2": "Cal",
    "first_dealer": "0",
    **PRESETS["auction"].options(),
}


def stored_hands(app: Flask, game_id: int) -> list[dict[str, Any]]:
    with app.app_context():
        return [hand_document(hand) for hand in stored_game(app, game_id).hands]


def post_hand(client: FlaskClient, game_id: int, **fields: str) -> Any:
    return client.post(f"/games/{game_id}/hands/new", data=fields)


# --- a new game ------------------------------------------------------------------------------


def test_the_new_game_form_offers_the_rooms_options(client: FlaskClient) -> None:
    page = client.get("/games/new?ruleset=auction")
    assert page.status_code == 200
    for name in ("auction_scale", "spades_double", "hearts_triple", "kitty", "min_bid"):
        assert f'name="{name}"' in page.text
    for name in ("target", "throw_in", "save_meld", "doubles", "run_extras"):
        assert f'name="{name}"' not in page.text
    assert "Pays and is paid on bids of 350 and more" in page.text
    assert "A hand played in spades pays double" in page.text


def test_a_game_is_started_with_house_rules(app: Flask, client: FlaskClient) -> None:
    form = {**AUCTION_FORM, "kitty": "every_bete", "hearts_triple": "on", "min_bid": "250"}
    page = client.post("/games/new?ruleset=auction", data=form)
    assert page.status_code == 302
    game_id = int(page.headers["Location"].rsplit("/", 1)[1])
    with app.app_context():
        rules = rules_of(stored_game(app, game_id))
    assert (rules.kitty, rules.hearts_triple, rules.min_bid) == ("every_bete", "on", 250)
    board = client.get(f"/games/{game_id}")
    assert "Each hand is paid in chips by the bid." in board.text
    assert "Game to" not in board.text


def test_a_bad_option_value_is_a_sentence(client: FlaskClient) -> None:
    page = client.post("/games/new?ruleset=auction", data={**AUCTION_FORM, "kitty": "always"})
    assert page.status_code == 400
    assert "house-rule option" in page.text or "Kitty" in page.text


# --- the hand form -----------------------------------------------------------------------------


def test_the_form_asks_bidder_bid_trump_or_conceded_and_the_result(
    app: Flask, client: FlaskClient
) -> None:
    game_id = make_game(app, "auction")
    page = client.get(f"/games/{game_id}/hands/new")
    assert page.status_code == 200
    text = page.text
    assert 'name="bidder"' in text and 'name="bid"' in text
    assert 'name="trump" value="conceded"' in text
    assert 'name="made" value="yes"' in text and 'name="made" value="no"' in text
    for name in ("meld_0", "counters_0", "thrown_in", "cards_0", "took_trick_0", "meld_chips_0"):
        assert f'name="{name}"' not in text
    assert ">300<" in text  # the bid chips start at the minimum


MADE_350 = {"bidder": "Ann", "bid": "350", "trump": "H", "made": "yes"}


def test_a_hand_made_through_the_form(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, "auction")
    page = post_hand(client, game_id, **MADE_350)
    assert page.status_code == 302
    assert stored_hands(app, game_id) == [{"bidder": "Ann", "bid": 350, "trump": "H", "made": True}]
    with app.app_context():
        hand = db.session.execute(db.select(Hand)).scalar_one()
        assert (hand.made, hand.thrown_in, hand.meld, hand.counters) == (True, False, None, None)
    board = client.get(f"/games/{game_id}").text
    # Ann +15 (5 from Bea, Cal and the kitty), the kitty -5
    assert re.search(r'class="points">\+15<', board)
    assert re.search(r'class="points neg">\u22125<', board)
    assert "Kitty" in board
    assert "made" in board


def test_a_conceded_hand_and_a_double_bete(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, "auction")
    assert post_hand(client, game_id, bidder="Bea", bid="400", trump="conceded").status_code == 302
    fields = {"bidder": "Cal", "bid": "300", "trump": "S", "made": "no"}
    assert post_hand(client, game_id, **fields).status_code == 302
    assert stored_hands(app, game_id) == [
        {"bidder": "Bea", "bid": 400, "thrown_in": True},
        {"bidder": "Cal", "bid": 300, "trump": "S", "made": False},
    ]
    with app.app_context():
        result = replay_game(stored_game(app, game_id))
    # 400 conceded: 10 to Ann, Cal and the kitty; 300 in spades, bete: 3 x 2 x 2 = 12 each
    assert [hand.points for hand in result.hands] == [(10, -30, 10), (12, 12, -24)]
    assert (result.totals, result.kitty) == ((22, -18, -14), 10)
    board = client.get(f"/games/{game_id}").text
    assert "single bete" in board and "double bete" in board


REFUSED = [
    # typed, the sentence beside the form
    ({"bidder": "Ann", "bid": "350", "trump": "H"}, "say whether the bidder made the bid"),
    ({"bidder": "Ann", "bid": "350", "made": "yes"}, "give the trump the bidder named"),
    ({"bidder": "Ann", "bid": "355", "trump": "H", "made": "yes"}, "not on the bid steps"),
    ({"bidder": "Ann", "bid": "250", "trump": "H", "made": "yes"}, "below the minimum of 300"),
    (
        {"bidder": "Ann", "bid": "350", "trump": "conceded", "made": "yes"},
        "a bidder who conceded did not play",
    ),
    ({"bid": "350", "trump": "H", "made": "yes"}, "bidder is missing"),
]


@pytest.mark.parametrize(("typed", "sentence"), REFUSED)
def test_a_refused_hand_saves_nothing(
    app: Flask, client: FlaskClient, typed: dict[str, str], sentence: str
) -> None:
    game_id = make_game(app, "auction")
    page = post_hand(client, game_id, **typed)
    assert page.status_code == 400
    assert sentence in page.text
    assert stored_hands(app, game_id) == []


def test_the_edit_form_shows_the_stored_hand(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, "auction")
    post_hand(client, game_id, bidder="Bea", bid="400", trump="conceded")
    post_hand(client, game_id, **{**MADE_350, "made": "no"})
    conceded = client.get(f"/games/{game_id}/hands/1/edit").text
    assert re.search(r'name="trump" value="conceded" checked', conceded)
    bete = client.get(f"/games/{game_id}/hands/2/edit").text
    assert re.search(r'name="made" value="no" checked', bete)
    assert re.search(r'name="trump" value="H"[^>]* checked', bete)
    # corrected to made: Ann now collects
    page = client.post(f"/games/{game_id}/hands/2/edit", data=MADE_350)
    assert page.status_code == 302
    assert stored_hands(app, game_id)[1]["made"] is True


def test_the_preview_says_what_the_bid_is_worth(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, "auction")
    answer = client.get(f"/games/{game_id}/hands/preview?bidder=Ann&bid=350&trump=S").json
    assert answer["worth"] == 10
    assert answer["need"] == "350 is worth 10 chips from each player"
    assert answer["warnings"] == []  # the result is not typed yet: no warning
    assert answer["needed"] is None


# --- the JSON API -----------------------------------------------------------------------------


def test_a_hand_through_the_api(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, "auction")
    hand = {"bidder": "Cal", "bid": 450, "trump": "D", "made": False}
    answer = client.post(f"/api/v1/games/{game_id}/hands", json=hand)
    assert answer.status_code == 201, answer.json
    body = answer.json
    assert body["game"]["hands"] == [hand]
    result = body["result"]
    assert result["hands"][0]["outcome"] == "set"
    assert result["hands"][0]["points"] == [30, 30, -90]
    assert result["hands"][0]["kitty"] == 30
    assert (result["totals"], result["kitty"], result["target"]) == ([30, 30, -90], 30, None)
    conceded = {"bidder": "Ann", "bid": 300, "thrown_in": True}
    answer = client.post(f"/api/v1/games/{game_id}/hands", json=conceded)
    assert answer.status_code == 201
    assert answer.json["result"]["totals"] == [24, 33, -87]


API_REFUSALS = [
    # ruleset, hand, code
    ("cutthroat", {"bidder": "Ann", "bid": 300, "trump": "H", "made": True}, "hand_not_applicable"),
    ("auction", {"bidder": "Ann", "bid": 300, "trump": "H", "made": True, "thrown_in": True},
     "conceded_made"),
    ("auction", {"bidder": "Ann", "bid": 300, "trump": "H"}, "made_missing"),
    ("auction", {"bidder": "Ann", "bid": 300, "trump": "H", "made": True, "meld": [0, 0, 0]},
     "hand_not_applicable"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "hand", "code"), API_REFUSALS)
def test_the_api_refuses_with_the_engines_code(
    app: Flask, client: FlaskClient, name: str, hand: dict[str, Any], code: str
) -> None:
    game_id = make_game(app, name)
    answer = client.post(f"/api/v1/games/{game_id}/hands", json=hand)
    assert answer.status_code == 422
    assert answer.json["error"] == code
    assert answer.json["message"].startswith("hand 1: ")
    assert stored_hands(app, game_id) == []


def test_an_auction_game_imported_and_exported(client: FlaskClient) -> None:
    document = {
        "format": "pinochle-game/1",
        "ruleset": "auction",
        "rules": {"kitty": "off"},
        "sides": [{"name": name, "players": [name]} for name in ("Ann", "Bea", "Cal")],
        "hands": [{"bidder": "Bea", "bid": 300, "trump": "C", "made": True}],
    }
    answer = client.post("/api/v1/games", json=document)
    assert answer.status_code == 201
    assert answer.json["result"]["kitty"] is None
    assert answer.json["result"]["totals"] == [-3, 6, -3]
    assert answer.json["game"]["rules"]["kitty"] == "off"
    assert "target" not in answer.json["game"]["rules"]


# --- stats and the sheet -------------------------------------------------------------------------


def test_stats_count_an_auction_games_chips(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, "auction")
    post_hand(client, game_id, **MADE_350)
    post_hand(client, game_id, bidder="Bea", bid="400", trump="conceded")
    with app.app_context():
        rows = db.session.execute(
            db.select(PlayerOutcome).where(PlayerOutcome.game_id == game_id)
        ).scalars()
        chips = {row.side: (row.chips, row.points, row.bids, row.throw_ins) for row in rows}
    # Ann +15 +10, Bea -5 -30, Cal -5 +10
    assert chips == {0: (25, 25, 1, 0), 1: (-35, -35, 1, 1), 2: (5, 5, 0, 0)}
    assert client.get("/stats").status_code == 200


def test_the_print_sheet_shows_chips_and_the_kitty(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, "auction")
    post_hand(client, game_id, **MADE_350)
    page = client.get(f"/games/{game_id}/sheet")
    assert page.status_code == 200
    assert "Kitty" in page.text
    assert "Game to" not in page.text


def test_time_called_through_the_form_ends_the_game(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, "auction")
    form = client.get(f"/games/{game_id}/hands/new").text
    assert 'name="time_called"' in form and 'name="misdeal"' in form
    assert post_hand(client, game_id, misdeal="y").status_code == 302
    assert post_hand(client, game_id, **MADE_350, time_called="y").status_code == 302
    assert stored_hands(app, game_id) == [
        {"misdeal": True},
        {"bidder": "Ann", "bid": 350, "trump": "H", "made": True, "time_called": True},
    ]
    board = client.get(f"/games/{game_id}").text
    assert "Ann wins!" in board
    with app.app_context():  # the season's figures count the game, won on chips
        rows = db.session.execute(
            db.select(PlayerOutcome).where(PlayerOutcome.game_id == game_id)
        ).scalars()
        won = {row.side: (row.finished, row.won, row.drawn, row.chips) for row in rows}
    assert won == {
        0: (True, True, False, 15),
        1: (True, False, False, -5),
        2: (True, False, False, -5),
    }
    again = post_hand(client, game_id, **MADE_350)
    assert again.status_code == 400  # the game is over
    assert len(stored_hands(app, game_id)) == 2


def test_a_hands_game_ends_on_its_last_hand_in_a_draw(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, "auction", game_end="hands:2")
    post_hand(client, game_id, bidder="Ann", bid="300", trump="H", made="yes")
    post_hand(client, game_id, bidder="Bea", bid="300", trump="D", made="yes")
    with app.app_context():
        result = replay_game(stored_game(app, game_id))
    assert (result.finished, result.winner, result.totals) == (True, "draw", (3, 3, -6))
    assert "A draw on chips." in client.get(f"/games/{game_id}").text


def test_the_new_game_form_says_the_table_stops(client: FlaskClient) -> None:
    page = client.get("/games/new?ruleset=auction").text
    assert "When the table stops (time is called)" in page
    assert "When a side reaches the target" not in page

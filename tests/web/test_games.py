"""Games through the test client: new game, scoreboard, rematch, import and export."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.gamefile import from_document, to_document
from scorekeeper.engine.presets import PRESETS
from scorekeeper.extensions import db
from scorekeeper.games.hands import add_hand
from scorekeeper.games.lifecycle import create_game, delete_game
from scorekeeper.games.stored import replay_game, rules_of
from scorekeeper.games.transfer import import_game
from scorekeeper.store.models import Game, Player
from tests.conftest import CASES, case_files, load_case
from tests.web.conftest import csrf_token, make_game, stored_game

PARTNERSHIP_FORM = {
    "seat_0": "Ann",
    "seat_1": "Bea",
    "seat_2": "Cal",
    "seat_3": "Dan",
    "side_0": "Us",
    "side_1": "Them",
    "first_dealer": "0",
    **{name: value for name, value in PRESETS["partnership"].options().items()},
}


def game_count(app: Flask) -> int:
    with app.app_context():
        return db.session.query(Game).count()


def test_the_list_starts_empty(client: FlaskClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert "No games yet" in page.text


@pytest.mark.parametrize("name", list(PRESETS))
def test_new_game_form_for_every_preset(client: FlaskClient, name: str) -> None:
    page = client.get(f"/games/new?ruleset={name}")
    assert page.status_code == 200
    rules = PRESETS[name]
    assert rules.description in page.text
    for seat in range(rules.players):
        assert f'name="seat_{seat}"' in page.text
    assert f'name="seat_{rules.players}"' not in page.text
    for option in rules.options():
        assert f'name="{option}"' in page.text


def test_start_a_game(app: Flask, client: FlaskClient) -> None:
    page = client.post("/games/new?ruleset=partnership", data=PARTNERSHIP_FORM)
    assert page.status_code == 302
    game_id = int(page.headers["Location"].rsplit("/", 1)[1])
    with app.app_context():
        game = stored_game(app, game_id)
        assert [seat.player.name for seat in game.seats] == ["Ann", "Bea", "Cal", "Dan"]
        assert [seat.side for seat in game.seats] == [0, 1, 0, 1]
        assert [side.name for side in game.sides] == ["Us", "Them"]
        assert game.rules == PRESETS["partnership"].options()
    board = client.get(f"/games/{game_id}")
    assert "<bdi>Ann</bdi> deals" in board.text  # a name in its own direction
    assert "<bdi>Bea</bdi> bids first" in board.text


def test_house_rules_are_kept_with_the_game(app: Flask, client: FlaskClient) -> None:
    form = {**PARTNERSHIP_FORM, "target": "1000", "throw_in": "always"}
    page = client.post("/games/new?ruleset=partnership", data=form)
    game_id = int(page.headers["Location"].rsplit("/", 1)[1])
    with app.app_context():
        rules = rules_of(stored_game(app, game_id))
    assert (rules.target, rules.throw_in) == (1000, "always")
    assert "Game to 1000" in client.get(f"/games/{game_id}").text


REFUSED = [
    ({"seat_2": "Ann"}, "player &#39;Ann&#39; appears more than once"),
    ({"seat_3": ""}, "This field is required."),
    ({"min_bid": "255"}, "house-rule option &#39;min_bid&#39; cannot be 255"),
    ({"target": "0"}, "house-rule option &#39;target&#39; cannot be 0"),
    ({"save_meld": "sometimes"}, "house-rule option &#39;save_meld&#39; cannot be"),
    ({"throw_in": "maybe"}, "house-rule option &#39;throw_in&#39; cannot be &#39;maybe&#39;"),
]


@pytest.mark.parametrize(("change", "message"), REFUSED)
def test_new_game_refusals(
    app: Flask, client: FlaskClient, change: dict[str, str], message: str
) -> None:
    page = client.post("/games/new?ruleset=partnership", data={**PARTNERSHIP_FORM, **change})
    assert page.status_code == 400
    assert message in page.text
    assert game_count(app) == 0


def test_pick_the_first_dealer_at_random(app: Flask, client: FlaskClient) -> None:
    page = client.post(
        "/games/new?ruleset=partnership", data={**PARTNERSHIP_FORM, "first_dealer": "random"}
    )
    assert page.status_code == 302
    with app.app_context():
        game = db.session.query(Game).one()
        assert 0 <= game.first_dealer_seat < 4


def test_names_are_remembered(app: Flask, client: FlaskClient) -> None:
    make_game(app)
    page = client.get("/games/new")
    for name in ("Ann", "Bea", "Cal", "Dan"):
        assert f'<option value="{name}">' in page.text


def test_cutthroat_and_two_hand_games(app: Flask, client: FlaskClient) -> None:
    form = {
        "seat_0": "Ann",
        "seat_1": "Bea",
        "seat_2": "Cal",
        "first_dealer": "2",
        **PRESETS["cutthroat"].options(),
    }
    page = client.post("/games/new?ruleset=cutthroat", data=form)
    assert page.status_code == 302
    board = client.get(page.headers["Location"])
    assert "<bdi>Cal</bdi> deals" in board.text
    form = {"seat_0": "Ann", "seat_1": "Bea", "first_dealer": "0", **PRESETS["two-hand"].options()}
    page = client.post("/games/new?ruleset=two-hand", data=form)
    assert page.status_code == 302
    with app.app_context():
        names = [side.name for side in db.session.get(Game, 2).sides]  # type: ignore[union-attr]
    assert names == ["Ann", "Bea"]


def test_a_script_name_is_shown_as_text(app: Flask, client: FlaskClient) -> None:
    payload = "<script>alert(1)</script>"
    page = client.post(
        "/games/new?ruleset=partnership",
        data={**PARTNERSHIP_FORM, "seat_0": payload, "side_0": payload},
    )
    board = client.get(page.headers["Location"])
    assert payload not in board.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in board.text
    assert payload not in client.get("/").text
    assert payload not in client.get("/games/new").text


def play(app: Flask, game_id: int, hands: list[dict[str, Any]]) -> None:
    with app.app_context():
        game = stored_game(app, game_id)
        for hand in hands:
            add_hand(game, hand)


WINNING = [
    {"bidder": "Ann", "bid": 500, "trump": "H", "meld": [1500, 0], "counters": [200, 50]},
]


def test_scoreboard_shows_hands_totals_and_winner(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    play(
        app,
        game_id,
        [{"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]}],
    )
    board = client.get(f"/games/{game_id}").text
    assert ">340<" in board and ">160<" in board
    assert "♥" in board
    assert "made" in board
    play(app, game_id, WINNING)
    board = client.get(f"/games/{game_id}").text
    assert "Us win!" in board
    assert "Rematch" in board
    assert "Record hand" not in board


def test_rematch_keeps_players_and_rules_and_moves_the_deal(
    app: Flask, client: FlaskClient
) -> None:
    game_id = make_game(app, target=1000)
    play(app, game_id, WINNING)
    page = client.post(f"/games/{game_id}/rematch")
    assert page.status_code == 302
    with app.app_context():
        old, new = stored_game(app, game_id), stored_game(app, game_id + 1)
        assert new.rules == old.rules
        assert [s.player.name for s in new.seats] == [s.player.name for s in old.seats]
        assert new.first_dealer_seat == (old.first_dealer_seat + 1) % 4
        assert not new.hands


def test_a_double_tap_on_rematch_makes_one_game(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, target=1000)
    play(app, game_id, WINNING)
    first, second = (client.post(f"/games/{game_id}/rematch") for _ in range(2))
    assert first.headers["Location"] == second.headers["Location"] == f"/games/{game_id + 1}"
    with app.app_context():
        assert db.session.query(Game).count() == 2
        delete_game(stored_game(app, game_id + 1))  # deleted: a new one may be made
    again = client.post(f"/games/{game_id}/rematch")
    with app.app_context():
        assert again.status_code == 302 and db.session.query(Game).count() == 2


@pytest.mark.parametrize("path", case_files("games"), ids=lambda p: p.stem)
def test_export_after_import_is_the_same_game(client: FlaskClient, path: Any) -> None:
    document = load_case(path)["game"]
    upload = {"file": (io.BytesIO(json.dumps(document).encode()), "game.json")}
    page = client.post("/games/import", data=upload, content_type="multipart/form-data")
    assert page.status_code == 302
    exported = client.get(page.headers["Location"] + "/export.json")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["Content-Disposition"]
    again = exported.get_json()
    again.pop("played_on")  # the import dates a game without a date
    assert again == {k: v for k, v in to_document(from_document(document)).items()}
    assert [side["players"] for side in again["sides"]] == [s["players"] for s in document["sides"]]


@pytest.mark.parametrize("path", case_files("errors"), ids=lambda p: p.stem)
def test_a_bad_file_imports_nothing(app: Flask, client: FlaskClient, path: Any) -> None:
    case = load_case(path)
    upload = {"file": (io.BytesIO(json.dumps(case["game"]).encode()), "bad.json")}
    page = client.post("/games/import", data=upload, content_type="multipart/form-data")
    assert page.status_code == 400
    assert f"hand {case['expect']['error_hand']}: " in page.text
    assert game_count(app) == 0
    with app.app_context():
        assert db.session.query(Player).count() == 0


def test_a_file_that_is_not_json(app: Flask, client: FlaskClient) -> None:
    upload = {"file": (io.BytesIO(b"\xff\xfe not json"), "bad.json")}
    page = client.post("/games/import", data=upload, content_type="multipart/form-data")
    assert page.status_code == 400
    assert "not a JSON document" in page.text


@pytest.mark.parametrize("path", ["/games/999", "/games/999/export.json", "/nowhere", "/games/abc"])
def test_not_found(client: FlaskClient, path: str) -> None:
    page = client.get(path)
    assert page.status_code == 404
    assert "There is no such page" in page.text


def test_rematch_of_a_missing_game(client: FlaskClient) -> None:
    assert client.post("/games/999/rematch").status_code == 404


def test_csrf_is_required(csrf_app: Flask) -> None:
    client = csrf_app.test_client()
    page = client.post("/games/new?ruleset=partnership", data=PARTNERSHIP_FORM)
    assert page.status_code == 400
    assert "Form expired" in page.text
    assert game_count(csrf_app) == 0
    token = csrf_token(client.get("/games/new").text)
    page = client.post(
        "/games/new?ruleset=partnership", data={**PARTNERSHIP_FORM, "csrf_token": token}
    )
    assert page.status_code == 302


def test_pages_make_no_external_requests(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    for path in ("/", "/games/new", f"/games/{game_id}", "/games/import"):
        text = client.get(path).text
        assert "http://" not in text and "https://" not in text, path


def test_replayed_totals_equal_the_engine(app: Flask) -> None:
    for path in case_files("games"):
        with app.app_context():
            game = import_game(load_case(path)["game"])
            result = replay_game(game)
            assert list(result.totals) == load_case(path)["expect"]["totals"]
    assert CASES.is_dir()


def test_one_player_wins_and_a_side_win(app: Flask, client: FlaskClient) -> None:
    """The winner banner agrees with who won: "Ann wins!" in cutthroat (Babel's plural,
    by the side's players), "Us win!" for a partnership."""
    with app.app_context():
        game = create_game(
            "cutthroat",
            {"target": 250},
            [("Ann", ["Ann"]), ("Bea", ["Bea"]), ("Cal", ["Cal"])],
            first_dealer="Ann",
        )
        game_id = game.id
        hand = {"bidder": "Ann", "bid": 250, "trump": "H", "meld": [100, 0, 0],
                "counters": [250, 0, 0]}  # fmt: skip
        add_hand(stored_game(app, game_id), hand)
    board = client.get(f"/games/{game_id}").text
    assert "Ann wins!" in board and "Ann win!" not in board

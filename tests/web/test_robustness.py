"""Odd input and double taps: a sentence and nothing changed, never a 500."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.accounts.users import create_user
from scorekeeper.extensions import db
from scorekeeper.games import stored as game_stored
from scorekeeper.games.hands import delete_hand
from scorekeeper.store.models import Game, Hand, HandEdit, Player, Seat
from tests.web.conftest import make_game, played_game, stored_game, test_app

BASE = {
    "bidder": "Bea",
    "bid": "250",
    "trump": "H",
    "meld_0": "100",
    "meld_1": "50",
    "counters_0": "200",
}


def rows(app: Flask) -> tuple[int, ...]:
    with app.app_context():
        return tuple(
            db.session.query(model).count() for model in (Player, Game, Seat, Hand, HandEdit)
        )


def version(app: Flask, game_id: int) -> str:
    with app.app_context():
        return str(game_stored.version(stored_game(app, game_id)))


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"bid": str(10**30)}, "more than a side can make"),
        ({"meld_0": str(10**30)}, "can make at most"),
        ({"counters_0": str(10**30)}, "but a hand has 250"),
        ({"all_tricks": "²"}, None),
        ({"bid": "²"}, None),
        ({"meld_0": "-0x10"}, None),
    ],
)
def test_odd_numbers_are_refused_or_ignored(
    app: Flask, client: FlaskClient, change: dict[str, str], field: str | None
) -> None:
    game_id = make_game(app)
    before = rows(app)
    page = client.post(f"/games/{game_id}/hands/new", data={**BASE, **change})
    assert page.status_code in (302, 400)
    if field is not None:
        assert page.status_code == 400 and field in page.text
        assert rows(app) == before


@pytest.mark.parametrize(
    "path",
    [
        "/games/1000000000000000000000000000000",
        "/games/1000000000000000000000000000000/sheet.pdf",
        "/games/1000000000000000000000000000000/hands/new",
        "/meld?c_AH=²",
    ],
)
def test_huge_ids_and_odd_digits_are_not_errors(client: FlaskClient, path: str) -> None:
    assert client.get(path).status_code in (400, 404)


PAST_INTEGER = 2**31  # one past the largest id PostgreSQL's INTEGER holds (SQLite's: 2**63 - 1)


def filled(rule: str, values: dict[str, int]) -> str:
    """The path of ``rule`` with ``values`` for its numbers."""
    return re.sub(r"<int:(\w+)>", lambda match: str(values[match[1]]), rule)


@pytest.mark.database
def test_ids_past_the_databases_integers_are_not_errors(tmp_path: Path) -> None:
    """Every route with a number in its path, given one too large for an id column: all
    of them huge, and (the game and hand 1 exist) only the last one; as an owner."""
    app = test_app(tmp_path / "ids.db", LOGIN_DISABLED=False)
    with app.app_context():
        create_user("Olga", "a long enough password", "owner")
    played_game(app, 1)
    client = app.test_client()
    login = {"name": "Olga", "password": "a long enough password"}
    assert client.post("/login", data=login).status_code == 302
    for rule in app.url_map.iter_rules():
        numbers = re.findall(r"<int:(\w+)>", rule.rule)
        if not numbers:
            continue
        for last in sorted({1, len(numbers)}):
            values = {name: 1 for name in numbers[: len(numbers) - last]}
            values |= {name: PAST_INTEGER for name in numbers[len(numbers) - last :]}
            path = filled(rule.rule, values)
            for method in sorted((rule.methods or set()) & {"GET", "POST"}):
                answer = client.open(path, method=method)
                assert answer.status_code < 500, (method, path)


def test_a_huge_house_rule_is_refused(app: Flask, client: FlaskClient) -> None:
    page = client.post(
        "/games/new?ruleset=partnership",
        data={
            "seat_0": "A",
            "seat_1": "B",
            "seat_2": "C",
            "seat_3": "D",
            "first_dealer": "0",
            "min_bid": str(10**30),
        },
    )
    assert page.status_code == 400
    assert rows(app) == (0, 0, 0, 0, 0)


def test_a_double_tap_on_save_records_one_hand(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    form = {**BASE, "version": version(app, game_id)}
    assert client.post(f"/games/{game_id}/hands/new", data=form).status_code == 302
    again = client.post(f"/games/{game_id}/hands/new", data=form)
    assert again.status_code == 400
    assert "Hand 1 was recorded on another phone with the same values as yours" in again.text
    with app.app_context():
        assert len(stored_game(app, game_id).hands) == 1


def test_a_double_tap_on_undo_takes_back_one_hand(app: Flask, client: FlaskClient) -> None:
    game_id = played_game(app, 3)
    client.post(f"/games/{game_id}/undo", data={"number": "3"})
    client.post(f"/games/{game_id}/undo", data={"number": "3"})
    with app.app_context():
        assert len(stored_game(app, game_id).hands) == 2


def test_a_stale_edit_is_refused(app: Flask, client: FlaskClient) -> None:
    game_id = played_game(app, 3)
    opened = version(app, game_id)
    with app.app_context():
        delete_hand(stored_game(app, game_id), 1)  # another phone
    form = {
        "bidder": "Cal",
        "bid": "300",
        "trump": "H",
        "meld_0": "110",
        "meld_1": "60",
        "counters_0": "150",
        "version": opened,
    }
    page = client.post(f"/games/{game_id}/hands/2/edit", data=form)
    assert page.status_code == 400
    assert "the game changed on another phone" in page.text
    deleted = client.post(
        f"/games/{game_id}/hands/1/delete", data={"version": opened, "confirmed": "yes"}
    )
    assert deleted.status_code == 302
    with app.app_context():
        assert len(stored_game(app, game_id).hands) == 2


def test_rematch_only_after_the_game(app: Flask, client: FlaskClient) -> None:
    game_id = played_game(app, 1)
    before = rows(app)
    page = client.post(f"/games/{game_id}/rematch", follow_redirects=True)
    assert "A rematch follows a finished game." in page.text
    assert rows(app) == before


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"[" * 100_000, "not JSON that a game file can hold"),
        (b"\xef\xbb\xbf{}", "not a pinochle-game/1 document"),
        (b'{"format": "pinochle-game/1", "ruleset": "partnership", "bid": 1}', "unknown field"),
    ],
)
def test_odd_uploads(app: Flask, client: FlaskClient, body: bytes, message: str) -> None:
    upload = {"file": (io.BytesIO(body), "game.json")}
    page = client.post("/games/import", data=upload, content_type="multipart/form-data")
    assert page.status_code == 400
    assert message in page.text
    assert rows(app) == (0, 0, 0, 0, 0)


def test_a_file_too_large_gets_a_page(client: FlaskClient) -> None:
    # the length is announced and refused before any of the body is read
    page = client.post(
        "/games/import",
        data=b"{}",
        content_type="multipart/form-data; boundary=x",
        environ_overrides={"CONTENT_LENGTH": str(3 * 1024 * 1024)},
    )
    assert page.status_code == 413
    assert "at most 2 MB" in page.text


def test_long_names_are_refused_with_a_sentence(app: Flask, client: FlaskClient) -> None:
    page = client.post(
        "/games/new?ruleset=two-hand",
        data={"seat_0": "A" * 61, "seat_1": "B", "first_dealer": "0"},
    )
    assert page.status_code == 400
    assert rows(app) == (0, 0, 0, 0, 0)


def test_forms_do_not_expire_while_the_phone_sleeps(app: Flask) -> None:
    assert app.config["WTF_CSRF_TIME_LIMIT"] is None


def test_pages_keep_their_query_strings_on_this_site(client: FlaskClient) -> None:
    assert client.get("/meld").headers["Referrer-Policy"] == "same-origin"


def test_meld_cards_from_the_checker_are_checked(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    query: dict[str, Any] = {"trump": "H", "meld_for": "Ann", "meld_cards": "AH " * 13}
    page = client.get(f"/games/{game_id}/hands/new", query_string=query)
    assert page.status_code == 200
    assert "AH appears 13 times" in page.text


def test_a_new_trump_recounts_the_cards_checked_before(app: Flask, client: FlaskClient) -> None:
    """Ann's run was checked with hearts trump; trump became spades; then Cal's cards."""
    game_id = make_game(app)
    query = {
        "bidder": "Ann",
        "bid": "250",
        "trump": "S",
        "meld_0": "150",
        "cards_0": "AH 10H KH QH JH",
        "meld_trump": "H",
        "meld_for": "Cal",
        "meld_cards": "KS QS",
    }
    page = client.get(f"/games/{game_id}/hands/new", query_string=query).text
    # Ann's cards with spades trump: a marriage (20); Cal's: a royal marriage (40)
    field = re.search(r'<input[^>]*name="meld_0"[^>]*>', page)
    assert field is not None and 'value="60"' in field[0]


@pytest.mark.parametrize("path", ["/login", "/games/new", "/meld?cards=KH%00"])
def test_a_nul_character_is_refused_before_anything_reads_it(
    client: FlaskClient, path: str
) -> None:
    """PostgreSQL stores no NUL in text: found by the form fuzzing on PostgreSQL (a
    login name of one NUL gave a 500)."""
    if "?" in path:
        answer = client.get(path)
    else:
        answer = client.post(path, data={"name": "\x00", "password": "x", "seat_1": "A\x00"})
    assert answer.status_code == 400
    assert "NUL" in answer.get_data(as_text=True)


def test_a_nul_character_in_an_address_finds_nothing(client: FlaskClient) -> None:
    assert client.get("/s/" + "a" * 20 + "%00" + "b" * 20).status_code == 404


def test_a_nul_character_in_an_api_body_is_refused(client: FlaskClient) -> None:
    answer = client.post(
        "/api/v1/meld", data='{"cards": "KH\\u0000"}', content_type="application/json"
    )
    assert (answer.status_code, answer.json["error"]) == (422, "nul_character")

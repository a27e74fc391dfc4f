"""The JSON API: tokens and roles, games and hands, refusals, idempotent retries."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from scorekeeper import create_app
from scorekeeper.accounts.links import (
    API_TOKEN_PREFIX,
    _token_hash,
    api_tokens,
    create_api_token,
    revoke_api_token,
)
from scorekeeper.accounts.users import create_user, delete_user, may, user_named
from scorekeeper.backup.restore import backup_document
from scorekeeper.cli import main
from scorekeeper.club.events import get_event, import_event
from scorekeeper.club.rounds import close_round
from scorekeeper.club.seating import record_seating
from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.gamefile import to_document
from scorekeeper.extensions import db
from scorekeeper.games.hands import add_hand
from scorekeeper.games.lifecycle import create_game, delete_game
from scorekeeper.games.players import all_players
from scorekeeper.games.stored import engine_game, get_game
from scorekeeper.store.models import Game
from tests.conftest import assert_matches_case, case_files, load_case
from tests.web.conftest import PLAYED_HAND, SIDES, stored_game, test_app
from tests.web.test_access import NEEDS, PUBLIC, ROLES, database_fingerprint

API = "/api/v1"
GAME = {
    "format": "pinochle-game/1",
    "ruleset": "partnership",
    "sides": [
        {"name": "Us", "players": ["Ann", "Cal"]},
        {"name": "Them", "players": ["Bea", "Dan"]},
    ],
    "first_dealer": "Ann",
}


EVENT = {
    "format": "pinochle-event/1",
    "name": "Tuesday club night",
    "date": "2026-12-01",
    "ruleset": "partnership",
    "entrants": [{"name": name} for name in ("Ann", "Bea", "Cal", "Dan", "Eve")],
    "rounds": [{"round": 1}, {"round": 2}],
}
SEATING = {"tables": [{"table": 1, "seats": ["Ann", "Bea", "Cal", "Dan"]}], "byes": ["Eve"]}


class Club:
    """An app with logins on: a user per role, each with an API token, a game, and an
    event of two rounds whose round 1 is seated and has a hand at its table."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.tokens: dict[str, str] = {}
        with app.app_context():
            for role in ROLES:
                user = create_user(role, "a long enough password", role)
                self.tokens[role] = create_api_token(user, "tests")[1]
            game = create_game("partnership", {}, SIDES, first_dealer="Ann")
            add_hand(game, PLAYED_HAND)
            self.game = game.id
            event = import_event(EVENT)
            table = record_seating(event, 1, SEATING).tables[0]
            add_hand(table.game, PLAYED_HAND)
            self.event = event.id

    def call(
        self, who: str | None, method: str, path: str, body: Any = None, **headers: str
    ) -> Any:
        """An API call as ``who`` (a role's token; None: no token)."""
        if who is not None:
            headers["Authorization"] = f"Bearer {self.tokens[who]}"
        client = self.app.test_client()
        return client.open(API + path, method=method, json=body, headers=headers)


@pytest.fixture
def club(tmp_path: Path) -> Iterator[Club]:
    app = test_app(tmp_path / "api.db", LOGIN_DISABLED=False)
    yield Club(app)
    with app.app_context():
        db.engine.dispose()


def _path(club: Club, endpoint: str) -> str:
    rule = next(r for r in club.app.url_map.iter_rules() if r.endpoint == endpoint)
    return (
        rule.rule.removeprefix(API)
        .replace("<int:game_id>", str(club.game))
        .replace("<int:event_id>", str(club.event))
        .replace("rounds/<int:number>", "rounds/2")  # round 1 is played (closed below)
        .replace("<int:number>", "1")
    )


BODIES: dict[str, Any] = {
    "api.create_game": GAME,
    "api.add_hand": {"misdeal": True},  # never "same as hand N?": each role may send it
    "api.replace_hand": {**PLAYED_HAND, "counters": [200, 50]},
    "api.meld": {"cards": "KH QH", "trump": "H"},
    "api.create_event": EVENT,
    "api.seat_round": SEATING,  # seated again, as often as it is asked, till played
    "api.confirm_table": {"player": "Ann"},
    "api.close": {},
}
# routes the club's data cannot satisfy: past the role check, the engine refuses them
# (game 1 is no club table: 422 event_not_a_table; tests/web/test_event_confirm.py;
# round 2 is seated and unseated again by each role in turn, and closed when it is not
# seated: 422 event_round_unseated; tests/web/test_api_events.py)
REFUSED_PAST_ACCESS = {"api.confirm_table", "api.close"}
API_ROUTES = sorted(
    (route, needed) for route, needed in NEEDS.items() if route[0].startswith("api.")
)


@pytest.mark.database
@pytest.mark.parametrize("who", [None, *ROLES])
def test_each_role_may_use_the_api_as_on_the_pages(club: Club, who: str | None) -> None:
    """No token: 401; a role below the route's: 403, and nothing written (but when
    the token was last used)."""
    with club.app.app_context():  # round 2 is seated (and unseated) once round 1 is closed
        event = get_event(club.event)
        assert event is not None
        close_round(event, 1, "the hall closes")
    problems = []
    for (endpoint, method), needed in API_ROUTES:
        before = database_fingerprint(club.app, {"api_token"})
        answer = club.call(who, method, _path(club, endpoint), BODIES.get(endpoint))
        allowed = needed == PUBLIC or (who is not None and may(who, needed))
        refused_past_access = endpoint in REFUSED_PAST_ACCESS and answer.status_code == 422
        if allowed and answer.status_code >= 400 and not refused_past_access:
            problems.append(f"{who} {method} {endpoint}: {answer.status_code} {answer.json}")
        if not allowed:
            expected = 401 if who is None else 403
            if answer.status_code != expected or set(answer.json) != {"error", "message"}:
                problems.append(f"{who} {method} {endpoint}: {answer.status_code}, not refused")
            if database_fingerprint(club.app, {"api_token"}) != before:
                problems.append(f"{who} {method} {endpoint}: refused but the database changed")
    assert problems == []


@pytest.mark.database
@pytest.mark.parametrize(
    "authorization",
    ["", "Bearer", "Bearer ", "Bearer skp_unknown", "Basic b3duZXI6b3duZXI=", "bearer x" * 50],
)
def test_no_token_or_an_unknown_one_is_401(club: Club, authorization: str) -> None:
    answer = club.call(None, "GET", "/games", Authorization=authorization)
    assert answer.status_code == 401
    assert answer.json["error"] == "unauthorized"
    assert answer.headers["WWW-Authenticate"].startswith("Bearer")


@pytest.mark.database
def test_a_login_cookie_opens_nothing_in_the_api(club: Club) -> None:
    """Only a bearer token opens the API: no other site can make a logged-in browser
    record a hand (the API takes no CSRF token)."""
    client: FlaskClient = club.app.test_client()
    login = {"name": "owner", "password": "a long enough password"}
    assert client.post("/login", data=login).status_code == 302
    assert client.get(f"/games/{club.game}").status_code == 200
    answer = client.post(f"{API}/games/{club.game}/hands", json=PLAYED_HAND)
    assert answer.status_code == 401


@pytest.mark.database
def test_a_revoked_token_or_a_removed_user_stops_at_once(club: Club) -> None:
    assert club.call("viewer", "GET", "/games").status_code == 200
    with club.app.app_context():
        viewer = user_named("viewer")
        assert viewer is not None
        (token,) = api_tokens(viewer)
        assert revoke_api_token(viewer, token.id)
    assert club.call("viewer", "GET", "/games").status_code == 401
    assert club.call("scorekeeper", "GET", "/games").status_code == 200
    with club.app.app_context():
        scorekeeper = user_named("scorekeeper")
        assert scorekeeper is not None
        delete_user(scorekeeper)
    assert club.call("scorekeeper", "GET", "/games").status_code == 401


# --- games and hands (logins off: every caller is an owner) ------------------------------


@pytest.fixture
def api(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.mark.parametrize("case", case_files("games"), ids=lambda path: path.stem)
def test_a_game_created_from_a_document_reads_back_with_its_replay(
    api: FlaskClient, case: Path
) -> None:
    document = load_case(case)
    made = api.post(f"{API}/games", json=document["game"])
    assert made.status_code == 201, made.json
    assert made.headers["Location"] == f"{API}/games/{made.json['id']}"
    read = api.get(made.headers["Location"])
    assert read.status_code == 200
    assert read.json == made.json
    assert read.headers["ETag"] == f'"{read.json["version"]}"'
    assert_matches_case(read.json["result"], document["expect"])
    again = api.post(f"{API}/games", json=read.json["game"])  # the document round-trips
    assert again.json["game"] == read.json["game"]


@pytest.mark.parametrize(("accept", "language"), [("nl-BE, nl;q=0.9, fr;q=0.5", "nl"), ("", "en")])
def test_a_game_made_through_the_api_prints_in_the_callers_language(
    api: FlaskClient, app: Flask, accept: str, language: str
) -> None:
    made = api.post(f"{API}/games", json=GAME, headers={"Accept-Language": accept})
    with app.app_context():
        assert stored_game(app, made.json["id"]).language == language


def test_hands_are_added_corrected_and_deleted(api: FlaskClient, app: Flask) -> None:
    game = api.post(f"{API}/games", json=GAME).json
    hands = f"{API}/games/{game['id']}/hands"
    first = api.post(hands, json=PLAYED_HAND)
    assert first.status_code == 201
    assert first.json["result"]["totals"] == [340, 160]
    assert first.json["version"] == game["version"] + 1
    second = api.post(
        hands, json={**PLAYED_HAND, "bidder": "Bea"}, headers={"If-Match": first.headers["ETag"]}
    )
    assert second.status_code == 201
    assert [hand["outcome"] for hand in second.json["result"]["hands"]] == ["made", "set"]
    corrected = api.put(f"{hands}/2", json={**PLAYED_HAND, "bidder": "Dan", "counters": [50, 200]})
    assert corrected.status_code == 200
    assert corrected.json["game"]["hands"][1]["bidder"] == "Dan"
    deleted = api.delete(f"{hands}/1")
    assert deleted.status_code == 200
    assert [hand["bidder"] for hand in deleted.json["game"]["hands"]] == ["Dan"]
    with app.app_context():
        stored = get_game(game["id"])
        assert stored is not None
        assert [edit.action for edit in stored.edits] == ["added", "added", "edited", "deleted"]
        assert deleted.json["game"] == to_document(engine_game(stored))
    listed = api.get(f"{API}/games").json["games"]
    assert listed[0] == {
        "id": game["id"],
        "key": game["key"],
        "version": deleted.json["version"],
        "ruleset": "partnership",
        "played_on": game["game"]["played_on"],
        "sides": ["Us", "Them"],
        "hands": 1,
        "finished": False,
        "winner": None,
    }


# (method, path, body, headers) -> (status, error code); game 1 has one hand
REFUSALS = [
    ("POST", "/games", None, {}, 400, "bad_body"),
    ("POST", "/games", [1, 2], {}, 400, "bad_body"),
    ("POST", "/games", {**GAME, "ruleset": "skat"}, {}, 422, "ruleset_unknown"),
    ("POST", "/games", {**GAME, "format": "x"}, {}, 422, "game_format"),
    ("GET", "/games?limit=0", None, {}, 400, "bad_parameter"),
    ("GET", "/games?limit=x", None, {}, 400, "bad_parameter"),
    ("GET", "/games?offset=-1", None, {}, 400, "bad_parameter"),
    ("GET", "/games/99", None, {}, 404, "no_game"),
    ("GET", "/nowhere", None, {}, 404, "not_found"),
    ("PATCH", "/games/1", {}, {}, 405, "method_not_allowed"),
    ("POST", "/games/1/hands", {**PLAYED_HAND, "bid": 240}, {}, 422, "bid_below_minimum"),
    ("POST", "/games/1/hands", {**PLAYED_HAND, "bidder": "Zed"}, {}, 422, "bidder_unknown"),
    ("POST", "/games/1/hands", {**PLAYED_HAND, "color": 1}, {}, 422, "game_field"),
    ("POST", "/games/1/hands", PLAYED_HAND, {"If-Match": '"1"'}, 409, "hand_recorded_meanwhile"),
    ("POST", "/games/1/hands", PLAYED_HAND, {"If-Match": "seven"}, 400, "bad_if_match"),
    (
        "POST",
        "/games/1/hands",
        PLAYED_HAND,
        {"Idempotency-Key": "x" * 201},
        400,
        "bad_idempotency_key",
    ),
    ("PUT", "/games/1/hands/2", PLAYED_HAND, {}, 404, "no_hand"),
    ("PUT", "/games/1/hands/1", PLAYED_HAND, {"If-Match": '"1"'}, 409, "game_changed_meanwhile"),
    ("DELETE", "/games/1/hands/0", None, {}, 404, "no_hand"),
    ("DELETE", "/games/2/hands/1", None, {}, 404, "no_game"),
    ("POST", "/meld", {"cards": "KH QH ZZ"}, {}, 422, "card_unknown"),
    ("POST", "/meld", {"cards": 7}, {}, 422, "bad_cards"),
    ("POST", "/meld", {"cards": "KH QH", "trump": 7}, {}, 422, "bad_field"),
    ("POST", "/meld", {"cards": "KH QH", "claim": True}, {}, 422, "bad_claim"),
    ("PUT", "/games/1/hands/1?reason=" + "x" * 501, PLAYED_HAND, {}, 422, "reason_too_long"),
    ("POST", "/games/1/confirm", {"player": 7}, {}, 422, "bad_field"),
    ("POST", "/meld", {"cards": "KH QH", "trump": "X"}, {}, 422, "suit_unknown"),
    ("POST", "/meld", {"cards": "KH QH", "claim": "royal flush"}, {}, 422, "claim_unknown_meld"),
    ("POST", "/meld", {"cards": "KH QH", "hand": 1}, {}, 422, "unknown_field"),
    ("POST", "/meld", {"cards": "", "ruleset": ""}, {}, 422, "ruleset_unknown"),  # no default
]


@pytest.mark.parametrize(("method", "path", "body", "headers", "status", "code"), REFUSALS)
def test_refusals_say_why_and_change_nothing(
    app: Flask, method: str, path: str, body: Any, headers: dict[str, str], status: int, code: str
) -> None:
    client = app.test_client()
    assert client.post(f"{API}/games", json=GAME).status_code == 201
    assert client.post(f"{API}/games/1/hands", json=PLAYED_HAND).status_code == 201
    before = database_fingerprint(app)
    answer = client.open(API + path, method=method, json=body, headers=headers)
    assert (answer.status_code, answer.json["error"]) == (status, code), answer.json
    assert answer.json["message"]
    assert database_fingerprint(app) == before


def test_the_meld_check_answers_as_the_shared_cases(api: FlaskClient) -> None:
    cases = load_case(Path(__file__).parents[1] / "data" / "cases" / "meld.json")
    checked = 0
    for case in cases:
        if "total" not in case or "trump" not in case:
            continue
        body = {key: case[key] for key in ("cards", "trump", "ruleset") if key in case}
        answer = api.post(f"{API}/meld", json=body)
        assert (answer.status_code, answer.json["total"]) == (200, case["total"]), case
        checked += 1
    assert checked >= 10
    body = {"cards": "AH 10H KH QH JH", "trump": "H", "claim": "run, royal marriage"}
    claim = api.post(f"{API}/meld", json=body)
    assert claim.status_code == 200
    assert claim.json["verdict"] != "valid"


# --- idempotent retries --------------------------------------------------------------------


def test_the_same_idempotency_key_twice_records_one_hand(api: FlaskClient, app: Flask) -> None:
    game = api.post(f"{API}/games", json=GAME).json["id"]
    key = {"Idempotency-Key": "hand-1-from-phone-7"}
    first = api.post(f"{API}/games/{game}/hands", json=PLAYED_HAND, headers=key)
    again = api.post(f"{API}/games/{game}/hands", json=PLAYED_HAND, headers=key)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json == first.json
    assert again.headers["ETag"] == first.headers["ETag"]
    assert again.headers["Idempotent-Replayed"] == "true"
    other = api.post(f"{API}/games/{game}/hands", json={**PLAYED_HAND, "bid": 310}, headers=key)
    assert (other.status_code, other.json["error"]) == (422, "idempotency_key_reused")
    new_key = api.post(  # a new key: a new hand, the same as hand 1 (confirmed)
        f"{API}/games/{game}/hands?same_as=1", json=PLAYED_HAND, headers={"Idempotency-Key": "2"}
    )
    assert new_key.json["result"]["totals"] == [680, 320]
    with app.app_context():
        stored = get_game(game)
        assert stored is not None and len(stored.hands) == 2


@pytest.mark.database
def test_a_retry_that_read_the_game_while_the_first_was_saved_gets_the_game_as_it_is(
    tmp_path: Path,
) -> None:
    """The race below, made certain: the retry reads the game's row just before the
    first request commits and its hands just after, so its hand repeats the stored one
    and it meets the kept answer. The answer is the game as it is (version 2), not a
    game of two moments (the row's version 1 beside the hand of version 2)."""
    app = test_app(tmp_path / "race.db")
    first_phone = create_app(dict(app.config))  # the first request: a connection of its own
    game = app.test_client().post(f"{API}/games", json=GAME).json["id"]
    once = {"Idempotency-Key": "once"}
    first: list[Any] = []

    def commit_the_first_meanwhile(*args: Any) -> None:
        statement = args[2]
        if not first and statement.lstrip().startswith("SELECT") and "game.version" in statement:
            first.append(
                first_phone.test_client().post(
                    f"{API}/games/{game}/hands", json=PLAYED_HAND, headers=once
                )
            )

    with app.app_context():
        engine = db.engine
    event.listen(engine, "after_cursor_execute", commit_the_first_meanwhile)
    try:
        retry = app.test_client().post(f"{API}/games/{game}/hands", json=PLAYED_HAND, headers=once)
    finally:
        event.remove(engine, "after_cursor_execute", commit_the_first_meanwhile)
    assert first and first[0].status_code == 201 and first[0].json["version"] == 2
    assert retry.status_code == 201 and retry.headers["Idempotent-Replayed"] == "true"
    assert retry.json["version"] == 2 and retry.json == first[0].json


@pytest.mark.database
def test_a_key_sent_from_several_threads_at_once_records_one_hand(tmp_path: Path) -> None:
    """Retries racing each other (the phone sent again before the first answer came):
    one hand, and every answer is that hand's."""
    app = test_app(tmp_path / "race.db")
    client = app.test_client()
    game = client.post(f"{API}/games", json=GAME).json["id"]
    answers: list[Any] = []

    def retry() -> None:
        answer = app.test_client().post(
            f"{API}/games/{game}/hands", json=PLAYED_HAND, headers={"Idempotency-Key": "once"}
        )
        answers.append((answer.status_code, answer.json))

    threads = [threading.Thread(target=retry) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [status for status, _ in answers] == [201] * 6
    assert all(body == answers[0][1] for _, body in answers)
    with app.app_context():
        stored = get_game(game)
        assert stored is not None and len(stored.hands) == 1


# --- tokens: the account page, the command line, the backup ------------------------------------


@pytest.mark.database
def test_the_account_page_makes_a_token_shown_once_and_revokes_it(club: Club) -> None:
    client = club.app.test_client()
    client.post("/login", data={"name": "viewer", "password": "a long enough password"})
    made = client.post("/account", data={"label": "club website"})
    assert made.status_code == 201
    page = made.get_data(as_text=True)
    token = page.split('<code class="token">', 1)[1].split("<", 1)[0]
    assert token.startswith(API_TOKEN_PREFIX)
    assert "club website" in page
    headers = {"Authorization": f"Bearer {token}"}
    assert client.get(f"{API}/games", headers=headers).status_code == 200
    assert token not in client.get("/account").get_data(as_text=True)  # shown only once
    with club.app.app_context():
        viewer = user_named("viewer")
        assert viewer is not None
        ids = [row.id for row in api_tokens(viewer) if row.label == "club website"]
    revoked = client.post(f"/account/tokens/{ids[0]}/revoke")
    assert revoked.status_code == 302
    assert client.get(f"{API}/games", headers=headers).status_code == 401
    empty = client.post("/account", data={"label": "  "})
    assert empty.status_code == 400


@pytest.mark.database
def test_another_users_token_cannot_be_revoked(club: Club) -> None:
    client = club.app.test_client()
    client.post("/login", data={"name": "viewer", "password": "a long enough password"})
    with club.app.app_context():
        owner = user_named("owner")
        assert owner is not None
        (token,) = api_tokens(owner)
    assert client.post(f"/account/tokens/{token.id}/revoke").status_code == 404
    assert club.call("owner", "GET", "/games").status_code == 200


def test_create_token_prints_a_token_that_opens_the_api(
    instance: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from scorekeeper import create_app
    from scorekeeper.cli.serve import prepare_database

    app = create_app()
    with app.app_context():
        prepare_database(app)
        create_user("Ann", "a good password", "scorekeeper")
    assert main(["create-token", "Ann", "--label", "spreadsheet"]) == 0
    token = capsys.readouterr().out.strip()
    answer = app.test_client().get(f"{API}/games", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200
    assert main(["create-token", "Nobody"]) == 2
    assert "no user called 'Nobody'" in capsys.readouterr().err
    with app.app_context():
        db.engine.dispose()


@pytest.mark.database
def test_a_backup_leaves_the_api_tokens_out(club: Club) -> None:
    with club.app.app_context():
        text = json.dumps(backup_document())
    assert "api_token" not in text
    for token in club.tokens.values():
        assert _token_hash(token) not in text


@pytest.mark.database
def test_games_naming_the_same_new_players_at_once_are_all_stored(tmp_path: Path) -> None:
    """Each request adds the players it does not find; the ones that lose the race to
    add the same name store their game again, with the winner's player row."""
    app = test_app(tmp_path / "players.db")
    answers: list[int] = []
    game = {
        **GAME,
        "first_dealer": "Nia",
        "sides": [
            {"name": "N", "players": ["Nia", "Ned"]},
            {"name": "O", "players": ["Ola", "Oz"]},
        ],
    }

    def create() -> None:
        answers.append(app.test_client().post(f"{API}/games", json=game).status_code)

    threads = [threading.Thread(target=create) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [201] * 6
    with app.app_context():
        assert sorted(player.name for player in all_players()) == [
            "Ned",
            "Nia",
            "Ola",
            "Oz",
        ]


def test_json_nested_too_deep_to_read_is_400(api: FlaskClient) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    for path in ("/meld", "/games"):
        answer = api.post(API + path, data=deep, content_type="application/json")
        assert (answer.status_code, answer.json["error"]) == (400, "bad_body")


@contextmanager
def read_then_changed_elsewhere(folder: Path) -> Iterator[tuple[Game, Flask]]:
    """A game read by this phone (in an app context), then a hand saved to it by
    another phone (its own app and connection on the same database)."""
    app = test_app(folder / "two-phones.db")
    other = test_app(folder / "two-phones.db")
    with app.app_context():
        game = create_game("partnership", {}, SIDES, first_dealer="Ann")
        with other.app_context():
            elsewhere = get_game(game.id)
            assert elsewhere is not None
            add_hand(elsewhere, PLAYED_HAND)
        yield game, other


@pytest.mark.database
def test_a_hand_without_if_match_follows_one_saved_meanwhile(tmp_path: Path) -> None:
    """Read, then another phone saves a hand, then this one saves: it becomes the hand
    after the other's (read again), not a refusal and not a second hand 1."""
    with read_then_changed_elsewhere(tmp_path) as (game, other):
        game_id = game.id
        result = add_hand(game, {**PLAYED_HAND, "bidder": "Bea"})
        assert [hand.number for hand in result.hands] == [1, 2]
    with other.app_context():
        stored = get_game(game_id)
        assert stored is not None
        assert [hand.bidder.name for hand in stored.hands if hand.bidder] == ["Cal", "Bea"]


@pytest.mark.database
def test_deleting_a_game_changed_meanwhile_asks_to_look_again(tmp_path: Path) -> None:
    with read_then_changed_elsewhere(tmp_path) as (game, other):
        game_id = game.id
        with pytest.raises(PinochleError, match="changed on another phone"):
            delete_game(game)
        assert get_game(game_id) is not None
    answer = other.test_client().post(f"/games/{game_id}/delete", follow_redirects=True)
    assert answer.status_code == 200
    with other.app_context():
        assert get_game(game_id) is None

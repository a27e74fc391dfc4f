"""Every refusal code docs/api.md documents, through the API, with its status: a table
that must cover the documentation's own table (a code documented and never provoked
here fails, and so does one provoked under another status). The hand rows go through
the engine's one reader of a hand, so this is the before-and-after check of issue 21.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from tests.web.conftest import PLAYED_HAND
from tests.web.test_access import database_fingerprint
from tests.web.test_api import (  # noqa: F401 (club is a fixture)
    API,
    EVENT,
    GAME,
    SEATING,
    Club,
    club,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "api.md"
BIG = json.dumps({"cards": "KH " * 800_000})  # past the 2 MiB body limit
LONG_BID = json.dumps({**PLAYED_HAND, "bid": 0}).replace('"bid": 0', '"bid": ' + "9" * 5000)

SEATED = SEATING["tables"][0]  # table 1: Ann, Bea, Cal, Dan

# who calls (a role's token, None for none), method, path, body, headers -> status, code;
# the club's game 1 has one hand (PLAYED_HAND)
CODES: list[tuple[str | None, str, str, Any, dict[str, str], int, str]] = [
    ("owner", "POST", "/games", None, {}, 400, "bad_body"),
    ("owner", "GET", "/games?limit=x", None, {}, 400, "bad_parameter"),
    ("owner", "POST", "/games/1/hands", PLAYED_HAND, {"If-Match": "seven"}, 400, "bad_if_match"),
    ("owner", "POST", "/games/1/hands", PLAYED_HAND, {"Idempotency-Key": "x" * 201}, 400,
     "bad_idempotency_key"),
    (None, "GET", "/games", None, {}, 401, "unauthorized"),
    ("viewer", "POST", "/games/1/hands", PLAYED_HAND, {}, 403, "forbidden"),
    ("owner", "GET", "/games/99", None, {}, 404, "no_game"),
    ("owner", "PUT", "/games/1/hands/2", PLAYED_HAND, {}, 404, "no_hand"),
    ("owner", "GET", "/nowhere", None, {}, 404, "not_found"),
    ("owner", "PATCH", "/games/1", {}, {}, 405, "method_not_allowed"),
    ("owner", "POST", "/games/1/hands", PLAYED_HAND, {"If-Match": '"1"'}, 409,
     "hand_recorded_meanwhile"),
    ("owner", "PUT", "/games/1/hands/1", PLAYED_HAND, {"If-Match": '"1"'}, 409,
     "game_changed_meanwhile"),
    ("owner", "POST", "/meld", BIG, {"Content-Type": "application/json"}, 413,
     "request_entity_too_large"),
    ("owner", "POST", "/games/1/hands", {**PLAYED_HAND, "bid": 240}, {}, 422, "bid_below_minimum"),
    ("owner", "POST", "/games/1/hands", {**PLAYED_HAND, "counters": [150, 90]}, {}, 422,
     "counters_sum"),
    ("owner", "POST", "/games/1/hands", {**PLAYED_HAND, "color": 1}, {}, 422, "game_field"),
    ("owner", "POST", "/meld", {"cards": "KH QH ZZ"}, {}, 422, "card_unknown"),
    ("owner", "POST", "/games/1/hands", {**PLAYED_HAND, "meld_cards": {"Cal": "KH ZZ"}}, {}, 422,
     "meld_cards_bad"),
    ("owner", "POST", "/games", {**GAME, "hands": [PLAYED_HAND] * 1001}, {}, 422,
     "game_too_long"),
    ("owner", "POST", "/games", {**GAME, "hands": [{"misdeal": True}] * 1001}, {}, 422,
     "game_too_many_redeals"),
    ("owner", "POST", "/games/1/hands", PLAYED_HAND, {"Game-Key": "of-a-deleted-game"}, 410,
     "game_deleted"),
    ("owner", "POST", "/meld", '{"cards": "KH\\u0000"}', {"Content-Type": "application/json"},
     422, "nul_character"),
    ("owner", "POST", "/games/1/hands", LONG_BID, {"Content-Type": "application/json"}, 422,
     "number_too_long"),
    ("owner", "POST", "/games/1/hands", {**PLAYED_HAND, "made": True}, {}, 422,
     "hand_not_applicable"),
    ("owner", "POST", "/games/1/hands", {**PLAYED_HAND, "counters": [160, 90]}, {}, 422,
     "hand_same_as_before"),
    # club nights: the club's event 1 has two rounds, round 1 seated with a hand played
    ("owner", "GET", "/events/99", None, {}, 404, "no_event"),
    ("owner", "PUT", "/events/1/rounds/3", SEATING, {}, 404, "no_round"),
    ("owner", "PUT", "/events/1/rounds/1", SEATING, {}, 409, "event_round_played"),
    ("owner", "PUT", "/events/1/rounds/2", SEATING, {"Event-Key": "of-a-deleted-event"}, 410,
     "event_deleted"),
    ("owner", "POST", "/events", {**EVENT, "entrants": EVENT["entrants"][:3]}, {}, 422,
     "event_too_few"),
    ("owner", "POST", "/events", {**EVENT, "entrants": [*EVENT["entrants"], {"name": "Ann"}]},
     {}, 422, "event_entered_twice"),
    ("owner", "POST", "/events", {**EVENT, "entrants": [*EVENT["entrants"], {"name": "ANN"}]},
     {}, 422, "event_look_alike"),
    ("owner", "POST", "/events", {**EVENT, "entrants": [*EVENT["entrants"][1:], {"name": "ann"}]},
     {}, 422, "event_look_alike_known"),
    ("owner", "POST", "/events", {**EVENT, "rounds": [{"round": n} for n in range(1, 22)]}, {},
     422, "event_rounds"),
    ("owner", "PUT", "/events/1/rounds/2", {"tables": [SEATED, {**SEATED, "table": 2}]}, {}, 422,
     "event_seated_twice"),
    ("owner", "POST", "/events", {**EVENT, "rounds": [{"round": 1, "tables": [
        {**SEATED, "game": {**GAME, "rules": {"target": 1000}}}]}]}, {}, 422,
     "event_game_rules"),
    ("owner", "POST", "/events", {**EVENT, "rounds": [{"round": 1, "tables": [
        {**SEATED, "game": {**GAME, "seating": ["Ann", "Dan", "Cal", "Bea"]}}]}]}, {}, 422,
     "event_seating"),
]  # fmt: skip


def documented_codes() -> dict[str, int]:
    """The codes of docs/api.md's table of refusals, each with its status."""
    codes: dict[str, int] = {}
    for row in re.findall(r"^\| (\d{3}) \|[^|]*\| (.*) \|$", DOCS.read_text("utf-8"), re.M):
        status, cell = int(row[0]), row[1]
        cell = cell.split("; past", 1)[0]  # 413's note on the server's own plain answer
        for code in re.findall(r"`([a-z_]+)`", cell):
            codes[code] = status
    return codes


@pytest.fixture
def game_club(club: Club) -> Iterator[Club]:  # noqa: F811 (the fixture imported above)
    for role in club.tokens:  # each token's first use is recorded (once an hour) before
        assert club.call(role, "GET", f"/games/{club.game}").status_code == 200
    yield club


def call(
    club: Club,  # noqa: F811 (the test's club, not the fixture)
    who: str | None,
    method: str,
    path: str,
    body: Any,
    headers: dict[str, str],
) -> Any:
    if isinstance(body, str):  # a raw body, sent as it is
        if who is not None:
            headers = {**headers, "Authorization": f"Bearer {club.tokens[who]}"}
        client = club.app.test_client()
        return client.open(API + path, method=method, data=body, headers=headers)
    return club.call(who, method, path, body, **headers)


@pytest.mark.database
@pytest.mark.parametrize(
    ("who", "method", "path", "body", "headers", "status", "code"),
    CODES,
    ids=[row[-1] for row in CODES],
)
def test_each_code_with_its_status_and_nothing_changed(
    game_club: Club,
    who: str | None,
    method: str,
    path: str,
    body: Any,
    headers: dict[str, str],
    status: int,
    code: str,
) -> None:
    app: Flask = game_club.app
    path = path.replace("/games/1", f"/games/{game_club.game}")
    path = path.replace("/events/1/", f"/events/{game_club.event}/")
    before = database_fingerprint(app)
    answer = call(game_club, who, method, path, body, dict(headers))
    assert (answer.status_code, answer.json["error"]) == (status, code), answer.json
    assert answer.json["message"]
    assert database_fingerprint(app) == before


def test_the_table_covers_every_documented_code() -> None:
    documented = documented_codes()
    assert len(documented) >= 20  # the table was read
    provoked = {row[-1]: row[-2] for row in CODES}
    missing = {code: status for code, status in documented.items() if code not in provoked}
    # a held lock: tests/web/test_big_games.py; a database that cannot be written:
    # tests/web/test_degraded.py
    assert missing == {"busy": 503, "cannot_write": 503}
    assert {code: provoked[code] for code in documented if code in provoked} == {
        code: status for code, status in documented.items() if code not in missing
    }

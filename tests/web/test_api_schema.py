"""Schemathesis against ``/api/v1/openapi.json``: requests generated from the
document (valid ones and broken ones) get no server error and no answer the
document does not describe (status, headers, body)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, given, settings

from scorekeeper.accounts.links import create_api_token
from scorekeeper.accounts.users import create_user
from scorekeeper.club.events import import_event
from scorekeeper.extensions import db
from scorekeeper.games.hands import add_hand
from scorekeeper.games.lifecycle import create_game
from tests.conftest import examples
from tests.web.conftest import PLAYED_HAND, SIDES, test_app
from tests.web.test_api import EVENT

pytestmark = pytest.mark.database  # every test here makes its own database

EXAMPLES = examples(40)  # per operation and generation mode


def config(token: str) -> schemathesis.Config:
    """The owner's token for the document's bearer scheme (a negative case may leave it
    out: 401); and the answers a request the document allows may get besides 2xx: a
    rule of the game refusing it (422, the engine's sentence), a stale If-Match (409)
    or a Game-Key that is not the game's (410), which a broken request may get too."""
    return schemathesis.Config.from_dict(
        {
            "auth": {"openapi": {"bearer": {"bearer": token}}},
            "checks": {
                "positive_data_acceptance": {
                    "expected-statuses": ["2xx", "401", "403", "404", "409", "410", "422"]
                },
                # schemathesis' own list, and 410: a Game-Key not the game's is refused
                # before the body is read
                "negative_data_rejection": {
                    "expected-statuses": [
                        "400",
                        "401",
                        "403",
                        "404",
                        "405",
                        "406",
                        "409",
                        "410",
                        "415",
                        "422",
                        "428",
                        "429",
                        "5xx",
                    ]
                },
            },
        }
    )


@pytest.fixture(scope="module")
def api_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, str]]:
    """Logins on, an owner's token, games 1 and 2 with hands and events 1 and 2 to find."""
    app = test_app(Path(tmp_path_factory.mktemp("schema")) / "api.db", LOGIN_DISABLED=False)
    with app.app_context():
        owner = create_user("owner", "a long enough password", "owner")
        token = create_api_token(owner, "schemathesis")[1]
        for _ in range(2):
            game = create_game("partnership", {}, SIDES, first_dealer="Ann")
            add_hand(game, PLAYED_HAND)
        # events 1 and 2, their rounds 1 and 2 unseated; with prizes and an adjustment
        # whose reason is public (the export writes both)
        extras = {
            "prizes": {"entry_fee_cents": 500, "percentages": [50, 30, 20]},
            "adjustments": [
                {"entrant": "Ann", "round": 1, "points": 20, "reason": "x", "public": True}
            ],
        }
        for _ in range(2):
            import_event({**EVENT, **extras})
    yield app, token
    with app.app_context():
        db.engine.dispose()


OPERATIONS = [
    "listGames",
    "createGame",
    "getGame",
    "addHand",
    "replaceHand",
    "deleteHand",
    "checkMeld",
    "listEvents",
    "createEvent",
    "getEvent",
    "exportEvent",
    "seatRound",
    "confirmTable",
]


@pytest.mark.parametrize("mode", list(schemathesis.GenerationMode), ids=lambda mode: mode.value)
@pytest.mark.parametrize("operation_id", OPERATIONS)
def test_the_api_keeps_to_its_document(
    api_app: tuple[Flask, str], operation_id: str, mode: schemathesis.GenerationMode
) -> None:
    app, token = api_app
    operation = schemathesis.openapi.from_wsgi(
        "/api/v1/openapi.json", app, config=config(token)
    ).find_operation_by_id(operation_id)

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    def call(case: schemathesis.Case) -> None:
        # the WSGI transport reads a body as sent, undecoded: ask for it uncompressed
        # (compression itself: tests/web/test_page_cache.py)
        answer = case.call_and_validate(headers={"Accept-Encoding": "identity"})
        statuses[answer.status_code] += 1

    statuses: Counter[int] = Counter()
    call()
    if mode is schemathesis.GenerationMode.POSITIVE:  # the token was sent: answers, not 401s
        assert sum(statuses.values()) > statuses[401], statuses


# --- numbers out of any range -------------------------------------------------------------

HAND = (
    '{{"bidder": "Cal", "bid": {bid}, "trump": "H", "meld": [{meld}, 60], "counters": [150, 100]}}'
)


@pytest.mark.parametrize(
    ("bid", "meld", "code"),
    [
        (str(2**63), "190", "bid_too_large"),
        (str(2**40), "190", "bid_too_large"),
        ("300", str(2**40 * 10), "meld_too_large"),  # no INTEGER column would hold it
        ("300", str(10**30), "meld_too_large"),
        ("1e400", "190", "game_field"),
        ("NaN", "190", "game_field"),
        ("300", "-Infinity", "game_field"),
        ('300, "all_tricks": 1099511627776', "190", "hand_not_applicable"),
        ("9" * 5000, "190", "number_too_long"),  # past Python's digit limit for int()
        ("300", "-" + "9" * 5000, "number_too_long"),
    ],
)
def test_a_hand_with_a_number_out_of_any_range_is_a_sentence(
    api_app: tuple[Flask, str], bid: str, meld: str, code: str
) -> None:
    app, token = api_app
    response = app.test_client().post(
        "/api/v1/games/1/hands",
        data=HAND.format(bid=bid, meld=meld),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    assert response.status_code == 422, response.get_data(as_text=True)[:200]
    assert response.json is not None and set(response.json) == {"error", "message"}
    assert response.json["error"] == code and len(response.json["message"]) < 300


@pytest.mark.parametrize("value", ["9" * 5000, "9" * 30, "1e999", "NaN", "٣", "３", "-1", ""])
@pytest.mark.parametrize("name", ["limit", "offset"])
def test_a_paging_number_out_of_range_is_refused(
    api_app: tuple[Flask, str], name: str, value: str
) -> None:
    app, token = api_app
    response = app.test_client().get(
        f"/api/v1/games?{name}={value}", headers={"Authorization": f"Bearer {token}"}
    )
    assert response.status_code == 400 and response.json is not None
    assert response.json["error"] == "bad_parameter"
    assert response.json["message"].startswith(f"{name} is a whole number from ")
    assert len(response.json["message"]) < 200

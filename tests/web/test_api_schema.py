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

from scorekeeper import accounts, services
from scorekeeper.extensions import db
from tests.web.conftest import PLAYED_HAND, SIDES, test_app

EXAMPLES = 40  # per operation and generation mode


def config(token: str) -> schemathesis.Config:
    """The owner's token for the document's bearer scheme (a negative case may leave it
    out: 401); and the answers a request the document allows may get besides 2xx: a
    rule of the game refusing it (422, the engine's sentence) or a stale If-Match (409)."""
    return schemathesis.Config.from_dict(
        {
            "auth": {"openapi": {"bearer": {"bearer": token}}},
            "checks": {
                "positive_data_acceptance": {
                    "expected-statuses": ["2xx", "401", "403", "404", "409", "422"]
                }
            },
        }
    )


@pytest.fixture(scope="module")
def api_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, str]]:
    """Logins on, an owner's token, and games 1 and 2 with hands to find."""
    app = test_app(Path(tmp_path_factory.mktemp("schema")) / "api.db", LOGIN_DISABLED=False)
    with app.app_context():
        owner = accounts.create_user("owner", "a long enough password", "owner")
        token = accounts.create_api_token(owner, "schemathesis")[1]
        for _ in range(2):
            game = services.create_game("partnership", {}, SIDES, first_dealer="Ann")
            services.add_hand(game, PLAYED_HAND)
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
        statuses[case.call_and_validate().status_code] += 1

    statuses: Counter[int] = Counter()
    call()
    if mode is schemathesis.GenerationMode.POSITIVE:  # the token was sent: answers, not 401s
        assert sum(statuses.values()) > statuses[401], statuses

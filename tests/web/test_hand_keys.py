"""The hand form's ``idempotency_key`` (issue 15): a hand sent twice is stored once.

The offline queue sends each waiting hand with its key and ``Accept: application/json``;
a person's form (the page's script adds a key) gets the pages as before.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.store.models import IdempotencyKey
from scorekeeper.web import hand_keys
from tests.web.conftest import csrf_token, make_game
from tests.web.test_hands import MADE, SET, documents, form_values, new_url, totals

JSON = {"Accept": "application/json"}


def version_of(client: FlaskClient, game_id: int) -> str:
    return form_values(client.get(new_url(game_id)).text)["version"]


def send(
    client: FlaskClient, game_id: int, fields: dict[str, str], key: str, **headers: str
) -> Any:
    return client.post(new_url(game_id), data={**fields, "idempotency_key": key}, headers=headers)


@pytest.mark.parametrize("headers", [JSON, {}], ids=["queue", "page"])
def test_the_same_key_twice_stores_the_hand_once(
    app: Flask, client: FlaskClient, headers: dict[str, str]
) -> None:
    game_id = make_game(app)
    fields = {**MADE, "version": version_of(client, game_id)}
    first = send(client, game_id, fields, "k-1", **headers)
    again = send(client, game_id, fields, "k-1", **headers)
    assert len(documents(app, game_id)) == 1
    assert totals(app, game_id) == (220, 280)
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Idempotent-Replayed"] == "true"
    if headers:
        assert first.status_code == again.status_code == 201
        assert (
            first.json
            == again.json
            == {
                "number": 1,
                "version": int(fields["version"]) + 1,
                "location": f"/games/{game_id}",
            }
        )
    else:
        assert first.status_code == again.status_code == 302
        assert first.headers["Location"] == again.headers["Location"] == f"/games/{game_id}"


@pytest.mark.parametrize(("headers", "status"), [(JSON, 422), ({}, 400)], ids=["queue", "page"])
def test_the_same_key_with_another_hand_is_refused(
    app: Flask, client: FlaskClient, headers: dict[str, str], status: int
) -> None:
    game_id = make_game(app)
    send(client, game_id, MADE, "k-1", **headers)
    other = send(client, game_id, SET, "k-1", **headers)
    assert other.status_code == status
    sentence = "This hand was sent with the key of another hand; nothing was saved."
    if headers:
        assert other.json == {"error": "idempotency_key_reused", "messages": [sentence]}
    else:
        assert sentence in other.text
    assert len(documents(app, game_id)) == 1


def test_hands_in_a_row_each_with_its_key(app: Flask, client: FlaskClient) -> None:
    """The queue's way: each hand after the first is sent with the version the one
    before it gave back."""
    game_id = make_game(app)
    version = version_of(client, game_id)
    for number, (key, fields) in enumerate([("a", MADE), ("b", SET), ("c", MADE)], 1):
        answer = send(client, game_id, {**fields, "version": version}, key, **JSON)
        assert answer.status_code == 201, answer.json
        assert answer.json["number"] == number
        version = str(answer.json["version"])
    assert [hand["bidder"] for hand in documents(app, game_id)] == ["Bea", "Ann", "Bea"]


def test_a_hand_recorded_meanwhile_is_a_409_with_the_sentence(
    app: Flask, client: FlaskClient
) -> None:
    game_id = make_game(app)
    opened = version_of(client, game_id)
    assert send(client, game_id, {**SET, "version": opened}, "other-phone").status_code == 302
    late = send(client, game_id, {**MADE, "version": opened}, "this-phone", **JSON)
    assert late.status_code == 409
    assert late.json["error"] == "hand_recorded_meanwhile"
    assert late.json["messages"] == [
        "hand 1 was recorded on another phone; check it and enter yours again"
    ]
    assert len(documents(app, game_id)) == 1
    with app.app_context():  # a refused hand keeps no key: it may be sent again, changed
        assert IdempotencyKey.query.filter_by(key="this-phone").count() == 0


def test_a_hand_the_engine_refuses_is_a_400_with_the_sentences(
    app: Flask, client: FlaskClient
) -> None:
    game_id = make_game(app)
    answer = send(client, game_id, {**MADE, "trump": ""}, "k-1", **JSON)
    assert answer.status_code == 400
    assert answer.json["error"] == "refused"
    assert answer.json["messages"] and all(answer.json["messages"])
    assert documents(app, game_id) == []


@pytest.mark.parametrize("key", ["has space", "x" * 201, "é"])
def test_a_key_that_is_no_key_is_refused(app: Flask, client: FlaskClient, key: str) -> None:
    game_id = make_game(app)
    answer = send(client, game_id, MADE, key, **JSON)
    assert answer.status_code == 400
    assert answer.json["error"] == "bad_idempotency_key"
    assert documents(app, game_id) == []


def test_a_form_without_a_key_works_as_before(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    assert client.post(new_url(game_id), data=MADE).status_code == 302
    assert client.post(new_url(game_id), data={**MADE, "same_as": "1"}).status_code == 302
    assert len(documents(app, game_id)) == 2


EXPIRED = "The form was too old or not sent from this app. Go back, reload and try again."


@pytest.mark.parametrize(
    ("token", "headers", "status", "kind"),
    [
        ("stale", JSON, 400, "application/json"),  # the queue: it fetches a fresh token
        ("stale", {}, 400, "text/html"),  # a person: the page "Form expired"
        ("fresh", JSON, 201, "application/json"),  # the queue, with the fresh token
    ],
    ids=["queue-stale", "page-stale", "queue-fresh"],
)
def test_a_stale_csrf_token_gets_an_answer_the_queue_can_read(
    csrf_app: Flask, token: str, headers: dict[str, str], status: int, kind: str
) -> None:
    """A login by the remember-me cookie changes the session, so the token a hand was
    typed with is no longer this session's (issue 15)."""
    game_id = make_game(csrf_app)
    typed_on = csrf_app.test_client()
    stale = csrf_token(typed_on.get(new_url(game_id)).text)
    client = csrf_app.test_client()  # the session cookie lost: a new session
    page = client.get(new_url(game_id)).text
    fields = {**MADE, "version": form_values(page)["version"]}
    fields["csrf_token"] = csrf_token(page) if token == "fresh" else stale
    answer = send(client, game_id, fields, "k-1", **headers)
    assert answer.status_code == status
    assert answer.mimetype == kind
    if kind == "application/json" and status == 400:
        assert answer.json == {"error": "csrf_expired", "messages": [EXPIRED]}
    if status == 400:
        assert documents(csrf_app, game_id) == []
        with csrf_app.app_context():
            assert IdempotencyKey.query.filter_by(key="k-1").count() == 0
    else:
        assert len(documents(csrf_app, game_id)) == 1


def test_a_receipt_whose_commit_fails_is_never_answered_as_stored(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The receipt is written before the commit: when the commit then fails (here the
    key kept twice, as two sends of one key racing would), the queue hears the refusal,
    not a 201 for a hand that was never stored."""
    real = hand_keys.idempotency.keep

    def kept_twice(*args: Any) -> None:
        real(*args)
        real(*args)  # the same (scope, key) again: the commit's unique check fails

    monkeypatch.setattr(hand_keys.idempotency, "keep", kept_twice)
    game_id = make_game(app)
    fields = {**MADE, "version": version_of(client, game_id)}
    answer = send(client, game_id, fields, "k-twice", **JSON)
    assert answer.status_code == 409 and answer.is_json, answer.text[:300]
    assert answer.json["error"] == "hand_recorded_meanwhile"
    assert documents(app, game_id) == []

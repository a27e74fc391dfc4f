"""One real hand is stored once (issue 23, item 1), through the test client.

Two phones opened hand N; another recorded it first: this phone's hand beside theirs
and three choices, each stored once. A new hand with the bidder, bid, trump and meld
of the hand before it is refused once ("Same as hand N?") and stored when confirmed:
on the hand form (``same_as``), in the JSON the offline queue reads, and in the API
(``?same_as=N``).

Seats as in ``make_game``: Ann 0, Bea 1, Cal 2, Dan 3; Us = Ann & Cal, Them = Bea & Dan.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from scorekeeper.engine.errors import GameError
from scorekeeper.games.hands import ASK, Repeat, add_hand
from scorekeeper.store.models import HandEdit
from tests.web.conftest import PLAYED_HAND, make_game, played_game, stored_game
from tests.web.test_api import Club, club  # noqa: F401 (club is a fixture)
from tests.web.test_hands import documents, form_values, new_url, post_hand

# Cal 300 in hearts, meld 190 / 60: the other phone typed 150 counters, this one 160
TYPED = {"bidder": "Cal", "bid": "300", "trump": "H", "meld_0": "190", "meld_1": "60"}
THEIRS = {**TYPED, "counters_0": "150"}
MINE = {**TYPED, "counters_0": "160"}


class _ChoiceForms(HTMLParser):
    """Each small form of the page (not the hand form), by the data- mark of its button:
    its action and the fields it posts."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: dict[str, tuple[str, list[tuple[str, str]]]] = {}
        self.current: tuple[str, list[tuple[str, str]]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        if tag == "form" and "hand-form" not in attributes.get("class", ""):
            self.current = (attributes["action"], [])
        elif tag == "input" and self.current is not None and "name" in attributes:
            self.current[1].append((attributes["name"], attributes.get("value", "")))
        elif tag == "button" and self.current is not None:
            for name in attributes:
                if name.startswith("data-"):
                    self.forms[name] = self.current

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.current = None


def choice(page: str, mark: str) -> tuple[str, list[tuple[str, str]]]:
    parser = _ChoiceForms()
    parser.feed(page)
    return parser.forms[mark]


def both_phones(app: Flask, client: FlaskClient) -> tuple[int, Any]:
    """Hand 1 recorded; both phones opened hand 2; the other phone saved it first (150
    counters); this phone's Save (160) is answered."""
    game_id = played_game(app, 1, {**PLAYED_HAND, "bidder": "Ann"})
    opened = form_values(client.get(new_url(game_id)).text)
    assert post_hand(client, game_id, {**opened, **THEIRS}).status_code == 302
    page = post_hand(client, game_id, {**opened, **MINE})
    assert page.status_code == 400
    return game_id, page


def test_keep_theirs_stores_nothing(app: Flask, client: FlaskClient) -> None:
    game_id, page = both_phones(app, client)
    keep = re.search(r'<a class="button secondary" href="([^"]+)" data-keep-theirs', page.text)
    assert keep and keep[1] == f"/games/{game_id}"
    assert [doc["counters"] for doc in documents(app, game_id)] == [[150, 100], [150, 100]]


def test_mine_in_place_of_theirs_is_a_correction_kept_in_the_history(
    app: Flask, client: FlaskClient
) -> None:
    game_id, page = both_phones(app, client)
    action, fields = choice(page.text, "data-mine-in-place")
    assert action == f"/games/{game_id}/hands/2/edit"
    assert client.post(action, data=MultiDict(fields)).status_code == 302
    assert [doc["counters"] for doc in documents(app, game_id)] == [[150, 100], [160, 90]]
    with app.app_context():
        edits = [(e.number, e.action) for e in stored_game(app, game_id).edits]
        assert edits[-1] == (2, "edited")  # theirs is in hand 2's history
        assert HandEdit.query.filter_by(number=2, action="edited").one().before["counters"] == [
            150,
            100,
        ]
    again = client.post(action, data=MultiDict(fields))  # a second tap: the version moved on
    assert again.status_code == 400
    assert len(documents(app, game_id)) == 2


def test_mine_as_the_next_hand_is_stored_once(app: Flask, client: FlaskClient) -> None:
    game_id, page = both_phones(app, client)
    action, fields = choice(page.text, "data-mine-next")
    assert action == f"/games/{game_id}/hands/new"
    assert ("same_as", "2") in fields  # it repeats theirs: the choice says it is new
    assert client.post(action, data=MultiDict(fields)).status_code == 302
    assert [doc["counters"] for doc in documents(app, game_id)] == [
        [150, 100],
        [150, 100],
        [160, 90],
    ]
    again = client.post(action, data=MultiDict(fields))  # a second tap stores nothing
    assert again.status_code == 400
    assert "with the same values as yours" in html.unescape(again.text)
    assert len(documents(app, game_id)) == 3


# --- "Same as hand N?" ------------------------------------------------------------------------


def test_a_second_save_of_the_same_hand_is_asked_once(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    assert post_hand(client, game_id, THEIRS).status_code == 302
    opened = form_values(client.get(new_url(game_id)).text)
    page = post_hand(client, game_id, {**opened, **MINE})  # other counters: the same hand?
    assert page.status_code == 400
    text = html.unescape(page.text)
    assert "Same as hand 1?" in text
    assert "nothing was saved" in text
    assert len(documents(app, game_id)) == 1
    button = re.search(r'<button type="submit" name="same_as" value="(\d+)" data-same-new', text)
    assert button and button[1] == "1"
    kept = form_values(page.text)  # the form keeps what was typed
    assert {name: kept[name] for name in MINE} == MINE
    assert post_hand(client, game_id, {**kept, "same_as": "1"}).status_code == 302
    assert [doc["counters"] for doc in documents(app, game_id)] == [[150, 100], [160, 90]]


@pytest.mark.parametrize(
    ("changed", "asked"),
    [({}, True), ({"bid": "310"}, False), ({"meld_1": "40"}, False), ({"trump": "S"}, False),
     ({"bidder": "Ann"}, False), ({"counters_0": "200"}, True)],
)  # fmt: skip
def test_only_bidder_bid_trump_and_meld_are_compared(
    app: Flask, client: FlaskClient, changed: dict[str, str], asked: bool
) -> None:
    game_id = make_game(app)
    assert post_hand(client, game_id, THEIRS).status_code == 302
    answer = post_hand(client, game_id, {**THEIRS, **changed})
    assert answer.status_code == (400 if asked else 302)
    assert ("Same as hand 1?" in answer.text) is asked


def test_a_confirmation_of_another_hand_confirms_nothing(app: Flask, client: FlaskClient) -> None:
    game_id = played_game(app, 2)
    page = post_hand(client, game_id, {**THEIRS, "same_as": "1"})
    assert page.status_code == 400
    assert "Same as hand 2?" in page.text


def test_the_offline_queue_reads_the_question_as_data(app: Flask, client: FlaskClient) -> None:
    game_id = played_game(app, 1)
    fields = {**THEIRS, "idempotency_key": "key-1"}
    answer = client.post(new_url(game_id), data=fields, headers={"Accept": "application/json"})
    assert answer.status_code == 400
    assert answer.json["error"] == "hand_same_as_before"
    assert answer.json["same_as"] == 1
    assert answer.json["messages"] == [
        "hand 2 has the bidder, bid, trump and meld of hand 1: the same hand twice? It is "
        "recorded once it is confirmed as a new hand"
    ]
    confirmed = {**fields, "same_as": "1"}  # the same key: the refusal kept none
    answer = client.post(new_url(game_id), data=confirmed, headers={"Accept": "application/json"})
    assert answer.status_code == 201 and answer.json["number"] == 2


def test_the_service_asks_only_when_told(app: Flask) -> None:
    game_id = played_game(app, 1)
    with app.app_context():
        game = stored_game(app, game_id)
        with pytest.raises(GameError) as refused:
            add_hand(game, PLAYED_HAND, repeat=ASK)
        assert refused.value.code == "hand_same_as_before"
        add_hand(game, PLAYED_HAND, repeat=Repeat(ask=True, same_as=1))
        add_hand(game, PLAYED_HAND)  # a game built from stored hands asks nothing
        assert len(game.hands) == 3


@pytest.mark.database
def test_the_api_carries_the_same_confirmation(club: Club) -> None:  # noqa: F811
    path = f"/games/{club.game}/hands"  # the club's game holds one hand: PLAYED_HAND
    refused = club.call("scorekeeper", "POST", path, {**PLAYED_HAND, "counters": [160, 90]})
    assert refused.status_code == 422
    assert refused.json["error"] == "hand_same_as_before"
    assert club.call("scorekeeper", "POST", path + "?same_as=x", PLAYED_HAND).json["error"] == (
        "bad_parameter"
    )
    stored = club.call("scorekeeper", "POST", path + "?same_as=1", PLAYED_HAND)
    assert stored.status_code == 201
    assert len(stored.json["game"]["hands"]) == 2

"""Undo with a way back: a hand taken back (Undo, or Delete) is put back exactly as it
was, from the history, until the next change; and Delete asks once.

The services first (a game, a way to take a hand back, and the game compared whole
before and after the put back), then the pages.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.engine.gamefile import to_document
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import with_options
from scorekeeper.engine.simulate import random_game
from scorekeeper.extensions import db
from scorekeeper.games import hands as game_hands
from scorekeeper.games import stored as game_stored
from scorekeeper.games.hands import (
    PutBackError,
    add_hand,
    delete_hand,
    put_back_offer,
    replace_hand,
    undo_last_hand,
)
from scorekeeper.games.stored import hand_document, replay_game
from scorekeeper.games.transfer import import_game
from scorekeeper.i18n.languages import COOKIE
from scorekeeper.i18n.refusals import N_, translated
from scorekeeper.store.models import Game
from scorekeeper.store.outcomes import OUTCOME_TABLES
from tests.english import english_words
from tests.web.conftest import PLAYED_HAND, csrf_token, make_game, played_game, stored_game
from tests.web.test_outcomes import assert_outcomes_match

FAR = 100_000  # a target no test game reaches: every hand can be taken back
NO_LONGER = "Hand {number} can no longer be put back: the game has changed since it was taken back."
NOTHING = "There is no taken-back hand to put back."


def snapshot(game: Game) -> dict[str, Any]:
    """All a person (and the statistics) can see of ``game``: its hands as stored, the
    replay's totals, winner and per-hand points, and every stored outcome row."""
    db.session.expire_all()
    result = replay_game(game)
    outcomes = {}
    for model in OUTCOME_TABLES:
        table = model.__table__
        rows = db.session.execute(select(table).where(table.c.game_id == game.id)).mappings()
        outcomes[table.name] = sorted(
            (tuple((key, value) for key, value in row.items() if key != "id") for row in rows),
            key=repr,
        )
    return {
        "hands": [(hand.number, hand_document(hand)) for hand in game.hands],
        "totals": result.totals,
        "finished": result.finished,
        "winner": result.winner,
        "points": [(hand.points, hand.totals, hand.outcome) for hand in result.hands],
        "outcomes": outcomes,
    }


def imported(name: str, hands: int, target: int | None, seed: int = 1) -> Game:
    """A random game of preset ``name`` (to ``target``, or the preset's own), stored."""
    rules = PRESETS[name]
    if target is not None and not rules.is_auction:  # auction pinochle has no target
        rules = with_options(rules, {"target": target})
    return import_game(to_document(random_game(rules, random.Random(seed), hands)))


def take_back(game: Game, how: str) -> int:
    """Undo, or delete hand N (``"delete N"``); the number of the hand taken back."""
    if how == "undo":
        number = len(game.hands)
        undo_last_hand(game, number)
        return number
    number = int(how.split()[1])
    delete_hand(game, number, game_stored.version(game))
    return number


# --- the service -----------------------------------------------------------------------------

PUT_BACK_CASES = [  # (preset, hands, target, how the hand is taken back)
    *[(name, 8, FAR, "undo") for name in PRESETS],
    *[(name, 8, FAR, "delete 1") for name in PRESETS],
    ("partnership", 8, FAR, "delete 4"),
    ("cutthroat", 8, FAR, "delete 7"),
    ("partnership", 60, None, "undo"),  # the hand that won the game
    ("check", 60, None, "undo"),  # ... and went out on chips
]


@pytest.mark.parametrize(("name", "hands", "target", "how"), PUT_BACK_CASES)
def test_a_hand_taken_back_and_put_back_leaves_the_game_as_it_was(
    app: Flask, name: str, hands: int, target: int | None, how: str
) -> None:
    with app.app_context():
        game = imported(name, hands, target)
        before = snapshot(game)
        number = take_back(game, how)
        assert snapshot(game)["hands"] != before["hands"]
        offer = put_back_offer(game)
        assert offer is not None and offer.number == number
        game_hands.put_back(game, offer.id, game_stored.version(game))
        assert snapshot(game) == before
        assert_outcomes_match(game)
        assert [(edit.action, edit.number) for edit in game.edits[-2:]] == [
            ("deleted", number),
            ("put_back", number),
        ]
        assert game.edits[-1].after == game.edits[-2].before
        assert put_back_offer(game) is None  # putting back is the next change


def test_a_game_that_ended_is_over_again_once_its_last_hand_is_put_back(app: Flask) -> None:
    with app.app_context():
        game = imported("partnership", 60, None)
        assert replay_game(game).finished
        undo_last_hand(game)
        assert not replay_game(game).finished
        offer = put_back_offer(game)
        assert offer is not None
        result = game_hands.put_back(game, offer.id, game_stored.version(game))
        assert result.finished


def test_a_middle_hand_put_back_takes_its_number_and_the_later_hands_move_down(
    app: Flask,
) -> None:
    # five different hands: Cal bids 300, 310, ... 340
    hands = [{**PLAYED_HAND, "bid": 300 + 10 * n} for n in range(5)]
    game_id = make_game(app)
    with app.app_context():
        game = stored_game(app, game_id)
        for hand in hands:
            add_hand(game, hand)
        delete_hand(game, 2, game_stored.version(game))
        assert [hand.bid for hand in game.hands] == [300, 320, 330, 340]
        offer = put_back_offer(game)
        assert offer is not None
        game_hands.put_back(game, offer.id, game_stored.version(game))
        ids = [hand.id for hand in game.hands]
    with app.app_context():  # as stored, read afresh
        game = stored_game(app, game_id)
        assert [hand.number for hand in game.hands] == [1, 2, 3, 4, 5]
        assert [hand.id for hand in game.hands] == ids
        assert [hand_document(hand) for hand in game.hands] == hands


def _record(game: Game, edit_id: int) -> None:
    add_hand(game, PLAYED_HAND)


def _correct(game: Game, edit_id: int) -> None:
    replace_hand(game, 1, {**PLAYED_HAND, "bid": 350})


def _undo_another(game: Game, edit_id: int) -> None:
    undo_last_hand(game)


def _put_back_already(game: Game, edit_id: int) -> None:  # a double tap, or a second phone
    game_hands.put_back(game, edit_id)


def _put_back_and_undo_again(game: Game, edit_id: int) -> None:
    game_hands.put_back(game, edit_id)
    undo_last_hand(game)  # a new delete of the same hand: a new offer, not the old one


LATER: dict[str, Callable[[Game, int], None]] = {
    "a hand recorded": _record,
    "a hand corrected": _correct,
    "another hand taken back": _undo_another,
    "the hand put back already": _put_back_already,
    "put back and taken back again": _put_back_and_undo_again,
}


@pytest.mark.parametrize("later", list(LATER))
def test_a_put_back_after_another_change_is_refused_and_writes_nothing(
    app: Flask, later: str
) -> None:
    game_id = played_game(app, 3)
    with app.app_context():
        game = stored_game(app, game_id)
        undo_last_hand(game)
        offer = put_back_offer(game)
        assert offer is not None
        edit_id, opened = offer.id, game_stored.version(game)
        LATER[later](game, edit_id)
        before = snapshot(game), len(game.edits), game_stored.version(game)
        with pytest.raises(PutBackError) as refused:
            game_hands.put_back(game, edit_id, opened)
        assert str(refused.value) == NO_LONGER.format(number=3)
        db.session.rollback()
        assert (snapshot(game), len(game.edits), game_stored.version(game)) == before


def test_a_put_back_from_a_page_of_an_older_version_is_refused(app: Flask) -> None:
    game_id = played_game(app, 2)
    with app.app_context():
        game = stored_game(app, game_id)
        undo_last_hand(game)
        offer = put_back_offer(game)
        assert offer is not None
        with pytest.raises(PutBackError, match="Hand 2 can no longer be put back"):
            game_hands.put_back(game, offer.id, game_stored.version(game) - 1)
        assert len(game.hands) == 1


@pytest.mark.parametrize("edit", ["none", "an added hand's", "another game's"])
def test_only_a_taken_back_hand_is_put_back(app: Flask, edit: str) -> None:
    game_id, other_id = played_game(app, 2), played_game(app, 2)
    with app.app_context():
        other = stored_game(app, other_id)
        undo_last_hand(other)
        game = stored_game(app, game_id)
        edit_id = {
            "none": 0,
            "an added hand's": game.edits[-1].id,
            "another game's": other.edits[-1].id,
        }[edit]
        with pytest.raises(PutBackError) as refused:
            game_hands.put_back(game, edit_id, game_stored.version(game))
        assert str(refused.value) == NOTHING
        assert len(game.hands) == 2


def test_a_game_with_nothing_taken_back_offers_nothing(app: Flask) -> None:
    game_id = played_game(app, 2)
    with app.app_context():
        game = stored_game(app, game_id)
        assert put_back_offer(game) is None
        replace_hand(game, 1, {**PLAYED_HAND, "bid": 350})
        assert put_back_offer(game) is None


@pytest.mark.parametrize("language", ["fr", "pl", "nl"])
def test_the_refusals_read_in_every_language(app: Flask, language: str) -> None:
    refusals = [
        PutBackError(field="edit", message=N_(NO_LONGER), number=3),
        PutBackError(field="edit", message=N_(NOTHING)),
    ]
    with app.test_request_context(headers={"Accept-Language": language}):
        for error in refusals:
            sentence = translated(error)
            assert sentence != str(error)
            assert english_words(sentence, language) == []
    assert "3" in translated(refusals[0])


# --- the pages -------------------------------------------------------------------------------

PUT_BACK_FORM = re.compile(
    r'<form method="post" action="/games/(\d+)/put-back"[^>]*>\s*'
    r'<input type="hidden" name="csrf_token" value="[^"]*">\s*'
    r'<input type="hidden" name="edit" value="(\d+)">\s*'
    r'<input type="hidden" name="version" value="(\d+)">\s*'
    r'<input type="hidden" name="game_key" value="[^"]+">\s*'
    r'<button class="secondary" type="submit">Put hand (\d+) back</button>'
)


def put_back_form(page: str) -> dict[str, str] | None:
    """The scoreboard's "Put hand N back" form: what it posts, and the hand it names."""
    match = PUT_BACK_FORM.search(page)
    if match is None:
        return None
    return {"game": match[1], "edit": match[2], "version": match[3], "number": match[4]}


def board(client: FlaskClient, game_id: int) -> str:
    page = client.get(f"/games/{game_id}")
    assert page.status_code == 200
    return page.text


def test_after_undo_the_scoreboard_offers_the_hand_back_until_put_back(
    app: Flask, client: FlaskClient
) -> None:
    game_id = played_game(app, 2)
    before = board(client, game_id)
    assert put_back_form(before) is None
    assert client.post(f"/games/{game_id}/undo", data={"number": "2"}).status_code == 302
    form = put_back_form(board(client, game_id))
    with app.app_context():
        game = stored_game(app, game_id)
        assert form == {
            "game": str(game_id),
            "edit": str(game.edits[-1].id),
            "version": str(game.version),
            "number": "2",
        }
    answer = client.post(f"/games/{game_id}/put-back", data=form)
    assert answer.status_code == 302
    assert answer.headers["Location"] == f"/games/{game_id}"
    after = board(client, game_id)
    assert "Hand 2 put back." in after
    assert put_back_form(after) is None
    assert "hand 2 put back" in after  # the history says so
    table = re.compile(r"<table class=\"hands.*?</table>", re.S)
    assert table.search(after)[0] == table.search(before)[0]  # type: ignore[index]


def test_after_a_delete_the_scoreboard_offers_that_hand_back(
    app: Flask, client: FlaskClient
) -> None:
    game_id = played_game(app, 3)
    data = {"confirmed": "yes"}
    assert client.post(f"/games/{game_id}/hands/1/delete", data=data).status_code == 302
    form = put_back_form(board(client, game_id))
    assert form is not None and form["number"] == "1"
    assert client.post(f"/games/{game_id}/put-back", data=form).status_code == 302
    with app.app_context():
        assert [hand.number for hand in stored_game(app, game_id).hands] == [1, 2, 3]


def test_the_offer_ends_with_the_next_hand_and_a_late_tap_says_why(
    app: Flask, client: FlaskClient
) -> None:
    game_id = played_game(app, 2)
    client.post(f"/games/{game_id}/undo")
    form = put_back_form(board(client, game_id))
    assert form is not None
    with app.app_context():  # another phone records hand 2 meanwhile
        add_hand(stored_game(app, game_id), {**PLAYED_HAND, "bid": 350})
    assert put_back_form(board(client, game_id)) is None
    answer = client.post(f"/games/{game_id}/put-back", data=form, follow_redirects=True)
    assert answer.status_code == 200
    assert html.escape(NO_LONGER.format(number=2), quote=True) in answer.text
    with app.app_context():
        assert [hand.bid for hand in stored_game(app, game_id).hands] == [300, 350]


@pytest.mark.parametrize(
    "data", [{}, {"edit": "x", "version": "1"}, {"edit": "99999999999"}, {"edit": "-1"}]
)
def test_a_put_back_of_nothing_says_so(app: Flask, client: FlaskClient, data: Any) -> None:
    game_id = played_game(app, 1)
    answer = client.post(f"/games/{game_id}/put-back", data=data, follow_redirects=True)
    assert answer.status_code == 200
    assert NOTHING in answer.text
    with app.app_context():
        assert len(stored_game(app, game_id).hands) == 1


def test_put_back_is_post_only_and_needs_a_game(app: Flask, client: FlaskClient) -> None:
    game_id = played_game(app, 1)
    assert client.get(f"/games/{game_id}/put-back").status_code == 405
    assert client.post("/games/999/put-back").status_code == 404


def test_put_back_needs_the_csrf_token(csrf_app: Flask) -> None:
    client = csrf_app.test_client()
    game_id = played_game(csrf_app, 2)
    token = csrf_token(board(client, game_id))
    client.post(f"/games/{game_id}/undo", data={"csrf_token": token})
    form = put_back_form(board(client, game_id))
    assert form is not None
    assert client.post(f"/games/{game_id}/put-back", data=form).status_code == 400
    with csrf_app.app_context():
        assert len(stored_game(csrf_app, game_id).hands) == 1
    answer = client.post(f"/games/{game_id}/put-back", data={**form, "csrf_token": token})
    assert answer.status_code == 302
    with csrf_app.app_context():
        assert len(stored_game(csrf_app, game_id).hands) == 2


# --- delete asks once ---------------------------------------------------------------------------


def test_delete_asks_once_without_javascript(app: Flask, client: FlaskClient) -> None:
    game_id = played_game(app, 3)
    edit_page = client.get(f"/games/{game_id}/hands/2/edit").text
    assert 'data-tap-again="Tap again to delete hand 2"' in edit_page
    version = re.search(r'name="version" value="(\d+)"', edit_page)
    assert version is not None
    question = client.post(f"/games/{game_id}/hands/2/delete", data={"version": version[1]})
    assert question.status_code == 200  # the question, nothing deleted
    assert "<h1>Delete hand 2?</h1>" in question.text
    assert "Cal bid 300" in question.text  # the hand it is about
    assert f'<input type="hidden" name="version" value="{version[1]}">' in question.text
    assert '<input type="hidden" name="confirmed" value="yes">' in question.text
    assert f'href="/games/{game_id}/hands/2/edit">Keep hand 2</a>' in question.text
    with app.app_context():
        assert len(stored_game(app, game_id).hands) == 3
    answer = client.post(
        f"/games/{game_id}/hands/2/delete", data={"version": version[1], "confirmed": "yes"}
    )
    assert answer.status_code == 302
    with app.app_context():
        assert len(stored_game(app, game_id).hands) == 2


@pytest.mark.parametrize("confirmed", ["", "no", "YES", "1"])
def test_only_the_answer_yes_deletes(app: Flask, client: FlaskClient, confirmed: str) -> None:
    game_id = played_game(app, 1)
    answer = client.post(f"/games/{game_id}/hands/1/delete", data={"confirmed": confirmed})
    assert answer.status_code == 200
    with app.app_context():
        assert len(stored_game(app, game_id).hands) == 1


@pytest.mark.parametrize("language", ["fr", "pl", "nl"])
def test_the_question_and_the_way_back_read_in_every_language(
    app: Flask, client: FlaskClient, language: str
) -> None:
    game_id = played_game(app, 2)
    client.set_cookie(COOKIE, language)
    question = client.post(f"/games/{game_id}/hands/2/delete")
    edit_page = client.get(f"/games/{game_id}/hands/2/edit")
    client.post(f"/games/{game_id}/hands/2/delete", data={"confirmed": "yes"})
    offered = client.get(f"/games/{game_id}")
    assert put_back_form(offered.text) is None  # the English button is not there...
    assert f'action="/games/{game_id}/put-back"' in offered.text  # ... its translation is
    form = {"edit": re.findall(r'name="edit" value="(\d+)"', offered.text)[0]}
    put_back = client.post(f"/games/{game_id}/put-back", data=form, follow_redirects=True)
    for page in (question, edit_page, offered, put_back):
        assert page.status_code == 200
        assert english_words(page.text, language) == [], page.request.path

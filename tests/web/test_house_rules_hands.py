"""The house rules' outcomes (rules.md §7) recorded through the hand form: a misdeal, a
renege, a moon, time called, no marriage under ``marriage_to_bid: required`` and bidders
short of ``min_meld_to_play``; each refusal beside its field (status 400, nothing saved);
the edit form and the history carry the new fields."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.games.hands import add_hand, replace_hand
from scorekeeper.games.stored import hand_document, replay_game
from tests.web.conftest import make_game, stored_game
from tests.web.test_outcomes import assert_outcomes_match

BID = {"bidder": "Cal", "bid": "300", "trump": "H", "meld_0": "190", "meld_1": "60"}

# (options, typed on the form, the hand stored, the outcome, the points, ended by)
RECORDED: list[tuple[dict[str, Any], dict[str, str], dict[str, Any], str, list[int], Any]] = [
    ({}, {"misdeal": "y"}, {"misdeal": True}, "misdeal", [0, 0], None),
    # a misdeal reads nothing else: what was typed before the deal went wrong is dropped,
    # once the form asked (test_a_misdeal_over_a_typed_hand_asks_once_before_dropping_it)
    ({}, {**BID, "counters_0": "150", "misdeal": "y", "drop_typed": "misdeal"},
     {"misdeal": True}, "misdeal", [0, 0], None),
    ({}, {"misdeal": "y", "time_called": "y"}, {"misdeal": True, "time_called": True},
     "misdeal", [0, 0], "time_called"),
    ({}, {**BID, "renege": "1"},
     {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "renege": 1},
     "renege", [440, 0], None),
    ({}, {**BID, "renege": "0"},
     {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "renege": 0},
     "renege", [-300, 310], None),
    ({}, {**BID, "counters_0": "150", "time_called": "y"},
     {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100],
      "time_called": True}, "made", [340, 160], "time_called"),
    ({"shoot_the_moon": "game"}, {**BID, "counters_0": "250", "moon": "y"},
     {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [250, 0],
      "moon": True}, "moon", [440, 0], "moon"),
    ({"shoot_the_moon": "points:500"}, {**BID, "counters_0": "240", "moon": "y"},
     {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [240, 10],
      "moon": True}, "set", [-800, 70], None),
    ({"marriage_to_bid": "required"}, {**BID, "no_marriage": "y"},
     {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "no_marriage": True},
     "set", [-300, 60], None),
    ({"min_meld_to_play": 200}, {**BID, "meld_0": "150"},
     {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [150, 60]}, "set", [-300, 60], None),
]  # fmt: skip


@pytest.mark.parametrize(("options", "typed", "stored", "outcome", "points", "ended"), RECORDED)
def test_each_outcome_is_recorded_through_the_form(
    app: Flask,
    client: FlaskClient,
    options: dict[str, Any],
    typed: dict[str, str],
    stored: dict[str, Any],
    outcome: str,
    points: list[int],
    ended: str | None,
) -> None:
    game_id = make_game(app, **options)
    answer = client.post(f"/games/{game_id}/hands/new", data=typed)
    assert answer.status_code == 302, answer.text
    with app.app_context():
        game = stored_game(app, game_id)
        assert hand_document(game.hands[0]) == stored
        result = replay_game(game)
    hand = result.hands[0]
    assert (hand.outcome, list(hand.points), result.ended_by) == (outcome, points, ended)


@pytest.mark.parametrize(
    ("outcome", "label"), [("misdeal", "Misdeal"), ("passed_out", "Passed out")]
)
@pytest.mark.parametrize("editing", [False, True])
def test_a_misdeal_over_a_typed_hand_asks_once_before_dropping_it(
    app: Flask, client: FlaskClient, outcome: str, label: str, editing: bool
) -> None:
    """Issue 22, item 5: the first Save asks (400, the sentence at the tick, the typed
    values still there, nothing saved); the second stores the outcome alone."""
    game_id = make_game(app, all_pass="redeal")
    path = f"/games/{game_id}/hands/new"
    if editing:
        client.post(path, data={**BID, "counters_0": "150"})
        path = f"/games/{game_id}/hands/1/edit"
    typed = {**BID, "counters_0": "150", outcome: "y"}
    asked = client.post(path, data=typed)
    assert asked.status_code == 400
    assert "records nothing else: what was typed for this hand is dropped" in asked.text
    assert f"Save again to drop it, or untick {label}" in asked.text
    assert f'name="drop_typed" type="hidden" value="{outcome}"' in asked.text
    assert re.search(r'<input [^>]*name="meld_0" [^>]*value="190"', asked.text)  # kept
    with app.app_context():
        before = [hand_document(hand) for hand in stored_game(app, game_id).hands]
    assert before == ([] if not editing else [before[0]])
    answer = client.post(path, data={**typed, "drop_typed": outcome})
    assert answer.status_code == 302, answer.text
    with app.app_context():
        assert hand_document(stored_game(app, game_id).hands[-1]) == {outcome: True}


def test_a_misdeal_keeps_the_dealer(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    client.post(f"/games/{game_id}/hands/new", data={"misdeal": "y"})
    page = client.get(f"/games/{game_id}/hands/new").text
    assert "<bdi>Ann</bdi> deals." in page  # Ann dealt the misdeal and deals again
    client.post(f"/games/{game_id}/hands/new", data={**BID, "counters_0": "150"})
    assert "<bdi>Bea</bdi> deals." in client.get(f"/games/{game_id}/hands/new").text


# (options, typed, the field whose error it is, a piece of the engine's sentence)
REFUSED = [
    ({}, {**BID, "renege": "1", "counters_0": "150"}, "renege", "records no counters"),
    ({}, {**BID, "renege": "1", "thrown_in": "y", "bid": "500"}, "renege",
     "both renege and thrown_in"),
    ({}, {**BID, "renege": "7"}, "renege", "a side number from 0 to 1"),
    ({}, {**BID, "counters_0": "250", "moon": "y"}, "moon", "shoot_the_moon"),
    ({"shoot_the_moon": "game"}, {**BID, "bid": "500", "thrown_in": "y", "moon": "y"}, "moon",
     "both moon and thrown_in"),
    ({"min_meld_to_play": 200}, {**BID, "meld_0": "150", "counters_0": "150"}, "counters",
     "200"),
    ({"min_meld_to_play": 200}, {**BID, "meld_0": "150", "renege": "1"}, "renege", "200"),
]  # fmt: skip


@pytest.mark.parametrize(("options", "typed", "field", "words"), REFUSED)
def test_a_refusal_is_shown_at_its_field_and_nothing_is_saved(
    app: Flask,
    client: FlaskClient,
    options: dict[str, Any],
    typed: dict[str, str],
    field: str,
    words: str,
) -> None:
    game_id = make_game(app, **options)
    answer = client.post(f"/games/{game_id}/hands/new", data=typed)
    assert answer.status_code == 400
    page = answer.text.replace("&#39;", "'")
    error = page.split(f'id="{field}-error">', 1)
    assert len(error) == 2, f"no sentence beside {field}"
    assert words in error[1].split("</p>", 1)[0]
    assert 'class="problems"' in page  # and in the summary at the top
    with app.app_context():
        assert stored_game(app, game_id).hands == []
    if field in ("renege", "misdeal", "time_called"):
        assert '<details class="other-outcomes" data-other-outcomes open>' in page


def test_the_new_controls_appear_only_where_the_rules_have_them(
    app: Flask, client: FlaskClient
) -> None:
    plain = client.get(f"/games/{make_game(app)}/hands/new").text
    assert 'name="moon"' not in plain and "data-short-of-meld" not in plain
    # the rarer outcomes are folded away: the typical hand never opens them
    assert '<details class="other-outcomes" data-other-outcomes>' in plain
    for name in ("misdeal", "renege", "time_called"):
        folded = plain.split('<details class="other-outcomes"', 1)[1].split("</details>")[0]
        assert f'name="{name}"' in folded
    house = make_game(app, shoot_the_moon="points:250", min_meld_to_play=40)
    page = client.get(f"/games/{house}/hands/new").text
    assert 'name="moon"' in page and "data-short-of-meld" in page
    two_hand = client.get(f"/games/{make_game(app, 'two-hand')}/hands/new").text
    assert 'name="moon"' not in two_hand and 'name="renege"' in two_hand


def test_the_page_says_when_the_bidders_may_not_play(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, min_meld_to_play=200)
    query = "&".join(f"{name}={value}" for name, value in {**BID, "meld_0": "150"}.items())
    preview = client.get(f"/games/{game_id}/hands/preview?{query}").json
    assert preview is not None
    assert preview["short_of_meld"] == "Us have under 200 meld: set without play, no counters"
    assert preview["need"] == ""  # they need no counters: they do not play
    page = client.get(f"/games/{game_id}/hands/new?{query}").text
    assert "Us have under 200 meld: set without play, no counters</p>" in page
    enough = client.get(f"/games/{game_id}/hands/preview?{query.replace('=150', '=200')}").json
    assert enough is not None
    assert (enough["short_of_meld"], enough["need"]) == ("", "Us need 100 of 250 counters")
    client.set_cookie("lang", "nl")
    dutch = client.get(f"/games/{game_id}/hands/preview?{query}").json
    assert dutch is not None
    assert dutch["short_of_meld"].startswith("Us: minder dan 200 melding")


EDITED = [
    ({}, {"misdeal": True}, ['name="misdeal" type="checkbox" value="y"', "checked"]),
    ({}, {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "renege": 1},
     ['<input type="radio" name="renege" value="1" checked>']),
    ({}, {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100],
          "time_called": True}, ['id="time_called" name="time_called" type="checkbox"']),
    ({"shoot_the_moon": "game"},
     {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [240, 10],
      "moon": True}, ['id="moon" name="moon" type="checkbox"']),
]  # fmt: skip


@pytest.mark.parametrize(("options", "hand", "shown"), EDITED)
def test_the_edit_form_carries_the_new_fields(
    app: Flask, client: FlaskClient, options: dict[str, Any], hand: dict[str, Any], shown: list[str]
) -> None:
    game_id = make_game(app, **options)
    with app.app_context():
        add_hand(stored_game(app, game_id), hand)
    page = client.get(f"/games/{game_id}/hands/1/edit").text
    for piece in shown:
        assert piece in page
    if not options:
        assert "data-other-outcomes open>" in page
    # saved again unchanged, it is the same hand
    data = _form_values(page)
    assert client.post(f"/games/{game_id}/hands/1/edit", data=data).status_code == 302
    with app.app_context():
        assert hand_document(stored_game(app, game_id).hands[0]) == hand


def _form_values(page: str) -> dict[str, str]:
    """The values a browser would send for the edit form as it is shown."""
    import re

    form = page.split('class="hand-form', 1)[1].split("</form>", 1)[0]
    values: dict[str, str] = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        kind = re.search(r'type="([^"]+)"', tag)
        if not name or name[1] in ("csrf_token", "return_to"):
            continue
        if kind and kind[1] in ("checkbox", "radio") and " checked" not in tag:
            continue
        if (value and value[1]) or name[1] not in values:  # a chip's bid, not the empty field's
            values[name[1]] = value[1] if value else ""
    return values


RENEGE = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "renege": 1}


def test_the_history_names_the_new_outcomes(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    with app.app_context():
        game = stored_game(app, game_id)
        add_hand(game, {"misdeal": True})
        add_hand(game, RENEGE)
        replace_hand(
            stored_game(app, game_id),
            2,
            {**RENEGE, "renege": 0, "time_called": True},
        )
    board = client.get(f"/games/{game_id}").text
    history = board.split('<details class="history">', 1)[1].split("</details>", 1)[0]
    assert "misdeal" in history
    assert "renege: side 2" in history and "renege: side 1; time called" in history
    client.set_cookie("lang", "fr")
    french = client.get(f"/games/{game_id}").text
    assert "maldonne" in french and "renonce : équipe 2" in french


@pytest.mark.parametrize(
    "hand", [{"misdeal": True, "time_called": True}, {**RENEGE, "time_called": True}]
)
def test_a_hand_undone_is_put_back_with_its_fields(
    app: Flask, client: FlaskClient, hand: dict[str, Any]
) -> None:
    game_id = make_game(app)
    with app.app_context():
        add_hand(stored_game(app, game_id), hand)
    client.post(f"/games/{game_id}/undo", data={"number": "1"})
    board = client.get(f"/games/{game_id}").text
    edit = board.split('name="edit" value="', 1)[1].split('"', 1)[0]
    version = board.split('class="actions put-back"', 1)[1].split('name="version" value="')[1]
    client.post(
        f"/games/{game_id}/put-back", data={"edit": edit, "version": version.split('"', 1)[0]}
    )
    with app.app_context():
        game = stored_game(app, game_id)
        assert [hand_document(stored) for stored in game.hands] == [hand]
        assert replay_game(game).ended_by == "time_called"


def test_no_marriage_is_offered_where_the_house_rule_asks_for_a_marriage(
    app: Flask, client: FlaskClient
) -> None:
    plain = client.get(f"/games/{make_game(app)}/hands/new").text
    assert 'name="no_marriage"' not in plain
    page = client.get(f"/games/{make_game(app, marriage_to_bid='required')}/hands/new").text
    assert "No marriage: the bidder holds none in trump" in page


def test_a_hand_corrected_into_a_misdeal_is_no_longer_a_hand_played(
    app: Flask, client: FlaskClient
) -> None:
    game_id = make_game(app)
    for _ in range(2):
        client.post(f"/games/{game_id}/hands/new", data={**BID, "counters_0": "150"})
    edited = client.post(f"/games/{game_id}/hands/1/edit", data={"misdeal": "y"})
    assert edited.status_code == 302
    with app.app_context():
        game = stored_game(app, game_id)
        assert hand_document(game.hands[0]) == {"misdeal": True}
        assert_outcomes_match(game)  # the stored shares count one hand played, not two

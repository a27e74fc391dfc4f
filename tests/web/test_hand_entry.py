"""A refusal is seen, the live hint warns with the engine's sentences, and two phones.

Seats as in ``make_game``: Ann 0, Bea 1, Cal 2, Dan 3; Us = Ann & Cal, Them = Bea & Dan.
"""

from __future__ import annotations

import html
import re
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import make_game
from tests.web.test_hands import MADE, documents, field_errors, form_values, new_url, post_hand


def summary(page: str) -> str:
    match = re.search(r'<section class="problems".*?</section>', page, re.S)
    assert match, "no summary of the problems"
    return match[0]


def test_a_refused_save_lists_each_problem_at_the_top_linked_to_its_field(
    app: Flask, client: FlaskClient
) -> None:
    game_id = make_game(app)
    page = post_hand(client, game_id, {**MADE, "trump": "", "counters_1": "155"})
    assert page.status_code == 400
    text = page.text
    box = summary(text)
    assert text.index(box) < text.index('<form method="post"')  # at the top
    assert "The hand was not saved: 2 problems" in box
    assert re.findall(r'<a href="#([^"]+)">', box) == ["trump", "counters_1"]
    sentence = "hand 1: 155 is not a multiple of 10: counters are counted in steps of 10"
    assert sentence in html.unescape(box)
    assert field_errors(text, "counters_1") == [sentence]  # and beside its field
    assert "95" not in html.unescape(box)  # the side filled in is never named
    # the first bad field has autofocus: without JavaScript the page goes to it
    assert re.search(r'<input type="radio" name="trump" value="H"[^>]*autofocus', text)
    assert 'class="hand-form has-problems"' in text  # the Save bar is then not sticky
    assert documents(app, game_id) == []


def test_one_problem_and_the_plural(app: Flask, client: FlaskClient) -> None:
    page = post_hand(client, make_game(app), {**MADE, "bid": "255"})
    assert "The hand was not saved: 1 problem<" in summary(page.text)
    assert re.search(r'name="bid"[^>]*autofocus|autofocus[^>]*name="bid"', page.text)


def test_a_form_refusal_is_in_the_summary_without_a_link(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, target=250)
    assert post_hand(client, game_id, MADE).status_code == 302
    page = post_hand(client, game_id, MADE)
    assert page.status_code == 400
    assert "the game already ended after hand 1" in summary(page.text)


def test_trump_is_marked_required(app: Flask, client: FlaskClient) -> None:
    page = client.get(new_url(make_game(app, "two-hand"))).text
    assert 'id="trump" role="radiogroup" aria-required="true"' in page and "(required)" in page


@pytest.mark.parametrize(
    ("ruleset", "query", "sentences"),
    [
        ("partnership", {"bidder": "Bea", "bid": "250", "meld_1": "100", "counters_0": "100",
                         "counters_1": "100"},
         ["hand 1: counters 100 + 100 = 200, but a hand has 250"]),
        ("partnership", {"counters_1": "155"},
         ["hand 1: 155 is not a multiple of 10: counters are counted in steps of 10"]),
        ("partnership", {"bidder": "Ann", "bid": "300", "meld_0": "70", "thrown_in": "y"},
         ["hand 1: the bidders cannot throw in: with 70 meld, a bid of 300 can still be made "
          "with the 250 counters of a hand"]),
        ("partnership", {"bidder": "Ann", "bid": "250"}, []),  # nothing typed wrong yet
    ],
)  # fmt: skip
def test_the_live_hint_warns_with_the_engines_sentences(
    app: Flask, client: FlaskClient, ruleset: str, query: dict[str, str], sentences: list[str]
) -> None:
    game_id = make_game(app, ruleset)
    answer = client.get(f"/games/{game_id}/hands/preview?{urlencode(query)}").get_json()
    assert [warning["message"] for warning in answer["warnings"]] == sentences


def test_the_live_hint_warns_of_a_bid_off_the_ladder_and_dropped_meld(
    app: Flask, client: FlaskClient
) -> None:
    game_id = make_game(app, "double-deck")
    query = urlencode({"bidder": "Ann", "bid": "49", "meld_0": "12"})
    answer = client.get(f"/games/{game_id}/hands/preview?{query}").get_json()
    assert [w["code"] for w in answer["warnings"]] == ["bid_below_minimum"]
    assert answer["dropped"] == ["hand 1: the meld 12 of Us does not count: meld counts from 20"]
    assert answer["ladder"][:3] == [50, 51, 52]


def test_the_live_hint_warns_of_a_letter_and_knows_no_throw_in_without_the_meld(
    app: Flask, client: FlaskClient
) -> None:
    """Issue 23: "4o" is warned of as typed, and fills no other side; a blank bidders'
    meld leaves the throw-in unknown (null) under when_impossible, not refused as 0."""
    game_id = make_game(app)
    query = urlencode({"bidder": "Cal", "bid": "250", "counters_0": "4o", "counters_1": ""})
    answer = client.get(f"/games/{game_id}/hands/preview?{query}").get_json()
    assert [(w["field"], w["message"]) for w in answer["warnings"]] == [
        ("counters_0", "hand 1: '4o' is not a whole number (the digits 0 to 9)")
    ]
    assert answer["filled"] is None and answer["counters"] == [None, None]
    assert (answer["can_throw_in"], answer["throw_in"]) == (None, "")
    query = urlencode({"bidder": "Cal", "bid": "250", "meld_0": "0"})
    answer = client.get(f"/games/{game_id}/hands/preview?{query}").get_json()
    assert answer["can_throw_in"] is False  # 0 typed: 250 is in reach


def test_one_cutthroat_bidder_needs(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, "cutthroat")
    query = urlencode({"bidder": "Bea", "bid": "250", "meld_1": "110"})
    answer = client.get(f"/games/{game_id}/hands/preview?{query}").get_json()
    assert answer["need"] == "Bea needs 140 of 250 counters"
    partnership = make_game(app)
    query = urlencode({"bidder": "Bea", "bid": "250", "meld_1": "110"})
    answer = client.get(f"/games/{partnership}/hands/preview?{query}").get_json()
    assert answer["need"] == "Them need 140 of 250 counters"


def test_history_counts_changes_with_babels_plural(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    post_hand(client, game_id, MADE)
    assert "History (1 change)" in client.get(f"/games/{game_id}").text


# --- two phones ----------------------------------------------------------------------------

THEIRS = {"bidder": "Ann", "bid": "300", "trump": "S", "meld_0": "60", "meld_1": "40",
          "counters_0": "200"}  # fmt: skip


def test_a_hand_recorded_on_another_phone_first(app: Flask, client: FlaskClient) -> None:
    """This phone opened hand 1; another recorded it first. The answer shows both hands
    side by side, three choices, and an empty form for hand 2 (tests/web/
    test_one_hand_once.py takes each choice)."""
    game_id = make_game(app)
    mine = {**form_values(client.get(new_url(game_id)).text), **MADE}
    assert post_hand(client, game_id, THEIRS).status_code == 302  # the other phone
    page = post_hand(client, game_id, mine)
    assert page.status_code == 400
    text = html.unescape(page.text)
    assert "Hand 1 was recorded on another phone first: which is right?" in text
    assert re.search(r"<th scope=\"row\" dir=\"auto\">Bidder <span[^>]*>\(differs\)</span>"
                     r"</th><td dir=\"auto\">Ann</td><td dir=\"auto\">Bea</td>", text)  # fmt: skip
    assert re.search(r"Totals now: <strong dir=\"auto\">Us</strong> \u2212300, "
                     r"<strong dir=\"auto\">Them</strong> 90", text)  # fmt: skip
    for choice in ("data-keep-theirs", "data-mine-in-place", "data-mine-next"):
        assert choice in text
    assert "Save hand 2" in text
    empty = form_values(page.text)
    filled_in = {name for name, value in empty.items() if value}
    assert filled_in == {"bid", "return_to", "version", "game_key"}
    # a careless Save on the empty form refuses as an empty hand: no duplicate
    refused = post_hand(client, game_id, empty)
    assert refused.status_code == 400
    assert len(documents(app, game_id)) == 1


def test_the_same_hand_recorded_on_two_phones_is_not_offered_again(
    app: Flask, client: FlaskClient
) -> None:
    """Both phones typed the same hand: the second hears it once, that the hand is
    recorded once and nothing more is to enter: no choice to tap, no "enter yours again"."""
    game_id = make_game(app)
    mine = {**form_values(client.get(new_url(game_id)).text), **THEIRS}
    assert post_hand(client, game_id, THEIRS).status_code == 302  # the other phone
    page = post_hand(client, game_id, mine)
    assert page.status_code == 400
    text = html.unescape(page.text)
    assert (
        "Hand 1 was recorded on another phone with the same values as yours: it is recorded "
        "once, nothing more to enter." in text
    )
    assert "enter yours again" not in text and "which is right" not in text
    for choice in ("data-mine-in-place", "data-mine-next", "data-enter-mine"):
        assert choice not in text
    assert len(documents(app, game_id)) == 1

"""Hands through the test client: record, refuse, correct, delete, undo, preview, meld.

Seats in ``make_game``'s partnership game: Ann 0, Bea 1, Cal 2, Dan 3; Ann & Cal
are "Us" (side 0), Bea & Dan "Them" (side 1); Ann deals hand 1, so Bea bids first.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.cards import parse_cards
from scorekeeper.engine.entry import HandReading
from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.hand_score import verify_bid, verify_throw_in
from scorekeeper.engine.presets import PRESETS
from scorekeeper.games.hands import add_hand
from scorekeeper.games.lifecycle import create_game
from scorekeeper.games.stored import hand_document, replay_game
from scorekeeper.i18n.signs import minus
from scorekeeper.store.models import HandEdit
from scorekeeper.web import hands as hands_views
from tests.web.conftest import csrf_token, make_game, stored_game

# A made partnership hand: Them bid 250 in hearts, meld 100 / 150, Them take 130
# counters (Us get the other 120). Us 100 + 120 = 220, Them 150 + 130 = 280.
MADE = {
    "bidder": "Bea",
    "bid": "250",
    "trump": "H",
    "meld_0": "100",
    "meld_1": "150",
    "counters_1": "130",
}
# Set: Us bid 300 with 60 meld and take 200: 260 < 300, so -300; Them 40 + 50.
SET = {
    "bidder": "Ann",
    "bid": "300",
    "trump": "S",
    "meld_0": "60",
    "meld_1": "40",
    "counters_0": "200",
}
# Thrown in: Us bid 330 with 60 meld (60 + 250 < 330): Us -330, Them their meld 80.
THROWN_IN = {
    "bidder": "Cal",
    "bid": "330",
    "trump": "D",
    "meld_0": "60",
    "meld_1": "80",
    "thrown_in": "y",
}


def new_url(game_id: int) -> str:
    return f"/games/{game_id}/hands/new"


def post_hand(client: FlaskClient, game_id: int, fields: dict[str, str]) -> Any:
    return client.post(new_url(game_id), data=fields)


def totals(app: Flask, game_id: int) -> tuple[int, ...]:
    with app.app_context():
        return replay_game(stored_game(app, game_id)).totals


def documents(app: Flask, game_id: int) -> list[dict[str, Any]]:
    with app.app_context():
        return [hand_document(hand) for hand in stored_game(app, game_id).hands]


def add(app: Flask, game_id: int, *hands: dict[str, Any]) -> None:
    """Hands recorded straight through the service (the set-up of a test)."""
    with app.app_context():
        for document in hands:
            add_hand(stored_game(app, game_id), document)


def field_errors(page_text: str, field: str) -> list[str]:
    """The sentences shown beside ``field`` (the ``errors`` macro's paragraphs)."""
    found = re.findall(rf'<p class="field-error" id="{field}-error">(.*?)</p>', page_text)
    return [html.unescape(message) for message in found]


def form_errors(page_text: str) -> list[str]:
    found = re.findall(r'<p class="field-error form-error">(.*?)</p>', page_text)
    return [html.unescape(message) for message in found]


class _HandFormValues(HTMLParser):
    """What a browser would send from the hand form as the page stands (no typing)."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.values: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.inside = "hand-form" in attributes.get("class", "").split()
        if not self.inside or tag != "input" or "name" not in attributes:
            return
        if attributes.get("type") in ("radio", "checkbox") and "checked" not in attributes:
            return
        name, value = attributes["name"], attributes.get("value", "")
        if self.values.get(name) and not value:
            return  # the bid's empty field after its checked chip: the form reads the chip
        self.values[name] = value

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False


def form_values(page_text: str) -> dict[str, str]:
    parser = _HandFormValues()
    parser.feed(page_text)
    return parser.values


def refusal(call: Any, *args: Any) -> PinochleError:
    """The engine's refusal of ``call(*args)`` (its sentence is what the page must show)."""
    with pytest.raises(PinochleError) as caught:
        call(*args)
    return caught.value


@pytest.fixture
def refusals(monkeypatch: pytest.MonkeyPatch) -> list[PinochleError]:
    """Every refusal the engine's reader of a typed hand or the services give during a
    test, in order (the engine's own)."""
    caught: list[PinochleError] = []
    shown = hands_views.show_refusals

    def spy_reading(form: Any, reading: HandReading) -> None:
        caught.extend(refusal.error for refusal in reading.refusals)
        shown(form, reading)

    monkeypatch.setattr(hands_views, "show_refusals", spy_reading)
    for name in ("add_hand", "replace_hand", "delete_hand", "undo_last_hand"):
        original = getattr(hands_views, name)

        def spy(*args: Any, _original: Any = original, **kwargs: Any) -> Any:
            try:
                return _original(*args, **kwargs)
            except PinochleError as error:
                caught.append(error)
                raise

        monkeypatch.setattr(hands_views, name, spy)  # where the views look it up
    return caught


def the_refusal(refusals: list[PinochleError], code: str, **values: Any) -> str:
    """The one refusal raised: its code and some of its values, and its sentence."""
    assert [error.code for error in refusals] == [code]
    error = refusals[0]
    assert {name: error.values.get(name) for name in values} == values
    return str(error)


# --- recording ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "expect_totals", "outcome"),
    [
        (MADE, (220, 280), "made"),
        (SET, (-300, 90), "set"),
        (THROWN_IN, (-330, 80), "thrown in"),
    ],
)
def test_record_a_partnership_hand(
    app: Flask,
    client: FlaskClient,
    fields: dict[str, str],
    expect_totals: tuple[int, int],
    outcome: str,
) -> None:
    game_id = make_game(app)
    page = post_hand(client, game_id, fields)
    assert page.status_code == 302
    assert page.headers["Location"] == f"/games/{game_id}"
    assert totals(app, game_id) == expect_totals
    board = client.get(f"/games/{game_id}").text
    for total in expect_totals:
        assert f'<div class="points">{minus(total)}</div>' in board  # a true minus sign
    assert outcome in board


def test_a_typical_hand_is_six_user_actions(app: Flask, client: FlaskClient) -> None:
    """Bidder tap, trump tap, meld, meld, counters, save: 6 (at most 7). The bid is
    pre-filled with the minimum (its chip is checked); the other side's counters fill
    themselves. (tests/browser/test_actions.py counts each tap and focus in a browser.)"""
    game_id = make_game(app)
    page = client.get(new_url(game_id)).text
    prefilled = form_values(page)
    assert prefilled["bid"] == "250"
    filled = {name for name, value in prefilled.items() if value}
    assert filled == {"bid", "return_to", "version", "game_key"}
    user_actions = {
        "bidder": "Bea",
        "trump": "H",
        "meld_0": "100",
        "meld_1": "150",
        "counters_1": "130",
    }
    saved = post_hand(client, game_id, {**prefilled, **user_actions})
    actions = len(user_actions) + 1  # + the save button
    assert actions == 6 <= 7
    assert saved.status_code == 302
    assert totals(app, game_id) == (220, 280)


@pytest.mark.parametrize(
    ("entered", "stored"),
    [
        ({"counters_0": "120"}, [120, 130]),
        ({"counters_1": "130"}, [120, 130]),
        ({"counters_0": "0"}, [0, 250]),
        ({"counters_0": "120", "counters_1": "130"}, [120, 130]),
    ],
)
def test_the_other_sides_counters_fill_themselves(
    app: Flask, client: FlaskClient, entered: dict[str, str], stored: list[int]
) -> None:
    game_id = make_game(app)
    fields = {key: value for key, value in MADE.items() if not key.startswith("counters")}
    assert post_hand(client, game_id, {**fields, **entered}).status_code == 302
    assert documents(app, game_id)[0]["counters"] == stored


def test_the_form_offers_bidders_in_bidding_order_and_the_minimum_bid(
    app: Flask, client: FlaskClient
) -> None:
    game_id = make_game(app)
    page = client.get(new_url(game_id)).text
    bidders = re.findall(r'name="bidder" value="([^"]+)"', page)
    assert bidders == ["Bea", "Cal", "Dan", "Ann"]  # left of the dealer (Ann) first
    assert "<bdi>Ann</bdi> deals" in page
    # the minimum's chip is checked; the number field after the chips is for other bids
    assert re.search(r'<input type="radio" name="bid" value="250" checked>', page)
    assert re.search(r'<input [^>]*inputmode="numeric"[^>]*name="bid"[^>]*value=""', page)
    for name in ("meld_0", "meld_1", "counters_0", "counters_1"):
        assert re.search(rf'<input [^>]*inputmode="numeric"[^>]*name="{name}"', page)
    assert re.findall(r'name="trump" value="(\w)"', page) == ["H", "S", "D", "C"]
    assert 'class="suit-H">♥' in page and 'class="suit-D">♦' in page
    assert "Tap the bidder to see what they need." in page
    add(app, game_id, {"bidder": "Bea", "bid": 250, "trump": "H", "meld": [0, 0],
                       "counters": [120, 130]})  # fmt: skip
    page = client.get(new_url(game_id)).text
    assert re.findall(r'name="bidder" value="([^"]+)"', page) == ["Cal", "Dan", "Ann", "Bea"]
    assert "<bdi>Bea</bdi> deals" in page


def test_the_script_loads_deferred_and_nothing_inline(app: Flask, client: FlaskClient) -> None:
    page = client.get(new_url(make_game(app))).text
    assert '<script src="/static/js/hand.js" defer></script>' in page
    assert "<script>" not in page
    assert " onclick=" not in page and " onchange=" not in page
    script = client.get("/static/js/hand.js")
    assert script.status_code == 200
    script.close()


def test_the_need_hint_is_computed_on_render(app: Flask, client: FlaskClient) -> None:
    """Without JavaScript the hint is there for the values the page holds."""
    game_id = make_game(app)
    query = urlencode({"return_to": new_url(game_id), "bidder": "Bea", "bid": "300",
                       "meld_0": "", "meld_1": "170"})  # fmt: skip
    page = client.get(f"{new_url(game_id)}?{query}").text
    assert "Them need 130 of 250 counters" in page
    no_throw_in = refusal(verify_throw_in, PRESETS["partnership"], 300, 170, 1)
    assert str(no_throw_in) in html.unescape(page)


# --- refusals (rules.md §5): 400, the engine's sentence beside its field, nothing saved ----------

REFUSALS = [
    # (name, ruleset, options, fields, field, code, values)
    ("bid below minimum", "partnership", {}, {**MADE, "bid": "240"}, "bid",
     "bid_below_minimum", {"bid": 240, "minimum": 250}),
    ("bid off step", "partnership", {}, {**MADE, "bid": "255"}, "bid",
     "bid_off_step", {"bid": 255}),
    ("bid missing", "partnership", {}, {**MADE, "bid": ""}, "bid",
     "hand_missing", {"field": "bid"}),
    ("bidder missing", "partnership", {}, {**MADE, "bidder": ""}, "bidder",
     "hand_missing", {"field": "bidder"}),
    ("counters sum", "partnership", {}, {**MADE, "counters_0": "150", "counters_1": "90"},
     "counters", "counters_sum", {"counters": "150 + 90", "got": 240, "expected": 250}),
    # the typed side is named, never the side filled in (its 0 or its 95)
    ("counters over the total", "partnership", {}, {**MADE, "counters_1": "260"},
     "counters_1", "counters_over_total", {"got": 260, "total": 250, "sides": "Them"}),
    ("counters negative", "partnership", {}, {**MADE, "counters_0": "-10", "counters_1": "260"},
     "counters_0", "counters_negative", {"got": -10}),
    ("counters off unit", "partnership", {}, {**MADE, "counters_0": "125", "counters_1": "120"},
     "counters_0", "counters_off_unit", {"got": 125, "unit": 10}),
    ("counters off unit beside a filled side", "partnership", {}, {**MADE, "counters_1": "155"},
     "counters_1", "counters_off_unit", {"got": 155, "unit": 10}),
    ("counters missing", "partnership", {}, {**MADE, "counters_1": ""}, "counters",
     "counters_missing", {"sides": "Us, Them", "total": 250}),
    ("trump missing", "partnership", {}, {**MADE, "trump": ""}, "trump",
     "trump_missing", {}),
    ("trump missing on a thrown-in hand", "partnership", {}, {**THROWN_IN, "trump": ""}, "trump",
     "trump_missing", {}),
    ("meld negative", "partnership", {}, {**MADE, "meld_0": "-20"}, "meld_0",
     "meld_negative", {"side": "Us", "got": -20}),
    ("meld off unit", "partnership", {}, {**MADE, "meld_0": "25"}, "meld_0",
     "meld_off_unit", {"side": "Us", "got": 25, "unit": 10}),
    ("meld too large", "partnership", {}, {**MADE, "meld_0": "3610"}, "meld_0",
     "meld_too_large", {"side": "Us", "got": 3610, "limit": 3600}),
    ("throw-in not allowed", "partnership", {},
     {**THROWN_IN, "bid": "300", "meld_0": "70"}, "thrown_in",
     "throw_in_not_allowed", {"bid": 300, "total": 250, "meld": 70}),
    ("throw-in never", "partnership", {"throw_in": "never"}, THROWN_IN, "thrown_in",
     "throw_in_never", {}),
    ("counters on a thrown-in hand", "partnership", {}, {**THROWN_IN, "counters_0": "100"},
     "counters", "counters_not_played", {"kind": "thrown-in"}),
    ("passed out under dealer_stuck", "partnership", {},
     {**MADE, "passed_out": "y", "drop_typed": "passed_out"},
     "passed_out", "passed_out_not_allowed", {"minimum": 250}),
    ("all tricks outside check", "partnership", {}, {**MADE, "all_tricks": "1"}, "all_tricks",
     "hand_not_applicable", {"field": "all_tricks", "ruleset": "partnership"}),
    ("took a trick without any_trick", "partnership", {}, {**MADE, "took_trick_1": "y"},
     "took_trick", "took_trick_not_applicable", {}),
    ("no marriage outside double deck", "partnership", {}, {**MADE, "no_marriage": "y"},
     "trump", "no_marriage_not_applicable", {}),
    ("trump without the bidder's marriage (check, cards known)", "check", {},
     {"bidder": "Bea", "bid": "20", "trump": "H", "meld_0": "0", "meld_1": "10",
      "counters_1": "20", "cards_1": "AH AS AD AC"}, "trump",
     "trump_without_marriage", {"bidder": "Bea"}),
    ("meld cards that disagree", "partnership", {},
     {**MADE, "bidder": "Ann", "meld_0": "200", "cards_0": "AH 10H KH QH JH", "cards_2": "9S"},
     "meld_cards", "meld_cards_disagree", {"side": "Us", "got": 200, "made": 150}),
    ("an unknown card", "partnership", {}, {**MADE, "cards_0": "ZZ"}, "meld_cards",
     "meld_cards_bad", {"player": "Ann"}),
    ("too many meld cards", "partnership", {},
     {**MADE, "cards_0": "AH AH 10H 10H KH KH QH QH JH JH 9H 9H AS"}, "meld_cards",
     "hand_too_large", {"count": 13, "ruleset": "partnership", "limit": 12}),
    ("all tricks with counters that disagree", "check", {},
     {"bidder": "Bea", "bid": "20", "trump": "H", "meld_0": "0", "meld_1": "0",
      "counters_0": "5", "all_tricks": "1"}, "all_tricks",
     "all_tricks_counters", {"side": "Them", "total": 25, "got": 20}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("ruleset", "options", "fields", "field", "code", "values"),
    [case[1:] for case in REFUSALS],
    ids=[case[0] for case in REFUSALS],
)
def test_every_refusal_is_shown_beside_its_field(
    app: Flask,
    client: FlaskClient,
    refusals: list[PinochleError],
    ruleset: str,
    options: dict[str, Any],
    fields: dict[str, str],
    field: str | None,
    code: str,
    values: dict[str, Any],
) -> None:
    game_id = make_game(app, ruleset, **options)
    page = post_hand(client, game_id, fields)
    assert page.status_code == 400
    expected = the_refusal(refusals, code, **values)
    assert refusals[0].values.get("hand", 1) == 1  # the sentence names hand 1, if a hand
    if field is None:
        assert form_errors(page.text) == [expected]
    else:
        assert field_errors(page.text, field) == [expected]
    assert documents(app, game_id) == []


def test_a_hand_after_the_game_ended_is_refused(
    app: Flask, client: FlaskClient, refusals: list[PinochleError]
) -> None:
    game_id = make_game(app, target=250)
    assert post_hand(client, game_id, MADE).status_code == 302  # Them 280: over 250
    page = client.get(new_url(game_id))
    assert "This game is over" in page.text
    page = post_hand(client, game_id, SET)
    assert page.status_code == 400
    assert form_errors(page.text) == [the_refusal(refusals, "hand_after_end", hand=2, ended=1)]
    assert len(documents(app, game_id)) == 1


def test_a_number_that_is_not_a_number(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    page = post_hand(client, game_id, {**MADE, "meld_0": "lots"})
    assert page.status_code == 400
    sentence = "hand 1: 'lots' is not a whole number (the digits 0 to 9)"
    assert field_errors(page.text, "meld_0") == [sentence]
    assert re.search(r'name="meld_0"[^>]*value="lots"', page.text)  # kept as typed
    assert documents(app, game_id) == []


def test_every_refusal_at_once_each_at_its_field(app: Flask, client: FlaskClient) -> None:
    """Issue 23: bid 200, counters that do not add up, meld -20 and a letter in a number
    are listed together, each at its field and in the summary; nothing is saved."""
    game_id = make_game(app)
    typed = {**MADE, "bid": "200", "meld_0": "-20", "meld_1": "4o",
             "counters_0": "100", "counters_1": "100"}  # fmt: skip
    page = post_hand(client, game_id, typed)
    assert page.status_code == 400
    expected = {
        "bid": "hand 1: the bid 200 is below the minimum of 250",
        "meld_0": "hand 1: meld cannot be negative (Us -20)",
        "meld_1": "hand 1: '4o' is not a whole number (the digits 0 to 9)",
        "counters": "hand 1: counters 100 + 100 = 200, but a hand has 250",
    }
    summary = html.unescape(page.text.split('id="problems"')[1].split("</ul>")[0])
    assert "The hand was not saved: 4 problems" in summary
    for name, sentence in expected.items():
        assert field_errors(page.text, name) == [sentence]
        assert sentence in summary
    assert re.search(r'name="meld_1"[^>]*value="4o"', page.text)
    assert documents(app, game_id) == []


def test_a_refused_form_keeps_what_was_typed(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    page = post_hand(client, game_id, {**MADE, "bid": "255"}).text
    assert re.search(r'name="bid"[^>]*value="255"', page)
    assert re.search(r'name="meld_1"[^>]*value="150"', page)
    assert 'name="bidder" value="Bea" checked' in page
    assert 'name="trump" value="H" aria-label="hearts" checked' in page
    # the empty counters stay empty, showing what they would be
    assert re.search(r'name="counters_0" placeholder="120"[^>]*value=""', page)


# --- which fields each rule set offers ------------------------------------------------------

EXTRAS = ("thrown_in", "passed_out", "all_tricks", "took_trick_0", "no_marriage", "meld_chips_0")


@pytest.mark.parametrize(
    ("ruleset", "options", "offered"),
    [
        ("partnership", {}, {"thrown_in"}),
        ("partnership", {"throw_in": "never"}, set()),
        ("partnership", {"all_pass": "redeal"}, {"thrown_in", "passed_out"}),
        ("partnership", {"save_meld": "any_trick"}, {"thrown_in", "took_trick_0"}),
        ("partnership-tenths", {}, {"thrown_in"}),
        ("check", {}, {"thrown_in", "passed_out", "all_tricks", "meld_chips_0"}),
        ("double-deck", {}, {"thrown_in", "no_marriage"}),
        ("cutthroat", {}, {"thrown_in"}),
        ("two-hand", {}, set()),
    ],
)
def test_extras_only_where_the_rules_have_them(
    app: Flask, client: FlaskClient, ruleset: str, options: dict[str, Any], offered: set[str]
) -> None:
    page = client.get(new_url(make_game(app, ruleset, **options))).text
    assert {name for name in EXTRAS if f'name="{name}"' in page} == offered


def test_check_passed_out_and_all_tricks(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, "check")
    # a passed-out hand records nothing else, whatever the form still holds
    assert post_hand(client, game_id, {"bid": "20", "passed_out": "y"}).status_code == 302
    hand = {"bidder": "Cal", "bid": "21", "trump": "S", "meld_0": "4", "meld_1": "0",
            "counters_0": "25", "all_tricks": "0", "meld_chips_0": "0"}  # fmt: skip
    assert post_hand(client, game_id, hand).status_code == 302
    stored = documents(app, game_id)
    assert stored[0] == {"passed_out": True}
    assert stored[1]["all_tricks"] == 0
    assert stored[1]["counters"] == [25, 0]
    assert stored[1]["meld_chips"] == [0, 0]
    board = client.get(f"/games/{game_id}").text
    assert "passed out" in board
    assert totals(app, game_id) == (29, 0)


def test_cutthroat_form_fills_the_third_counters(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, "cutthroat")
    page = client.get(new_url(game_id)).text
    assert re.findall(r'name="bidder" value="([^"]+)"', page) == ["Bea", "Cal", "Ann"]
    assert {"counters_0", "counters_1", "counters_2"} <= set(re.findall(r'name="(\w+)"', page))
    assert 'class="trio"' in page
    hand = {"bidder": "Bea", "bid": "250", "trump": "H", "meld_0": "0", "meld_1": "150",
            "meld_2": "0", "counters_0": "50", "counters_1": "150"}  # fmt: skip
    assert post_hand(client, game_id, hand).status_code == 302
    assert documents(app, game_id)[0]["counters"] == [50, 150, 50]
    assert totals(app, game_id) == (50, 300, 50)


def test_two_hand_form_has_no_bidding(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, "two-hand")
    page = client.get(new_url(game_id)).text
    assert 'name="bidder"' not in page and 'name="bid"' not in page
    assert "data-step" not in page
    hand = {"trump": "H", "meld_0": "40", "meld_1": "0", "counters_0": "130"}
    assert post_hand(client, game_id, hand).status_code == 302
    assert documents(app, game_id)[0] == {"trump": "H", "meld": [40, 0], "counters": [130, 120]}
    assert totals(app, game_id) == (170, 120)


def test_double_deck_no_marriage(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, "double-deck")
    hand = {"bidder": "Bea", "bid": "50", "trump": "C", "meld_0": "24", "meld_1": "10",
            "no_marriage": "y"}  # fmt: skip
    assert post_hand(client, game_id, hand).status_code == 302
    assert totals(app, game_id) == (24, -50)


# --- correcting, deleting, undoing -------------------------------------------------------------

HAND_1 = {"bidder": "Bea", "bid": 250, "trump": "H", "meld": [100, 150], "counters": [120, 130]}
HAND_2 = {"bidder": "Cal", "bid": 250, "trump": "S", "meld": [150, 0], "counters": [130, 120]}
HAND_3 = {"bidder": "Dan", "bid": 300, "trump": "D", "meld": [20, 60], "counters": [90, 160]}


def edit_url(game_id: int, number: int) -> str:
    return f"/games/{game_id}/hands/{number}/edit"


def test_the_edit_form_is_prefilled(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    add(app, game_id, HAND_1, HAND_2)
    page = client.get(edit_url(game_id, 2)).text
    assert "Correct hand 2" in page
    assert 'name="bidder" value="Cal" checked' in page
    assert re.search(r'name="bid"[^>]*value="250"', page)
    assert 'name="trump" value="S" aria-label="spades" checked' in page
    assert re.search(r'name="meld_0"[^>]*value="150"', page)
    assert re.search(r'name="counters_1"[^>]*value="120"', page)
    assert f'action="/games/{game_id}/hands/2/delete"' in page
    # hand 2 is dealt by Bea, so Cal bids first
    assert re.findall(r'name="bidder" value="([^"]+)"', page) == ["Cal", "Dan", "Ann", "Bea"]


def test_edit_an_earlier_hand(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    add(app, game_id, HAND_1, HAND_2, HAND_3)
    before = totals(app, game_id)
    fields = {"bidder": "Bea", "bid": "250", "trump": "H", "meld_0": "100", "meld_1": "150",
              "counters_0": "200", "counters_1": "50"}  # fmt: skip
    page = client.post(edit_url(game_id, 1), data=fields)
    assert page.status_code == 302
    # Them 150 + 50 = 200 < 250: set (-250); Us 100 + 200 = 300
    assert documents(app, game_id)[0]["counters"] == [200, 50]
    after = totals(app, game_id)
    assert after == (before[0] - 220 + 300, before[1] - 280 - 250)
    assert "Hand 1 corrected." in client.get(f"/games/{game_id}").text
    with app.app_context():
        edits = [e for e in stored_game(app, game_id).edits if e.action == "edited"]
        assert [(e.number, e.before["counters"], e.after["counters"]) for e in edits] == [
            (1, [120, 130], [200, 50])
        ]
    history = client.get(edit_url(game_id, 1)).text
    assert "History of hand 1" in history
    assert "hand 1 corrected" in history and "hand 1 recorded" in history
    assert "200 / 50" in history and "120 / 130" in history


def test_an_edit_that_ends_the_game_early_is_refused(
    app: Flask, client: FlaskClient, refusals: list[PinochleError]
) -> None:
    game_id = make_game(app, target=500)
    add(app, game_id, HAND_1, HAND_2)  # 400 each: not over
    fields = {"bidder": "Bea", "bid": "250", "trump": "H", "meld_0": "0", "meld_1": "300",
              "counters_1": "250"}  # fmt: skip
    page = client.post(edit_url(game_id, 1), data=fields)
    assert page.status_code == 400
    assert form_errors(page.text) == [
        the_refusal(refusals, "change_ends_game", hand=1, ended=1, last=2)
    ]
    assert documents(app, game_id) == [HAND_1, HAND_2]


def test_a_refused_edit_changes_nothing(
    app: Flask, client: FlaskClient, refusals: list[PinochleError]
) -> None:
    game_id = make_game(app)
    add(app, game_id, HAND_1)
    page = client.post(edit_url(game_id, 1), data={**MADE, "bid": "245"})
    assert page.status_code == 400
    assert field_errors(page.text, "bid") == [
        the_refusal(refusals, "bid_below_minimum", hand=1, bid=245, minimum=250)
    ]
    assert documents(app, game_id) == [HAND_1]


CONFIRMED = {"confirmed": "yes"}  # the answer to the question a delete asks


def test_delete_a_middle_hand(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    add(app, game_id, HAND_1, HAND_2, HAND_3)
    page = client.post(f"/games/{game_id}/hands/2/delete", data=CONFIRMED)
    assert page.status_code == 302
    assert page.headers["Location"] == f"/games/{game_id}"
    assert documents(app, game_id) == [HAND_1, HAND_3]
    with app.app_context():
        game = stored_game(app, game_id)
        assert [hand.number for hand in game.hands] == [1, 2]
        assert [(e.action, e.number) for e in game.edits][-1] == ("deleted", 2)
    board = client.get(f"/games/{game_id}").text
    assert "Hand 2 deleted" in board
    # hand 3 (now 2): Them bid 300 with 60 meld and took 160: set; Us 20 + 90
    assert totals(app, game_id) == (220 + 110, 280 - 300)


def test_a_refused_delete_flashes_the_sentence(
    app: Flask, client: FlaskClient, refusals: list[PinochleError]
) -> None:
    # Hand 1 sets Us (-250); without it, hand 2 (Us +430) ends the game at 300
    # before hand 3.
    game_id = make_game(app, target=300)
    set_us = {"bidder": "Ann", "bid": 250, "trump": "H", "meld": [0, 0], "counters": [100, 150]}
    big = {"bidder": "Cal", "bid": 250, "trump": "S", "meld": [300, 0], "counters": [130, 120]}
    set_them = {"bidder": "Dan", "bid": 250, "trump": "D", "meld": [0, 0], "counters": [250, 0]}
    add(app, game_id, set_us, big, set_them)
    page = client.post(f"/games/{game_id}/hands/1/delete", data=CONFIRMED, follow_redirects=True)
    assert page.request.path == edit_url(game_id, 1)
    expected = the_refusal(refusals, "change_ends_game", hand=1, ended=1, last=2)
    assert html.escape(expected, quote=True) in page.text
    assert len(documents(app, game_id)) == 3


def test_undo_the_last_hand(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    add(app, game_id, HAND_1, HAND_2)
    page = client.post(f"/games/{game_id}/undo")
    assert page.status_code == 302
    assert documents(app, game_id) == [HAND_1]
    assert "Hand 2 undone." in client.get(f"/games/{game_id}").text
    with app.app_context():
        assert stored_game(app, game_id).edits[-1].action == "deleted"


def test_undo_with_no_hands(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    page = client.post(f"/games/{game_id}/undo", follow_redirects=True)
    assert page.status_code == 200
    assert "There is no hand to undo." in page.text


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/games/999/hands/new"),
        ("post", "/games/999/hands/new"),
        ("get", "/games/999/hands/1/edit"),
        ("post", "/games/999/hands/1/delete"),
        ("post", "/games/999/undo"),
        ("get", "/games/999/hands/preview"),
        ("get", "/games/{id}/hands/0/edit"),
        ("get", "/games/{id}/hands/2/edit"),
        ("post", "/games/{id}/hands/2/edit"),
        ("post", "/games/{id}/hands/2/delete"),
    ],
)
def test_not_found(app: Flask, client: FlaskClient, method: str, path: str) -> None:
    game_id = make_game(app)
    add(app, game_id, HAND_1)
    page = getattr(client, method)(path.format(id=game_id))
    assert page.status_code == 404
    assert documents(app, game_id) == [HAND_1]


def test_delete_and_undo_are_post_only(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    add(app, game_id, HAND_1)
    assert client.get(f"/games/{game_id}/undo").status_code == 405
    assert client.get(f"/games/{game_id}/hands/1/delete").status_code == 405
    assert documents(app, game_id) == [HAND_1]


# --- CSRF -----------------------------------------------------------------------------------


def test_csrf_is_required(csrf_app: Flask) -> None:
    client = csrf_app.test_client()
    game_id = make_game(csrf_app)
    assert post_hand(client, game_id, MADE).status_code == 400
    assert documents(csrf_app, game_id) == []
    token = csrf_token(client.get(new_url(game_id)).text)
    assert post_hand(client, game_id, {**MADE, "csrf_token": token}).status_code == 302
    assert len(documents(csrf_app, game_id)) == 1
    for path in (
        edit_url(game_id, 1),
        f"/games/{game_id}/hands/1/delete",
        f"/games/{game_id}/undo",
    ):
        assert client.post(path, data=MADE).status_code == 400
    assert len(documents(csrf_app, game_id)) == 1
    edit_page = client.get(edit_url(game_id, 1)).text
    token = csrf_token(edit_page)
    assert client.post(f"/games/{game_id}/undo", data={"csrf_token": token}).status_code == 302
    assert documents(csrf_app, game_id) == []


# --- the live hints -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "query", "expect"),
    [
        ("partnership", {"bidder": "Bea", "bid": "300", "meld_1": "170"},
         {"needed": 130, "need": "Them need 130 of 250 counters", "can_throw_in": False,
          "bidder_side": 1, "total": 250, "next_bid": 310, "previous_bid": 290}),
        ("partnership", {"bidder": "Ann", "bid": "330", "meld_0": "60"},
         {"needed": 270, "need": "Us need 270 of 250 counters: more than a hand has",
          "can_throw_in": True, "throw_in": "They may throw in."}),
        ("partnership", {"bidder": "Ann", "bid": "250", "meld_0": "400"},
         {"needed": 10, "can_throw_in": False}),
        ("partnership", {"bid": "250"},
         {"needed": None, "need": "Tap the bidder to see what they need.", "bid_error": None}),
        ("partnership", {"bid": "255"},
         {"bid_error": (255, 1),
          "next_bid": 260, "previous_bid": 250}),
        ("partnership", {"bid": ""}, {"bid": None, "next_bid": 250, "previous_bid": 250}),
        ("partnership", {"bid": "250", "counters_0": "120", "counters_1": ""},
         {"counters": [120, 130], "filled": 1}),
        ("partnership", {"counters_0": "", "counters_1": "300"},
         {"counters": [0, 300], "filled": 0}),
        ("partnership", {"counters_0": "", "counters_1": ""},
         {"counters": [None, None], "filled": None}),
        ("partnership", {"number": "7", "bid": "10"},
         {"number": 7, "bid_error": (10, 7)}),
        ("partnership", {"bidder": "Bea", "bid": "330", "meld_1": "60"}, {"can_throw_in": True}),
        ("cutthroat", {"counters_0": "50", "counters_1": "150"},
         {"counters": [50, 150, 50], "filled": 2}),
        ("cutthroat", {"counters_0": "50"}, {"counters": [50, None, None], "filled": None}),
        ("cutthroat", {"bidder": "Cal", "bid": "250", "meld_2": "0"}, {"can_throw_in": True}),
        ("double-deck", {"bid": "60"}, {"next_bid": 65, "previous_bid": 59}),
        ("double-deck", {"bidder": "Ann", "bid": "50", "meld_0": "15"},
         {"needed": 50, "need": "Us need 50 of 50 counters"}),
        ("check", {"bidder": "Ann", "bid": "30", "meld_0": "12"},
         {"needed": 18, "total": 25, "unit": 1}),
        ("two-hand", {"counters_0": "130"},
         {"bidding": False, "counters": [130, 120], "need": "", "can_throw_in": None}),
    ],
)  # fmt: skip
def test_preview_answers(
    app: Flask, client: FlaskClient, ruleset: str, query: dict[str, str], expect: dict[str, Any]
) -> None:
    game_id = make_game(app, ruleset)
    page = client.get(f"/games/{game_id}/hands/preview?{urlencode(query)}")
    assert page.status_code == 200
    answer = page.get_json()
    # a bid error is given as (bid, hand): the engine's sentence for it
    if isinstance(expect.get("bid_error"), tuple):
        bid, hand = expect["bid_error"]
        expect = {**expect, "bid_error": str(refusal(verify_bid, PRESETS[ruleset], bid, hand))}
    assert {key: answer.get(key) for key in expect} == expect


def test_preview_throw_in_never(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, throw_in="never")
    query = urlencode({"bidder": "Ann", "bid": "500", "meld_0": "0"})
    answer = client.get(f"/games/{game_id}/hands/preview?{query}").get_json()
    assert answer["can_throw_in"] is None and answer["throw_in"] == ""


# --- meld from the checker ------------------------------------------------------------------


def back_from_checker(
    client: FlaskClient, game_id: int, fields: dict[str, str], path: str | None = None
) -> str:
    """The hand form as the meld checker's "use this meld" link opens it."""
    path = path or new_url(game_id)
    query = urlencode({"return_to": path, **fields})
    page = client.get(f"{path}?{query}")
    assert page.status_code == 200
    return page.text


def value_of(page_text: str, name: str) -> str:
    if name == "bid":  # the number typed after the chips, or else the checked chip
        typed = re.search(
            r'<input (?![^>]*type="radio")[^>]*name="bid"[^>]*value="([^"]*)"', page_text
        )
        chip = re.search(r'<input type="radio" name="bid" value="(\d+)" checked>', page_text)
        return typed[1] if typed and typed[1] else (chip[1] if chip else "")
    match = re.search(rf'<input [^>]*name="{name}"[^>]*value="([^"]*)"', page_text) or re.search(
        rf'<input [^>]*value="([^"]*)"[^>]*name="{name}"', page_text
    )
    assert match, f"no input {name}"
    return html.unescape(match[1])


def test_check_meld_buttons_carry_the_form_to_the_checker(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    page = client.get(new_url(game_id)).text
    for player in ("Ann", "Bea", "Cal", "Dan"):
        assert re.search(
            rf'<button type="submit" class="secondary check-meld" formaction="/meld"\s+'
            rf'formmethod="get" formnovalidate name="meld_for" value="{player}">',
            page,
        )
    assert f'<input type="hidden" name="return_to" value="{new_url(game_id)}">' in page
    for seat in range(4):
        assert f'name="cards_{seat}" type="hidden"' in page


def test_meld_from_the_checker_round_trip(
    app: Flask, client: FlaskClient, refusals: list[PinochleError]
) -> None:
    game_id = make_game(app)
    typed = {"bidder": "Bea", "bid": "260", "trump": "H", "meld_0": "60", "meld_1": "0",
             "counters_1": "", **{f"cards_{seat}": "" for seat in range(4)}}  # fmt: skip
    # Bea shows a run in hearts (150): Them's meld 0 (typed) + 150
    page = back_from_checker(
        client, game_id, {**typed, "meld_for": "Bea", "meld_cards": "ah th kh qh jh"}
    )
    assert value_of(page, "meld_1") == "150"
    assert value_of(page, "cards_1") == "AH 10H KH QH JH"
    assert value_of(page, "meld_0") == "60"
    assert value_of(page, "bid") == "260"
    assert 'name="bidder" value="Bea" checked' in page
    assert "AH 10H KH QH JH = 150" in page
    # Dan shows a pinochle (40): 150 + 40
    typed.update(meld_1="150", cards_1="AH 10H KH QH JH")
    page = back_from_checker(client, game_id, {**typed, "meld_for": "Dan", "meld_cards": "QS JD"})
    assert value_of(page, "meld_1") == "190"
    assert value_of(page, "cards_3") == "QS JD"
    # Bea checks again with only a royal marriage (40): 190 - 150 + 40
    typed.update(meld_1="190", cards_3="QS JD")
    page = back_from_checker(client, game_id, {**typed, "meld_for": "Bea", "meld_cards": "KH QH"})
    assert value_of(page, "meld_1") == "80"
    assert value_of(page, "cards_1") == "KH QH"
    # saved, the cards go with the hand, and the engine checks the meld against them
    typed.update(meld_1="90", cards_1="KH QH", counters_1="200")
    refused = post_hand(client, game_id, typed)
    assert refused.status_code == 400
    assert field_errors(refused.text, "meld_cards") == [
        the_refusal(refusals, "meld_cards_disagree", hand=1, side="Them", got=90, made=80)
    ]
    typed.update(meld_1="80")
    assert post_hand(client, game_id, typed).status_code == 302
    stored = documents(app, game_id)[0]
    assert stored["meld"] == [60, 80]
    assert stored["meld_cards"] == {"Bea": "KH QH", "Dan": "QS JD"}


def test_meld_from_the_checker_on_the_edit_form(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    add(app, game_id, HAND_1)
    fields = {"bidder": "Bea", "bid": "250", "trump": "H", "meld_0": "100", "meld_1": "150",
              "counters_0": "120", "counters_1": "130", "meld_for": "Cal",
              "meld_cards": "AS AH AD AC"}  # fmt: skip
    page = back_from_checker(client, game_id, fields, edit_url(game_id, 1))
    assert value_of(page, "meld_0") == "200"
    assert value_of(page, "cards_2") == "AS AH AD AC"
    assert f'action="{edit_url(game_id, 1)}"' in page


def test_meld_from_the_checker_needs_the_trump(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    fields = {"bidder": "Bea", "meld_1": "40", "meld_for": "Bea", "meld_cards": "AH 10H KH QH JH"}
    page = back_from_checker(client, game_id, fields)
    assert field_errors(page, "trump") == [
        "Pick trump first: Bea's meld is counted for one trump. Then check the meld again."
    ]
    assert value_of(page, "meld_1") == "40"
    assert value_of(page, "cards_1") == ""


def test_meld_from_the_checker_with_a_bad_card(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    fields = {"trump": "H", "meld_1": "40", "meld_for": "Bea", "meld_cards": "AH ZZ"}
    page = back_from_checker(client, game_id, fields)
    assert field_errors(page, "meld_cards") == [
        "Bea's cards: " + str(refusal(parse_cards, "AH ZZ"))
    ]
    assert value_of(page, "meld_1") == "40"


# --- names shown as text ---------------------------------------------------------------------


def test_a_script_name_is_shown_as_text(app: Flask, client: FlaskClient) -> None:
    evil = "<script>alert(1)</script>"
    with app.app_context():
        game = create_game("partnership", {}, [(evil, [evil, "Cal"]), ("Them", ["Bea", "Dan"])])
        game_id = game.id
    add(app, game_id, {**HAND_1, "bidder": evil})
    for path in (new_url(game_id), edit_url(game_id, 1)):
        page = client.get(path).text
        assert evil not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    with app.app_context():
        assert HandEdit.query.count() == 1


def test_round_trip_through_the_meld_checker(app: Flask, client: FlaskClient) -> None:
    """The "check meld" button's GET, the checker's "use this meld" link, and back."""
    game_id = make_game(app)
    values = form_values(client.get(new_url(game_id)).text)
    values.update(bidder="Bea", trump="H", meld_1="20", meld_for="Bea")
    checker = client.get("/meld?" + urlencode({**values, "cards": "AH 10H KH QH JH"}))
    assert checker.status_code == 200
    link = re.search(r'id="use-meld" href="([^"]+)"', checker.text)
    assert link, "the checker offers no way back"
    back = client.get(html.unescape(link[1]))
    assert back.status_code == 200
    assert back.request.path == new_url(game_id)
    values = form_values(back.text)
    assert (values["meld_1"], values["cards_1"], values["bidder"]) == (
        "170",
        "AH 10H KH QH JH",
        "Bea",
    )


def test_a_link_with_some_fields_prefills_them(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    values = form_values(client.get(f"{new_url(game_id)}?bid=300&trump=S").text)
    assert (values["bid"], values["trump"]) == ("300", "S")
    assert form_values(client.get(f"{new_url(game_id)}?unrelated=1").text)["bid"] == "250"

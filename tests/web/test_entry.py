"""The hand form's quick entry, without a browser: the scoreboard's bidder buttons, the
bid chips and the number typed after them, the ladder the page carries for − / +."""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from scorekeeper.engine.hand_score import max_bid
from scorekeeper.engine.presets import PRESETS
from scorekeeper.games.hands import add_hand
from scorekeeper.games.lifecycle import create_game
from scorekeeper.games.stored import hand_document
from tests.web.conftest import make_game, stored_game

HAND = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]}
MADE = {"bidder": "Bea", "trump": "H", "meld_0": "100", "meld_1": "150", "counters_1": "130"}


def bidder_links(page: str) -> list[tuple[str, str]]:
    """The scoreboard's bidder buttons: (where each goes, its name on the screen)."""
    found = re.findall(
        r'<a class="button secondary" href="([^"]+)"(?: dir="auto")?\s+'
        r'aria-label="[^"]+">([^<]+)</a>',
        page,
    )
    return [(html.unescape(href), html.unescape(name)) for href, name in found]


def test_the_scoreboard_opens_the_form_with_the_bidder_chosen(
    app: Flask, client: FlaskClient
) -> None:
    game_id = make_game(app)
    page = client.get(f"/games/{game_id}").text
    new = f"/games/{game_id}/hands/new"
    # in bidding order: Ann deals hand 1, so Bea bids first
    assert bidder_links(page) == [
        (f"{new}?bidder={name}", name) for name in ("Bea", "Cal", "Dan", "Ann")
    ]
    assert 'aria-label="Hand 1: Cal took the bid"' in page
    form = client.get(f"{new}?bidder=Cal").text
    assert re.findall(r'name="bidder" value="(\w+)" checked', form) == ["Cal"]
    assert re.search(r'name="bid" value="250" checked', form)  # the rest as a new form's
    assert not re.search(r'name="trump" value="\w" checked', form)


def test_a_name_with_spaces_and_signs_is_one_bidder(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        game = create_game(
            "partnership",
            {},
            [("Us", ["Zoë & Jo", "Cal"]), ("Them", ["Bea+1", "Dan"])],
            first_dealer="Dan",
        )
        game_id = game.id
    page = client.get(f"/games/{game_id}").text
    href = dict((name, link) for link, name in bidder_links(page))["Zoë & Jo"]
    assert href.endswith("?bidder=Zo%C3%AB%20%26%20Jo")
    form = client.get(href).text
    assert re.findall(r'name="bidder" value="([^"]+)" checked', form) == ["Zoë &amp; Jo"]
    plus = dict((name, link) for link, name in bidder_links(page))["Bea+1"]
    assert re.findall(r'name="bidder" value="([^"]+)" checked', client.get(plus).text) == ["Bea+1"]


def test_no_bidder_buttons_without_bidding_or_once_the_game_is_over(
    app: Flask, client: FlaskClient
) -> None:
    two_hand = make_game(app, "two-hand")
    assert bidder_links(client.get(f"/games/{two_hand}").text) == []
    short = make_game(app, target=300)
    with app.app_context():
        add_hand(stored_game(app, short), HAND)
    assert bidder_links(client.get(f"/games/{short}").text) == []


@pytest.mark.parametrize("ruleset", ["partnership", "double-deck", "check", "cutthroat"])
def test_the_page_carries_the_engines_ladder_and_its_first_bids_as_chips(
    app: Flask, client: FlaskClient, ruleset: str
) -> None:
    rules = PRESETS[ruleset]
    page = client.get(f"/games/{make_game(app, ruleset)}/hands/new").text
    ladder = rules.bid_ladder(max_bid(rules))
    carried = re.search(r'data-bids="([\d ]+)"', page)
    assert carried and tuple(int(bid) for bid in carried[1].split()) == ladder
    chips = re.findall(r'<input type="radio" name="bid" value="(\d+)"', page)
    assert [int(chip) for chip in chips] == list(ladder[:12])


@pytest.mark.parametrize(
    ("sent", "stored"),
    [
        ([("bid", "300")], 300),  # a chip (or a number typed, without chips)
        ([("bid", "300"), ("bid", "")], 300),  # a chip, the field after it left empty
        ([("bid", "300"), ("bid", "420")], 420),  # a chip, then a number typed: the number
        ([("bid", "250"), ("bid", " 260 ")], 260),
        ([("bid", ""), ("bid", "330")], 330),
    ],
)
def test_a_number_typed_wins_over_a_chip(
    app: Flask, client: FlaskClient, sent: list[tuple[str, str]], stored: int
) -> None:
    game_id = make_game(app)
    fields = [*MADE.items(), *sent]
    answer = client.post(f"/games/{game_id}/hands/new", data=MultiDict(fields))
    assert answer.status_code == 302, answer.text
    with app.app_context():
        assert hand_document(stored_game(app, game_id).hands[0])["bid"] == stored


def test_a_refused_typed_bid_is_shown_in_the_field_and_no_chip_is_chosen(
    app: Flask, client: FlaskClient
) -> None:
    game_id = make_game(app)
    answer = client.post(
        f"/games/{game_id}/hands/new",
        data=MultiDict([*MADE.items(), ("bid", "300"), ("bid", "255")]),
    )
    assert answer.status_code == 400
    assert re.search(r'<input [^>]*name="bid" type="text" value="255"', answer.text)
    assert not re.search(r'name="bid" value="\d+" checked', answer.text)
    with app.app_context():
        assert stored_game(app, game_id).hands == []

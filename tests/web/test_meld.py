"""The meld checker page (/meld): tables of cases in card notation, through the test client."""

from __future__ import annotations

import html
import re
from collections import Counter
from typing import Any
from urllib.parse import parse_qs, parse_qsl, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.meld import meld_names
from scorekeeper.web.meld import MELD_LABELS, meld_label
from tests.conftest import CASES, load_case
from tests.web.conftest import make_game

MELD_CASES = load_case(CASES / "meld.json")


def get(client: FlaskClient, params: Any = None) -> tuple[int, str]:
    response = client.get("/meld", query_string=params or {})
    return response.status_code, response.get_data(as_text=True)


def grid_params(cards: str) -> dict[str, str]:
    """The grid's counts (``c_AH=2``) for cards in card notation."""
    return {f"c_{card}": str(count) for card, count in Counter(cards.split()).items()}


def number(page: str, element_id: str) -> int | None:
    match = re.search(rf'id="{element_id}">(-?\d+)<', page)
    return int(match[1]) if match else None


def field_error(page: str, field: str) -> str | None:
    match = re.search(rf'id="{field}-error">(.*?)</p>', page, re.S)
    return html.unescape(match[1]) if match else None


def cells(page: str) -> list[str]:
    return re.findall(r'<input type="number" id="c_(\w+)"', page)


def grid_value(page: str, card: str) -> str:
    match = re.search(rf'name="c_{card}" value="([^"]*)"', page)
    assert match, f"no grid cell for {card}"
    return match[1]


def is_held(page: str, card: str) -> bool:
    match = re.search(rf'<div class="cell( held)?"[^>]*>\s*<label[^>]*for="c_{card}"', page)
    assert match, f"no grid cell for {card}"
    return bool(match[1])


def hidden_fields(page: str) -> list[tuple[str, str]]:
    return [
        (html.unescape(name), html.unescape(value))
        for name, value in re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', page)
    ]


def use_link(page: str) -> str | None:
    match = re.search(r'id="use-meld" href="([^"]*)"', page)
    return html.unescape(match[1]) if match else None


# --- the page itself -------------------------------------------------------------------------


def test_empty_page_shows_the_single_deck_grid(client: FlaskClient) -> None:
    status, page = get(client)
    assert status == 200
    assert cells(page) == [
        f"{rank}{suit}" for suit in "HSDC" for rank in ("A", "10", "K", "Q", "J", "9")
    ]
    assert page.count('inputmode="numeric"') == 24
    assert page.count('max="2"') == 24
    assert 'class="face suit-H" for="c_AH">A♥<' in page
    assert 'id="meld-total"' not in page
    assert "Tap or type a player's cards" in html.unescape(page)


def test_script_is_a_deferred_file_and_nothing_inline(client: FlaskClient) -> None:
    _, page = get(client, {"cards": "AH 10H KH QH JH", "trump": "H", "claim": "150"})
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", page, re.S)
    assert scripts == [
        (' src="/static/js/app.js" defer', ""),
        (' src="/static/js/offline.js" defer', ""),  # issue 15: offline at the table
        (' src="/static/js/meld.js" defer', ""),
    ]
    assert not re.search(r"\son[a-z]+=", page), "no inline event handlers"
    with client.get("/static/js/meld.js") as script:
        assert script.status_code == 200


@pytest.mark.parametrize(
    "case", MELD_CASES, ids=[f"{c['ruleset']}:{c['trump']}:{c['cards']}" for c in MELD_CASES]
)
def test_shared_meld_cases(client: FlaskClient, case: dict[str, Any]) -> None:
    status, page = get(
        client, {"cards": case["cards"], "trump": case["trump"], "ruleset": case["ruleset"]}
    )
    assert status == 200
    assert number(page, "meld-total") == case["total"]
    assert number(page, "meld-chips") == case.get("chips")


@pytest.mark.parametrize(
    "typed",
    [
        "AH 10H KH QH JH",
        "ah 10h kh qh jh",
        "AH TH KH QH JH",
        "A♥ 10♥ K♥ Q♥ J♥",
        "A♡,T♡;K♡ Q♡ J♡",
        "H14 H10 H13 H12 H11",
        "  jh, QH\tkh th ah  ",
    ],
)
def test_typed_cards_in_any_spelling(client: FlaskClient, typed: str) -> None:
    status, page = get(client, {"cards": typed, "trump": "H"})
    assert status == 200
    assert number(page, "meld-total") == 150
    assert '<span class="meld-name">run</span>' in page
    # the typed cards now show in the grid, and the text field is free for the next change
    assert [grid_value(page, card) for card in ("AH", "10H", "KH", "QH", "JH", "9H")] == [
        "1", "1", "1", "1", "1", "0",
    ]  # fmt: skip
    assert 'id="cards" name="cards"' in page
    assert re.search(r'name="cards"[^>]*value=""', page)


@pytest.mark.parametrize(
    ("tapped", "trump", "total"),
    [
        ("AH 10H KH QH JH", "H", 150),
        ("AH 10H KH KH QH QH JH", "H", 230),
        ("KH KH QH QH", "H", 80),
        ("KH KH QH QH", "S", 40),
        ("QS QS JD JD", "C", 300),
        ("AH AS AD AC 9C 9C", "C", 120),
        ("9H", "H", 10),
    ],
)
def test_grid_counts(client: FlaskClient, tapped: str, trump: str, total: int) -> None:
    status, page = get(client, {**grid_params(tapped), "trump": trump})
    assert status == 200
    assert number(page, "meld-total") == total
    counts = Counter(tapped.split())
    for card in cells(page):
        assert grid_value(page, card) == str(counts[card])
        assert is_held(page, card) is (counts[card] > 0)


def test_typed_cards_win_over_the_grid(client: FlaskClient) -> None:
    _, page = get(client, {"cards": "QS JD", "c_AH": "2", "c_KC": "1", "trump": "H"})
    assert number(page, "meld-total") == 40
    assert grid_value(page, "AH") == "0"
    assert grid_value(page, "QS") == grid_value(page, "JD") == "1"


def test_empty_grid_counts_are_zero(client: FlaskClient) -> None:
    status, page = get(client, {"c_QS": "1", "c_JD": "1", "c_AH": "", "c_KS": "0", "trump": "S"})
    assert status == 200
    assert number(page, "meld-total") == 40


def test_double_deck_grid_has_no_nines_and_takes_four_copies(client: FlaskClient) -> None:
    _, page = get(client, {"ruleset": "double-deck"})
    assert len(cells(page)) == 20
    assert not [card for card in cells(page) if card.startswith("9")]
    assert page.count('max="4"') == 20
    assert 'class="grid deck-double"' in page

    aces = grid_params("AH AS AD AC " * 4)
    status, page = get(client, {**aces, "ruleset": "double-deck", "trump": "H"})
    assert status == 200
    assert number(page, "meld-total") == 200
    assert "quadruple aces around" in page
    assert grid_value(page, "AH") == "4"


def test_every_meld_the_engine_names_has_a_label_for_people(app: Flask) -> None:
    assert set(MELD_LABELS) == set(meld_names())
    with app.test_request_context():
        assert meld_label("run_royal_marriage") == "run + royal marriage"
        assert meld_label("marriage") == "common marriage"
        assert meld_label("double_aces_around") == "double aces around"


# --- trumps ------------------------------------------------------------------------------------

TRUMP_HAND = "AS 10S KS QS JS JD KH QH"


@pytest.mark.parametrize(
    ("trump", "total", "melds"),
    [
        ("H", 100, ["royal marriage", "common marriage", "pinochle"]),
        ("S", 210, ["run", "common marriage", "pinochle"]),
        ("D", 80, ["common marriage", "common marriage", "pinochle"]),
        ("C", 80, ["common marriage", "common marriage", "pinochle"]),
        ("hearts", 100, None),
        ("♠", 210, None),
        ("d", 80, None),
    ],
)
def test_each_trump(client: FlaskClient, trump: str, total: int, melds: list[str] | None) -> None:
    status, page = get(client, {"cards": TRUMP_HAND, "trump": trump})
    assert status == 200
    assert number(page, "meld-total") == total
    if melds is not None:
        assert re.findall(r'class="meld-name">([^<]*)<', page) == melds
    letter = {"hearts": "H", "♠": "S", "d": "D"}.get(trump, trump)
    assert re.search(rf'value="{letter}" aria-label="\w+"\s+checked>', page)


@pytest.mark.parametrize("trump", ["", "all", "ALL"])
def test_all_four_trumps(client: FlaskClient, trump: str) -> None:
    status, page = get(client, {"cards": TRUMP_HAND, "trump": trump})
    assert status == 200
    assert 'id="meld-total"' not in page
    totals = {suit: number(page, f"total-{suit}") for suit in "HSDC"}
    assert totals == {"H": 100, "S": 210, "D": 80, "C": 80}
    assert re.search(r'value="" checked>', page)


def test_all_four_trumps_with_chips_in_check(client: FlaskClient) -> None:
    cards = "AH 10H KH QH JH KS QS KD QD KC QC 9H"
    _, page = get(client, {"cards": cards, "ruleset": "check"})
    assert {suit: number(page, f"total-{suit}") for suit in "HSDC"} == {
        "H": 36, "S": 24, "D": 24, "C": 24,
    }  # fmt: skip
    assert {suit: number(page, f"chips-{suit}") for suit in "HSDC"} == {
        "H": 7, "S": 5, "D": 5, "C": 5,
    }  # fmt: skip


# --- claims ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "claim", "verdict", "reason"),
    [
        ("AH 10H KH QH JH", "150", "valid", "the cards make 150, as claimed"),
        ("QS JD KC QC", "pinochle, common marriage", "valid", "the cards make 60, as claimed"),
        (
            "AH 10H KH QH JH 9H",
            "150",
            "under",
            "the cards make 160: 10 more than claimed (missed: dix (10))",
        ),
        (
            "AH 10H KH QH JH QS JD",
            "run",
            "under",
            "the cards make 190: 40 more than claimed (missed: pinochle (40))",
        ),
        (
            "AH 10H KH QH JH",
            "190",
            "invalid",
            "Q♥ is already in the run, so it cannot also form a royal marriage: "
            "the cards make 150, not 190",
        ),
        (
            "AH 10H KH QH JH",
            "run, royal marriage",
            "invalid",
            "Q♥ is already in the run, so it cannot also form a royal marriage",
        ),
        (
            "AH 10H KH QH JH",
            "run, pinochle",
            "invalid",
            "the pinochle needs Q♠, which is not among the cards",
        ),
        ("AH 10H KH QH JH", "200", "invalid", "the cards make at most 150, not 200"),
    ],
)
def test_claims(client: FlaskClient, cards: str, claim: str, verdict: str, reason: str) -> None:
    status, page = get(client, {"cards": cards, "trump": "H", "claim": claim})
    assert status == 200
    match = re.search(
        r'id="verdict">\s*<span class="verdict-(\w+)">(\w+)</span>: (.*?)\s*</p>', page
    )
    assert match, "no verdict on the page"
    assert match[1] == match[2] == verdict
    assert html.unescape(match[3]) == reason


def test_a_claim_needs_a_trump(client: FlaskClient) -> None:
    status, page = get(client, {"cards": "AH 10H KH QH JH", "claim": "150"})
    assert status == 400
    assert field_error(page, "claim") == "a claim is checked for one trump: give the trump"
    assert 'id="verdict"' not in page
    assert number(page, "total-H") == 150  # the meld of each trump is still shown


def test_a_claim_naming_an_unknown_meld(client: FlaskClient) -> None:
    status, page = get(client, {"cards": "AH 10H KH QH JH", "trump": "H", "claim": "runn"})
    assert status == 400
    error = field_error(page, "claim")
    assert error and error.startswith("unknown meld 'runn' in the claim: expected one of run,")
    assert number(page, "meld-total") == 150


# --- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "field", "sentence"),
    [
        (
            {"cards": "AH ZZ"},
            "cards",
            "unknown card 'ZZ': expected a rank (A 10 K Q J 9) and a suit (H S D C)",
        ),
        ({"cards": "AH AH AH"}, "cards", "AH appears 3 times, but the single deck has 2"),
        ({"c_AH": "3"}, "cards", "AH appears 3 times, but the single deck has 2"),
        (
            {"cards": "AH 10H KH QH JH AS 10S KS QS JS AD 10D KD"},
            "cards",
            "13 cards is more than a player can hold in partnership (12)",
        ),
        (
            grid_params("AH AH AS AS AD AD AC AC KH KH KS KS KD"),
            "cards",
            "13 cards is more than a player can hold in partnership (12)",
        ),
        (
            {"cards": "AH 9H", "ruleset": "double-deck"},
            "cards",
            "unknown card '9H': the double deck has no 9s",
        ),
        (
            {"c_AH": "5", "ruleset": "double-deck"},
            "cards",
            "AH appears 5 times, but the double deck has 4",
        ),
        ({"c_AH": "two"}, "cards", "AH: 'two' is not a number of cards"),
        ({"c_AH": "-1"}, "cards", "AH: '-1' is not a number of cards"),
        ({"cards": "AH", "trump": "X"}, "trump", "unknown trump 'X': expected a suit (H S D C)"),
        (
            {"ruleset": "euchre"},
            "ruleset",
            "unknown rule set 'euchre': expected one of partnership, partnership-tenths, "
            "check, two-hand, cutthroat, auction, double-deck",
        ),
        (
            {"cards": "AH", "trump": "H", "claim": "-20"},
            "claim",
            "a claim is a number of points or a list of melds, not '-20'",
        ),
    ],
)
def test_refusals_are_400_with_the_sentence_beside_the_field(
    client: FlaskClient, params: dict[str, str], field: str, sentence: str
) -> None:
    status, page = get(client, params)
    assert status == 400
    assert field_error(page, field) == sentence
    assert 'id="meld-total"' not in page or field == "claim"


def test_refused_typing_stays_in_the_field(client: FlaskClient) -> None:
    status, page = get(client, {"cards": "AH ZZ", "c_KH": "1"})
    assert status == 400
    assert 'value="AH ZZ"' in page
    assert grid_value(page, "KH") == "1"
    assert 'aria-describedby="cards-error cards-hint"' in page  # the sentence first


def test_script_in_the_fields_is_shown_as_text(client: FlaskClient, app: Flask) -> None:
    payload = "<script>alert(1)</script>"
    status, page = get(client, {"cards": payload, "trump": "H"})
    assert status == 400
    assert payload not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert field_error(page, "cards") == (
        f"unknown card {payload!r}: expected a rank (A 10 K Q J 9) and a suit (H S D C)"
    )

    status, page = get(client, {"cards": "AH", "trump": "H", "claim": payload})
    assert status == 400
    assert payload not in page

    game_id = make_game(app)
    _, page = get(
        client,
        {
            "return_to": f"/games/{game_id}/hands/new",
            "meld_for": payload,
            payload: payload,
            "cards": "KH QH",
            "trump": "H",
        },
    )
    assert payload not in page
    assert "Checking meld for &lt;script&gt;" in page


# --- from the hand form and back -------------------------------------------------------------


def hand_form_params(game_id: int, **extra: Any) -> dict[str, Any]:
    return {
        "return_to": f"/games/{game_id}/hands/new",
        "meld_for": "Ann",
        "bidder": "Ann",
        "bid": "300",
        "trump": "S",
        "meld_1": "",
        "took_trick": ["0", "1"],
        "csrf_token": "secret-token",
        **extra,
    }


def test_round_trip_from_the_hand_form(client: FlaskClient, app: Flask) -> None:
    game_id = make_game(app)
    params = hand_form_params(game_id, cards="AS 10S KS QS JS JD 9C KC")
    status, page = get(client, params)
    assert status == 200
    assert "Checking meld for Ann" in page
    assert number(page, "meld-total") == 190
    assert 'name="ruleset"' not in page  # the game's own rules
    hidden = hidden_fields(page)
    assert hidden == [
        ("bidder", "Ann"),
        ("bid", "300"),
        ("meld_1", ""),
        ("took_trick", "0"),
        ("took_trick", "1"),
        ("return_to", f"/games/{game_id}/hands/new"),
        ("meld_for", "Ann"),
    ]

    link = use_link(page)
    assert link is not None
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == ("", "", f"/games/{game_id}/hands/new")
    assert parse_qsl(parts.query, keep_blank_values=True) == [
        ("bidder", "Ann"),
        ("bid", "300"),
        ("meld_1", ""),
        ("took_trick", "0"),
        ("took_trick", "1"),
        ("trump", "S"),
        ("meld_for", "Ann"),
        ("meld_cards", "AS 10S KS QS JS JD"),
    ]
    back = re.search(r'href="([^"]*)">Back to the hand without it<', page)
    assert back is not None
    back_query = parse_qs(urlsplit(html.unescape(back[1])).query)
    assert back_query["trump"] == ["S"] and back_query["bid"] == ["300"]
    assert "meld_cards" not in back_query


def test_the_checkers_own_submits_keep_the_hand_forms_fields(
    client: FlaskClient, app: Flask
) -> None:
    game_id = make_game(app)
    _, first = get(client, hand_form_params(game_id, trump=""))
    assert use_link(first) is None
    # the form is submitted again as a browser would: hidden fields, grid, trump
    again: list[tuple[str, str]] = [
        *hidden_fields(first),
        ("c_KH", "1"),
        ("c_QH", "1"),
        ("c_QS", "1"),
        ("c_JD", "1"),
        ("trump", "H"),
    ]
    status, page = get(client, again)
    assert status == 200
    assert "Checking meld for Ann" in page
    assert number(page, "meld-total") == 80
    link = use_link(page)
    assert link is not None
    query = parse_qs(urlsplit(link).query, keep_blank_values=True)
    assert query["meld_for"] == ["Ann"]
    assert query["meld_cards"] == ["KH QH QS JD"]
    assert query["took_trick"] == ["0", "1"]
    assert query["bidder"] == ["Ann"]


def test_no_trump_yet_asks_for_one_before_use(client: FlaskClient, app: Flask) -> None:
    game_id = make_game(app)
    status, page = get(client, hand_form_params(game_id, trump="", cards="KH QH QS JD"))
    assert status == 200
    assert use_link(page) is None
    assert "Choose the trump above to use this meld for Ann." in page
    assert number(page, "total-H") == 80


def test_the_hand_forms_meld_cards_are_the_starting_cards(client: FlaskClient, app: Flask) -> None:
    game_id = make_game(app)
    _, page = get(client, hand_form_params(game_id, trump="H", meld_cards="KH QH"))
    assert number(page, "meld-total") == 40
    assert grid_value(page, "KH") == grid_value(page, "QH") == "1"
    assert ("meld_cards", "KH QH") not in hidden_fields(page)


def test_the_games_rule_set_is_used(client: FlaskClient, app: Flask) -> None:
    game_id = make_game(app, "double-deck")
    aces = grid_params("AH AS AD AC " * 4)
    status, page = get(client, hand_form_params(game_id, ruleset="partnership", **aces))
    assert status == 200
    assert len(cells(page)) == 20
    assert "Rules of this game: Double deck" in page
    assert number(page, "meld-total") == 200
    link = use_link(page)
    assert link is not None
    assert parse_qs(urlsplit(link).query)["meld_cards"] == [
        "AH AH AH AH AS AS AS AS AD AD AD AD AC AC AC AC"
    ]


@pytest.mark.parametrize(
    "return_to",
    [
        "https://evil.example/games/1/hands/new",
        "//evil.example/games/1/hands/new",
        "http:/games/1/hands/new",
        "javascript:alert(1)",
        "/games/1/../../evil",
        "/games/1/hands/new?next=//evil.example",
        "/elsewhere/games/1",
        "/games/999/hands/new",
        "/games/\uff11/hands/new",  # a full-width 1: game 1 is there, but no address has it
        "/games/\u0661/hands/new",  # an Arabic-Indic 1
        "",
    ],
)
def test_return_to_elsewhere_is_ignored(client: FlaskClient, app: Flask, return_to: str) -> None:
    make_game(app)
    params = hand_form_params(1, cards="KH QH", trump="H")
    params["return_to"] = return_to
    status, page = get(client, params)
    assert status == 200
    assert number(page, "meld-total") == 40
    assert "Checking meld for" not in page
    assert use_link(page) is None
    assert hidden_fields(page) == []
    assert "evil" not in page


def test_hand_form_without_a_player_is_a_plain_check(client: FlaskClient, app: Flask) -> None:
    game_id = make_game(app)
    _, page = get(client, hand_form_params(game_id, meld_for="", cards="KH QH", trump="H"))
    assert "Checking meld for" not in page
    assert use_link(page) is None


def test_no_meld_is_handed_back_as_no_cards(client: FlaskClient, app: Flask) -> None:
    game_id = make_game(app)
    _, page = get(client, hand_form_params(game_id, cards="AH 10S KD", trump="H"))
    assert number(page, "meld-total") == 0
    link = use_link(page)
    assert link is not None
    query = parse_qs(urlsplit(link).query, keep_blank_values=True)
    assert query["meld_cards"] == [""]
    assert query["meld_for"] == ["Ann"]


# --- nothing leaves the host -----------------------------------------------------------------


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"cards": TRUMP_HAND},
        {"cards": TRUMP_HAND, "trump": "S", "claim": "run"},
        {"cards": "ZZ"},
        "hand-form",
    ],
)
def test_no_external_urls(client: FlaskClient, app: Flask, params: Any) -> None:
    if params == "hand-form":
        params = hand_form_params(make_game(app), cards=TRUMP_HAND)
    _, page = get(client, params)
    urls = re.findall(r'(?:src|href|action)="([^"]*)"', page)
    assert urls
    for url in urls:
        assert not re.match(r"(?i)(https?:|//)", html.unescape(url)), url
    assert "http://" not in page and "https://" not in page

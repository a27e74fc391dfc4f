"""The score sheet pages: PDF and print view of a game, blank sheets, caching."""

from __future__ import annotations

import io
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from scorekeeper.engine.presets import PRESETS
from scorekeeper.games.hands import add_hand
from scorekeeper.games.stored import engine_game
from tests.conftest import examples
from tests.web.conftest import PLAYED_HAND, make_game, played_game, stored_game

ODD_HANDS = ["", " 5", "5 ", "+5", "-1", "060", "0060", "1e1", "６０", "٣", "²", "9" * 5000, "\x00"]


def test_game_sheet_pdf(app: Flask, client: FlaskClient) -> None:
    game_id = played_game(app, 2)
    page = client.get(f"/games/{game_id}/sheet.pdf")
    assert page.status_code == 200
    assert page.mimetype == "application/pdf"
    text = PdfReader(io.BytesIO(page.data)).pages[0].extract_text()
    assert "680" in text and "320" in text  # the running totals after two hands


@pytest.mark.parametrize(("paper", "width"), [("a4", 595), ("letter", 612)])
def test_paper(app: Flask, client: FlaskClient, paper: str, width: int) -> None:
    game_id = played_game(app, 1)
    page = client.get(f"/games/{game_id}/sheet.pdf?paper={paper}")
    box = PdfReader(io.BytesIO(page.data)).pages[0].mediabox
    assert round(float(box.width)) == width


def test_default_paper_comes_from_configuration(app: Flask, client: FlaskClient) -> None:
    game_id = played_game(app, 1)
    app.config["SHEET_PAPER"] = "letter"
    page = client.get(f"/games/{game_id}/sheet.pdf")
    assert round(float(PdfReader(io.BytesIO(page.data)).pages[0].mediabox.width)) == 612


def test_unchanged_game_is_not_rendered_again(app: Flask, client: FlaskClient) -> None:
    game_id = played_game(app, 1)
    first = client.get(f"/games/{game_id}/sheet.pdf")
    etag = first.headers["ETag"]
    again = client.get(f"/games/{game_id}/sheet.pdf", headers={"If-None-Match": etag})
    assert again.status_code == 304
    with app.app_context():
        add_hand(stored_game(app, game_id), PLAYED_HAND)
    changed = client.get(f"/games/{game_id}/sheet.pdf", headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != etag


def test_print_view(app: Flask, client: FlaskClient) -> None:
    game_id = played_game(app, 2)
    page = client.get(f"/games/{game_id}/sheet")
    assert page.status_code == 200
    assert "<svg" in page.text and "Pinochle score sheet" in page.text
    assert "@media print" in page.text


@pytest.mark.parametrize("path", ["/games/999/sheet.pdf", "/games/999/sheet", "/games/x/sheet.pdf"])
def test_missing_game(client: FlaskClient, path: str) -> None:
    assert client.get(path).status_code == 404


@pytest.mark.parametrize("name", list(PRESETS))
def test_blank_sheets(client: FlaskClient, name: str) -> None:
    page = client.get(f"/sheets/blank.pdf?ruleset={name}&hands=20")
    assert page.status_code == 200
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(page.data)).pages)
    assert str(PRESETS[name].target) in text


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("ruleset=euchre", "unknown rule set &#39;euchre&#39;"),
        ("hands=0", "Hands is a whole number from 1 to 60, not"),
        ("hands=abc", "Hands is a whole number from 1 to 60, not"),
        ("hands=61", "Hands is a whole number from 1 to 60, not"),
        ("hands=197", "Hands is a whole number from 1 to 60, not"),
        ("hands=5000", "Hands is a whole number from 1 to 60, not"),
        ("hands=" + "9" * 5000, "Hands is a whole number from 1 to 60, not"),
        ("hands=%EF%BC%93", "Hands is a whole number from 1 to 60, not"),  # a full-width 3
        ("hands=60&lang=fr&hands=61", None),  # the first value counts
        ("paper=a3", "Paper is a4 or letter"),
    ],
)
def test_blank_sheet_refusals(client: FlaskClient, query: str, message: str | None) -> None:
    page = client.get(f"/sheets/blank?{query}")  # the print view reads the same arguments
    if message is None:
        assert page.status_code == 200
        return
    assert page.status_code == 400
    assert message in page.text
    assert client.get(f"/sheets/blank.pdf?{query}").status_code == 400


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(hands=st.one_of(st.sampled_from(ODD_HANDS), st.text(max_size=12), st.integers().map(str)))
def test_any_hands_is_a_sheet_or_a_sentence(client: FlaskClient, hands: str) -> None:
    page = client.get("/sheets/blank", query_string={"hands": hands})
    digits = re.fullmatch(r"[+-]?[0-9]{1,100}", hands.strip())  # forms.whole_number's rule
    expected = digits is not None and 1 <= int(hands) <= 60
    assert page.status_code == (200 if expected else 400), hands
    if not expected and "\x00" not in hands:
        assert "Hands is a whole number from 1 to 60, not" in page.text


def test_blank_sheet_refusal_in_french(client: FlaskClient) -> None:
    page = client.get("/sheets/blank.pdf?hands=61", headers={"Accept-Language": "fr"})
    assert page.status_code == 400
    assert "Donnes est un nombre entier de 1 à 60, pas &#39;61&#39;." in page.text


def test_the_blank_sheet_form_says_the_bound(client: FlaskClient) -> None:
    assert 'max="60"' in client.get("/sheets").text


def test_blank_sheet_page_and_print_view(client: FlaskClient) -> None:
    assert "Blank score sheets" in client.get("/sheets").text
    view = client.get("/sheets/blank?ruleset=check&hands=12")
    assert view.status_code == 200 and "Meld (Check pinochle)" in view.text


def test_scoreboard_links_to_the_sheet(app: Flask, client: FlaskClient) -> None:
    game_id = played_game(app, 1)
    assert f"/games/{game_id}/sheet" in client.get(f"/games/{game_id}").text


DROPPED = {"bidder": "Ann", "bid": 60, "trump": "H", "meld": [30, 12], "counters": [30, 20]}
DROPPED_RULE = "meld under 20 does not count: a side that declares less scores no meld that hand"


def test_a_dropped_meld_is_marked_on_the_pdf_with_the_rule(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app, "double-deck")
    with app.app_context():
        add_hand(stored_game(app, game_id), DROPPED)
    text = PdfReader(io.BytesIO(client.get(f"/games/{game_id}/sheet.pdf").data)).pages[0]
    words = " ".join(text.extract_text().split())
    assert "12*" in words and "30*" not in words
    assert f"* {DROPPED_RULE}" in words
    # the print view: the same mark, a tap away from the same sentence
    view = client.get(f"/games/{game_id}/sheet").text
    assert '<a class="dropped-mark" href="#dropped-meld">12*</a>' in view
    assert f'id="dropped-meld">* {DROPPED_RULE}' in view


def test_no_mark_where_every_meld_counts(app: Flask, client: FlaskClient) -> None:
    game_id = played_game(app, 2)
    for path in (f"/games/{game_id}", f"/games/{game_id}/sheet"):
        assert 'class="dropped-mark"' not in client.get(path).text
    pdf_text = PdfReader(io.BytesIO(client.get(f"/games/{game_id}/sheet.pdf").data)).pages[0]
    assert "does not count" not in pdf_text.extract_text()


def test_the_pdf_has_no_print_button_nor_links(app: Flask) -> None:
    from scorekeeper.reports import pdf

    game_id = played_game(app, 1)
    with app.test_request_context():
        html = pdf.game_sheet_html(engine_game(stored_game(app, game_id)))
    assert "data-print" not in html and "<script" not in html

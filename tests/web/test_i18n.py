"""The app in English, French, Polish and Dutch: complete catalogs, the engine's
refusals from their code and values, and choosing the language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.errors import MESSAGES, PinochleError
from scorekeeper.i18n import CATALOGS, LANGUAGES, compile_catalogs, engine_message, template_catalog
from tests.web.conftest import make_game

TRANSLATED = [code for code in LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]|\{\w+(?:![rs])?\}")


def catalog(language: str) -> Catalog:
    with (CATALOGS / language / "LC_MESSAGES" / "messages.po").open("rb") as source:
        return read_po(source, locale=language)


@pytest.fixture(scope="module")
def template() -> Catalog:
    return template_catalog()


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_the_app_shows_is_translated(template: Catalog, language: str) -> None:
    """Extracted from the code and templates now (plus the engine's sentences and the
    game's words): a new message fails here until ``make translations`` and a
    translator have been by."""
    translations = catalog(language)
    missing = [
        message.id
        for message in template
        if message.id and (message.id not in translations or not translations[message.id].string)
    ]
    assert missing == []
    assert not [message.id for message in translations if message.fuzzy and message.id]


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_every_value_of_their_message(language: str) -> None:
    problems = [
        message.id
        for message in catalog(language)
        if message.id
        and sorted(PLACEHOLDER.findall(message.id)) != sorted(PLACEHOLDER.findall(message.string))
    ]
    assert problems == []


def _values(template: str) -> dict[str, str]:
    """A distinct value for each of a sentence's placeholders."""
    names = re.findall(r"\{(\w+)(?:![rs])?\}", template)
    return {name: f"V{index}x" for index, name in enumerate(dict.fromkeys(names))}


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_engine_refusal_reads_in_every_language_with_its_values(
    app: Flask, language: str
) -> None:
    english = []
    for code, template in MESSAGES.items():
        values = _values(template)
        error = PinochleError(code, **values)
        with app.test_request_context(headers={"Accept-Language": language}):
            sentence = engine_message(error)
        for value in values.values():
            assert value in sentence, (language, code, sentence)
        has_words = re.search(r"[a-z]", PLACEHOLDER.sub("", template))
        if sentence == str(error) and has_words:  # "{where}: {reason}" reads the same
            english.append(code)
    assert english == [], f"{language}: left in English"


def test_the_catalogs_compile_once_and_again_when_a_translation_changes(tmp_path: Path) -> None:
    compiled = compile_catalogs(tmp_path)
    mo = compiled / "fr" / "LC_MESSAGES" / "messages.mo"
    first = mo.stat().st_mtime_ns
    compile_catalogs(tmp_path)
    assert mo.stat().st_mtime_ns == first  # nothing newer: left alone
    assert {path.parent.parent.name for path in compiled.glob("*/LC_MESSAGES/*.mo")} == set(
        TRANSLATED
    )


# --- choosing the language --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("accept", "expected", "button"),
    [
        ("fr-CH, fr;q=0.9, en;q=0.5", "fr", "Saisir la donne 1"),
        ("pl", "pl", "Zapisz rozdanie 1"),
        ("nl-BE", "nl", "Ronde 1 invoeren"),
        ("de, en;q=0.5", "en", "Record hand 1"),
        ("", "en", "Record hand 1"),
    ],
)
def test_the_browser_language_is_used(
    app: Flask, client: FlaskClient, accept: str, expected: str, button: str
) -> None:
    game = make_game(app)
    page = client.get(f"/games/{game}", headers={"Accept-Language": accept}).get_data(True)
    assert f'<html lang="{expected}">' in page
    assert button in page


def test_the_footer_choice_overrides_the_browser_and_is_remembered(
    app: Flask, client: FlaskClient
) -> None:
    game = make_game(app)
    chosen = client.get(f"/language/pl?next=/games/{game}")
    assert chosen.status_code == 302
    assert chosen.headers["Location"] == f"/games/{game}"
    assert "HttpOnly" in chosen.headers["Set-Cookie"]
    page = client.get(f"/games/{game}", headers={"Accept-Language": "fr"}).get_data(True)
    assert '<html lang="pl">' in page
    assert f'href="/language/fr?next=/games/{game}"' in page  # the others, one tap away


@pytest.mark.parametrize("next_", ["//evil.example", "https://evil.example/", "/\t/evil"])
def test_the_language_switch_goes_back_only_to_this_site(client: FlaskClient, next_: str) -> None:
    answer = client.get("/language/nl", query_string={"next": next_})
    assert answer.headers["Location"] == "/"


def test_an_unknown_language_is_404(client: FlaskClient) -> None:
    assert client.get("/language/xx").status_code == 404


def test_an_engine_refusal_beside_its_field_is_in_the_page_language(
    app: Flask, client: FlaskClient
) -> None:
    game = make_game(app)
    form = {"bidder": "Cal", "bid": "240", "trump": "H", "meld_0": "190", "meld_1": "60",
            "counters_0": "150", "counters_1": "100"}  # fmt: skip
    page = client.post(
        f"/games/{game}/hands/new", data=form, headers={"Accept-Language": "nl"}
    ).get_data(True)
    assert "ronde 1: het bod 240 ligt onder het minimum van 250" in page

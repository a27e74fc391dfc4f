"""A number of melds in words follows each language's plural rules (issue 23, item 7:
Polish read "2 małżeństwo pospolite"): Babel's rules, through the catalogs'
``Plural-Forms``, for the meld checker's words and for a claim typed in them."""

from __future__ import annotations

import pytest
from babel import Locale
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.claims import parse_claim
from scorekeeper.i18n.meld_counts import COUNTED, counted_meld, counted_pair
from scorekeeper.i18n.refusals import claim_aliases
from tests.web.test_i18n import catalog

CASES = [
    # language, count, the words
    ("pl", 1, "1 małżeństwo pospolite"),
    ("pl", 2, "2 małżeństwa pospolite"),
    ("pl", 5, "5 małżeństw pospolitych"),
    ("pl", 12, "12 małżeństw pospolitych"),
    ("pl", 22, "22 małżeństwa pospolite"),
    ("pl", 25, "25 małżeństw pospolitych"),
    ("fr", 1, "1 mariage commun"),
    ("fr", 2, "2 mariages communs"),
    ("fr", 22, "22 mariages communs"),
    ("nl", 1, "1 gewoon huwelijk"),
    ("nl", 2, "2 gewone huwelijken"),
    ("nl", 5, "5 gewone huwelijken"),
    ("en", 1, "1 common marriage"),
    ("en", 2, "2 common marriages"),
]


def in_language(app: Flask, language: str) -> object:
    return app.test_request_context(headers={"Accept-Language": language})


@pytest.mark.parametrize(("language", "count", "words"), CASES)
def test_a_count_of_marriages(app: Flask, language: str, count: int, words: str) -> None:
    with in_language(app, language):
        assert counted_meld("marriage", count) == words


@pytest.mark.parametrize("language", ["fr", "nl", "pl"])
@pytest.mark.parametrize("count", [1, 2, 5, 22])
def test_each_meld_takes_the_form_babel_gives_the_count(
    app: Flask, language: str, count: int
) -> None:
    """The form shown is the catalog's form Babel's plural rule picks for the count."""
    words, rule = catalog(language), Locale.parse(language).plural_form
    order = {"fr": ["one", "other"], "nl": ["one", "other"], "pl": ["one", "few", "many"]}
    with in_language(app, language):
        for meld in COUNTED:
            forms = words[counted_pair(meld)[0]].string
            assert len(forms) == len(order[language])
            expected = forms[order[language].index(rule(count))] % {"num": count}
            assert counted_meld(meld, count) == expected, meld


def test_polish_forms_differ_where_polish_says_them_apart(app: Flask) -> None:
    with in_language(app, "pl"):
        assert counted_meld("run", 2) == "2 runy"
        assert counted_meld("run", 5) == "5 runów"
        assert counted_meld("royal_marriage", 22) == "22 małżeństwa królewskie"
        assert counted_meld("aces_around", 2) == "2× asy każdego koloru"


@pytest.mark.parametrize(
    ("language", "typed", "melds"),
    [
        ("pl", "run, 2 małżeństwa pospolite", ("run", "marriage", "marriage")),
        ("pl", "5 małżeństw pospolitych", ("marriage",) * 5),
        ("pl", "1 małżeństwo pospolite, 2 runy", ("marriage", "run", "run")),
        ("pl", "2× asy każdego koloru", ("aces_around", "aces_around")),
        ("fr", "2 mariages communs, suite", ("marriage", "marriage", "run")),
        ("nl", "2 gewone huwelijken", ("marriage", "marriage")),
        ("en", "2 common marriages", ("marriage", "marriage")),
    ],
)
def test_a_claim_reads_every_form(
    app: Flask, language: str, typed: str, melds: tuple[str, ...]
) -> None:
    with in_language(app, language):
        assert parse_claim(typed, claim_aliases()) == melds


@pytest.mark.parametrize(
    ("language", "example", "wrong"),
    [
        ("pl", "run, 2 małżeństwa pospolite, pinochle", "2 małżeństwo pospolite"),
        ("fr", "suite, 2 mariages communs, pinochle", "2 mariage commun"),
        ("nl", "run, 2 gewone huwelijken, pinochle", "2 gewoon huwelijk"),
        ("en", "run, 2 common marriages, pinochle", "2 common marriage,"),
    ],
)
def test_the_checkers_hint_and_a_claim_in_its_words(
    client: FlaskClient, language: str, example: str, wrong: str
) -> None:
    headers = {"Accept-Language": language}
    page = client.get("/meld", headers=headers).text
    assert example in page
    assert wrong not in page
    claim = example.replace(", pinochle", "")
    checked = client.get(
        "/meld",
        query_string={"cards": "AH 10H KH QH JH KS QS KD QD", "trump": "H", "claim": claim},
        headers=headers,
    )
    assert checked.status_code == 200
    assert 'class="verdict-valid"' in checked.text

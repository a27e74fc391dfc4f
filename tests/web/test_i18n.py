"""The app in English, French, Polish and Dutch: complete catalogs, the engine's
refusals from their code and values, and choosing the language."""

from __future__ import annotations

import io
import re
from datetime import date
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader
from werkzeug.test import TestResponse

from scorekeeper.accounts.links import create_share_link
from scorekeeper.accounts.users import AccountError, ThrottledError, create_user
from scorekeeper.engine.errors import MESSAGES, REASONS, GameError, PinochleError, because
from scorekeeper.games.hands import add_hand
from scorekeeper.games.lifecycle import create_game, rematch
from scorekeeper.games.players import all_players
from scorekeeper.games.seasons import SeasonError, create_season
from scorekeeper.games.stored import engine_game
from scorekeeper.i18n.catalog import template_catalog
from scorekeeper.i18n.formats import day, decimal, percent
from scorekeeper.i18n.languages import CATALOGS, COOKIE, LANGUAGES, compile_catalogs
from scorekeeper.i18n.refusals import N_, engine_message, translated
from tests.english import english_words
from tests.web.conftest import PLAYED_HAND, SIDES, make_game, played_game, stored_game, test_app

TRANSLATED = [code for code in LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]|\{\w+(?:![rs])?\}")


def forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    """A message's text, or each of its plural forms."""
    return text if isinstance(text, tuple) else (text,)


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
        if message.id and (message.id not in translations or not _filled(translations[message.id]))
    ]
    assert missing == []
    assert not [message.id for message in translations if message.fuzzy and message.id]


def _filled(message: Message) -> bool:
    """Every form of the translation is written (a plural message has several)."""
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings)


def _placeholders(text: str) -> list[str]:
    return sorted(set(PLACEHOLDER.findall(text)))


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_every_value_of_their_message(language: str) -> None:
    """Each form of a translation holds its message's values (a plural form the plural's:
    "%(num)s" may be left out of a form for one, as "History (1 change)" may say "one")."""
    problems = []
    for message in catalog(language):
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            wanted = set(_placeholders(message.id[1])) - {"num"}
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if any(not wanted <= set(_placeholders(form)) for form in strings):
                problems.append(message.id)
        elif sorted(PLACEHOLDER.findall(message.id)) != sorted(PLACEHOLDER.findall(message.string)):
            problems.append(message.id)
    assert problems == []


@pytest.mark.parametrize(
    ("language", "hands", "sentence"),
    [
        ("en", 1, "Game in progress after 1 hand."),
        ("en", 2, "Game in progress after 2 hands."),
        ("fr", 1, "Partie en cours après 1 donne."),
        ("fr", 2, "Partie en cours après 2 donnes."),
        ("pl", 1, "Gra w toku po 1 rozdaniu."),
        ("pl", 3, "Gra w toku po 3 rozdaniach."),
        ("nl", 1, "Spel bezig na 1 ronde."),
        ("nl", 4, "Spel bezig na 4 rondes."),
    ],
)
def test_a_count_takes_the_plural_form_of_its_language(
    app: Flask, language: str, hands: int, sentence: str
) -> None:
    from scorekeeper.reports import pdf

    game_id = played_game(app, hands, {**PLAYED_HAND, "meld": [0, 0], "counters": [100, 150]})
    with app.app_context():
        game = engine_game(stored_game(app, game_id))
        assert sentence in pdf.game_sheet_html(game, language=language)


@pytest.mark.parametrize(
    ("language", "games", "sentence"),
    [
        ("en", 1, "1 finished game, 0 drawn."),
        ("en", 21, "21 finished games, 0 drawn."),
        ("pl", 1, "1 zakończona gra, w tym remisy: 0."),
        ("pl", 22, "22 zakończone gry, w tym remisy: 0."),
        ("pl", 5, "5 zakończonych gier, w tym remisy: 0."),
        ("pl", 12, "12 zakończonych gier, w tym remisy: 0."),
        ("fr", 0, "0 partie terminée, dont nulles : 0."),  # French counts 0 as one
        ("nl", 0, "0 afgelopen spellen, 0 gelijkgespeeld."),
    ],
)
def test_each_language_has_its_plural_forms(
    app: Flask, language: str, games: int, sentence: str
) -> None:
    from flask_babel import ngettext

    singular, plural = (
        "%(num)s finished game, %(draws)s drawn.",
        "%(num)s finished games, %(draws)s drawn.",
    )
    with app.test_request_context(headers={"Accept-Language": language}):
        assert ngettext(singular, plural, games, draws=0) == sentence


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


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_reason_a_file_is_refused_for_reads_in_every_language(
    app: Flask, language: str
) -> None:
    for code, template in REASONS.items():
        values = _values(template)
        error = GameError("game_field", where="hand 3", **because((code, values)))
        with app.test_request_context(headers={"Accept-Language": language}):
            sentence = engine_message(error)
        assert all(value in sentence for value in values.values()), (code, sentence)
        assert template.format(**values) not in sentence, (language, code)
        assert "hand 3" not in sentence and english_words(sentence, language) == [], sentence


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


# --- every page, in each language, without English ------------------------------------------


NEW_GAME = {"seat_0": "Ann", "seat_1": "Bea", "seat_2": "Cal", "seat_3": "Dan"}


BAD_FILES = [
    b"{not json",
    b'{"format": "pinochle-game/2"}',
    b'{"format": "pinochle-game/1", "ruleset": 5}',
    b'{"format": "pinochle-game/1", "ruleset": "partnership", "rules": {"throw_in": "x"}}',
    b'{"format": "pinochle-game/1", "ruleset": "partnership", "sides": [{"name": "A", "players":'
    b' ["Ann", "Cal"]}, {"name": "B", "players": ["Bea", "Dan"]}], "seating": ["Ann", "Ann", '
    b'"Cal", "Dan"], "hands": []}',
    b'{"format": "pinochle-game/1", "ruleset": "partnership", "sides": [{"name": "A", "players":'
    b' ["Ann", "Cal"]}, {"name": "B", "players": ["Bea", "Dan"]}], "played_on": "soon"}',
]


def _import(client: FlaskClient, document: bytes) -> TestResponse:
    upload = {"file": (io.BytesIO(document), "game.json")}
    return client.post("/games/import", data=upload, content_type="multipart/form-data")


class Table:
    """An instance with an owner logged in, games of several kinds in ``language`` (one
    finished, one with chips, cutthroat, one not started), a season and a share link."""

    def __init__(self, app: Flask, language: str) -> None:
        self.app, self.language = app, language
        with app.app_context():
            create_user("Olek", "owner password", "owner")
            create_user("Vera", "viewer password", "viewer")
            finished = create_game("partnership", {}, SIDES, first_dealer="Ann", language=language)
            for hand in (PLAYED_HAND, SET_HAND, THROWN_IN_HAND, *[PLAYED_HAND] * 3):
                add_hand(finished, hand)
            chips = create_game("check", {}, SIDES, first_dealer="Ann", language=language)
            add_hand(chips, CHECK_HAND)
            three = [("Ann", ["Ann"]), ("Bea", ["Bea"]), ("Cal", ["Cal"])]
            cutthroat = create_game("cutthroat", {}, three, language=language)
            fresh = create_game("double-deck", {}, SIDES, language=language)
            self.finished, self.chips, self.cutthroat, self.fresh = (
                finished.id,
                chips.id,
                cutthroat.id,
                fresh.id,
            )
            create_season("Winter", date(2026, 1, 1), date(2026, 12, 31))
            self.token = create_share_link(finished.id).token
            self.players = {player.name: player.id for player in all_players()}

    def client(self, who: str = "Olek", password: str = "owner password") -> FlaskClient:
        client = self.app.test_client()
        client.set_cookie(COOKIE, self.language)
        if who:
            client.post("/login", data={"name": who, "password": password})
        return client

    def pages(self) -> list[str]:
        run, marriage = (catalog(self.language)[word].string for word in ("run", "common marriage"))
        claim = f"{run}, {marriage} x2"
        ann, bea = self.players["Ann"], self.players["Bea"]
        return [
            "/", "/games/new", "/games/new?ruleset=check", "/games/new?ruleset=cutthroat",
            f"/games/{self.finished}", f"/games/{self.chips}", f"/games/{self.cutthroat}",
            f"/games/{self.fresh}", f"/games/{self.fresh}/hands/new",
            f"/games/{self.chips}/hands/new", f"/games/{self.cutthroat}/hands/new",
            f"/games/{self.finished}/hands/2/edit", "/games/import",
            "/meld", f"/meld?cards=AH+10H+KH+QH+JH+QH+JD&trump=H&claim={claim}",
            "/meld?cards=AH+AS+AD+AC+KS+QS&trump=", "/meld?cards=AH+ZZ",
            "/sheets", "/sheets/blank?ruleset=check", f"/games/{self.finished}/sheet",
            f"/games/{self.cutthroat}/sheet", "/stats", "/stats?season=Winter&ruleset=check",
            f"/stats/players/{ann}", f"/stats/head-to-head?a={ann}&b={bea}",
            "/stats/seasons", "/users", "/account", f"/s/{self.token}",
        ]  # fmt: skip


SET_HAND = {"bidder": "Bea", "bid": 350, "trump": "S", "meld": [100, 40], "counters": [60, 190]}
THROWN_IN_HAND = {"bidder": "Dan", "bid": 350, "trump": "D", "meld": [20, 40], "thrown_in": True}
CHECK_HAND = {"bidder": "Cal", "bid": 30, "trump": "H", "meld": [19, 6], "counters": [15, 10]}


@pytest.fixture(params=TRANSLATED)
def table(request: pytest.FixtureRequest, tmp_path: Path) -> Table:
    return Table(test_app(tmp_path / "table.db", LOGIN_DISABLED=False), request.param)


@pytest.mark.database
def test_every_page_reads_without_english(table: Table) -> None:
    """The pages a table meets, filled with games, figures and refusals: no common English
    word is left (tests/english.py), and each says which language it is in."""
    client = table.client()
    refused = {"/meld?cards=AH+ZZ": 400, "/stats?season=Summer": 400, "/no-such-page": 404}
    for path in [*table.pages(), *refused]:
        page = client.get(path)
        assert page.status_code == refused.get(path, 200), path
        assert f'<html lang="{table.language}">' in page.text, path
        assert english_words(page.text, table.language) == [], path


@pytest.mark.database
def test_refusals_and_the_pages_before_a_login_read_without_english(table: Table) -> None:
    owner = table.client()
    refusals = [
        owner.post("/users", data={"name": "Newcomer", "password": "short", "role": "viewer"}),
        owner.post(
            "/stats/seasons",
            data={"name": "Spring", "starts_on": "2026-05-01", "ends_on": "2026-03-01"},
        ),
        owner.post(f"/games/{table.fresh}/hands/new", data={"bidder": "Bea", "bid": "40"}),
        owner.post("/games/new", data={"seat_0": "Ann", "seat_1": "Ann"}),
        owner.post("/account", data={"label": ""}),
        owner.post("/games/new", data={**NEW_GAME, "throw_in": "maybe"}),
        owner.post("/games/new", data={**NEW_GAME, "save_meld": "7"}),
        *(_import(owner, document) for document in BAD_FILES),
        table.client("Vera", "viewer password").get("/users"),  # 403
        table.client(who="").get("/login"),
        table.client(who="").post("/login", data={"name": "Olek", "password": "wrong"}),
    ]
    for answer in refusals:
        assert answer.status_code in (200, 400, 401, 403), answer.request.path
        assert english_words(answer.text, table.language) == [], answer.text


@pytest.mark.database
def test_the_first_visit_reads_without_english(tmp_path: Path) -> None:
    app = test_app(tmp_path / "fresh.db", LOGIN_DISABLED=False)
    for language in TRANSLATED:
        client = app.test_client()
        client.set_cookie(COOKIE, language)
        setup = client.get("/setup")
        refused = client.post("/setup", data={"name": "Ann", "password": "1", "confirm": "2"})
        for page in (setup, refused):
            assert english_words(page.text, language) == [], language


# --- the game's language: its printed sheet ----------------------------------------------------


def test_a_game_prints_in_the_language_it_was_started_in_and_can_change(
    app: Flask, client: FlaskClient
) -> None:
    started = client.post("/games/new", data=NEW_GAME, headers={"Accept-Language": "pl"})
    game_id = int(started.headers["Location"].rsplit("/", 1)[1])
    with app.app_context():
        assert stored_game(app, game_id).language == "pl"  # the creator's
    sheet = client.get(f"/games/{game_id}/sheet", headers={"Accept-Language": "en"})
    assert '<html lang="pl">' in sheet.text and "Arkusz wyników pinochle" in sheet.text
    changed = client.post(f"/games/{game_id}/language", data={"language": "nl"})
    assert changed.status_code == 302
    assert "Pinochle-scoreblad" in client.get(f"/games/{game_id}/sheet").text
    refused = client.post(f"/games/{game_id}/language", data={"language": "de"})
    assert refused.status_code == 400
    with app.app_context():
        assert stored_game(app, game_id).language == "nl"


def test_changing_the_language_is_no_change_to_the_game(app: Flask, client: FlaskClient) -> None:
    """A print setting: a hand form opened before it still saves (the version stays)."""
    game_id = make_game(app)
    with app.app_context():
        version = stored_game(app, game_id).version
    form = {"bidder": "Bea", "bid": "250", "trump": "H", "meld_0": "60", "meld_1": "100",
            "counters_0": "100", "counters_1": "150", "version": str(version)}  # fmt: skip
    client.post(f"/games/{game_id}/language", data={"language": "fr"})
    saved = client.post(f"/games/{game_id}/hands/new", data=form)
    assert saved.status_code == 302
    with app.app_context():
        game = stored_game(app, game_id)
        assert (game.language, len(game.hands)) == ("fr", 1)


def test_the_language_chosen_on_the_form_and_kept_by_a_rematch(
    app: Flask, client: FlaskClient
) -> None:
    started = client.post("/games/new", data={**NEW_GAME, "language": "fr"})
    game_id = int(started.headers["Location"].rsplit("/", 1)[1])
    with app.app_context():
        game = stored_game(app, game_id)
        for _ in range(5):
            add_hand(game, PLAYED_HAND)
        again = rematch(game)
        assert (game.language, again.language) == ("fr", "fr")


def pdf_text(body: bytes) -> str:
    """A PDF's words, one space between each (a table cell may wrap its words)."""
    return " ".join(
        " ".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages).split()
    )


def test_a_french_games_pdf_sheet_has_the_french_header_and_outcomes(
    app: Flask, client: FlaskClient
) -> None:
    with app.app_context():
        game = create_game("partnership", {}, SIDES, first_dealer="Ann", language="fr")
        for hand in (PLAYED_HAND, SET_HAND, THROWN_IN_HAND, *[PLAYED_HAND] * 3):
            add_hand(game, hand)
        game_id = game.id
    answer = client.get(f"/games/{game_id}/sheet.pdf")  # asked for from an English page
    text = pdf_text(answer.data)
    for french in ("Feuille de score de pinochle", "Par équipes", "Donneur", "Preneur",
                   "Enchère", "Atout", "chute", "cartes jetées", "Gagnant", "Totaux"):  # fmt: skip
        assert french in text
    assert english_words(text, "fr") == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_blank_sheets_and_the_season_report_print_in_the_chosen_language(
    app: Flask, client: FlaskClient, language: str
) -> None:
    title = catalog(language)["Pinochle score sheet"].string
    blank = client.get("/sheets/blank", query_string={"ruleset": "partnership", "lang": language})
    assert title in blank.text and english_words(blank.text, language) == []
    assert client.get("/sheets/blank.pdf", query_string={"lang": "xx"}).status_code == 400
    played_game(app, 2)
    client.set_cookie(COOKIE, language)
    report = client.get("/stats/report.pdf")
    text = pdf_text(report.data)
    assert catalog(language)["Pinochle season report"].string in text
    assert english_words(text, language) == []


# --- numbers and days ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "day_text", "rating", "rate"),
    [
        ("en", "2026-11-30", "+16.0", "50%"),
        ("fr", "30/11/2026", "+16,0", "50\u202f%"),
        ("pl", "30.11.2026", "+16,0", "50%"),
        ("nl", "30-11-2026", "+16,0", "50%"),
    ],
)
def test_numbers_and_days_follow_the_language(
    app: Flask, language: str, day_text: str, rating: str, rate: str
) -> None:
    with app.test_request_context(headers={"Accept-Language": language}):
        assert day(date(2026, 11, 30)) == day_text
        assert decimal(16.0, 1, signed=True) == rating
        assert percent(0.5) == rate
        assert decimal(15000) == "15000"  # never a thousands separator


@pytest.mark.parametrize("language", TRANSLATED)
def test_scores_never_gain_a_thousands_separator(
    app: Flask, client: FlaskClient, language: str
) -> None:
    game_id = played_game(app, 5)  # 1700 to 800
    client.set_cookie(COOKIE, language)
    for path in (f"/games/{game_id}", "/", f"/games/{game_id}/sheet", "/stats"):
        text = client.get(path).text
        assert re.search(r"\b1[ .\u202f\u00a0]?700\b", text), path
        assert not re.search(r"\b1[ .,\u202f\u00a0]700\b", text), path


# --- refusals from accounts and seasons, and claims in the language ---------------------------


@pytest.mark.parametrize("language", TRANSLATED)
def test_account_and_season_refusals_read_in_the_language(app: Flask, language: str) -> None:
    refusals = [
        AccountError(field="password", message=N_("Wrong name or password.")),
        ThrottledError(600),
        SeasonError(field="name", message=N_("There is already a season "
                                                               "called {name!r}."), name="Été"),
    ]  # fmt: skip
    with app.test_request_context(headers={"Accept-Language": language}):
        for error in refusals:
            sentence = translated(error)
            assert sentence != str(error)
            assert english_words(sentence, language) == []
    assert "10 minutes" in str(refusals[1]) and "'Été'" in str(refusals[2])


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_claim_in_the_languages_meld_names(client: FlaskClient, language: str) -> None:
    words = catalog(language)
    claim = f"{words['run'].string}, {words['common marriage'].string} x2".upper()
    page = client.get(
        "/meld",
        query_string={"cards": "AH 10H KH QH JH KS QS KD QD", "trump": "H", "claim": claim},
        headers={"Accept-Language": language},
    )
    assert page.status_code == 200
    assert 'class="verdict-valid"' in page.text


@pytest.mark.parametrize("typed", ["All time", "tout l'historique", "Cały okres", "ALLE TIJDEN"])
def test_all_time_is_understood_in_every_language(client: FlaskClient, typed: str) -> None:
    assert client.get("/stats", query_string={"season": typed}).status_code == 200
    refused = client.post(
        "/stats/seasons", data={"name": typed, "starts_on": "2026-01-01", "ends_on": "2026-02-01"}
    )
    assert refused.status_code == 400


def test_an_unknown_meld_in_a_claim_lists_the_melds_in_the_language(client: FlaskClient) -> None:
    page = client.get(
        "/meld",
        query_string={"cards": "AH 10H KH QH JH", "trump": "H", "claim": "suitte"},
        headers={"Accept-Language": "fr"},
    )
    assert page.status_code == 400
    assert "suite, double suite" in page.text and "tour complet" in page.text
    assert "aces_around" not in page.text and english_words(page.text, "fr") == []

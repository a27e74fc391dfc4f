"""The new-game form offers every house-rule option of every preset (old and new), each
with its one line of explanation and its values in words, in every language; whichever
value is chosen is the one the game keeps."""

from __future__ import annotations

import html

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import option_choices
from scorekeeper.extensions import db
from scorekeeper.games.stored import rules_of
from scorekeeper.i18n.rule_words import OPTION_HELP, OPTION_LABELS
from scorekeeper.store.models import Game

SEATS = ("Ann", "Bea", "Cal", "Dan")


def form_of(preset: str) -> dict[str, str]:
    rules = PRESETS[preset]
    data = {f"seat_{seat}": SEATS[seat] for seat in range(rules.players)}
    data["first_dealer"] = "0"
    data.update({name: str(value) for name, value in rules.options().items()})
    return data


# (preset, option, a value other than the preset's) for every option of every preset
CHOSEN = [
    (preset, name, next(c for c in option_choices(rules, name) if c != str(value)))
    for preset, rules in PRESETS.items()
    for name, value in rules.options().items()
    if option_choices(rules, name)[1:]
]  # fmt: skip
TYPED = [  # the numbers a form takes typed
    (preset, name, str(value + rules.counters.total))
    for preset, rules in PRESETS.items()
    for name, value in rules.options().items()
    if name == "target"
]


def test_every_option_of_every_preset_has_a_label_and_its_help() -> None:
    assert set(OPTION_LABELS) == set(OPTION_HELP)
    for rules in PRESETS.values():
        assert set(rules.options()) <= set(OPTION_HELP), rules.name


@pytest.mark.parametrize("preset", PRESETS)
def test_each_option_shows_its_help_under_it(client: FlaskClient, preset: str) -> None:
    page = client.get(f"/games/new?ruleset={preset}").text
    for name in PRESETS[preset].options():
        # the line under the field, which the field names as its description
        hint = f'<p class="hint" id="{name}-hint">{html.escape(OPTION_HELP[name], quote=False)}</p>'
        assert hint in page.replace("&#39;", "'").replace("&#x27;", "'"), name
        assert f'aria-describedby="{name}-hint"' in page, name


@pytest.mark.parametrize("language", ["fr", "pl", "nl"])
def test_the_help_reads_in_each_language(client: FlaskClient, language: str) -> None:
    client.set_cookie("lang", language)
    page = html.unescape(client.get("/games/new?ruleset=partnership").text)
    for name in PRESETS["partnership"].options():
        assert f'id="{name}-hint"' in page
        assert OPTION_HELP[name] not in page, (language, name)
    # a value written with a number reads as words, in the language's plural
    assert {
        "fr": "Après 6 donnes (le plus haut total gagne)",
        "pl": "Po 6 rozdaniach (wygrywa wyższa suma)",
        "nl": "Na 6 rondes (het hoogste totaal wint)",
    }[language] in page
    assert {
        "fr": "500 points de plus",
        "pl": "500 punktów więcej",
        "nl": "500 punten extra",
    }[language] in page


def test_a_count_of_one_reads_in_the_singular(app: Flask) -> None:
    from scorekeeper.i18n.rule_words import option_value

    with app.test_request_context(headers={"Cookie": "lang=pl"}):
        assert option_value("game_end", "hands:1") == "Po 1 rozdaniu (wygrywa wyższa suma)"
        assert option_value("shoot_the_moon", "points:22").startswith("22 punkty więcej")
        assert option_value("save_meld", "min_counters:1") == (
            "Strona wzięła co najmniej 1 punkt z lew"
        )
    with app.test_request_context():
        assert option_value("game_end", "hands:1") == "After 1 hand (the higher total wins)"
        assert option_value("lose_below", "-1000") == "\u22121000 or below"


@pytest.mark.parametrize(("preset", "option", "value"), CHOSEN + TYPED)
def test_each_value_chosen_is_kept_by_the_game(
    app: Flask, client: FlaskClient, preset: str, option: str, value: str
) -> None:
    page = client.get(f"/games/new?ruleset={preset}").text
    if option != "target":
        assert f'<option value="{value}">' in page
    answer = client.post(f"/games/new?ruleset={preset}", data={**form_of(preset), option: value})
    assert answer.status_code == 302, answer.text
    with app.app_context():
        rules = rules_of(db.session.query(Game).one())
    assert str(rules.options()[option]) == value
    assert client.get(answer.headers["Location"]).status_code == 200


def test_the_form_works_without_a_script(client: FlaskClient) -> None:
    """The options are plain selects in a <details>: no script needed to open or send them."""
    page = client.get("/games/new?ruleset=partnership").text
    start, end = page.index("<details>"), page.index("</details>")
    options = page[start:end]
    assert "<script" not in options and "data-" not in options
    for name in PRESETS["partnership"].options():
        assert f'name="{name}"' in options

"""The new-game form offers the house rules of club sheets (rules.md §7) by the engine's
options alone: a choice per option, a value typed there read by the engine, the game
keeping them and its score sheet naming them."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import option_choices
from scorekeeper.extensions import db
from scorekeeper.games.stored import engine_game, replay_game, rules_of
from scorekeeper.games.transfer import import_game
from scorekeeper.i18n.signs import MINUS
from scorekeeper.reports import pdf
from scorekeeper.store.models import Game

FORM = {
    "seat_0": "Ann",
    "seat_1": "Bea",
    "seat_2": "Cal",
    "seat_3": "Dan",
    "side_0": "Us",
    "side_1": "Them",
    "first_dealer": "0",
    **{name: str(value) for name, value in PRESETS["partnership"].options().items()},
}
NEW = ("game_end", "lose_below", "marriage_to_bid", "min_meld_to_play", "shoot_the_moon")


@pytest.mark.parametrize("option", NEW)
def test_the_form_offers_each_choice(client: FlaskClient, option: str) -> None:
    page = client.get("/games/new?ruleset=partnership")
    assert f'id="{option}" name="{option}"' in page.text
    for choice in option_choices(PRESETS["partnership"], option):
        assert f'value="{choice}"' in page.text


# (typed on the form, as the game keeps it, as the page names it)
STARTED = [
    ({"lose_below": "-1000"}, {"lose_below": -1000}, f"loses at once at: {MINUS}1000 or below"),
    ({"lose_below": "-750"}, {"lose_below": -750}, f"{MINUS}750 or below"),
    ({"game_end": "hands:6"}, {"game_end": "hands:6"}, "After 6 hands (the higher total wins)"),
    ({"min_meld_to_play": "200"}, {"min_meld_to_play": 200}, "At least 200"),
    ({"shoot_the_moon": "points:500"}, {"shoot_the_moon": "points:500"}, "It scores 500 more"),
    ({"marriage_to_bid": "required", "save_meld": "always"},
     {"marriage_to_bid": "required", "save_meld": "always"}, "Marriage in trump to bid: Needed"),
]  # fmt: skip


@pytest.mark.parametrize(("typed", "kept", "shown"), STARTED)
def test_a_game_keeps_its_house_rules(
    app: Flask, client: FlaskClient, typed: dict[str, str], kept: dict[str, object], shown: str
) -> None:
    page = client.post("/games/new?ruleset=partnership", data={**FORM, **typed})
    assert page.status_code == 302, page.text
    with app.app_context():
        game = db.session.query(Game).one()
        rules = rules_of(game)
        sheet = pdf.game_sheet_html(engine_game(game))
        french = pdf.game_sheet_html(engine_game(game), language="fr")
    assert {name: getattr(rules, name) for name in kept} == kept
    assert shown in sheet  # the header names the house rules that differ from the preset
    assert shown not in french
    assert client.get(page.headers["Location"]).status_code == 200


@pytest.mark.parametrize(
    "typed", [{"lose_below": "1000"}, {"game_end": "hands:0"}, {"shoot_the_moon": "points:5"}]
)
def test_a_bad_value_is_refused_with_a_sentence(client: FlaskClient, typed: dict[str, str]) -> None:
    page = client.post("/games/new?ruleset=partnership", data={**FORM, **typed})
    assert page.status_code == 400
    (option,) = typed
    assert f"house-rule option &#39;{option}&#39; cannot be" in page.text


LEVEL_CHECK = {
    "format": "pinochle-game/1",
    "ruleset": "check",
    "sides": [
        {"name": "Us", "players": ["Ann", "Cal"]},
        {"name": "Them", "players": ["Bea", "Dan"]},
    ],
    "hands": [
        {"bidder": "Bea", "bid": 20, "trump": "H", "meld": [10, 10], "counters": [12, 13]},
        {"bidder": "Ann", "bid": 20, "trump": "H", "meld": [10, 10], "counters": [13, 12],
         "time_called": True},
    ],
}  # fmt: skip


def test_a_game_ended_level_on_points_shows_its_pages(app: Flask, client: FlaskClient) -> None:
    """Time called with the totals level: finished, nobody went out; in check the chips
    (level too) make it a draw. The scoreboard and the sheet say so, without a side."""
    with app.app_context():
        game = import_game(LEVEL_CHECK)
        result = replay_game(game)
        sheet = pdf.game_sheet_html(engine_game(game))
    assert (result.finished, result.went_out, result.winner) == (True, None, "draw")
    board = client.get(f"/games/{game.id}")
    assert board.status_code == 200
    assert "went out first" not in board.text and "went out first" not in sheet

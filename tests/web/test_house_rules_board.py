"""The scoreboard and the score sheet of games under the house rules (rules.md §7): a
hands:N game's progress ("Hand 4 of 6"), a game ended by the floor, the hand count, time
called or the moon says so; a draw reads as a draw; each new outcome's row reads
clearly; the sheet's header names the new options in words, in every language."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.games.stored import engine_game, get_game
from scorekeeper.games.transfer import import_game
from scorekeeper.reports import pdf

SIDES = [{"name": "Us", "players": ["Ann", "Cal"]}, {"name": "Them", "players": ["Bea", "Dan"]}]
MADE = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]}
THEIRS = {"bidder": "Bea", "bid": 300, "trump": "S", "meld": [60, 190], "counters": [100, 150]}


def document(rules: dict[str, Any], hands: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "pinochle-game/1",
        "ruleset": "partnership",
        "rules": rules,
        "sides": SIDES,
        "hands": hands,
    }


def stored(app: Flask, rules: dict[str, Any], hands: list[dict[str, Any]]) -> int:
    with app.app_context():
        return import_game(copy.deepcopy(document(rules, hands))).id


def status(page: str) -> str:
    """The scoreboard's status lines, as text."""
    block = page.split('<div class="status">', 1)[1].split('<div class="actions"', 1)[0]
    return " ".join(re.sub(r"<[^>]+>", " ", block).split())


def rows(page: str) -> list[str]:
    body = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [" ".join(re.sub(r"<[^>]+>", " ", row).split()) for row in body.split("</tr>")[:-1]]


# (rules, hands, the status says)
PROGRESS = [
    ({"game_end": "hands:6"}, [], "Hand 1 of 6."),
    ({"game_end": "hands:6"}, [MADE, MADE, MADE], "Hand 4 of 6."),
    # misdealt and passed-out hands are not hands of the count
    ({"game_end": "hands:6"}, [MADE, {"misdeal": True}, MADE],
     "Hand 4: it counts as 3 of 6 (misdealt and passed-out hands do not count)."),
    ({}, [MADE], "Game to 1500."),
    ({"lose_below": -1000}, [], "Game to 1500. A side at \u22121000 or below loses at once."),
]  # fmt: skip


@pytest.mark.parametrize(("rules", "hands", "said"), PROGRESS)
def test_the_scoreboard_says_where_the_game_stands(
    app: Flask, client: FlaskClient, rules: dict[str, Any], hands: list[dict[str, Any]], said: str
) -> None:
    page = client.get(f"/games/{stored(app, rules, hands)}").text
    assert status(page).startswith(said)


LEVEL = [MADE, THEIRS]
# (rules, hands, the banner, the sentence under it)
ENDED = [
    ({"game_end": "hands:2"}, [MADE, MADE], "Us win!", "The game ended after its 2 hands."),
    ({"game_end": "hands:2"}, LEVEL, "A draw: equal totals.", "The game ended after its 2 hands."),
    ({}, [MADE, {**THEIRS, "time_called": True}], "A draw: equal totals.",
     "Time was called in hand 2: the game ended after it."),
    ({}, [MADE, {"misdeal": True, "time_called": True}], "Us win!",
     "Time was called in hand 2: the game ended after it."),
    ({"lose_below": -500}, [{**MADE, "counters": [0, 250]}, {**MADE, "counters": [0, 250]}],
     "Them win!", "The game ended on hand 2: Us at \u2212500 or below."),
    ({"shoot_the_moon": "game"}, [{**MADE, "counters": [250, 0], "moon": True}], "Us win!",
     "The moon was shot in hand 1: it wins the game."),
    ({"target": 300}, [MADE], "Us win!", ""),
]  # fmt: skip


@pytest.mark.parametrize(("rules", "hands", "banner", "sentence"), ENDED)
def test_a_finished_game_says_how_it_ended(
    app: Flask,
    client: FlaskClient,
    rules: dict[str, Any],
    hands: list[dict[str, Any]],
    banner: str,
    sentence: str,
) -> None:
    game_id = stored(app, rules, hands)
    page = client.get(f"/games/{game_id}").text
    assert f'<p class="winner-banner">{banner}</p>' in page
    if sentence:
        assert f'<p class="ending">{sentence}</p>' in page
    else:
        assert 'class="ending"' not in page
    assert "Record hand" not in page  # over: no more hands
    with app.app_context():
        game = engine_game(get_game(game_id))  # type: ignore[arg-type]
    sheet = pdf.game_sheet_html(game)
    assert sentence in sheet
    if "draw" in banner:
        assert "A draw: equal totals." in sheet and "Winner" not in sheet


def test_a_drawn_game_is_a_draw_in_every_language(app: Flask, client: FlaskClient) -> None:
    game_id = stored(app, {"game_end": "hands:2"}, LEVEL)
    for language, words in [("fr", "Match nul"), ("pl", "Remis: równe sumy"),
                            ("nl", "Gelijkspel: gelijke totalen")]:  # fmt: skip
        client.set_cookie("lang", language)
        assert words in client.get(f"/games/{game_id}").text
        with app.app_context():
            game = engine_game(get_game(game_id))  # type: ignore[arg-type]
        assert words in pdf.game_sheet_html(game, language=language)


HOUSE_HANDS = [
    {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "renege": 1},
    {"misdeal": True},
    {"bidder": "Bea", "bid": 250, "trump": "S", "meld": [60, 100], "counters": [10, 240],
     "moon": True},
    {"bidder": "Dan", "bid": 250, "trump": "C", "meld": [60, 100], "counters": [0, 250],
     "moon": True, "time_called": True},
]  # fmt: skip
HOUSE_RULES = {"shoot_the_moon": "points:250", "lose_below": -1000, "game_end": "hands:6"}


def test_each_new_outcome_reads_in_its_row(app: Flask, client: FlaskClient) -> None:
    game_id = stored(app, HOUSE_RULES, HOUSE_HANDS)
    page = client.get(f"/games/{game_id}").text
    assert [row.split(" ", 2)[2] for row in rows(page)] == [
        "Cal 300 ♥ Them reneged 190 +440 440 60 0 0",
        "misdeal 0 440 0 0",
        "Bea 250 ♠ set, moon failed 60+10 +70 510 100+240 \u2212500 \u2212500",
        "Dan 250 ♣ moon shot, time called 60+0 0 510 100+250 +600 100",
    ]
    assert "The game ended on hand 4" not in page
    assert "Time was called in hand 4: the game ended after it." in page
    client.set_cookie("lang", "pl")
    polish = client.get(f"/games/{game_id}").text
    for words in ("renons: Them", "błędne rozdanie", "nieudany strzał w księżyc",
                  "udany strzał w księżyc, koniec czasu"):  # fmt: skip
        assert words in polish


@pytest.mark.parametrize(
    ("language", "header", "notes"),
    [
        ("en", ["Shooting the moon: It scores 250 more (failing: 250 less)",
                "A side loses at once at: \u22121000 or below",
                "The game ends: After 6 hands (the higher total wins)"],
         ["Them reneged", "misdeal", "set, moon failed", "moon shot, time called"]),
        ("fr", ["250 points de plus", "\u22121000 ou moins", "Après 6 donnes"],
         ["renonce de Them", "maldonne", "chute, lune ratée", "lune réussie, fin du temps"]),
        ("pl", ["250 punktów więcej", "\u22121000 lub mniej", "Po 6 rozdaniach"],
         ["renons: Them", "błędne rozdanie", "set, nieudany strzał w księżyc"]),
        ("nl", ["250 punten extra", "\u22121000 of lager", "Na 6 rondes"],
         ["verzaking door Them", "verkeerd gedeeld", "down, maan mislukt"]),
    ],
)  # fmt: skip
def test_the_sheet_names_the_options_and_the_outcomes(
    app: Flask, language: str, header: list[str], notes: list[str]
) -> None:
    game_id = stored(app, HOUSE_RULES, HOUSE_HANDS)
    with app.app_context():
        game = engine_game(get_game(game_id))  # type: ignore[arg-type]
    sheet = pdf.game_sheet_html(game, language=language)
    head = sheet.split('<div class="header">', 1)[1].split("</dl>", 1)[0]
    for words in header:
        assert words in head
    body = sheet.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    for words in notes:
        assert f"<em>{words}</em>" in body


def test_the_sheet_of_a_game_of_hands_gives_their_number_not_a_target(app: Flask) -> None:
    game_id = stored(app, HOUSE_RULES, [])
    with app.app_context():
        game = engine_game(get_game(game_id))  # type: ignore[arg-type]
    head = pdf.game_sheet_html(game).split('<div class="header">', 1)[1].split("</dl>", 1)[0]
    assert "<dt>Hands</dt><dd>6</dd>" in head and "Game to</dt>" not in head


def test_a_game_of_hands_shows_no_race_to_a_target(app: Flask, client: FlaskClient) -> None:
    """No progress towards the target on the scoreboard, no target line on the sheet."""
    hands_game = stored(app, {"game_end": "hands:6", "target": 500}, [MADE])
    race = stored(app, {"target": 500}, [MADE])
    assert "<progress" not in client.get(f"/games/{hands_game}").text
    assert "<progress" in client.get(f"/games/{race}").text
    target_line = 'stroke-dasharray="1 2"'
    with app.app_context():
        for game_id, drawn in [(hands_game, False), (race, True)]:
            game = engine_game(get_game(game_id))  # type: ignore[arg-type]
            assert (target_line in pdf.game_sheet_html(game)) is drawn

"""What the scoreboard says beside its figures (issue 23, item 7): a true minus sign in
totals (the CSV and the JSON keep ASCII numbers), the hand count that agrees with its
button, the game's house rules, each hand's points explained, default side names in the
game's language."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.accounts.links import create_share_link
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import overrides_of
from scorekeeper.extensions import db
from scorekeeper.games.stored import engine_game, get_game
from scorekeeper.games.transfer import import_game
from scorekeeper.i18n.rule_words import house_rules, option_label, option_value
from scorekeeper.i18n.signs import MINUS
from scorekeeper.store.models import Game
from tests.english import english_words

SIDES = [{"name": "Us", "players": ["Ann", "Cal"]}, {"name": "Them", "players": ["Bea", "Dan"]}]
MADE = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]}
SET = {"bidder": "Bea", "bid": 260, "trump": "S", "meld": [60, 100], "counters": [200, 50]}


def stored(
    app: Flask, hands: list[dict[str, Any]], ruleset: str = "partnership", **rules: Any
) -> int:
    document = {
        "format": "pinochle-game/1",
        "ruleset": ruleset,
        "rules": rules,
        "sides": SIDES,
        "hands": hands,
    }
    with app.app_context():
        return import_game(copy.deepcopy(document)).id


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_totals_carry_a_true_minus_sign(app: Flask, client: FlaskClient) -> None:
    game_id = stored(app, [SET])  # Them set: -260
    board = client.get(f"/games/{game_id}").text
    assert f'<div class="points">{MINUS}260</div>' in board  # Them's total
    assert f"{MINUS}260" in text(board.split("<tbody>", 1)[1])  # the hand's row
    assert not re.search(r"-260\b", board)
    sheet = client.get(f"/games/{game_id}/sheet").text  # the print view
    assert f"{MINUS}260" in sheet and not re.search(r">-260\b", sheet)
    listed = client.get("/").text
    assert f"{MINUS}260" in listed
    exported = client.get(f"/games/{game_id}/export.json").get_json()
    assert exported["hands"][0]["bid"] == 260  # the game file keeps numbers
    assert client.get(f"/api/v1/games/{game_id}").get_json()["result"]["totals"][1] == -260


# (the page's language, the game's, the sides as the form shows them -> as stored)
SIDE_NAMES = [
    ("en", "fr", ("Us", "Them"), ["Nous", "Eux"]),
    ("en", "pl", ("Us", "Them"), ["My", "Oni"]),
    ("en", "nl", ("Us", "Them"), ["Wij", "Zij"]),
    ("fr", "fr", ("Nous", "Eux"), ["Nous", "Eux"]),
    ("fr", "en", ("Nous", "Eux"), ["Us", "Them"]),
    ("en", "en", ("Us", "Them"), ["Us", "Them"]),
    ("en", "fr", ("North", "Them"), ["North", "Eux"]),  # a typed name stays as typed
]  # fmt: skip


@pytest.mark.parametrize(("page", "language", "shown", "names"), SIDE_NAMES)
def test_default_side_names_are_in_the_games_language(
    app: Flask,
    client: FlaskClient,
    page: str,
    language: str,
    shown: tuple[str, str],
    names: list[str],
) -> None:
    form = client.get("/games/new", headers={"Accept-Language": page}).text
    assert re.findall(r'name="side_\d"[^>]*value="([^"]*)"', form) == [
        "Us" if page == "en" else "Nous",
        "Them" if page == "en" else "Eux",
    ]
    typed = {"side_0": shown[0], "side_1": shown[1], "language": language}
    seats = {f"seat_{seat}": name for seat, name in enumerate(["Ann", "Bea", "Cal", "Dan"])}
    answer = client.post(
        "/games/new",
        data={**seats, **typed, "first_dealer": "0", **PRESETS["partnership"].options()},
        headers={"Accept-Language": page},
    )
    assert answer.status_code == 302, answer.text
    with app.app_context():
        game = db.session.execute(db.select(Game)).scalar_one()
        assert [side.name for side in game.sides] == names


# (the hands recorded in a game of four hands -> the hand the status and the button name)
COUNTS = [
    ([], 1, "Hand 1 of 4."),
    ([MADE, MADE], 3, "Hand 3 of 4."),
    ([MADE, MADE, {"misdeal": True}], 4, "Hand 4: it counts as 3 of 4"),
    ([{"passed_out": True}, MADE, {"misdeal": True}], 4, "Hand 4: it counts as 2 of 4"),
]  # fmt: skip


@pytest.mark.parametrize(("hands", "number", "said"), COUNTS)
def test_the_hand_count_agrees_with_its_button(
    app: Flask, client: FlaskClient, hands: list[dict[str, Any]], number: int, said: str
) -> None:
    game_id = stored(app, hands, all_pass="redeal", game_end="hands:4")
    board = text(client.get(f"/games/{game_id}").text)
    assert said in board
    assert f"Record hand {number}" in board
    assert re.findall(r"\bHand (\d+)\b", board) == [str(number)]


# (the preset, its house rules, what the scoreboard says of them; None: nothing)
HOUSE = [
    ("partnership", {}, None),
    ("partnership", {"target": 1000, "throw_in": "never"},
     "House rules: Game to: 1000; Throw-in: Never"),
    ("partnership", {"game_end": "hands:6", "shoot_the_moon": "points:250"},
     "House rules: The game ends: After 6 hands (the higher total wins); "
     "Shooting the moon: It scores 250 more (failing: 250 less)"),
    ("partnership", {"throw_in": "when_impossible"}, None),  # the preset's own value
]  # fmt: skip


@pytest.mark.parametrize(("ruleset", "rules", "said"), HOUSE)
def test_the_scoreboard_names_the_house_rules(
    app: Flask, client: FlaskClient, ruleset: str, rules: dict[str, Any], said: str | None
) -> None:
    game_id = stored(app, [MADE], ruleset, **rules)
    board = text(client.get(f"/games/{game_id}").text)
    if said is None:
        assert "House rules" not in board
    else:
        assert said in board
    with app.test_request_context():  # the PDF sheet's header names the same options
        game = engine_game(get_game(game_id))
        assert list(house_rules(game.rules)) == [
            (option_label(name), option_value(name, value, game.rules))
            for name, value in overrides_of(game.rules).items()
        ]


def test_the_house_rules_read_in_the_pages_language(app: Flask, client: FlaskClient) -> None:
    game_id = stored(app, [MADE], target=1000)
    board = text(client.get(f"/games/{game_id}", headers={"Accept-Language": "fr"}).text)
    assert "Règles maison: Partie en: 1000" in board


MOON = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [80, 60], "counters": [250, 0],
        "moon": True}  # fmt: skip
# (the preset, its options, the hands, the hand asked about, what its explanation says)
EXPLAINED = [
    ("partnership", {}, [MADE], 1,
     ["Hand 1 explained: made", "Us : meld 190 + counters 150 = +340",
      "Them : meld 60 + counters 100 = +160"]),
    ("partnership", {}, [MADE, SET], 2, ["Them : set, the bid \u2212260"]),
    ("partnership", {"shoot_the_moon": "points:250"}, [MOON], 1,
     ["Us : meld 80 + counters 250 + moon shot +250 = +580",
      "Them : meld and counters 60 lost, not saved: 0"]),
    ("partnership", {}, [{"misdeal": True}], 1, ["Us : nothing scored"]),
    ("check", {}, [{"bidder": "Ann", "bid": 35, "trump": "H", "meld": [4, 2],
                    "counters": [13, 12]}], 1,
     ["Us : no chips earned; after the sides pay each other: \u221220",
      "Them : chips earned: bidders set 20 = 20; after the sides pay each other: +20"]),
    ("check", {}, [{"bidder": "Ann", "bid": 25, "trump": "H", "meld": [14, 2],
                    "counters": [13, 12], "meld_chips": [2, 0]}], 1,
     ["Us : meld 14 + counters 13 = +27",
      "Us : chips earned: meld chips 2 + bid made 4 = 6; after the sides pay each other: +6"]),
]  # fmt: skip


@pytest.mark.parametrize(("ruleset", "rules", "hands", "number", "said"), EXPLAINED)
def test_a_tap_on_a_hands_points_explains_them(
    app: Flask,
    client: FlaskClient,
    ruleset: str,
    rules: dict[str, Any],
    hands: list[dict[str, Any]],
    number: int,
    said: list[str],
) -> None:
    game_id = stored(app, hands, ruleset, **rules)
    board = client.get(f"/games/{game_id}").text
    assert f'href="?hand={number}#why"' in board  # a plain link: no script needed
    assert 'id="why"' not in board
    page = client.get(f"/games/{game_id}?hand={number}")
    assert page.status_code == 200 and "ETag" not in page.headers
    why = text(page.text.split('<section id="why"', 1)[1].split("</section>", 1)[0])
    for words in said:
        assert words in why, why


@pytest.mark.parametrize("asked", ["9", "0", "x", "-1", "\u0661", "9" * 40])
def test_a_hand_that_is_not_there_explains_nothing(
    app: Flask, client: FlaskClient, asked: str
) -> None:
    page = client.get(f"/games/{stored(app, [MADE])}", query_string={"hand": asked})
    assert page.status_code == 200 and 'id="why"' not in page.text


def test_the_share_link_explains_a_hand_too(app: Flask, client: FlaskClient) -> None:
    game_id = stored(app, [MADE])
    with app.app_context():
        token = create_share_link(game_id).token
    board = client.get(f"/s/{token}").text
    assert 'href="?hand=1#why"' in board
    page = client.get(f"/s/{token}?hand=1").text
    assert "Us : meld 190 + counters 150 = +340" in text(page)


@pytest.mark.parametrize("language", ["fr", "pl", "nl"])
def test_an_explanation_reads_in_the_pages_language(
    app: Flask, client: FlaskClient, language: str
) -> None:
    moon_game = stored(app, [MADE, SET, MOON], shoot_the_moon="points:250")
    check = {"bidder": "Ann", "bid": 25, "trump": "H", "meld": [14, 2], "counters": [13, 12]}
    chips_game = stored(app, [{**check, "meld_chips": [2, 0]}], "check")
    headers = {"Accept-Language": language}
    for game_id, number in ((moon_game, 1), (moon_game, 2), (moon_game, 3), (chips_game, 1)):
        page = client.get(f"/games/{game_id}?hand={number}", headers=headers).text
        why = page.split('<section id="why"', 1)[1].split("</section>", 1)[0]
        assert english_words(f"<p>{why.split('>', 1)[1]}</p>", language) == [], why

"""The meld checker's "Use this meld" sets that player's meld (issue 23, item 7): the
side's meld is the sum of its checked players' meld, shown with its parts
("Ann 150 + Cal 40 = 190").

Seats in ``make_game``'s partnership game: Ann 0, Bea 1, Cal 2, Dan 3; Ann & Cal are
"Us" (side 0), Bea & Dan "Them" (side 1).
"""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.cards import Suit, parse_cards
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.shown import MeldPart, side_meld_parts, side_meld_with
from tests.web.conftest import make_game
from tests.web.test_hands import back_from_checker, post_hand, value_of

RUN = "AH 10H KH QH JH"  # 150 in hearts
PINOCHLE = "QS JD"  # 40
PARTNERSHIP = PRESETS["partnership"]


def side_meld_line(page: str) -> list[str]:
    """The sum lines under the sides' meld, as text."""
    lines = re.findall(r'<p class="hint side-meld" data-side-meld="\d">(.*?)</p>', page, re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", "", line)).split()) for line in lines]


# (side's meld typed, the side's cards checked before, who is checked now, their cards, meld)
CASES = [
    ("nothing typed, Ann checked", None, {}, "Ann", RUN, 150),
    ("40 typed is the partner's until checked", 40, {}, "Ann", RUN, 190),
    ("the partner checked: the sum, the typed 40 was theirs", 190, {"Ann": RUN}, "Cal",
     PINOCHLE, 190),
    ("Ann checked again sets Ann's, not adds", 190, {"Ann": RUN, "Cal": PINOCHLE}, "Ann",
     "KH QH", 80),
    ("Ann again, partner unchecked keeps the typed rest", 190, {"Ann": RUN}, "Ann", "KH QH", 80),
    ("typed less than the checked cards make", 100, {"Ann": RUN}, "Cal", PINOCHLE, 190),
]  # fmt: skip


@pytest.mark.parametrize(("typed", "before", "player", "cards", "meld"),
                         [case[1:] for case in CASES], ids=[case[0] for case in CASES])  # fmt: skip
def test_the_players_meld_is_set(
    typed: int | None, before: dict[str, str], player: str, cards: str, meld: int
) -> None:
    shown: dict[str, str | None] = {"Ann": None, "Cal": None, **before}
    got = side_meld_with(typed, shown, player, parse_cards(cards), Suit.HEARTS, PARTNERSHIP)
    assert got == meld


def test_one_player_sides_take_the_checked_meld_alone() -> None:
    """Two-hand: a player's meld is the side's; what was typed before is replaced."""
    got = side_meld_with(40, {"Ann": None}, "Ann", parse_cards(RUN), Suit.HEARTS, PARTNERSHIP)
    assert got == 150


def test_parts() -> None:
    assert side_meld_parts(80, ["Ann", "Cal"], {"Ann": None, "Cal": None}) is None
    both = side_meld_parts(190, ["Ann", "Cal"], {"Ann": 150, "Cal": 40})
    assert both is not None and both.total == 190
    assert [part.points for part in both.parts] == [150, 40]
    one = side_meld_parts(190, ["Ann", "Cal"], {"Ann": 150})
    assert one is not None and one.parts[1] == MeldPart(("Cal",), 40, False)
    nothing_typed_beyond = side_meld_parts(150, ["Ann", "Cal"], {"Ann": 150})
    assert nothing_typed_beyond is not None and len(nothing_typed_beyond.parts) == 1


def test_the_issues_round_trip_ends_at_the_sum(app: Flask, client: FlaskClient) -> None:
    """40 typed for Us, then Ann's run (150) and Cal's pinochle (40) used: 190, not 230,
    and the hand saves."""
    game_id = make_game(app)
    typed = {"bidder": "Ann", "bid": "300", "trump": "H", "meld_0": "40", "meld_1": "60",
             "counters_0": "150", **{f"cards_{seat}": "" for seat in range(4)}}  # fmt: skip
    page = back_from_checker(client, game_id, {**typed, "meld_for": "Ann", "meld_cards": RUN})
    assert value_of(page, "meld_0") == "190"
    assert side_meld_line(page) == ["Ann 150 + Cal 40 (typed) = 190"]
    typed.update(meld_0="190", cards_0=RUN)
    page = back_from_checker(client, game_id, {**typed, "meld_for": "Cal", "meld_cards": PINOCHLE})
    assert value_of(page, "meld_0") == "190"
    assert value_of(page, "cards_2") == PINOCHLE
    assert side_meld_line(page) == ["Ann 150 + Cal 40 = 190"]
    assert value_of(page, "meld_1") == "60"
    typed.update(cards_2=PINOCHLE)
    assert post_hand(client, game_id, typed).status_code == 302


def test_no_sum_line_before_a_check(app: Flask, client: FlaskClient) -> None:
    game_id = make_game(app)
    page = client.get(f"/games/{game_id}/hands/new").text
    assert side_meld_line(page) == []


def test_names_in_the_sum_are_shown_as_text(app: Flask, client: FlaskClient) -> None:
    from scorekeeper.games.lifecycle import create_game

    with app.app_context():
        game = create_game("partnership", {}, [("Us", ["<b>A", "Cal"]), ("Them", ["Bea", "Dan"])])
        game_id = game.id
    fields = {"trump": "H", "meld_0": "", "meld_for": "<b>A", "meld_cards": RUN}
    page = back_from_checker(client, game_id, fields)
    assert "&lt;b&gt;A" in page and "<b>A" not in page
    assert side_meld_line(page) == ["<b>A 150 = 150"]


def test_the_preview_sums_the_meld_as_typed_now(app: Flask, client: FlaskClient) -> None:
    """The live hints carry each side's sum, so typing over the meld updates its line."""
    game_id = make_game(app)
    typed = {"bidder": "Ann", "bid": "300", "trump": "H", "meld_0": "170", "cards_0": RUN}
    answer = client.get(f"/games/{game_id}/hands/preview", query_string=typed).get_json()
    assert answer["side_meld"] == ["Ann 150 + Cal 20 (typed) = 170", ""]
    typed.update(cards_2=PINOCHLE, meld_0="190")
    answer = client.get(f"/games/{game_id}/hands/preview", query_string=typed).get_json()
    assert answer["side_meld"] == ["Ann 150 + Cal 40 = 190", ""]
    answer = client.get(f"/games/{game_id}/hands/preview", query_string={"meld_0": "40"})
    assert answer.get_json()["side_meld"] == ["", ""]

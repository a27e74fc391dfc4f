"""No word split over two lines on a phone (360 and 390 px), in each of the four
languages: the page a table's code opens ("Who are you?", a seat and a name on each
button), the director's event page, and the table's scoreboard with hands played.
Long names wrap between their words, or are cut short with the whole name there."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.club.table_codes import table_code
from scorekeeper.games.hands import add_hand
from scorekeeper.games.stored import get_game
from tests.browser.conftest import LiveServer, horizontal_overflow, keep_screenshot
from tests.browser.test_club_layout import event_key, first_round_seated
from tests.browser.words import SPLIT_WORDS

WIDTHS = (360, 390)
LANGUAGES = ("en", "fr", "nl", "pl")
NAMES = [
    "Bartholomew Featherstone",
    "Zoë Müller",
    "Maximiliane Oberhollenzer",
    "Dan Meyer",
    "Wojciech Brzęczyszczykiewicz",
    "Flo",
    "Anneliese de Vries",
    "Hal Brandt",
]
HAND = {"bidder": NAMES[0], "bid": 250, "trump": "H", "meld": [100, 40], "counters": [150, 100]}


@pytest.fixture(scope="module")
def night(live_server: LiveServer) -> tuple[int, int, str]:
    """A night of eight with long names, round 1 seated and a hand played at table 1:
    the event, table 1's game and its code."""
    event_id, table = first_round_seated(live_server, NAMES)
    with live_server.app.app_context():
        assert table.game_id is not None
        game = get_game(table.game_id)
        assert game is not None
        add_hand(game, HAND)
        code = table_code(table.id, table.game_id, event_key(event_id), "browser-tests")
        return event_id, table.game_id, code


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("width", WIDTHS)
def test_no_word_is_split_on_a_phone(
    new_context: Any,
    live_server: LiveServer,
    night: tuple[int, int, str],
    width: int,
    language: str,
) -> None:
    event_id, game_id, code = night
    size = {"viewport": {"width": width, "height": 800}}
    director = new_context(**size).new_page()
    director.goto(f"{live_server.url}/language/{language}?next=/")
    phone = new_context(login=False, **size).new_page()
    phone.goto(f"{live_server.url}/language/{language}?next=/")
    for page, path in (
        (phone, f"/t/{code}"),  # "Who are you?"
        (director, f"/events/{event_id}"),
        (director, f"/games/{game_id}"),
    ):
        page.goto(f"{live_server.url}{path}")
        keep_screenshot(page, f"words-{width}-{language}-{path.split('/')[1]}.png")
        assert page.evaluate(SPLIT_WORDS) == [], path
        assert horizontal_overflow(page) == 0, path

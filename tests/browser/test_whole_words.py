"""No word split over two lines on a phone (360 and 390 px), in each of the four
languages: the page a table's code opens ("Who are you?", a seat and a name on each
button), the director's event page, and the table's scoreboard with hands played; the
club's results (the public night, competition and record, the members' forms, a table
phone's night).
Long names wrap between their words, or are cut short with the whole name there."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from scorekeeper.club.competitions import create_competition
from scorekeeper.club.events import get_event as get_event_row
from scorekeeper.club.honours import set_prizes
from scorekeeper.club.results import OFF, PUBLIC, set_results
from scorekeeper.club.table_codes import table_code
from scorekeeper.engine.club.league import LeagueRules
from scorekeeper.games.hands import add_hand
from scorekeeper.games.players import player_by_name
from scorekeeper.games.stored import get_game
from tests.browser.conftest import LiveServer, expect, horizontal_overflow, keep_screenshot
from tests.browser.test_club_layout import event_key, first_round_seated
from tests.browser.words import BEYOND_THE_SIDES, SPLIT_WORDS

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


@pytest.fixture(scope="module")
def season(live_server: LiveServer, night: tuple[int, int, str]) -> Iterator[dict[str, str]]:
    """The night above made public, with prizes and a competition of it: each results
    page's path, and the members' pages (issue 32). The results go off again after."""
    event_id, game_id, _ = night
    with live_server.app.app_context():
        set_prizes(get_event_row(event_id), "12.50", "50,30,20")
        competition = create_competition(
            "Winter ladder of the club", LeagueRules(), None, [event_id]
        )
        player = player_by_name(NAMES[4])
        assert player is not None
        set_results(PUBLIC, False)
        key = event_key(event_id)
        yield {
            "night": f"/results/{key}",
            "competition": f"/results/competitions/{competition.key}",
            "record": f"/results/player?name={NAMES[4]}",
            "members-competition": f"/competitions/{competition.id}",
            "members-record": f"/players/{player.id}/record",
            "table-night": f"/games/{game_id}/night",
        }
        set_results(OFF, False)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("width", WIDTHS[:1])  # the narrower phone: the harder of the two
def test_no_word_is_split_on_the_clubs_results(
    new_context: Any,
    live_server: LiveServer,
    night: tuple[int, int, str],
    season: dict[str, str],
    width: int,
    language: str,
) -> None:
    """The public night (awards, prizes), competition and record, the members' forms,
    and a table phone's night with its own player's place and next table."""
    _, game_id, code = night
    size = {"viewport": {"width": width, "height": 800}}
    director = new_context(**size).new_page()
    director.goto(f"{live_server.url}/language/{language}?next=/")
    phone = new_context(login=False, **size).new_page()
    phone.goto(f"{live_server.url}/language/{language}?next=/t/{code}")
    phone.locator("button.seat-button").nth(3).click()  # "Dan Meyer" at table 1
    phone.wait_for_url(f"**/games/{game_id}")
    for name, path in season.items():
        page = director if name.startswith("members") else phone
        page.goto(f"{live_server.url}{path}")
        keep_screenshot(page, f"words-{width}-{language}-{name}.png")
        assert page.evaluate(SPLIT_WORDS) == [], path
        assert horizontal_overflow(page) == 0, path
        assert page.evaluate(BEYOND_THE_SIDES) == [], path
    expect(phone.locator(".own-night h2")).to_have_text(NAMES[3])

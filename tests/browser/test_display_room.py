"""The room's display read as a room reads it: a TV at 1920x1080 or a projector at
1280x720, 12 tables and 48 entrants with long names, in each of the four languages.
Nothing scrolls and nothing is off the screen; no word is split over two lines; every
total is at least 48 px at 1080p; a list past its place turns its pages by itself, each
saying "page 1 of 2"; the standings say provisional while a round is played and final
after the last; time called is said, with no minutes left beneath it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from playwright.sync_api import expect

from scorekeeper.club.events import get_event, import_event
from scorekeeper.club.results import PUBLIC, set_results
from scorekeeper.engine.club.movements import progressive
from scorekeeper.engine.gamefile import to_document
from scorekeeper.engine.rules import ruleset
from scorekeeper.engine.simulate import random_game
from scorekeeper.extensions import db
from scorekeeper.web.events import DISPLAY_ROWS, DISPLAY_TABLES, DISPLAY_TURN, DISPLAY_TURNS
from tests.browser.conftest import LiveServer, keep_screenshot, served
from tests.browser.words import OFF_SCREEN, SPLIT_WORDS

SCREENS = {"1080p": {"width": 1920, "height": 1080}, "720p": {"width": 1280, "height": 720}}
LANGUAGES = ("en", "fr", "nl", "pl")
TABLES = 12
FIRST = ["Hal", "Zoë", "Maximiliane", "Bartholomew", "Flo", "Wojciech", "Anneliese", "Dan"]
LAST = ["Brandt", "Müller", "Oberhollenzer", "Featherstonehaugh", "Nowak", "de Vries"]
# 48 entrants, short and long (the longest 29 letters: shortened, whole in its title)
NAMES = [f"{FIRST[n % 8]} {LAST[n % 6]}{'' if n < 8 else f' {n}'}" for n in range(4 * TABLES)]
RULES = {"game_end": "hands:6"}
NIGHT = "Tuesday club night of the Greater Milwaukee Pinochle Society"  # cut at 720p


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of these tests' own: their nights' 48 players and big totals stay off the
    shared server's pages (its season stats, read at 360 px by tests/browser/test_stats.py)."""
    with served(tmp_path_factory.mktemp("room")) as server:
        # public results: every display carries the QR code of the night's public page
        server.app.config["PUBLIC_ADDRESS"] = "http://192.168.1.20:5000"
        with server.app.app_context():
            set_results(PUBLIC, False)
        yield server


def room_night(live_server: LiveServer, rounds_played: int, state: str) -> int:
    """A night of 48 entrants at 12 tables over 3 rounds: ``rounds_played`` rounds with
    their games, the last of them "playing" (its games not finished), "called" (time
    called), "finished" (every game over, the round not closed yet) or "closed"."""
    rules = ruleset("partnership", RULES)
    rng = random.Random(7)
    movement = progressive(len(NAMES), 3, 7)
    rounds: list[dict[str, Any]] = []
    for round_ in movement.rounds:
        if round_.round > rounds_played:
            rounds.append({"round": round_.round})
            continue
        unfinished = round_.round == rounds_played and state in ("playing", "called")
        tables = []
        for table in round_.tables:
            seats = [NAMES[seat] for seat in table.seats]
            game = random_game(rules, rng, hands=3 if unfinished else 24, players=seats)
            tables.append({"table": table.table, "seats": seats, "game": to_document(game)})
        byes = [NAMES[bye] for bye in round_.byes]
        rounds.append({"round": round_.round, "tables": tables, "byes": byes})
    with live_server.app.app_context():
        event = import_event(
            {
                "format": "pinochle-event/1",
                "name": NIGHT,
                "kind": "progressive",
                "ruleset": "partnership",
                "rules": RULES,
                "time_limit": 45,
                "entrants": [{"name": name} for name in NAMES],
                "rounds": rounds,
            }
        )
        stored = get_event(event.id)
        assert stored is not None
        now = datetime.now(UTC).replace(tzinfo=None)
        for number, stored_round in enumerate(stored.rounds, start=1):
            if number < rounds_played or (number == rounds_played and state == "closed"):
                stored_round.closed_at = now
            if number == rounds_played:
                stored_round.seated_at = now
                if state != "closed":  # an import closes a round whose games are all over
                    stored_round.closed_at = None
                if state == "called":
                    stored_round.time_called_at = now
        db.session.commit()
        return event.id


def room(new_context: Any, live_server: LiveServer, screen: str, language: str) -> Any:
    """A screen in the room, logged in, in ``language``."""
    context = new_context(viewport=SCREENS[screen], is_mobile=False, has_touch=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/language/{language}?next=/")
    return page


def read_as_a_room(page: Any) -> None:
    assert page.evaluate(SPLIT_WORDS) == []
    assert page.evaluate(OFF_SCREEN) == []
    # a name cut short still shows ten letters or so (a column squeezed to nothing hides
    # the names without splitting a word or leaving the screen)
    widths = page.locator(".display-page:visible span.name").evaluate_all(
        """all => all.filter(e => e.scrollWidth > e.clientWidth + 1)
            .map(e => e.clientWidth / parseFloat(getComputedStyle(e).fontSize))"""
    )
    assert min(widths, default=6) >= 6, widths
    assert page.evaluate("document.scrollingElement.scrollHeight") <= page.viewport_size["height"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("screen", SCREENS)
def test_a_round_being_played_fits_the_screen(
    new_context: Any, live_server: LiveServer, screen: str, language: str
) -> None:
    event_id = room_night(live_server, 2, "playing")
    page = room(new_context, live_server, screen, language)
    page.clock.install()  # the pages turn when the test says
    page.goto(f"{live_server.url}/events/{event_id}/display")
    tables, rows = page.locator(".display-round .display-page"), page.locator(".display-page tr")
    expect(tables).to_have_count(TABLES // DISPLAY_TABLES)
    expect(page.locator(".display-ranking .display-page")).to_have_count(len(NAMES) // DISPLAY_ROWS)
    for turn in range(len(NAMES) // DISPLAY_ROWS):  # every page of both lists, in turn
        keep_screenshot(page, f"display-{screen}-{language}-{turn}.png")
        read_as_a_room(page)
        shown = page.locator(".display-page:visible .page-count")
        expect(shown).to_have_count(2)
        assert [f"{turn % 2 + 1}", f"{turn + 1}"] == [
            text.split()[1] for text in shown.all_inner_texts()
        ]
        page.clock.run_for(DISPLAY_TURN * 1000)
    code = page.locator(".display-qr svg").bounding_box()
    assert code is not None and code["y"] + code["height"] <= SCREENS[screen]["height"]
    assert code["width"] >= (96 if screen == "1080p" else 64)  # scanned from a seat nearby
    round_name = page.locator(".round-name").bounding_box()
    assert (
        round_name is not None and round_name["x"] + round_name["width"] <= SCREENS[screen]["width"]
    )
    totals = page.locator(".display-page:visible .pair-total")
    expect(totals).to_have_count(2 * DISPLAY_TABLES)
    if screen == "1080p":
        sizes = totals.evaluate_all("all => all.map(t => parseFloat(getComputedStyle(t).fontSize))")
        assert min(sizes) >= 48
    assert rows.count() == len(NAMES) + len(NAMES) // DISPLAY_ROWS  # a head row per page
    expect(page.locator(".standing-state")).to_have_class("standing-state provisional")


def test_every_name_is_there_whole_in_its_title(new_context: Any, live_server: LiveServer) -> None:
    """A name too long for its place ends in an ellipsis; the whole name is its title."""
    event_id = room_night(live_server, 1, "playing")
    page = room(new_context, live_server, "720p", "en")
    page.goto(f"{live_server.url}/events/{event_id}/display")
    titles = page.locator(".display-ranking .name[title]").evaluate_all(
        "all => all.map(e => e.title)"
    )
    assert sorted(titles) == sorted(NAMES)
    cut = page.locator(".display-page:visible span.name").evaluate_all(
        "all => all.filter(e => e.scrollWidth > e.clientWidth).map(e => e.title)"
    )
    whole = page.locator(".display-page:visible span.name").evaluate_all(
        "all => all.filter(e => e.scrollWidth <= e.clientWidth).map(e => e.title)"
    )
    assert cut and whole  # the long ones only: every short name is whole
    assert max(map(len, whole)) >= 14 and min(map(len, cut)) >= 14


def test_time_called_is_said_with_no_minutes_left(
    new_context: Any, live_server: LiveServer
) -> None:
    event_id = room_night(live_server, 2, "called")
    page = room(new_context, live_server, "1080p", "en")
    page.goto(f"{live_server.url}/events/{event_id}/display")
    expect(page.locator(".display-head .status")).to_have_text(
        "Time is called: each table's next hand is its last."
    )
    expect(page.locator("[role=timer]")).to_have_count(0)
    read_as_a_room(page)


# rounds played and closed, the screen; what the left says, the standings' heading and state
CLOSED = [
    (2, "closed", "1080p", "Next: round 3", "Standings", "After 2 of 3 rounds"),
    (2, "closed", "720p", "Next: round 3", "Standings", "After 2 of 3 rounds"),
    # every game over but the last round not closed: not final yet (a correction may come)
    (3, "finished", "1080p", None, "Standings", "After 3 of 3 rounds"),
    (3, "closed", "1080p", None, "Final standings", "final: every round is played"),
]


@pytest.mark.parametrize(("played", "last", "screen", "left", "heading", "state"), CLOSED)
def test_a_closed_round_shows_the_next_one_and_the_standings_say_what_they_are(
    new_context: Any,
    live_server: LiveServer,
    played: int,
    last: str,
    screen: str,
    left: str | None,
    heading: str,
    state: str,
) -> None:
    event_id = room_night(live_server, played, last)
    page = room(new_context, live_server, screen, "en")
    page.goto(f"{live_server.url}/events/{event_id}/display")
    if left is None:  # every round seated: no round to come
        expect(page.locator(".display-round h2")).to_have_count(0)
    else:
        expect(page.locator(".display-round h2")).to_have_text(left)
        expect(page.locator(".display-coming:visible li")).to_have_count(DISPLAY_TABLES)
    expect(page.locator("#standings-heading")).to_have_text(heading)
    expect(page.locator(".standing-state")).to_have_text(state)
    read_as_a_room(page)


def test_without_javascript_the_display_turns_its_pages_by_reloading(
    new_context: Any, live_server: LiveServer
) -> None:
    event_id = room_night(live_server, 2, "playing")
    context = new_context(
        viewport=SCREENS["1080p"], is_mobile=False, has_touch=False, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event_id}/display?turn=5")
    refresh = page.locator("noscript").first.inner_html()
    assert f'content="{DISPLAY_TURN};url=/events/{event_id}/display?turn=6"' in refresh
    shown = page.locator(".display-page:not([hidden]) .page-count")
    assert [text.split()[1] for text in shown.all_inner_texts()] == ["2", "2"]  # 5 % 2, 5 % 4
    page.goto(f"{live_server.url}/events/{event_id}/display?turn={DISPLAY_TURNS - 1}")
    last = page.locator("noscript").first.inner_html()
    assert "display?turn=0" in last  # the turns start again

"""Every phone at a table stays current (issue 30, item 6): a second phone at a club
table, and the director's event page, show a new hand, time called, the confirm panel
and a closed round within a few of the display's 3 s ticks, without a reload (a mark
set on the page stays), asking only for the cheap change stamp meanwhile; a phone with
a field being typed in is left alone until the person is done. The pages' clocks are
Playwright's: their ticks run at once (``until_followed``) instead of being waited for."""

from __future__ import annotations

import json
import re
from datetime import date
from typing import Any

from playwright.sync_api import expect

from scorekeeper.club.events import import_event
from scorekeeper.club.rounds import call_time, close_round
from scorekeeper.club.seating import record_seating
from scorekeeper.games.hands import add_hand
from scorekeeper.games.stored import get_game
from tests.browser.conftest import NARROW, LiveServer, until_followed
from tests.browser.test_club_night import codes
from tests.browser.test_display import EVENTS, MADE, SET

FOLLOWED = 3_000  # ms a tick's requests may take, on a busy machine (until_followed)


def one_table(live_server: LiveServer) -> tuple[int, int]:
    """The worked night of five, tonight, with a fourth round seated: the event and the
    table's game."""
    document = json.loads((EVENTS / "club-night.json").read_text("utf-8"))
    document["rounds"] += [{"round": 4}, {"round": 5}]  # a round after it: late arrivals
    document["date"] = date.today().isoformat()  # the table codes work on the night's day
    with live_server.app.app_context():
        event = import_event(document)  # its three rounds played, so closed
        seating = {"tables": [{"table": 1, "seats": ["Ann", "Bea", "Cal", "Dan"]}], "byes": ["Eve"]}
        table = record_seating(event, 4, seating).tables[0]
        assert table.game_id is not None
        return event.id, table.game_id


def record(live_server: LiveServer, game_id: int, hand: dict[str, Any]) -> None:
    """A hand saved at the table, on the first phone."""
    with live_server.app.app_context():
        game = get_game(game_id)
        assert game is not None
        add_hand(game, hand)


def phone(new_context: Any, live_server: LiveServer, event_id: int, seat: str) -> Any:
    """A phone with no account that scanned the table's code and tapped ``seat``'s name."""
    page = new_context(login=False, **NARROW).new_page()
    page.clock.install()  # its ticks run by until_followed
    ((code, _seated),) = codes(live_server, event_id, 4)
    page.goto(f"{live_server.url}/t/{code}")
    page.get_by_role("button", name=re.compile(seat)).click()
    page.wait_for_url("**/games/*")
    page.evaluate("window.keptSinceLoad = true")  # gone if the page were loaded again
    return page


def test_a_second_phone_follows_the_table_without_a_reload(
    new_context: Any, live_server: LiveServer
) -> None:
    event_id, game_id = one_table(live_server)
    east = phone(new_context, live_server, event_id, "Bea")
    director = new_context().new_page()
    director.clock.install()
    director.goto(f"{live_server.url}/events/{event_id}#round-4")
    director.evaluate("window.keptSinceLoad = true")
    totals = east.locator(".totals .points")
    expect(totals).to_have_text(["0", "0"])
    # the offline queue's box (offline.js holds it) must stay the page's own
    east.evaluate("window.offlineBox = document.querySelector('[data-offline]')")
    record(live_server, game_id, MADE)  # on North's phone
    until_followed(lambda: expect(totals).to_have_text(["250", "140"], timeout=FOLLOWED), east)
    round_4 = director.locator("#round-4")
    until_followed(lambda: expect(round_4).to_contain_text("1 hand", timeout=FOLLOWED), director)
    with live_server.app.app_context():
        call_time(import_event_of(event_id), 4)
    main = east.locator("main")
    until_followed(lambda: expect(main).to_contain_text("Time is called", timeout=FOLLOWED), east)
    record(live_server, game_id, SET)  # the last hand: two hands a game
    confirm = east.locator("#confirm")
    until_followed(
        lambda: expect(confirm).to_contain_text("Confirm the totals", timeout=FOLLOWED), east
    )
    expect(confirm.get_by_role("button", name="Ann confirms")).to_be_visible()
    assert east.evaluate("document.querySelector('[data-offline]') === window.offlineBox")
    for page in (east, director):
        assert page.evaluate("window.keptSinceLoad") is True
    with live_server.app.app_context():
        close_round(import_event_of(event_id), 4, unconfirmed=True)
    until_followed(lambda: expect(round_4).to_contain_text("Closed.", timeout=FOLLOWED), director)
    assert director.evaluate("window.keptSinceLoad") is True
    # the round closed, the table's code has expired: the phone loads again and says so
    until_followed(lambda: expect(main).to_contain_text("it has expired", timeout=FOLLOWED), east)


def test_a_field_being_typed_in_is_left_alone(new_context: Any, live_server: LiveServer) -> None:
    event_id, game_id = one_table(live_server)
    director = new_context().new_page()
    director.clock.install()
    director.goto(f"{live_server.url}/events/{event_id}#round-4")
    director.get_by_label("A late arrival").fill("Zed")  # typed, not yet sent
    asked: list[str] = []
    director.on("request", lambda request: asked.append(request.url))
    record(live_server, game_id, MADE)
    director.clock.run_for(7_000)  # two ticks
    director.wait_for_timeout(300)
    assert asked == []  # not even the stamp: nothing would be put in place
    expect(director.get_by_label("A late arrival")).to_have_value("Zed")
    expect(director.locator("#round-4")).not_to_contain_text("1 hand")
    director.get_by_label("A late arrival").fill("")  # given up: the page catches up
    director.locator("h1").click()
    round_4 = director.locator("#round-4")
    until_followed(lambda: expect(round_4).to_contain_text("1 hand", timeout=FOLLOWED), director)


def import_event_of(event_id: int) -> Any:
    from scorekeeper.club.events import get_event

    event = get_event(event_id)
    assert event is not None
    return event

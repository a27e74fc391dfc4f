"""The room's display (a TV at 1920x1080): large type (each total at least 48 px, read
at 5 m), and it follows the night by itself: a hand recorded at a table shows without a
reload, and after the network drops it catches up once it is back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from scorekeeper.club.events import get_event, import_event
from scorekeeper.club.rounds import close_round
from scorekeeper.club.seating import record_seating
from scorekeeper.games.hands import add_hand
from tests.browser.conftest import LiveServer, until_followed

EVENTS = Path(__file__).resolve().parents[1] / "data" / "events"
MADE = {"bidder": "Ann", "bid": 250, "trump": "H", "meld": [100, 40], "counters": [150, 100]}
SET = {"bidder": "Bea", "bid": 300, "trump": "S", "meld": [60, 80], "counters": [200, 50]}


def seated_night(live_server: LiveServer) -> tuple[int, int]:
    """A night of five (docs/event-format.md's), its fourth round seated: the event and
    the table's game."""
    document = json.loads((EVENTS / "club-night.json").read_text("utf-8"))
    document["rounds"].append({"round": 4})
    document["rules"] = {"game_end": "hands:6"}
    for round_ in document["rounds"][:3]:
        for table in round_["tables"]:
            table["game"]["rules"] = {"game_end": "hands:6"}
    with live_server.app.app_context():
        event = import_event(document)
        close_round(event, 3, "six hands a game now")  # its games unfinished: seated in order
        seating = {"tables": [{"table": 1, "seats": ["Ann", "Bea", "Cal", "Dan"]}], "byes": ["Eve"]}
        table = record_seating(event, 4, seating).tables[0]
        assert table.game_id is not None
        return event.id, table.game_id


def record(live_server: LiveServer, game_id: int, hand: dict[str, Any]) -> None:
    """A hand recorded at the table (another phone)."""
    from scorekeeper.games.stored import get_game

    with live_server.app.app_context():
        game = get_game(game_id)
        assert game is not None
        add_hand(game, hand)


def test_the_display_follows_the_night_without_a_reload(
    new_context: Any, live_server: LiveServer
) -> None:
    event_id, game_id = seated_night(live_server)
    page = new_context(viewport={"width": 1920, "height": 1080}).new_page()
    page.clock.install()  # its ticks run by until_followed
    page.goto(f"{live_server.url}/events/{event_id}/display")
    totals = page.locator(".display-tables .pair-total")
    expect(totals).to_have_text(["0", "0"])
    size = totals.first.evaluate("total => parseFloat(getComputedStyle(total).fontSize)")
    assert size >= 48
    page.evaluate("window.keptSinceLoad = true")  # gone if the page were loaded again
    record(live_server, game_id, MADE)
    until_followed(lambda: expect(totals).to_have_text(["250", "140"], timeout=3_000), page)
    expect(page.locator(".display-tables .progress")).to_have_text("1 hand")
    assert page.evaluate("window.keptSinceLoad") is True
    # the network drops; a hand recorded meanwhile shows once it is back
    page.context.set_offline(True)
    record(live_server, game_id, SET)
    page.clock.run_for(4_000)  # a tick or more asked into the void
    page.wait_for_timeout(500)
    expect(totals).to_have_text(["250", "140"])
    page.context.set_offline(False)
    until_followed(  # Bea set: −300
        lambda: expect(totals).to_have_text(["510", "−160"], timeout=3_000), page
    )
    assert page.evaluate("window.keptSinceLoad") is True
    with live_server.app.app_context():
        event = get_event(event_id)
        assert event is not None and len(event.rounds) == 4

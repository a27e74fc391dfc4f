"""A club night's pages on a 360 px phone, with long names (24 letters, 60 characters,
Arabic): the director's event page, the new-night form, a table's code on the director's
screen, and the page a table's code opens for a phone with no account. Nothing scrolls
sideways, and each seated name's button is a big tap target that shows the name."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from scorekeeper.club.events import import_event
from scorekeeper.club.seating import record_seating
from scorekeeper.club.table_codes import table_code
from scorekeeper.extensions import db
from scorekeeper.store.club_models import Event, EventRound, EventTable
from tests.browser.conftest import NARROW, LiveServer, horizontal_overflow, too_small

LONG = "Bartholomew Featherstonehaugh"[:24]
LONGEST = "Maximiliana " * 5  # 60 characters with its spaces
NAMES = [LONG, LONGEST.strip(), "عبد الرحمن", "Dan", "Eve", "Fay", "Gus", "Hal"]


def first_round_seated(live_server: LiveServer, names: list[str]) -> tuple[int, EventTable]:
    """A progressive night of the eight ``names`` over two rounds (45 minutes each), round
    1 seated: the event, and its table 1 (with its game)."""
    with live_server.app.app_context():
        event = import_event(
            {
                "format": "pinochle-event/1",
                "name": "A club night with a rather long name for a phone",
                "ruleset": "partnership",
                "time_limit": 45,
                "entrants": [{"name": name} for name in names],
                "rounds": [{"round": 1}, {"round": 2}],
            }
        )
        seating = {
            "tables": [
                {"table": 1, "seats": names[:4]},
                {"table": 2, "seats": names[4:]},
            ],
            "byes": [],
        }
        record_seating(event, 1, seating)
        table = db.session.execute(
            select(EventTable)
            .join(EventRound, EventRound.id == EventTable.round_id)
            .where(EventRound.event_id == event.id, EventTable.number == 1)
        ).scalar_one()
        assert table.game_id is not None
        return event.id, table


@pytest.fixture
def night(live_server: LiveServer) -> tuple[int, str]:
    """A progressive night of eight with long names, round 1 seated: the event and the
    code of its first table."""
    event_id, table = first_round_seated(live_server, NAMES)
    with live_server.app.app_context():
        assert table.game_id is not None
        return event_id, table_code(table.id, table.game_id, event_key(event_id), "browser-tests")


def event_key(event_id: int) -> str:
    event = db.session.get(Event, event_id)
    assert event is not None
    return event.key


def test_a_club_nights_pages_fit_360_px(
    new_context: Any, live_server: LiveServer, night: tuple[int, str]
) -> None:
    event_id, code = night
    director = new_context(**NARROW).new_page()
    for path in (
        "/events/new",
        f"/events/{event_id}",
        f"/events/{event_id}/rounds/1/tables/1/code",
        f"/events/{event_id}/display",
    ):
        director.goto(f"{live_server.url}{path}")
        assert horizontal_overflow(director) == 0, path
    phone = new_context(login=False, **NARROW).new_page()
    phone.goto(f"{live_server.url}/t/{code}")
    assert horizontal_overflow(phone) == 0
    assert too_small(phone, ".table-seats button", 64) == []
    for name in NAMES[:4]:  # every name shows on its button, the Arabic one too
        button = phone.get_by_role("button", name=name.strip())
        box = button.bounding_box()
        assert box is not None and box["width"] > 100, name

"""A whole club night in the browser (issue 25's "done when"): the director creates the
night on the form, seats each round and calls time from a laptop; three phones with no
account record their tables' hands at once, each reached by scanning its table's code
(one of them offline for a hand), and the other side confirms each table's totals; a
late arrival joins before round 3; the room's display follows without a reload; the
result sheet is read back with pypdf.

The phones are driven as people (tests/browser/actions.py's ``Person``: taps, and
numbers typed into the field that has the focus); the director's pages are typed into
as a laptop's keyboard does."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader
from sqlalchemy import select

from scorekeeper.club.table_codes import table_code
from scorekeeper.extensions import db
from scorekeeper.store.club_models import Event, EventRound, EventTable
from scorekeeper.store.models import Hand
from tests.browser.actions import SAVE, Person, bidder_on_the_scoreboard, chip, suit
from tests.browser.conftest import NARROW, LiveServer

PLAYERS = [f"{name}" for name in (
    "Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou",
)]  # fmt: skip
LATE = "Max"
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
TV = {"viewport": {"width": 1920, "height": 1080}}
# each table's two hands a round, North's side bidding 300 in hearts (the page asks Us's
# meld, Them's meld, Us's counters): made (+340 / +160), or set (−300 / +170)
MADE = (190, 60, 150)
SET = (100, 40, 120)
LAST = (200, 60, 160)  # the last hand, time called: made (+360 / +150), never "same as"


def create_the_night(director: Any, url: str) -> int:
    """The new-night form, as a director at a laptop fills it: six-hand games are not
    needed, time is called each round."""
    director.goto(f"{url}/events/new")
    director.get_by_label("Name").fill("Thursday club night")
    director.get_by_label("Rounds").fill("3")
    director.get_by_label("Others, one a line").fill("\n".join(PLAYERS))
    director.get_by_role("button", name="Create the club night").click()
    director.wait_for_url(re.compile(r"/events/\d+$"))
    return int(director.url.rsplit("/", 1)[1])


def seat(director: Any, number: int) -> None:
    director.get_by_role("button", name=f"Seat round {number}").click()
    expect(director.get_by_text(f"Round {number} is seated")).to_be_visible()


def codes(server: LiveServer, event_id: int, number: int) -> list[tuple[str, list[str]]]:
    """Each table's code in round ``number`` and who sits there, North first (what the
    table card prints: tests/web/test_table_codes.py checks the card carries it)."""
    with server.app.app_context():
        event = db.session.get(Event, event_id)
        assert event is not None
        tables = db.session.execute(
            select(EventTable)
            .join(EventRound, EventRound.id == EventTable.round_id)
            .where(EventRound.event_id == event_id, EventRound.number == number)
            .order_by(EventTable.number)
        ).scalars()
        found = []
        for table in tables:
            assert table.game_id is not None
            code = table_code(table.id, table.game_id, event.key, "browser-tests")
            found.append((code, [seat.entrant.name for seat in table.seats]))
        return found


def hands_stored(server: LiveServer) -> int:
    with server.app.app_context():
        return len(db.session.execute(select(Hand.id)).all())


def at_their_tables(
    phones: list[Phone], tables: list[tuple[str, list[str]]]
) -> list[tuple[str, list[str]]]:
    """Each phone's table this round: where its player sits, when free; the others take
    the tables left, their player (one who sits out, or shares a table with another
    phone's) forgotten so that it taps a name there."""
    free = list(range(len(tables)))
    chosen: dict[int, int] = {}
    for index, phone in enumerate(phones):
        table = next(
            (n for n, (_code, seated) in enumerate(tables) if phone.player in seated), None
        )
        if table is not None and table in free:
            chosen[index] = table
            free.remove(table)
    for index, phone in enumerate(phones):
        if index not in chosen:
            phone.player = ""
            chosen[index] = free.pop(0)
    return [tables[chosen[index]] for index in range(len(phones))]


def kept_for_offline(page: Any) -> None:
    """Wait until the service worker keeps this table's scoreboard and hand form."""
    game = page.url.rsplit("/", 1)[1]
    page.wait_for_function(
        "async (game) => !!(await caches.match(`/games/${game}/hands/new`))"
        " && !!(await caches.match('/static/js/offline-form.js'))",
        arg=game,
        timeout=15_000,
    )


class Phone:
    """A player's phone at the table: no account, reaches its table by the code."""

    def __init__(self, context: Any, url: str) -> None:
        self.page = context.new_page()
        self.person = Person(self.page)
        self.url = url
        self.player = ""  # who the phone said it is
        self.north = ""  # who bids: North's side, the scoreboard's first
        self.east = ""  # who confirms the totals: a player of the other side

    def scan(self, code: str, seated: list[str]) -> None:
        """The camera opens the code's address; a phone that has not said who it is at
        this table taps a name (North's)."""
        self.page.goto(f"{self.url}/t/{code}")
        self.north = seated[0]
        if not self.player:
            self.player = seated[0]
            self.person.tap(self.page.get_by_role("button", name=re.compile(self.player)))
        self.page.wait_for_url(re.compile(r"/games/\d+$"))
        # the phone keeps score for its player's side: the seat on its left confirms
        self.east = seated[(seated.index(self.player) + 1) % 4]

    def hand(self, numbers: tuple[int, ...], save: bool = True) -> None:
        """From the scoreboard: North's side bids 300 in hearts; Save unless told."""
        person = self.person
        person.tap(bidder_on_the_scoreboard(self.north))
        person.tap(chip(300))
        person.tap(suit("hearts"))
        for index, number in enumerate(numbers, 1):
            person.type_number(str(number), then_next=index < len(numbers))
        if save:
            self.save()

    def save(self) -> None:
        from playwright.sync_api import Error

        self.person.tap(SAVE)
        try:
            self.page.wait_for_url(re.compile(r"/games/\d+$"))
        except Error:
            said = self.page.locator(".field-error, [role=alert]").all_inner_texts()
            raise AssertionError(f"the hand was refused: {said}") from None


@pytest.mark.alone  # nine phones and a display polling at once: failed once on a busy machine
def test_a_whole_night_three_tables_three_rounds(
    new_context: Any, live_server: LiveServer, browser: Any
) -> None:
    url = live_server.url
    director = new_context(**LAPTOP).new_page()
    event_id = create_the_night(director, url)
    display = new_context(**TV).new_page()
    display.goto(f"{url}/events/{event_id}/display")
    display.evaluate("window.keptSinceLoad = true")  # gone if the page were loaded again
    phones = [Phone(new_context(login=False, **NARROW), url) for _ in range(3)]
    before = hands_stored(live_server)

    for number in (1, 2, 3):
        if number == 3:  # a late arrival, before round 3 is seated
            director.get_by_label("A late arrival").fill(LATE)
            director.get_by_role("button", name="Add to the next rounds").click()
            expect(director.locator("#round-3")).to_contain_text(LATE)
        seat(director, number)
        tables = codes(live_server, event_id, number)
        assert len(tables) == 3
        for phone, (code, seated) in zip(phones, at_their_tables(phones, tables), strict=True):
            phone.scan(code, seated)
        for phone in phones:  # each phone keeps its new table's pages (the offline queue)
            kept_for_offline(phone.page)
        # the first hand at each table at once: all three forms open, then each saved;
        # table 3's phone has lost the connection, and keeps its hand till it is back
        offline = phones[2] if number == 2 else None
        if offline is not None:
            offline.page.context.set_offline(True)
        for index, phone in enumerate(phones):
            phone.hand(MADE if (index + number) % 2 else SET, save=False)
        for phone in phones:
            phone.save()
        if offline is not None:
            expect(offline.page.locator("[data-offline-said]")).to_contain_text(
                "Saved on this phone"
            )
            offline.page.context.set_offline(False)
        expect(display.locator(".display-tables .progress")).to_have_text(
            ["1 hand"] * 3, timeout=15_000
        )
        # time is called: each table's next hand is its last
        director.goto(f"{url}/events/{event_id}#round-{number}")
        director.get_by_role("button", name="Call time").click()
        for phone in phones:
            phone.page.reload()
            phone.hand(LAST)
        expect(display.locator(".display-tables .progress")).to_have_text(
            [re.compile("2 hands")] * 3, timeout=15_000
        )
        # each table's other side confirms the totals on the keeper's phone: one tap
        for phone in phones:  # never the keeper's own side: not offered on that phone
            own = phone.page.get_by_role("button", name=f"{phone.player} confirms")
            expect(own).to_have_count(0)
            phone.person.tap(phone.page.get_by_role("button", name=f"{phone.east} confirms"))
            expect(phone.page.locator("#confirm")).to_contain_text(f"Confirmed by {phone.east}")
        director.goto(f"{url}/events/{event_id}#round-{number}")
        director.get_by_role("button", name=f"Close round {number}").click()
        expect(director.get_by_text(f"Round {number} is closed.")).to_be_visible()

    assert hands_stored(live_server) - before == 18  # none twice, none lost
    director.goto(f"{url}/events/{event_id}")
    expect(director.locator(".confirmation")).to_have_count(9)
    assert "awaiting confirmation" not in director.locator("main").inner_text()
    assert display.evaluate("window.keptSinceLoad") is True  # followed without a reload
    sheet = director.request.get(f"{url}/events/{event_id}/results.pdf")
    assert sheet.ok
    words = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(sheet.body())).pages)
    assert "Thursday club night" in words and "Standings" in words
    for number in (1, 2, 3):
        assert f"Round {number}" in words
    assert LATE in words

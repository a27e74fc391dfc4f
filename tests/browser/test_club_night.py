"""A whole club night in the browser (issue 25's "done when", and issue 30's): the
director creates the night on the form ("hal brandt" typed is asked about: the club's
Hal Brandt), seats each round and calls time from a laptop; three phones with no account
record their tables' hands at once, each reached by scanning its table's code (one of
them offline for a hand), and a fourth phone at table 1 follows its hands without a
reload; the other side confirms each table's totals (the keeper's own side is never
offered); round 2 cannot be seated while round 1 is open; the director corrects a
confirmed hand, which the event page and the result sheet then say, and the table
confirms again; a withdrawal is asked and undone; a late arrival joins before round 3;
time runs out on one table of round 3, which counts by the night's rule (the side ahead
wins) in the standings and the stats page alike; the room's display follows without a
reload; the result sheet is read back with pypdf.

The phones are driven as people (tests/browser/actions.py's ``Person``: taps, and
numbers typed into the field that has the focus); the director's pages are typed into
as a laptop's keyboard does. The night has a server and a database of its own (the stats
page counts every game there)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader
from sqlalchemy import select

from scorekeeper.club.table_codes import table_code
from scorekeeper.extensions import db
from scorekeeper.games.players import player_named
from scorekeeper.store.club_models import Event, EventRound, EventTable
from scorekeeper.store.models import Hand
from tests.browser.actions import SAVE, Person, bidder_on_the_scoreboard, chip, suit
from tests.browser.conftest import NARROW, LiveServer, served, until_followed

PLAYERS = [f"{name}" for name in (
    "Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus", "hal brandt", "Ida", "Jon", "Kim", "Lou",
)]  # fmt: skip
KNOWN = "Hal Brandt"  # a player of the club's, from an earlier night: "hal brandt" is him
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
    # asked before the night is made: the known player already chosen, one tap
    expect(director.get_by_text(f"“hal brandt” looks like {KNOWN}")).to_be_visible()
    expect(director.get_by_role("radio", name=f"Yes: {KNOWN}")).to_be_checked()
    director.get_by_role("button", name="Create the club night").first.click()
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
        this table taps its player's name (North's when it has none)."""
        self.page.goto(f"{self.url}/t/{code}")
        self.north = seated[0]
        if not re.search(r"/games/\d+$", self.page.url):  # asked "Who are you?"
            self.player = self.player or seated[0]
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


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    """The night's own server and database, with Hal Brandt a player of the club's."""
    with served(tmp_path) as server:
        with server.app.app_context():
            player_named(KNOWN)
            db.session.commit()
        yield server


def csrf(director: Any) -> str:
    return str(director.locator("input[name=csrf_token]").first.input_value())


def round_2_waits_for_round_1(director: Any, url: str, event_id: int) -> None:
    """Round 1 being played: round 2 is not offered, and a seat sent anyway is refused."""
    expect(director.get_by_text("Round 2 is seated once round 1 is closed.")).to_be_visible()
    expect(director.get_by_role("button", name="Seat round 2")).to_have_count(0)
    sent = director.request.post(
        f"{url}/events/{event_id}/rounds/2/seat", form={"csrf_token": csrf(director)}
    )
    assert sent.status == 400
    assert "round 2 is seated once round 1 is closed: close round 1 first" in sent.text()


def withdrawal_undone(director: Any, name: str) -> None:
    """A withdrawal picked, asked about, taken, then undone before its round is seated."""
    director.get_by_label("A withdrawal").select_option(name)
    director.get_by_role("button", name="Leaves the next rounds").click()
    expect(director.get_by_text(f"{name} leaves: no seat from round 2 on. Sure?")).to_be_visible()
    director.get_by_role("button", name=f"Yes: {name} leaves").click()
    expect(director.get_by_text(f"{name}: withdrawn from round 2")).to_be_visible()
    expect(director.locator("#round-2")).not_to_contain_text(name)
    director.get_by_role("button", name=f"Undo: {name} plays on").click()
    expect(director.get_by_text(f"{name} plays the next rounds again.")).to_be_visible()
    expect(director.locator("#round-2")).to_contain_text(name)


def corrected_after_confirmation(director: Any, url: str, phone: Phone) -> None:
    """The director corrects hand 1 of a confirmed table, with the reason; the table
    asks its phone for confirmation again, and it is given."""
    game = phone.page.url.rsplit("/", 1)[1]
    director.goto(f"{url}/games/{game}/hands/1/edit")
    director.locator("input[name=meld_1]").fill("80")  # Them's meld: 80, not 60
    director.locator("#reason").fill("Them's meld was 80")
    director.get_by_role("button", name="Save the correction").click()
    director.wait_for_url(re.compile(rf"/games/{game}$"))
    again = phone.page.get_by_role("button", name=f"{phone.east} confirms")
    expect(again).to_be_visible(timeout=15_000)  # the phone follows: no reload
    phone.person.tap(again)
    expect(phone.page.locator("#confirm")).to_contain_text(f"Confirmed by {phone.east}")


def figures(page: Any, row: Any, columns: tuple[str, ...]) -> dict[str, str]:
    """The ``columns`` of a table's ``row`` by their headers' words."""
    headers = [h.strip() for h in row.locator("xpath=ancestor::table//thead//th").all_inner_texts()]
    cells = row.locator("td").all_inner_texts()
    found = {name: cells[headers.index(name)] for name in columns}
    return {name: text.split()[-1].replace("\u2212", "-") for name, text in found.items()}


def standings_and_stats(director: Any, url: str, event_id: int, name: str) -> tuple[Any, Any]:
    """A player's games, wins and points: the night's standings', the stats page's."""
    director.goto(f"{url}/events/{event_id}")
    row = director.locator("table.standings tbody tr").filter(
        has=director.locator("td.name", has_text=re.compile(f"^{re.escape(name)}$"))
    )
    night = figures(director, row, ("Games", "Wins", "Points"))
    director.goto(f"{url}/stats?columns=all")
    row = director.locator("table.stats tbody tr").filter(
        has=director.get_by_role("link", name=name, exact=True)
    )
    season = figures(director, row, ("Games", "Wins", "Points"))
    return night, season


@pytest.mark.alone  # ten phones and a display polling at once: failed once on a busy machine
def test_a_whole_night_three_tables_three_rounds(
    new_context: Any, live_server: LiveServer, browser: Any
) -> None:
    url = live_server.url
    director = new_context(**LAPTOP).new_page()
    event_id = create_the_night(director, url)
    expect(director.locator("table.standings")).to_contain_text(KNOWN)
    display = new_context(**TV).new_page()
    display.clock.install()  # its ticks run by until_followed, not waited for
    display.goto(f"{url}/events/{event_id}/display")
    display.evaluate("window.keptSinceLoad = true")  # gone if the page were loaded again
    phones = [Phone(new_context(login=False, **NARROW), url) for _ in range(3)]
    second = Phone(new_context(login=False, **NARROW), url)  # another phone at a table
    second.page.clock.install()  # as the display
    before = hands_stored(live_server)
    stopped: list[str] = []  # who sits at the table time runs out on

    for number in (1, 2, 3):
        if number == 2:  # a withdrawal by mistake, undone before round 2 is seated
            withdrawal_undone(director, "Lou")
        if number == 3:  # a late arrival, before round 3 is seated
            director.get_by_label("A late arrival").fill(LATE)
            director.get_by_role("button", name="Add to the next rounds").click()
            expect(director.locator("#round-3")).to_contain_text(LATE)
        seat(director, number)
        if number == 1:
            round_2_waits_for_round_1(director, url, event_id)
        tables = codes(live_server, event_id, number)
        assert len(tables) == 3
        placed = at_their_tables(phones, tables)
        for phone, (code, seated) in zip(phones, placed, strict=True):
            phone.scan(code, seated)
        if number == 1:  # a second phone at the first one's table: its partner's
            code, seated = placed[0]
            second.player = seated[(seated.index(phones[0].player) + 2) % 4]
            second.scan(code, seated)
            second.page.evaluate("window.keptSinceLoad = true")
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
        progress = display.locator(".display-tables .progress")
        until_followed(lambda bars=progress: expect(bars).to_have_text(["1 hand"] * 3), display)
        if number == 1:  # the other phone at that table shows the hand, never reloaded
            shown = second.page.locator("table.hands tbody tr")
            until_followed(lambda rows=shown: expect(rows).to_have_count(1), second.page)
            assert second.page.evaluate("window.keptSinceLoad") is True
        # time is called: each table's next hand is its last; in round 3 time runs out
        # on the third table before its last hand
        director.goto(f"{url}/events/{event_id}#round-{number}")
        director.get_by_role("button", name="Call time").click()
        finishing = phones[:2] if number == 3 else phones
        for phone in finishing:
            phone.page.reload()
            phone.hand(LAST)
        done = display.locator(".display-tables .progress", has_text="2 hands")
        tables_done = len(finishing)
        until_followed(
            lambda done=done, count=tables_done: expect(done).to_have_count(count), display
        )
        # each table's other side confirms the totals on the keeper's phone: one tap
        for phone in finishing:  # never the keeper's own side: not offered on that phone
            own = phone.page.get_by_role("button", name=f"{phone.player} confirms")
            expect(own).to_have_count(0)
            phone.person.tap(phone.page.get_by_role("button", name=f"{phone.east} confirms"))
            expect(phone.page.locator("#confirm")).to_contain_text(f"Confirmed by {phone.east}")
        if number == 1:
            corrected_after_confirmation(director, url, phones[0])
        director.goto(f"{url}/events/{event_id}#round-{number}")
        if number == 3:  # the hall closes: the third table stops where it is
            stopped = placed[2][1]
            director.get_by_label("Reason, if a table is still playing").fill("the hall closes")
        director.get_by_role("button", name=f"Close round {number}").click()
        expect(director.get_by_text(f"Round {number} is closed.")).to_be_visible()

    assert hands_stored(live_server) - before == 17  # none twice, none lost
    director.goto(f"{url}/events/{event_id}")
    expect(director.locator(".confirmation")).to_have_count(8)
    expect(director.locator("main")).to_contain_text(
        "Hand 1 corrected after confirmation: Them's meld was 80"
    )
    expect(director.locator("main")).to_contain_text(
        "stopped when its round closed: won by the side ahead"
    )
    assert display.evaluate("window.keptSinceLoad") is True  # followed without a reload
    # the stopped table counts by the night's rule alike in the standings and the stats
    for name in stopped:
        night, season = standings_and_stats(director, url, event_id, name)
        assert night == season, name
    sheet = director.request.get(f"{url}/events/{event_id}/results.pdf")
    assert sheet.ok
    words = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(sheet.body())).pages)
    words = " ".join(words.split())
    assert "Thursday club night" in words and "Standings" in words
    for number in (1, 2, 3):
        assert f"Round {number}" in words
    assert LATE in words and KNOWN in words and "hal brandt" not in words
    assert "hand 1 corrected after confirmation: Them's meld was 80" in words

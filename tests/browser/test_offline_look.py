"""No hand lost offline (issue 23, item 2), at 390×844 and 360 px, each phone driven as a
person drives it (``actions.Person``), the network really off (see test_offline.py).

Offline, hand 1 is typed with counters 200 + 200 (the engine refuses them) and a good
hand 2 after it; online, both need a look (hand 2 waits for hand 1). "Enter it again"
opens each as its own number with every value typed; editing one counter leaves the
other; a refused re-entry stays in the list, across a reload, until the server stores it
or the person discards it ("Discard hand 1?"). The banners follow the connection, the
waiting hands read as the scoreboard's rows do, and the bidder buttons stay.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from scorekeeper.extensions import db
from scorekeeper.games.hands import add_hand
from scorekeeper.store.models import Game
from tests.browser import test_offline as offline
from tests.browser.actions import Person, bidder_on_the_scoreboard, chip, suit
from tests.browser.conftest import NARROW, PHONE, expect
from tests.browser.test_offline import Server, live, open_game, pending, wait_for_hands

pytestmark = pytest.mark.database  # every test here makes its own database

server, phone = offline.server, offline.phone  # the fixtures: a server of its own, a phone

SIZES = {"390": PHONE, "360": NARROW}
RECORD = "[data-draft-game] a.button"
SAVE = ".save-bar button"
LOOK = "[data-offline-look] li"


def record(person: Person, page: Any, bidder: str, bid: int, trump: str,
           numbers: tuple[str, ...], other_counters: str = "") -> None:  # fmt: skip
    """From the scoreboard: a bidder's button, a bid chip, trump, the numbers in the order
    the page asks for them (the bidders' meld, the others', the bidders' counters), the
    other side's counters when given (a tap on the field), Save; back on the scoreboard."""
    person.tap(bidder_on_the_scoreboard(bidder))
    person.tap(chip(bid))
    person.tap(suit(trump))
    for index, number in enumerate(numbers, 1):
        person.type_number(number, then_next=index < len(numbers))
    if other_counters:
        person.focus_by_tap("input.counters:not(:focus)")
        person.type_number(other_counters, then_next=False)
    person.tap(SAVE)
    page.wait_for_url(re.compile(r"/games/\d+$"))


def two_hands_that_need_a_look(
    phone: Callable[..., Any],
    server: Server,
    size: str,
) -> tuple[int, Any, Person]:
    """Hand 1 (Bea 250 ♥, meld 100 / 150, counters 200 + 200) and hand 2 (Ann 300 ♠, meld
    60 / 40, Us 200) typed offline; online, both need a look."""
    game_id = live(server)
    page = phone(size=SIZES[size]).new_page()
    open_game(page, server.url, game_id)
    page.context.set_offline(True)
    server.stop()  # nothing answers but the cache
    person = Person(page)
    record(person, page, "Bea", 250, "hearts", ("150", "100", "200"), other_counters="200")
    record(person, page, "Ann", 300, "spades", ("60", "40", "200"))
    expect(pending(page)).to_have_count(2)
    server.start()
    page.context.set_offline(False)
    look = page.locator(LOOK)
    expect(look).to_have_count(2)
    expect(look.nth(0)).to_contain_text("Hand 1: Bea 250 ♥ · Us 100+200 · Them 150+200")
    expect(look.nth(0)).to_contain_text("counters 200 + 200 = 400, but a hand has 250")
    expect(look.nth(1)).to_contain_text("Hand 2: Ann 300 ♠ · Us 60+200 · Them 40")
    expect(look.nth(1)).to_contain_text("The hand before it needs a look first")
    assert server.hands(game_id) == []
    return game_id, page, person


@pytest.mark.parametrize("size", SIZES)
def test_a_refused_hand_stays_until_the_server_stores_it(
    phone: Callable[..., Any],
    server: Server,
    size: str,
) -> None:
    game_id, page, person = two_hands_that_need_a_look(phone, server, size)
    look = page.locator(LOOK)
    # hand 2 opens as hand 2 (it read "Hand 1", the server's next), with its values
    person.tap(look.nth(1).get_by_role("link", name="Enter it again"))
    expect(page.locator("h1")).to_have_text("Hand 2")
    expect(page.locator(SAVE)).to_have_text("Save hand 2")
    expect(page.locator("input[name=counters_0]")).to_have_value("200")
    page.go_back()
    # hand 1, every value typed; editing one counter leaves the other
    person.tap(page.locator(LOOK).nth(0).get_by_role("link", name="Enter it again"))
    expect(page.locator("h1")).to_have_text("Hand 1")
    us, them = page.locator("input[name=counters_0]"), page.locator("input[name=counters_1]")
    expect(us).to_have_value("200")
    expect(them).to_have_value("200")
    expect(page.locator("#bidder input[value='Bea']")).to_be_checked()
    person.focus_by_tap("input[name=counters_0]")
    page.keyboard.press("Backspace")  # its value was selected: the field is emptied
    expect(us).to_have_value("")
    page.wait_for_timeout(400)  # the hints answered
    expect(them).to_have_value("200")  # never emptied with it
    person.type_number("200", then_next=False)  # back to 200 + 200: still refused
    person.tap(SAVE)
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    expect(page.locator(LOOK)).to_have_count(2)  # a refused re-entry stays in the list
    expect(page.locator(LOOK).nth(0)).to_contain_text("200 + 200 = 400")
    page.reload()
    expect(page.locator(LOOK)).to_have_count(2)  # across a reload too
    assert server.hands(game_id) == []
    # corrected: Them's counters emptied, the engine gives them the rest
    person.tap(page.locator(LOOK).nth(0).get_by_role("link", name="Enter it again"))
    person.focus_by_tap("input[name=counters_1]")
    page.keyboard.press("Backspace")
    person.tap(SAVE)
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    wait_for_hands(server, game_id, 2)  # hand 1, then hand 2 behind it: in order
    stored = server.hands(game_id)
    assert [(hand["bidder"], hand["counters"]) for hand in stored] == [
        ("Bea", [200, 50]),
        ("Ann", [200, 50]),
    ]
    expect(page.locator(LOOK)).to_have_count(0)
    expect(page.locator("table.hands tbody tr")).to_have_count(2)


@pytest.mark.parametrize("size", SIZES)
def test_a_refused_hand_leaves_the_list_when_discarded(
    phone: Callable[..., Any],
    server: Server,
    size: str,
) -> None:
    game_id, page, person = two_hands_that_need_a_look(phone, server, size)
    discard = page.locator(LOOK).nth(0).locator("[data-discard]")
    person.tap(discard)
    expect(discard).to_have_text("Discard hand 1? Tap again to discard it.")
    assert len(page.locator(LOOK).all()) == 2  # asked, not yet discarded
    person.tap(discard)
    wait_for_hands(server, game_id, 1)  # hand 2, no longer waiting for it, is sent
    assert [hand["bidder"] for hand in server.hands(game_id)] == ["Ann"]
    expect(page.locator(LOOK)).to_have_count(0)


@pytest.mark.parametrize("size", SIZES)
def test_the_banners_follow_the_connection_and_the_bidders_stay(
    phone: Callable[..., Any],
    server: Server,
    size: str,
) -> None:
    game_id = live(server)
    page = phone(sync=False, size=SIZES[size]).new_page()
    open_game(page, server.url, game_id)
    banner = page.locator("[data-offline-banner]")
    expect(banner).to_be_hidden()
    page.context.set_offline(True)
    expect(banner).to_have_text("Offline: a hand saved now is kept on this phone.")
    page.context.set_offline(False)
    expect(banner).to_be_hidden()  # without a reload
    page.context.set_offline(True)
    person = Person(page)
    record(person, page, "Ann", 300, "spades", ("60", "40", "200"))
    said = page.locator("[data-offline-said]")
    expect(said).to_contain_text("Saved on this phone")
    expect(pending(page)).to_have_text(["Hand 1 (waiting): Ann 300 ♠ · Us 60+200 · Them 40"])
    bidders = page.locator(".bidders")
    expect(bidders).to_be_visible()  # a bidder is still one tap away
    expect(bidders.locator("a").first).to_have_attribute("aria-label", re.compile("^Hand 2: "))
    page.context.set_offline(False)  # the hand is sent: the banners go without a reload
    wait_for_hands(server, game_id, 1)
    expect(page.locator("table.hands tbody tr")).to_have_count(1)
    expect(said).to_be_hidden()
    expect(banner).to_be_hidden()


def test_a_queued_hand_the_same_as_the_one_before_is_asked_and_sent_as_new(
    phone: Callable[..., Any],
    server: Server,
) -> None:
    first = {"bidder": "Ann", "bid": 300, "trump": "S", "meld": [60, 40], "counters": [150, 100]}
    game_id = live(server, [first])
    page = phone(sync=False).new_page()
    open_game(page, server.url, game_id)
    page.context.set_offline(True)
    person = Person(page)
    record(person, page, "Ann", 300, "spades", ("60", "40", "200"))  # hand 1 again?
    page.context.set_offline(False)
    look = page.locator(LOOK)
    expect(look).to_contain_text("the same hand twice?")
    assert len(server.hands(game_id)) == 1
    person.tap(look.locator("[data-send-new]"))
    wait_for_hands(server, game_id, 2)
    assert [hand["counters"] for hand in server.hands(game_id)] == [[150, 100], [200, 50]]
    expect(page.locator(LOOK)).to_have_count(0)


def test_a_new_hand_is_recorded_behind_one_that_needs_a_look(
    phone: Callable[..., Any],
    server: Server,
) -> None:
    """The scoreboard offers the number after the hands kept here, and a hand recorded
    from it (online) waits behind them: the refused hand keeps its place, and the dealers
    theirs, once it is stored."""
    game_id, page, person = two_hands_that_need_a_look(phone, server, "390")
    expect(page.locator(RECORD)).to_have_text("Record hand 3")
    record(person, page, "Cal", 250, "clubs", ("100", "50", "150"))
    look = page.locator(LOOK)
    expect(look).to_have_count(3)
    expect(look.nth(2)).to_contain_text("Hand 3: Cal 250 ♣")
    expect(look.nth(2)).to_contain_text("The hand before it needs a look first")
    assert server.hands(game_id) == []  # not stored as hand 1 ahead of the refused one
    person.tap(look.nth(0).get_by_role("link", name="Enter it again"))
    person.focus_by_tap("input[name=counters_1]")
    page.keyboard.press("Backspace")  # Them's counters: the rest
    person.tap(SAVE)
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    wait_for_hands(server, game_id, 3)
    assert [hand["bidder"] for hand in server.hands(game_id)] == ["Bea", "Ann", "Cal"]
    expect(page.locator(LOOK)).to_have_count(0)


def test_a_hand_that_needs_a_look_stays_listed_when_the_game_is_over(
    phone: Callable[..., Any],
    server: Server,
) -> None:
    """Another phone ends the game while a hand of this one needs a look: the finished
    scoreboard still lists it, under its number, to discard."""
    game_id, page, person = two_hands_that_need_a_look(phone, server, "390")
    with server.app.app_context():  # the other phone: two hands that win the game
        game = db.session.get(Game, game_id)
        won = {"bidder": "Ann", "bid": 500, "trump": "S", "meld": [800, 0], "counters": [250, 0]}
        add_hand(game, won)
        add_hand(game, won)
    page.reload()
    expect(page.locator(".winner-banner")).to_be_visible()
    look = page.locator(LOOK)
    expect(look).to_have_count(2)
    expect(look.nth(0)).to_contain_text("Hand 3: Bea 250 ♥")
    discard = look.nth(0).locator("[data-discard]")
    person.tap(discard)
    person.tap(discard)
    expect(page.locator(LOOK)).to_have_count(1)

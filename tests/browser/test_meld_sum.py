"""The meld checker's "Use this meld" in a phone's browser (issue 23, item 7): it sets
that player's meld, and the side's meld shows its sum with the parts. Driven as a
person drives it (``actions.Person``: taps, and numbers typed into the focused field).

Ann & Cal are "Us", Bea & Dan "Them"; Ann deals hand 1.
"""

from __future__ import annotations

import re
from typing import Any

from tests.browser.actions import SAVE, Person, bidder_on_the_scoreboard, suit
from tests.browser.conftest import LiveServer, card_cell, expect, stored_game, totals

RUN = ("AH", "10H", "KH", "QH", "JH")  # 150 in hearts
PINOCHLE = ("QS", "JD")  # 40


def us_meld(page: Any) -> Any:
    return page.locator("#meld").get_by_label("Us", exact=True)


def check_and_use(page: Any, person: Person, player: str, cards: tuple[str, ...]) -> None:
    """Tap "Check <player>", tap the cards one by one (each answer waited for), hearts
    are already trump: tap "Use this meld for <player>"."""
    with page.expect_navigation():
        person.tap(page.get_by_role("button", name=f"Check {player}"))
    page.wait_for_url(re.compile(r"/meld\?"))
    for card in cards:
        with page.expect_response(lambda response: "/meld?" in response.url):
            person.tap(card_cell(page, card))
        expect(page.locator("#results.busy")).to_have_count(0)
    with page.expect_navigation():
        person.tap(page.get_by_role("link", name=f"Use this meld for {player}"))
    page.wait_for_url(re.compile(r"/hands/new\?"))


def test_use_this_meld_sets_the_players_meld(page: Any, live_server: LiveServer) -> None:
    game_id = stored_game(live_server, [])
    page.goto(f"{live_server.url}/games/{game_id}")  # the scoreboard, as the game opens
    person = Person(page)
    person.tap(bidder_on_the_scoreboard("Ann"))
    person.tap(suit("hearts"))  # the focus moves on to Us's meld
    person.type_number("40")
    check_and_use(page, person, "Ann", RUN)
    expect(us_meld(page)).to_have_value("190")
    sums = page.locator("#meld [data-side-meld]")
    expect(sums).to_have_count(1)
    expect(sums).to_have_text("Ann 150 + Cal 40 (typed) = 190")
    check_and_use(page, person, "Cal", PINOCHLE)
    expect(us_meld(page)).to_have_value("190")  # not 230: Cal's 40 was the typed 40
    expect(sums).to_have_text("Ann 150 + Cal 40 = 190")
    expect(page.locator("#meld .shown-cards")).to_have_count(2)
    person.focus_by_tap(page.locator("#meld").get_by_label("Them", exact=True))
    person.type_number("60")
    person.type_number("150", then_next=False)  # Us's counters, where the focus went
    with page.expect_navigation():
        person.tap(SAVE)
    assert totals(page) == [340, 160]
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_typing_over_the_meld_updates_its_sum(page: Any, live_server: LiveServer) -> None:
    """Ann's run checked, then Us's meld typed over: the line says the rest is Cal's."""
    game_id = stored_game(live_server, [])
    page.goto(f"{live_server.url}/games/{game_id}")
    person = Person(page)
    person.tap(bidder_on_the_scoreboard("Ann"))
    person.tap(suit("hearts"))
    check_and_use(page, person, "Ann", RUN)
    expect(us_meld(page)).to_have_value("150")
    sums = page.locator("#meld [data-side-meld]")
    expect(sums).to_have_text("Ann 150 = 150")
    person.focus_by_tap(us_meld(page))
    person.type_number("170", then_next=False)  # the field's 150 is selected: replaced
    expect(us_meld(page)).to_have_value("170")
    expect(sums).to_have_text("Ann 150 + Cal 20 (typed) = 170")

"""Every bid in reach, and a filled field replaced by typing (issue 23, item 3), at
390×844 and 360 px, counted by ``actions.Person``.

Any bid of a preset's ladder up to twice its minimum is two actions after the bidder:
a tap on the bid field (its value is selected) and the bid typed. The same holds for
every number field that holds a value: the auto-filled counters, a meld typed before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.actions import (
    BID_FIELD,
    PAIRS,
    Hand,
    Person,
    bidder_on_the_scoreboard,
    new_game,
    suit,
)
from tests.browser.conftest import NARROW, PHONE, LiveServer, expect

SIZES = {"390": PHONE, "360": NARROW}
TRIO = (("Ann", ("Ann",)), ("Bea", ("Bea",)), ("Cal", ("Cal",)))

# preset, sides, the bids typed (twice the minimum among them), the bidder
BIDS = [
    ("partnership", PAIRS, ("260", "400", "500"), "Cal"),
    ("partnership-tenths", PAIRS, ("33", "40"), "Cal"),
    ("check", PAIRS, ("29", "40"), "Cal"),
    ("cutthroat", TRIO, ("370", "500"), "Cal"),
    ("double-deck", PAIRS, ("57", "85", "100"), "Cal"),
    ("auction", TRIO, ("450", "600"), "Cal"),
]


def game_of(server: LiveServer, ruleset: str, sides: Any) -> int:
    return new_game(server.app, Hand(ruleset, ruleset, sides, lambda person: None, (), 0))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("ruleset", "sides", "bids", "bidder"), BIDS, ids=[b[0] for b in BIDS])
def test_any_bid_to_twice_the_minimum_in_two_actions_after_the_bidder(
    new_context: Callable[..., Any],
    live_server: LiveServer,
    size: str,
    ruleset: str,
    sides: Any,
    bids: tuple[str, ...],
    bidder: str,
) -> None:
    page = new_context(**SIZES[size]).new_page()
    page.goto(f"{live_server.url}/games/{game_of(live_server, ruleset, sides)}")
    person = Person(page)
    person.tap(bidder_on_the_scoreboard(bidder))
    field = page.locator(BID_FIELD)
    for bid in bids:
        before = person.count
        person.focus_by_tap(BID_FIELD)
        person.type_number(bid, then_next=False)
        assert person.count - before == 2
        expect(field).to_have_value(bid)  # replaced: never "250400"
        expect(page.locator("[data-bid-error]")).to_have_text("")  # on the ladder
        chip = page.locator(f'#bid-chips input[value="{bid}"]')
        if chip.count():
            expect(chip).to_be_checked()


@pytest.mark.parametrize("size", SIZES)
def test_typing_into_a_filled_field_replaces_its_value(
    new_context: Callable[..., Any], live_server: LiveServer, size: str
) -> None:
    page = new_context(**SIZES[size]).new_page()
    page.goto(f"{live_server.url}/games/{game_of(live_server, 'partnership', PAIRS)}")
    person = Person(page)
    person.tap(bidder_on_the_scoreboard("Cal"))
    bid = page.locator(BID_FIELD)
    expect(bid).to_have_value("250")  # the minimum, filled in
    person.focus_by_tap(BID_FIELD)
    person.type_number("400")
    expect(bid).to_have_value("400")
    person.tap(suit("hearts"))
    for number in ("190", "60"):
        person.type_number(number)
    person.type_number("220", then_next=False)
    theirs = page.locator("input[name=counters_1]")
    expect(theirs).to_have_value("30")  # filled in by the server's engine
    # the filled-in value reads as a value, not as a grey placeholder
    assert theirs.evaluate("field => getComputedStyle(field).fontStyle") == "normal"
    person.focus_by_tap("input[name=counters_1]")
    person.type_number("80", then_next=False)
    expect(theirs).to_have_value("80")  # not "3080"
    expect(page.locator("input[name=counters_0]")).to_have_value("220")  # left as typed
    person.focus_by_tap("input[name=meld_0]")
    person.type_number("200", then_next=False)
    expect(page.locator("input[name=meld_0]")).to_have_value("200")  # not "190200"
    # both sides' counters typed: none is filled, and the engine says they do not add up
    expect(page.locator("[data-warnings]")).to_contain_text("220 + 80 = 300")

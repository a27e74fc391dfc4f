"""One real hand is stored once (issue 23, item 1): two phones in two browser contexts,
the second at 390×844 or 360 px, each driven as a person drives it (``actions.Person``).

Both open hand 2 from the scoreboard and type Cal 300 ♥, meld 190 / 60; the other phone
takes 150 counters and saves first, this one 160. This phone then sees both hands side
by side and takes one of three choices; whichever it takes, the real hand is stored
once. A second Save of the same bidder, bid, trump and meld asks "Same as hand N?" once.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from scorekeeper.games.stored import get_game
from tests.browser.actions import Person, bidder_on_the_scoreboard, chip, suit
from tests.browser.conftest import NARROW, PHONE, LiveServer, expect, stored_game

SIZES = {"390": PHONE, "360": NARROW}
FIRST = {"bidder": "Ann", "bid": 250, "trump": "S", "meld": [60, 40], "counters": [200, 50]}
SAVE = ".save-bar button"


def record(person: Person, counters: str, save: bool = True) -> None:
    """From the scoreboard: Cal bid 300 in hearts, meld 190 / 60, Us take ``counters``."""
    person.tap(bidder_on_the_scoreboard("Cal"))
    person.tap(chip(300))
    person.tap(suit("hearts"))
    person.type_number("190")
    person.type_number("60")
    person.type_number(counters, then_next=False)
    if save:
        person.tap(SAVE)


def stored_hands(server: LiveServer, game_id: int) -> int:
    with server.app.app_context():
        game = get_game(game_id)
        assert game is not None
        return len(game.hands)


def rows(page: Any) -> list[str]:
    """The scoreboard's hands, each row's text on one line."""
    return [" ".join(row.split()) for row in page.locator("table.hands tbody tr").all_inner_texts()]


def two_phones(
    new_context: Callable[..., Any], server: LiveServer, size: str
) -> tuple[int, Any, Person]:
    """Both phones typed hand 2; the other saved first; this phone's Save is answered."""
    game_id = stored_game(server, [FIRST])
    board = f"{server.url}/games/{game_id}"
    theirs, mine = new_context().new_page(), new_context(**SIZES[size]).new_page()
    theirs.goto(board)
    mine.goto(board)
    other, person = Person(theirs), Person(mine)
    record(other, "150", save=False)
    record(person, "160", save=False)
    other.tap(SAVE)
    theirs.wait_for_url(re.compile(rf"/games/{game_id}$"))
    person.tap(SAVE)
    expect(mine.locator("#meanwhile")).to_contain_text(
        "Hand 2 was recorded on another phone first: which is right?"
    )
    return game_id, mine, person


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("choice", "counters", "hands"),
    [("data-keep-theirs", "150", 2), ("data-mine-in-place", "160", 2),
     ("data-mine-next", "160", 3)],
    ids=["keep theirs", "mine in place", "mine next"],
)  # fmt: skip
def test_whichever_choice_the_real_hand_is_stored_once(
    new_context: Callable[..., Any],
    live_server: LiveServer,
    size: str,
    choice: str,
    counters: str,
    hands: int,
) -> None:
    game_id, mine, person = two_phones(new_context, live_server, size)
    table = mine.locator("#meanwhile table.compare")
    expect(table.locator("tr.differs")).to_have_count(2)  # the counters, both sides
    expect(table.locator("tr.differs").first).to_contain_text("150")
    expect(table.locator("tr.differs").first).to_contain_text("160")
    assert mine.evaluate("document.documentElement.scrollWidth <= innerWidth")
    person.tap(f"[{choice}]")
    mine.wait_for_url(re.compile(rf"/games/{game_id}$"))
    shown = rows(mine)
    assert len(shown) == hands, shown
    assert f"190+{counters}" in shown[-1]
    if choice == "data-mine-next":
        assert "190+150" in shown[1]  # theirs stays hand 2
    if choice == "data-mine-in-place":
        mine.locator("details.history summary").tap()
        expect(mine.locator("details.history")).to_contain_text("hand 2 corrected")


@pytest.mark.parametrize("size", SIZES)
def test_the_same_values_on_both_phones_need_no_choice(
    new_context: Callable[..., Any], live_server: LiveServer, size: str
) -> None:
    game_id = stored_game(live_server, [FIRST])
    board = f"{live_server.url}/games/{game_id}"
    theirs, mine = new_context().new_page(), new_context(**SIZES[size]).new_page()
    theirs.goto(board)
    mine.goto(board)
    other, person = Person(theirs), Person(mine)
    record(other, "150", save=False)
    record(person, "150", save=False)
    other.tap(SAVE)
    theirs.wait_for_url(re.compile(rf"/games/{game_id}$"))
    person.tap(SAVE)
    box = mine.locator("#meanwhile")
    expect(box).to_contain_text("with the same values as yours: it is recorded once")
    expect(box).not_to_contain_text("enter yours again")
    expect(box.locator("[data-mine-next], [data-mine-in-place]")).to_have_count(0)
    person.tap("[data-keep-theirs]")
    mine.wait_for_url(re.compile(rf"/games/{game_id}$"))
    assert len(rows(mine)) == 2


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("new_hand", [True, False], ids=["a new hand", "the same hand"])
def test_a_second_save_of_the_same_hand_is_asked_once(
    new_context: Callable[..., Any], live_server: LiveServer, size: str, new_hand: bool
) -> None:
    game_id = stored_game(live_server, [FIRST])
    page = new_context(**SIZES[size]).new_page()
    page.goto(f"{live_server.url}/games/{game_id}")
    person = Person(page)
    record(person, "150")
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    record(person, "160")  # the same bidder, bid, trump and meld: hand 2 again?
    box = page.locator("#same-as")
    expect(box).to_contain_text("Same as hand 2?")
    expect(box.locator("tr.differs")).to_have_count(2)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert stored_hands(live_server, game_id) == 2  # nothing stored meanwhile
    person.tap("[data-same-new]" if new_hand else "[data-same-drop]")
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    shown = rows(page)
    assert len(shown) == (3 if new_hand else 2), shown

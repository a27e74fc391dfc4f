"""The scoreboard's column headers and a hand's explanation at 360 px (issue 23, item 7):
long side names show whole in the headers ("North-…" no more), and only the table's own
box scrolls sideways, never the page; a tap on a hand's points opens its explanation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import NARROW, PHONE, LiveServer, expect, stored_game

SIZES = {"390": PHONE, "360": NARROW}
NAMES = ("North-Eastern Riverside Partnership", "South-Western Lakeside Partnership Club")
HAND = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]}


def page_scrolls_sideways(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth > innerWidth"))


@pytest.mark.parametrize("size", SIZES)
def test_long_side_names_show_whole_in_the_headers(
    new_context: Callable[..., Any], live_server: LiveServer, size: str
) -> None:
    game_id = stored_game(live_server, [HAND, HAND], side_names=NAMES)
    page = new_context(**SIZES[size]).new_page()
    page.goto(f"{live_server.url}/games/{game_id}")
    headers = page.locator("table.hands th.side")
    for index, name in enumerate(NAMES):
        header = headers.nth(index)
        expect(header).to_have_text(name)  # whole, no ellipsis
        assert header.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), name  # not cut
        assert header.evaluate("e => getComputedStyle(e).textOverflow") != "ellipsis"
        box = header.bounding_box()
        assert box is not None and box["height"] > 0
    assert not page_scrolls_sideways(page)
    # whatever is wider than the window scrolls in the table's own box, not the page
    wrap = page.locator(".table-wrap")
    assert wrap.evaluate("e => e.getBoundingClientRect().right <= innerWidth + 0.5")


@pytest.mark.parametrize("size", SIZES)
def test_a_tap_on_a_hands_points_opens_its_explanation(
    new_context: Callable[..., Any], live_server: LiveServer, size: str
) -> None:
    game_id = stored_game(live_server, [HAND, HAND], side_names=NAMES)
    page = new_context(**SIZES[size]).new_page()
    page.goto(f"{live_server.url}/games/{game_id}")
    page.locator("table.hands tbody tr").nth(1).locator("a.why").first.tap()
    page.wait_for_url(f"**/games/{game_id}?hand=2#why")
    why = page.locator("#why")
    expect(why).to_contain_text("Hand 2 explained")
    expect(why).to_contain_text(f"{NAMES[0]}: meld 190 + counters 150 = +340")
    assert why.evaluate("e => e.getBoundingClientRect().top < innerHeight")  # scrolled to it
    assert not page_scrolls_sideways(page)
    page.get_by_role("link", name="Close").tap()
    expect(page.locator("#why")).to_have_count(0)

"""The scoreboard and the print view on a phone: totals that never wrap, a sheet that fits
360 px with Print and back links, and a dropped meld marked with the rule's sentence."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from scorekeeper.games.hands import add_hand
from scorekeeper.games.lifecycle import create_game
from tests.browser.conftest import (
    NARROW,
    PHONE,
    LiveServer,
    expect,
    horizontal_overflow,
    keep_screenshot,
    scrolling_boxes,
)

SIZES = {"390": PHONE, "360": NARROW}
SCHEMES = ("light", "dark")
THREE = [("Ann", ["Ann"]), ("Bea", ["Bea"]), ("Cal", ["Cal"])]
FOUR = [("Us", ["Ann", "Cal"]), ("Them", ["Bea", "Dan"])]


def game_of(
    server: LiveServer,
    preset: str,
    hands: list[dict[str, Any]],
    sides: list[tuple[str, list[str]]] = FOUR,
) -> int:
    """A stored game of ``preset`` with ``hands`` recorded (through services)."""
    seating = None if len(sides) != 2 or len(sides[0][1]) != 2 else ["Ann", "Bea", "Cal", "Dan"]
    with server.app.app_context():
        game = create_game(preset, {}, sides, seating=seating, first_dealer="Ann")
        for hand in hands:
            add_hand(game, hand)
        return game.id


def set_hand(bidder: str, bid: int, meld: list[int], counters: list[int]) -> dict[str, Any]:
    return {"bidder": bidder, "bid": bid, "trump": "S", "meld": meld, "counters": counters}


# cutthroat: Ann is set twice at 640 (-1280, five characters), the others climb past 100
CUTTHROAT = [
    set_hand("Ann", 640, [0, 60, 40], [0, 130, 120]),
    set_hand("Ann", 640, [0, 60, 40], [0, 130, 120]),
    set_hand("Bea", 250, [20, 190, 40], [10, 150, 90]),
]
# partnership: Them set three times at 430, Us over a thousand
PARTNERSHIP = [set_hand("Bea", 430, [300, 60], [200, 50])] * 3
# double deck: Them declare 12, under the minimum of 20: "12+20 -> +20"
DROPPED = {"bidder": "Ann", "bid": 60, "trump": "H", "meld": [30, 12], "counters": [30, 20]}


@pytest.fixture(scope="module")
def games(live_server: LiveServer) -> dict[str, int]:
    return {
        "cutthroat": game_of(live_server, "cutthroat", CUTTHROAT, THREE),
        "partnership": game_of(live_server, "partnership", PARTNERSHIP),
        "double-deck": game_of(live_server, "double-deck", [DROPPED, DROPPED]),
    }


def wrapped(page: Any, selector: str) -> list[str]:
    """The elements of ``selector`` whose text takes more than one line."""
    return list(
        page.locator(selector).evaluate_all(
            """elements => elements.filter(e => {
                const lines = e.getClientRects().length;
                const line = parseFloat(getComputedStyle(e).lineHeight);
                return lines !== 1 || e.getBoundingClientRect().height > 1.5 * line;
            }).map(e => `${e.textContent.trim()}: ${e.getClientRects().length} boxes, `
                        + `${e.getBoundingClientRect().height.toFixed(0)} px tall`)"""
        )
    )


TOTALS = ".totals .points, table.hands td strong, table.hands td > span:not(.mc)"


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["cutthroat", "partnership", "double-deck"])
def test_no_total_wraps(
    new_context: Callable[..., Any],
    live_server: LiveServer,
    games: dict[str, int],
    name: str,
    size: str,
    scheme: str,
) -> None:
    page = new_context(**SIZES[size], color_scheme=scheme).new_page()
    page.goto(f"{live_server.url}/games/{games[name]}")
    shown = page.locator(".totals .points").all_inner_texts()
    if name != "double-deck":
        assert max(map(len, shown)) == 5, shown  # -1280, 1140: five characters
    assert wrapped(page, TOTALS) == []
    assert horizontal_overflow(page) == 0
    assert scrolling_boxes(page) == []
    keep_screenshot(page, f"scoreboard-{name}-{size}-{scheme}.png")


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["cutthroat", "partnership"])
def test_the_print_view_fits_the_phone_with_print_and_back(
    new_context: Callable[..., Any],
    live_server: LiveServer,
    games: dict[str, int],
    name: str,
    size: str,
    scheme: str,
) -> None:
    context = new_context(**SIZES[size], color_scheme=scheme)
    # the print dialog cannot open headless: the page's own Print button calls this instead
    context.add_init_script("window.print = () => { document.body.dataset.printed = 'yes'; };")
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{games[name]}/sheet")
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # only the table scrolls sideways, in its own box
    boxes = page.evaluate(
        """() => [...document.querySelectorAll("body *")]
            .filter(e => e.scrollWidth > e.clientWidth + 1
                         && ["auto", "scroll"].includes(getComputedStyle(e).overflowX))
            .map(e => e.className)"""
    )
    assert set(boxes) <= {"table-scroll"}
    assert page.locator(".table-scroll table.sheet").count() == 1
    keep_screenshot(page, f"print-view-{name}-{size}-{scheme}.png")

    printing = page.get_by_role("button", name="Print")
    expect(printing).to_be_visible()
    printing.tap()
    expect(page.locator("body[data-printed=yes]")).to_have_count(1)
    expect(page.get_by_role("link", name="Download the PDF")).to_be_visible()

    page.emulate_media(media="print")  # none of it on paper
    expect(printing).to_be_hidden()
    expect(page.get_by_role("link", name="Back to the scoreboard")).to_be_hidden()
    page.emulate_media(media="screen")

    page.get_by_role("link", name="Back to the scoreboard").tap()
    page.wait_for_url(f"**/games/{games[name]}")


def test_the_blank_print_view_fits_and_leads_back(
    new_context: Callable[..., Any], live_server: LiveServer
) -> None:
    page = new_context(**NARROW).new_page()
    page.goto(f"{live_server.url}/sheets/blank?ruleset=cutthroat&hands=5")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    keep_screenshot(page, "print-view-blank-360.png")
    expect(page.get_by_role("button", name="Print")).to_be_visible()
    page.get_by_role("link", name="Download the PDF").get_attribute("href")
    page.get_by_role("link", name="Back to the blank sheets").tap()
    page.wait_for_url("**/sheets")


def test_without_javascript_the_print_view_has_no_dead_button(
    new_context: Callable[..., Any], live_server: LiveServer, games: dict[str, int]
) -> None:
    page = new_context(java_script_enabled=False).new_page()
    page.goto(f"{live_server.url}/games/{games['cutthroat']}/sheet")
    expect(page.get_by_role("button", name="Print")).to_have_count(0)  # hidden until the script
    expect(page.get_by_role("link", name="Back to the scoreboard")).to_be_visible()


RULE = "meld under 20 does not count: a side that declares less scores no meld that hand"


@pytest.mark.parametrize("path", ["", "/sheet"])
@pytest.mark.parametrize("size", SIZES)
def test_a_dropped_meld_is_marked_and_a_tap_shows_the_rule(
    new_context: Callable[..., Any],
    live_server: LiveServer,
    games: dict[str, int],
    path: str,
    size: str,
) -> None:
    page = new_context(**SIZES[size]).new_page()
    page.goto(f"{live_server.url}/games/{games['double-deck']}{path}")
    marks = page.locator("a.dropped-mark")
    expect(marks).to_have_count(2)  # Them's 12 in each hand, Us's 30 unmarked
    expect(marks.first).to_have_text(re.compile(r"^12\*"))
    assert page.locator(".dropped-mark", has_text="30").count() == 0
    page.evaluate("window.scrollTo(0, 0)")
    marks.last.tap()
    assert page.url.endswith("#dropped-meld")
    note = page.locator("#dropped-meld")
    expect(note).to_contain_text(RULE)
    expect(note).to_be_in_viewport()
    assert horizontal_overflow(page) == 0

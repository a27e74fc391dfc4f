"""A refusal is seen, the live hint warns before Save, and two phones (390x844 and 360 px).

Ann & Cal are "Us", Bea & Dan "Them"; Ann deals first, so Bea bids first.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import (
    NARROW,
    PHONE,
    LiveServer,
    expect,
    keep_screenshot,
    stored_game,
    totals,
)
from tests.browser.test_table import choice, save_button, side_field

SIZES = [pytest.param(PHONE, id="390x844"), pytest.param(NARROW, id="360x740")]


def covering_boxes(page: Any, selector: str) -> list[str]:
    """The ``position: fixed`` or ``sticky`` elements whose boxes overlap ``selector``'s box,
    and whether that box lies inside the viewport (from the boxes as laid out)."""
    return list(
        page.evaluate(
            """(selector) => {
                const target = document.querySelector(selector).getBoundingClientRect();
                const out = [];
                if (target.top < 0 || target.bottom > window.innerHeight)
                    out.push(`outside the viewport: ${target.top}..${target.bottom}`);
                for (const e of document.querySelectorAll("body *")) {
                    const position = getComputedStyle(e).position;
                    if (position !== "fixed" && position !== "sticky") continue;
                    const box = e.getBoundingClientRect();
                    if (box.width === 0 || box.height === 0) continue;
                    const overlap = box.left < target.right && target.left < box.right
                        && box.top < target.bottom && target.top < box.bottom;
                    if (overlap) out.push(`${e.tagName}.${e.className} (${position})`);
                }
                return out;
            }""",
            selector,
        )
    )


@pytest.mark.parametrize("size", SIZES)
def test_a_refused_save_shows_the_first_problem_in_view(
    new_context: Callable[..., Any], live_server: LiveServer, size: dict[str, Any]
) -> None:
    page = new_context(**size).new_page()
    game_id = stored_game(live_server, [])
    page.goto(f"{live_server.url}/games/{game_id}/hands/new")
    choice(page, "bidder", "Cal").tap()
    choice(page, "trump", "hearts").tap()
    side_field(page, "meld", "Us").tap()
    page.keyboard.type("60")
    side_field(page, "counters", "Them").tap()
    page.keyboard.type("155")  # Us would be 95: only the 155 typed is named
    with page.expect_response(lambda response: response.request.method == "POST") as answer:
        save_button(page).tap()
    assert answer.value.status == 400
    summary = page.locator("#problems")
    expect(summary).to_contain_text("The hand was not saved")
    expect(summary).to_contain_text("155 is not a multiple of 10")
    expect(page.locator("#counters_1-error")).to_be_visible()
    # the page went to the first bad field: focused, its sentence in view, under nothing
    expect(page.locator("#counters_1")).to_be_focused()
    assert covering_boxes(page, "#counters_1-error") == []
    assert covering_boxes(page, "#counters_1") == []
    keep_screenshot(page, f"refused-{size['viewport']['width']}.png", full_page=False)
    page.goto(f"{live_server.url}/games/{game_id}")
    assert totals(page) == [0, 0]


def test_the_summary_links_to_each_field(page: Any, live_server: LiveServer) -> None:
    game_id = stored_game(live_server, [])
    page.goto(f"{live_server.url}/games/{game_id}/hands/new")
    side_field(page, "counters", "Us").tap()
    page.keyboard.type("120")
    save_button(page).tap()
    links = page.locator("#problems a")
    expect(links.first).to_be_visible()
    hrefs = [link.get_attribute("href") for link in links.all()]
    assert hrefs == ["#bidder", "#trump"]
    page.locator("#problems").scroll_into_view_if_needed()
    links.nth(1).tap()
    assert covering_boxes(page, "#trump") == []


def test_the_live_hint_warns_before_save(page: Any, live_server: LiveServer) -> None:
    game_id = stored_game(live_server, [])
    page.goto(f"{live_server.url}/games/{game_id}/hands/new")
    choice(page, "bidder", "Bea").tap()
    side_field(page, "counters", "Us").tap()
    page.keyboard.type("100")
    side_field(page, "counters", "Them").tap()
    page.keyboard.type("100")
    warnings = page.locator("[data-warnings]")
    expect(warnings).to_contain_text("counters 100 + 100 = 200, but a hand has 250")
    expect(page.locator("[data-need]")).to_contain_text("Them need")
    side_field(page, "counters", "Them").fill("")
    side_field(page, "counters", "Us").fill("")
    side_field(page, "counters", "Us").tap()
    page.keyboard.type("155")
    expect(warnings).to_contain_text("155 is not a multiple of 10")
    expect(warnings).not_to_contain_text("95")


def test_two_phones_record_hand_1(new_context: Callable[..., Any], live_server: LiveServer) -> None:
    """Both phones open hand 1; the other saves first. This phone sees both hands side by
    side with the three choices (tests/browser/test_one_hand_once.py takes each), above
    an empty form for hand 2 that a careless Save cannot store."""
    game_id = stored_game(live_server, [])
    url = f"{live_server.url}/games/{game_id}/hands/new"
    mine, theirs = new_context().new_page(), new_context().new_page()
    for phone in (mine, theirs):
        phone.goto(url)
    choice(theirs, "bidder", "Ann").tap()
    theirs.get_by_label("Bid", exact=True).fill("300")
    choice(theirs, "trump", "spades").tap()
    side_field(theirs, "meld", "Us").fill("60")
    side_field(theirs, "meld", "Them").fill("40")
    side_field(theirs, "counters", "Us").fill("200")
    with theirs.expect_navigation():
        save_button(theirs).tap()
    choice(mine, "bidder", "Bea").tap()
    choice(mine, "trump", "hearts").tap()
    side_field(mine, "meld", "Us").fill("100")
    side_field(mine, "meld", "Them").fill("150")
    side_field(mine, "counters", "Them").fill("130")
    with mine.expect_navigation():
        save_button(mine).tap()
    box = mine.locator("#meanwhile")
    expect(box).to_contain_text("Hand 1 was recorded on another phone first: which is right?")
    compared = box.locator("table.compare")
    expect(compared).to_contain_text("Ann")  # theirs, recorded
    expect(compared).to_contain_text("Bea")  # mine
    expect(save_button(mine)).to_have_text("Save hand 2")
    expect(side_field(mine, "meld", "Them")).to_have_value("")
    keep_screenshot(mine, "meanwhile-390.png")
    # a careless Save on the empty form stores nothing
    with mine.expect_response(lambda response: response.request.method == "POST") as answer:
        save_button(mine).tap()
    assert answer.value.status == 400
    expect(mine.locator("#problems")).to_contain_text("The hand was not saved")
    mine.goto(f"{live_server.url}/games/{game_id}")
    assert totals(mine) == [-300, 90]  # hand 1 only: theirs


def test_mine_is_the_next_hand_in_one_tap(
    new_context: Callable[..., Any], live_server: LiveServer
) -> None:
    game_id = stored_game(live_server, [])
    url = f"{live_server.url}/games/{game_id}/hands/new"
    mine, theirs = new_context().new_page(), new_context(**NARROW).new_page()
    mine.goto(url)
    theirs.goto(url)
    choice(theirs, "bidder", "Ann").tap()
    choice(theirs, "trump", "spades").tap()
    side_field(theirs, "counters", "Us").fill("200")
    with theirs.expect_navigation():
        save_button(theirs).tap()
    choice(mine, "bidder", "Bea").tap()
    choice(mine, "trump", "hearts").tap()
    side_field(mine, "meld", "Them").fill("150")
    side_field(mine, "counters", "Them").fill("130")
    with mine.expect_navigation():
        save_button(mine).tap()
    with mine.expect_navigation():  # one tap: what this phone typed, as hand 2
        mine.get_by_role("button", name="Mine is the next hand: record hand 2").tap()
    assert re.search(r"/games/\d+$", mine.url)
    # hand 1: Us set (-250), Them 50 counters; hand 2: Us 120, Them 150 + 130 made
    assert totals(mine) == [-250 + 120, 50 + 280]

"""The house rules' rarer outcomes on a 360 px phone: a misdeal (the same dealer deals
again) and a hand played as time is called (the game ends after it), each tapped in the
folded "Other outcomes"; the scoreboard then says how the game ended.

Screenshots go to ``$SCOREKEEPER_SCREENSHOTS`` for a person to look at, when set."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.browser.conftest import (
    NARROW,
    LiveServer,
    expect,
    horizontal_overflow,
    keep_screenshot,
    stored_game,
)
from tests.browser.test_table import choice, save_button, side_field


def other_outcome(page: Any, label: str) -> Any:
    """A check box of the folded "Other outcomes" (opened first, as a person taps it)."""
    details = page.locator("details.other-outcomes")
    if details.get_attribute("open") is None:
        details.locator("summary").tap()
    return details.locator("label.check", has_text=label)


def test_a_misdeal_and_time_called_at_360_px(
    new_context: Callable[..., Any], live_server: LiveServer
) -> None:
    page = new_context(**NARROW).new_page()
    game_id = stored_game(live_server, [], game_end="hands:6")
    page.goto(f"{live_server.url}/games/{game_id}")
    expect(page.locator(".status")).to_contain_text("Hand 1 of 6. Ann deals")

    # a misdeal: nothing else to enter, Save at once
    page.get_by_role("link", name="Record hand 1").tap()
    expect(page.locator("details.other-outcomes")).not_to_have_attribute("open", "")
    other_outcome(page, "Misdeal").tap()
    expect(page.locator("#misdeal")).to_be_checked()
    assert horizontal_overflow(page) == 0
    keep_screenshot(page, "misdeal-form.png")
    save_button(page).tap()
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    row = page.locator("table.hands tbody tr").first
    expect(row).to_contain_text("misdeal")
    # the same dealer deals again, and the misdeal is not one of the six hands: the
    # next is hand 2, as its button says, and it counts as the first of six
    expect(page.locator(".status")).to_contain_text("Hand 2: it counts as 1 of 6")
    expect(page.locator(".status")).to_contain_text("Ann deals")
    expect(page.get_by_role("link", name="Record hand 2")).to_be_visible()

    # a hand played as time is called
    page.get_by_role("link", name="Hand 2: Cal took the bid").tap()
    choice(page, "bid-chips", "300").tap()
    choice(page, "trump", "hearts").tap()
    side_field(page, "meld", "Us").tap()
    page.keyboard.type("190")
    side_field(page, "meld", "Them").tap()
    page.keyboard.type("60")
    side_field(page, "counters", "Us").tap()
    page.keyboard.type("150")
    other_outcome(page, "Time is called").tap()
    expect(page.locator("#time_called")).to_be_checked()
    expect(page.locator("#need")).to_have_text("Us need 110 of 250 counters")
    assert horizontal_overflow(page) == 0
    page.locator("details.other-outcomes").scroll_into_view_if_needed()
    keep_screenshot(page, "time-called-form.png")
    save_button(page).tap()
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))

    expect(page.locator(".winner-banner")).to_have_text("Us win!")
    expect(page.locator(".ending")).to_have_text(
        "Time was called in hand 2: the game ended after it."
    )
    expect(page.locator("table.hands tbody tr").nth(1)).to_contain_text("made, time called")
    expect(page.get_by_role("link", name=re.compile("^Record hand"))).to_have_count(0)
    assert horizontal_overflow(page) == 0
    keep_screenshot(page, "scoreboard.png")

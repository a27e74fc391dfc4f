"""A player's own phone follows the game through its share link, without an account."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from scorekeeper.accounts.links import create_share_link
from scorekeeper.games.hands import add_hand
from scorekeeper.games.stored import get_game
from tests.browser.conftest import (
    NARROW,
    LiveServer,
    expect,
    horizontal_overflow,
    stored_game,
    too_small,
    totals,
    until_followed,
)

HAND = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]}


def test_the_shared_scoreboard_follows_the_game_until_revoked(
    new_context: Callable[..., Any], live_server: LiveServer
) -> None:
    game_id = stored_game(live_server, [HAND])
    keeper = new_context(**NARROW).new_page()
    keeper.goto(f"{live_server.url}/games/{game_id}")
    keeper.get_by_role("button", name="Make a link for the other players").click()
    address = keeper.locator(".share-link a").inner_text()
    assert re.fullmatch(rf"{re.escape(live_server.url)}/s/[\w-]{{40,}}", address)
    expect(keeper.locator(".qr svg")).to_be_visible()
    # both boxes measured at once: measured one after the other, the page could scroll to
    # the #share anchor in between (it failed so once, on a busy machine)
    box, drawing = keeper.locator(".qr").evaluate(
        """qr => [qr, qr.querySelector("svg path")].map(e => {
            const r = e.getBoundingClientRect();
            return {x: r.x, y: r.y, width: r.width, height: r.height};
        })"""
    )
    for start, size in (("x", "width"), ("y", "height")):  # the code centred in its box
        middle = box[start] + box[size] / 2
        assert abs(drawing[start] + drawing[size] / 2 - middle) <= 2, (box, drawing)
    assert drawing["width"] >= 0.7 * box["width"], (box, drawing)  # filling it

    phone = new_context(login=False, **NARROW).new_page()  # a player: no account
    phone.clock.install()  # its ticks run by until_followed
    phone.goto(address)
    assert totals(phone) == [340, 160]
    assert phone.get_by_role("link", name=re.compile("Record hand|Correct hand")).count() == 0
    assert phone.get_by_role("button").count() == 0

    with live_server.app.app_context():  # the scorekeeper records the next hand
        game = get_game(game_id)
        assert game is not None
        add_hand(game, HAND)
    first = phone.locator(".totals .points").first
    until_followed(lambda: expect(first).to_have_text("680", timeout=3_000), phone, tick=4_000)

    keeper.reload()
    keeper.get_by_role("button", name="Revoke the link").click()
    gone = phone.get_by_role("heading", name="Not found")
    until_followed(lambda: expect(gone).to_be_visible(timeout=3_000), phone, tick=4_000)


def test_account_pages_fit_a_360_px_phone(
    new_context: Callable[..., Any], live_server: LiveServer
) -> None:
    game_id = stored_game(live_server, [HAND])
    with live_server.app.app_context():
        create_share_link(game_id)
    taps = ["main a.button", "main button", "main input:not([type=checkbox])", "main select"]
    pages = [
        (new_context(**NARROW), f"/games/{game_id}"),
        (new_context(**NARROW), "/users"),
        (new_context(**NARROW), "/account"),
        (new_context(login=False, **NARROW), "/login"),
    ]
    for context, path in pages:
        page = context.new_page()
        page.goto(live_server.url + path)
        assert horizontal_overflow(page) == 0, path
        small = [problem for selector in taps for problem in too_small(page, selector)]
        assert small == [], path
    # a new API token, shown once: 47 characters without a space still fit
    page = pages[2][0].pages[0]
    page.get_by_label("What will use it").fill("Club website")
    page.get_by_role("button", name="Make a token").click()
    expect(page.locator("code.token")).to_contain_text("skp_")
    assert horizontal_overflow(page) == 0

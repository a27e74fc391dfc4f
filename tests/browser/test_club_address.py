"""A club of a hosted instance, on a phone (issue 33): its owner logs in at the
instance's address, is sent to the clubs they belong to, opens their club's pages
under ``/c/<slug>/``, and records a hand there with the network off (the service
worker keeps the club's pages, the queue sends the hand to the club's game once the
connection is back). Every link and form keeps the club's address."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from scorekeeper.accounts.clubs import create_club
from scorekeeper.accounts.users import create_user
from scorekeeper.extensions import db
from scorekeeper.games.lifecycle import create_game
from scorekeeper.games.stored import get_game, hand_document
from scorekeeper.store.tenancy import in_club
from tests.browser import test_offline
from tests.browser.conftest import PHONE, expect
from tests.browser.test_offline import SENT_WITHIN, THREE, Server, kept, pending, record
from tests.web.conftest import SIDES

pytestmark = pytest.mark.database  # its own database
server = test_offline.server  # the fixture: the app on its own port, stopped and started again

PASSWORD = "a long enough password"


def club_hands(server: Server, club: int, game_id: int) -> list[dict[str, Any]]:
    with server.app.app_context(), in_club(club):
        game = get_game(game_id)
        assert game is not None
        hands = [hand_document(hand) for hand in game.hands]
        db.session.remove()
        return hands


def test_a_clubs_owner_finds_the_club_and_records_a_hand_offline(
    browser: Any, server: Server
) -> None:
    with server.app.app_context():
        north = create_club("north", "North Side Pinochle").id
        with in_club(north):
            create_user("Nell", PASSWORD, "owner")
            game_id = create_game("partnership", {}, SIDES, first_dealer="Ann").id
        db.session.remove()
    context = browser.new_context(**PHONE)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto(f"{server.url}/login")  # the instance's address, not the club's
    page.get_by_label("Name").tap()
    page.keyboard.type("Nell")
    page.get_by_label("Password").tap()
    page.keyboard.type(PASSWORD)
    page.get_by_role("button", name="Log in").tap()
    page.wait_for_url(f"{server.url}/clubs")  # no member of the default club: her clubs
    page.get_by_role("link", name="North Side Pinochle").tap()
    page.wait_for_url(f"{server.url}/c/north/")
    expect(page.locator(f"a[href='/c/north/games/{game_id}']").first).to_be_visible()

    page.goto(f"{server.url}/c/north/games/{game_id}")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wanted = [
        f"/c/north/games/{game_id}",
        f"/c/north/games/{game_id}/hands/new",
        "/c/north/static/js/offline-form.js",  # the form's script, as the club's page links it
    ]
    deadline = time.monotonic() + 10
    while not all(kept(page, path) for path in wanted):
        assert time.monotonic() < deadline, "the service worker kept none of the club's pages"
        page.wait_for_timeout(50)

    context.set_offline(True)
    server.stop()  # really nothing answers but the cache
    record(page, THREE[0])
    assert page.url == f"{server.url}/c/north/games/{game_id}"  # the club's scoreboard
    expect(pending(page)).to_have_count(1)
    server.start()
    page.goto(f"{server.url}/c/north/games/{game_id}")
    context.set_offline(False)
    deadline = time.monotonic() + SENT_WITHIN
    while not club_hands(server, north, game_id):
        assert time.monotonic() < deadline, "the hand was not sent to the club's game"
        time.sleep(0.05)
    stored = club_hands(server, north, game_id)
    assert [(hand["bidder"], hand["bid"]) for hand in stored] == [("Bea", 250)]
    expect(pending(page)).to_have_count(0)
    expect(page.locator("table.hands tbody tr")).to_have_count(1)
    assert re.fullmatch(rf"{server.url}/c/north/games/{game_id}", page.url)
    context.close()

"""Offline at the table (issue 15), with the network really off (``context.set_offline``).

The "Done when" of the issue: three hands recorded offline, the page reloaded offline
(the form and three pending rows still there), then online: stored once each, in
order, with the engine's totals. A conflict while offline lands the hand in "needs a
look" with the sentence. The server killed and restarted while hands wait: they are
sent once it is back. Logout clears the caches and asks about waiting hands. The
manifest is valid and the service worker registers on the scoreboard.

Playwright's offline switch does not reach a service worker's own requests
(microsoft/playwright#2311): where the cache must answer, the tests also stop the
server (``Server.stop``), so nothing can answer but the cache; and where the phone
must stay offline while the server runs, Background Sync is switched off in the page
(``phone(sync=False)``), or the worker would send the hands at once.
"""

from __future__ import annotations

import contextlib
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from werkzeug.serving import WSGIRequestHandler, make_server

from scorekeeper import create_app
from scorekeeper.accounts.users import create_user
from scorekeeper.extensions import db
from scorekeeper.games.hands import add_hand
from scorekeeper.games.lifecycle import delete_game
from scorekeeper.games.stored import get_game, hand_document, replay_game
from scorekeeper.store.models import Game
from scorekeeper.web import offline
from tests.browser.conftest import OWNER, PHONE, LiveServer, expect, log_in, stored_game, totals
from tests.databases import database_url
from tests.web.conftest import PLAYED_HAND
from tests.web.test_game_keys import give_id

pytestmark = pytest.mark.database  # every test here makes its own database

SUITS = {"H": "hearts", "S": "spades", "D": "diamonds", "C": "clubs"}
# (bidder, bid, trump, meld Us, meld Them, counters Us, counters Them): "" is left empty
THREE = [
    ("Bea", "250", "H", "100", "150", "", "130"),  # the engine gives Us the other 120
    ("Ann", "300", "S", "60", "40", "200", "50"),
    ("Cal", "250", "D", "80", "60", "170", "80"),
]
GONE = "That game was deleted: nothing was saved. Go back to the list of games."
SENT_WITHIN = 15.0  # seconds from "online" to every waiting hand stored, at most
# Background Sync switched off in the pages (see the module's docstring)
NO_SYNC = "if (self.SyncManager) SyncManager.prototype.register = () => Promise.resolve();"


class OneRequest(WSGIRequestHandler):
    """A connection per request, each known to the server: a stopped server closes them
    (the browser opens connections ahead of its requests; a thread would answer them)."""

    protocol_version = "HTTP/1.0"

    def setup(self) -> None:
        super().setup()
        self.server.connections.add(self.connection)  # type: ignore[attr-defined]

    def finish(self) -> None:
        super().finish()
        self.server.connections.discard(self.connection)  # type: ignore[attr-defined]


class Server:
    """The app on its own port, stopped and started again on that port (the same origin:
    the phone's service worker, cache and queue stay)."""

    def __init__(self, folder: Any) -> None:
        self.app = create_app(
            {
                "SECRET_KEY": "offline-tests",
                "SQLALCHEMY_DATABASE_URI": database_url(folder / "o.db"),
            }
        )
        with self.app.app_context():
            db.create_all()
            create_user(*OWNER, "owner")
        self.port = 0
        self.start()
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.server = make_server(
            "127.0.0.1", self.port, self.app, threaded=True, request_handler=OneRequest
        )
        self.server.connections = set()  # type: ignore[attr-defined]
        self.port = self.server.server_port
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        for connection in list(self.server.connections):  # type: ignore[attr-defined]
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
        self.thread.join(timeout=10)

    def hands(self, game_id: int) -> list[dict[str, Any]]:
        with self.app.app_context():
            game = db.session.get(Game, game_id)
            assert game is not None
            return [hand_document(hand) for hand in game.hands]

    def totals(self, game_id: int) -> tuple[int, ...]:
        with self.app.app_context():
            game = db.session.get(Game, game_id)
            assert game is not None
            return tuple(replay_game(game).totals)


@pytest.fixture
def server(tmp_path: Any) -> Iterator[Server]:
    running = Server(tmp_path)
    yield running
    running.stop()
    with running.app.app_context():
        db.engine.dispose()


@pytest.fixture
def phone(browser: Any, server: Server) -> Iterator[Callable[..., Any]]:
    """A phone-sized context logged in to ``server`` (its own origin, so its own worker)."""
    contexts: list[Any] = []

    def make(sync: bool = True, size: dict[str, Any] = PHONE) -> Any:
        context = browser.new_context(**size)
        context.set_default_timeout(10_000)
        if not sync:
            context.add_init_script(NO_SYNC)
        log_in(context, server.url)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


def live(server: Server | LiveServer, hands: list[dict[str, Any]] | None = None) -> int:
    """A partnership game (Ann & Cal against Bea & Dan, Ann deals first)."""
    return stored_game(server, hands or [])  # type: ignore[arg-type]


def kept(page: Any, path: str) -> bool:
    return bool(page.evaluate("async (path) => !!(await caches.match(path))", path))


def open_game(page: Any, url: str, game_id: int) -> None:
    """Open the scoreboard; wait until the service worker keeps the game's pages."""
    page.goto(f"{url}/games/{game_id}")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wanted = [f"/games/{game_id}", f"/games/{game_id}/hands/new", "/static/js/offline-form.js"]
    deadline = time.monotonic() + 10
    while not all(kept(page, path) for path in wanted):
        assert time.monotonic() < deadline, "the service worker kept nothing"
        page.wait_for_timeout(50)


def record(page: Any, hand: tuple[str, ...]) -> None:
    """From the scoreboard: Record hand, type the hand, Save (kept on the phone)."""
    page.locator("[data-draft-game] a.button").tap()
    type_hand(page, hand)
    page.locator(".save-bar button").tap()
    page.wait_for_url(re.compile(r"/games/\d+$"))


def type_hand(page: Any, hand: tuple[str, ...]) -> None:
    bidder, bid, trump, meld_us, meld_them, counters_us, counters_them = hand
    page.locator("#bidder label", has_text=bidder).tap()
    page.locator(f"#bid-chips input[value='{bid}']").check()
    page.locator("#trump label", has=page.get_by_role("radio", name=SUITS[trump])).tap()
    page.locator("#meld").get_by_label("Us", exact=True).fill(meld_us)
    page.locator("#meld").get_by_label("Them", exact=True).fill(meld_them)
    page.locator("#counters").get_by_label("Us", exact=True).fill(counters_us)
    page.locator("#counters").get_by_label("Them", exact=True).fill(counters_them)


def pending(page: Any) -> Any:
    return page.locator("[data-offline-waiting] li")


def wait_for_hands(server: Server, game_id: int, count: int, timeout: float = SENT_WITHIN) -> float:
    """Seconds until the game holds ``count`` hands."""
    start = time.monotonic()
    while len(server.hands(game_id)) < count:
        assert time.monotonic() - start < timeout, f"not sent within {timeout} s"
        time.sleep(0.02)
    return time.monotonic() - start


def engine_totals(server: Server, documents: list[dict[str, Any]]) -> tuple[int, ...]:
    """What the engine gives for these hands in a new game of the same players."""
    game_id = live(server)
    with server.app.app_context():
        game = db.session.get(Game, game_id)
        for document in documents:
            add_hand(game, document)
    return server.totals(game_id)


def test_three_hands_offline_then_online_are_stored_once_each_in_order(
    phone: Callable[..., Any], server: Server
) -> None:
    game_id = live(server)
    page = phone().new_page()
    open_game(page, server.url, game_id)
    page.context.set_offline(True)
    server.stop()  # really nothing answers but the cache
    for number, hand in enumerate(THREE, 1):
        record(page, hand)
        expect(page.locator("[data-offline-said]")).to_have_text(
            "Saved on this phone; it is sent when the connection is back "
            + ("(1 hand waiting)" if number == 1 else f"({number} hands waiting)")
        )
        expect(pending(page)).to_have_count(number)
    expect(page.locator("[data-offline-banner]")).to_contain_text("Offline: this page as it was at")
    expect(page.locator("[data-draft-game] a.button")).to_have_text("Record hand 4")
    # no invented totals: the rows waiting say what was typed, the totals are the server's
    # as the scoreboard's rows say a hand (issue 23: it read "Bid 250 · Bid Bid 250")
    expect(pending(page).first).to_have_text("Hand 1 (waiting): Bea 250 ♥ · Us 100 · Them 150+130")
    assert totals(page) == [0, 0]

    page.locator("[data-draft-game] a.button").tap()  # the form for hand 4, from the cache
    page.wait_for_url(re.compile(r"/hands/new$"))
    expect(page.locator("h1")).to_have_text("Hand 4 (waiting)")
    page.reload()
    expect(page.locator("h1")).to_have_text("Hand 4 (waiting)")
    expect(page.locator("form.hand-form")).to_be_visible()
    expect(pending(page)).to_have_count(3)
    assert server.hands(game_id) == []

    server.start()
    page.goto(f"{server.url}/games/{game_id}")  # the scoreboard, from the cache
    page.context.set_offline(False)
    seconds = wait_for_hands(server, game_id, 3)  # the figure in the note (run with -s)
    stored = server.hands(game_id)
    assert [(hand["bidder"], hand["bid"], hand["trump"]) for hand in stored] == [
        (bidder, int(bid), trump) for bidder, bid, trump, *_rest in THREE
    ]
    assert stored[0]["counters"] == [120, 130]  # the engine filled the side left empty
    page.wait_for_timeout(500)
    assert len(server.hands(game_id)) == 3  # nothing stored twice
    expect(pending(page)).to_have_count(0)
    expect(page.locator("table.hands tbody tr")).to_have_count(3)
    assert tuple(totals(page)) == server.totals(game_id) == engine_totals(server, stored)
    print(f"online -> 3 hands stored: {seconds:.2f} s")


def test_a_hand_recorded_meanwhile_on_another_phone_needs_a_look(
    phone: Callable[..., Any], server: Server
) -> None:
    game_id = live(server)
    page = phone(sync=False).new_page()
    open_game(page, server.url, game_id)
    page.context.set_offline(True)
    record(page, THREE[0])

    other = phone().new_page()  # a second phone records hand 1 meanwhile
    other.goto(f"{server.url}/games/{game_id}")
    other.locator("[data-draft-game] a.button").tap()
    other.locator("#bidder label", has_text="Dan").tap()
    other.locator("#trump label", has=other.get_by_role("radio", name="clubs")).tap()
    other.locator("#meld").get_by_label("Us", exact=True).fill("40")
    other.locator("#meld").get_by_label("Them", exact=True).fill("60")
    other.locator("#counters").get_by_label("Us", exact=True).fill("100")
    other.locator(".save-bar button").tap()
    other.wait_for_url(re.compile(r"/games/\d+$"))
    assert [hand["bidder"] for hand in server.hands(game_id)] == ["Dan"]

    page.context.set_offline(False)
    look = page.locator("[data-offline-look] li")
    expect(look).to_have_count(1)
    expect(look).to_contain_text(
        "hand 1 was recorded on another phone; check it and enter yours again"
    )
    expect(pending(page)).to_have_count(0)
    assert [hand["bidder"] for hand in server.hands(game_id)] == ["Dan"]  # never twice
    # numbered as it would be recorded now: after the other phone's hand 1
    expect(look).to_contain_text("Hand 2: Bea 250")
    expect(page.locator("[data-draft-game] a.button")).to_have_text("Record hand 3")
    look.get_by_role("link", name="Enter it again").tap()
    expect(page.locator("#bidder input[value='Bea']")).to_be_checked()
    expect(page.locator("#meld").get_by_label("Them", exact=True)).to_have_value("150")
    expect(page.locator(".save-bar button")).to_have_text("Save hand 2")


def test_a_hand_discarded_after_a_clash_leaves_the_scoreboard_right(
    phone: Callable[..., Any], server: Server
) -> None:
    """Hand 1 kept offline, the other phone's hand 1 stored meanwhile: discarded, the
    scoreboard shows the other phone's hand and the next number, with no reload."""
    game_id = live(server)
    page = phone(sync=False).new_page()
    open_game(page, server.url, game_id)
    page.context.set_offline(True)
    record(page, THREE[0])
    with server.app.app_context():
        stored = get_game(game_id)
        assert stored is not None
        add_hand(
            stored,
            {"bidder": "Dan", "bid": 250, "trump": "C", "meld": [40, 60], "counters": [100, 150]},
        )
    page.context.set_offline(False)
    look = page.locator("[data-offline-look] li")
    expect(look).to_have_count(1)
    page.evaluate("window.keptSinceDiscard = true")
    discard = look.locator("[data-discard]")
    discard.tap()
    expect(discard).to_have_text("Discard hand 2? Tap again to discard it.")
    discard.tap()
    expect(look).to_have_count(0)
    expect(page.locator("[data-draft-game] a.button")).to_have_text("Record hand 2")
    expect(page.locator("table.hands tbody tr")).to_have_count(1)
    assert page.evaluate("window.keptSinceDiscard") is True  # no reload since the tap


def test_a_hand_waiting_across_a_login_by_the_remember_me_cookie_is_stored_once(
    phone: Callable[..., Any], server: Server
) -> None:
    """The session cookie lost while a hand waits: the remember-me cookie logs in again
    with a new session, so the hand's CSRF token is stale; the queue fetches a fresh one
    and sends the hand again with the same key."""
    game_id = live(server)
    page = phone(sync=False).new_page()
    open_game(page, server.url, game_id)
    page.context.set_offline(True)
    record(page, THREE[0])
    cookies = page.context.cookies()
    assert {"session", "remember_token"} <= {cookie["name"] for cookie in cookies}
    page.context.clear_cookies()
    page.context.add_cookies([cookie for cookie in cookies if cookie["name"] != "session"])
    page.context.set_offline(False)
    wait_for_hands(server, game_id, 1)
    expect(pending(page)).to_have_count(0)
    page.wait_for_timeout(500)
    assert [hand["bidder"] for hand in server.hands(game_id)] == ["Bea"]  # once
    expect(page.locator("[data-offline-look] li")).to_have_count(0)
    expect(page.locator("[data-offline-said]")).not_to_have_text(
        "Log in again to send the hands waiting."
    )


def test_a_hand_the_server_refuses_with_a_page_needs_a_look_and_the_others_go_on(
    phone: Callable[..., Any], server: Server
) -> None:
    """Only a redirect to the login page means logged out: a refusal (the game deleted
    meanwhile, 410) moves that hand to "Needs a look" and the next game's hand is sent."""
    gone, other = live(server), live(server)
    page = phone(sync=False).new_page()
    open_game(page, server.url, gone)
    open_game(page, server.url, other)
    page.context.set_offline(True)
    page.goto(f"{server.url}/games/{gone}")  # from the cache
    record(page, THREE[0])
    page.goto(f"{server.url}/games/{other}")
    record(page, THREE[1])
    with server.app.app_context():
        delete_game(db.session.get(Game, gone))
    page.context.set_offline(False)
    wait_for_hands(server, other, 1)
    expect(page.locator("table.hands tbody tr")).to_have_count(1)  # reloaded, stored
    expect(pending(page)).to_have_count(0)
    page.wait_for_function("!!window.HandQueue")
    entries = page.evaluate("HandQueue.all()")
    assert [(entry["game"], entry["state"]) for entry in entries] == [(str(gone), "look")]
    assert entries[0]["messages"] == [GONE]
    expect(page.locator("[data-offline-said]")).not_to_have_text(
        "Log in again to send the hands waiting."
    )


def test_a_hand_kept_for_a_deleted_game_never_lands_in_the_game_given_its_id(
    phone: Callable[..., Any], server: Server
) -> None:
    """Issue 22: a hand kept on the phone for a game deleted meanwhile, whose id another
    game has now (a restore; SQLite before AUTOINCREMENT), is refused by the game's key
    and waits under "Needs a look"; the other game is untouched."""
    gone = live(server)
    page = phone(sync=False).new_page()
    open_game(page, server.url, gone)
    page.context.set_offline(True)
    record(page, THREE[0])
    with server.app.app_context():
        delete_game(db.session.get(Game, gone))
    other = live(server, [dict(PLAYED_HAND)] * 2)
    give_id(server.app, other, gone)
    page.context.set_offline(False)
    look = page.locator("[data-offline-look] li")
    expect(look).to_have_count(1)
    expect(look).to_contain_text(GONE)
    expect(pending(page)).to_have_count(0)
    assert [hand["bidder"] for hand in server.hands(gone)] == ["Cal", "Cal"]


def test_the_next_hand_typed_while_the_one_before_is_sent_gets_the_new_version(
    phone: Callable[..., Any], server: Server
) -> None:
    """Hand 1 kept offline; hand 2 typed on the form from the cache; the connection
    comes back and the form's own flush stores hand 1: Save stores hand 2 as the next
    hand, not refused as "recorded on another phone"."""
    game_id = live(server)
    page = phone(sync=False).new_page()
    open_game(page, server.url, game_id)
    page.context.set_offline(True)
    record(page, THREE[0])
    page.locator("[data-draft-game] a.button").tap()  # the form, from the cache
    page.wait_for_url(re.compile(r"/hands/new$"))
    type_hand(page, THREE[1])
    page.context.set_offline(False)
    wait_for_hands(server, game_id, 1)
    expect(pending(page)).to_have_count(0)
    page.locator(".save-bar button").tap()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    wait_for_hands(server, game_id, 2)
    assert [hand["bidder"] for hand in server.hands(game_id)] == ["Bea", "Ann"]
    expect(page.locator("[data-offline-look] li")).to_have_count(0)


def test_a_form_left_empty_while_the_hand_before_is_sent_opens_again_from_the_server(
    phone: Callable[..., Any], server: Server
) -> None:
    game_id = live(server)
    page = phone(sync=False).new_page()
    open_game(page, server.url, game_id)
    page.context.set_offline(True)
    record(page, THREE[0])
    page.locator("[data-draft-game] a.button").tap()
    page.wait_for_url(re.compile(r"/hands/new$"))
    page.context.set_offline(False)
    wait_for_hands(server, game_id, 1)
    expect(page.locator("h1")).to_have_text("Hand 2")  # the server's form again
    expect(page.locator("html[data-offline-at]")).to_have_count(0)


@pytest.mark.alone  # a new service worker's install in time: failed twice on a busy machine
def test_a_deploy_keeps_the_pages_the_older_worker_kept(
    phone: Callable[..., Any], server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new worker (another VERSION) carries the kept pages into its cache before the
    older caches go, so the game still opens offline after a deploy."""
    game_id = live(server)
    page = phone(sync=False).new_page()
    open_game(page, server.url, game_id)
    page.goto(f"{server.url}/meld")  # a page that does not warm the game's pages again
    monkeypatch.setattr(offline, "_deployed", lambda: "0123456789abcdef")  # the deploy
    page.evaluate("navigator.serviceWorker.getRegistration().then((found) => found.update())")
    page.wait_for_function(
        "caches.keys().then((names) => names.join() === 'scorekeeper-0123456789abcdef')"
    )
    for path in (f"/games/{game_id}", f"/games/{game_id}/hands/new"):
        assert kept(page, path), path
    # the pages kept again from the server, with the new version's static files (every
    # file the kept form links: on a loaded machine the last comes in a while after the first)
    page.wait_for_function(
        """async (path) => {
            const form = await caches.match(path);
            const text = form ? await form.text() : "";
            const links = [...text.matchAll(/(?:href|src)="(\\/static\\/[^"?#]+)/g)];
            const hits = await Promise.all(links.map((link) => caches.match(link[1])));
            return links.length > 0 && hits.every(Boolean);
        }""",
        arg=f"/games/{game_id}/hands/new",
        timeout=20_000,
    )
    said: list[str] = []  # what the page said, should it fail
    page.on("pageerror", lambda error: said.append(str(error)))
    page.on("console", lambda message: said.append(f"{message.type}: {message.text}"))
    server.stop()
    page.context.set_offline(True)
    page.goto(f"{server.url}/games/{game_id}/hands/new")
    assert page.evaluate("document.documentElement.hasAttribute('data-offline-at')"), said
    banner = page.locator("[data-offline-banner]")
    try:
        expect(banner).to_contain_text("Offline: this page as it was at", timeout=10_000)
    except AssertionError as error:  # what the caches held then (it failed so once, alone)
        held = page.evaluate(
            """async () => Object.fromEntries(await Promise.all((await caches.keys()).map(
                async (name) => [name, (await (await caches.open(name)).keys()).map(
                    (request) => new URL(request.url).pathname)])))"""
        )
        raise AssertionError(f"{error}\nthe page said: {said}\nthe caches held: {held}") from None
    expect(page.locator("form.hand-form")).to_be_visible()
    server.start()


def test_hands_waiting_while_the_server_is_killed_are_sent_once_it_is_back(
    phone: Callable[..., Any], server: Server
) -> None:
    game_id = live(server)
    page = phone(sync=False).new_page()
    open_game(page, server.url, game_id)
    page.context.set_offline(True)
    for hand in THREE[:2]:
        record(page, hand)
    server.stop()  # killed while the hands wait
    page.context.set_offline(False)  # the phone is online, the server is not
    page.wait_for_timeout(1_500)
    expect(pending(page)).to_have_count(2)
    server.start()
    wait_for_hands(server, game_id, 2)
    page.wait_for_timeout(500)
    assert [hand["bidder"] for hand in server.hands(game_id)] == ["Bea", "Ann"]


def test_logout_asks_about_waiting_hands_then_clears_the_caches(
    phone: Callable[..., Any], server: Server
) -> None:
    game_id = live(server)
    context = phone()
    page = context.new_page()
    open_game(page, server.url, game_id)
    context.set_offline(True)
    record(page, THREE[0])
    # online again, but the hand cannot get through yet: it still waits
    context.route(
        re.compile(r"/hands/new$"),
        lambda route: route.abort() if route.request.method == "POST" else route.continue_(),
    )
    context.set_offline(False)
    page.goto(server.url + "/")
    logout = page.get_by_role("button", name="Log out")
    logout.tap()
    expect(page.locator("form[action$='/logout'] button")).to_have_text(
        "1 hand waits on this phone, not sent yet: tap again to log out and lose it."
    )
    assert page.url == server.url + "/"
    page.locator("form[action$='/logout'] button").tap()
    page.wait_for_url(re.compile(r"/login"))
    assert page.evaluate("caches.keys()") == []
    assert page.evaluate("indexedDB.databases().then(all => all.map(db => db.name))") == []
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then(all => all.length)") == 0
    assert server.hands(game_id) == []


def test_the_manifest_is_valid_and_the_worker_registers_on_the_scoreboard(
    phone: Callable[..., Any], server: Server
) -> None:
    game_id = live(server)
    page = phone().new_page()
    open_game(page, server.url, game_id)
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == server.url + "/"
    assert page.evaluate("!!navigator.serviceWorker.controller")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    answer = page.context.request.get(server.url + href)
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert manifest["name"] == "Pinochle scorekeeper" and manifest["short_name"]
    assert manifest["display"] == "standalone"
    start = manifest["start_url"]
    assert start.startswith(manifest["scope"]) and scope.endswith(manifest["scope"])
    sizes = set()
    for icon in manifest["icons"]:
        image = page.context.request.get(server.url + icon["src"])
        assert image.status == 200 and image.headers["content-type"].startswith(icon["type"])
        if icon["type"] == "image/png":
            body = image.body()
            width, height = int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert sizes == {192, 512}
    assert page.context.request.get(server.url + start).status == 200


def test_pages_the_worker_does_not_keep_say_they_need_a_connection(
    phone: Callable[..., Any], server: Server
) -> None:
    game_id = live(server)
    page = phone().new_page()
    open_game(page, server.url, game_id)
    page.context.set_offline(True)
    server.stop()
    page.goto(f"{server.url}/stats")
    expect(page.locator("h1")).to_have_text("Needs a connection")
    page.goto(f"{server.url}/meld")
    expect(page.locator("[data-offline-said]")).to_have_text(
        "The meld checker's verdict needs a connection."
    )
    server.start()

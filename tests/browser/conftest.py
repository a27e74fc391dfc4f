"""Browser tests: the app served on 127.0.0.1, driven by Debian's chromium at a phone size.

``playwright install`` cannot download browsers here, so Playwright launches the
system's: Debian's ``chromium-headless-shell`` when it is installed, else its
``chromium``. The shell is the same Chromium build (same Blink, same fonts) in the old
headless mode, the one Playwright itself uses for headless runs; it spends about a
third less CPU a page, and the browser tests are CPU-bound on two cores
(docs/testing.md). Without either (or without the ``playwright`` package) these tests
are skipped with a message saying how to get it; with ``SCOREKEEPER_REQUIRE_BROWSER=1``
(CI) that skip is a failure instead.
"""

from __future__ import annotations

import contextlib
import os
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.accounts.users import create_user
from scorekeeper.extensions import db
from scorekeeper.games.hands import add_hand
from scorekeeper.games.lifecycle import create_game
from tests.databases import database_url

# the first of these that is installed (``apt-get install -y chromium-headless-shell``)
CHROMIUMS = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
CHROMIUM = next((path for path in CHROMIUMS if os.access(path, os.X_OK)), CHROMIUMS[-1])
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
NARROW = {**PHONE, "viewport": {"width": 360, "height": 740}}
WAIT_MS = 10_000  # what an action or an assertion waits for the page, at most
HERE = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in this folder is a ``browser`` test (``-m "not browser"`` leaves them out)."""
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.browser)
            # the live server runs in this process: a browser that drops a request for a
            # static file mid-answer leaves werkzeug's file to the garbage collector
            item.add_marker(pytest.mark.filterwarnings("ignore:unclosed file:ResourceWarning"))
            item.add_marker(
                pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
            )


def _missing() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright not installed: .venv/bin/pip install -e '.[test]'"
    if not os.access(CHROMIUM, os.X_OK):
        return "chromium not installed: apt-get install -y chromium-headless-shell chromium"
    return None


# --- the live server ---------------------------------------------------------------------------


@dataclass
class LiveServer:
    app: Flask
    url: str  # the origin, e.g. http://127.0.0.1:40123


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The app on a fresh database, served from a background thread on a free port."""
    with served(tmp_path_factory.mktemp("live")) as server:
        yield server


@contextlib.contextmanager
def served(folder: Path) -> Iterator[LiveServer]:
    """The app on a fresh database in ``folder``, with the owner's account, served from a
    background thread on a free port until the block ends (a module whose data would
    crowd the shared server's pages overrides ``live_server`` with one of its own)."""
    app = create_app(
        {
            "SECRET_KEY": "browser-tests",
            "SQLALCHEMY_DATABASE_URI": database_url(folder / "browser.db"),
        }
    )
    with app.app_context():
        db.create_all()
        create_user(*OWNER, "owner")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield LiveServer(app, f"http://127.0.0.1:{server.server_port}")
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
        with app.app_context():
            db.engine.dispose()


# --- the browser -------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's chromium, headless, with no background traffic of its own."""
    reason = _missing()
    if reason is not None:
        if os.environ.get("SCOREKEEPER_REQUIRE_BROWSER") == "1":
            pytest.fail(f"{reason} (SCOREKEEPER_REQUIRE_BROWSER=1: browser tests must run)")
        pytest.skip(reason)
    from playwright.sync_api import expect as playwright_expect
    from playwright.sync_api import sync_playwright

    # an assertion waits as long as an action does: on a busy CI machine a page's answer
    # once took over Playwright's default 5 s (an assertion that holds returns at once)
    playwright_expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@dataclass
class RequestLog:
    """Every request the pages made, and every response that was a server error."""

    urls: list[str] = field(default_factory=list)
    server_errors: list[str] = field(default_factory=list)

    def foreign(self, origin: str) -> list[str]:
        """The requests that went anywhere but ``origin`` (data: and about: stay in the page)."""
        return [
            url
            for url in self.urls
            if not (url.startswith(origin + "/") or url.startswith(("data:", "about:")))
        ]


@pytest.fixture
def requests_made() -> RequestLog:
    return RequestLog()


@pytest.fixture
def new_context(
    browser: Any, live_server: LiveServer, requests_made: RequestLog
) -> Iterator[Callable[..., Any]]:
    """Make a browser context (phone-sized unless told otherwise) that logs its requests."""
    contexts: list[Any] = []

    def make(*, login: bool = True, **options: Any) -> Any:
        """A context, logged in as the owner unless ``login=False`` (a stranger)."""
        context = browser.new_context(**{**PHONE, **options})
        context.set_default_timeout(WAIT_MS)
        if login:
            log_in(context, live_server.url)
        context.on("request", lambda request: requests_made.urls.append(request.url))
        context.on(
            "response",
            lambda response: (
                requests_made.server_errors.append(f"{response.status} {response.url}")
                if response.status >= 500
                else None
            ),
        )
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
    assert requests_made.server_errors == [], "the server failed"
    assert requests_made.foreign(live_server.url) == [], "a request left the host"


@pytest.fixture
def page(new_context: Callable[..., Any]) -> Any:
    """A page in a phone-sized context (390×844, touch, 2× pixels)."""
    return new_context().new_page()


# --- helpers the tests share ---------------------------------------------------------------------

OWNER = ("Owner", "a long enough password")


def log_in(context: Any, url: str, name: str = OWNER[0], password: str = OWNER[1]) -> None:
    """Log ``context`` in through the login form's POST (its cookies then carry the session)."""
    page = context.request.get(f"{url}/login")
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page.text())
    assert token, "no CSRF token on the login page"
    answer = context.request.post(
        f"{url}/login",
        form={"csrf_token": token[1], "name": name, "password": password, "remember": "y"},
        max_redirects=0,
    )
    assert answer.status == 302, answer.text()


# a folder to keep the pages' screenshots in, to look at: none kept unless set (making
# them took seconds of every run, and workers running side by side shared one name)
SCREENSHOTS = os.environ.get("SCOREKEEPER_SCREENSHOTS")


def keep_screenshot(page: Any, name: str, *, full_page: bool = True) -> None:
    """A screenshot of ``page`` as ``$SCOREKEEPER_SCREENSHOTS/name``, when that is set
    (``SCOREKEEPER_SCREENSHOTS=/tmp/shots make test``), for a person to look at."""
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / name), full_page=full_page)


def expect(actual: Any, message: str | None = None) -> Any:
    """Playwright's ``expect`` (retrying assertions), imported only once a test runs, so the
    tests are collected, and skipped with a message, where Playwright is not installed.
    It waits ``WAIT_MS`` at most (the ``browser`` fixture sets it)."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(actual, message)


SEATS = ("Ann", "Bea", "Cal", "Dan")  # clockwise: Ann & Cal (Us) against Bea & Dan (Them)


def start_game(page: Any, server: LiveServer, *, target: int | None = None) -> int:
    """Start a partnership game through the new-game page; the game's id."""
    page.goto(server.url + "/games/new")
    for seat, name in enumerate(SEATS, 1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    if target is not None:
        page.locator("summary", has_text="House rules").click()
        page.get_by_label("Game to", exact=True).fill(str(target))
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    return int(page.url.rsplit("/", 1)[1])


def stored_game(
    server: LiveServer,
    hands: list[dict[str, Any]],
    seats: tuple[str, ...] = SEATS,
    side_names: tuple[str, str] = ("Us", "Them"),
    **options: Any,
) -> int:
    """A partnership game with ``hands`` already recorded (through services, not the page).

    ``seats`` are clockwise from the first dealer; in ``hands``, the names of ``SEATS``
    stand for the players in the same seats.
    """
    rename = dict(zip(SEATS, seats, strict=True))
    with server.app.app_context():
        game = create_game(
            "partnership",
            options,
            [(side_names[0], seats[0::2]), (side_names[1], seats[1::2])],
            seating=list(seats),
            first_dealer=seats[0],
        )
        for hand in hands:
            bidder = hand.get("bidder")
            add_hand(game, {**hand, "bidder": rename.get(bidder, bidder)})
        return game.id


def until_followed(assertion: Callable[[], None], *pages: Any, tick: int = 3_000) -> None:
    """Run the ``pages``' timers ``tick`` ms on, again and again, until ``assertion``
    (an ``expect`` with a short timeout) holds: a page that follows the server by a
    timer (follow.js, share.js) asks at once rather than when its tick comes. Each page
    had ``page.clock.install()`` before it loaded; its requests still take real time,
    which the assertion's timeout waits for. Five ticks at most."""
    for attempt in range(5):
        for page in pages:
            page.clock.run_for(tick)
        try:
            assertion()
            return
        except AssertionError:
            if attempt == 4:
                raise


def totals(page: Any) -> list[int]:
    """The side totals shown large on the scoreboard."""
    shown = page.locator(".totals .points").all_inner_texts()
    return [int(text.replace("\u2212", "-")) for text in shown]  # a true minus sign


def horizontal_overflow(page: Any) -> int:
    """How many CSS pixels the page is wider than the phone's screen (0 when nothing
    scrolls sideways). The screen's width, not the window's: a phone lays a page wider
    than itself out at that width and zooms it out to fit, so its window grows with it."""
    return int(
        page.evaluate(
            "Math.max(document.documentElement.scrollWidth, window.innerWidth) - screen.width"
        )
    )


def scrolling_boxes(page: Any) -> list[str]:
    """The boxes inside the page that scroll sideways (a table in an ``overflow-x: auto`` box)."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll("main *")]
                .filter(e => ["auto", "scroll"].includes(getComputedStyle(e).overflowX))
                .filter(e => e.scrollWidth > e.clientWidth + 1)
                .map(e => `${e.tagName.toLowerCase()}.${e.className}: ${e.scrollWidth} px `
                          + `of content in ${e.clientWidth} px`)"""
        )
    )


def too_small(page: Any, selector: str, minimum: float = 44) -> list[str]:
    """The visible elements matching ``selector`` less than ``minimum`` CSS pixels tall."""
    small = []
    for element in page.locator(selector).all():
        if not element.is_visible():
            continue
        box = element.bounding_box()
        if box is not None and box["height"] < minimum:
            label = (element.inner_text() or element.get_attribute("name") or "").strip()
            small.append(f"{selector} {label[:30]!r}: {box['height']:.0f}px")
    return small


def tap_card(page: Any, card: str) -> None:
    """Tap ``card`` (``AH``, ``10H``) in the meld checker's grid, then wait for the new answer.

    One tap at a time, as a careful player taps: the page asks the server after each
    burst of taps and shows its answer (``test_meld`` has the quick taps).
    """
    with page.expect_response(lambda response: "/meld?" in response.url):
        card_cell(page, card).tap()
    expect(page.locator("#results.busy")).to_have_count(0)  # no eval: the CSP forbids it


def card_cell(page: Any, card: str) -> Any:
    """The meld checker's cell for ``card``: the one holding its ``c_<card>`` count."""
    return page.locator(".cell", has=page.locator(f'input[name="c_{card}"]'))


class HeldAnswers:
    """The page's background requests to ``pattern``, held on their way back while ``holding``.

    A slow network, made exact: hold an answer, act on the page, then ``release()``
    it, so a test knows the order in which the page saw things.
    """

    def __init__(self, page: Any, pattern: re.Pattern[str]) -> None:
        self.page = page
        self.holding = False
        self.held: list[tuple[Any, Any]] = []  # (route, the server's answer)
        page.route(pattern, self._handle)

    def _handle(self, route: Any) -> None:
        if self.holding:
            self.held.append((route, route.fetch()))
        else:
            route.continue_()

    def wait_for_one(self, timeout_ms: int = 5_000) -> None:
        """Wait until an answer is held."""
        waited = 0
        while not self.held:
            assert waited < timeout_ms, "the page asked the server nothing"
            self.page.wait_for_timeout(10)
            waited += 10

    def release(self) -> None:
        """Let every held answer reach the page (if it still waits for it), and hold no more."""
        from playwright.sync_api import Error

        self.holding = False
        while self.held:
            route, answer = self.held.pop(0)
            with contextlib.suppress(Error):  # the page may have gone elsewhere meanwhile
                route.fulfill(response=answer)

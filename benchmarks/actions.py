"""Actions per typical hand (issue 14), counted in a browser as a person counts them.

Each hand of ``tests/browser/actions.HANDS`` is played from the scoreboard to the
saved hand by ``actions.Person`` (one call, one action) in Debian's chromium at
390×844, against the app served on 127.0.0.1; ``make bench-web`` prints the counts
(``benchmarks/web.py``). The browser test ``tests/browser/test_actions.py`` holds
the same counts to their targets.
"""

from __future__ import annotations

import logging
import os
import re
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from werkzeug.serving import make_server

from benchmarks.apps import budget_app
from benchmarks.engine import line
from scorekeeper.accounts.users import create_user
from scorekeeper.extensions import db
from tests.browser.actions import HANDS, Hand, Person, new_game
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, OWNER, PHONE, log_in, totals


@dataclass(frozen=True)
class Counted:
    hand: Hand
    actions: int
    next_keys: int  # of the numbers typed, each ended by the keyboard's Next key
    saved: bool  # the scoreboard shows the hand's totals


def why_not() -> str | None:
    """Why the counts cannot be made here, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed"
    if not os.access(CHROMIUM, os.X_OK):
        return f"no chromium at {CHROMIUM}"
    return None


def count_hands(folder: Path) -> list[Counted]:
    """Play each typical hand in chromium, counted, on a new database in ``folder``."""
    from playwright.sync_api import sync_playwright

    app = budget_app(folder)
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request
    with app.app_context():
        create_user(*OWNER, "owner")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_port}"
    counted = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(**PHONE)
            context.set_default_timeout(10_000)
            log_in(context, url)
            page = context.new_page()
            for hand in HANDS:
                game_id = new_game(app, hand)
                page.goto(f"{url}/games/{game_id}")
                person = Person(page)
                hand.script(person)
                page.wait_for_url(re.compile(rf"/games/{game_id}$"))
                saved = totals(page) == list(hand.totals)  # as shown: "−300", a true minus
                counted.append(Counted(hand, person.count, person.next_keys, saved))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
        with app.app_context():
            db.engine.dispose()
    return counted


def report() -> None:
    """Print each hand's count against its target."""
    print("Actions per typical hand, from the scoreboard to the saved hand (chromium, 390×844)")
    reason = why_not()
    if reason is not None:
        line("  not counted", reason)
        return
    with tempfile.TemporaryDirectory() as folder:
        counted = count_hands(Path(folder))
    for result in counted:
        hand = result.hand
        line(
            f"  {hand.kind}",
            f"{result.actions} actions",
            f"at most {hand.target}",
            result.actions <= hand.target and result.saved,
        )
        strict = result.actions + result.next_keys
        line(f"    the keyboard's Next counted as a tap too ({result.next_keys})", f"{strict}")


if __name__ == "__main__":
    report()

"""The table app's budgets (issue 3): the scoreboard page of a 30-hand game; the
actions a typical hand of each kind takes (issue 14, ``benchmarks/actions.py``); and a
hand saved against ``/health``, with its SQL statements (issue 31,
``benchmarks/hand_save.py``).

Size: the page's HTML plus every file under ``/static/`` it links (stylesheets,
scripts, icons, and what the stylesheets themselves load), uncompressed.
Speed: the median of ``REQUESTS`` GETs of the page, in-process with Flask's test
client, after ``WARMUP`` GETs; nothing is measured over a socket.

    python -m benchmarks.web     (make bench-web)
"""

from __future__ import annotations

import random
import re
import statistics
import tempfile
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from flask import Flask
from flask.testing import FlaskClient

from benchmarks import hand_save
from benchmarks.actions import report
from benchmarks.apps import budget_app, logged_in
from benchmarks.engine import line, pin_to_one_core
from scorekeeper.engine.gamefile import to_document
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import with_options
from scorekeeper.engine.simulate import random_game
from scorekeeper.extensions import db
from scorekeeper.games.transfer import import_game

HANDS = 30
SEED = 20261129
REQUESTS = 200
WARMUP = 20

SIZE_BUDGET = 60_000  # bytes of HTML + CSS + JS (and icons), at most
TIME_BUDGET = 0.020  # seconds, median, at most


# --- the page ---------------------------------------------------------------------------


def scoreboard_game(app: Flask, hands: int = HANDS, seed: int = SEED) -> int:
    """A stored partnership game of exactly ``hands`` random hands (a target nobody
    reaches keeps it going); its id.
    """
    rules = with_options(PRESETS["partnership"], {"target": 100_000})
    game = random_game(rules, random.Random(seed), hands=hands)
    assert len(game.hands) == hands, "the game ended early"
    with app.app_context():
        return import_game(to_document(game)).id


def scoreboard_path(game_id: int) -> str:
    return f"/games/{game_id}"


class _Links(HTMLParser):
    """The ``href`` and ``src`` values of a page, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.links += [value for name, value in attrs if name in {"href", "src"} and value]


_CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)['"]?\s*\)|@import\s+['"]([^'"]+)['"]""")


def static_links(base: str, text: str, css: bool = False) -> list[str]:
    """The ``/static/`` paths a page (or, with ``css``, a stylesheet) at ``base`` links."""
    if css:
        found = [first or second for first, second in _CSS_URL.findall(text)]
    else:
        parser = _Links()
        parser.feed(text)
        found = parser.links
    paths = (urlsplit(urljoin(base, link)).path for link in found if not link.startswith("data:"))
    return list(dict.fromkeys(path for path in paths if path.startswith("/static/")))


SERVICE_WORKER = "/sw.js"  # registered by the scoreboard's static/js/offline.js (issue 15)
_MANIFEST = re.compile(r"""<link rel="manifest" href="([^"]+)">""")
_IMPORTS = re.compile(r"""importScripts\(\s*['"]([^'"]+)['"]""")


def page_bytes(client: FlaskClient, path: str) -> dict[str, int]:
    """The bytes of the page at ``path`` and of each static file it loads, by path; for a
    page that registers the service worker, also the web app manifest it links, the
    worker and the scripts the worker imports (a first visit loads them all)."""
    sizes: dict[str, int] = {}
    queue = [path]
    while queue:
        current = queue.pop(0)
        if current in sizes:
            continue
        response = client.get(current, buffered=True)
        assert response.status_code == 200, f"GET {current}: {response.status}"
        body = response.get_data()
        sizes[current] = len(body)
        if current == path or current.endswith(".css"):
            text = body.decode("utf-8")
            queue += static_links(current, text, css=current.endswith(".css"))
        if current == path:
            queue += _MANIFEST.findall(text)
            if "data-offline-register" in text:
                queue.append(SERVICE_WORKER)
        if current == SERVICE_WORKER:
            queue += _IMPORTS.findall(body.decode("utf-8"))
        response.close()
    return sizes


def get_seconds(
    client: FlaskClient, path: str, requests: int = REQUESTS, warmup: int = WARMUP
) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each of ``requests`` GETs of ``path`` (after
    ``warmup`` more). CPU time tells a slow page from a busy machine.
    """
    for _ in range(warmup):
        client.get(path).close()
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(requests):
        start, start_cpu = time.perf_counter(), time.process_time()
        response = client.get(path)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        assert response.status_code == 200
        response.close()
    return wall, cpu


# --- the report --------------------------------------------------------------------------


def main() -> None:
    print(f"Table app budgets: scoreboard of a {HANDS}-hand game ({pin_to_one_core()})")
    with tempfile.TemporaryDirectory() as folder:
        app = budget_app(Path(folder))
        path = scoreboard_path(scoreboard_game(app))
        client = logged_in(app)
        sizes = page_bytes(client, path)
        times, cpu = get_seconds(client, path)
        with app.app_context():
            db.engine.dispose()

    for name, size in sizes.items():
        line(f"  {'page ' + name if name == path else name}", f"{size:,} B")
    total = sum(sizes.values())
    size_met = total < SIZE_BUDGET
    line(
        "HTML + CSS + JS, uncompressed",
        f"{total:,} B",
        f"under {SIZE_BUDGET:,} B",
        size_met,
    )
    median = statistics.median(times)
    time_met = median < TIME_BUDGET
    line(
        f"GET the scoreboard, median of {len(times)}",
        f"{median * 1000:.2f} ms",
        f"under {TIME_BUDGET * 1000:.0f} ms",
        time_met,
    )
    ordered = sorted(times)
    line(
        "  fastest, 90th percentile",
        f"{ordered[0] * 1000:.2f}, {ordered[len(ordered) * 9 // 10] * 1000:.2f} ms",
    )
    line("  CPU time per GET, median", f"{statistics.median(cpu) * 1000:.2f} ms")
    print()
    report()
    hand_save.main()
    hand_save.report_gunicorn()


if __name__ == "__main__":
    main()

"""Score sheet speed (``make bench-pdf``): a 40-hand game's sheet, warm and cold; 100- and
1,000-hand sheets and how their time grows; a blank sheet of a pad's 60 hands.

- warm: the sheet rendered in this process, median of ``REPEATS`` (WeasyPrint
  already imported and its fonts loaded);
- cold: a fresh ``python`` process that imports the app and writes the first
  sheet, as the first download after a server starts (median of 3);
- cached: the same sheet asked again of the app: served from the stored file, and
  with the ETag a 304.

For 100 and 1,000 hands (partnership in tenths: no game ends before): the first
download through the app (nothing stored: the game read, rendered, stored), the render
in-process (median), the download once stored (median), and the growth of the render
from 100 to 1,000 hands (linear: 10 times). A game longer than the app imports is
rendered in-process only.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from benchmarks.apps import logged_in
from benchmarks.engine import line, pin_to_one_core
from scorekeeper import create_app
from scorekeeper.engine.gamefile import dumps, to_document
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import with_options
from scorekeeper.engine.simulate import random_game
from scorekeeper.extensions import db
from scorekeeper.games.transfer import import_game
from scorekeeper.reports import pdf

HANDS = 40
LONG = (100, 1_000)
REPEATS = 7
LONG_REPEATS = 3
GROWTH_TARGET = 12.0  # 10 times the hands: at most 12 times the time
WARM_TARGET = 1.0
COLD_TARGET = 3.0
COLD = """
import sys, time
start = time.perf_counter()
from scorekeeper.reports import pdf
from scorekeeper.engine.gamefile import load
pdf.game_sheet_pdf(load(sys.argv[1]))
print(time.perf_counter() - start)
"""


def forty_hand_game() -> object:
    rules = with_options(PRESETS["partnership"], {"target": 100_000})
    return random_game(rules, random.Random(40), hands=HANDS)


def long_game(hands: int) -> object:
    rules = with_options(PRESETS["partnership-tenths"], {"target": 100_000})
    return random_game(rules, random.Random(hands), hands=hands)


def median_seconds(action: object, repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    print(f"score sheet benchmark: {pin_to_one_core()}, {HANDS}-hand partnership game")
    game = forty_hand_game()
    folder = Path(tempfile.mkdtemp())
    source = folder / "game.json"
    source.write_text(dumps(game), encoding="utf-8")  # type: ignore[arg-type]

    colds = []
    for _ in range(3):
        done = subprocess.run(
            [sys.executable, "-c", COLD, str(source)], capture_output=True, text=True, check=True
        )
        colds.append(float(done.stdout.strip()))
    cold = statistics.median(colds)
    line(
        "first sheet in a new process (import + render)",
        f"{cold:.2f} s",
        f"< {COLD_TARGET:g} s",
        cold < COLD_TARGET,
    )

    pdf.game_sheet_pdf(game)  # type: ignore[arg-type]
    warm = median_seconds(lambda: pdf.game_sheet_pdf(game))  # type: ignore[arg-type]
    line(
        f"sheet rendered in-process, median of {REPEATS}",
        f"{warm:.3f} s",
        f"< {WARM_TARGET:g} s",
        warm < WARM_TARGET,
    )
    html = median_seconds(lambda: pdf.game_sheet_html(game))  # type: ignore[arg-type]
    line("  of which the HTML (template and replay)", f"{html * 1000:.1f} ms")

    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "bench",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.db'}",
            "SHEET_CACHE_FOLDER": str(folder / "sheets"),
        }
    )
    with app.app_context():
        db.create_all()
        game_id = import_game(to_document(game)).id  # type: ignore[arg-type]
    client = logged_in(app)
    first = client.get(f"/games/{game_id}/sheet.pdf")
    etag = first.headers["ETag"]
    again = median_seconds(lambda: client.get(f"/games/{game_id}/sheet.pdf"))
    line("the same sheet downloaded again (stored file)", f"{again * 1000:.1f} ms")
    not_modified = median_seconds(
        lambda: client.get(f"/games/{game_id}/sheet.pdf", headers={"If-None-Match": etag})
    )
    line("  with its ETag (304 Not Modified)", f"{not_modified * 1000:.1f} ms")
    line("sheet size", f"{len(first.data):,} B")

    warms = {hands: long_sheet(app, client, hands) for hands in LONG}
    growth = warms[LONG[1]] / warms[LONG[0]]
    line(
        f"render growth, {LONG[0]:,} to {LONG[1]:,} hands",
        f"{growth:.1f} x",
        f"< {GROWTH_TARGET:g} x",
        growth < GROWTH_TARGET,
    )
    blank = f"/sheets/blank.pdf?hands={pdf.MAX_BLANK_HANDS}"
    start = time.perf_counter()
    client.get(blank)
    line(f"blank sheet, {pdf.MAX_BLANK_HANDS} hands: first download", f"{timed_since(start):.2f} s")
    stored = median_seconds(lambda: client.get(blank))
    line("  downloaded again (stored file)", f"{stored * 1000:.1f} ms")


def timed_since(start: float) -> float:
    return time.perf_counter() - start


def long_sheet(app: Flask, client: FlaskClient, hands: int) -> float:
    """Print the figures of a ``hands``-hand sheet; the in-process render's median."""
    game = long_game(hands)
    warm = median_seconds(lambda: pdf.game_sheet_pdf(game), LONG_REPEATS)  # type: ignore[arg-type]
    try:
        with app.app_context():
            game_id = import_game(to_document(game), rate=False).id  # type: ignore[arg-type]
    except ValueError as exc:  # longer than a game may be
        line(f"{hands:,}-hand sheet rendered in-process, median", f"{warm:.2f} s")
        line(f"  not imported: {exc}"[:56], "")
        return warm
    path = f"/games/{game_id}/sheet.pdf"
    start = time.perf_counter()
    first = client.get(path)
    cold = timed_since(start)
    line(f"{hands:,}-hand sheet: first download (read, render, store)", f"{cold:.2f} s")
    line(f"  rendered in-process, median of {LONG_REPEATS}", f"{warm:.2f} s")
    stored = median_seconds(lambda: client.get(path))
    line("  downloaded again (stored file, median)", f"{stored * 1000:.1f} ms")
    line("  sheet size", f"{len(first.data):,} B")
    return warm


if __name__ == "__main__":
    main()

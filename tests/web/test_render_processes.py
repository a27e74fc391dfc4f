"""PDF renders in processes of their own (reports/render_processes.py): the server's
other threads never wait for the interpreter's lock behind WeasyPrint. What the load
costs with and without them: ``make bench-prints`` (benchmarks/prints_load.py)."""

from __future__ import annotations

import io
import multiprocessing
import os
from pathlib import Path

import pytest
from pypdf import PdfReader
from werkzeug.exceptions import ServiceUnavailable

from scorekeeper.reports import render_processes
from scorekeeper.reports.pdf import weasyprint_pdf
from scorekeeper.reports.render_processes import RenderProcessGoneError
from scorekeeper.web.renders import RETRY_AFTER, render_slot
from tests.web.conftest import played_game, test_app

PARENT = "SCOREKEEPER_TEST_RENDER_PARENT"  # the test's process id, for its render processes


def dies_apart(html: str) -> bytes:
    """A render whose process dies (in the test's own process: a plain answer)."""
    if os.getpid() != int(os.environ[PARENT]):
        os._exit(3)
    return b"made here: " + html.encode()


def where(html: str) -> bytes:
    """The process a render ran in, and its priority."""
    return f"{os.getpid()} {os.getpriority(os.PRIO_PROCESS, 0)}".encode()


@pytest.mark.database
def test_a_game_sheet_is_rendered_in_a_render_process_of_lower_priority(
    tmp_path: Path,
) -> None:
    app = test_app(tmp_path / "apart.db", SHEET_RENDERS_APART=True)
    game_id = played_game(app, 3)
    sheet = app.test_client().get(f"/games/{game_id}/sheet.pdf")
    assert sheet.status_code == 200 and sheet.mimetype == "application/pdf"
    words = PdfReader(io.BytesIO(sheet.data)).pages[0].extract_text()
    assert "Ann" in words and "Bea" in words
    assert app.config["SHEET_RENDERS"] in render_processes._POOLS  # the sheet's made it
    with render_processes.rendering_apart(app.config["SHEET_RENDERS"]):  # the same pool
        pid, niceness = render_processes.render("", where).decode().split()
    assert int(pid) != os.getpid()
    assert int(pid) in {child.pid for child in multiprocessing.active_children()}
    lowest = 19  # os.nice stops there
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    assert int(niceness) == min(ours + render_processes.NICENESS, lowest)


def test_without_a_render_process_the_render_is_made_here() -> None:
    assert render_processes.render("", where).decode().split()[0] == str(os.getpid())
    html = "<p>Ann</p>"
    with render_processes.rendering_apart(0):
        made = render_processes.render(html, weasyprint_pdf)
    assert "Ann" in PdfReader(io.BytesIO(made)).pages[0].extract_text()


@pytest.mark.database
def test_a_render_whose_process_dies_is_refused_and_the_next_one_made(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Never made again in the server's process (a render that crashed one process
    could crash the server): the sheet is a 503 to try again, in a new process."""
    monkeypatch.setenv(PARENT, str(os.getpid()))
    with render_processes.rendering_apart(1), pytest.raises(RenderProcessGoneError):
        render_processes.render("sheet", dies_apart)
    with render_processes.rendering_apart(1):  # the dead pool is gone: a new one
        pid = render_processes.render("", where).decode().split()[0]
    assert pid != str(os.getpid())
    app = test_app(tmp_path / "gone.db", SHEET_RENDERS_APART=True, SHEET_RENDERS=1)
    with (
        app.test_request_context(),
        pytest.raises(ServiceUnavailable) as refused,
        render_slot(),
    ):
        render_processes.render("sheet", dies_apart)
    assert refused.value.retry_after == RETRY_AFTER
    assert "Try again in a few seconds" in str(refused.value.description)
    with app.test_request_context(), render_slot():  # the slot given back
        assert render_processes.render("", where).decode().split()[0] != str(os.getpid())

"""A bounded number of PDF renders at once in each server process.

WeasyPrint holds a request's thread (and most of a core) for as long as a render
takes; a few at once would take every thread of the server, and the pages, the API
and ``/health`` would wait behind them. So a render first takes one of
``SHEET_RENDERS`` slots; a request that gets none within ``SHEET_RENDER_WAIT``
seconds is answered 503 with a ``Retry-After`` and a sentence, its thread free again.
At most as many requests wait as there are slots: more are answered 503 at once, so
renders and their queue hold at most twice ``SHEET_RENDERS`` of the server's threads.
The render itself runs in a process of its own (``reports.render_processes``), so the
server's other threads never wait for the interpreter's lock behind it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from flask import current_app
from flask_babel import gettext as _
from werkzeug.exceptions import ServiceUnavailable

from scorekeeper.reports.render_processes import RenderProcessGoneError, rendering_apart

RETRY_AFTER = 5  # seconds, in the 503's Retry-After

_CREATING = threading.Lock()


def _busy() -> str:
    """The 503's sentence, in the page's language."""
    return _("Other score sheets are being made just now. Try again in a few seconds.")


class Slots:
    """Render slots, and how many requests wait for one."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.free = threading.BoundedSemaphore(size)
        self.waiting = 0
        self.lock = threading.Lock()

    def take(self, wait: float) -> bool:
        """Take a slot: at once, or within ``wait`` seconds if few others wait."""
        if self.free.acquire(blocking=False):
            return True
        with self.lock:
            if self.waiting >= self.size:
                return False
            self.waiting += 1
        try:
            return self.free.acquire(timeout=wait)
        finally:
            with self.lock:
                self.waiting -= 1

    def give_back(self) -> None:
        self.free.release()


def _slots() -> Slots:
    """The app's render slots, made on first use from its configuration."""
    extensions = current_app.extensions
    with _CREATING:
        slots = extensions.get("sheet_renders")
        if slots is None:
            slots = Slots(int(current_app.config["SHEET_RENDERS"]))
            extensions["sheet_renders"] = slots
    return slots  # type: ignore[no-any-return]


@contextmanager
def render_slot() -> Iterator[None]:
    """Hold a render slot for the block, or refuse the request with 503 (Retry-After)."""
    slots = _slots()
    if not slots.take(float(current_app.config["SHEET_RENDER_WAIT"])):
        raise ServiceUnavailable(_busy(), retry_after=RETRY_AFTER)
    apart = slots.size if current_app.config["SHEET_RENDERS_APART"] else 0
    try:
        with rendering_apart(apart):
            yield
    except RenderProcessGoneError:  # its process died: a new one for the next try
        raise ServiceUnavailable(_busy(), retry_after=RETRY_AFTER) from None
    finally:
        slots.give_back()

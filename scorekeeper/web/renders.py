"""A bounded number of PDF renders at once in each server process.

WeasyPrint holds a request's thread (and most of a core) for as long as a render
takes; a few at once would take every thread of the server, and the pages, the API
and ``/health`` would wait behind them. So a render first takes one of
``SHEET_RENDERS`` slots; a request that gets none within ``SHEET_RENDER_WAIT``
seconds is answered 503 with a ``Retry-After`` and a sentence, its thread free again.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from flask import current_app
from flask_babel import gettext as _
from werkzeug.exceptions import ServiceUnavailable

RETRY_AFTER = 5  # seconds, in the 503's Retry-After

_CREATING = threading.Lock()


def _slots() -> threading.BoundedSemaphore:
    """The app's render slots, made on first use from its configuration."""
    extensions = current_app.extensions
    with _CREATING:
        slots = extensions.get("sheet_renders")
        if slots is None:
            slots = threading.BoundedSemaphore(int(current_app.config["SHEET_RENDERS"]))
            extensions["sheet_renders"] = slots
    return slots  # type: ignore[no-any-return]


@contextmanager
def render_slot() -> Iterator[None]:
    """Hold a render slot for the block, or refuse the request with 503 (Retry-After)."""
    slots = _slots()
    if not slots.acquire(timeout=float(current_app.config["SHEET_RENDER_WAIT"])):
        raise ServiceUnavailable(
            _("Other score sheets are being made just now. Try again in a few seconds."),
            retry_after=RETRY_AFTER,
        )
    try:
        yield
    finally:
        slots.release()

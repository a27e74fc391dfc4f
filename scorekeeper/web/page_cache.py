"""Pages of long games rendered once per change, and answered 304 while unchanged.

The scoreboard, its share link's page and the printed sheet of a 1,000-hand game cost
a whole replay and 700 kB of HTML to make: readers polling one would cost each time
what a writer's change costs once. So what depends only on the game (its change stamp,
``games.stored.game_stamp``), the language and the page's kind is kept here, in each
server process, bounded in bytes (``PAGE_CACHE_BYTES``), the least recently used
going first; a page that holds nothing of its reader (the share page, the print view)
is kept whole, with its gzip and brotli forms made once. Every such page carries a weak
``ETag`` of what it depends on, and a request sending it back (``If-None-Match``) is
answered 304 before anything but the stamp is read.
"""

from __future__ import annotations

import gzip
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

import brotli
from flask import Response, current_app, request

ENCODINGS = ("br", "gzip")  # the client's choice among them, else none
GZIP_LEVEL = 6  # as Flask-Compress's COMPRESS_LEVEL
BROTLI_QUALITY = 4  # as Flask-Compress's COMPRESS_BR_LEVEL


@dataclass
class Page:
    """A whole page, kept: its HTML and each encoding of it made so far."""

    html: str
    encoded: dict[str, bytes] = field(default_factory=dict)

    def body(self, encoding: str | None) -> bytes:
        if encoding is None:
            return self.html.encode()
        if encoding not in self.encoded:
            self.encoded[encoding] = encoded(self.html.encode(), encoding)
        return self.encoded[encoding]


def encoded(raw: bytes, encoding: str) -> bytes:
    """``raw`` in ``encoding`` (one of ``ENCODINGS``), as Flask-Compress makes it."""
    if encoding == "br":
        return bytes(brotli.compress(raw, quality=BROTLI_QUALITY))
    return gzip.compress(raw, GZIP_LEVEL)


def compress_refusal(response: Response) -> Response:
    """A refusal (4xx, 5xx) compressed as a page is when the client asks: Flask-Compress
    leaves every answer outside 2xx as it is, and a refused form on a long game's
    scoreboard is that whole page again. Runs before Flask-Compress's ``after_request``
    (registered after it), which then leaves it be."""
    config = current_app.config
    if (
        response.status_code < 400
        or response.is_streamed
        or response.direct_passthrough
        or "Content-Encoding" in response.headers
        or response.mimetype not in config["COMPRESS_MIMETYPES"]
    ):
        return response
    encoding = request.accept_encodings.best_match(ENCODINGS)
    raw = response.get_data()
    if encoding is None or len(raw) < config["COMPRESS_MIN_SIZE"]:
        return response
    response.set_data(encoded(raw, encoding))
    response.headers["Content-Encoding"] = encoding
    response.vary.add("Accept-Encoding")
    return response


class PageCache:
    """Values by key, at most ``most`` bytes of them (as their makers count), the least
    recently used dropped first."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.used = 0
        self.entries: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        with self.lock:
            found = self.entries.get(key)
            if found is None:
                return None
            self.entries.move_to_end(key)
            return found[0]

    def put(self, key: Hashable, value: Any, size: int) -> None:
        if size > self.most:
            return
        with self.lock:
            old = self.entries.pop(key, None)
            if old is not None:
                self.used -= old[1]
            self.entries[key] = (value, size)
            self.used += size
            while self.used > self.most:
                _key, (_value, dropped) = self.entries.popitem(last=False)
                self.used -= dropped

    def kept(self, key: Hashable, make: Callable[[], tuple[Any, int]]) -> Any:
        """The value kept for ``key``, or ``make()``'s (value, size), kept."""
        found = self.get(key)
        if found is None:
            found, size = make()
            self.put(key, found, size)
        return found


def page_cache() -> PageCache:
    """This app's cache (in this process)."""
    extensions = current_app.extensions
    cache = extensions.get("page_cache")
    if cache is None:
        cache = extensions.setdefault(
            "page_cache", PageCache(int(current_app.config["PAGE_CACHE_BYTES"]))
        )
    return cache  # type: ignore[no-any-return]


def etag_of(*parts: object) -> str:
    return hashlib.sha256("\x1f".join(map(str, parts)).encode()).hexdigest()[:32]


def unchanged(etag: str) -> bool:
    """Whether the request sends back ``etag`` (weakly: with any encoding's suffix)."""
    sent = request.if_none_match
    return any(sent.contains_weak(tag) for tag in (etag, *(f"{etag}:{e}" for e in ENCODINGS)))


def not_modified(etag: str) -> Response:
    response = Response(status=304)
    _headers(response, etag)
    return response


def page_response(page: Page, etag: str, mimetype: str = "text/html") -> Response:
    """A kept page (or JSON answer), in the encoding the client takes best (made once)."""
    encoding = request.accept_encodings.best_match(ENCODINGS)
    response = Response(page.body(encoding), mimetype=mimetype)
    if encoding is not None:
        response.headers["Content-Encoding"] = encoding  # (Flask-Compress leaves it)
    _headers(response, etag)
    return response


def with_etag(response: Response, etag: str) -> Response:
    _headers(response, etag)
    return response


def _headers(response: Response, etag: str) -> None:
    response.set_etag(etag, weak=True)
    response.headers["Cache-Control"] = "no-cache"  # ask again; 304 while unchanged
    response.vary.add("Accept-Encoding")

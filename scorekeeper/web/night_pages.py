"""A club night's pages made once per change of the night, and answered 304 while unchanged.

The event's page and the room's display replay every table's game of the night (and the
event's page runs the movement for the next round): 96 games at 12 tables × 8 rounds.
The display and each director's screen ask for them all night, so what they show is
kept in the process's page cache (``page_cache``) under what it is made from: the
night's stamp (``club.events.night_stamp``: every table's game version, the
rounds seated, time called and closed, the entrants in their order, the adjustments,
the night's own row), the language, and who reads (the role; the session's CSRF
secret where the page carries forms). A reader who sends the page's ``ETag`` back gets
304.

A page that shows the time (a round's clock, the minutes a table has played) is kept
until those words change (``club.clock.next_tick``: the next whole minute from an open
round's seating), then made again. A page with a message flashed to its reader is
made for that reader alone, never kept.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from flask import Response, abort, make_response, session
from flask_wtf.csrf import generate_csrf

from scorekeeper.club import clock
from scorekeeper.club import events as club_events
from scorekeeper.i18n.languages import language as page_language
from scorekeeper.web import page_cache
from scorekeeper.web.auth import can, current_role
from scorekeeper.web.public_address import public_base


@dataclass(frozen=True)
class NightPage:
    """A page of the night, kept: its HTML (each encoding made once) and, when it shows
    the time, when its words of time change."""

    page: page_cache.Page
    since: datetime
    until: datetime | None

    def shows(self, now: datetime) -> bool:
        """Whether its words of time are those of ``now`` (a clock set back included)."""
        return self.until is None or self.since <= now < self.until


@dataclass(frozen=True)
class Making:
    """What a page is made at: the night's stamp, read before anything the page shows
    (the display carries it, and asks for the page again when it changes), and the time
    its words of time are said at (their next change counted from it, never later)."""

    stamp: str
    at: datetime


# what a page maker returns: its HTML, and when its words of time change (None: never)
Made = tuple[str, datetime | None]


def night_page(event_id: int, kind: str, make: Callable[[Making], Made]) -> Response:
    """The night's page ``kind`` ("event", "display", ...): the kept one while the night
    has not changed (304 for a reader who has it), else ``make``'s, kept; 404 when the
    night is not stored. A kept page reads the night's key and stamp, nothing more."""
    stamped = club_events.night_stamp(event_id)
    if stamped is None:
        abort(404)
    making = Making(stamped[1], clock.now())
    if session.get("_flashes"):  # a message for this reader: theirs alone
        return make_response(make(making)[0])
    key = _key(event_id, *stamped, kind)
    cache = page_cache.page_cache()
    kept: NightPage | None = cache.get(key)
    if kept is None or not kept.shows(making.at):
        html, until = make(making)
        kept = NightPage(page_cache.Page(html), making.at, until)
        cache.put(key, kept, 2 * len(html))  # the HTML and its compressed forms
    etag = page_cache.etag_of(*key, kept.until)
    if page_cache.unchanged(etag):
        return page_cache.not_modified(etag)
    return page_cache.page_response(kept.page, etag)


def _key(event_id: int, event_key: str, stamp: str, kind: str) -> tuple[object, ...]:
    """What the page is made from (the stamp read before the page: a change stored while
    it is made is in the next stamp, so the page is made again)."""
    writes = can("scorekeeper")
    return (
        "night",
        kind,
        event_id,
        event_key,
        stamp,
        page_language(),
        current_role(),
        writes,
        _csrf_secret() if writes else None,
        public_base() if writes else None,  # where the director's codes send phones
    )


def _csrf_secret() -> str:
    """A digest of the session's CSRF secret, which the page's forms carry (made now if
    missing, as the page would make it)."""
    generate_csrf()
    return hashlib.sha256(str(session.get("csrf_token", "")).encode()).hexdigest()[:16]

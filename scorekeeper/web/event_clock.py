"""A club night round's clock on a page (docs/club-nights.md): its words, read by the
server so that the page says them without JavaScript, and what static/js/clock.js needs
to count them down each minute without a reload (when time is up, in seconds since
1970, and the words by CLDR plural category, as the offline scripts have theirs)."""

from __future__ import annotations

from calendar import timegm

from flask import Flask
from flask_babel import gettext as _
from flask_babel import ngettext
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from scorekeeper.engine.club.round_clock import RoundClock
from scorekeeper.web.offline import plural


def _left(minutes: int) -> str:
    return ngettext("%(num)s minute left", "%(num)s minutes left", minutes)


def _over(minutes: int) -> str:
    return ngettext(
        "Time is up (%(num)s minute over)", "Time is up (%(num)s minutes over)", minutes
    )


def clock_words(clock: RoundClock) -> str:
    """ "12 minutes left", "Time is up (3 minutes over)", or "Time is up"."""
    if clock.left:
        return _left(clock.left)
    return _over(clock.over) if clock.over else _("Time is up")


def clock_script(clock: RoundClock) -> Markup:
    """The clock for static/js/clock.js: JSON safe in a single-quoted attribute."""
    return htmlsafe_json_dumps(
        {
            # the stored times are UTC without a zone
            "end": timegm(clock.ends_at.timetuple()),
            "left": clock.left,
            "over": clock.over,
            "words": {
                "left": plural(_left),
                "over": plural(_over),
                "up": _("Time is up"),
            },
        },
        separators=(",", ":"),
    )


def install_clock(app: Flask) -> None:
    """The clock's helpers, for every page's template (the event's, the display, a
    table's scoreboard and hand form)."""
    app.jinja_env.globals.update(clock_words=clock_words, clock_script=clock_script)

"""The one rule for a director's free text: an adjustment's reason, a correction's, a
round closed while its tables played (docs/club-nights.md).

A reason is stored as ``checked_reason`` returns it: NFC-normalised, each run of white
space (a tab, a line break) made one space, trimmed. It is refused (``GameError``, a
sentence naming where it was typed) when it holds a NUL or another control character,
a lone UTF-16 surrogate (no character: it cannot be stored as UTF-8), a character that
turns the direction of text, or more than ``REASON_LIMIT`` characters. Every door (the
pages, the API, an event file, ``scorekeeper import``) asks this one rule. A backup's
restore takes all this rule takes and what older versions stored before it, refusing
only a NUL and a lone surrogate, which no database stores (``restorable_reason`` for a
night's adjustments, ``backup.checks`` for every text): whatever was accepted restores.

>>> checked_reason("  late\\tarrival \\n ", "the reason")
'late arrival'
>>> checked_reason("A\\x00B", "the reason")
Traceback (most recent call last):
...
scorekeeper.engine.errors.GameError: the reason 'A\\x00B' holds the control character \
U+0000: a reason is letters, digits, spaces, marks and signs
"""

from __future__ import annotations

import unicodedata

from .errors import GameError
from .people import DIRECTION

REASON_LIMIT = 500  # characters, after normalising


def checked_reason(text: str, where: str, limit: int = REASON_LIMIT) -> str:
    """``text`` as a reason is stored (see the module), or ``GameError``; ``""`` is a
    reason too (whoever needs one says so). ``where`` names the field for the sentence."""
    for char in text:
        if unicodedata.category(char) == "Cs":
            raise GameError("reason_surrogate", where=where, char=_code(char))
    reason = unicodedata.normalize("NFC", " ".join(text.split()))
    for char in reason:
        if unicodedata.category(char) in ("Cc", "Zl", "Zp"):
            raise GameError("reason_control", where=where, reason=reason, char=_code(char))
        if char in DIRECTION:
            raise GameError("reason_direction", where=where, reason=reason, char=_code(char))
    if len(reason) > limit:
        raise GameError("reason_too_long", where=where, limit=limit, got=len(reason))
    return reason


def restorable_reason(text: str, where: str) -> str:
    """A reason as a backup holds it, refused only for what no database stores (a NUL,
    a lone surrogate): an older version stored reasons without this module's rule (any
    length, any character but those), and its backups restore as they are."""
    for char in text:
        if char == "\x00":
            raise GameError("reason_control", where=where, reason=text, char=_code(char))
        if unicodedata.category(char) == "Cs":
            raise GameError("reason_surrogate", where=where, char=_code(char))
    return text


def _code(char: str) -> str:
    return f"U+{ord(char):04X}"

"""What every command shares: the exit statuses and the way text reaches the terminal."""

from __future__ import annotations

import json
import os
import sys
import unicodedata
from typing import Any, Protocol

from scorekeeper.engine.people import DIRECTION

OK, NOT_VALID, BAD_INPUT, INTERNAL_ERROR = 0, 1, 2, 3
BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell tool reports when its reader goes away
INTERRUPTED = 130  # 128 + SIGINT: Ctrl-C
WIDTH = 80
# the app's languages (``i18n.LANGUAGES``, named here so as not to import Flask with it)
ENGLISH = "en"
LANGUAGES = (ENGLISH, "fr", "pl", "nl")


def say_error(line: str) -> None:
    """``line`` on standard error, escaped (``terminal_text``)."""
    print(terminal_text(line), file=sys.stderr)


def say(text: str) -> None:
    """``text`` for people on standard output, escaped (``terminal_text``)."""
    print(terminal_text(text))


def json_line(document: object) -> str:
    """``document`` as one line of JSON, non-ASCII characters as they are."""
    return json.dumps(document, ensure_ascii=False)


def terminal_text(text: str) -> str:
    r"""``text`` safe to show on a terminal: each control character but the newline, each
    character that turns the direction of text and each lone surrogate written as its
    escape, so a name stored before the name rule (or a file's text in a refusal) can
    neither move the cursor, recolour the screen nor turn a line around.

    >>> terminal_text("Ann\x1b[2J and \u202eBea\nnext line")
    'Ann\\x1b[2J and \\u202eBea\nnext line'
    """
    return "".join(_escaped(char) for char in text)


def _escaped(char: str) -> str:
    if char == "\n":
        return char
    if unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp") or char in DIRECTION:
        return char.encode("unicode_escape").decode("ascii")
    return char


def silence_stdout() -> None:
    """Send what is left for standard output nowhere, so exiting does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


class Coded(Protocol):
    """An engine refusal or notice: a code and the values of its sentence."""

    code: str
    values: dict[str, Any]


def in_words(coded: Coded, language: str = ENGLISH) -> str:
    """The engine's sentence for ``coded`` in ``language``. English is the engine's own
    sentence; another language reads the catalogs through ``scorekeeper.i18n`` (and so
    imports Flask-Babel), only when it is asked for."""
    if language == ENGLISH:
        return str(coded)
    from scorekeeper.i18n.languages import in_language
    from scorekeeper.i18n.refusals import engine_message

    with in_language(language):
        return engine_message(coded)

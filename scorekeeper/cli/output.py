"""What every command shares: the exit statuses and the way text reaches the terminal."""

from __future__ import annotations

import argparse
import json
import os
import sys
import unicodedata
from collections.abc import Callable
from typing import Any, Protocol

from scorekeeper.engine.people import DIRECTION

OK, NOT_VALID, BAD_INPUT, INTERNAL_ERROR = 0, 1, 2, 3
BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell tool reports when its reader goes away
INTERRUPTED = 130  # 128 + SIGINT: Ctrl-C
WIDTH = 80
# the app's languages (``i18n.LANGUAGES``, named here so as not to import Flask with it)
ENGLISH = "en"
LANGUAGES = (ENGLISH, "fr", "pl", "nl")


def ascii_number(most_digits: int) -> Callable[[str], int]:
    """An argument's type: a whole number written in the digits 0 to 9 only, at most
    ``most_digits`` of them (``int`` would read "٣" and "３" as 3, and any length);
    argparse turns a refusal into exit 2 with the sentence.

    >>> ascii_number(6)("42")
    42
    >>> ascii_number(6)("４２")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: a whole number in the digits 0 to 9, not '４２'
    """

    def number(text: str) -> int:
        digits = text.strip()  # (spaces around it only ASCII ones: the text is ASCII)
        if not (text.isascii() and digits.isdigit() and len(digits) <= most_digits):
            raise argparse.ArgumentTypeError(f"a whole number in the digits 0 to 9, not {text!r}")
        return int(digits)

    number.__name__ = "number"  # argparse's "invalid number value" when it cannot say more
    return number


def port_number(text: str) -> int:
    """An argument's type: a port, 0 to 65535, in the digits 0 to 9."""
    try:
        port = ascii_number(5)(text)
    except argparse.ArgumentTypeError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"invalid port {text!r}: expected 0 to 65535")
    return port


COUNT = ascii_number(6)  # hands, games, players, entrants, rounds, an entrant's number
ROW_ID = ascii_number(18)  # a stored game's or night's id (the web's ids: web.DigitsConverter)


def say_error(line: str) -> None:
    """``line`` on standard error, escaped (``terminal_text``)."""
    print(terminal_text(line), file=sys.stderr)


def say(text: str) -> None:
    """``text`` for people on standard output, escaped (``terminal_text``)."""
    print(terminal_text(text))


def aligned(columns: list[str], rows: list[list[str]], left: str) -> list[str]:
    """A table's lines: the header ``columns``, then ``rows``, each column as wide as its
    widest cell, the column named ``left`` to the left and the others to the right.

    >>> aligned(["place", "name"], [["1", "Ann"], ["10", "Bea"]], left="name")
    ['place  name', '    1  Ann', '   10  Bea']
    """
    widths = [max(len(cell) for cell in column) for column in zip(columns, *rows, strict=True)]
    return [
        "  ".join(
            f"{cell:<{width}}" if name == left else f"{cell:>{width}}"
            for cell, width, name in zip(cells, widths, columns, strict=True)
        ).rstrip()
        for cells in (columns, *rows)
    ]


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

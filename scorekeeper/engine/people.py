"""The one rule for the names people give: players, sides, seasons, users, API tokens.

A name is stored and compared as ``checked_name`` returns it: NFC-normalised, its runs
of spaces made one space, trimmed, without invisible format characters that carry no
meaning in a name (zero-width space, word joiner, byte-order mark, soft hyphen). It is
refused (``NameRefusedError``, a sentence naming the field) when it holds a control
character, a character that turns the direction of text (bidi overrides, embeddings,
isolates and marks), a lone UTF-16 surrogate (no character: it cannot be stored as
UTF-8), no visible character at all, or more than ``NAME_LIMIT`` characters.

>>> checked_name("  Ann\\u00a0 Marie ", "player")
'Ann Marie'
>>> checked_name("Cafe\\u0301", "side") == "Caf\\u00e9"
True
>>> checked_name("A\\x1bB", "player")
Traceback (most recent call last):
...
scorekeeper.engine.people.NameRefusedError: a player's name 'A\\x1bB' holds the control \
character U+001B: a name is letters, digits, spaces, marks and signs
"""

from __future__ import annotations

import unicodedata

from .errors import GameError

NAME_LIMIT = 60  # characters, after normalising (every name column is VARCHAR(60))

# whose name it is -> the words a sentence calls it (translated with the sentence)
FIELDS: dict[str, str] = {
    "player": "a player's name",
    "side": "a side's name",
    "season": "a season's name",
    "event": "an event's name",
    "competition": "a competition's name",
    "user": "a user's name",
    "label": "a token's name",
    "club": "a club's name",
}
# characters that turn the direction of text (Unicode's bidi controls, UAX #9)
DIRECTION = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# invisible characters that mean nothing in a name: dropped (so "Ann\u200b" is "Ann")
DROPPED = frozenset("\u00ad\u180e\u200b\u2060\ufeff")
VISIBLE = ("L", "N", "P", "S")  # the categories a reader sees: letters, numbers, marks of
# punctuation, symbols (a combining mark alone shows nothing)
# letters and signs that show nothing all the same: the Hangul fillers, the blank Braille cell
BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# the joiners some scripts need between two letters (Persian, Indic, emoji sequences):
# kept there, dropped anywhere else ("Olga\u200c" is "Olga")
JOINERS = frozenset("\u200c\u200d")
# no character a name may hold: unassigned code points and noncharacters, private use, and
# format characters other than the joiners (the direction ones are refused by their name)
REFUSED = ("Cn", "Co", "Cf")
CONTROL = ("Cc", "Zl", "Zp")  # control characters, line and paragraph separators


class NameRefusedError(GameError):
    """A name that breaks the name rule; ``values["whose"]`` says whose name it is."""


def checked_name(text: str, field: str) -> str:
    """``text`` as a name is stored (see the module), or ``NameRefusedError``.

    ``field`` is one of ``FIELDS``: whose name it is, for the sentence.
    """
    where = FIELDS[field]
    for char in text:
        category = unicodedata.category(char)
        if category == "Cs":
            raise NameRefusedError("name_surrogate", whose=where, char=_code(char))
    name = normal_name(text)
    for char in name:
        if unicodedata.category(char) in CONTROL:
            raise NameRefusedError("name_control", whose=where, name=name, char=_code(char))
        if char in DIRECTION:
            raise NameRefusedError("name_direction", whose=where, name=name, char=_code(char))
    if not name and all(char in DROPPED or char.isspace() for char in text):
        raise NameRefusedError("name_empty", whose=where)
    if not any(visible(char) for char in name):
        raise NameRefusedError("name_invisible", whose=where, name=name)
    for char in name:
        if unicodedata.category(char) in REFUSED and char not in JOINERS:
            raise NameRefusedError("name_control", whose=where, name=name, char=_code(char))
    if len(name) > NAME_LIMIT:
        raise NameRefusedError(
            "name_too_long", whose=where, name=_start(name), length=len(name), limit=NAME_LIMIT
        )
    return name


SHOWN = 20  # characters of a name too long that its sentence quotes


def _start(name: str) -> str:
    """The first ``SHOWN`` characters of a name too long to quote whole (a paste of
    10,000 characters is named, not copied into the sentence).

    >>> _start("A" * 61)
    'AAAAAAAAAAAAAAAAAAAA…'
    """
    return name[:SHOWN] + "\u2026" if len(name) > SHOWN else name


def side_name(players: list[str] | tuple[str, ...]) -> str:
    """The name a side gets when it is given none: its players' names joined, cut to
    ``NAME_LIMIT`` characters (with an ellipsis) when that is longer.

    >>> side_name(["Ann", "Ben"])
    'Ann & Ben'
    >>> len(side_name(["A" * 60, "B" * 60])) == NAME_LIMIT
    True
    """
    name = " & ".join(normal_name(player) for player in players)
    if len(name) <= NAME_LIMIT:
        return name
    return name[: NAME_LIMIT - 1].rstrip() + "\u2026"


def visible(char: str) -> bool:
    """Whether ``char`` shows something: a letter, digit, punctuation mark or symbol that
    is not one of the blank ones."""
    return unicodedata.category(char).startswith(VISIBLE) and char not in BLANK


def normal_name(text: str) -> str:
    """``text`` normalised as a name is (NFC, one space between words, trimmed, the
    meaningless invisible characters dropped), refusing nothing: for looking a name
    up, and for the names a hand or a seating repeats.

    >>> normal_name(" Ann\\u200b  Lee\\t")
    'Ann Lee'
    """
    if text.isascii() and text.isprintable() and text == text.strip() and "  " not in text:
        return text  # already normal: ASCII is NFC, and holds nothing to drop or join
    kept = _joined("".join(char for char in text if char not in DROPPED))
    spaced = " ".join(part for part in _split_spaces(kept) if part)
    try:
        return unicodedata.normalize("NFC", spaced)
    except UnicodeError:  # pragma: no cover (a lone surrogate normalises as itself)
        return spaced


def _joined(text: str) -> str:
    """``text`` with a joiner kept only between two letters, marks or symbols.

    >>> _joined("A1\u200c"), _joined("\u200dOlga")
    ('A1', 'Olga')
    >>> _joined("\u0645\u200c\u06cc") == "\u0645\u200c\u06cc"  # Persian: kept
    True
    """
    kept = []
    for index, char in enumerate(text):
        if char in JOINERS and not (
            0 < index < len(text) - 1 and _letter(text[index - 1]) and _letter(text[index + 1])
        ):
            continue
        kept.append(char)
    return "".join(kept)


def _letter(char: str) -> bool:
    """A letter, a mark or a symbol (emoji join with a joiner too)."""
    return unicodedata.category(char)[0] in ("L", "M", "S") and char not in BLANK


def _split_spaces(text: str) -> list[str]:
    """``text`` split at its space characters (category Zs, and the tab), keeping every
    other control character where it is, for the rule to refuse."""
    parts: list[str] = []
    current: list[str] = []
    for char in text:
        if char == "\t" or unicodedata.category(char) == "Zs":
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return parts


def _code(char: str) -> str:
    return f"U+{ord(char):04X}"

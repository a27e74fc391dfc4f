"""Every refusal of the engine: a stable code, its values, and one English sentence.

The app shows the sentence; a translation renders the same code and values in
another language. The templates live in ``messages`` (a table, data only) and nowhere
else, so a message is written once.

>>> str(PinochleError("counters_sum", hand=3, got=240, expected=250, counters="150 + 90"))
'hand 3: counters 150 + 90 = 240, but a hand has 250'
"""

from __future__ import annotations

import reprlib
from typing import Any

# the sentences, one for each code, and the reasons: a table of their own (data)
from .messages import MESSAGES, REASONS

# characters of what was sent that a sentence quotes, at most: a refusal of a 2 MB name
# says which name in a line, never repeats the 2 MB (``bounded``)
SHOWN = 100

Reason = tuple[str, dict[str, Any]]


class Cut(str):
    """A value too long to quote whole, cut to ``SHOWN`` characters and "…": its ``str``
    is the cut text, its ``repr`` the value's own repr cut alike (so ``{name!r}`` in a
    sentence reads as it would, shorter).

    >>> name = Cut("A" * 500)
    >>> len(str(name)), repr(name)[:4], repr(name)[-3:]
    (101, "'AAA", "A'…")
    """

    shown: str

    def __new__(cls, value: object) -> Cut:
        if isinstance(value, str):
            text, shown = value[:SHOWN] + "…", repr(value[:SHOWN]) + "…"
        else:
            text = shown = _SHORT.repr(value)
        cut = super().__new__(cls, text)
        cut.shown = shown
        return cut

    def __repr__(self) -> str:
        return self.shown


def _short_repr() -> reprlib.Repr:
    short = reprlib.Repr()
    short.maxstring = short.maxother = SHOWN
    short.maxlevel = 3
    return short


_SHORT = _short_repr()


def bounded(values: dict[str, Any]) -> dict[str, Any]:
    """``values`` with each text longer than ``SHOWN`` (and each long list or mapping)
    cut (``Cut``), but ``expected`` (the engine's own list of what it takes) and a
    refusal's ``reason`` and ``reasons`` (the sentence made of ``REASONS``, whose own
    values ``because`` cuts).

    >>> bounded({"name": "Ann", "got": 3})
    {'name': 'Ann', 'got': 3}

    ``None``, ``True`` and ``False`` are quoted in JSON's words (``JsonWord``): what was
    sent is a JSON document's, and a refusal says ``null``, never ``None``.
    """
    return {key: _quoted(key, value) for key, value in values.items()}


def _quoted(key: str, value: object) -> object:
    if key in _MADE:
        return value
    if value is None or isinstance(value, bool):
        return JsonWord(value)
    return Cut(value) if _long(value) else value


class JsonWord(str):
    """``None``, ``True`` or ``False`` as JSON writes them, quoted or not.

    >>> "{value!r} or {other}".format(value=JsonWord(None), other=JsonWord(True))
    'null or true'
    """

    def __new__(cls, value: bool | None) -> JsonWord:
        return super().__new__(cls, "null" if value is None else str(value).lower())

    def __repr__(self) -> str:
        return str(self)


_MADE = ("reason", "reasons", "expected")  # the engine's own words, not what was sent


def _long(value: object) -> bool:
    if isinstance(value, str):
        return len(value) > SHOWN
    return isinstance(value, list | tuple | dict | set | frozenset) and len(value) > SHOWN // 10


def because(*reasons: Reason) -> dict[str, Any]:
    """The values of a refusal whose ``{reason}`` is one or more ``REASONS``: the English
    sentence, and the reasons' codes and values (``reasons``).

    >>> values = because(("players_missing", {"players": "Dan"}), ("not_a_game", {}))
    >>> values["reason"]
    'missing Dan; not JSON that a game file can hold'
    >>> values["reasons"][0]
    ('players_missing', {'players': 'Dan'})
    """
    reasons = tuple((code, bounded(values)) for code, values in reasons)
    english = "; ".join(REASONS[code].format(**values) for code, values in reasons)
    return {"reason": english, "reasons": reasons}


def message(code: str, **values: Any) -> str:
    """The English sentence for ``code`` with ``values`` filled in."""
    return MESSAGES[code].format(**values)


class Notice:
    """Something worth telling that refuses nothing (e.g. meld declared below the cards)."""

    def __init__(self, code: str, **values: Any) -> None:
        self.code = code
        self.values: dict[str, Any] = bounded(values)
        self.message = message(code, **self.values)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"Notice({self.code!r}, {self.values!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Notice) and (other.code, other.values) == (self.code, self.values)

    __hash__ = None  # type: ignore[assignment]


class PinochleError(ValueError):
    """A rule the input breaks: ``code`` is stable, ``values`` fill its sentence."""

    def __init__(self, code: str, **values: Any) -> None:
        self.code = code
        self.values: dict[str, Any] = bounded(values)
        super().__init__(message(code, **self.values))

    @property
    def message(self) -> str:
        return str(self)

    def as_dict(self) -> dict[str, Any]:
        """The error for programs: ``{"error": code, "message": ..., "values": ...}``."""
        return {"error": self.code, "message": self.message, "values": dict(self.values)}


class CardError(PinochleError):
    """A card or a set of cards that cannot exist."""


class RuleError(PinochleError):
    """An unknown rule set, an unknown house-rule option or a bad value for one."""


class ClaimError(PinochleError):
    """A meld claim that cannot be read."""


class GameError(PinochleError):
    """A game that breaks a rule: its players, its seating, or one of its hands."""

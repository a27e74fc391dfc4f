"""Values as a person typed them into a hand form (or a program sent them): a number, a
text, a yes or no. The readers of a typed hand (``entry``, ``auction``) read through
these, so a value reads alike in every door."""

from __future__ import annotations

import re
from collections.abc import Mapping

Typed = Mapping[str, object]

_WHOLE = re.compile(r"[+-]?[0-9]{1,100}")


def read_number(value: object) -> int | None:
    """A typed number: an int, or a string of the digits 0 to 9 with a sign and spaces
    around (not ``1e3``, ``7.0``, nor other scripts' digits); None when not one.

    >>> read_number(" 250 "), read_number(-3), read_number("٣"), read_number(True)
    (250, -3, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
        return int(value.strip())
    return None


def typed_text(typed: Typed, name: str) -> str:
    """The text typed for ``name``, trimmed ("" when none)."""
    value = typed.get(name)
    return value.strip() if isinstance(value, str) else ""


def flag(typed: Typed, name: str) -> bool:
    """A tick: anything but empty, 0, false, n, no and off is yes."""
    value = typed.get(name)
    if isinstance(value, str):
        return value.strip().lower() not in ("", "0", "false", "n", "no", "off")
    return bool(value)


def yes_no(typed: Typed, name: str) -> bool | None:
    """A yes or no that may not be typed yet: None when empty or missing.

    >>> yes_no({"made": "yes"}, "made"), yes_no({"made": "no"}, "made"), yes_no({}, "made")
    (True, False, None)
    """
    value = typed.get(name)
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return flag(typed, name)

"""Values as a person typed them into a hand form (a number, a text, a yes or no), and
values a program sent in a document (a JSON number, text, list, object): the reader of
a hand (``entry``, ``auction``) and the game file read through these, so a value reads
alike in every door."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import GameError, because
from .presets import RuleSet
from .rules import OPTIONS

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


def not_whole(typed: Typed, name: str) -> str | None:
    """What was typed for ``name`` when it is not a whole number (``read_number``), to
    quote in its refusal: never read as a blank, nor as the digits in it; None when it
    is one, or when nothing was typed.

    >>> not_whole({"bid": "4o"}, "bid"), not_whole({"bid": " 40 "}, "bid"), not_whole({}, "bid")
    ('4o', None, None)
    """
    value = typed.get(name)
    if value is None or isinstance(value, bool) or read_number(value) is not None:
        return None
    text = value.strip() if isinstance(value, str) else str(value)
    return text or None


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


def typed_options(rules: RuleSet, typed: Mapping[str, str]) -> dict[str, object]:
    """House-rule options as a person typed them (``--rule NAME=VALUE``: text), as the
    options' readers take them: a whole number (read as ``read_number`` reads one) where
    the option holds a number under ``rules``, as the new-game form's number fields do;
    any other value as typed, for the reader to take or refuse with its sentence.

    >>> from .presets import PRESETS
    >>> typed_options(PRESETS["partnership"], {"target": " 1000 ", "doubles": "two_singles"})
    {'target': 1000, 'doubles': 'two_singles'}
    """
    options: dict[str, object] = {}
    for name, text in typed.items():
        held = getattr(rules, name, None) if name in OPTIONS else None
        number = read_number(text) if type(held) is int else None
        options[name] = text if number is None else number
    return options


# --- values a program sent: a hand's document (the API's body, a game file) ------------------


def refused_field(where: str, reason: str, **values: object) -> GameError:
    """``where`` in a document is refused for one of ``errors.REASONS``."""
    return GameError("game_field", where=where, **because((reason, values)))


def as_mapping(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise refused_field(where, "expected_object")
    return value


def as_list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise refused_field(where, "expected_list")
    return value


def as_text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise refused_field(where, "expected_string")
    return value


def as_int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise refused_field(where, "expected_integer", value=value)
    return value


def as_bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise refused_field(where, "expected_boolean", value=value)
    return value


def as_ints(value: object, where: str) -> tuple[int, ...]:
    return tuple(as_int(item, where) for item in as_list(value, where))


def as_bools(value: object, where: str) -> tuple[bool, ...]:
    return tuple(as_bool(item, where) for item in as_list(value, where))


def no_unknown(raw: Mapping[str, object], known: Iterable[str], where: str) -> None:
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise refused_field(where, "unknown_field", field=unknown[0])


# what a typed hand holds besides its bidder and bid: ticking Misdeal (or Passed out)
# with any of them asks first; the answer, the outcome's name, is typed as DROP_TYPED
TYPED_HAND = ("trump", "meld_", "counters_", "meld_chips_", "took_trick_", "cards_",
              "all_tricks", "renege", "moon", "thrown_in", "no_marriage", "made")  # fmt: skip
DROP_TYPED = "drop_typed"


def typed_beside(typed: Typed) -> bool:
    """Whether ``typed`` holds a value of the hand that a misdeal or a pass-out drops.

    >>> typed_beside({"bidder": "Ann", "bid": "250", "misdeal": True, "renege": ""})
    False
    >>> typed_beside({"misdeal": "y", "meld_0": 100}), typed_beside({"trump": "H"})
    (True, True)
    """
    return any(name.startswith(TYPED_HAND) and _held(value) for name, value in typed.items())


def _held(value: object) -> bool:
    if isinstance(value, str):
        return bool(value.strip())
    return value is not None and value is not False


def unconfirmed_drop(typed: Typed, outcome: str, number: int) -> GameError | None:
    """The question a misdeal or a pass-out (``outcome``) over a typed hand asks first
    (its refusal, at the tick), or None once ``DROP_TYPED`` names it or nothing is typed.

    >>> unconfirmed_drop({"trump": "H", "misdeal": "y"}, "misdeal", 3).code
    'misdeal_drops_typed'
    >>> unconfirmed_drop({"trump": "H", "drop_typed": "misdeal"}, "misdeal", 3) is None
    True
    """
    if typed_text(typed, DROP_TYPED) == outcome or not typed_beside(typed):
        return None
    return GameError(f"{outcome}_drops_typed", hand=number)

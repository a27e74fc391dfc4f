"""One person, one name: when two names are taken for the same person's (docs/club.md,
"One person, one entrant").

Two different names are one person's when they differ only in

- case: ``hal brandt`` and ``Hal Brandt``;
- accents: ``Zoe Muller`` and ``Zoë Müller`` (the marks an accented letter is written
  with, after Unicode's canonical decomposition, are left out);
- spacing: ``Mary Ann`` and ``Maryann`` (runs of spaces are one space in every name
  already, engine/people.py);
- letters that look alike: ``Zеd`` with a Cyrillic е and ``Zed``, ``0lga`` and ``Olga``,
  by UTS #39's confusable skeleton (each character as the prototype of its group of
  look-alikes in Unicode's ``confusables.txt``: the table ``data/prototypes.json``, which
  scripts/update-lookalikes writes from the copy the ``confusable_homoglyphs`` package
  keeps, so that the engine imports nothing but the standard library). User names are
  refused by the same skeletons (accounts/users.py).

A club night's file refuses two entrants who look alike (``event_look_alike``), and a
new entrant who looks like one of the club's players is asked about (the form) or
refused (the API and the imports: ``event_look_alike_known``).

>>> same_person("hal brandt", "Hal Brandt"), same_person("Zoe Muller", "Zo\\u00eb M\\u00fcller")
(True, True)
>>> same_person("Z\\u0435d", "Zed"), same_person("Mary Ann", "Maryann")
(True, True)
>>> same_person("Hal Brandt", "Hal Brand"), same_person("Ann", "Ann")
(False, False)
"""

from __future__ import annotations

import functools
import json
import unicodedata
from collections.abc import Iterable
from pathlib import Path

PROTOTYPES = Path(__file__).resolve().parent / "data" / "prototypes.json"
# what a name may differ by and still be the same person's: combining marks (accents),
# spaces, and the invisible format characters
_LEFT_OUT = ("Mn", "Zs", "Cf")


def same_person(one: str, other: str) -> bool:
    """Whether two different names are taken for one person's (equal names are one
    name, not two that look alike)."""
    return one != other and bool(person_keys(one) & person_keys(other))


def look_alike(name: str, names: Iterable[str]) -> str | None:
    """The first of ``names`` that is a different name for ``name``'s person, or None."""
    keys = person_keys(name)
    return next((other for other in names if other != name and keys & person_keys(other)), None)


class People:
    """Names met so far, by the person they are taken for: a list read once through,
    each name looked up in constant time, not against every name before it."""

    def __init__(self) -> None:
        self._by_key: dict[str, str] = {}
        self._names: set[str] = set()

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def met(self, name: str) -> str | None:
        """A different name met before for ``name``'s person, or None."""
        for key in sorted(person_keys(name)):
            other = self._by_key.get(key)
            if other is not None and other != name:
                return other
        return None

    def add(self, name: str) -> None:
        self._names.add(name)
        for key in person_keys(name):
            self._by_key.setdefault(key, name)


def person_keys(name: str) -> frozenset[str]:
    """The keys ``name`` shares with every name of the same person: its skeleton as
    written and case-folded, without accents or spaces (each form compared with the same
    form of the other name: ``Ian`` as written is not ``Lan`` case-folded).

    >>> same_person("Ian", "Lan"), same_person("IAN", "ian")
    (False, True)
    >>> same_person("Will", "WiII")  # two capital I's look like ll, as written
    True
    """
    return _tagged(skeleton(_plain(name)), skeleton(_plain(name.casefold())))


def _tagged(written: str, folded: str) -> frozenset[str]:
    return frozenset({"as written:" + written, "case-folded:" + folded})


def skeletons(name: str) -> frozenset[str]:
    """``name``'s confusable skeletons (UTS #39), of the name as written and case-folded,
    each compared with the same form of another name: two names that look alike share
    one (a user's name: accents and spaces count).

    >>> bool(skeletons("\\u041elga") & skeletons("Olga"))
    True
    >>> bool(skeletons("0lga") & skeletons("Olga"))
    True
    >>> bool(skeletons("Iris") & skeletons("lris")), bool(skeletons("Olga") & skeletons("Olya"))
    (True, False)
    """
    return _tagged(skeleton(name), skeleton(name.casefold()))


def _plain(name: str) -> str:
    decomposed = unicodedata.normalize("NFD", name)
    return "".join(char for char in decomposed if unicodedata.category(char) not in _LEFT_OUT)


def skeleton(name: str) -> str:
    """UTS #39's skeleton of ``name``: NFD, without the characters that show nothing
    (format characters such as the joiners), each character as its prototype, NFD again."""
    shown = (c for c in unicodedata.normalize("NFD", name) if unicodedata.category(c) != "Cf")
    mapped = "".join(_prototypes().get(char, char) for char in shown)
    return unicodedata.normalize("NFD", mapped)


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each character of Unicode's ``confusables.txt`` -> the one its group of
    look-alikes is written as (``data/prototypes.json``, written by
    scripts/update-lookalikes from the ``confusable_homoglyphs`` package)."""
    table: dict[str, str] = json.loads(PROTOTYPES.read_text(encoding="utf-8"))
    return table

"""Meld names (game-format.md §3): multiples, and how people read them.

>>> split_multiple("triple_aces_around"), multiple_name(2, "pinochle")
((3, 'aces_around'), 'double_pinochle')
>>> display_name("run_royal_marriage"), display_name("marriage"), display_name("double_run")
('run + royal marriage', 'common marriage', 'double run')
"""

from __future__ import annotations

MULTIPLE_PREFIXES: dict[int, str] = {1: "", 2: "double_", 3: "triple_", 4: "quadruple_"}
FAMILIES = ("run", "pinochle", "aces_around", "kings_around", "queens_around", "jacks_around")
RUN_EXTRAS = ("run_extra_king", "run_extra_queen", "run_royal_marriage")
MELD_NAMES: tuple[str, ...] = (
    *(prefix + base for base in FAMILIES for prefix in MULTIPLE_PREFIXES.values()),
    *RUN_EXTRAS,
    "royal_marriage",
    "marriage",
    "dix",
)


def multiple_name(size: int, base: str) -> str:
    """The name of ``size`` sets of ``base`` melded as one: ``double_pinochle``."""
    return MULTIPLE_PREFIXES[size] + base


def split_multiple(name: str) -> tuple[int, str]:
    """``double_aces_around`` -> ``(2, "aces_around")``; a single meld is size 1."""
    for size, prefix in MULTIPLE_PREFIXES.items():
        if size > 1 and name.startswith(prefix):
            return size, name.removeprefix(prefix)
    return 1, name


def meld_class(name: str) -> int:
    """1 for runs, marriages and dix; 2 for pinochles; 3 for arounds (rules.md §1.1)."""
    base = split_multiple(name)[1]
    if base == "pinochle":
        return 2
    return 3 if base.endswith("_around") else 1


def display_name(name: str) -> str:
    """A meld name as people say it, in English."""
    if name == "marriage":
        return "common marriage"
    return name.replace("run_", "run + ").replace("_", " ")

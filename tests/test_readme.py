"""The README says what the code does: each count of the presets it gives is the
engine's count, and it names every preset the rulebook section lists."""

from __future__ import annotations

import re

from scorekeeper.engine.presets import PRESETS
from scorekeeper.paths import ROOT

NUMBERS = {"five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}


def test_every_count_of_the_presets_is_the_engines() -> None:
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    counts = re.findall(r"\b(five|six|seven|eight|nine) presets\b", text)
    assert counts, "the README counts the presets somewhere"
    assert {NUMBERS[word] for word in counts} == {len(PRESETS)}


def test_the_rules_section_names_every_preset() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Rules", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`([a-z-]+)`", section))
    assert set(PRESETS) <= named

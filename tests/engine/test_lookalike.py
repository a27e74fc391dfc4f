"""One person, one name (engine/lookalike.py): which two names are taken for one
person's, and the table of look-alike letters it reads is Unicode's, as the
``confusable_homoglyphs`` package gives it."""

from __future__ import annotations

import importlib.machinery
import importlib.util
from pathlib import Path

import pytest

from scorekeeper.engine.lookalike import PROTOTYPES, People, look_alike, same_person, skeletons

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "update-lookalikes"

# (one name, another, taken for one person's)
PAIRS = [
    ("Hal Brandt", "hal brandt", True),  # case
    ("HAL BRANDT", "hal brandt", True),
    ("Zoë Müller", "Zoe Muller", True),  # accents
    ("Zoe\u0308 Mu\u0308ller", "Zoë Müller", True),  # the same accents, decomposed
    ("Mary Ann", "Maryann", True),  # spacing
    ("Mary Ann", "Mary\u00a0Ann", True),  # a no-break space
    ("Z\u0435d", "Zed", True),  # a Cyrillic е
    ("\u041elga", "Olga", True),  # a Cyrillic О
    ("0lga", "Olga", True),  # a zero for an O
    ("lris", "Iris", True),  # an l for an I
    ("Ann\u200b", "Ann ", True),  # a zero-width space
    ("Ｈａｌ", "Hal", True),  # full-width letters
    ("Hal Brandt", "Hal Brand", False),  # a letter more is another name
    ("Ian", "Lan", False),  # Ian as written is not Lan case-folded: each form with its own
    ("Iona", "Lona", False),
    ("Will", "WiII", True),  # two capital I's look like ll as written
    ("Olga", "Olya", False),
    ("Ann", "Anne", False),
    ("Dan", "Don", False),
    ("Eve", "Eva", False),
    ("Ann", "Ann", False),  # one name, not two
]


@pytest.mark.parametrize(("one", "other", "same"), PAIRS)
def test_two_names_are_one_persons_when_they_differ_only_in_looks(
    one: str, other: str, same: bool
) -> None:
    assert same_person(one, other) is same
    assert same_person(other, one) is same


def test_people_finds_the_name_met_before_for_the_same_person() -> None:
    people = People()
    for name in ("Ann", "Hal Brandt", "Zoë Müller"):
        people.add(name)
    assert [people.met(n) for n in ("hal brandt", "Zoe Muller", "Bea", "Ann")] == [
        "Hal Brandt",
        "Zoë Müller",
        None,
        None,  # the very name met: not another name for them
    ]
    assert "Ann" in people and "ann" not in people
    assert look_alike("ANN", ["Bea", "Ann"]) == "Ann"


def test_user_names_keep_their_accents_and_spaces() -> None:
    """A user's name is refused only for look-alike letters and case (accounts/users.py)."""
    assert skeletons("Zed") & skeletons("Z\u0435d")
    assert not skeletons("Zoe") & skeletons("Zoë")


def test_the_table_of_look_alike_letters_is_unicodes() -> None:
    loader = importlib.machinery.SourceFileLoader("update_lookalikes", str(SCRIPT))
    spec = importlib.util.spec_from_loader("update_lookalikes", loader)
    assert spec is not None
    script = importlib.util.module_from_spec(spec)
    loader.exec_module(script)
    assert PROTOTYPES.read_text(encoding="utf-8") == script.text(script.prototypes()), (
        "run scripts/update-lookalikes"
    )

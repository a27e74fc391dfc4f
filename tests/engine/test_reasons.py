"""A director's free text (engine/reasons.py): stored normalised, or refused with a
sentence that names where it was typed."""

from __future__ import annotations

import pytest

from scorekeeper.engine.errors import GameError
from scorekeeper.engine.reasons import REASON_LIMIT, checked_reason, restorable_reason

# typed -> as it is stored
KEPT = [
    ("Late arrival", "Late arrival"),
    ("  Late \t arrival\n", "Late arrival"),  # white space: one space, trimmed
    ("Cafe\u0301 closed", "Café closed"),  # NFC
    ("", ""),  # no reason: whoever needs one says so
    ("x" * REASON_LIMIT, "x" * REASON_LIMIT),
    ("Zoë ♠ 10♥ — 3×", "Zoë ♠ 10♥ — 3×"),
]
# typed -> the refusal's code and words of its sentence
REFUSED = [
    ("Late\x00", "reason_control", "U+0000"),
    ("Late\x1b[31m", "reason_control", "U+001B"),
    ("Late\x7f", "reason_control", "U+007F"),
    ("Late\ud800", "reason_surrogate", "U+D800"),
    ("Late \u202etsriF", "reason_direction", "U+202E"),
    ("Late \u2066x\u2069", "reason_direction", "U+2066"),
    ("x" * (REASON_LIMIT + 1), "reason_too_long", "501 characters long"),
]


@pytest.mark.parametrize(("typed", "stored"), KEPT)
def test_a_reason_is_stored_normalised(typed: str, stored: str) -> None:
    assert checked_reason(typed, "the reason") == stored


@pytest.mark.parametrize(("typed", "code", "words"), REFUSED)
def test_a_reason_is_refused_with_a_sentence(typed: str, code: str, words: str) -> None:
    with pytest.raises(GameError) as refused:
        checked_reason(typed, "the reason")
    assert refused.value.code == code
    assert str(refused.value).startswith("the reason") and words in str(refused.value)


# a backup's reason, as an older version stored it -> restored as it is, or refused
RESTORED = [
    ("x" * (REASON_LIMIT * 4), True),  # an event file's reasons had no limit
    ("late \u200f arrival", True),  # a direction mark a right-to-left keyboard types
    ("a\tb  c", True),  # stored as typed: restore writes what it reads
    ("late\x00", False),  # no database stores it
    ("late\ud800", False),
]


@pytest.mark.parametrize(("stored", "restores"), RESTORED)
def test_a_backups_reason_restores_unless_no_database_could_hold_it(
    stored: str, restores: bool
) -> None:
    if restores:
        assert restorable_reason(stored, "the reason") == stored
    else:
        with pytest.raises(GameError):
            restorable_reason(stored, "the reason")

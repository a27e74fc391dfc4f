"""Every refusal has a stable code with an English sentence, and the code is used."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper.engine.errors import MESSAGES, GameError, Notice, PinochleError

ENGINE = Path(__file__).resolve().parents[2] / "scorekeeper"
RAISED = re.compile(r'(?:Error|Notice)\(\s*"([a-z_]+)"')
CODE_LITERAL = re.compile(r'"([a-z_]+)"')


def codes_in_source() -> set[str]:
    codes: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        codes |= set(RAISED.findall(text))
        codes |= {code for code in CODE_LITERAL.findall(text) if code in MESSAGES}
    return codes


def test_every_raised_code_has_a_sentence() -> None:
    raised = set(RAISED.findall("\n".join(p.read_text() for p in ENGINE.rglob("*.py"))))
    assert raised, "the scan found no codes"
    assert raised <= set(MESSAGES), raised - set(MESSAGES)


def test_every_sentence_is_used() -> None:
    used = codes_in_source()
    unused = set(MESSAGES) - used
    assert not unused, unused


def test_an_error_carries_code_values_and_sentence() -> None:
    error = GameError("counters_sum", hand=3, counters="150 + 90", got=240, expected=250)
    assert isinstance(error, PinochleError)
    assert isinstance(error, ValueError)
    assert str(error) == "hand 3: counters 150 + 90 = 240, but a hand has 250"
    assert error.as_dict() == {
        "error": "counters_sum",
        "message": str(error),
        "values": {"hand": 3, "counters": "150 + 90", "got": 240, "expected": 250},
    }


def test_a_notice_is_not_raised_but_reads_the_same() -> None:
    notice = Notice("meld_cards_under", hand=4, side="Us", got=100, made=150, missed=50)
    assert str(notice) == "hand 4: Us declare 100 meld, but their cards make 150 (50 missed)"
    assert notice == Notice("meld_cards_under", hand=4, side="Us", got=100, made=150, missed=50)

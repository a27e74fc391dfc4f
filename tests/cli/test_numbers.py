"""Every number the commands take is read in the digits 0 to 9 (issue 31, item 8): a
full-width or Arabic-Indic digit, which ``int`` reads as another, is refused with the
argument's name, exit 2, before anything is opened."""

from __future__ import annotations

import pytest

from scorekeeper.cli.output import COUNT
from tests.cli.conftest import Run

NOT_ASCII = [
    (["export", "３"], "argument GAME_ID", "'３'"),
    (["export", "--event", "٣"], "argument --event", "'٣'"),
    (["export", "1" * 19], "argument GAME_ID", "'" + "1" * 19 + "'"),  # past any id stored
    (["sheet", "--hands", "３０"], "argument --hands", "'３０'"),
    (["demo-data", "--games", "３"], "argument --games", "'３'"),
    (["demo-data", "--players", "۱۲"], "argument --players", "'۱۲'"),
    (["demo-data", "--seed", "７"], "argument --seed", "'７'"),
    (["movement", "--format", "progressive", "--entrants", "１２"],
     "argument --entrants", "'１２'"),
    (["movement", "--format", "progressive", "--entrants", "12", "--rounds", "３"],
     "argument --rounds", "'３'"),
    (["movement", "--format", "progressive", "--entrants", "12", "--seed", "-1"],
     "argument --seed", "'-1'"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "argument", "shown"), NOT_ASCII, ids=[" ".join(row[0]) for row in NOT_ASCII]
)
def test_a_number_in_other_digits_is_refused(
    run: Run, argv: list[str], argument: str, shown: str
) -> None:
    refused = run(*argv)
    assert (refused.status, refused.out) == (2, "")
    assert f"{argument}: a whole number in the digits 0 to 9, not {shown}" in refused.err


@pytest.mark.parametrize(("typed", "read"), [("7", 7), (" 12 ", 12), ("000123", 123)])
def test_ascii_digits_are_read(typed: str, read: int) -> None:
    assert COUNT(typed) == read

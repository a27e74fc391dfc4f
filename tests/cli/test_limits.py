"""Input past what the command line reads (issue 22, item 4): a game file over 2 MB, or a
hand of cards over 1,000 characters, is refused before it is parsed, within a second,
without memory growing with it, and the refusal quotes at most about 100 characters of
what was sent (a 50 MB name once took 25-40 s, 631 MB and was written whole to stderr).
"""

from __future__ import annotations

import json
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.gamefile import MAX_FILE_BYTES
from tests.cli.conftest import Result, Run

GAME = {
    "format": "pinochle-game/1",
    "ruleset": "partnership",
    "sides": [
        {"name": "Us", "players": ["Ann", "Cal"]},
        {"name": "Them", "players": ["Bea", "Dan"]},
    ],
}
QUOTED = 300  # characters of a refusal, at most, whatever was sent


class Typed:
    """Standard input of one line of ``length`` characters (``unit`` repeated), a newline
    after it when ``newline``: made as it is read, so what the command holds is measured,
    not the test's input."""

    def __init__(self, unit: str, length: int, newline: bool = True) -> None:
        self.unit, self.length, self.at, self.newline = unit, length, 0, newline

    def readline(self, size: int = -1) -> str:
        left = self.length - self.at
        if left <= 0:
            ended, self.newline = self.newline, False
            return "\n" if ended else ""
        count = left if size < 0 else min(size, left)
        start = self.at % len(self.unit)
        piece = (self.unit * (count // len(self.unit) + 2))[start : start + count]
        self.at += count
        if self.at == self.length and self.newline and (size < 0 or count < size):
            self.newline = False
            piece += "\n"
        return piece

    def read(self, size: int = -1) -> str:
        return self.readline(size)


def timed(
    run: Run, monkeypatch: pytest.MonkeyPatch, *argv: str, stdin: Typed | None = None
) -> tuple[Result, float, int]:
    """The result, the seconds it took and the bytes it allocated at most meanwhile."""
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", stdin)
    tracemalloc.start()
    start = time.perf_counter()
    try:
        result = run(*argv)
        took = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return result, took, peak


def a_file(tmp_path: Path, document: Any) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


# (what, the game file's document): each over MAX_FILE_BYTES, or with a name that long
FILES = [
    ("a name of 3 MB", {**GAME, "sides": [{"name": "N" * 3_000_000, "players": ["Ann", "Cal"]},
                                          GAME["sides"][1]]}),
    ("a hand list of 3 MB", {**GAME, "hands": [{"misdeal": True}] * 180_000}),
]  # fmt: skip


@pytest.mark.alone  # the refusal's time (< 1 s)
@pytest.mark.parametrize(("what", "document"), FILES, ids=[row[0] for row in FILES])
@pytest.mark.parametrize("command", ["score", "import"])
def test_a_game_file_over_the_limit_is_refused_before_it_is_read(
    run: Run,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    instance: Path,
    what: str,
    document: Any,
    command: str,
) -> None:
    path = a_file(tmp_path, document)
    assert Path(path).stat().st_size > MAX_FILE_BYTES
    result, took, peak = timed(run, monkeypatch, command, path)
    assert result.status == 2 and result.out == ""
    assert f"more than {MAX_FILE_BYTES} bytes" in result.err
    assert len(result.err) < QUOTED, result.err[:QUOTED]
    assert took < 1.0 and peak < 1_000_000, (took, peak)


def test_a_game_file_over_the_limit_on_standard_input(run: Run, instance: Path) -> None:
    text = json.dumps({**GAME, "hands": [{"misdeal": True}] * 180_000})
    result = run("import", "-", stdin=text)
    assert result.status == 2 and "'-' is more than" in result.err


def test_a_long_name_under_the_limit_is_quoted_short(run: Run, tmp_path: Path) -> None:
    """A name of 1 MB (the file under 2 MB) is refused by the name rule, quoted cut."""
    sides = [{"name": "N" * 1_000_000, "players": ["Ann", "Cal"]}, GAME["sides"][1]]
    result = run("score", a_file(tmp_path, {**GAME, "sides": sides}))
    assert result.status == 2
    assert "is 1000000 characters long: at most 60" in result.err
    assert len(result.err) < QUOTED, result.err[:QUOTED]


# (how the cards come, argv, stdin)
HANDS = [
    ("a 50 MB line on stdin", ["meld", "-"], Typed("KH ", 50_000_000)),
    ("a 5 MB line on stdin, no newline", ["meld", "-", "--json"], Typed("KH ", 5_000_000, False)),
    ("a 100 kB argument", ["meld", "KH " * 34_000], None),
]


@pytest.mark.alone  # the refusal's time (< 1 s)
@pytest.mark.parametrize(("what", "argv", "stdin"), HANDS, ids=[row[0] for row in HANDS])
def test_a_hand_over_the_limit_is_refused_before_it_is_parsed(
    run: Run, monkeypatch: pytest.MonkeyPatch, what: str, argv: list[str], stdin: Typed | None
) -> None:
    result, took, peak = timed(run, monkeypatch, *argv, stdin=stdin)
    assert result.status == 2
    assert "more than 1,000 characters: a hand is at most 20 cards" in result.out + result.err
    assert len(result.out + result.err) < QUOTED
    assert took < 1.0 and peak < 1_000_000, (took, peak)


def test_the_lines_after_a_long_one_are_still_read(run: Run) -> None:
    result = run("meld", "-", "--json", stdin="KH " * 400 + "\nKH QH | H\n")
    assert result.status == 2
    assert [line.get("line") for line in result.json_lines] == [1, None]
    assert result.json_lines[1]["total"] == 40  # the royal marriage

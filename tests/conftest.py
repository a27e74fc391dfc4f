"""Shared fixtures: the worked cases copied from the rulebook's repository, an instance folder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

CASES = Path(__file__).parent / "data" / "cases"
SHARED_CASES = Path(__file__).resolve().parents[2] / "shared" / "cases"


def load_case(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def case_files(folder: str) -> list[Path]:
    return sorted((CASES / folder).glob("*.json"))


def assert_matches_case(document: dict[str, Any], expect: dict[str, Any]) -> None:
    """A replay document (``scorekeeper score --json``) says what a game case expects."""
    hands = document["hands"]
    assert document["totals"] == expect["totals"]
    assert document["finished"] is expect["finished"]
    assert document["went_out"] == expect["went_out"]
    assert document["winner"] == expect["winner"]
    assert [hand["outcome"] for hand in hands] == expect["outcomes"]
    assert [hand["points"] for hand in hands] == expect["points"]
    assert [hand["number"] for hand in hands] == list(range(1, len(hands) + 1))
    if "chips" in expect:
        assert document["chips"] == expect["chips"]
        assert [hand["chips"] for hand in hands] == expect["hand_chips"]
    else:
        assert document["chips"] is None
        assert all("chips" not in hand for hand in hands)


@pytest.fixture
def instance(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty instance folder the app and the commands will use, and no ``DATABASE_URL``."""
    folder = tmp_path / "instance"
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(folder))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    return folder

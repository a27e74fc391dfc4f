"""Shared fixtures: the worked cases copied from the rulebook's repository."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

CASES = Path(__file__).parent / "data" / "cases"
SHARED_CASES = Path(__file__).resolve().parents[2] / "shared" / "cases"


def load_case(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def case_files(folder: str) -> list[Path]:
    return sorted((CASES / folder).glob("*.json"))

"""The engine is pure Python: the standard library and itself, nothing else."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "scorekeeper" / "engine"


def imported_modules(path: Path) -> list[tuple[str, int]]:
    """Top-level module names imported by a file; relative imports as ('.', level)."""
    found: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name.split(".")[0], 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append(((node.module or "").split(".")[0], node.level))
    return found


@pytest.mark.parametrize("path", sorted(ENGINE.glob("*.py")), ids=lambda p: p.name)
def test_engine_imports_only_stdlib_and_itself(path: Path) -> None:
    for module, level in imported_modules(path):
        if level == 1:
            continue  # from .cards import ...
        assert level == 0, f"{path.name} reaches outside the engine with a relative import"
        assert module in sys.stdlib_module_names or module == "__future__", (
            f"{path.name} imports {module!r}"
        )


def test_the_scan_sees_imports() -> None:
    """A guard for the guard: the scan does find a third-party import."""
    sample = ENGINE.parent.parent / "tests" / "engine" / "test_purity.py"
    assert ("pytest", 0) in imported_modules(sample)

"""The engine is pure Python: the standard library and itself, nothing else; and its modules
import one another without a cycle."""

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


def engine_imports(path: Path) -> set[str]:
    """The engine modules a file imports: every relative import, those under
    ``TYPE_CHECKING`` and inside functions too (``from .rules import X``, ``from . import
    house_rules``)."""
    modules = {module.stem for module in ENGINE.glob("*.py")}
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
    return found & modules


def import_cycle() -> list[str]:
    """One cycle of engine modules importing one another, or [] when there is none."""
    graph = {path.stem: engine_imports(path) for path in ENGINE.glob("*.py")}
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str]:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return []
        for imported in sorted(graph[module]):
            cycle = visit(imported, [*path, module])
            if cycle:
                return cycle
        done.add(module)
        return []

    for module in sorted(graph):
        cycle = visit(module, [])
        if cycle:
            return cycle
    return []


def test_the_engine_modules_import_one_another_without_a_cycle() -> None:
    assert import_cycle() == [], " -> ".join(import_cycle())


def test_the_cycle_scan_sees_imports() -> None:
    """A guard for the guard: the scan sees a plain import and a module imported whole."""
    assert "presets" in engine_imports(ENGINE / "rules.py")
    assert "house_rules" in engine_imports(ENGINE / "hand_score.py")

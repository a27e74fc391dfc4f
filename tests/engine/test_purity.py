"""The engine is pure Python: the standard library and itself, nothing else; its modules
import one another without a cycle; and the club's rules (``engine/club/``) use the
game's, never the other way."""

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


MODULES = sorted(ENGINE.rglob("*.py"))


def name_of(path: Path) -> str:
    """A module's name inside the engine: ``cards``, ``club.events``, ``club`` (a folder's
    ``__init__``)."""
    parts = path.relative_to(ENGINE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def folder_of(path: Path) -> list[str]:
    """The engine's folders a module lives in: [] at the top, ["club"] in engine/club/."""
    return list(path.relative_to(ENGINE).parts[:-1])


@pytest.mark.parametrize("path", MODULES, ids=name_of)
def test_engine_imports_only_stdlib_and_itself(path: Path) -> None:
    for module, level in imported_modules(path):
        if level:  # from .cards import ..., from ..game import ... (in engine/club/)
            assert level <= len(folder_of(path)) + 1, (
                f"{name_of(path)} reaches outside the engine with a relative import"
            )
            continue
        assert module in sys.stdlib_module_names or module == "__future__", (
            f"{path.name} imports {module!r}"
        )


def test_the_scan_sees_imports() -> None:
    """A guard for the guard: the scan does find a third-party import."""
    sample = ENGINE.parent.parent / "tests" / "engine" / "test_purity.py"
    assert ("pytest", 0) in imported_modules(sample)


def engine_imports(path: Path) -> set[str]:
    """The engine modules a file imports, by their names inside the engine: every relative
    import, those under ``TYPE_CHECKING`` and inside functions too (``from .rules import
    X``, ``from . import house_rules``, ``from ..game import Game`` in engine/club/)."""
    modules = {name_of(module) for module in MODULES}
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = folder_of(path)[: len(folder_of(path)) - (node.level - 1)]
            if node.module:
                found.add(".".join([*base, *node.module.split(".")]))
            else:
                found.update(".".join([*base, alias.name]) for alias in node.names)
    return found & modules


def import_cycle() -> list[str]:
    """One cycle of engine modules importing one another, or [] when there is none."""
    graph = {name_of(path): engine_imports(path) for path in MODULES}
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
    assert "game" in engine_imports(ENGINE / "club" / "events.py")
    assert "club.movements" in engine_imports(ENGINE / "club" / "entrants.py")


@pytest.mark.parametrize("path", [path for path in MODULES if not folder_of(path)], ids=name_of)
def test_the_games_rules_never_use_the_clubs(path: Path) -> None:
    """The club's rules may use the game's (a night's games are games); a game knows no
    night (docs/architecture.md, "The engine's rooms")."""
    club = sorted(name for name in engine_imports(path) if name.split(".")[0] == "club")
    assert not club, f"{name_of(path)} imports {', '.join(club)}"

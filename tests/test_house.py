"""The house's shape (docs/architecture.md): import-linter's contracts hold, and they
do refuse what they are there to refuse, an upward import and an import circle.

Each refusal is made on a copy of the package (the checkout is never touched) and
the copy is checked with the project's own ``pyproject.toml``.
"""

from __future__ import annotations

import ast
import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
FILES = 500  # lines at most, but for the rule tables named in RULE_TABLES
RULE_TABLES: frozenset[str] = frozenset()

pytestmark = pytest.mark.skipif(
    not LINT_IMPORTS.exists(), reason="import-linter is not installed (make lint installs it)"
)


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` over the package under ``root``, as ``make lint`` runs it."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def house(tmp_path: Path) -> Path:
    """A copy of the package, the benchmarks and the contracts, to break on purpose."""
    ignore = shutil.ignore_patterns("__pycache__", "translations")
    for folder in ("scorekeeper", "benchmarks"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def add_import(module: Path, line: str) -> None:
    text = module.read_text(encoding="utf-8")
    head, rest = text.split("from __future__ import annotations\n", 1)
    module.write_text(f"{head}from __future__ import annotations\n\n{line}\n{rest}", "utf-8")


def test_the_contracts_hold() -> None:
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


# (the module that gains an import, the import, the contract that refuses it)
BREAKS = [
    (
        "scorekeeper/store/models.py",
        "from scorekeeper.games import stored  # noqa: F401",
        "One way down",
    ),
    (
        "scorekeeper/engine/cards.py",
        "from scorekeeper.i18n import languages  # noqa: F401",
        "The engine imports nothing else",
    ),
    (
        "scorekeeper/web/forms.py",
        "from scorekeeper.web import hands  # noqa: F401",  # hands imports forms
        "No import circle",
    ),
    (
        "scorekeeper/games/players.py",
        "from scorekeeper.accounts import users  # noqa: F401",
        "One way down",
    ),
    (
        "scorekeeper/engine/people.py",
        "from .club import round_clock  # noqa: F401",  # the game's rules reach the club's
        "The engine's rooms",
    ),
]


@pytest.mark.parametrize(("module", "line", "contract"), BREAKS, ids=lambda v: str(v)[:40])
def test_a_break_is_refused(house: Path, module: str, line: str, contract: str) -> None:
    add_import(house / module, line)
    done = lint_imports(house)
    assert done.returncode != 0
    broken = done.stdout.split("Broken contracts", 1)[1]
    assert contract in broken, done.stdout


def test_a_new_engine_module_in_neither_room_is_refused(house: Path) -> None:
    """``engine-rooms`` is exhaustive: a new module of the engine is placed on purpose."""
    (house / "scorekeeper" / "engine" / "trumps.py").write_text('"""New."""\n', "utf-8")
    done = lint_imports(house)
    assert done.returncode != 0
    assert "scorekeeper.engine.trumps" in done.stdout, done.stdout


def test_no_module_is_over_500_lines() -> None:
    """Split by concept past 500 lines; a rule table (data) may be longer, named here."""
    places = [ROOT / "scorekeeper", ROOT / "benchmarks", ROOT / "scripts"]
    files = [p for place in places for p in place.rglob("*") if p.is_file()]
    long = {
        str(path.relative_to(ROOT)): count
        for path in files
        if (path.suffix == ".py" or path.parent.name == "scripts")
        and (count := len(path.read_text(encoding="utf-8").splitlines())) > FILES
        and path.name not in RULE_TABLES
    }
    assert long == {}


def _pattern_texts(path: Path) -> list[str]:
    """The strings of a module but its docstrings (every regex is one of them)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def test_ids_and_codes_are_read_in_ascii_digits() -> None:
    """``\\d`` in a Python regex takes every script's digits (``１``, ``١``) and ``int()``
    reads them, so an address or a code could name what its ASCII check never saw:
    the package reads digits as ``[0-9]``, everywhere."""
    found = [
        f"{path.relative_to(ROOT)}: {text!r}"
        for path in sorted((ROOT / "scorekeeper").rglob("*.py"))
        for text in _pattern_texts(path)
        if "\\d" in text
    ]
    assert found == []


BENCHMARKS = sorted(
    path.stem for path in (ROOT / "benchmarks").glob("*.py") if path.stem != "__init__"
)


@pytest.mark.parametrize("module", BENCHMARKS)
def test_every_benchmark_imports(module: str) -> None:
    """``make bench…`` runs what no test runs: each module at least imports (a name moved
    in the engine broke ``make bench-club`` unseen)."""
    importlib.import_module(f"benchmarks.{module}")

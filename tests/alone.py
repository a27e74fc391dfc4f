"""The tests that run alone (marker ``alone``), named by the run before them:
``pytest -m "not alone" --alone-files=FILE`` writes the files holding the tests its
marker left out, one a line, and ``make test`` then runs ``pytest -m alone`` on those
files only. Collecting every test file again costs ~14 s under coverage, those few ~4 s
(docs/testing.md). Each worker (``-n``) writes the same list: the last one's stays.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--alone-files",
        default=None,
        metavar="FILE",
        help="write to FILE the test files holding the tests deselected as `alone`",
    )


class AloneFiles:
    def __init__(self, path: Path, root: Path) -> None:
        self.path, self.root = path, root
        self.files: set[str] = set()

    def pytest_deselected(self, items: list[pytest.Item]) -> None:
        for item in items:
            if item.get_closest_marker("alone") is not None:
                self.files.add(str(item.path.relative_to(self.root)))

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        if not session.items and not self.files:
            return  # nothing collected here (the controller of workers): theirs stands
        aside = self.path.with_name(f"{self.path.name}.{os.getpid()}")
        aside.write_text("".join(f"{name}\n" for name in sorted(self.files)), encoding="utf-8")
        aside.replace(self.path)


def pytest_configure(config: pytest.Config) -> None:
    path = config.getoption("--alone-files")
    if path:
        config.pluginmanager.register(AloneFiles(Path(path), config.rootpath), "alone-files")

"""Where the tests' time goes: ``pytest --time-report=N`` prints, after the run, the time
by folder and the N slowest tests (setup, call and teardown together: an app made by a
fixture is that test's time). With workers (``-n``) the figures are the workers'
seconds added up, which is more than the wall-clock time the run took (``make
test-report``; docs/testing.md).
"""

from __future__ import annotations

import time
from collections import defaultdict
from pathlib import PurePosixPath

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--time-report",
        type=int,
        default=None,
        metavar="N",
        help="after the run, print the time by folder and the N slowest tests",
    )


class TimeReport:
    """Each test's seconds as its reports arrive; the report at the end of the run."""

    def __init__(self, slowest: int) -> None:
        self.slowest = slowest
        self.started = time.perf_counter()
        self.seconds: defaultdict[str, float] = defaultdict(float)  # by test id

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.seconds[report.nodeid] += report.duration

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        wall = time.perf_counter() - self.started
        total = sum(self.seconds.values())
        write = terminalreporter.write_line
        terminalreporter.section("where the time went")
        write(
            f"{len(self.seconds):,} tests, {total:,.0f} s of test time "
            f"in {wall:,.0f} s of wall-clock time"
        )
        write("")
        write(f"{'folder':<28}{'tests':>8}{'seconds':>10}{'share':>8}")
        for folder, (count, seconds) in by_folder(self.seconds):
            share = seconds / total if total else 0.0
            write(f"{folder:<28}{count:>8,}{seconds:>10,.1f}{share:>8.1%}")
        write("")
        write(f"the {self.slowest} slowest tests (seconds):")
        ranked = sorted(self.seconds.items(), key=lambda pair: pair[1], reverse=True)
        for nodeid, seconds in ranked[: self.slowest]:
            write(f"{seconds:8.2f}  {nodeid}")


def folder_of(nodeid: str) -> str:
    """``tests/web/test_games.py::test_x[a]`` -> ``tests/web``; the engine's doctests,
    ``scorekeeper/engine/...`` -> ``scorekeeper/engine``."""
    parent = PurePosixPath(nodeid.split("::", 1)[0]).parent
    return str(parent) if parent.parts[:1] == ("tests",) else "/".join(parent.parts[:2])


def by_folder(seconds: dict[str, float]) -> list[tuple[str, tuple[int, float]]]:
    """Each folder's (tests, seconds), the slowest folder first."""
    folders: defaultdict[str, list[float]] = defaultdict(list)
    for nodeid, each in seconds.items():
        folders[folder_of(nodeid)].append(each)
    return sorted(
        ((folder, (len(times), sum(times))) for folder, times in folders.items()),
        key=lambda pair: pair[1][1],
        reverse=True,
    )


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    slowest = config.getoption("--time-report")
    if slowest is not None and not hasattr(config, "workerinput"):  # the controller only
        config.pluginmanager.register(TimeReport(slowest), "time-report")

"""Shared fixtures: the worked cases copied from the rulebook's repository, and a club
night's clock. The databases (and the ``instance`` fixture) are tests/databases.py's,
the work done once per process tests/per_process.py's, the time report
tests/timing.py's: plugins loaded here."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

pytest_plugins = ["tests.databases", "tests.per_process", "tests.timing", "tests.alone"]

# Hypothesis: the same examples on every run (a failure seen once is seen again, and a
# run's time does not wander), none kept between runs; ``--hypothesis-profile=long``
# tries ten times as many, freshly drawn (docs/testing.md)
settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True)
settings.register_profile(
    "long", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci")


def examples(count: int) -> int:
    """``count`` examples in the usual run; as many more as the profile asks (``long``:
    ten times as many)."""
    return max(1, count * settings.default.max_examples // 100)


CASES = Path(__file__).parent / "data" / "cases"
# auction pinochle's worked cases (ours, not a copy of ../shared/cases)
AUCTION_CASES = Path(__file__).parent / "data" / "auction"
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
    if "kitty" in expect:  # auction pinochle: the kitty's balance, and its chips per hand
        assert document["kitty"] == expect["kitty"]
        assert [hand.get("kitty") for hand in hands] == expect.get(
            "hand_kitty", [None] * len(hands)
        )
    else:
        assert "kitty" not in document


# --- a club night round's clock (club.clock.now), set by the test ---------------------------

SEATED = datetime(2026, 12, 1, 19, 0)  # when the tests' rounds are seated


class Wall:
    """``club.clock.now`` as the test sets it, from ``SEATED`` on as the night goes."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from scorekeeper.club import clock

        self.time = SEATED
        monkeypatch.setattr(clock, "now", lambda: self.time)

    def at(self, minutes: int, seconds: int = 0) -> None:
        self.time = SEATED + timedelta(minutes=minutes, seconds=seconds)


@pytest.fixture
def wall(monkeypatch: pytest.MonkeyPatch) -> Wall:
    return Wall(monkeypatch)


@pytest.fixture(autouse=True)
def _no_network_address(monkeypatch: pytest.MonkeyPatch) -> None:
    """This machine's network addresses as the table cards' check sees them: none, as on
    a machine with no network, whatever the machine the tests run on has (a card asked
    for at ``localhost`` is then printed, there being no address to offer instead). The
    tests of the refusal give it one: tests/web/test_public_address.py."""
    monkeypatch.setattr("scorekeeper.web.public_address.lan_addresses", lambda: [])

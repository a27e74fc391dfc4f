"""Auction pinochle's worked cases through ``scorekeeper score --json``, as a program
calls it (a subprocess), and the text sheet of one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import AUCTION_CASES, assert_matches_case, load_case

ROOT = Path(__file__).resolve().parents[2]


def _score(*files: Path, json_out: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUTF8": "1"}
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "score", *map(str, files)]
        + (["--json"] if json_out else []),
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=ROOT,
        check=False,
    )


def test_every_auction_case_through_score_json(tmp_path: Path) -> None:
    """All the cases in one call (one document per line, in the files' order)."""
    cases = sorted(AUCTION_CASES.glob("*.json"))
    files = []
    for case in cases:
        path = tmp_path / case.name
        path.write_text(json.dumps(load_case(case)["game"]), encoding="utf-8")
        files.append(path)
    done = _score(*files)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(cases)
    for case, line in zip(cases, lines, strict=True):
        document = json.loads(line)
        assert_matches_case(document, load_case(case)["expect"])
        assert document["ruleset"] == "auction"
        assert document["target"] is None


def test_made_outside_auction_exits_2_naming_the_hand(tmp_path: Path) -> None:
    game = {
        "format": "pinochle-game/1",
        "ruleset": "cutthroat",
        "sides": [{"name": name, "players": [name]} for name in ("Ann", "Bea", "Cal")],
        "hands": [{"bidder": "Ann", "bid": 300, "trump": "H", "made": True}],
    }
    path = tmp_path / "cutthroat.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    done = _score(path, json_out=False)
    assert done.returncode == 2
    assert "hand 1: made does not apply to cutthroat" in done.stderr

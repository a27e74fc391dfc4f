"""``scorekeeper league FILE… [--json]`` (issue 32, item 3; docs/league-format.md): the two
nights of tests/data/events as the command prints them, and every bad option or file as
one sentence on standard error, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import Run

EVENTS = Path(__file__).resolve().parents[1] / "data" / "events"
NIGHT = str(EVENTS / "club-night.json")
TEAMS = str(EVENTS / "teams-night.json")


def test_the_league_as_json(run: Run) -> None:
    result = run("league", TEAMS, NIGHT, "--min-nights", "2", "--json")
    assert (result.status, result.err) == (0, "")
    document = result.json
    assert list(document) == ["format", "nights", "standings"]
    assert document["format"] == "pinochle-league/1"
    club, teams = document["nights"]  # in date order: 12-01, then 12-05
    assert document["standings"][0] == {
        "place": 1, "player": "Eve", "nights": 2, "counted": [club, teams], "score": 3.5,
        "points": 1940, "qualified": True, "tied": False,
    }  # fmt: skip
    assert document["standings"][5] == {
        "place": None, "player": "Fay", "nights": 1, "counted": [teams], "score": 1,
        "points": 500, "qualified": False, "tied": False,
    }  # fmt: skip
    ida, jo = document["standings"][6:8]
    assert (ida["player"], jo["player"], ida["tied"], jo["tied"]) == ("Ida", "Jo", True, True)


def test_a_nights_key_is_the_files_own(run: Run, tmp_path: Path) -> None:
    keyed = tmp_path / "keyed.json"
    document = json.loads(Path(NIGHT).read_text(encoding="utf-8"))
    keyed.write_text(json.dumps({**document, "key": "Tue-01"}), encoding="utf-8")
    result = run("league", str(keyed), TEAMS, "--json")
    assert result.json["nights"][0] == "Tue-01"


def test_place_points_shared_by_a_tie(run: Run) -> None:
    result = run("league", NIGHT, "--score", "places:10,8,6.5,5,4", "--json")
    rows = {row["player"]: row["score"] for row in result.json["standings"]}
    assert rows == {"Bea": 9, "Eve": 9, "Dan": 6.5, "Cal": 5, "Ann": 4}


def test_the_league_as_a_printed_table(run: Run) -> None:
    result = run("league", NIGHT, TEAMS, "--best", "1", "--min-nights", "2")
    assert result.status == 0
    lines = result.out.splitlines()
    assert lines[0] == "2 nights, a night worth its wins; counted: best 1; ranked from 2 nights"
    assert lines[2].split() == ["place", "player", "nights", "counted", "score", "points"]
    assert lines[3].split() == ["1=", "Bea", "2", "1", "2.5", "1440"]
    assert lines[-1].split() == ["Hal", "1", "1", "0", "-90", "(needs", "1", "more)"]


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (["--score", "rank"], "score cannot be 'rank': expected wins or points or places"),
        (["--score", "places"], "place points are given with 'places' and only there"),
        (["--score", "places:10,x"], "place points are given with 'places'"),
        (["--score", "places:10,-1"], "place points are given with 'places'"),
        (["--score", "wins:3"], "place points are given with 'places'"),
        (["--best", "0"], "best is a whole number from 1 to 1000, not 0"),
        (["--min-nights", "1001"], "min_nights is a whole number from 0 to 1000, not 1001"),
        (["--drop", "２"], "a whole number in the digits 0 to 9, not '２'"),
        ([TEAMS], "the night '"),  # the same file twice
    ],
    ids=["score", "places alone", "a letter", "below 0", "points with wins", "best 0",
         "min 1001", "full-width", "a night twice"],
)  # fmt: skip
def test_a_bad_option_is_one_sentence(run: Run, args: list[str], sentence: str) -> None:
    result = run("league", TEAMS, *args)
    assert (result.status, result.out) == (2, "")
    assert sentence in result.err.strip().splitlines()[-1]  # (argparse's usage above its own)


def test_a_bad_file_is_the_nights_own_sentence(run: Run, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "pinochle-event/1", "name": ""}', encoding="utf-8")
    result = run("league", NIGHT, str(broken))
    assert result.status == 2
    assert result.out == ""
    assert result.err == "ruleset: expected a string\n"

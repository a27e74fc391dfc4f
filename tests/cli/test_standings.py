"""``scorekeeper standings FILE [--json]``: the worked nights of docs/event-format.md as
the command prints them, and bad input as one sentence on standard error, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import Run

EVENTS = Path(__file__).resolve().parents[1] / "data" / "events"
NIGHT = str(EVENTS / "club-night.json")
TEAMS = str(EVENTS / "teams-night.json")


def test_the_night_as_json(run: Run) -> None:
    result = run("standings", NIGHT, "--json")
    assert (result.status, result.err) == (0, "")
    document = result.json
    assert (document["rounds_played"], document["provisional"]) == (3, False)
    assert document["rows"][0] == {
        "place": 1,
        "entrant": "Bea",
        "games": 2,
        "wins": 2.5,
        "byes": 1,
        "points": 1440,
        "adjustments": 0,
    }
    assert [(row["place"], row["entrant"]) for row in document["rows"]] == [
        (1, "Bea"),
        (1, "Eve"),
        (3, "Dan"),
        (4, "Cal"),
        (5, "Ann"),
    ]
    assert document["rows"][2]["adjustments"] == -50


def test_the_night_as_a_printed_table(run: Run) -> None:
    result = run("standings", NIGHT)
    assert result.status == 0
    lines = result.out.splitlines()
    assert lines[:4] == [
        "Tuesday club night, 2026-12-01",
        "progressive, partnership (game_end hands:2)",
        "ranked by wins, then points; a bye is a win worth the average of the round's winners",
        "after 3 of 3 rounds",
    ]
    assert lines[5].split() == [
        "place",
        "entrant",
        "games",
        "wins",
        "byes",
        "adjustments",
        "points",
    ]
    assert [line.split() for line in lines[6:]] == [
        ["1", "Bea", "2", "2.5", "1", "1440"],
        ["1", "Eve", "2", "2.5", "1", "1440"],
        ["3", "Dan", "2", "2", "1", "-50", "760"],
        ["4", "Cal", "3", "1.5", "0", "1350"],
        ["5", "Ann", "3", "0.5", "0", "720"],
    ]


def test_a_teams_night_names_its_teams(run: Run) -> None:
    result = run("standings", TEAMS)
    assert result.status == 0
    assert "fixed teams, partnership" in result.out
    assert "after 1 of 2 rounds" in result.out
    assert result.out.splitlines()[6].split()[:3] == ["1", "Eve", "&"]


def test_a_game_still_played_says_provisional(run: Run, tmp_path: Path) -> None:
    document = json.loads(Path(NIGHT).read_text(encoding="utf-8"))
    game = document["rounds"][2]["tables"][0]["game"]
    game["hands"] = game["hands"][:1]
    path = tmp_path / "night.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert run("standings", str(path), "--json").json["provisional"] is True
    assert "(provisional: a game is still being played)" in run("standings", str(path)).out


def _bad(folder: Path, change: str) -> str:
    document = json.loads(Path(NIGHT).read_text(encoding="utf-8"))
    if change == "rules":
        document["rules"] = {}
    elif change == "twice":
        document["entrants"].append({"name": "Ann"})
    elif change == "seats":
        document["rounds"][0]["tables"][0]["seats"] = ["Ann", "Dan", "Cal", "Bea"]
    path = folder / f"{change}.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        ("rules", "round 1, table 1: the game is played under partnership (game_end hands:2), "
         "not under the event's rules (partnership)"),
        ("twice", "'Ann' is entered more than once"),
        ("seats", "round 1, table 1: the seats are Ann, Dan, Cal, Bea, but the game seats "
         "Ann, Bea, Cal, Dan (North-South is the game's first side)"),
    ],
)  # fmt: skip
def test_a_bad_event_is_one_sentence_and_exit_2(
    run: Run, tmp_path: Path, change: str, sentence: str
) -> None:
    result = run("standings", _bad(tmp_path, change))
    assert (result.status, result.out, result.err_lines) == (2, "", [sentence])


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"{", "not a pinochle-event/1 document: not JSON (line 1, column 2)"),
        (b"\xff\xfe", "is not UTF-8 text"),
        (b'{"format": "pinochle-game/1"}', "not a pinochle-event/1 document"),
        (b" " * (2 * 1024 * 1024 + 1), "more than an event file may be"),
    ],
    ids=["not json", "not utf-8", "a game", "too large"],
)
def test_a_file_that_is_no_event_is_refused(
    run: Run, tmp_path: Path, content: bytes, words: str
) -> None:
    path = tmp_path / "event.json"
    path.write_bytes(content)
    result = run("standings", str(path), "--json")
    assert (result.status, result.out) == (2, "")
    assert words in result.err


def test_a_missing_file_is_refused(run: Run, tmp_path: Path) -> None:
    result = run("standings", str(tmp_path / "none.json"))
    assert result.status == 2
    assert "cannot read" in result.err

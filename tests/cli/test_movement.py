"""``scorekeeper movement``: the JSON's shape, the same output for the same arguments,
the printable sheet, and refusals (a sentence on standard error, exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Run

EVENNESS = {"partner_repeats", "repeat_meetings", "lower_bound", "most_meetings", "bye_spread"}

# (format, entrants, rounds, tables, byes a round, seats at a table)
SHAPES = [
    ("progressive", 12, "6", 3, 0, 4),
    ("progressive", 14, "2", 3, 2, 4),
    ("progressive", 9, "3", 2, 1, 4),  # no shipped table: the live search
    ("teams", 6, "5", 3, 0, 2),
    ("teams", 7, "7", 3, 1, 2),
    ("ab", 8, "4", 4, 0, 2),
    ("ab", 5, "3", 2, 1, 2),
]


@pytest.mark.parametrize(("fmt", "entrants", "rounds", "tables", "byes", "seats"), SHAPES)
def test_the_json_has_its_shape_and_is_the_same_twice(
    run: Run, fmt: str, entrants: int, rounds: str, tables: int, byes: int, seats: int
) -> None:
    argv = ("movement", "--format", fmt, "--entrants", str(entrants), "--rounds", rounds, "--json")
    first = run(*argv)
    assert first.status == 0
    document = first.json
    assert set(document) == {"format", "entrants", "tables", "rounds", "evenness"}
    assert (document["format"], document["entrants"], document["tables"]) == (fmt, entrants, tables)
    assert [r["round"] for r in document["rounds"]] == list(range(1, int(rounds) + 1))
    for played in document["rounds"]:
        assert set(played) == {"round", "tables", "byes"}
        assert [t["table"] for t in played["tables"]] == list(range(1, tables + 1))
        assert all(len(t["seats"]) == seats for t in played["tables"])
        assert len(played["byes"]) == byes
        everyone = [p for t in played["tables"] for p in t["seats"]] + played["byes"]
        assert sorted(everyone) == list(range(entrants))
    assert set(document["evenness"]) == EVENNESS
    assert run(*argv).out == first.out


@pytest.mark.parametrize("seed", ["1", "7"])
def test_the_same_seed_prints_the_same(run: Run, seed: str) -> None:
    argv = ("movement", "--format", "progressive", "--entrants", "13", "--rounds", "3")
    assert run(*argv, "--seed", seed).out == run(*argv, "--seed", seed).out


def test_the_sheet_lists_rounds_tables_byes_and_the_figure(run: Run) -> None:
    sheet = run("movement", "--format", "progressive", "--entrants", "13", "--rounds", "2")
    assert sheet.status == 0
    text = sheet.out
    assert "Round 1" in text and "Round 2" in text
    assert "N    E    S    W" in text
    assert "Bye:" in text
    assert "partner repeats     0" in text and "repeat meetings" in text


def test_repeats_past_a_cycle_are_said(run: Run) -> None:
    done = run("movement", "--format", "ab", "--entrants", "6", "--rounds", "4", "--json")
    assert done.status == 0
    assert "meet again" in done.err
    assert done.json["evenness"]["repeat_meetings"] > 0


# (arguments, words of the sentence on standard error)
REFUSED = [
    (("--format", "progressive", "--entrants", "3"), "cannot fill a table"),
    (("--format", "teams", "--entrants", "1"), "cannot fill a table"),
    (("--format", "ab", "--entrants", "6", "--rounds", "0"), "out of range"),
    (("--format", "teams", "--entrants", "6", "--rounds", "21"), "out of range"),
    (("--format", "howell", "--entrants", "12"), "invalid choice: 'howell'"),
    (("--format", "teams", "--entrants", "six"), "a whole number in the digits 0 to 9, not 'six'"),
    (("--entrants", "12"), "required: --format"),
]


@pytest.mark.parametrize(("argv", "words"), REFUSED)
def test_bad_input_is_refused_with_a_sentence(run: Run, argv: tuple[str, ...], words: str) -> None:
    done = run("movement", *argv)
    assert done.status == 2
    assert words in done.err
    assert done.out == ""


def test_played_rounds_are_kept_and_the_rest_computed_for_a_late_arrival(
    run: Run, tmp_path: Path
) -> None:
    played = run(
        "movement", "--format", "progressive", "--entrants", "12", "--rounds", "2", "--json"
    )
    path = tmp_path / "played.json"
    path.write_text(played.out, encoding="utf-8")
    argv = ("movement", "--format", "progressive", "--entrants", "13", "--rounds", "4")
    night = run(*argv, "--played", str(path), "--json")
    assert night.status == 0
    assert night.json["rounds"][:2] == played.json["rounds"]
    assert [len(r["byes"]) for r in night.json["rounds"]] == [0, 0, 1, 1]
    # the late arrival (12) sits out: nobody there from the start does for them
    assert [r["byes"] for r in night.json["rounds"][2:]] == [[12], [12]]
    assert night.json["evenness"]["partner_repeats"] == 0
    at_once = run(*argv, "--played", str(path), "--at-once", "12", "--json")
    assert all(12 not in r["byes"] and len(r["byes"]) == 1 for r in at_once.json["rounds"][2:])
    for not_late in ("3", "13"):  # there from the start; no entrant at all
        refused = run(*argv, "--played", str(path), "--at-once", not_late)
        assert refused.status == 2 and f"entrant {not_late} is not a late arrival" in refused.err
    assert run(*argv, "--played", str(path), "--json").out == night.out
    withdrawn = run(*argv, "--played", str(path), "--withdraw", "3", "--json")
    assert all(3 not in r["byes"] for r in withdrawn.json["rounds"][2:])


# (the played file's text, more arguments, words of the sentence)
PLAYED_REFUSED = [
    ("{", (), "is not JSON"),
    ('{"format": "teams"}', (), "progressive movement's JSON"),
    (None, (), "cannot read"),
    ("", ("--format", "teams"), "only a progressive movement"),
]


@pytest.mark.parametrize(("text", "more", "words"), PLAYED_REFUSED)
def test_a_played_file_that_cannot_be_used_is_refused(
    run: Run, tmp_path: Path, text: str | None, more: tuple[str, ...], words: str
) -> None:
    path = tmp_path / "played.json"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    argv = ["movement", "--format", "progressive", "--entrants", "13", "--played", str(path)]
    done = run(*argv, *more)
    assert done.status == 2
    assert words in done.err


@pytest.mark.parametrize("option", ["--withdraw", "--at-once"])
def test_a_change_needs_played_rounds(run: Run, option: str) -> None:
    done = run("movement", "--format", "progressive", "--entrants", "13", option, "2")
    assert (done.status, f"{option} needs --played" in done.err) == (2, True)

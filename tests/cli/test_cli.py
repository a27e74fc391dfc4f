"""The ``scorekeeper`` command line, held to game-format.md §2–§3."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import cli
from tests.cli.conftest import Run
from tests.conftest import CASES, assert_matches_case, case_files, load_case

ROOT = Path(__file__).resolve().parents[2]
MELD_CASES = load_case(CASES / "meld.json")
RUN = "AH 10H KH KH QH QH JH"
UNKNOWN_ZZ = "unknown card 'ZZ': expected a rank (A 10 K Q J 9) and a suit (H S D C)"


def game_file(folder: Path, case: Path) -> str:
    """The ``game`` of a worked case, written where ``score`` can read it."""
    path = folder / case.name
    path.write_text(json.dumps(load_case(case)["game"]), encoding="utf-8")
    return str(path)


def partnership_game(hands: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "pinochle-game/1",
        "ruleset": "partnership",
        "sides": [
            {"name": "Us", "players": ["Ann", "Cal"]},
            {"name": "Them", "players": ["Bea", "Dan"]},
        ],
        "hands": hands,
    }


def write(folder: Path, name: str, document: dict[str, Any]) -> str:
    path = folder / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


# --- meld: the worked cases ---------------------------------------------------------


@pytest.mark.parametrize(
    "case", MELD_CASES, ids=[f"{c['ruleset']}:{c['trump']}:{c['cards']}" for c in MELD_CASES]
)
def test_meld_case(run: Run, case: dict[str, Any]) -> None:
    result = run(
        "meld", case["cards"], "--json", "--trump", case["trump"], "--ruleset", case["ruleset"]
    )
    assert (result.status, result.err) == (0, "")
    document = result.json
    assert document["trump"] == case["trump"]
    assert document["total"] == case["total"]
    assert document.get("chips") == case.get("chips")
    assert sum(meld["points"] for meld in document["melds"]) == case["total"]


def test_meld_json_shape(run: Run) -> None:
    result = run("meld", RUN, "--trump", "H", "--json")
    assert result.json == {
        "trump": "H",
        "total": 230,
        "melds": [
            {
                "name": "run_royal_marriage",
                "points": 230,
                "cards": ["AH", "10H", "KH", "KH", "QH", "QH", "JH"],
            }
        ],
    }
    assert result.out.count("\n") == 1


def test_meld_without_trump_json_gives_every_trump(run: Run) -> None:
    result = run("meld", "AH 10H KH QH JH KS QS", "--json")
    assert result.status == 0
    by_trump = result.json["by_trump"]
    assert list(by_trump) == ["H", "S", "D", "C"]
    assert {suit: doc["total"] for suit, doc in by_trump.items()} == {
        "H": 170,
        "S": 60,
        "D": 40,
        "C": 40,
    }
    assert all(doc["trump"] == suit for suit, doc in by_trump.items())


def test_meld_check_without_trump_has_chips(run: Run) -> None:
    by_trump = run("meld", "AS AH AD AC", "--ruleset", "check", "--json").json["by_trump"]
    assert {doc["chips"] for doc in by_trump.values()} == {2}


# --- meld: spellings and bad input ----------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("H14 H10", ["AH", "10H"]),
        ("A♥ 10♦", ["AH", "10D"]),
        ("10h,th", ["10H", "10H"]),
        ("ah, 10H  kh qh jh", ["AH", "10H", "KH", "QH", "JH"]),
        ("S12 D11", ["QS", "JD"]),
    ],
)
def test_card_spellings(run: Run, cards: str, expected: list[str]) -> None:
    result = run("meld", cards, "--trump", "H")
    assert (result.status, result.err) == (0, "")
    assert result.out.splitlines()[0] == "cards   " + " ".join(expected)


@pytest.mark.parametrize("trump", ["H", "h", "hearts", "HEARTS", "♥"])
def test_trump_spellings(run: Run, trump: str) -> None:
    assert run("meld", "KH QH", "--trump", trump, "--json").json["total"] == 40


def test_spellings_meld_alike(run: Run) -> None:
    canonical = run("meld", RUN, "--trump", "H", "--json").json
    assert run("meld", "H14 H10 H13 H13 H12 H12 H11", "--trump", "H", "--json").json == canonical
    assert run("meld", "A♥,T♥,K♥,k♥,Q♥,q♥,J♥", "--trump", "♥", "--json").json == canonical


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["ZZ AH"], UNKNOWN_ZZ),
        (["AH AH AH", "--trump", "H"], "AH appears 3 times, but the single deck has 2"),
        (["9H", "--ruleset", "double-deck"], "unknown card '9H': the double deck has no 9s"),
        (["AH", "--trump", "X"], "unknown trump 'X': expected a suit (H S D C)"),
        (
            ["AH", "--ruleset", "bridge"],
            "unknown rule set 'bridge': expected one of partnership, partnership-tenths, "
            "check, two-hand, cutthroat, auction, double-deck",
        ),
    ],
)
def test_meld_bad_input(run: Run, argv: list[str], sentence: str) -> None:
    for mode in ([], ["--json"]):
        result = run("meld", *argv, *mode)
        assert result.status == 2
        assert result.out == ""
        assert result.err_lines == [sentence]


def test_too_many_cards_for_a_hand(run: Run) -> None:
    result = run("meld", "AH 10H KH QH JH 9H AS 10S KS QS JS 9S AD", "--trump", "H")
    assert result.status == 2
    assert result.err_lines == ["13 cards is more than a player can hold in partnership (12)"]


# --- meld: text for people ---------------------------------------------------------------


def test_meld_text(run: Run) -> None:
    result = run("meld", "qs jh 10h kh kh qh qh ah jd", "--trump", "h")
    assert result.status == 0
    lines = result.out.splitlines()
    assert lines[:2] == ["cards   AH 10H KH KH QH QH JH QS JD", "trump   ♥ hearts"]
    assert "  run + royal marriage  230   AH 10H KH KH QH QH JH" in lines
    assert "  pinochle               40   QS JD" in lines
    assert lines[-1] == "  total                 270"
    assert all(len(line) <= 80 for line in lines)


def test_meld_text_check_shows_chips(run: Run) -> None:
    cards = "AH 10H KH QH JH KS QS KD QD KC QC 9H"
    lines = run("meld", cards, "--trump", "H", "--ruleset", "check").out.splitlines()
    assert lines[-2:] == ["  total            36", "  chips             7"]
    assert "  kings around      8   KH KS KD KC" in lines


def test_meld_text_no_meld(run: Run) -> None:
    lines = run("meld", "AH 10D", "--trump", "S").out.splitlines()
    assert "  no meld" in lines
    assert lines[-1] == "  total  0"


def test_meld_text_without_trump(run: Run) -> None:
    result = run("meld", "AH 10H KH QH JH 9H 9H")
    assert result.status == 0
    assert result.out.splitlines() == [
        "cards   AH 10H KH QH JH 9H 9H",
        "",
        "♥ hearts    170  run 150, dix 10, dix 10",
        "♠ spades     20  common marriage 20",
        "♦ diamonds   20  common marriage 20",
        "♣ clubs      20  common marriage 20",
        "",
        "best    ♥ hearts (170)",
    ]


def test_meld_text_without_trump_wraps_long_lines(run: Run) -> None:
    result = run("meld", "AH 10H KH QH JH 9H KS QS KD QD KC QC", "--ruleset", "check")
    lines = result.out.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert any(line.startswith("♥ hearts    36  run 15, dix 1") for line in lines)
    assert "chips 7" in result.out


@pytest.mark.parametrize(
    ("name", "label"),
    [
        ("run_royal_marriage", "run + royal marriage"),
        ("run_extra_king", "run + extra king"),
        ("marriage", "common marriage"),
        ("double_pinochle", "double pinochle"),
        ("quadruple_aces_around", "quadruple aces around"),
    ],
)
def test_meld_label(name: str, label: str) -> None:
    assert cli.meld_label(name) == label


# --- meld: claims ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "claim", "verdict", "status"),
    [
        (RUN, "230", "valid", 0),
        (RUN, "run + royal marriage", "valid", 0),
        (RUN + " QS JD", "230", "under", 1),
        (RUN + " QS JD", "run, royal marriage", "under", 1),
        (RUN, "270", "invalid", 1),
        ("AH 10H KH QH JH", "run, royal marriage", "invalid", 1),
    ],
)
def test_claim(run: Run, cards: str, claim: str, verdict: str, status: int) -> None:
    text = run("meld", cards, "--trump", "H", "--claim", claim)
    assert (text.status, text.err) == (status, "")
    assert text.out.splitlines()[-1].startswith(f"{verdict}: ")
    as_json = run("meld", cards, "--trump", "H", "--claim", claim, "--json")
    assert as_json.status == status
    assert as_json.json["verdict"] == verdict
    assert as_json.json["reason"] == text.out.splitlines()[-1].removeprefix(f"{verdict}: ")


def test_claim_text_names_the_missed_meld(run: Run) -> None:
    result = run("meld", RUN + " QS JD", "--trump", "H", "--claim", "230")
    assert result.out.splitlines() == [
        "cards   AH 10H KH KH QH QH JH QS JD",
        "trump   ♥ hearts",
        "claim   230",
        "",
        "under: the cards make 270: 40 more than claimed (missed: pinochle (40))",
    ]


def test_claim_invalid_names_the_rule(run: Run) -> None:
    result = run("meld", "AH 10H KH QH JH", "--trump", "H", "--claim", "run, royal marriage")
    assert result.out.splitlines()[-1] == (
        "invalid: Q♥ is already in the run, so it cannot also form a royal marriage"
    )


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["--claim", "230"], "a claim is checked for one trump: give the trump"),
        (["--claim", "", "--trump", "H"], "the claim is empty: give a number or a list of melds"),
    ],
)
def test_claim_refused(run: Run, argv: list[str], sentence: str) -> None:
    result = run("meld", RUN, *argv)
    assert (result.status, result.out) == (2, "")
    assert result.err_lines == [sentence]


def test_claim_unknown_meld(run: Run) -> None:
    result = run("meld", RUN, "--trump", "H", "--claim", "run, straight")
    assert (result.status, result.out) == (2, "")
    assert len(result.err_lines) == 1
    assert result.err.startswith("unknown meld 'straight' in the claim: expected one of run, ")


# --- meld -: one hand per line -------------------------------------------------------------

HANDS = "AH 10H KH QH JH | H\n\nZZ AH\nKS QS\nKH QH | spades\nAH AH AH\n"


def test_meld_lines_json(run: Run) -> None:
    result = run("meld", "-", "--json", "--trump", "S", stdin=HANDS)
    assert result.status == 2
    assert result.err == ""
    lines = result.json_lines
    assert len(lines) == 5
    assert lines[0]["trump"] == "H"
    assert lines[0]["total"] == 150
    assert lines[1] == {"line": 3, "error": UNKNOWN_ZZ}
    assert (lines[2]["trump"], lines[2]["total"]) == ("S", 40)
    assert (lines[3]["trump"], lines[3]["total"]) == ("S", 20)
    assert lines[4] == {"line": 6, "error": "AH appears 3 times, but the single deck has 2"}


def test_meld_lines_without_trump(run: Run) -> None:
    result = run("meld", "-", "--json", stdin="KS QS\nKH QH | H\n")
    assert result.status == 0
    first, second = result.json_lines
    assert first["by_trump"]["S"]["total"] == 40
    assert second["trump"] == "H"


def test_meld_lines_bad_trump(run: Run) -> None:
    result = run("meld", "-", "--json", stdin="KH QH | x\n")
    assert result.status == 2
    error = "unknown trump 'x': expected a suit (H S D C)"
    assert result.json_lines == [{"line": 1, "error": error}]


def test_meld_lines_text(run: Run) -> None:
    result = run("meld", "-", "--trump", "S", stdin=HANDS)
    assert result.status == 2
    assert result.err_lines == [
        f"line 3: {UNKNOWN_ZZ}",
        "line 6: AH appears 3 times, but the single deck has 2",
    ]
    lines = result.out.splitlines()
    assert lines[0] == "line 1"
    assert "  run    150   AH 10H KH QH JH" in lines
    assert "line 4" in lines
    assert "line 5" in lines
    assert "  royal marriage  40   KS QS" in lines


def test_meld_lines_all_good(run: Run) -> None:
    result = run("meld", "-", "--json", stdin="KS QS | S\n\n   \nQS JD | H\n")
    assert result.status == 0
    assert [line["total"] for line in result.json_lines] == [40, 40]


@pytest.mark.parametrize(
    ("stdin", "status"),
    [
        ("KH QH | H\nKS QS | S\n", 0),
        ("KH QH | H\nKH QH KH QH | H\n", 1),
        ("KH QH | H\nKH QH\n", 2),
    ],
)
def test_meld_lines_claim_status(run: Run, stdin: str, status: int) -> None:
    result = run("meld", "-", "--claim", "40", "--json", stdin=stdin)
    assert result.status == status
    verdicts = [line.get("verdict") for line in result.json_lines]
    assert verdicts[0] == "valid"
    if status == 2:
        assert result.json_lines[1] == {
            "line": 2,
            "error": "a claim is checked for one trump: give the trump",
        }


# --- score: the worked cases ------------------------------------------------------------------


@pytest.mark.parametrize("path", case_files("games"), ids=lambda p: p.stem)
def test_score_game_case(run: Run, tmp_path: Path, path: Path) -> None:
    expect = load_case(path)["expect"]
    result = run("score", game_file(tmp_path, path), "--json")
    assert result.status == 0
    assert all(line.startswith("warning: ") for line in result.err_lines)
    assert_matches_case(result.json, expect)


@pytest.mark.parametrize("path", case_files("errors"), ids=lambda p: p.stem)
@pytest.mark.parametrize("mode", [[], ["--json"]], ids=["text", "json"])
def test_score_error_case(run: Run, tmp_path: Path, path: Path, mode: list[str]) -> None:
    hand = load_case(path)["expect"]["error_hand"]
    result = run("score", game_file(tmp_path, path), *mode)
    assert result.status == 2
    assert result.out == ""
    assert len(result.err_lines) == 1
    assert result.err_lines[0].startswith(f"hand {hand}: ")


def test_score_error_sentence(run: Run, tmp_path: Path) -> None:
    result = run("score", game_file(tmp_path, CASES / "errors" / "counters-sum.json"))
    assert result.err == "hand 1: counters 150 + 90 = 240, but a hand has 250\n"


def test_score_json_shape(run: Run, tmp_path: Path) -> None:
    result = run("score", game_file(tmp_path, CASES / "games" / "seed-throw-in.json"), "--json")
    assert result.out.count("\n") == 1
    assert result.json == {
        "ruleset": "partnership",
        "target": 1500,
        "hands": [
            {
                "number": 1,
                "dealer": "Lisa",
                "outcome": "thrown_in",
                "points": [-330, 110],
                "totals": [-330, 110],
            }
        ],
        "totals": [-330, 110],
        "finished": False,
        "went_out": None,
        "winner": None,
        "chips": None,
        "warnings": [],
    }


def test_score_several_files_json_lines(run: Run, tmp_path: Path) -> None:
    good = [game_file(tmp_path, path) for path in case_files("games")]
    bad = game_file(tmp_path, CASES / "errors" / "counters-sum.json")
    files = [good[0], bad, *good[1:]]
    result = run("score", *files, "--json")
    assert result.status == 2
    lines = result.json_lines
    assert len(lines) == len(files)
    assert lines[1] == {
        "file": bad,
        "error": "hand 1: counters 150 + 90 = 240, but a hand has 250",
    }
    for name, line in zip([good[0], *good[1:]], [lines[0], *lines[2:]], strict=True):
        expected = load_case(CASES / "games" / Path(name).name)["expect"]
        assert line["totals"] == expected["totals"]


def test_score_several_files_all_good(run: Run, tmp_path: Path) -> None:
    files = [game_file(tmp_path, path) for path in case_files("games")[:2]]
    result = run("score", *files, "--json")
    assert result.status == 0
    assert len(result.json_lines) == 2


def test_score_several_files_text(run: Run, tmp_path: Path) -> None:
    good = game_file(tmp_path, CASES / "games" / "seed-race-1.json")
    missing = str(tmp_path / "missing.json")
    result = run("score", good, missing)
    assert result.status == 2
    assert f"== {good}" in result.out.splitlines()
    assert result.err_lines == [
        f"{missing}: not a pinochle-game/1 document: cannot read {missing!r}: "
        "No such file or directory"
    ]


@pytest.mark.parametrize(
    ("content", "sentence"),
    [
        ("{", "not a pinochle-game/1 document: not JSON (line 1, column 2)"),
        ("[]", "the document: expected an object"),
        ('{"format": "x"}', "not a pinochle-game/1 document: format must be"),
    ],
)
def test_score_not_a_game(run: Run, tmp_path: Path, content: str, sentence: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    result = run("score", str(path))
    assert (result.status, result.out) == (2, "")
    assert len(result.err_lines) == 1
    assert result.err.startswith(sentence)


def test_score_notices_are_warnings(run: Run, tmp_path: Path) -> None:
    hand = {
        "bidder": "Ann",
        "bid": 250,
        "trump": "H",
        "meld": [100, 0],
        "counters": [150, 100],
        "meld_cards": {"Ann": "AH 10H KH QH JH", "Cal": ""},
    }
    path = write(tmp_path, "under.json", partnership_game([hand]))
    warning = "warning: hand 1: Us declare 100 meld, but their cards make 150 (50 missed)"
    as_json = run("score", path, "--json")
    assert as_json.status == 0
    assert as_json.err_lines == []  # --json: the warnings are in the document
    assert as_json.json["warnings"] == [
        {"hand": 1, "code": "meld_cards_under", "message": warning.removeprefix("warning: ")}
    ]
    assert as_json.json["totals"] == [250, 100]
    text = run("score", path)
    assert text.status == 0
    assert text.err_lines == [warning]


# --- score: the sheet for people ----------------------------------------------------------------


def test_score_sheet_check(run: Run, tmp_path: Path) -> None:
    result = run("score", game_file(tmp_path, CASES / "games" / "check-basic.json"))
    assert result.status == 0
    lines = result.out.splitlines()
    assert lines[0] == "check: game to 100"
    assert "  Us    Ann, Cal" in lines
    assert "  Them  Bea, Dan" in lines
    header = next(line for line in lines if line.startswith("#"))
    assert header.split() == [
        "#",
        "dealer",
        "bidder",
        "bid",
        "trump",
        "outcome",
        "hand",
        "total",
        "hand",
        "total",
        "chips",
    ]
    rows = {line.split()[0]: line.split() for line in lines if line[:1].isdigit()}
    assert rows["1"][1:] == ["Ann", "passed", "out", "0", "0", "0", "0"]
    assert rows["2"] == ["2", "Bea", "Cal", "30", "♥", "made", "62", "62", "39", "39", "Us", "+15"]
    assert rows["5"][-6:] == ["28", "111", "9", "60", "Us", "+18"]
    assert lines[-3:] == ["Us went out: Us 111, Them 60", "chips: Us 34, Them -34", "winner: Us"]
    assert all(len(line) <= 80 for line in lines)


def test_score_sheet_race(run: Run, tmp_path: Path) -> None:
    lines = run("score", game_file(tmp_path, CASES / "games" / "seed-race-2.json")).out
    assert "Mike and Lisa went out: You and Bill 1780, Mike and Lisa 1640" in lines
    assert lines.splitlines()[-1] == "winner: Mike and Lisa"


def test_score_sheet_unfinished(run: Run, tmp_path: Path) -> None:
    lines = run("score", game_file(tmp_path, CASES / "games" / "seed-throw-in.json")).out
    row = next(line for line in lines.splitlines() if line.startswith("1 "))
    cells = ["1", "Lisa", "Bill", "330", "♥", "thrown", "in", "-330", "-330", "110", "110"]
    assert row.split() == cells
    assert lines.splitlines()[-2:] == [
        "the game goes on: You and Bill -330, Mike and Lisa 110",
        "next to deal: You",
    ]


def test_score_sheet_without_bidding(run: Run, tmp_path: Path) -> None:
    lines = run("score", game_file(tmp_path, CASES / "games" / "two-hand-both-over.json")).out
    header = next(line for line in lines.splitlines() if line.startswith("#"))
    assert "bidder" not in header
    assert "players: Ann, Bea" in lines.splitlines()
    assert "scored" in lines
    assert lines.splitlines()[-1] == "winner: Bea"


def test_score_sheet_header_shows_house_rules(run: Run, tmp_path: Path) -> None:
    document = partnership_game([])
    document["rules"] = {"target": 1000, "throw_in": "always"}
    document["played_on"] = "2026-11-29"
    lines = run("score", write(tmp_path, "new.json", document)).out.splitlines()
    assert lines[0] == "partnership: game to 1000"
    assert lines[1] == "house rules: throw_in always"
    assert "played on 2026-11-29" in lines
    assert "no hands played yet" in lines
    assert lines[-1] == "next to deal: Ann"


def test_score_sheet_target_raised(run: Run, tmp_path: Path) -> None:
    hands = [
        {"meld": [800, 800], "counters": [125, 125]},
        {"meld": [100, 100], "counters": [125, 125]},
    ]
    document = {
        "format": "pinochle-game/1",
        "ruleset": "two-hand",
        "sides": [{"name": "Ann", "players": ["Ann"]}, {"name": "Bea", "players": ["Bea"]}],
        "hands": hands,
    }
    path = write(tmp_path, "tie.json", document)
    assert run("score", path, "--json").json["target"] == 1250
    lines = run("score", path).out.splitlines()
    assert lines[-2] == "the game goes on: Ann 1150, Bea 1150 (target raised to 1250)"


# --- errors, usage and the console script ---------------------------------------------------------


@pytest.mark.parametrize(
    "argv", [[], ["bogus"], ["meld"], ["score"], ["meld", "AH", "--bogus"]], ids=str
)
def test_usage_errors(run: Run, argv: list[str]) -> None:
    result = run(*argv)
    assert result.status == 2
    assert "usage: scorekeeper" in result.err


def test_help(run: Run) -> None:
    result = run("--help")
    assert result.status == 0
    assert "meld" in result.out and "score" in result.out


def test_internal_error_is_one_line(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(game: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("scorekeeper.cli.score.replay", broken)
    path = game_file(tmp_path, CASES / "games" / "seed-race-1.json")
    result = run("score", path)
    assert result.status == 3
    assert result.out == ""
    assert result.err_lines == ["scorekeeper: internal error: RuntimeError: boom"]


def test_build_parser_has_a_function_per_command() -> None:
    parser = cli.build_parser()
    assert parser.parse_args(["meld", "AH"]).run is cli.run_meld
    assert parser.parse_args(["score", "a.json"]).run is cli.run_score


def _console(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUTF8": "1"}
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=ROOT,
        check=False,
    )


def test_console_meld() -> None:
    done = _console("meld", "A♥ 10♥ K♥ K♥ Q♥ Q♥ J♥", "--trump", "hearts", "--json")
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["total"] == 230


def test_console_errors_without_traceback(tmp_path: Path) -> None:
    bad = game_file(tmp_path, CASES / "errors" / "hand-after-end.json")
    done = _console("score", bad)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "hand 2: the game already ended after hand 1\n"
    lines = _console("meld", "-", "--json", stdin="ZZ\nKH QH | H\n")
    assert lines.returncode == 2
    assert "Traceback" not in lines.stderr
    first = lines.stdout.splitlines()[0]
    assert json.loads(first) == {"line": 1, "error": UNKNOWN_ZZ}


@pytest.mark.skipif(
    not (Path(sys.executable).parent / "scorekeeper").exists(),
    reason="the console script is installed by `pip install -e .` (make test)",
)
def test_installed_console_script() -> None:
    script = Path(sys.executable).parent / "scorekeeper"
    done = subprocess.run(
        [str(script), "meld", "KH QH", "--trump", "H"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout.splitlines()[-1] == "  total           40"


MADE_HAND = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]}
SET_HAND = {"bidder": "Bea", "bid": 250, "trump": "S", "meld": [100, 60], "counters": [100, 150]}


@pytest.mark.parametrize(
    ("rules", "hands", "last_lines"),
    [
        ({"game_end": "hands:2"}, [MADE_HAND, SET_HAND],
         ["the game is over (the hands were played): Us 540, Them -90", "winner: Us"]),
        ({}, [{**MADE_HAND, "time_called": True}],
         ["the game is over (time was called): Us 340, Them 160", "winner: Us"]),
        ({"game_end": "hands:1"}, [{**MADE_HAND, "meld": [0, 0], "bid": 250,
                                     "counters": [250, 0]}, ],
         ["the game is over (the hands were played): Us 250, Them 0", "winner: Us"]),
        ({"game_end": "hands:2"}, [MADE_HAND],
         ["the game goes on: Us 340, Them 160", "next to deal: Bea"]),
    ],
)  # fmt: skip
def test_score_text_says_why_the_game_ended(
    run: Run,
    tmp_path: Path,
    rules: dict[str, Any],
    hands: list[dict[str, Any]],
    last_lines: list[str],
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**partnership_game(hands), "rules": rules}), encoding="utf-8")
    result = run("score", str(path))
    assert result.status == 0, result.err
    assert result.out.splitlines()[-len(last_lines) :] == last_lines


def test_score_text_of_an_auction_game_names_the_betes_and_the_kitty(
    run: Run, tmp_path: Path
) -> None:
    game = {
        "format": "pinochle-game/1",
        "ruleset": "auction",
        "sides": [{"name": name, "players": [name]} for name in ("Ann", "Bea", "Cal")],
        "hands": [
            {"bidder": "Ann", "bid": 350, "trump": "H", "made": True},
            {"bidder": "Bea", "bid": 300, "trump": "C", "made": False},
            {"bidder": "Cal", "bid": 300, "thrown_in": True},
        ],
    }
    result = run("score", write(tmp_path, "auction.json", game))
    assert result.status == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == "auction: chips, until time is called"
    assert lines[3].split()[-1] == "kitty"
    outcome = re.compile(r"made|double bete|single bete")
    rows = [(outcome.findall(line), line.split()[-8:]) for line in lines[5:8]]
    assert rows == [
        (["made"], ["15", "15", "-5", "-5", "-5", "-5", "-5", "-5"]),
        (["double bete"], ["6", "21", "-12", "-17", "6", "1", "0", "-5"]),
        (["single bete"], ["3", "24", "3", "-14", "-6", "-5", "0", "-5"]),
    ]
    assert lines[-2:] == ["next to deal: Ann", "kitty: -5"]

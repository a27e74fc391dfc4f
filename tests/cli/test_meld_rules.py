"""``scorekeeper meld --rule NAME=VALUE``: the house-rule options that change meld."""

from __future__ import annotations

import json

import pytest

from scorekeeper.engine.rules import OPTIONS
from tests.cli.conftest import Run

# (cards, trump, ruleset, rules, total, chips)
MELD = [
    ("AH 10H KH KH QH JH", "H", "partnership", [], 190, None),
    ("AH 10H KH KH QH JH", "H", "partnership", ["run_extras=off"], 150, None),
    ("AH 10H KH QH QH JH", "H", "partnership", ["run_extras=off"], 150, None),
    ("AH 10H KH KH QH QH JH", "H", "partnership", ["run_extras=off"], 190, None),
    ("AH 10H KH KH QH QH JH", "H", "partnership", ["run_extras=on"], 230, None),
    ("JD QS JD QS", "H", "partnership", ["doubles=two_singles"], 80, None),
    ("AH AH AS AS AD AD AC AC", "S", "partnership", ["doubles=two_singles"], 200, None),
    ("AH 10H KH QH JH AH 10H KH QH JH", "H", "partnership", ["doubles=two_singles"], 300, None),
    ("AH 10H KH KH QH QH JH JD QS JD QS", "H", "partnership",
     ["doubles=two_singles", "run_extras=off"], 270, None),
    ("JD QS JD QS", "H", "two-hand", [], 80, None),
    ("JD QS JD QS", "H", "two-hand", ["doubles=special"], 300, None),
    ("JD QS JD QS", "C", "check", [], 30, 1),
    ("JD QS JD QS", "C", "check", ["check_scale=bicycle"], 30, 2),
    ("AH 10H KH KH QH JH", "H", "partnership", ["run_extras=off", "run_extras=on"], 190, None),
    ("AH 10H KH KH QH JH", "H", "partnership", [" run_extras = off "], 150, None),
]  # fmt: skip


def _rules(rules: list[str]) -> list[str]:
    return [argument for rule in rules for argument in ("--rule", rule)]


@pytest.mark.parametrize(("cards", "trump", "preset", "rules", "total", "chips"), MELD, ids=str)
def test_rules_change_the_meld(
    run: Run, cards: str, trump: str, preset: str, rules: list[str], total: int, chips: int | None
) -> None:
    result = run("meld", cards, "--trump", trump, "--ruleset", preset, *_rules(rules), "--json")
    assert (result.status, result.err) == (0, "")
    assert (result.json["total"], result.json.get("chips")) == (total, chips)
    text = run("meld", cards, "--trump", trump, "--ruleset", preset, *_rules(rules)).out
    assert [line.split() for line in text.splitlines() if line.startswith("  total")] == [
        ["total", str(total)]
    ]


OPTIONS_MELD_TAKES = "meld takes doubles, run_extras, check_scale"
REFUSED = [
    (["target=1000"], f"house-rule option 'target' does not change meld: {OPTIONS_MELD_TAKES}"),
    (["throw_in=never"],
     f"house-rule option 'throw_in' does not change meld: {OPTIONS_MELD_TAKES}"),
    (["run_extras=off", "min_bid=300"],
     f"house-rule option 'min_bid' does not change meld: {OPTIONS_MELD_TAKES}"),
    (["bogus=1"], f"unknown house-rule option 'bogus': expected one of {', '.join(OPTIONS)}"),
    (["run_extras=maybe"], "house-rule option 'run_extras' cannot be 'maybe': expected on or off"),
    (["run_extras="], "house-rule option 'run_extras' cannot be '': expected on or off"),
    (["check_scale=bicycle"],
     "house-rule option 'check_scale' does not apply to partnership: it has no chips"),
]  # fmt: skip


@pytest.mark.parametrize(("rules", "sentence"), REFUSED, ids=str)
def test_a_refused_rule_exits_2_with_the_engines_sentence(
    run: Run, rules: list[str], sentence: str
) -> None:
    for extra in ([], ["--json"], ["--claim", "150"]):
        result = run("meld", "AH 10H KH KH QH JH", "--trump", "H", *_rules(rules), *extra)
        assert (result.status, result.out, result.err_lines) == (2, "", [sentence])


@pytest.mark.parametrize("typed", ["noequals", "=off", " =off"])
def test_a_rule_without_name_and_value_is_a_usage_error(run: Run, typed: str) -> None:
    result = run("meld", "AH 10H KH KH QH JH", "--rule", typed)
    assert result.status == 2
    assert "usage: scorekeeper meld" in result.err
    assert "expected NAME=VALUE, e.g. run_extras=off" in result.err


# (cards, rules, claim, status, verdict)
CLAIMS = [
    ("AH 10H KH KH QH JH", [], "190", 0, "valid"),
    ("AH 10H KH KH QH JH", ["run_extras=off"], "190", 1, "invalid"),
    ("AH 10H KH KH QH JH", ["run_extras=off"], "150", 0, "valid"),
    ("AH 10H KH KH QH JH", ["run_extras=off"], "run", 0, "valid"),
    ("JD QS JD QS", ["doubles=two_singles"], "300", 1, "invalid"),
    ("JD QS JD QS", ["doubles=two_singles"], "80", 0, "valid"),
]


@pytest.mark.parametrize(("cards", "rules", "claim", "status", "verdict"), CLAIMS, ids=str)
def test_a_claim_is_checked_under_the_rules(
    run: Run, cards: str, rules: list[str], claim: str, status: int, verdict: str
) -> None:
    argv = ("meld", cards, "--trump", "H", *_rules(rules), "--claim", claim)
    result = run(*argv, "--json")
    assert (result.status, result.json["verdict"]) == (status, verdict)
    assert run(*argv).out.splitlines()[-1].startswith(f"{verdict}: ")


def test_standard_input_lines_take_the_rules(run: Run) -> None:
    lines = "AH 10H KH KH QH JH | H\nJD QS JD QS | S\nZZ\nAH 10H KH KH QH QH JH | H\n"
    rules = _rules(["run_extras=off", "doubles=two_singles"])
    result = run("meld", "-", *rules, "--json", stdin=lines)
    assert result.status == 2  # the bad line
    documents = result.json_lines
    assert [document.get("total") for document in documents] == [150, 80, None, 190]
    assert documents[2]["line"] == 3


def test_without_a_trump_every_trump_takes_the_rules(run: Run) -> None:
    result = run(
        "meld", "AH 10H KH KH QH JH JD QS JD QS", "--rule", "doubles=two_singles", "--json"
    )
    by_trump = result.json["by_trump"]
    assert {suit: by_trump[suit]["total"] for suit in "HSDC"} == {
        "H": 270,
        "S": 100,  # the pinochles as two singles, and the marriage KH QH
        "D": 100,
        "C": 100,
    }
    assert json.dumps(by_trump).count("double_pinochle") == 4

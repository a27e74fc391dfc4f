"""Checking a meld claim: valid, under (what was missed), invalid (the first rule broken)."""

from __future__ import annotations

import pytest

from scorekeeper.engine.cards import Suit, parse_cards
from scorekeeper.engine.claims import INVALID, UNDER, VALID, check_claim, parse_claim
from scorekeeper.engine.errors import ClaimError
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import ruleset

RUN = "AH 10H KH QH JH"
RUN_ROYAL = "AH 10H KH KH QH QH JH"

# preset, cards, trump, claim, verdict, the reason (a part of it)
CLAIMS = [
    ("partnership", RUN, "H", "150", VALID, "the cards make 150, as claimed"),
    ("partnership", RUN, "H", "run", VALID, "the cards make 150"),
    (
        "partnership",
        RUN,
        "H",
        "190",
        INVALID,
        "Q♥ is already in the run, so it cannot also form a royal marriage",
    ),
    (
        "partnership",
        RUN,
        "H",
        "run, royal marriage",
        INVALID,
        "Q♥ is already in the run, so it cannot also form a royal marriage",
    ),
    ("partnership", RUN, "H", "200", INVALID, "the cards make at most 150, not 200"),
    ("partnership", RUN_ROYAL, "H", "230", VALID, "as claimed"),
    ("partnership", RUN_ROYAL, "H", "run + royal marriage", VALID, "as claimed"),
    (
        "partnership",
        RUN_ROYAL,
        "H",
        "run, royal marriage",
        UNDER,
        "40 more than claimed, as run + royal marriage (230)",
    ),
    ("partnership", RUN_ROYAL, "H", "190", UNDER, "the cards make 230: 40 more than claimed"),
    (
        "partnership",
        "AH 10H KH QH JH 9H QS JD",
        "H",
        "190",
        UNDER,
        "the cards make 200: 10 more than claimed (missed: dix (10))",
    ),
    ("partnership", "AH 10H KH QH JH 9H QS JD", "H", "run, pinochle", UNDER, "missed: dix (10)"),
    ("partnership", "KH KS KD KC KC QC", "C", "kings around, royal marriage", VALID, "120"),
    (
        "partnership",
        "KH KS KD KC KC QC",
        "C",
        "kings around, marriage",
        INVALID,
        "no K and Q of a suit other than trump ♣ are left for a marriage",
    ),
    ("partnership", "JH JS JD JC QS", "H", "jacks around, pinochle", VALID, "80"),
    (
        "partnership",
        "JH JS JD JC QS",
        "H",
        "double pinochle",
        INVALID,
        "the double pinochle needs Q♠ 2 times, more than the cards hold",
    ),
    (
        "partnership",
        "JH JS JD JC",
        "H",
        "pinochle",
        INVALID,
        "the pinochle needs Q♠, which is not among the cards",
    ),
    ("partnership", "KH QH KS QS KD QD KC QC", "H", "roundhouse", VALID, "240"),
    ("partnership", "KH QH KS QS KD QD KC QC", "H", "240", VALID, "240"),
    (
        "partnership",
        "QS JD",
        "H",
        "2 pinochles",
        INVALID,
        "the cards hold Q♠ 1 time(s), too few for each pinochle claimed (2 needed)",
    ),
    ("partnership", "QS QS JD JD", "H", "double pinochle", VALID, "300"),
    ("partnership", "9H 9H", "H", "dix x2", VALID, "20"),
    ("partnership", "9H", "H", "dix, dix", INVALID, "the cards hold 9♥ 1 time(s), too few"),
    ("partnership", RUN + " 9H", "H", "royal marriage, run", INVALID, "K♥ is already in the royal"),
    ("two-hand", RUN, "H", "royal marriage, run", VALID, "190"),
    ("two-hand", RUN, "H", "190", VALID, "190"),
    ("two-hand", RUN, "H", "run", UNDER, "missed: royal marriage (40)"),
    ("double-deck", RUN, "H", "15", VALID, "15"),
    ("double-deck", RUN_ROYAL, "H", "run + royal marriage", VALID, "19"),
    ("double-deck", RUN_ROYAL, "H", "run + extra king", INVALID, "does not score in double"),
    ("check", RUN, "H", "15", VALID, "15"),
]


@pytest.mark.parametrize(("preset", "cards", "trump", "claim", "verdict", "reason"), CLAIMS)
def test_claim(preset: str, cards: str, trump: str, claim: str, verdict: str, reason: str) -> None:
    rules = PRESETS[preset]
    answer = check_claim(
        parse_cards(cards, rules.meld_table.deck), Suit(trump), rules, parse_claim(claim)
    )
    assert answer.verdict == verdict
    assert reason in answer.reason
    assert answer.ok is (verdict == VALID)
    assert answer.as_dict()["total"] == answer.best.total


def test_an_invalid_claim_reports_what_was_claimed() -> None:
    rules = PRESETS["partnership"]
    answer = check_claim(parse_cards(RUN), Suit.HEARTS, rules, ("run", "royal marriage"))
    assert (answer.verdict, answer.claimed, answer.best.total) == (INVALID, 190, 150)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("230", 230),
        (" 40 ", 40),
        ("run", ("run",)),
        ("Run + Royal Marriage", ("run_royal_marriage",)),
        ("run_extra_king", ("run_extra_king",)),
        ("2 marriages, pinochle", ("marriage", "marriage", "pinochle")),
        ("common marriage x3", ("marriage", "marriage", "marriage")),
        ("all eight aces; double pinochle", ("double_aces_around", "double_pinochle")),
        ("roundhouse", ("roundhouse",)),
        # the auction rooms' names: a flush is a run, "100 aces" an around, not 100 of them
        ("flush, 100 aces", ("run", "aces_around")),
        ("80 kings; 60 queens, 40 jacks", ("kings_around", "queens_around", "jacks_around")),
        ("2 flushes", ("run", "run")),
    ],
)
def test_parse_claim(text: str, claim: int | tuple[str, ...]) -> None:
    assert parse_claim(text) == claim


@pytest.mark.parametrize(
    ("text", "code"),
    [("", "claim_empty"), ("run, straight", "claim_unknown_meld"), ("-5", "claim_number")],
)
def test_unreadable_claim(text: str, code: str) -> None:
    with pytest.raises(ClaimError) as refused:
        parse_claim(text)
    assert refused.value.code == code


def test_a_claim_needs_a_trump() -> None:
    with pytest.raises(ClaimError, match="give the trump"):
        check_claim(parse_cards(RUN), None, PRESETS["partnership"], 150)


def test_an_over_claim_with_run_extras_off_is_not_blamed_on_the_run() -> None:
    rules = ruleset("partnership", {"run_extras": "off"})
    answer = check_claim(parse_cards(RUN_ROYAL), Suit.HEARTS, rules, 230)
    assert answer.verdict == INVALID
    assert answer.reason == "the cards make at most 190, not 230"


@pytest.mark.parametrize(
    ("claim", "code"),
    [
        ("²", "claim_number"),
        ("9" * 5000, "claim_number"),
        ("1000000 pinochle", "claim_count"),
    ],
)
def test_claims_that_cannot_be_read_are_refused_quickly(claim: str, code: str) -> None:
    with pytest.raises(ClaimError) as refused:
        parse_claim(claim)
    assert refused.value.code == code


@pytest.mark.parametrize("claim", [True, -5])
def test_a_claim_is_a_whole_number_of_points(claim: int) -> None:
    with pytest.raises(ClaimError, match="a claim is a number of points"):
        check_claim(parse_cards(RUN), Suit.HEARTS, PRESETS["partnership"], claim)


def test_a_claim_given_as_text_is_read() -> None:
    answer = check_claim(parse_cards(RUN), Suit.HEARTS, PRESETS["partnership"], "run")  # type: ignore[arg-type]
    assert answer.verdict == VALID

"""Every worked case of the rulebook, through the engine."""

from __future__ import annotations

import filecmp
from pathlib import Path

import pytest

from scorekeeper.engine.cards import Suit, parse_cards
from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.gamefile import from_document
from scorekeeper.engine.meld import best_meld
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.scoring import replay
from tests.conftest import CASES, SHARED_CASES, assert_matches_case, case_files, load_case

MELD_CASES = load_case(CASES / "meld.json")


@pytest.mark.parametrize(
    "case", MELD_CASES, ids=[f"{c['ruleset']}:{c['trump']}:{c['cards']}" for c in MELD_CASES]
)
def test_meld_case(case: dict[str, object]) -> None:
    rules = PRESETS[str(case["ruleset"])]
    cards = parse_cards(str(case["cards"]), rules.meld_table.deck)
    result = best_meld(cards, Suit(case["trump"]), rules)
    assert result.total == case["total"]
    assert result.chips == case.get("chips")
    assert sum(meld.points for meld in result.melds) == result.total


@pytest.mark.parametrize("path", case_files("games"), ids=lambda p: p.stem)
def test_game_case(path: Path) -> None:
    case = load_case(path)
    assert_matches_case(replay(from_document(case["game"])).as_dict(), case["expect"])


# the rule each error case breaks (its "about"), as the engine's refusal code
ERROR_CODES = {
    "bid-below-minimum": "bid_below_minimum",
    "bid-off-step": "bid_off_step",
    "counters-off-unit": "counters_off_unit",
    "counters-sum": "counters_sum",
    "hand-after-end": "hand_after_end",
    "meld-cards-disagree": "meld_cards_disagree",
    "negative-meld": "meld_negative",
    "passed-out-dealer-stuck": "passed_out_not_allowed",
    "throw-in-not-allowed": "throw_in_not_allowed",
    "unknown-bidder": "bidder_unknown",
}


@pytest.mark.parametrize("path", case_files("errors"), ids=lambda p: p.stem)
def test_error_case(path: Path) -> None:
    case = load_case(path)
    with pytest.raises(PinochleError) as refused:
        replay(from_document(case["game"]))
    hand = case["expect"]["error_hand"]
    assert refused.value.values["hand"] == hand
    assert str(refused.value).startswith(f"hand {hand}: ")
    assert refused.value.code == ERROR_CODES.get(path.stem), "a new case: name its rule above"


@pytest.mark.skipif(not SHARED_CASES.is_dir(), reason="no ../shared/cases beside this clone")
def test_copied_cases_are_current() -> None:
    """The cases are copied into the project; an update in ../shared must be copied too."""
    shared = sorted(p.relative_to(SHARED_CASES) for p in SHARED_CASES.rglob("*") if p.is_file())
    copied = sorted(p.relative_to(CASES) for p in CASES.rglob("*") if p.is_file())
    assert copied == shared
    for relative in shared:
        assert filecmp.cmp(SHARED_CASES / relative, CASES / relative, shallow=False), relative

"""``scorekeeper score --json``: the warnings and the meld of the cards shown in the
document; ``--language`` for the sentences."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.errors import Notice, PinochleError
from scorekeeper.i18n.languages import in_language
from scorekeeper.i18n.refusals import engine_message
from tests.cli.conftest import Run
from tests.cli.test_cli import partnership_game


def write(folder: Path, document: dict[str, Any], name: str = "game.json") -> str:
    path = folder / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def hand(meld: list[int], cards: dict[str, str] | None = None, trump: str = "H") -> dict[str, Any]:
    """A made hand for Us (Ann bids 250); ``cards``: the meld_cards shown."""
    out: dict[str, Any] = {
        "bidder": "Ann",
        "bid": 250,
        "trump": trump,
        "meld": meld,
        "counters": [150, 100],
    }
    if cards is not None:
        out["meld_cards"] = cards
    return out


# (meld declared, cards shown, trump, meld_from_cards: per side, None where none showed)
FROM_CARDS = [
    ([150, 0], {"Ann": "AH 10H KH QH JH"}, "H", [150, None]),
    ([170, 0], {"Ann": "AH 10H KH QH JH", "Cal": "KS QS"}, "H", [170, None]),
    ([150, 0], {"Ann": "AH 10H KH QH JH", "Cal": ""}, "H", [150, None]),
    ([150, 40], {"Ann": "AH 10H KH QH JH", "Bea": "JD QS"}, "H", [150, 40]),
    ([0, 80], {"Bea": "JD QS", "Dan": "JD QS"}, "S", [None, 80]),  # each player's own
    ([0, 300], {"Bea": "JD QS JD QS"}, "S", [None, 300]),
    ([0, 40], {"Dan": "KS QS"}, "S", [None, 40]),
    ([190, 0], {"Ann": "AH 10H KH KH QH JH"}, "H", [190, None]),
    ([100, 0], {"Ann": "AH AS AD AC"}, "S", [100, None]),
    ([10, 0], {"Ann": "9H 9S"}, "H", [10, None]),
    ([0, 0], {"Ann": "9S AH"}, "H", [0, None]),
]  # fmt: skip


@pytest.mark.parametrize(("meld", "cards", "trump", "expected"), FROM_CARDS, ids=str)
def test_each_hand_with_cards_has_their_meld(
    run: Run,
    tmp_path: Path,
    meld: list[int],
    cards: dict[str, str],
    trump: str,
    expected: list[Any],
) -> None:
    game = partnership_game([hand(meld, cards, trump), hand([0, 0])])
    result = run("score", write(tmp_path, game), "--json")
    assert result.status == 0
    first, second = result.json["hands"]
    assert first["meld_from_cards"] == expected
    assert "meld_from_cards" not in second  # no cards shown
    assert list(first)[:5] == ["number", "dealer", "outcome", "points", "totals"]


def test_a_game_without_cards_has_the_contracts_keys_and_no_warnings(
    run: Run, tmp_path: Path
) -> None:
    result = run("score", write(tmp_path, partnership_game([hand([0, 0])])), "--json")
    assert list(result.json) == [
        "ruleset",
        "target",
        "hands",
        "totals",
        "finished",
        "went_out",
        "winner",
        "chips",
        "warnings",
    ]
    assert result.json["warnings"] == []
    assert list(result.json["hands"][0]) == ["number", "dealer", "outcome", "points", "totals"]


UNDER = "hand 1: Us declare 100 meld, but their cards make 150 (50 missed)"
COPIES = "hand 2: QS was shown 3 times in all, but the deck has 2"
# (hands, the warnings: hand, code, sentence)
WARNINGS = [
    ([hand([100, 0], {"Ann": "AH 10H KH QH JH", "Cal": ""})], [(1, "meld_cards_under", UNDER)]),
    ([hand([0, 0]), hand([0, 40], {"Bea": "JD QS", "Dan": "QS QS"}, "S")],
     [(2, "meld_cards_copies", COPIES)]),
    ([hand([100, 0], {"Ann": "AH 10H KH QH JH", "Cal": ""}), hand([0, 0]),
      hand([0, 40], {"Bea": "JD QS", "Dan": "QS QS"}, "S")],
     [(1, "meld_cards_under", UNDER),
      (3, "meld_cards_copies", COPIES.replace("hand 2", "hand 3"))]),
    ([hand([150, 0], {"Ann": "AH 10H KH QH JH"})], []),
]  # fmt: skip


@pytest.mark.parametrize(("hands", "warnings"), WARNINGS, ids=str)
def test_the_warnings_are_in_the_json_and_on_stderr_without_it(
    run: Run, tmp_path: Path, hands: list[dict[str, Any]], warnings: list[tuple[int, str, str]]
) -> None:
    path = write(tmp_path, partnership_game(hands))
    as_json = run("score", path, "--json")
    assert (as_json.status, as_json.err) == (0, "")
    assert as_json.json["warnings"] == [
        {"hand": number, "code": code, "message": sentence} for number, code, sentence in warnings
    ]
    text = run("score", path)
    assert text.status == 0
    assert text.err_lines == [f"warning: {sentence}" for _, _, sentence in warnings]


def test_several_files_each_carry_their_own_warnings(run: Run, tmp_path: Path) -> None:
    under = write(tmp_path, partnership_game(WARNINGS[0][0]), "under.json")
    clean = write(tmp_path, partnership_game([hand([0, 0])]), "clean.json")
    result = run("score", under, clean, under, "--json")
    assert (result.status, result.err) == (0, "")
    assert [len(document["warnings"]) for document in result.json_lines] == [1, 0, 1]
    text = run("score", under, clean)
    assert text.err_lines == [f"warning: {under}: {UNDER}"]


# --- --language ----------------------------------------------------------------------------


def _in(language: str, coded: Notice | PinochleError) -> str:
    with in_language(language):
        return engine_message(coded)


@pytest.mark.parametrize("language", ["fr", "pl", "nl"])
def test_language_translates_the_warnings(run: Run, tmp_path: Path, language: str) -> None:
    path = write(tmp_path, partnership_game(WARNINGS[0][0]))
    notice = Notice("meld_cards_under", hand=1, side="Us", got=100, made=150, missed=50)
    sentence = _in(language, notice)
    assert sentence != UNDER and "150" in sentence
    as_json = run("score", path, "--json", "--language", language)
    assert as_json.json["warnings"] == [
        {"hand": 1, "code": "meld_cards_under", "message": sentence}
    ]
    assert as_json.json["hands"][0]["outcome"] == "made"  # codes stay as they are
    text = run("score", path, "--language", language)
    assert text.err_lines == [f"warning: {sentence}"]
    assert "made" in text.out  # the sheet stays in English


@pytest.mark.parametrize("language", ["fr", "pl", "nl"])
def test_language_translates_a_refusal(run: Run, tmp_path: Path, language: str) -> None:
    bad = hand([0, 0])
    bad["counters"] = [150, 90]
    path = write(tmp_path, partnership_game([bad]))
    error = PinochleError("counters_sum", hand=1, got=240, expected=250, counters="150 + 90")
    sentence = _in(language, error)
    assert sentence != str(error)
    alone = run("score", path, "--language", language)
    assert (alone.status, alone.out, alone.err_lines) == (2, "", [sentence])
    several = run("score", path, path, "--json", "--language", language)
    assert several.status == 2
    assert several.json_lines == [{"file": path, "error": sentence}] * 2


def test_english_is_the_engines_own_sentence(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path, partnership_game(WARNINGS[0][0]))
    assert run("score", path, "--language", "en").err_lines == [f"warning: {UNDER}"]


def test_an_unknown_language_is_a_usage_error(run: Run, tmp_path: Path) -> None:
    result = run("score", write(tmp_path, partnership_game([])), "--language", "de")
    assert result.status == 2
    assert "invalid choice: 'de'" in result.err


def test_the_commands_languages_are_the_apps() -> None:
    from scorekeeper.cli.output import LANGUAGES
    from scorekeeper.i18n.languages import LANGUAGES as APP_LANGUAGES

    assert tuple(APP_LANGUAGES) == LANGUAGES

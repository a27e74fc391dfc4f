"""The one name rule (engine/people.py): what is stored, and what is refused and why."""

from __future__ import annotations

import pytest

from scorekeeper.engine.errors import GameError
from scorekeeper.engine.game import Side, new_game
from scorekeeper.engine.gamefile import from_document
from scorekeeper.engine.people import FIELDS, NAME_LIMIT, NameRefusedError, checked_name
from scorekeeper.engine.presets import PRESETS

STORED = [
    ("Ann", "Ann"),
    ("  Ann  ", "Ann"),
    ("Ann ", "Ann"),
    ("Ann\u00a0\u00a0Lee", "Ann Lee"),  # no-break spaces
    ("Ann\tLee", "Ann Lee"),
    ("Cafe\u0301", "Caf\u00e9"),  # NFC
    ("Ann\u200b", "Ann"),  # zero-width space dropped
    ("\ufeffAnn", "Ann"),  # byte-order mark dropped
    ("Zo\u00ebl", "Zo\u00ebl"),
    ("\u0141ukasz", "\u0141ukasz"),
    ("\u5f20\u4f1f", "\u5f20\u4f1f"),
    ("\u0645\u062d\u0645\u062f", "\u0645\u062d\u0645\u062f"),  # right-to-left letters are fine
    ("\U0001f468\u200d\U0001f469", "\U0001f468\u200d\U0001f469"),  # a joiner inside an emoji
    ("A" * NAME_LIMIT, "A" * NAME_LIMIT),
    ("Olga\u200c", "Olga"),  # a joiner at the end joins nothing: dropped
    ("A1\u200d", "A1"),
    ("\u0645\u06cc\u200c\u062e\u0648\u0627\u0645", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0645"),
]

REFUSED = [
    ("", "name_empty"),
    ("   ", "name_empty"),
    ("\u200b", "name_empty"),
    ("\u200d", "name_invisible"),
    ("\u0301", "name_invisible"),  # a combining mark alone
    ("\U000e0041", "name_invisible"),  # a tag character
    ("\ud800", "name_surrogate"),
    ("Ann\udfff", "name_surrogate"),
    ("A\x1bB", "name_control"),
    ("\x1b[31mRed", "name_control"),
    ("Ann\r\nBea", "name_control"),
    ("Ann\nBea", "name_control"),
    ("Ann\x7f", "name_control"),
    ("Ann\x85", "name_control"),
    ("Ann\u2028Bea", "name_control"),
    ("\u202eUs", "name_direction"),
    ("Us\u202d", "name_direction"),
    ("A\u2066B\u2069", "name_direction"),
    ("Ann\u200f", "name_direction"),
    ("\u3164", "name_invisible"),  # a Hangul filler: a letter that shows nothing
    ("\u2800\u2800", "name_invisible"),  # blank Braille cells
    ("Ann\uffff", "name_control"),  # a noncharacter
    ("Ann\ue000", "name_control"),  # private use
    ("Ann\u0378", "name_control"),  # unassigned
    ("Ann\ufff9", "name_control"),  # an interlinear annotation sign (a format character)
    ("A" * (NAME_LIMIT + 1), "name_too_long"),
    ("e\u0301" * NAME_LIMIT + "e", "name_too_long"),  # counted after NFC: 61 letters
]


@pytest.mark.parametrize(("typed", "stored"), STORED)
def test_a_name_is_stored_normalised(typed: str, stored: str) -> None:
    assert checked_name(typed, "player") == stored


@pytest.mark.parametrize(("typed", "code"), REFUSED)
@pytest.mark.parametrize("field", sorted(FIELDS))
def test_a_name_is_refused_with_a_sentence_naming_the_field(
    typed: str, code: str, field: str
) -> None:
    with pytest.raises(NameRefusedError) as refused:
        checked_name(typed, field)
    assert refused.value.code == code
    assert str(refused.value).startswith(FIELDS[field])
    str(refused.value).encode("utf-8")  # the sentence itself can always be shown
    assert "\x1b" not in str(refused.value) and "\u202e" not in str(refused.value)


def _document(player: str = "Ann", side: str = "Us") -> dict[str, object]:
    return {
        "format": "pinochle-game/1",
        "ruleset": "partnership",
        "sides": [
            {"name": side, "players": [player, "Cal"]},
            {"name": "Them", "players": ["Bea", "Dan"]},
        ],
    }


@pytest.mark.parametrize(("typed", "code"), REFUSED)
def test_an_imported_player_or_side_follows_the_rule(typed: str, code: str) -> None:
    for document in (_document(player=typed), _document(side=typed)):
        with pytest.raises(GameError) as refused:
            from_document(document)
        assert refused.value.code == code


def test_names_that_normalise_alike_are_one_player() -> None:
    rules = PRESETS["partnership"]
    with pytest.raises(GameError) as refused:
        new_game(rules, [Side("Us", ("Ann", "Cal")), Side("Them", ("Ann ", "Dan"))])
    assert refused.value.code == "player_repeated"


def test_the_seating_dealer_and_bidder_are_read_as_the_names_are() -> None:
    document = _document(player=" Ann")
    document |= {
        "seating": ["Ann ", "Bea", "Cal", "Dan"],
        "first_dealer": "Ann\u200b",
        "hands": [{"bidder": "Ann  ", "bid": 250, "trump": "H", "meld": [20, 0]}],
    }
    game = from_document(document)
    assert game.sides[0].players == ("Ann", "Cal")
    assert game.first_dealer == "Ann" and game.seating[0] == "Ann"
    assert game.hands[0].bidder == "Ann"


@pytest.mark.parametrize(
    ("typed", "sentence"),
    [("A" * 61, "a player's name 'AAAAAAAAAAAAAAAAAAAA…' is 61 characters long: at most 60"),
     ("A" * 10_000,
      "a player's name 'AAAAAAAAAAAAAAAAAAAA…' is 10000 characters long: at most 60")],
)  # fmt: skip
def test_a_name_too_long_is_named_by_its_start_and_its_length(typed: str, sentence: str) -> None:
    """Issue 23: a 10,000-character paste is refused with a sentence of one line, not
    copied into it (nor cut to 60 without a word)."""
    with pytest.raises(NameRefusedError) as refused:
        checked_name(typed, "player")
    assert str(refused.value) == sentence

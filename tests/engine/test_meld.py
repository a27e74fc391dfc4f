"""The best meld, table by table, in card notation (rules.md §1)."""

from __future__ import annotations

import pytest

from scorekeeper.engine.cards import Suit, parse_cards
from scorekeeper.engine.errors import CardError
from scorekeeper.engine.meld import best_meld, check_hand, max_player_meld, meld_by_trump
from scorekeeper.engine.presets import PRESETS, RuleSet
from scorekeeper.engine.rules import ruleset

DOUBLE_RUN = "AH AH 10H 10H KH KH QH QH JH JH"
ROUNDHOUSE = "KH QH KS QS KD QD KC QC"

# cards, trump, total, the melds found
SINGLE_DECK = [
    ("AH 10H KH QH JH", "H", 150, ["run"]),
    ("AH 10H KH KH QH JH", "H", 190, ["run_extra_king"]),
    ("AH 10H KH QH QH JH", "H", 190, ["run_extra_queen"]),
    ("AH 10H KH KH QH QH JH", "H", 230, ["run_royal_marriage"]),
    (DOUBLE_RUN, "H", 1500, ["double_run"]),
    (DOUBLE_RUN, "S", 40, ["marriage", "marriage"]),
    ("9H 9H", "H", 20, ["dix", "dix"]),
    ("9H 9H", "S", 0, []),
    ("KH QH KH QH", "H", 80, ["royal_marriage", "royal_marriage"]),
    ("AH 10H KH QH JH 9H 9H", "H", 170, ["run", "dix", "dix"]),
    ("KS QS", "H", 20, ["marriage"]),
    ("QS JD", "H", 40, ["pinochle"]),
    ("QS QS JD", "H", 40, ["pinochle"]),
    ("QS QS JD JD", "C", 300, ["double_pinochle"]),
    ("AH AS AD AC", "H", 100, ["aces_around"]),
    ("AH AH AS AS AD AD AC", "H", 100, ["aces_around"]),
    ("AH AH AS AS AD AD AC AC", "H", 1000, ["double_aces_around"]),
    ("KH KS KD KC", "D", 80, ["kings_around"]),
    ("QH QS QD QC", "D", 60, ["queens_around"]),
    ("JH JS JD JC", "D", 40, ["jacks_around"]),
    ("JH JH JS JS JD JD JC JC", "D", 400, ["double_jacks_around"]),
    ("KS QS JD", "H", 60, ["marriage", "pinochle"]),
    ("KH KS KD KC KC QC", "C", 120, ["royal_marriage", "kings_around"]),
    ("JH JS JD JC QS", "H", 80, ["pinochle", "jacks_around"]),
    (
        ROUNDHOUSE,
        "H",
        240,
        ["royal_marriage", "marriage", "marriage", "marriage", "kings_around", "queens_around"],
    ),
    ("AS 10S KS QS JS JD", "S", 190, ["run", "pinochle"]),
    ("AS 10S KS KS QS QS JS JD JD", "S", 530, ["run_royal_marriage", "double_pinochle"]),
    ("AS 10S KS QS JS AH AD AC", "S", 250, ["run", "aces_around"]),
    ("10H 10S 10D 10C 9H 9S 9D 9C", "S", 10, ["dix"]),
    ("", "H", 0, []),
]


def meld_of(cards: str, trump: str, rules: RuleSet) -> tuple[int, list[str]]:
    result = best_meld(parse_cards(cards, rules.meld_table.deck), Suit(trump), rules)
    assert sum(meld.points for meld in result.melds) == result.total
    return result.total, [meld.name for meld in result.melds]


@pytest.mark.parametrize(("cards", "trump", "total", "names"), SINGLE_DECK)
def test_single_deck(cards: str, trump: str, total: int, names: list[str]) -> None:
    assert meld_of(cards, trump, PRESETS["partnership"]) == (total, names)


TENTHS = [
    ("AH 10H KH QH JH", "H", 15),
    ("AH 10H KH KH QH JH", "H", 19),
    ("AH 10H KH KH QH QH JH", "H", 23),
    (DOUBLE_RUN, "H", 150),
    ("9H", "H", 1),
    ("KH QH", "H", 4),
    ("KS QS", "H", 2),
    ("QS JD", "H", 4),
    ("QS QS JD JD", "H", 30),
    ("AH AS AD AC", "H", 10),
    ("AH AH AS AS AD AD AC AC", "H", 100),
    ("KH KH KS KS KD KD KC KC", "S", 80),
    ("QH QH QS QS QD QD QC QC", "S", 60),
    ("JH JH JS JS JD JD JC JC", "S", 40),
    (ROUNDHOUSE, "H", 24),
]


@pytest.mark.parametrize(("cards", "trump", "total"), TENTHS)
@pytest.mark.parametrize("preset", ["partnership-tenths", "check"])
def test_tenths(cards: str, trump: str, total: int, preset: str) -> None:
    assert meld_of(cards, trump, PRESETS[preset])[0] == total


TWO_HAND = [
    ("AH 10H KH QH JH", "H", 190, ["royal_marriage", "run"]),
    (DOUBLE_RUN, "H", 380, ["royal_marriage", "run", "royal_marriage", "run"]),
    ("AH 10H KH KH QH QH JH", "H", 230, ["royal_marriage", "run", "royal_marriage"]),
    ("QS QS JD JD", "H", 80, ["double_pinochle"]),
    ("AH AH AS AS AD AD AC AC", "H", 200, ["double_aces_around"]),
    ("KH KH KS KS KD KD KC KC", "H", 160, ["double_kings_around"]),
    ("QH QH QS QS QD QD QC QC", "C", 120, ["double_queens_around"]),
    ("JH JH JS JS JD JD JC JC", "C", 80, ["double_jacks_around"]),
    ("9H", "H", 10, ["dix"]),
    ("KD QD", "H", 20, ["marriage"]),
]


@pytest.mark.parametrize(("cards", "trump", "total", "names"), TWO_HAND)
def test_two_hand(cards: str, trump: str, total: int, names: list[str]) -> None:
    assert meld_of(cards, trump, PRESETS["two-hand"]) == (total, names)


def runs(count: int, suit: str = "H") -> str:
    return " ".join(f"A{suit} 10{suit} K{suit} Q{suit} J{suit}" for _ in range(count))


def around(rank: str, count: int) -> str:
    return " ".join(f"{rank}{suit}" for suit in "HSDC" for _ in range(count))


DOUBLE_DECK = [
    (runs(1), "H", 15, ["run"]),
    (runs(2), "H", 150, ["double_run"]),
    (runs(3), "H", 225, ["triple_run"]),
    (runs(4), "H", 300, ["quadruple_run"]),
    ("AH 10H KH KH QH QH JH", "H", 19, ["run", "royal_marriage"]),
    ("KH QH", "H", 4, ["royal_marriage"]),
    ("KS QS KS QS", "H", 4, ["marriage", "marriage"]),
    ("QS JD", "H", 4, ["pinochle"]),
    ("QS QS JD JD", "H", 30, ["double_pinochle"]),
    ("QS QS QS JD JD JD", "H", 60, ["triple_pinochle"]),
    ("QS QS QS QS JD JD JD JD", "H", 90, ["quadruple_pinochle"]),
    ("QS QS QS QS JD JD JD", "H", 60, ["triple_pinochle"]),
    (around("A", 1), "H", 10, ["aces_around"]),
    (around("A", 2), "H", 100, ["double_aces_around"]),
    (around("A", 3), "H", 150, ["triple_aces_around"]),
    (around("A", 4), "H", 200, ["quadruple_aces_around"]),
    (around("K", 1), "H", 8 + 0, ["kings_around"]),
    (around("K", 4), "H", 160, ["quadruple_kings_around"]),
    (around("Q", 3), "H", 90, ["triple_queens_around"]),
    (around("J", 2), "H", 40, ["double_jacks_around"]),
]


@pytest.mark.parametrize(("cards", "trump", "total", "names"), DOUBLE_DECK)
def test_double_deck(cards: str, trump: str, total: int, names: list[str]) -> None:
    assert meld_of(cards, trump, PRESETS["double-deck"]) == (total, names)


OPTIONS = [
    ({"run_extras": "off"}, "AH 10H KH KH QH QH JH", "H", 190, ["run", "royal_marriage"]),
    ({"run_extras": "off"}, "AH 10H KH KH QH JH", "H", 150, ["run"]),
    ({"doubles": "two_singles"}, "QS QS JD JD", "H", 80, ["double_pinochle"]),
    ({"doubles": "two_singles"}, DOUBLE_RUN, "H", 300, ["double_run"]),
    ({"doubles": "two_singles"}, "AH AH AS AS AD AD AC AC", "H", 200, ["double_aces_around"]),
]


@pytest.mark.parametrize(("options", "cards", "trump", "total", "names"), OPTIONS)
def test_options_change_the_table(
    options: dict[str, object], cards: str, trump: str, total: int, names: list[str]
) -> None:
    assert meld_of(cards, trump, ruleset("partnership", options)) == (total, names)


def test_melds_list_their_cards() -> None:
    result = best_meld(
        parse_cards("JD AH KH QS JH 10H KH QH QH"), Suit.HEARTS, PRESETS["partnership"]
    )
    assert [meld.as_dict() for meld in result.melds] == [
        {
            "name": "run_royal_marriage",
            "points": 230,
            "cards": ["AH", "10H", "KH", "KH", "QH", "QH", "JH"],
        },
        {"name": "pinochle", "points": 40, "cards": ["QS", "JD"]},
    ]
    assert result.as_dict()["total"] == 270
    assert "chips" not in result.as_dict()


def test_meld_for_all_four_trumps() -> None:
    by_trump = meld_by_trump(parse_cards("AH 10H KH QH JH KS QS JD 9S"), PRESETS["partnership"])
    assert {suit.value: result.total for suit, result in by_trump.items()} == {
        "H": 150 + 20 + 40,
        "S": 20 + 40 + 40 + 10,
        "D": 20 + 20 + 40,
        "C": 20 + 20 + 40,
    }


CHIPS = [
    ("check", "AH 10H KH QH JH KS QS KD QD KC QC 9H", "H", 7),  # roundhouse 5 + run 2
    ("check", ROUNDHOUSE, "S", 5),
    ("check", f"{ROUNDHOUSE} {ROUNDHOUSE}", "S", 10),
    ("check", f"{ROUNDHOUSE} KH KS KD KC", "S", 5 + 1),  # a second kings around
    ("check", "KH KS KD KC", "S", 1),
    ("check", "AH AS AD AC", "S", 2),
    ("check", "AH AH AS AS AD AD AC AC", "S", 4),
    ("check", "JH JH JS JS JD JD JC JC", "S", 2),
    ("check", "QS QS JD JD", "S", 1),
    ("check", "QS JD", "S", 0),
    ("check", DOUBLE_RUN, "H", 4),
    ("check", "AH 10H KH KH QH QH JH", "H", 2),
]


@pytest.mark.parametrize(("preset", "cards", "trump", "chips"), CHIPS)
def test_meld_chips(preset: str, cards: str, trump: str, chips: int) -> None:
    assert best_meld(parse_cards(cards), Suit(trump), PRESETS[preset]).chips == chips


def test_bicycle_scale_pays_two_for_a_double_pinochle() -> None:
    rules = ruleset("check", {"check_scale": "bicycle"})
    assert best_meld(parse_cards("QS QS JD JD"), Suit.HEARTS, rules).chips == 2


# the largest meld one player can make, with a hand that makes it
BOUNDS = [
    ("partnership", 1800, "AS AS 10S 10S KS KS QS QS JS JS JD JD", "S"),
    ("partnership-tenths", 180, "AS AS 10S 10S KS KS QS QS JS JS JD JD", "S"),
    ("cutthroat", 1900, "AS AS 10S 10S KS KS QS QS JS JS JD JD AH AD AC", "S"),
    (
        "double-deck",
        315,
        "AS AS AS 10S 10S 10S KS KS KS QS QS QS QS JS JS JS JD JD JD JD",
        "S",
    ),
]


@pytest.mark.parametrize(("preset", "bound", "cards", "trump"), BOUNDS)
def test_max_player_meld(preset: str, bound: int, cards: str, trump: str) -> None:
    rules = PRESETS[preset]
    hand = parse_cards(cards, rules.meld_table.deck)
    assert len(hand) == rules.hand_size
    assert max_player_meld(rules) == bound
    assert best_meld(hand, Suit(trump), rules).total == bound


def test_hand_size_is_checked() -> None:
    rules = PRESETS["partnership"]
    check_hand(parse_cards("AH " * 2 + "10H " * 2 + "KH KH QH QH JH JH 9H 9H"), rules)
    with pytest.raises(CardError, match="13 cards is more than a player can hold"):
        check_hand(parse_cards("AH AH 10H 10H KH KH QH QH JH JH 9H 9H AS"), rules)

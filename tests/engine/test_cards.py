"""Card notation: every spelling players write, and the refusals."""

from __future__ import annotations

import pytest

from scorekeeper.engine.cards import (
    DISTINCT_CARDS,
    DOUBLE_DECK,
    RANKS,
    SINGLE_DECK,
    SUITS,
    Card,
    Rank,
    Suit,
    format_cards,
    parse_cards,
    sort_cards,
)
from scorekeeper.engine.errors import CardError

SPELLINGS = [
    ("AH", "AH"),
    ("ah", "AH"),
    ("10H", "10H"),
    ("10h", "10H"),
    ("TH", "10H"),
    ("th", "10H"),
    ("A♥", "AH"),
    ("10♦", "10D"),
    ("K♠", "KS"),
    ("Q♣", "QC"),
    ("J♡", "JH"),
    ("9♢", "9D"),
    ("K♤ Q♧", "KS QC"),
    ("A♥\ufe0f", "AH"),
    ("H14 H10 H13 H12 H11 H9", "AH 10H KH QH JH 9H"),
    ("s12,d11", "QS JD"),
    ("AH,10H, KH  QH;JH", "AH 10H KH QH JH"),
    ("  ", ""),
    ("", ""),
]


@pytest.mark.parametrize(("text", "canonical"), SPELLINGS)
def test_spelling(text: str, canonical: str) -> None:
    assert format_cards(parse_cards(text)) == canonical


@pytest.mark.parametrize("card", DISTINCT_CARDS, ids=str)
def test_every_card_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.symbol) == card
    assert eval(repr(card), {"Card": Card}) == card
    assert Card.of(card.rank, card.suit) is card


def test_the_closed_vocabulary() -> None:
    assert len(DISTINCT_CARDS) == len(SUITS) * len(RANKS) == 24
    assert [str(rank) for rank in RANKS] == ["A", "10", "K", "Q", "J", "9"]
    assert [str(suit) for suit in SUITS] == ["H", "S", "D", "C"]
    assert SINGLE_DECK.size == 48
    assert DOUBLE_DECK.size == 80
    assert Rank.NINE not in DOUBLE_DECK.ranks


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ZZ", "unknown card 'ZZ': expected a rank (A 10 K Q J 9) and a suit (H S D C)"),
        ("AH 1H", "unknown card '1H': expected a rank (A 10 K Q J 9) and a suit (H S D C)"),
        ("H15", "unknown card 'H15': expected a rank (A 10 K Q J 9) and a suit (H S D C)"),
        ("8S", "unknown card '8S': expected a rank (A 10 K Q J 9) and a suit (H S D C)"),
        ("AX", "unknown card 'AX': expected a rank (A 10 K Q J 9) and a suit (H S D C)"),
        ("AH AH AH", "AH appears 3 times, but the single deck has 2"),
        ("QS S12 Q♠", "QS appears 3 times, but the single deck has 2"),
    ],
)
def test_refusals_quote_the_input(text: str, message: str) -> None:
    with pytest.raises(CardError) as refused:
        parse_cards(text)
    assert str(refused.value) == message


def test_double_deck_has_four_copies_and_no_nines() -> None:
    assert len(parse_cards("AH AH AH AH", DOUBLE_DECK)) == 4
    with pytest.raises(CardError, match="5 times, but the double deck has 4"):
        parse_cards("AH AH AH AH AH", DOUBLE_DECK)
    with pytest.raises(CardError, match="the double deck has no 9s"):
        parse_cards("9H", DOUBLE_DECK)


def test_sorting_follows_the_table() -> None:
    cards = parse_cards("9C QS JD AH 10H KD")
    assert format_cards(sort_cards(cards)) == "AH 10H QS KD JD 9C"


@pytest.mark.parametrize(
    ("text", "suit"),
    [("H", Suit.HEARTS), ("s", Suit.SPADES), ("♦", Suit.DIAMONDS), ("clubs", Suit.CLUBS)],
)
def test_suit_spellings(text: str, suit: Suit) -> None:
    assert Suit.parse(text) is suit


def test_unknown_suit() -> None:
    with pytest.raises(CardError, match="unknown trump 'X'"):
        Suit.parse("X")

"""Suits, ranks and cards, and the card notation of game files and the command line.

Every spelling of a card that players write is accepted, case-insensitive:
``AH``, ``10H``, ``TH``, ``A♥``, and the rank numbers of the rules pages,
``H14`` (11 J, 12 Q, 13 K, 14 A). Cards are written back as ``AH 10H KH``.

>>> format_cards(parse_cards("h14, T♥ kh"))
'AH 10H KH'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from .errors import CardError


class Suit(Enum):
    """A suit, by its letter: ``Suit("H")`` is hearts."""

    HEARTS = "H"
    SPADES = "S"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def word(self) -> str:
        """The suit's English name: ``hearts``."""
        return self.name.lower()

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its letter, word or symbol; ``CardError`` otherwise.

        >>> Suit.parse("♠"), Suit.parse("hearts")
        (<Suit.SPADES: 'S'>, <Suit.HEARTS: 'H'>)
        """
        key = text.strip().replace("\ufe0f", "").upper()
        suit = _SUIT_SPELLINGS.get(key)
        if suit is None:
            raise CardError("suit_unknown", suit=text)
        return suit


class Rank(Enum):
    """A rank, high to low in play."""

    ACE = "A"
    TEN = "10"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    NINE = "9"

    def __str__(self) -> str:
        return self.value


SUITS: tuple[Suit, ...] = tuple(Suit)
RANKS: tuple[Rank, ...] = tuple(Rank)
AROUND_RANKS: tuple[Rank, ...] = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)

_SUIT_SYMBOLS = {Suit.HEARTS: "♥", Suit.SPADES: "♠", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_SPELLINGS: dict[str, Suit] = {
    **{suit.value: suit for suit in SUITS},
    **{suit.name: suit for suit in SUITS},
    **{symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()},
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card. There are 24 distinct cards, made once: compare them with ``==``."""

    rank: Rank
    suit: Suit
    index: int  # position in DISTINCT_CARDS: suits H S D C, ranks A 10 K Q J 9

    def __str__(self) -> str:
        return f"{self.rank.value}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.index == self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index

    @property
    def symbol(self) -> str:
        """The card with its suit symbol: ``A♥``."""
        return f"{self.rank.value}{self.suit.symbol}"

    @staticmethod
    def parse(text: str) -> Card:
        """One card in any accepted spelling.

        >>> Card.parse("q♠") == Card.parse("S12")
        True
        """
        return _parse_token(text)

    @staticmethod
    def of(rank: Rank, suit: Suit) -> Card:
        return DISTINCT_CARDS[SUITS.index(suit) * len(RANKS) + RANKS.index(rank)]


DISTINCT_CARDS: tuple[Card, ...] = tuple(
    Card(rank, suit, s * len(RANKS) + r)
    for s, suit in enumerate(SUITS)
    for r, rank in enumerate(RANKS)
)
CARD_COUNT = len(DISTINCT_CARDS)


@dataclass(frozen=True)
class Deck:
    """A pack: which ranks it has and how many copies of each card."""

    name: str
    copies: int
    ranks: tuple[Rank, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        """Each distinct card of the deck once."""
        return tuple(card for card in DISTINCT_CARDS if card.rank in self.ranks)

    @property
    def size(self) -> int:
        return len(self.cards) * self.copies

    def full(self) -> tuple[Card, ...]:
        """Every card of the deck, copies included."""
        return tuple(card for card in self.cards for _ in range(self.copies))


SINGLE_DECK = Deck("single", copies=2, ranks=RANKS)
DOUBLE_DECK = Deck("double", copies=4, ranks=RANKS[:-1])

_RANK_SPELLINGS: dict[str, Rank] = {
    **{rank.value: rank for rank in RANKS},
    "T": Rank.TEN,
}
_RANK_NUMBERS: dict[str, Rank] = {
    "14": Rank.ACE,
    "10": Rank.TEN,
    "13": Rank.KING,
    "12": Rank.QUEEN,
    "11": Rank.JACK,
    "9": Rank.NINE,
}
_SUIT_FIRST = re.compile(r"([HSDC])(9|1[0-4])")
_RANK_FIRST = re.compile(r"(10|[AKQJT9])([HSDC♥♡♠♤♦♢♣♧])")
_SEPARATORS = re.compile(r"[\s,;]+")


def _parse_token(token: str) -> Card:
    key = token.replace("\ufe0f", "").upper()
    if match := _RANK_FIRST.fullmatch(key):
        return Card.of(_RANK_SPELLINGS[match[1]], _SUIT_SPELLINGS[match[2]])
    if match := _SUIT_FIRST.fullmatch(key):
        return Card.of(_RANK_NUMBERS[match[2]], _SUIT_SPELLINGS[match[1]])
    raise CardError("card_unknown", card=token)


def parse_cards(text: str | Iterable[str], deck: Deck = SINGLE_DECK) -> tuple[Card, ...]:
    """Cards from one string (or a list of strings), checked against ``deck``.

    Refuses an unknown card, a card the deck lacks (nines in a double deck) and
    more copies of a card than the deck has, quoting the input.

    >>> parse_cards("AH AH AH")
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.CardError: AH appears 3 times, but the single deck has 2
    """
    tokens = _SEPARATORS.split(text.strip()) if isinstance(text, str) else list(text)
    for token in tokens:
        if not isinstance(token, str):
            raise CardError("card_unknown", card=str(token))
    cards = tuple(_parse_token(token) for token in tokens if token)
    for token, card in zip([t for t in tokens if t], cards, strict=True):
        if card.rank not in deck.ranks:
            raise CardError("card_not_in_deck", card=token, deck=deck.name, rank=card.rank.value)
    check_copies(cards, deck)
    return cards


def check_copies(cards: Iterable[Card], deck: Deck) -> None:
    """Refuse more copies of a card than ``deck`` has."""
    check_counts(card_counts(cards), deck)


def check_counts(counts: Sequence[int], deck: Deck) -> None:
    """Refuse counts (as ``card_counts`` makes them) above the copies ``deck`` has."""
    if max(counts) <= deck.copies:
        return
    for card in DISTINCT_CARDS:
        if counts[card.index] > deck.copies:
            raise CardError(
                "card_copies",
                card=str(card),
                count=counts[card.index],
                deck=deck.name,
                copies=deck.copies,
            )


def card_counts(cards: Iterable[Card]) -> list[int]:
    """How many of each distinct card, indexed by ``Card.index``."""
    counts = [0] * CARD_COUNT
    for card in cards:
        counts[card.index] += 1
    return counts


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in the order players sort them: by suit (H S D C), then A 10 K Q J 9."""
    return sorted(cards, key=lambda card: card.index)


def format_cards(cards: Sequence[Card] | Iterable[Card]) -> str:
    """Cards in the canonical spelling, in the order given.

    >>> format_cards(parse_cards("S12 D11"))
    'QS JD'
    """
    return " ".join(str(card) for card in cards)

"""A game as the engine sees it: rules, sides, seating, and the hands played.

These are plain values. ``new_game`` checks who plays and where they sit;
``scoring.replay`` checks every hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from functools import cached_property

from .bounds import MAX_HANDS, MAX_REDEALS
from .cards import Card, Suit
from .errors import GameError, because
from .people import NAME_LIMIT, checked_name, normal_name
from .presets import RuleSet

__all__ = ["NAME_LIMIT", "Game", "Hand", "Side", "default_seating", "new_game"]


@dataclass(frozen=True)
class Side:
    """A side (a partnership, or one player in two-hand and cutthroat)."""

    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class Hand:
    """What the scorekeeper records for one hand (game-format.md §1, "A hand").

    Per-side values (``meld``, ``counters``, ...) are in the order of the game's
    sides. ``meld_cards`` holds the cards players showed, by player name. ``made``
    is auction pinochle's result of a hand played out (false: a double bete).
    """

    bidder: str | None = None
    bid: int | None = None
    trump: Suit | None = None
    meld: tuple[int, ...] | None = None
    counters: tuple[int, ...] | None = None
    thrown_in: bool = False
    passed_out: bool = False
    no_marriage: bool = False
    took_trick: tuple[bool, ...] | None = None
    all_tricks: int | None = None
    meld_chips: tuple[int, ...] | None = None
    meld_cards: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    # house rules (rules.md §7): the side that reneged (it is set, the others take every
    # counter); a misdeal (nothing scored, the same dealer deals again); the bidder
    # announced taking every trick (shoot_the_moon); time was called during the hand
    renege: int | None = None
    misdeal: bool = False
    moon: bool = False
    time_called: bool = False
    # auction pinochle (rules.md §8): the bidder played and made the bid (false: a
    # double bete); None where it is not asked
    made: bool | None = None

    @property
    def played(self) -> bool:
        """Whether the tricks were played to the end and counted (so counters were
        taken): not a hand passed out, thrown in, lost for want of a marriage, stopped
        by a renege, or misdealt. (A hand whose bidders lack the meld to play is not
        played either; the rules say so from the meld: ``house_rules.short_of_meld``.)"""
        return not (
            self.passed_out
            or self.thrown_in
            or self.no_marriage
            or self.misdeal
            or self.renege is not None
        )

    def cards_of(self) -> dict[str, tuple[Card, ...]]:
        return dict(self.meld_cards)


@dataclass(frozen=True)
class Game:
    """One game: its rule set, who plays, and the hands in order of play."""

    rules: RuleSet
    sides: tuple[Side, ...]
    seating: tuple[str, ...]
    first_dealer: str
    hands: tuple[Hand, ...] = ()
    played_on: date | None = None

    def __post_init__(self) -> None:
        verify_hands(self.hands)

    @cached_property
    def side_of(self) -> dict[str, int]:
        """The side index of each player."""
        return {player: index for index, side in enumerate(self.sides) for player in side.players}

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(player for side in self.sides for player in side.players)

    def dealer(self, hand_index: int) -> str:
        """Who deals hand ``hand_index`` (0-based): clockwise from the first dealer, one
        seat a hand, but a misdealt hand is dealt again by the same dealer."""
        return self.seating[self._dealer_seat(hand_index)]

    def first_bidder(self, hand_index: int) -> str:
        """The player left of the dealer, who bids (or leads) first."""
        return self.seating[(self._dealer_seat(hand_index) + 1) % len(self.seating)]

    def _dealer_seat(self, hand_index: int) -> int:
        misdeals = self._misdeals_before
        moved = hand_index - misdeals[min(hand_index, len(misdeals) - 1)]
        first = self.seating.index(self.first_dealer)
        return (first + moved) % len(self.seating)

    @cached_property
    def _misdeals_before(self) -> tuple[int, ...]:
        """For each hand index (and one past the last), the misdeals before it."""
        counts = [0]
        for hand in self.hands:
            counts.append(counts[-1] + hand.misdeal)
        return tuple(counts)

    def with_hands(self, hands: Sequence[Hand]) -> Game:
        return Game(
            self.rules,
            self.sides,
            self.seating,
            self.first_dealer,
            tuple(hands),
            self.played_on,
        )


def verify_length(hands: int) -> None:
    """Refuse more hands than a game can hold of both kinds (``MAX_HANDS`` scored,
    ``MAX_REDEALS`` passed out or misdealt): a game file's list is counted before any
    hand in it is read.

    >>> verify_length(2_001)
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.GameError: a game holds at most 2000 hands of every kind, not 2001
    """
    if hands > MAX_HANDS + MAX_REDEALS:
        raise GameError("game_too_many_hands", limit=MAX_HANDS + MAX_REDEALS, got=hands)


def verify_hands(hands: Sequence[Hand]) -> None:
    """Refuse a game of more than ``MAX_HANDS`` scored hands, or more than
    ``MAX_REDEALS`` passed out or misdealt (checked whenever a game is built, so an
    import, a form and the API all refuse it alike). Scored hands are what
    ``game_end: hands:N`` counts, N at most ``MAX_HANDS``: however many deals score
    nothing, a game that is not over can take its next hand (a played one, past
    ``MAX_REDEALS``).

    >>> verify_hands([Hand(bidder="Ann", bid=250)] * 1_001)
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.GameError: a game has at most 1000 scored hands, not 1001
    >>> verify_hands([Hand(misdeal=True)] * 1_001)
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.GameError: a game has at most 1000 passed-out or misdealt hands, not 1001: this deal is played
    """  # noqa: E501
    verify_length(len(hands))
    redeals = sum(1 for hand in hands if hand.passed_out or hand.misdeal)
    if redeals > MAX_REDEALS:
        raise GameError("game_too_many_redeals", limit=MAX_REDEALS, got=redeals)
    if len(hands) - redeals > MAX_HANDS:
        raise GameError("game_too_long", limit=MAX_HANDS, got=len(hands) - redeals)


def default_seating(sides: Sequence[Side]) -> tuple[str, ...]:
    """Players clockwise with the sides alternating, from the first player of side 0.

    >>> default_seating([Side("Us", ("Ann", "Cal")), Side("Them", ("Bea", "Dan"))])
    ('Ann', 'Bea', 'Cal', 'Dan')
    """
    depth = max(len(side.players) for side in sides)
    return tuple(
        side.players[seat] for seat in range(depth) for side in sides if seat < len(side.players)
    )


def new_game(
    rules: RuleSet,
    sides: Sequence[Side],
    seating: Sequence[str] | None = None,
    first_dealer: str | None = None,
    hands: Sequence[Hand] = (),
    played_on: date | None = None,
    stored: bool = False,
) -> Game:
    """A game, once its sides, players and seating fit ``rules``; every name as the
    name rule normalises it (``people.checked_name``: " Ann" and "Ann" are one player).

    ``stored`` names were checked when they were written: they are only normalised
    (``people.normal_name``), so a game stored under an older name rule still reads.
    """
    sides = [_named(side, stored) for side in sides]
    _check_sides(rules, sides)
    seats = (
        tuple(normal_name(name) for name in seating)
        if seating is not None
        else default_seating(sides)
    )
    _check_seating(sides, seats)
    dealer = seats[0] if first_dealer is None else normal_name(first_dealer)
    if dealer not in seats:
        raise GameError("dealer_unknown", dealer=dealer)
    return Game(rules, tuple(sides), seats, dealer, tuple(hands), played_on)


def _check_sides(rules: RuleSet, sides: Sequence[Side]) -> None:
    if len(sides) != rules.sides:
        raise GameError("sides_count", ruleset=rules.name, expected=rules.sides, got=len(sides))
    seen: set[str] = set()
    for side in sides:
        if len(side.players) != rules.players_per_side:
            raise GameError(
                "side_players",
                side=side.name,
                got=len(side.players),
                ruleset=rules.name,
                expected=rules.players_per_side,
            )
        for player in side.players:
            if player in seen:
                raise GameError("player_repeated", player=player)
            seen.add(player)


def _named(side: Side, stored: bool = False) -> Side:
    """``side`` with its name and its players' names as the name rule has them."""
    if stored:
        return Side(normal_name(side.name), tuple(normal_name(p) for p in side.players))
    players = tuple(checked_name(player, "player") for player in side.players)
    return Side(checked_name(side.name, "side"), players)


def _check_seating(sides: Sequence[Side], seating: tuple[str, ...]) -> None:
    players = [player for side in sides for player in side.players]
    if sorted(seating) != sorted(players):
        missing = sorted(set(players) - set(seating))
        extra = sorted(set(seating) - set(players))
        repeated = sorted({p for p in seating if seating.count(p) > 1})
        reasons = [
            (code, {"players": ", ".join(players)})
            for code, players in (
                ("players_missing", missing),
                ("players_unseated", extra),
                ("players_repeated", repeated),
            )
            if players
        ]
        raise GameError("seating_players", **because(*reasons))
    side_of = {player: index for index, side in enumerate(sides) for player in side.players}
    for seat, player in enumerate(seating):
        neighbour = seating[(seat + 1) % len(seating)]
        if len(sides[side_of[player]].players) > 1 and side_of[player] == side_of[neighbour]:
            raise GameError("seating_partners", first=player, second=neighbour)

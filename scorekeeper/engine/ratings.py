"""Elo ratings for finished games: the season statistics' ``rating``.

Everyone starts at ``START``. A side's strength is the mean of its players'
ratings; for two sides A and B, A's expected score is
``1 / (1 + 10 ** ((RB - RA) / 400))``, its result 1 for a win, 0.5 for a draw
and 0 for a loss, and every player of A moves by ``K × (result - expected)``
(B likewise). With more than two sides (cutthroat) every pair of sides is
scored as such a game and the changes are added.

>>> changes = rating_changes([[1500.0, 1500.0], [1500.0, 1500.0]], winner=0)
>>> changes
[[16.0, 16.0], [-16.0, -16.0]]
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

START = 1500.0
K_FACTOR = 32.0


def expected_score(strength: float, against: float) -> float:
    """The share of a game a side of ``strength`` expects against one of ``against``.

    >>> round(expected_score(1600, 1400), 3)
    0.76
    """
    return 1 / (1 + 10 ** ((against - strength) / 400))


def rating_changes(
    sides: Sequence[Sequence[float]],
    winner: int | None,
    draw: bool = False,
    level: Sequence[int] | None = None,
) -> list[list[float]]:
    """How much each player's rating moves after one finished game.

    ``sides`` holds each side's players' ratings before the game; ``winner`` is
    the winning side's index (``None`` with ``draw`` for a draw). In a draw,
    ``level`` names the sides that shared it (``GameResult.drawn_sides``; None:
    all of them): each beats a side below them. The answer has the same shape
    as ``sides``.

    >>> [round(side[0]) for side in rating_changes([[1500.0]] * 3, None, True, [1, 2])]
    [-32, 16, 16]
    """
    strengths = [sum(players) / len(players) for players in sides]
    moves = [0.0] * len(sides)
    for a, b in combinations(range(len(sides)), 2):
        expected = expected_score(strengths[a], strengths[b])
        result = _pair_result(a, b, winner, draw, level)
        moves[a] += K_FACTOR * (result - expected)
        moves[b] += K_FACTOR * ((1 - result) - (1 - expected))
    return [[moves[index]] * len(players) for index, players in enumerate(sides)]


def _pair_result(
    a: int, b: int, winner: int | None, draw: bool, level: Sequence[int] | None
) -> float:
    """Side ``a``'s result against side ``b``: 1 a win, 0 a loss, 0.5 level."""
    if not draw and winner in (a, b):
        return 1.0 if winner == a else 0.0
    if draw and level is not None and (a in level) != (b in level):
        return 1.0 if a in level else 0.0
    return 0.5

"""A table stopped by the clock: what a game counts for when its round is closed before
it is over (docs/event-format.md §3). The event chooses one rule for all its tables:

- ``ahead_wins`` (the common club rule, the new-night form's first choice): the game
  counts as finished at the totals as they stand; the side ahead wins, level totals
  are a draw.
- ``totals_count``: the totals count as points, and the game as one played, but nobody
  wins it.
- ``nothing_counts``: the game counts nothing, as if it had not been played (what a
  file without the rule means: events.py).

A game with no hand played (none recorded, or only misdeals and hands passed out)
counts nothing whatever the rule: there are no totals to stand. A game that is over
counts as it is.

>>> from ..presets import PRESETS
>>> from ..game import Hand, Side, new_game
>>> from ..scoring import replay
>>> sides = [Side("Us", ("Ann", "Cal")), Side("Them", ("Bea", "Dan"))]
>>> game = new_game(PRESETS["partnership"], sides)
>>> game = game.with_hands([Hand("Ann", 250, "H", (100, 40), (150, 100))])
>>> stopped(replay(game), AHEAD_WINS).winner, stopped(replay(game), TOTALS_COUNT).winner
(0, None)
>>> stopped(replay(game), NOTHING_COUNTS) is None
True
"""

from __future__ import annotations

from dataclasses import replace

from ..hand_score import UNSCORED
from ..scoring import DRAW, GameResult

AHEAD_WINS, TOTALS_COUNT, NOTHING_COUNTS = "ahead_wins", "totals_count", "nothing_counts"
UNFINISHED_RULES = (AHEAD_WINS, TOTALS_COUNT, NOTHING_COUNTS)
# why a stopped game ended, as ``GameResult.ended_by`` says it
STOPPED = "round_closed"


def stopped(result: GameResult, rule: str) -> GameResult | None:
    """What ``result``, a game whose round was closed, counts for by ``rule``: the result
    itself when the game is over; a finished result (``ended_by`` ``round_closed``) whose
    winner is the side ahead (a draw when level) by ``ahead_wins``, or nobody (None) by
    ``totals_count``; None when it counts nothing (``nothing_counts``, or no hand
    played)."""
    if result.finished:
        return result
    if rule == NOTHING_COUNTS or all(hand.outcome in UNSCORED for hand in result.hands):
        return None
    if rule == TOTALS_COUNT:
        return replace(result, ended_by=STOPPED, winner=None, went_out=None)
    top = max(result.totals)
    ahead = [side for side, total in enumerate(result.totals) if total == top]
    winner: int | str = ahead[0] if len(ahead) == 1 else DRAW
    return replace(result, ended_by=STOPPED, winner=winner, went_out=None)

"""Bounds on what a game may hold: no option, bid or score beyond them is real play."""

from __future__ import annotations

LARGEST = 100_000  # no table plays to, or bids, more than this
# scored hands in one game, at most. A real game is far shorter: partnership to 1500
# takes 10 to 30 hands, a low-scoring table whose bidders are set again and again maybe
# 150; at two minutes a hand (a deal, the meld, twelve tricks) 1,000 hands is 33 hours
# of play. The bound keeps what one game costs to store and replay small (docs/rules.md).
# It counts scored hands only, as ``game_end: hands:N`` does (N at most this), so
# passed-out and misdealt hands never bring a game that is not over to the bound.
MAX_HANDS = 1_000
# hands that score nothing (passed out, misdealt) in one game, at most: counted apart,
# so that past it the next deal is still taken, as long as it is played
MAX_REDEALS = 1_000

__all__ = ["LARGEST", "MAX_HANDS", "MAX_REDEALS"]

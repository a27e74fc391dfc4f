"""Season figures kept apart where adding them up would mislead.

Win rates of games with different numbers of players are not ranked together (a
cutthroat player wins a third of the time where a partnership wins half), and bids
and points of rule sets on different point scales (``RuleSet.point_scale``: a hand
worth 250 points, 25 at tenths, 50 in double deck, or chips) are never added or
averaged across them. The database sums each player's figures per rule set
(``stats.season_rows``); the rule sets are then grouped by what the engine says of them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.engine.presets import RuleSet
from scorekeeper.engine.rules import ruleset
from scorekeeper.reports.stats import MIN_GAMES, Period, rate, season_rows


@dataclass
class GroupFigures:
    """One player's figures over the rule sets of one group."""

    name: str
    player_id: int
    games: int = 0
    wins: int = 0
    hands: int = 0
    bids: int = 0
    bid_total: int = 0
    points: int = 0
    best_hand: int | None = None
    provisional: bool = False

    @property
    def win_rate(self) -> float:
        return rate(self.wins, self.games)

    @property
    def avg_bid(self) -> float:
        return round(self.bid_total / self.bids, 2) if self.bids else 0.0


@dataclass
class Group:
    """Rule sets that may be counted together, and their players' figures."""

    key: Any
    rulesets: list[str] = field(default_factory=list)
    players: list[GroupFigures] = field(default_factory=list)


def _grouped(
    rows: Iterable[Any], key: Callable[[RuleSet], Hashable], min_games: int
) -> list[Group]:
    groups: dict[Hashable, Group] = {}
    players: dict[tuple[Hashable, int], GroupFigures] = {}
    keys: dict[str, Hashable] = {}  # each rule set's group, asked of the engine once
    for row in rows:
        player, name, rules = row.player_id, row.name, row.ruleset
        if rules not in keys:
            keys[rules] = key(ruleset(rules))
        group_key = keys[rules]
        group = groups.setdefault(group_key, Group(group_key))
        if rules not in group.rulesets:
            group.rulesets.append(rules)
        entry = players.get((group_key, player))
        if entry is None:
            entry = players[group_key, player] = GroupFigures(name, player)
            group.players.append(entry)
        for column in ("games", "wins", "hands", "bids", "bid_total", "points"):
            setattr(entry, column, getattr(entry, column) + (getattr(row, column) or 0))
        best = row.best_hand
        if best is not None:
            entry.best_hand = best if entry.best_hand is None else max(entry.best_hand, best)
    for group in groups.values():
        group.rulesets.sort()
        for entry in group.players:
            entry.provisional = entry.games < min_games
    return [groups[name] for name in sorted(groups)]  # type: ignore[type-var]


def kept_apart(rows: Sequence[Any], min_games: int = MIN_GAMES) -> tuple[list[Group], list[Group]]:
    """``win_rates_by_players`` and ``bids_and_points_by_scale`` of a period's
    ``season_rows`` (read once for the standings and these)."""
    return _win_rates(rows, min_games), _scales(rows)


def win_rates_by_players(period: Period, min_games: int = MIN_GAMES) -> list[Group]:
    """Win rates by the number of players at the table (2, 3, 4, ...): each group's
    players with a finished game, best win rate first (then more games, then A to Z),
    the provisional (under ``min_games`` of that group's games) after the ranked."""
    return _win_rates(season_rows(period), min_games)


def bids_and_points_by_scale(period: Period, player_id: int | None = None) -> list[Group]:
    """Bids and points by point scale (``RuleSet.point_scale``), most points first
    (then A to Z): never added or averaged across two scales. With ``player_id``, that
    player's figures only."""
    return _scales(season_rows(period, player_id))


def _win_rates(rows: Iterable[Any], min_games: int) -> list[Group]:
    groups = _grouped(rows, lambda rules: rules.players, min_games)
    for group in groups:
        group.players = sorted(
            (entry for entry in group.players if entry.games),
            key=lambda e: (e.provisional, -e.win_rate, -e.games, e.name),
        )
    return [group for group in groups if group.players]


def _scales(rows: Iterable[Any]) -> list[Group]:
    groups = _grouped(rows, lambda rules: rules.point_scale, 0)
    for group in groups:
        group.players.sort(key=lambda entry: (-entry.points, entry.name))
    return groups

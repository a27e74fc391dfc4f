"""An event's standings (docs/event-format.md §3), from its games as the engine replays
them: each finished game's winner (``scoring.replay``: a draw is half a win to each
side) and its final totals, and a game its closed round stopped by the event's rule
for unfinished tables (``unfinished.py``); the byes by the event's bye rule; the
director's adjustments; then the places, by wins then points or by points then wins,
equal on both the same place (1, 2, 2, 4) and listed by name.

>>> from .events import EXAMPLE, from_document
>>> table = standings(from_document(EXAMPLE))
>>> table.rounds_played, table.provisional, [row.entrant for row in table.rows]
(0, False, ['Ann', 'Cal', 'Dan', 'Eve', 'Bea'])
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction

from ..game import Game
from ..presets import RuleSet
from ..scoring import DRAW, GameResult, replay
from .entrants import TEAMS
from .events import OWN_AVERAGE, POINTS, Event, Round
from .unfinished import stopped

WIN, DRAWN, LOST = Fraction(1), Fraction(1, 2), Fraction(0)


@dataclass(frozen=True)
class Outcome:
    """What one entrant took from one finished game: a win (1, ½ or 0) and its side's
    final total."""

    entrant: str
    round: int
    table: int
    win: Fraction
    points: int


@dataclass(frozen=True)
class Row:
    """One entrant's line: ``points`` holds the games' totals, the byes' points and the
    adjustments (shown alone in ``adjustments`` too)."""

    place: int
    entrant: str
    games: int
    wins: Fraction
    byes: int
    points: int
    adjustments: int

    def as_dict(self) -> dict[str, object]:
        return {
            "place": self.place,
            "entrant": self.entrant,
            "games": self.games,
            "wins": number(self.wins),
            "byes": self.byes,
            "points": self.points,
            "adjustments": self.adjustments,
        }


@dataclass(frozen=True)
class Standings:
    rounds_played: int
    provisional: bool
    rows: tuple[Row, ...]

    def as_dict(self) -> dict[str, object]:
        """What ``scorekeeper standings --json`` prints."""
        return {
            "rounds_played": self.rounds_played,
            "provisional": self.provisional,
            "rows": [row.as_dict() for row in self.rows],
        }


def number(wins: Fraction) -> int | float:
    """Wins as JSON writes them: a whole number, a half (2.5), or an own average's
    fraction to two places.

    >>> number(Fraction(5, 2)), number(Fraction(3)), number(Fraction(2, 3))
    (2.5, 3, 0.67)
    """
    if wins.denominator == 1:
        return wins.numerator
    return round(float(wins), 2)


def unit_of(rules: RuleSet) -> int:
    """The step every total moves by: 10 in partnership, 1 at tenths.

    >>> from ..presets import PRESETS
    >>> unit_of(PRESETS["partnership"]), unit_of(PRESETS["double-deck"])
    (10, 1)
    """
    return math.gcd(rules.meld_table.unit, rules.counters.unit)


def rounded(value: Fraction, unit: int) -> int:
    """``value`` to the nearest multiple of ``unit``, halves up.

    >>> rounded(Fraction(1185), 10), rounded(Fraction(1184), 10), rounded(Fraction(-15), 10)
    (1190, 1180, -10)
    """
    return math.floor(value / unit + Fraction(1, 2)) * unit


def played(round_: Round) -> bool:
    """A round is played once a hand is recorded at one of its tables (a round seated
    with empty games is not played yet: its byes count nothing, nothing is provisional)."""
    return any(table.game is not None and table.game.hands for table in round_.tables)


def rounds_over(event: Event, replayed: dict[tuple[int, int], GameResult] | None = None) -> int:
    """How many rounds are over, for "after 2 of 3 rounds": closed (by the director, or
    a later round is played), or played with every table's game finished."""
    return sum(
        1
        for round_ in event.rounds
        if closed(event, round_)
        or (played(round_) and not unfinished(event, round_.number, replayed))
    )


def unfinished(
    event: Event, number: int, replayed: dict[tuple[int, int], GameResult] | None = None
) -> tuple[int, ...]:
    """The tables of round ``number`` whose game is not over (or has not begun): a
    round closed while they play needs the director's reason. ``replayed``: the
    night's ``results`` when already made."""
    round_ = event.rounds[number - 1]
    return tuple(
        table.number
        for table in round_.tables
        if table.game is None or not _finished(table.game, (number, table.number), replayed)
    )


def _finished(
    game: Game, place: tuple[int, int], replayed: dict[tuple[int, int], GameResult] | None
) -> bool:
    """Whether the game at ``place`` is finished (replayed unless ``replayed`` holds it)."""
    result = None if replayed is None else replayed.get(place)
    return (replay(game) if result is None else result).finished


def results(event: Event) -> dict[tuple[int, int], GameResult]:
    """Each table's game replayed once, by (round, table); tables without a game left out.
    A table that holds its game's replay (``Table.result``: a file's night, or
    ``with_results``) is not replayed again."""
    return {
        (round_.number, table.number): replay(table.game) if table.result is None else table.result
        for round_ in event.rounds
        for table in round_.tables
        if table.game is not None
    }


def with_results(event: Event, replayed: dict[tuple[int, int], GameResult] | None = None) -> Event:
    """``event`` with each table holding its game's replay (``replayed``, else made
    now), so that whatever reads it next (its standings, a league, its awards) replays
    nothing again."""
    made = results(event) if replayed is None else replayed
    return replace(
        event,
        rounds=tuple(
            replace(
                round_,
                tables=tuple(
                    replace(table, result=made.get((round_.number, table.number)))
                    for table in round_.tables
                ),
            )
            for round_ in event.rounds
        ),
    )


def closed(event: Event, round_: Round) -> bool:
    """Whether ``round_`` is over: closed by the director, or a later round is played
    (a hand is recorded there: a seating planned ahead, with no hands, closes nothing)."""
    return round_.closed or any(played(later) for later in event.rounds[round_.number :])


def counted(
    event: Event, replayed: dict[tuple[int, int], GameResult] | None = None
) -> dict[tuple[int, int], GameResult]:
    """What each table's game counts for, by (round, table): a finished game as it is;
    a game its closed round stopped by the event's ``unfinished_tables`` rule
    (unfinished.py); a game still being played, or counting nothing, left out."""
    replayed = results(event) if replayed is None else replayed
    closed_rounds = {round_.number for round_ in event.rounds if closed(event, round_)}
    kept: dict[tuple[int, int], GameResult] = {}
    for place, result in replayed.items():
        if not result.finished and place[0] in closed_rounds:
            counts = stopped(result, event.unfinished_tables)
            if counts is not None:
                kept[place] = counts
        elif result.finished:
            kept[place] = result
    return kept


def outcomes(
    event: Event, replayed: dict[tuple[int, int], GameResult] | None = None
) -> Iterator[Outcome]:
    """Every entrant's outcome of every game that counts (``counted``), in round and
    table order; a game that counts with no winner is lost by all four."""
    counting = counted(event, replayed)
    for round_ in event.rounds:
        for table in round_.tables:
            result = counting.get((round_.number, table.number))
            if result is None:
                continue
            for side, entrant in _sides(event, table.seats):
                if result.winner == DRAW:
                    win = DRAWN if side in result.drawn_sides else LOST
                else:
                    win = WIN if result.winner == side else LOST
                yield Outcome(entrant, round_.number, table.number, win, result.totals[side])


def _sides(event: Event, seats: tuple[str, ...]) -> Iterator[tuple[int, str]]:
    """(side, entrant) at a table: teams North-South then East-West; progressive, each
    player, North and South on the game's first side."""
    for seat, entrant in enumerate(seats):
        yield (seat if event.kind == TEAMS else seat % 2), entrant


def standings(event: Event, replayed: dict[tuple[int, int], GameResult] | None = None) -> Standings:
    """The standings of ``event`` from its finished games, byes and adjustments;
    ``provisional`` while a table of a played round has no game or one not finished.
    ``replayed``: the night's ``results`` when already made (each game replayed once)."""
    games = {name: 0 for name in event.names}
    wins = {name: Fraction(0) for name in event.names}
    points = {name: 0 for name in event.names}
    replayed = results(event) if replayed is None else replayed
    counting = counted(event, replayed)
    for outcome in outcomes(event, counting):
        games[outcome.entrant] += 1
        wins[outcome.entrant] += outcome.win
        points[outcome.entrant] += outcome.points
    winners: dict[int, list[int]] = {}  # round -> the winning sides' final totals
    for (round_number, _table), result in counting.items():
        if result.winner is not None:
            winners.setdefault(round_number, []).append(_winning_total(result))
    byes = {name: 0 for name in event.names}
    unit = unit_of(event.rules)
    bye_wins = {name: Fraction(0) for name in event.names}
    bye_points = {name: 0 for name in event.names}
    for round_ in event.rounds:
        if not played(round_):
            continue
        for name in round_.byes:
            byes[name] += 1
            if event.bye_rule == OWN_AVERAGE:
                count = games[name]
                bye_wins[name] += wins[name] / count if count else Fraction(0)
                bye_points[name] += rounded(Fraction(points[name], count), unit) if count else 0
            else:
                totals = winners.get(round_.number, [])
                bye_wins[name] += WIN
                bye_points[name] += (
                    rounded(Fraction(sum(totals), len(totals)), unit) if totals else 0
                )
    adjusted = {name: 0 for name in event.names}
    for adjustment in event.adjustments:
        adjusted[adjustment.entrant] += adjustment.points
    lines = [
        (
            name,
            games[name],
            wins[name] + bye_wins[name],
            byes[name],
            points[name] + bye_points[name] + adjusted[name],
            adjusted[name],
        )
        for name in event.names
    ]
    rows = _placed(lines, event.standing_order)
    return Standings(
        rounds_played=sum(1 for round_ in event.rounds if played(round_)),
        provisional=any(
            table.game is None or not replayed[round_.number, table.number].finished
            for round_ in event.rounds
            if played(round_) and not closed(event, round_)
            for table in round_.tables
        ),
        rows=rows,
    )


def _winning_total(result: GameResult) -> int:
    """The final total of the side that won (a drawn game: the level sides' total)."""
    if isinstance(result.winner, int):
        return result.totals[result.winner]
    return max(result.totals[side] for side in result.drawn_sides)


def _placed(lines: list[tuple[str, int, Fraction, int, int, int]], order: str) -> tuple[Row, ...]:
    def keys(line: tuple[str, int, Fraction, int, int, int]) -> tuple[Fraction, Fraction]:
        wins, points = line[2], Fraction(line[4])
        return (-points, -wins) if order == POINTS else (-wins, -points)

    ordered = sorted(lines, key=lambda line: (keys(line), line[0].casefold(), line[0]))
    rows: list[Row] = []
    for index, line in enumerate(ordered):
        place = rows[-1].place if rows and keys(line) == keys(ordered[index - 1]) else index + 1
        rows.append(Row(place, *line))
    return tuple(rows)

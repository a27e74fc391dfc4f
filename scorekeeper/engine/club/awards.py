"""A club's points and awards (issue 32, item 4; docs/league-format.md §4): what a night
is worth to each player for good (club points, only ever added) and the awards of a
night or of a competition (high game, high average, most bids made). A night's prize
money is split in prizes.py.

Club points, night by night (``night_club_points``): a night counts once its standings
are final (not ``provisional``). Each entrant who played a game there earns
``FOR_PLAYING`` point; the night's tables T (the most tables of any played round) make
the scale of its first T places, T points for first down to 1 for place T; players
sharing a place share the mean of the places' points they hold, to two decimals (as
``league.place_value``). A team's two players each earn the team's points. The awards
(``awards``) are told below.

>>> from .events import EXAMPLE, from_document
>>> from .standings import standings
>>> night = from_document(EXAMPLE)
>>> night_club_points(night, standings(night))  # nothing played yet
{}
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from fractions import Fraction

from ..errors import GameError
from ..hand_score import UNSCORED
from ..scoring import GameResult
from .entrants import TEAMS
from .events import Event
from .league import in_date_order, place_value
from .standings import Standings, number, played, results

FOR_PLAYING = 1  # club points for a night with a game played
MILESTONES = (25, 50, 100, 250, 500, 1000)  # lifetime club points worth a mention

NightPoints = Mapping[str, Fraction]  # player -> club points of one night


def name_order(name: str) -> tuple[str, str]:
    """The key that lists players by name, as the standings list the players they tie.

    >>> sorted(["cal", "Bea", "ann", "Ann"], key=name_order)
    ['Ann', 'ann', 'Bea', 'cal']
    """
    return name.casefold(), name


# --- club points ----------------------------------------------------------------------


def night_tables(event: Event) -> int:
    """T, the night's tables: the most tables of any played round (0 before a hand)."""
    return max((len(round_.tables) for round_ in event.rounds if played(round_)), default=0)


def place_scale(tables: int) -> tuple[Fraction, ...]:
    """The extra club points of the first ``tables`` places, first place's first.

    >>> [int(points) for points in place_scale(3)]
    [3, 2, 1]
    """
    return tuple(Fraction(tables - place) for place in range(tables))


def night_club_points(event: Event, standings: Standings) -> dict[str, Fraction]:
    """Each player's club points of ``event`` from its final ``standings`` (nothing while
    they are provisional, or a round is still to play): the point for playing with a
    game played (a bye is not a game), and the points of the place the standings give,
    to every entrant who played a game or had a bye there (one who never did earns
    nothing, and holds the place all the same).

    >>> place_value(place_scale(3), 3, 3)  # three players share 3rd of 3 tables: 1/3
    Fraction(33, 100)
    """
    if standings.provisional or not all(round_.tables for round_ in event.rounds):
        return {}  # a game still being played, or a round still to play
    scale = place_scale(night_tables(event))
    sharing = Counter(row.place for row in standings.rows)
    players = {entrant.name: entrant.players for entrant in event.entrants}
    points: dict[str, Fraction] = {}
    for row in standings.rows:
        if row.games + row.byes == 0:
            continue  # entered, never played: not a night of theirs
        value = place_value(scale, row.place, sharing[row.place])
        value += FOR_PLAYING if row.games else 0
        for player in players.get(row.entrant) or (row.entrant,):
            points[player] = value
    return points


def lifetime(nights: Sequence[tuple[str, NightPoints]]) -> dict[str, Fraction]:
    """Each player's club points over ``nights`` ((night key, points) pairs): the sum.

    >>> lifetime([("n1", {"Ann": Fraction(3)}), ("n2", {"Ann": Fraction(3, 2)})])
    {'Ann': Fraction(9, 2)}
    """
    totals: dict[str, Fraction] = {}
    for _, points in _once_each(nights):
        for player, value in points.items():
            totals[player] = totals.get(player, Fraction(0)) + value
    return totals


@dataclass(frozen=True)
class Milestone:
    """A lifetime total reached: the threshold and the night whose points reached it."""

    threshold: int
    night: str

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def milestones(nights: Sequence[tuple[str, NightPoints]]) -> dict[str, tuple[Milestone, ...]]:
    """The ``MILESTONES`` each player's running total reached over ``nights``, given in
    date order, each with the night it was first reached on (every player with points
    listed, () for one with none yet).

    >>> milestones([("n1", {"Ann": Fraction(24)}), ("n2", {"Ann": Fraction(27)})])["Ann"]
    (Milestone(threshold=25, night='n2'), Milestone(threshold=50, night='n2'))
    """
    totals: dict[str, Fraction] = {}
    reached: dict[str, list[Milestone]] = {}
    for key, points in _once_each(nights):
        for player, value in points.items():
            before = totals.get(player, Fraction(0))
            totals[player] = before + value
            passed = [Milestone(t, key) for t in MILESTONES if before < t <= totals[player]]
            reached.setdefault(player, []).extend(passed)
    return {player: tuple(got) for player, got in reached.items()}


def _once_each(
    nights: Sequence[tuple[str, NightPoints]],
) -> Sequence[tuple[str, NightPoints]]:
    """``nights`` as they are, the same night given twice refused (each counts once)."""
    twice = sorted(key for key, count in Counter(key for key, _ in nights).items() if count > 1)
    if twice:
        raise GameError("league_night_twice", key=twice[0])
    return nights


# --- awards ---------------------------------------------------------------------------


@dataclass(frozen=True)
class GameAt:
    """One side's final total in one game, and where it was played."""

    night: str
    round: int
    table: int
    players: tuple[str, ...]
    total: int

    def as_dict(self) -> dict[str, object]:
        return {**asdict(self), "players": list(self.players)}


@dataclass(frozen=True)
class Award:
    """One award: its value (None when nobody has one) and the players who share it,
    listed by name; the high game's games too (each where its total was scored)."""

    value: int | Fraction | None
    players: tuple[str, ...]
    games: tuple[GameAt, ...] = ()

    def as_dict(self) -> dict[str, object]:
        value = self.value if not isinstance(self.value, Fraction) else number(self.value)
        return {"value": value, "players": list(self.players)}


@dataclass(frozen=True)
class Awards:
    """A night's or a competition's awards; ``min_games``: the games a player needs for
    the high average (0: none, one night)."""

    high_game: Award
    high_average: Award
    most_bids_made: Award
    min_games: int

    def as_dict(self) -> dict[str, object]:
        """The awards as a page and the JSON export give them (an average to two places)."""
        return {
            "high_game": {
                **self.high_game.as_dict(),
                "games": [game.as_dict() for game in self.high_game.games],
            },
            "high_average": {**self.high_average.as_dict(), "min_games": self.min_games},
            "most_bids_made": self.most_bids_made.as_dict(),
        }


def awards(events: Sequence[Event]) -> Awards:
    """The awards of ``events`` (one night, or a competition's nights), over every game
    with a hand scored (not only passed out or misdealt), finished or not:

    - high game: the highest final total a side scored in one game;
    - high average: the highest mean of a player's sides' totals over their games, for
      the players with ``min_games`` games (``minimum_games``);
    - most bids made: the most hands bid and made (a team's: either player's, both
      players credited); nobody when no bid was made.

    Ties: everyone with the best value, listed by name. The same night twice is refused.
    """
    sides: list[GameAt] = []
    made: Counter[str] = Counter()
    for key, event in in_date_order(events):
        for (round_number, table_number), result in sorted(replays(event).items()):
            if all(hand.outcome in UNSCORED for hand in result.hands):
                continue
            for index, side in enumerate(result.game.sides):
                total = result.totals[index]
                sides.append(GameAt(key, round_number, table_number, side.players, total))
            made.update(bids_made(result, teams=event.kind == TEAMS))
    games = Counter(player for side in sides for player in side.players)
    least = minimum_games(games.values(), len(events))
    return Awards(
        _high_game(sides),
        _leading(_averages(sides, least)),
        _leading({player: Fraction(count) for player, count in made.items()}, whole=True),
        least,
    )


def replays(event: Event) -> dict[tuple[int, int], GameResult]:
    """Each table's game replayed, by (round, table): the replays the event holds (a
    night read from its document keeps each), else ``standings.results``."""
    held = {
        (round_.number, table.number): table.result
        for round_ in event.rounds
        for table in round_.tables
        if table.game is not None
    }
    kept = {place: result for place, result in held.items() if result is not None}
    return kept if len(kept) == len(held) else results(event)


def bids_made(result: GameResult, teams: bool) -> Iterator[str]:
    """The players credited with each bid made in a game: the bidder; in a teams night,
    both of the bidder's team (a hand passed out, misdealt or thrown in made none)."""
    game = result.game
    for hand, scored in zip(game.hands, result.hands, strict=True):
        if scored.made is not True or hand.bidder is None:
            continue
        yield from (game.sides[game.side_of[hand.bidder]].players if teams else (hand.bidder,))


def minimum_games(games: Iterable[int], nights: int) -> int:
    """The games a player needs for the high average: none for one night; over several,
    half the games of the player who played most, rounded up.

    >>> minimum_games([7, 4, 2], 1), minimum_games([7, 4, 2], 3), minimum_games([], 3)
    (0, 4, 0)
    """
    most = max(games, default=0)
    return 0 if nights <= 1 else math.ceil(Fraction(most, 2))


def _high_game(sides: Sequence[GameAt]) -> Award:
    """The highest side total of any game, its players and where it was scored."""
    if not sides:
        return Award(None, ())
    top = max(side.total for side in sides)
    best = tuple(side for side in sides if side.total == top)
    players = sorted({player for side in best for player in side.players}, key=name_order)
    return Award(top, tuple(players), best)


def _averages(sides: Sequence[GameAt], least: int) -> dict[str, Fraction]:
    """Each player's mean side total over their games, for those with ``least`` games."""
    totals: dict[str, list[int]] = {}
    for side in sides:
        for player in side.players:
            totals.setdefault(player, []).append(side.total)
    return {
        player: Fraction(sum(values), len(values))
        for player, values in totals.items()
        if len(values) >= least
    }


def _leading(values: Mapping[str, Fraction], whole: bool = False) -> Award:
    """The best of ``values`` and the players who hold it, by name (``whole``: a count)."""
    if not values:
        return Award(None, ())
    top = max(values.values())
    players = sorted((player for player, value in values.items() if value == top), key=name_order)
    return Award(int(top) if whole else top, tuple(players))

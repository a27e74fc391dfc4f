"""A competition across club nights (a ladder, a league): each night's standings turned
into a value for each player, the values added up over the nights that count, and the
players ranked (docs/league-format.md, the ``pinochle-league/1`` document that
``scorekeeper league`` prints).

A night's value is taken from that night's standings as ``standings`` gives them (its
byes as its own rule counts them, its adjustments in its points): its ``wins``, its
``points``, or the points of its place (``places``: tied places share the mean of the
places' points, to two decimals). A team's two players each take the team's value. A
player played a night when the standings count a game or a bye of theirs there. The
nights counted are the player's best (by value, then the night's points, then the
earlier night): all but the lowest ``drop``, at most ``best``. The score is the counted
values' sum, the points the counted nights' points; the order is score, then points,
then more nights played; equal on all three, the players share a place (1, 2, 2, 4:
``tied``), listed by name. A player with fewer than ``min_nights`` nights is not ranked:
listed below the ranked, in the same order, with no place.

>>> from .events import EXAMPLE, from_document
>>> league([from_document(EXAMPLE)], LeagueRules(score=WINS)).rows  # nothing played yet
()
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from ..errors import GameError
from .entrants import TEAMS
from .events import Event, to_document
from .standings import number, standings

FORMAT = "pinochle-league/1"
WINS, POINTS, PLACES = "wins", "points", "places"
SCORES = (WINS, POINTS, PLACES)
MAX_PLACE_POINTS = 200  # places given points, at most (a night's entrants, at most)
KEY_LENGTH = 12  # a night's key made from its document, when its file names none


# place points as typed: whole numbers or decimals to two places, ASCII digits only
PLACE_POINT = re.compile(r"[0-9]{1,6}(?:\.[0-9]{1,2})?")


def read_place_points(text: str) -> tuple[Fraction, ...]:
    """Place points as a person types them, "10,8,6.5", first place's first; a number that
    is not whole or to two decimals in the digits 0 to 9 (``1/3``, ``1e400``, ``٣``), or
    none at all, is refused (``league_place_points``).

    >>> read_place_points(" 10, 8,6.5")
    (Fraction(10, 1), Fraction(8, 1), Fraction(13, 2))
    """
    texts = [part.strip() for part in text.split(",")]
    if not all(PLACE_POINT.fullmatch(part) for part in texts):
        raise GameError("league_place_points")
    return tuple(Fraction(part) for part in texts)


def place_points_text(points: Sequence[Fraction]) -> str:
    """Place points written back as they are typed: ``10,8,6.5``.

    >>> place_points_text((Fraction(10), Fraction(13, 2), Fraction(1, 4)))
    '10,6.5,0.25'
    """
    return ",".join(str(number(point)) for point in points)


@dataclass(frozen=True)
class LeagueRules:
    """How the nights add up: what a night is worth (``score``; ``place_points`` for
    ``places``, first place's first), the best ``best`` nights counted (None: all), the
    lowest ``drop`` dropped, and the nights a player needs to be ranked."""

    score: str = WINS
    place_points: tuple[Fraction, ...] = ()
    best: int | None = None
    drop: int = 0
    min_nights: int = 0

    def __post_init__(self) -> None:
        if self.score not in SCORES:
            raise GameError(
                "league_choice", field="score", value=self.score, expected=" or ".join(SCORES)
            )
        if (self.score == PLACES) != bool(self.place_points):
            raise GameError("league_place_points")
        if len(self.place_points) > MAX_PLACE_POINTS or any(p < 0 for p in self.place_points):
            raise GameError("league_place_points")
        for name, value, least in (
            ("best", self.best, 1),
            ("drop", self.drop, 0),
            ("min_nights", self.min_nights, 0),
        ):
            if value is not None and not least <= value <= 1000:
                raise GameError("league_count", field=name, least=least, got=value)


@dataclass(frozen=True)
class NightValue:
    """What one night is worth to one player: its value under the rules and its points."""

    key: str
    value: Fraction
    points: int
    order: int  # the night's place among the nights in date order


@dataclass(frozen=True)
class LeagueRow:
    place: int | None  # None: not ranked (too few nights)
    player: str
    nights: int
    counted: tuple[str, ...]  # the keys of the nights counted, in date order
    score: Fraction
    points: int
    qualified: bool
    tied: bool

    def as_dict(self) -> dict[str, object]:
        return {
            "place": self.place,
            "player": self.player,
            "nights": self.nights,
            "counted": list(self.counted),
            "score": number(self.score),
            "points": self.points,
            "qualified": self.qualified,
            "tied": self.tied,
        }


@dataclass(frozen=True)
class League:
    nights: tuple[str, ...]  # the nights' keys, in date order
    rows: tuple[LeagueRow, ...]
    needs: dict[str, int] = field(default_factory=dict)  # unranked player -> nights short

    def as_dict(self) -> dict[str, object]:
        """The ``pinochle-league/1`` document (docs/league-format.md)."""
        return {
            "format": FORMAT,
            "nights": list(self.nights),
            "standings": [row.as_dict() for row in self.rows],
        }


def night_key(event: Event) -> str:
    """The night's key: its own (a stored night's, written by export), else the first
    characters of the SHA-256 of its document as the engine writes it (the same file,
    the same key)."""
    if event.key is not None:
        return event.key
    text = json.dumps(to_document(event), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:KEY_LENGTH]


def in_date_order(events: Sequence[Event]) -> list[tuple[str, Event]]:
    """The nights with their keys, by date (a night with no date last), then key; the
    same night twice is refused."""
    keyed = [(night_key(event), event) for event in events]
    keys = [key for key, _ in keyed]
    twice = sorted({key for key in keys if keys.count(key) > 1})
    if twice:
        raise GameError("league_night_twice", key=twice[0])
    return sorted(keyed, key=lambda item: (item[1].date or date.max, item[0]))


def night_values(event: Event, key: str, order: int, rules: LeagueRules) -> dict[str, NightValue]:
    """Each player's value of one night, the players who played it only."""
    table = standings(event)
    sharing: dict[int, int] = {}
    for row in table.rows:
        sharing[row.place] = sharing.get(row.place, 0) + 1
    players = {entrant.name: entrant.players for entrant in event.entrants}
    values: dict[str, NightValue] = {}
    for row in table.rows:
        if row.games + row.byes == 0:
            continue  # entered, never played: not a night of theirs
        if rules.score == WINS:
            value = row.wins
        elif rules.score == POINTS:
            value = Fraction(row.points)
        else:
            value = place_value(rules.place_points, row.place, sharing[row.place])
        names = players[row.entrant] if event.kind == TEAMS else (row.entrant,)
        for name in names or (row.entrant,):
            values[name] = NightValue(key, value, row.points, order)
    return values


def place_value(points: Sequence[Fraction], place: int, shared_by: int) -> Fraction:
    """Place ``place``'s points, shared by ``shared_by`` players: the mean of the points
    of the places they hold (a place past the list is worth 0), to two decimals, halves up.

    >>> place_value([Fraction(10), Fraction(8), Fraction(6)], 2, 2)
    Fraction(7, 1)
    >>> place_value([Fraction(10), Fraction(8), Fraction(5)], 1, 3)
    Fraction(767, 100)
    """
    held = [points[index] if index < len(points) else Fraction(0)
            for index in range(place - 1, place - 1 + shared_by)]  # fmt: skip
    mean = sum(held, Fraction(0)) / shared_by
    return Fraction(math.floor(mean * 100 + Fraction(1, 2)), 100)


def league(events: Sequence[Event], rules: LeagueRules) -> League:
    """The competition's table over ``events`` under ``rules``."""
    nights = in_date_order(events)
    by_player: dict[str, list[NightValue]] = {}
    for order, (key, event) in enumerate(nights):
        for player, value in night_values(event, key, order, rules).items():
            by_player.setdefault(player, []).append(value)
    lines = [_line(player, values, rules) for player, values in by_player.items()]
    ranked = _ranked([line for line in lines if line[3] >= rules.min_nights], placed=True)
    unranked = _ranked([line for line in lines if line[3] < rules.min_nights], placed=False)
    needs = {line[0]: rules.min_nights - line[3] for line in lines if line[3] < rules.min_nights}
    return League(tuple(key for key, _ in nights), ranked + unranked, needs)


_Line = tuple[str, Fraction, int, int, tuple[str, ...]]  # player, score, points, nights, counted


def _line(player: str, values: list[NightValue], rules: LeagueRules) -> _Line:
    best_first = sorted(values, key=lambda night: (-night.value, -night.points, night.order))
    keep = max(len(values) - rules.drop, 0)
    if rules.best is not None:
        keep = min(keep, rules.best)
    counted = sorted(best_first[:keep], key=lambda night: night.order)
    score = sum((night.value for night in counted), Fraction(0))
    points = sum(night.points for night in counted)
    return player, score, points, len(values), tuple(night.key for night in counted)


def _ranked(lines: list[_Line], placed: bool) -> tuple[LeagueRow, ...]:
    def keys(line: _Line) -> tuple[Fraction, int, int]:
        return -line[1], -line[2], -line[3]

    ordered = sorted(lines, key=lambda line: (keys(line), line[0].casefold(), line[0]))
    shared: dict[tuple[Fraction, int, int], int] = {}
    for line in ordered:
        shared[keys(line)] = shared.get(keys(line), 0) + 1
    rows: list[LeagueRow] = []
    for index, line in enumerate(ordered):
        same = index > 0 and keys(ordered[index - 1]) == keys(line)
        place = (rows[-1].place if same else index + 1) if placed else None
        player, score, points, nights, counted = line
        tied = shared[keys(line)] > 1
        rows.append(LeagueRow(place, player, nights, counted, score, points, placed, tied))
    return tuple(rows)

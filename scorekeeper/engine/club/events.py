"""A club night or a tournament as the engine sees it: the ``pinochle-event/1`` document
(docs/event-format.md) read and written, and every rule of its shape checked.

An event has its rules (a four-handed preset with options), its kind (``progressive``:
single players whose partners change each round; ``teams``: fixed partnerships), its
entrants, its rounds (each table's seats, North, East, South, West, and its game, a
``pinochle-game/1`` document or None while unplayed; the byes) and the director's
adjustments. ``standings`` ranks the entrants from the games.

>>> event = from_document(EXAMPLE)
>>> event.kind, len(event.rounds), event.rounds[0].tables[0].seats
('progressive', 1, ('Ann', 'Bea', 'Cal', 'Dan'))
>>> to_document(event)["entrants"][4]
{'name': 'Eve'}
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Any

from ..bounds import LARGEST
from ..errors import GameError, PinochleError, because
from ..game import Game, Side, new_game
from ..gamefile import from_document as game_from_document
from ..gamefile import read_json
from ..gamefile import to_document as game_to_document
from ..people import NAME_LIMIT, checked_name, normal_name
from ..presets import RuleSet
from ..reasons import checked_reason, restorable_reason
from ..rules import overrides_of, ruleset
from ..scoring import GameResult, replay
from ..typed import as_int, as_list, as_mapping, as_text, no_unknown, refused_field
from .entrants import KINDS, PROGRESSIVE, TEAMS, Entrant, read_entrants
from .prizes import Prizes, read_prizes
from .unfinished import NOTHING_COUNTS, UNFINISHED_RULES

FORMAT = "pinochle-event/1"
WINS, POINTS = "wins", "points"
STANDING_ORDERS = (WINS, POINTS)
WINNERS_AVERAGE, OWN_AVERAGE = "winners_average", "own_average"
BYE_RULES = (WINNERS_AVERAGE, OWN_AVERAGE)
MAX_ROUNDS = 20
MAX_ADJUSTMENTS = 500  # the director's points in one night, at most
# minutes a round may be given (``time_limit``): a hand at least, a long night at most
TIME_LIMITS = range(1, 241)
# the days a night may be on: any club's past and future, and far from date.max, so that
# every expiry counted from a night (a table code's grace day) stays a date
FIRST_NIGHT = date(1900, 1, 1)
LAST_NIGHT = date(2199, 12, 31)
# an event file holds up to 20 rounds of games: as a game file, read whole only under this
MAX_FILE_BYTES = 2 * 1024 * 1024
SEATS = ("North", "East", "South", "West")
# seats a table names: four players, or the North-South team and the East-West team
SEATS_OF_KIND = {PROGRESSIVE: 4, TEAMS: 2}
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,16}")  # ASCII only (no ``\w``)
_TOP_FIELDS = {
    "format", "name", "date", "kind", "ruleset", "rules", "standing_order", "bye_rule",
    "time_limit", "unfinished_tables", "entrants", "rounds", "adjustments", "key", "prizes",
}  # fmt: skip


@dataclass(frozen=True)
class Table:
    """One table of a round: its seats (names of entrants) and its game, None while
    unplayed. Progressive: North, East, South, West; teams: North-South, East-West."""

    number: int
    seats: tuple[str, ...]
    game: Game | None = None
    # the game's replay, as the check made it (kept: a night's import writes it)
    result: GameResult | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()
    # closed by the director: a game of it not over counts by the event's
    # ``unfinished_tables`` rule (so too once a later round is played:
    # ``standings.closed``)
    closed: bool = False


@dataclass(frozen=True)
class Adjustment:
    """The director's points for (or against) an entrant, with the reason."""

    entrant: str
    round: int
    points: int
    reason: str
    # the director lets the reason show on the club's public results (it never does
    # otherwise: a reason may name a renege or a quarrel)
    public: bool = False


@dataclass(frozen=True)
class Event:
    name: str
    date: date | None
    kind: str
    rules: RuleSet
    standing_order: str
    bye_rule: str
    entrants: tuple[Entrant, ...]
    rounds: tuple[Round, ...]
    adjustments: tuple[Adjustment, ...] = ()
    # minutes each round may last (``TIME_LIMITS``); None: no limit
    time_limit: int | None = None
    # what a game counts for when its round is closed before it is over (unfinished.py);
    # a file without the field means nothing_counts, what files meant before it
    unfinished_tables: str = NOTHING_COUNTS
    # the night's own key (a stored night's: its public address, its name in a league);
    # None for a file that names none
    key: str | None = None
    # the entry fee and the prizes' percentages by place (prizes.py); None: no prizes
    prizes: Prizes | None = None

    @functools.cached_property
    def names(self) -> tuple[str, ...]:
        return tuple(entrant.name for entrant in self.entrants)

    @functools.cached_property
    def known(self) -> frozenset[str]:
        """The entrants' names, to ask whether a name is one (a night's every seat asks)."""
        return frozenset(self.names)


# --- reading ---------------------------------------------------------------------------


def load(path: str | Path) -> Event:
    """An event from a file; ``GameError`` with a sentence when it is not a valid one (a
    file over ``MAX_FILE_BYTES`` refused before it is read)."""
    try:
        if Path(path).stat().st_size > MAX_FILE_BYTES:
            limit = {"path": str(path), "limit": MAX_FILE_BYTES}
            raise GameError("event_format", **because(("event_too_large", limit)))
        text = Path(path).read_text(encoding="utf-8-sig")
    except OSError as exc:
        reason = ("unreadable", {"path": str(path), "error": exc.strerror})
        raise GameError("event_format", **because(reason)) from None
    except UnicodeDecodeError:
        raise GameError("event_format", **because(("not_utf8", {"path": str(path)}))) from None
    return loads(text)


def loads(text: str) -> Event:
    """An event from its JSON text; a sentence when it is not JSON an event can hold."""
    try:
        return from_document(read_json(text))
    except GameError as error:
        if error.code != "game_format":
            raise
        raise GameError("event_format", **because(*error.values["reasons"])) from None


def from_document(document: object, restoring: bool = False, names_kept: bool = False) -> Event:
    """An event from a parsed ``pinochle-event/1`` document, checked field by field, then
    each round against the entrants and each game against its table and the rules.
    ``restoring``: a backup's night, which an older version may have taken before the
    limits (entrants, adjustments, the day's range, the reasons' rule): read without
    them, so its backup restores. ``names_kept``: a stored night read again to add to it,
    its entrants' names as they were taken (a night stored before the look-alike rule
    keeps its pair; the name added is checked by the caller)."""
    doc = as_mapping(document, "the document")
    if doc.get("format") != FORMAT:
        found = {"expected": FORMAT, "found": doc.get("format")}
        raise GameError("event_format", **because(("wrong_format", found)))
    no_unknown(doc, _TOP_FIELDS, "the document")
    kind = _choice(doc, "kind", KINDS, PROGRESSIVE)
    rules = ruleset(
        as_text(doc.get("ruleset"), "ruleset"), as_mapping(doc.get("rules", {}), "rules")
    )
    if rules.players != 4 or rules.sides != 2:
        raise GameError("event_ruleset", ruleset=rules.name)
    listed = as_list(doc.get("entrants"), "entrants")
    entrants = read_entrants(listed, kind, restoring, look_alikes=restoring or names_kept)
    raw_rounds = as_list(doc.get("rounds"), "rounds")
    if not 1 <= len(raw_rounds) <= MAX_ROUNDS:
        raise GameError("event_rounds", limit=MAX_ROUNDS, got=len(raw_rounds))
    event = Event(
        name=checked_name(as_text(doc.get("name"), "name"), "event"),
        date=_date(doc.get("date"), restoring),
        kind=kind,
        rules=rules,
        standing_order=_choice(doc, "standing_order", STANDING_ORDERS, WINS),
        bye_rule=_choice(doc, "bye_rule", BYE_RULES, WINNERS_AVERAGE),
        entrants=entrants,
        rounds=(),
        time_limit=_time_limit(doc.get("time_limit")),
        unfinished_tables=_choice(doc, "unfinished_tables", UNFINISHED_RULES, NOTHING_COUNTS),
        key=_key(doc.get("key")),
        prizes=read_prizes(doc.get("prizes")),
    )
    rounds = tuple(_round(item, number, event) for number, item in enumerate(raw_rounds, 1))
    listed = as_list(doc.get("adjustments", []), "adjustments")
    if len(listed) > MAX_ADJUSTMENTS and not restoring:
        raise GameError("event_too_many_adjustments", limit=MAX_ADJUSTMENTS, got=len(listed))
    adjustments = tuple(
        _adjustment(item, number, event.names, len(rounds), restoring)
        for number, item in enumerate(listed, 1)
    )
    return replace(event, rounds=rounds, adjustments=adjustments)


def _key(value: object) -> str | None:
    """A night's key as a file names it: 1 to 16 of the letters, digits, ``-`` and ``_``
    a stored night's key is made of; absent or null, none."""
    if value is None:
        return None
    text = as_text(value, "key")
    if not KEY_PATTERN.fullmatch(text):
        raise GameError("event_key", value=text)
    return text


def to_document(event: Event) -> dict[str, Any]:
    """The document of an event; each game written as ``gamefile.to_document`` does (and
    ``time_limit`` only when the event has one, as a file without it came in; the rule
    for unfinished tables and a round's ``closed`` only when not the default)."""
    limit: dict[str, object] = {} if event.time_limit is None else {"time_limit": event.time_limit}
    if event.unfinished_tables != NOTHING_COUNTS:
        limit["unfinished_tables"] = event.unfinished_tables
    if event.key is not None:
        limit["key"] = event.key
    if event.prizes is not None:
        limit["prizes"] = event.prizes.as_dict()
    return {
        "format": FORMAT,
        "name": event.name,
        "date": None if event.date is None else event.date.isoformat(),
        "kind": event.kind,
        "ruleset": event.rules.name,
        "rules": overrides_of(event.rules),
        "standing_order": event.standing_order,
        "bye_rule": event.bye_rule,
        **limit,
        "entrants": [
            {"name": e.name, "players": list(e.players)}
            if event.kind == TEAMS
            else {"name": e.name}
            for e in event.entrants
        ],
        "rounds": [
            {
                "round": round_.number,
                "tables": [
                    {
                        "table": table.number,
                        "seats": list(table.seats),
                        "game": None if table.game is None else game_to_document(table.game),
                    }
                    for table in round_.tables
                ],
                "byes": list(round_.byes),
                **({"closed": True} if round_.closed else {}),
            }
            for round_ in event.rounds
        ],
        "adjustments": [
            {
                "entrant": a.entrant,
                "round": a.round,
                "points": a.points,
                "reason": a.reason,
                **({"public": True} if a.public else {}),
            }
            for a in event.adjustments
        ],
    }


# --- the parts -------------------------------------------------------------------------


def _choice(doc: dict[str, Any], field: str, choices: tuple[str, ...], default: str) -> str:
    value = doc.get(field, default)
    if value not in choices:
        raise GameError("event_choice", field=field, value=value, expected=" or ".join(choices))
    return str(value)


def _date(value: object, restoring: bool = False) -> date | None:
    if value is None:
        return None
    try:
        day = date.fromisoformat(as_text(value, "date"))
    except ValueError:
        raise refused_field("date", "expected_date", value=value) from None
    if not FIRST_NIGHT <= day <= LAST_NIGHT and not restoring:
        bounds = {"first": FIRST_NIGHT.isoformat(), "last": LAST_NIGHT.isoformat()}
        raise refused_field("date", "night_date_range", value=value, **bounds)
    return day


def _time_limit(value: object) -> int | None:
    """Minutes a round may last: a whole number of ``TIME_LIMITS``, or None (no limit)."""
    if value is None:
        return None
    minutes = as_int(value, "time_limit")
    if minutes not in TIME_LIMITS:
        raise GameError("event_time_limit", got=minutes, least=TIME_LIMITS[0], most=TIME_LIMITS[-1])
    return minutes


def _known(name: object, where: str, names: Collection[str]) -> str:
    text = normal_name(as_text(name, where))
    if text not in names:
        raise GameError("event_unknown_name", where=where, name=text)
    return text


def _round(item: object, number: int, event: Event) -> Round:
    where = f"round {number}"
    raw = as_mapping(item, where)
    no_unknown(raw, {"round", "tables", "byes", "closed"}, where)
    got = as_int(raw.get("round"), f"{where}: round")
    if got != number:
        raise GameError("event_numbered", where=where, got=got, expected=number)
    seated: dict[str, int] = {}
    tables: list[Table] = []
    for index, table_item in enumerate(as_list(raw.get("tables", []), f"{where}: tables"), 1):
        table = _table(table_item, number, index, event)
        for name in table.seats:
            if name in seated:
                first = seated[name]
                raise GameError(
                    "event_seated_twice", round=number, name=name, first=first, second=index
                )
            seated[name] = index
        tables.append(table)
    byes = tuple(
        _known(name, f"{where}: byes", event.known)
        for name in as_list(raw.get("byes", []), f"{where}: byes")
    )
    for name in byes:
        if name in seated:
            raise GameError("event_bye_seated", round=number, name=name, table=seated[name])
    if len(set(byes)) < len(byes):
        raise GameError("event_entered_twice", name=next(n for n in byes if byes.count(n) > 1))
    closed = raw.get("closed", False)
    if not isinstance(closed, bool):
        raise refused_field(f"{where}: closed", "expected_boolean", value=closed)
    if closed and not tables and not byes:
        raise GameError("event_round_closed_unseated", round=number)
    return Round(number, tuple(tables), byes, closed)


def _table(item: object, round_number: int, number: int, event: Event) -> Table:
    where = f"round {round_number}, table {number}"
    raw = as_mapping(item, where)
    no_unknown(raw, {"table", "seats", "game"}, where)
    got = as_int(raw.get("table"), f"{where}: table")
    if got != number:
        raise GameError("event_numbered", where=where, got=got, expected=number)
    seats = tuple(
        _known(name, where, event.known) for name in as_list(raw.get("seats"), f"{where}: seats")
    )
    expected = SEATS_OF_KIND[event.kind]
    if len(seats) != expected:
        raise GameError(
            "event_seats_count", round=round_number, table=number, expected=expected, got=len(seats)
        )
    if len(set(seats)) != len(seats):
        twice = next(name for name in seats if seats.count(name) > 1)
        raise GameError(
            "event_seated_twice", round=round_number, name=twice, first=number, second=number
        )
    if raw.get("game") is None:
        return Table(number, seats)
    try:
        game = game_from_document(raw["game"])
        result = replay(game)  # its hands under its rules, as the standings will read it
    except PinochleError as error:
        raise GameError(
            "event_game", round=round_number, table=number, problem=str(error)
        ) from None
    verify_game(event, Table(number, seats), game, round_number)
    return Table(number, seats, game, result)


def verify_game(event: Event, table: Table, game: Game, round_number: int) -> None:
    """Refuse a table's game played under other rules than the event's, or seated
    otherwise than its table (North-South the game's first side)."""
    if game.rules != event.rules:
        raise GameError(
            "event_game_rules",
            round=round_number,
            table=table.number,
            got=rules_words(game.rules),
            expected=rules_words(event.rules),
        )
    if not _seated_as(event, table.seats, game):
        raise GameError(
            "event_seating",
            round=round_number,
            table=table.number,
            seats=", ".join(table.seats),
            seating=", ".join(game.seating),
        )


def _seated_as(event: Event, seats: tuple[str, ...], game: Game) -> bool:
    if event.kind == TEAMS:
        teams = {entrant.name: set(entrant.players) for entrant in event.entrants}
        return [teams[name] for name in seats] == [set(side.players) for side in game.sides]
    turns = [game.seating[i:] + game.seating[:i] for i in range(len(game.seating))]
    return seats in turns and game.side_of[seats[0]] == 0


# --- a round seated by the director --------------------------------------------------


def seating(event: Event, number: int, document: object) -> Round:
    """Round ``number``'s seating as a director records it, ``{"tables": [{"table": 1,
    "seats": [...]}], "byes": [...]}``: read as a round of the file is (the same
    refusals), without games; each table's game then starts empty (``table_game``)."""
    where = "the seating"
    raw = as_mapping(document, where)
    no_unknown(raw, {"tables", "byes"}, where)
    for index, table in enumerate(as_list(raw.get("tables", []), f"{where}: tables"), 1):
        no_unknown(as_mapping(table, f"round {number}, table {index}"), {"table", "seats"}, where)
    return _round({**raw, "round": number}, number, event)


def table_game(event: Event, table: Table) -> Game:
    """A table's game before its first hand: the event's rules, seated as the table
    (North, East, South, West; North-South the first side, North dealing first), on
    the event's day. A team keeps its name; a progressive pair is "Ann & Cal"."""
    if event.kind == TEAMS:
        teams = {entrant.name: entrant for entrant in event.entrants}
        first, second = (teams[name] for name in table.seats)
        sides = [Side(first.name, first.players), Side(second.name, second.players)]
        seats = [first.players[0], second.players[0], first.players[1], second.players[1]]
    else:
        north, east, south, west = table.seats
        sides = [_pair(north, south, "North-South"), _pair(east, west, "East-West")]
        seats = list(table.seats)
    return new_game(event.rules, sides, seating=seats, played_on=event.date)


def _pair(one: str, other: str, seats: str) -> Side:
    name = f"{one} & {other}"
    return Side(name if len(name) <= NAME_LIMIT else seats, (one, other))


def rules_words(rules: RuleSet) -> str:
    """A rule set as a sentence names it: ``partnership (game_end hands:6)``.

    >>> rules_words(ruleset("partnership", {"game_end": "hands:6"}))
    'partnership (game_end hands:6)'
    """
    options = ", ".join(f"{key} {value}" for key, value in overrides_of(rules).items())
    return f"{rules.name} ({options})" if options else rules.name


def _adjustment(
    item: object, number: int, names: tuple[str, ...], rounds: int, restoring: bool = False
) -> Adjustment:
    where = f"adjustment {number}"
    raw = as_mapping(item, where)
    no_unknown(raw, {"entrant", "round", "points", "reason", "public"}, where)
    entrant = _known(raw.get("entrant"), where, names)
    round_number = as_int(raw.get("round"), f"{where}: round")
    if not 1 <= round_number <= rounds:
        raise GameError("event_adjustment_round", number=number, round=round_number, rounds=rounds)
    points = as_int(raw.get("points"), f"{where}: points")
    if abs(points) > LARGEST:
        raise GameError("event_adjustment_points", number=number, points=points, limit=LARGEST)
    text = as_text(raw.get("reason", ""), f"{where}: reason")
    check = restorable_reason if restoring else checked_reason
    reason = check(text, f"{where}: reason").strip()
    if not reason:
        raise GameError("event_adjustment_reason", number=number)
    public = raw.get("public", False)
    if not isinstance(public, bool):
        raise refused_field(f"{where}: public", "expected_boolean", value=public)
    return Adjustment(entrant, round_number, points, reason, public)


EXAMPLE: dict[str, Any] = {
    "format": FORMAT, "name": "Tuesday club night", "date": "2026-12-01",
    "kind": PROGRESSIVE, "ruleset": "partnership", "rules": {"game_end": "hands:6"},
    "entrants": [{"name": name} for name in ("Ann", "Bea", "Cal", "Dan", "Eve")],
    "rounds": [
        {"round": 1, "byes": ["Eve"],
         "tables": [{"table": 1, "seats": ["Ann", "Bea", "Cal", "Dan"], "game": None}]},
    ],
    "adjustments": [{"entrant": "Bea", "round": 1, "points": -50, "reason": "late"}],
}  # fmt: skip

"""A backup's tables checked completely before a restore writes a row of them.

Every value against its column (type, NULL, length, the range of an INTEGER, a date or a
time that parses, JSON nested at most ``JSON_DEPTH`` deep); ids and unique columns
unique; every reference to a row the backup holds; names by the name rule
(``engine.people``), as the forms store them; roles among the known ones, an owner
when there are users, password hashes as werkzeug writes them; and each game read by
the engine as an import reads it (its rules, sides, seats and hands replayed; each club
night as an event file, ``club_checks.py``). A refusal is a ``BackupError`` naming the
table, the row and the field.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Float,
    Integer,
    String,
    Table,
    UniqueConstraint,
)

from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.gamefile import FORMAT as GAME_FORMAT
from scorekeeper.engine.gamefile import from_document
from scorekeeper.engine.lookalike import skeletons
from scorekeeper.engine.people import checked_name
from scorekeeper.engine.scoring import replay
from scorekeeper.games.seasons import means_a_season
from scorekeeper.i18n.languages import LANGUAGES

JSON_DEPTH = 8  # lists and objects inside a JSON column (a hand's meld cards: 2)
ROLES = ("viewer", "scorekeeper", "owner")  # as accounts.ROLES (which imports the app)
NAMES = {"player": "player", "game_side": "side", "season": "season", "user_account": "user"}
# a backup never carries a row's club: the instance holds one (the default club), and
# a restore writes its rows there (the column's default)
CLUB_COLUMN = "club_id"
PASSWORD_HASH = re.compile(r"(scrypt|pbkdf2):[A-Za-z0-9:._-]{1,60}\$[!-~]{1,100}\$[0-9a-f]{32,256}")
# a hash no weaker than the app writes (werkzeug's defaults): scrypt with n, r, p at least
# 2**15, 8, 1; or PBKDF2 of SHA-256 or SHA-512 with at least 600,000 iterations (OWASP's
# figure for PBKDF2-SHA256; werkzeug writes 1,000,000); salts of 16 characters and more
SCRYPT = re.compile(r"scrypt:([0-9]{1,10}):([0-9]{1,4}):([0-9]{1,4})\$[!-~]{16,100}\$[0-9a-f]{128}")
PBKDF2 = re.compile(r"pbkdf2:(sha256|sha512):([0-9]{1,10})\$[!-~]{16,100}\$[0-9a-f]{64,128}")
SCRYPT_LEAST = (2**15, 8, 1)
PBKDF2_LEAST = 600_000
INT_RANGE = {Integer: 2**31, BigInteger: 2**63}
# what a hand's history says was done to it (games.hands), each with its hand documents
EDIT_ACTIONS = ("added", "edited", "deleted", "put_back")

Rows = dict[str, list[dict[str, Any]]]


class RowError(ValueError):
    """A value of a backup row that cannot be restored: where, and why."""


def check_tables(tables: Rows, columns: Callable[[str], Table]) -> None:
    """Every rule above, over ``tables`` (rows by table name, in insert order); raises
    ``RowError`` with a sentence at the first value that breaks one."""
    for name, rows in tables.items():
        table = columns(name)
        for number, row in enumerate(rows, 1):
            for column in table.columns:
                if column.name in row:
                    _check_value(row[column.name], column, _where(name, number, row, column.name))
        _check_unique(name, rows, table)
    _check_ids(tables)
    for name, rows in tables.items():
        _check_references(name, rows, columns(name), tables)
    _check_people(tables)
    _check_look_alikes(tables.get("user_account", []))
    _check_seasons(tables.get("season", []))
    _check_games(tables)
    _check_edits(tables.get("hand_edit", []))


def _where(table: str, number: int, row: dict[str, Any], field: str | None = None) -> str:
    ident = f" (id {row['id']!r})" if type(row.get("id")) is int else ""
    return f"{table} row {number}{ident}" + (f", {field}" if field else "")


def _check_value(value: object, column: Any, where: str) -> None:
    kind = column.type
    if value is None:
        if not column.nullable:
            raise RowError(f"{where}: a value is needed, not null")
        return
    if isinstance(kind, Boolean):
        if not isinstance(value, bool):
            raise RowError(f"{where}: expected true or false, not {_shown(value)}")
    elif isinstance(kind, Integer):
        limit = INT_RANGE[BigInteger if isinstance(kind, BigInteger) else Integer]
        if isinstance(value, bool) or not isinstance(value, int) or not -limit <= value < limit:
            raise RowError(
                f"{where}: expected a whole number from {-limit} to {limit - 1}, "
                f"not {_shown(value)}"
            )
    elif isinstance(kind, Float):
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            raise RowError(f"{where}: expected a number, not {_shown(value)}")
    elif isinstance(kind, DateTime | Date):
        _check_moment(value, isinstance(kind, DateTime), where)
    elif isinstance(kind, String):
        _check_text(value, kind.length, where)
    elif isinstance(kind, JSON) and _depth(value) > JSON_DEPTH:
        raise RowError(f"{where}: nested more than {JSON_DEPTH} deep")


def _check_moment(value: object, with_time: bool, where: str) -> None:
    parse = datetime.fromisoformat if with_time else date.fromisoformat
    try:
        if not isinstance(value, str):
            raise ValueError
        parse(value)
    except ValueError:
        example = "2026-11-30T20:15:00" if with_time else "2026-11-30"
        raise RowError(f"{where}: expected a time like {example}, not {_shown(value)}") from None


def _check_text(value: object, length: int | None, where: str) -> None:
    if not isinstance(value, str):
        raise RowError(f"{where}: expected a text, not {_shown(value)}")
    if length is not None and len(value) > length:
        raise RowError(f"{where}: at most {length} characters, not {len(value)}")
    if "\x00" in value:
        raise RowError(f"{where}: holds a NUL character")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise RowError(f"{where}: holds a lone surrogate, which is no character") from None


def _depth(value: object) -> int:
    """How deep lists and objects nest in ``value`` (without recursing: a hostile
    document may nest thousands deep)."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth + 1)
            if deepest > JSON_DEPTH:
                return deepest
            stack.extend((child, depth + 1) for child in item)
    return deepest


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _unique_sets(table: Table) -> Iterator[tuple[str, ...]]:
    """The columns whose values no two rows share; within a club, as a backup's rows
    all belong to one (the club is never a column of the document)."""
    sets = [tuple(column.name for column in table.primary_key.columns)]
    sets += [(column.name,) for column in table.columns if column.unique]
    sets += [
        tuple(column.name for column in constraint.columns)
        for constraint in table.constraints
        if isinstance(constraint, UniqueConstraint)
    ]
    sets += [
        tuple(column.name for column in index.columns) for index in table.indexes if index.unique
    ]
    for fields in sets:
        within_club = tuple(field for field in fields if field != CLUB_COLUMN)
        if within_club:
            yield within_club


def _check_unique(name: str, rows: list[dict[str, Any]], table: Table) -> None:
    for fields in set(_unique_sets(table)):
        seen: dict[tuple[Any, ...], int] = {}
        for number, row in enumerate(rows, 1):
            key = tuple(row.get(field) for field in fields)
            if None in key:
                continue
            if isinstance(key[0], str):
                key = (key[0].casefold(), *key[1:]) if name == "season" else key
            if key in seen:
                shown = ", ".join(f"{field} {row.get(field)!r}" for field in fields)
                raise RowError(
                    f"{_where(name, number, row)}: {shown} is already in row {seen[key]}"
                )
            seen[key] = number


def _check_references(name: str, rows: list[dict[str, Any]], table: Table, tables: Rows) -> None:
    for column in table.columns:
        if column.name == CLUB_COLUMN:
            continue  # the club restored into (never a column of the document)
        for key in column.foreign_keys:
            target = key.column
            present = {row.get(target.name) for row in tables.get(target.table.name, [])}
            for number, row in enumerate(rows, 1):
                value = row.get(column.name)
                if value is not None and value not in present:
                    raise RowError(
                        f"{_where(name, number, row, column.name)}: no "
                        f"{target.table.name} row has the {target.name} {value!r}"
                    )


def _check_people(tables: Rows) -> None:
    for name, whose in NAMES.items():
        seen: dict[str, int] = {}
        for number, row in enumerate(tables.get(name, []), 1):
            where = _where(name, number, row, "name")
            try:
                stored = checked_name(row["name"], whose)
            except PinochleError as error:
                raise RowError(f"{where}: {error}") from None
            if stored != row["name"]:
                raise RowError(
                    f"{where}: {row['name']!r} is not as the name rule stores it ({stored!r})"
                )
            key = stored.casefold() if name == "season" else stored
            if key in seen and name != "game_side":
                raise RowError(f"{where}: {stored!r} is already the name in row {seen[key]}")
            seen[key] = number
    users = tables.get("user_account", [])
    for number, row in enumerate(users, 1):
        if not PASSWORD_HASH.fullmatch(row["password_hash"]):
            raise RowError(
                f"{_where('user_account', number, row, 'password_hash')}: not a password "
                "hash as this app writes them (scrypt:… or pbkdf2:…)"
            )
        if not strong_hash(row["password_hash"]):
            raise RowError(
                f"{_where('user_account', number, row, 'password_hash')}: a password hash "
                "weaker than this app writes (scrypt with n 32768, r 8, p 1 at least, or "
                "PBKDF2-SHA256 of 600,000 iterations at least)"
            )
    members = tables.get("club_member", [])
    for number, row in enumerate(members, 1):
        if row["role"] not in ROLES:
            raise RowError(
                f"{_where('club_member', number, row, 'role')}: one of {', '.join(ROLES)}, "
                f"not {row['role']!r}"
            )
    if users and not any(row["role"] == "owner" for row in members):
        raise RowError("club_member: no user is an owner, so no one could manage the club")


def strong_hash(hashed: str) -> bool:
    """Whether ``hashed`` is as strong as the hashes the app writes (``SCRYPT_LEAST``,
    ``PBKDF2_LEAST``).

    >>> strong_hash("pbkdf2:sha256:1$" + "s" * 16 + "$" + "0" * 64)
    False
    """
    scrypt = SCRYPT.fullmatch(hashed)
    if scrypt is not None:
        n, r, p = (int(value) for value in scrypt.groups())
        least_n, least_r, least_p = SCRYPT_LEAST
        return n >= least_n and n & (n - 1) == 0 and r >= least_r and p >= least_p
    pbkdf2 = PBKDF2.fullmatch(hashed)
    return pbkdf2 is not None and int(pbkdf2[2]) >= PBKDF2_LEAST


def _check_ids(tables: Rows) -> None:
    """Every id from 1: no row is given an id the app never gives (a negative one, 0)."""
    for name, rows in tables.items():
        for number, row in enumerate(rows, 1):
            if isinstance(row.get("id"), int) and row["id"] < 1:
                raise RowError(
                    f"{_where(name, number, row, 'id')}: a whole number from 1, not {row['id']}"
                )


def _check_look_alikes(users: list[dict[str, Any]]) -> None:
    """No two users whose names look alike (the users page refuses the second)."""
    seen: dict[str, int] = {}
    for number, row in enumerate(users, 1):
        for shape in skeletons(row["name"]):
            if shape in seen and seen[shape] != number:
                raise RowError(
                    f"{_where('user_account', number, row, 'name')}: {row['name']!r} looks "
                    f"like the name in row {seen[shape]}"
                )
            seen[shape] = number


def _check_seasons(seasons: list[dict[str, Any]]) -> None:
    for number, row in enumerate(seasons, 1):
        if means_a_season(row["name"]):
            raise RowError(
                f"{_where('season', number, row, 'name')}: {row['name']!r} already means a "
                "season (All time, or a calendar year)"
            )
        if row["ends_on"] < row["starts_on"]:  # ISO dates, already checked: they sort
            raise RowError(
                f"{_where('season', number, row, 'ends_on')}: the last day "
                f"{row['ends_on']} comes before the first day {row['starts_on']}"
            )


def _check_edits(edits: list[dict[str, Any]]) -> None:
    for number, row in enumerate(edits, 1):
        if row["action"] not in EDIT_ACTIONS:
            raise RowError(
                f"{_where('hand_edit', number, row, 'action')}: one of "
                f"{', '.join(EDIT_ACTIONS)}, not {row['action']!r}"
            )
        for field in ("before", "after"):
            if row[field] is not None and not isinstance(row[field], dict):
                raise RowError(
                    f"{_where('hand_edit', number, row, field)}: a hand (a JSON object) or "
                    f"null, not {_shown(row[field])}"
                )


def _check_games(tables: Rows) -> None:
    players = {row["id"]: row["name"] for row in tables.get("player", [])}
    by_game: dict[str, dict[Any, list[dict[str, Any]]]] = {}
    for name in ("game_side", "seat", "hand"):
        grouped: dict[Any, list[dict[str, Any]]] = defaultdict(list)
        for row in tables.get(name, []):
            grouped[row["game_id"]].append(row)
        by_game[name] = grouped
    ids = {game["id"] for game in tables.get("game", [])}
    for number, game in enumerate(tables.get("game", []), 1):
        where = _where("game", number, game)
        if game["version"] < 1:
            raise RowError(f"{where}, version: a whole number from 1, not {game['version']!r}")
        rematch_of = game.get("rematch_of_id")
        if rematch_of is not None and (rematch_of not in ids or rematch_of == game["id"]):
            raise RowError(f"{where}, rematch_of_id: no other game has the id {rematch_of!r}")
        if game["language"] not in LANGUAGES:
            raise RowError(
                f"{where}, language: one of {', '.join(LANGUAGES)}, not {game['language']!r}"
            )
        document = game_document(game, by_game, players, where)
        try:
            replay(from_document(document))
        except PinochleError as error:
            raise RowError(f"{where}: the engine refuses the game: {error}") from None


def game_document(
    game: dict[str, Any],
    by_game: dict[str, dict[Any, list[dict[str, Any]]]],
    players: dict[Any, str],
    where: str,
) -> dict[str, Any]:
    """The game's rows as the pinochle-game/1 document an import would read."""
    sides = sorted(by_game["game_side"].get(game["id"], []), key=lambda row: row["position"])
    seats = sorted(by_game["seat"].get(game["id"], []), key=lambda row: row["position"])
    hands = sorted(by_game["hand"].get(game["id"], []), key=lambda row: row["number"])
    if [row["number"] for row in hands] != list(range(1, len(hands) + 1)):
        raise RowError(f"{where}: its hands are not numbered 1, 2, 3… without a gap")
    if [row["position"] for row in sides] != list(range(len(sides))):
        raise RowError(f"{where}: its sides are not at positions 0, 1, 2… without a gap")
    seating = [players[row["player_id"]] for row in seats]
    if not 0 <= game["first_dealer_seat"] < max(1, len(seating)):
        raise RowError(f"{where}, first_dealer_seat: no seat {game['first_dealer_seat']}")
    return {
        "format": GAME_FORMAT,
        "ruleset": game["ruleset"],
        "rules": game["rules"],
        "sides": [
            {
                "name": side["name"],
                "players": [
                    players[s["player_id"]] for s in seats if s["side"] == side["position"]
                ],
            }
            for side in sides
        ],
        "seating": seating,
        "first_dealer": seating[game["first_dealer_seat"]] if seating else None,
        "hands": [_hand_document(hand, players) for hand in hands],
    }


def _hand_document(hand: dict[str, Any], players: dict[Any, str]) -> dict[str, Any]:
    """A hand row as a game file's hand, every value it holds written out: a misdealt or
    passed-out hand with other values is then refused as the API refuses it."""
    fields = {
        "bidder": players.get(hand["bidder_id"]),
        "bid": hand["bid"],
        "trump": hand["trump"],
        "meld": hand["meld"],
        "counters": hand["counters"],
        "thrown_in": hand["thrown_in"] or None,
        "no_marriage": hand["no_marriage"] or None,
        "took_trick": hand["took_trick"],
        "all_tricks": hand["all_tricks"],
        "meld_chips": hand["meld_chips"],
        "meld_cards": hand["meld_cards"] or None,
        "made": hand.get("made"),
        "renege": hand.get("renege"),
        "passed_out": hand["passed_out"] or None,
        "misdeal": hand.get("misdeal") or None,
        "moon": hand.get("moon") or None,
        "time_called": hand.get("time_called") or None,
    }
    return {name: value for name, value in fields.items() if value is not None}

"""The ``pinochle-game/1`` document <-> engine values (load, validate, dump).

The document is the project's export, import, backup and test format. Loading
checks its shape (fields, types) here and its rules in the engine; ``dump``
writes the full rule set the game was played with, so a later change to a
preset never rewrites an old game, and ``load(dump(game)) == game``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from datetime import date
from pathlib import Path
from typing import Any

from .cards import Card, Suit, format_cards, parse_cards
from .errors import GameError, PinochleError, because
from .game import Game, Hand, Side, new_game, verify_length
from .people import normal_name
from .rules import ruleset
from .shown import meld_cards_bad

FORMAT = "pinochle-game/1"
_TOP_FIELDS = {
    "format",
    "ruleset",
    "rules",
    "sides",
    "seating",
    "first_dealer",
    "played_on",
    "hands",
}


def load(path: str | Path) -> Game:
    """A game from a file; ``GameError`` with a sentence when it is not a valid game."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except OSError as exc:
        reason = ("unreadable", {"path": str(path), "error": exc.strerror})
        raise GameError("game_format", **because(reason)) from None
    except UnicodeDecodeError:
        raise GameError("game_format", **because(("not_utf8", {"path": str(path)}))) from None
    return loads(text)


def loads(text: str) -> Game:
    return from_document(read_json(text))


def read_json(text: str) -> object:
    """The parsed JSON of a game file; a sentence when it is not JSON a game can hold."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        where = {"line": exc.lineno, "column": exc.colno}
        raise GameError("game_format", **because(("not_json", where))) from None
    except (ValueError, RecursionError):
        raise GameError("game_format", **because(("not_a_game", {}))) from None


def from_document(document: object) -> Game:
    """A game from a parsed document, checked field by field and then by the rules."""
    doc = _mapping(document, "the document")
    if doc.get("format") != FORMAT:
        found = {"expected": FORMAT, "found": doc.get("format")}
        raise GameError("game_format", **because(("wrong_format", found)))
    _no_unknown(doc, _TOP_FIELDS, "the document")
    rules = ruleset(_text(doc.get("ruleset"), "ruleset"), _mapping(doc.get("rules", {}), "rules"))
    sides = [_side(item, index) for index, item in enumerate(_list(doc.get("sides"), "sides"))]
    seating = doc.get("seating")
    game = new_game(
        rules,
        sides,
        seating=None
        if seating is None
        else [_text(s, "seating") for s in _list(seating, "seating")],
        first_dealer=None
        if doc.get("first_dealer") is None
        else _text(doc["first_dealer"], "first_dealer"),
        played_on=_date(doc.get("played_on")),
    )
    hands = _list(doc.get("hands", []), "hands")
    verify_length(len(hands))  # before reading any of them
    return game.with_hands(
        [hand_from_document(item, number, game) for number, item in enumerate(hands, 1)]
    )


def to_document(game: Game) -> dict[str, Any]:
    """The document of a game, with every house-rule option written out."""
    document: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": game.rules.name,
        "rules": game.rules.options(),
        "sides": [{"name": side.name, "players": list(side.players)} for side in game.sides],
        "seating": list(game.seating),
        "first_dealer": game.first_dealer,
    }
    if game.played_on is not None:
        document["played_on"] = game.played_on.isoformat()
    document["hands"] = [hand_to_document(hand) for hand in game.hands]
    return document


def dumps(game: Game) -> str:
    return json.dumps(to_document(game), indent=1, ensure_ascii=False) + "\n"


# --- reading a hand -------------------------------------------------------------------


def hand_from_document(item: object, number: int, game: Game) -> Hand:
    """One hand of ``game`` from its document form (checked for shape, not yet for rules)."""
    where = f"hand {number}"
    raw = _mapping(item, where)
    _no_unknown(raw, set(_HAND_FIELDS), where)
    fields: dict[str, Any] = {}
    for name, value in raw.items():
        if value is None:
            continue
        fields[name] = _HAND_FIELDS[name](value, f"{where}: {name}")
    if "bidder" in fields:  # as the game's names are (see engine.people)
        fields["bidder"] = normal_name(fields["bidder"])
    if "trump" in raw and raw["trump"] is not None:
        fields["trump"] = _trump(raw["trump"], number)
    if "meld_cards" in fields:
        fields["meld_cards"] = _meld_cards(fields["meld_cards"], number, game)
    return Hand(**fields)


def _trump(value: object, number: int) -> Suit:
    try:
        return Suit.parse(value) if isinstance(value, str) else Suit.parse("?")
    except PinochleError:
        raise GameError("trump_not_suit", hand=number, trump=value) from None


def _meld_cards(
    shown: Mapping[str, object], number: int, game: Game
) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    deck = game.rules.meld_table.deck
    out = []
    for named, cards in shown.items():
        player = normal_name(named)
        text = cards if isinstance(cards, str) else _list(cards, f"hand {number}: meld_cards")
        try:
            out.append((player, parse_cards(text, deck)))
        except PinochleError as exc:
            raise meld_cards_bad(number, player, exc) from None
    return tuple(out)


def hand_to_document(hand: Hand) -> dict[str, Any]:
    """The document form of one hand: only the fields it records."""
    out: dict[str, Any] = {}
    if hand.misdeal or hand.passed_out:  # nothing else, but that time was called
        out = {"misdeal": True} if hand.misdeal else {"passed_out": True}
        return {**out, "time_called": True} if hand.time_called else out
    for name in ("bidder", "bid"):
        if getattr(hand, name) is not None:
            out[name] = getattr(hand, name)
    if hand.trump is not None:
        out["trump"] = hand.trump.value
    for name in ("meld", "counters"):
        if getattr(hand, name) is not None:
            out[name] = list(getattr(hand, name))
    for name in ("thrown_in", "no_marriage"):
        if getattr(hand, name):
            out[name] = True
    if hand.took_trick is not None:
        out["took_trick"] = list(hand.took_trick)
    if hand.all_tricks is not None:
        out["all_tricks"] = hand.all_tricks
    if hand.meld_chips is not None:
        out["meld_chips"] = list(hand.meld_chips)
    if hand.meld_cards:
        out["meld_cards"] = {player: format_cards(cards) for player, cards in hand.meld_cards}
    if hand.renege is not None:
        out["renege"] = hand.renege
    for name in ("moon", "time_called"):
        if getattr(hand, name):
            out[name] = True
    if hand.made is not None:
        out["made"] = hand.made
    return out


# --- field readers ---------------------------------------------------------------------


def _fail(where: str, reason: str, **values: object) -> GameError:
    """``where`` in the document is refused for one of ``REASONS``."""
    return GameError("game_field", where=where, **because((reason, values)))


def _mapping(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(where, "expected_object")
    return value


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(where, "expected_list")
    return value


def _text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise _fail(where, "expected_string")
    return value


def _int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, "expected_integer", value=value)
    return value


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, "expected_boolean", value=value)
    return value


def _ints(value: object, where: str) -> tuple[int, ...]:
    return tuple(_int(item, where) for item in _list(value, where))


def _bools(value: object, where: str) -> tuple[bool, ...]:
    return tuple(_bool(item, where) for item in _list(value, where))


def _date(value: object) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(_text(value, "played_on"))
    except ValueError:
        raise _fail("played_on", "expected_date", value=value) from None


def _no_unknown(raw: Mapping[str, object], known: set[str], where: str) -> None:
    unknown = sorted(set(raw) - known)
    if unknown:
        raise _fail(where, "unknown_field", field=unknown[0])


def _side(item: object, index: int) -> Side:
    where = f"side {index}"
    raw = _mapping(item, where)
    _no_unknown(raw, {"name", "players"}, where)
    players = tuple(
        _text(p, f"{where}: players") for p in _list(raw.get("players"), f"{where}: players")
    )
    return Side(_text(raw.get("name"), f"{where}: name"), players)


_HAND_FIELDS: dict[str, Callable[[object, str], Any]] = {
    "bidder": _text,
    "bid": _int,
    "trump": lambda value, where: value,
    "meld": _ints,
    "counters": _ints,
    "thrown_in": _bool,
    "passed_out": _bool,
    "no_marriage": _bool,
    "took_trick": _bools,
    "all_tricks": _int,
    "meld_chips": _ints,
    "meld_cards": _mapping,
    "renege": _int,
    "misdeal": _bool,
    "moon": _bool,
    "time_called": _bool,
    "made": _bool,
}

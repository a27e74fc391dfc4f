"""The ``pinochle-game/1`` document <-> engine values (load, validate, dump).

The document is the project's export, import, backup and test format. Loading
checks its shape (fields, types) here and its rules in the engine; ``dump``
writes the full rule set the game was played with, so a later change to a
preset never rewrites an old game, and ``load(dump(game)) == game``.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

from .cards import format_cards
from .entry import document_hand
from .errors import GameError, because
from .game import Game, Hand, Side, new_game, verify_length
from .rules import ruleset
from .typed import as_list, as_mapping, as_text, no_unknown, refused_field

FORMAT = "pinochle-game/1"
# bytes a game file may hold, as the app takes in one request: a 1,000-hand game is
# about 160 kB; more is refused before a byte of it is parsed
MAX_FILE_BYTES = 2 * 1024 * 1024
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
    """A game from a file; ``GameError`` with a sentence when it is not a valid game (a
    file over ``MAX_FILE_BYTES`` before it is read)."""
    return loads(read_text(path))


def read_text(path: str | Path) -> str:
    """A file's text, no more than ``MAX_FILE_BYTES``; a sentence when it cannot be read."""
    try:
        if Path(path).stat().st_size > MAX_FILE_BYTES:
            raise too_large(str(path))
        return Path(path).read_text(encoding="utf-8-sig")
    except OSError as exc:
        reason = ("unreadable", {"path": str(path), "error": exc.strerror})
        raise GameError("game_format", **because(reason)) from None
    except UnicodeDecodeError:
        raise GameError("game_format", **because(("not_utf8", {"path": str(path)}))) from None


def too_large(path: str) -> GameError:
    """The refusal of a game file over ``MAX_FILE_BYTES`` (``path``: "-" for stdin)."""
    return GameError(
        "game_format", **because(("too_large", {"path": path, "limit": MAX_FILE_BYTES}))
    )


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
    doc = as_mapping(document, "the document")
    if doc.get("format") != FORMAT:
        found = {"expected": FORMAT, "found": doc.get("format")}
        raise GameError("game_format", **because(("wrong_format", found)))
    no_unknown(doc, _TOP_FIELDS, "the document")
    rules = ruleset(
        as_text(doc.get("ruleset"), "ruleset"), as_mapping(doc.get("rules", {}), "rules")
    )
    sides = [_side(item, index) for index, item in enumerate(as_list(doc.get("sides"), "sides"))]
    seating = doc.get("seating")
    game = new_game(
        rules,
        sides,
        seating=None
        if seating is None
        else [as_text(s, "seating") for s in as_list(seating, "seating")],
        first_dealer=None
        if doc.get("first_dealer") is None
        else as_text(doc["first_dealer"], "first_dealer"),
        played_on=_date(doc.get("played_on")),
    )
    hands = as_list(doc.get("hands", []), "hands")
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
    """One hand of ``game`` from its document form (checked for shape, not yet for rules),
    by the one reader of a hand (``entry.document_hand``, as ``read_document_hand``
    reads it); its first refusal raised."""
    hand, refusals = document_hand(game, item, number)
    if hand is None:
        raise refusals[0].error
    return hand


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


def _date(value: object) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(as_text(value, "played_on"))
    except ValueError:
        raise refused_field("played_on", "expected_date", value=value) from None


def _side(item: object, index: int) -> Side:
    where = f"side {index}"
    raw = as_mapping(item, where)
    no_unknown(raw, {"name", "players"}, where)
    players = tuple(
        as_text(p, f"{where}: players") for p in as_list(raw.get("players"), f"{where}: players")
    )
    return Side(as_text(raw.get("name"), f"{where}: name"), players)

"""A stored game as the engine sees it, both ways: its rules, its hands as game-file
documents, its replay, its version and change stamp; and a checked hand document
written into a hand's columns. It commits nothing: lifecycle.py and hands.py do, in
their own transactions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, insert, select
from sqlalchemy.orm import joinedload, selectinload

from scorekeeper.engine.game import Game as EngineGame
from scorekeeper.engine.game import Hand as EngineHand
from scorekeeper.engine.game import Side, new_game
from scorekeeper.engine.gamefile import (
    hand_from_document,
    hand_to_document,
)
from scorekeeper.engine.presets import RuleSet
from scorekeeper.engine.rules import ruleset
from scorekeeper.engine.scoring import GameResult, replay
from scorekeeper.extensions import db
from scorekeeper.store.models import (
    Game,
    Hand,
    HandEdit,
    Player,
    Seat,
    utcnow,
)

# --- stored game -> engine ----------------------------------------------------------


class GameGoneError(Exception):
    """The game a change was aimed at was deleted meanwhile (by its owner, or by a club
    night seating its round again): nothing of the change was written."""


def rules_of(game: Game) -> RuleSet:
    return ruleset(game.ruleset, game.rules)


def engine_game(game: Game, hands: Sequence[dict[str, Any]] | None = None) -> EngineGame:
    """The engine's view of a stored game, with ``hands`` (documents) instead of its own."""
    names = {seat.position: seat.player.name for seat in game.seats}
    seating = [names[position] for position in sorted(names)]
    sides = [
        Side(
            side.name, tuple(seat.player.name for seat in game.seats if seat.side == side.position)
        )
        for side in game.sides
    ]
    base = new_game(
        rules_of(game),
        sides,
        seating=seating,
        first_dealer=seating[game.first_dealer_seat],
        played_on=game.played_on,
        stored=True,
    )
    documents = [hand_document(hand) for hand in game.hands] if hands is None else hands
    return base.with_hands(
        [hand_from_document(doc, number, base) for number, doc in enumerate(documents, 1)]
    )


def replay_game(game: Game, documents: Sequence[dict[str, Any]] | None = None) -> GameResult:
    """Totals, outcomes, dealers and the winner, from the engine's replay (of the
    game's hands as ``documents``, when the caller has them already)."""
    return replay(engine_game(game, documents))


def hand_document(hand: Hand) -> dict[str, Any]:
    """A stored hand in the game file's form."""
    if hand.misdeal or hand.passed_out:  # nothing else, but that time was called
        alone: dict[str, Any] = {"misdeal": True} if hand.misdeal else {"passed_out": True}
        return {**alone, "time_called": True} if hand.time_called else alone
    fields: dict[str, Any] = {
        "bidder": hand.bidder.name if hand.bidder else None,
        "bid": hand.bid,
        "trump": hand.trump,
        "meld": hand.meld,
        "counters": hand.counters,
        "thrown_in": hand.thrown_in or None,
        "no_marriage": hand.no_marriage or None,
        "took_trick": hand.took_trick,
        "all_tricks": hand.all_tricks,
        "meld_chips": hand.meld_chips,
        "meld_cards": hand.meld_cards or None,
        "renege": hand.renege,
        "moon": hand.moon or None,
        "time_called": hand.time_called or None,
        "made": hand.made,  # auction pinochle: None elsewhere
    }
    return {name: value for name, value in fields.items() if value is not None}


def store_hand(hand: Hand, document: dict[str, Any], players: dict[str, Player]) -> None:
    """Write a checked hand document into a stored hand's columns; ``players`` are the
    game's by name (``players_of``: no query per hand, so no flush of the hands before)."""
    bidder = document.get("bidder")
    hand.bidder = players[bidder] if bidder else None
    for name, value in _hand_columns(document).items():
        setattr(hand, name, value)


def _hand_columns(document: dict[str, Any]) -> dict[str, Any]:
    """A checked hand document's columns, but for its bidder."""
    return {
        "bid": document.get("bid"),
        "trump": document.get("trump"),
        "meld": document.get("meld"),
        "counters": document.get("counters"),
        "thrown_in": bool(document.get("thrown_in")),
        "passed_out": bool(document.get("passed_out")),
        "no_marriage": bool(document.get("no_marriage")),
        "took_trick": document.get("took_trick"),
        "all_tricks": document.get("all_tricks"),
        "meld_chips": document.get("meld_chips"),
        "meld_cards": document.get("meld_cards"),
        "renege": document.get("renege"),
        "misdeal": bool(document.get("misdeal")),
        "moon": bool(document.get("moon")),
        "time_called": bool(document.get("time_called")),
        "made": document.get("made"),
    }


def insert_hands(game: Game, hands: Sequence[EngineHand]) -> None:
    """Store a new game's hands in one statement, whatever their number."""
    if not hands:
        return
    db.session.flush()  # the game and its players have their ids
    ids = {name: player.id for name, player in players_of(game).items()}
    db.session.execute(insert(Hand.__table__), hand_rows(game.id, hands, ids))


def hand_rows(
    game_id: int, hands: Sequence[EngineHand], ids: Mapping[str, int]
) -> list[dict[str, Any]]:
    """A new game's ``Hand`` rows, as values to insert; ``ids``: its players' by name."""
    now = utcnow()  # (given: no default made for each row)
    return [
        {
            "game_id": game_id,
            "number": number,
            "bidder_id": ids[hand.bidder] if hand.bidder else None,
            **_hand_columns(hand_to_document(hand)),
            "created_at": now,
            "updated_at": now,
        }
        for number, hand in enumerate(hands, 1)
    ]


def players_of(game: Game) -> dict[str, Player]:
    """The game's players by name, from its seats."""
    return {seat.player.name: seat.player for seat in game.seats}


def canonical_document(game: EngineGame, number: int) -> dict[str, Any]:
    """A hand's document as the engine read it (cards and trump in canonical form)."""
    return hand_to_document(game.hands[number - 1])


def version(game: Game) -> int:
    """The game's version: a form sends back the one it was opened at, so a page
    opened before another phone changed the game cannot silently overwrite it."""
    return game.version


def change_stamp(game: Game) -> str:
    """A string that changes whenever anything on the game's sheet may have changed."""
    return f"{game.id}.{game_stamp(game.id)}"


def game_stamp(game_id: int) -> str:
    """A short string that changes whenever the game's scoreboard may have (one query)."""
    head = game_head(game_id)
    return "" if head is None else head.stamp


@dataclass(frozen=True)
class GameHead:
    """What a kept page of a game is known by: the game's key, its sheet's language and
    its change stamp."""

    id: int
    key: str
    language: str
    stamp: str


def game_head(game_id: int) -> GameHead | None:
    """The game's key, language and change stamp, in one query (no row is loaded)."""
    if not 0 < game_id < 2**31:
        return None
    row = db.session.execute(
        select(
            Game.key,
            Game.language,
            Game.updated_at,
            select(func.count(Hand.id)).where(Hand.game_id == game_id).scalar_subquery(),
            select(func.max(HandEdit.id)).where(HandEdit.game_id == game_id).scalar_subquery(),
        ).where(Game.id == game_id)
    ).one_or_none()
    if row is None:
        return None
    key, language, updated, hands, last_edit = row
    return GameHead(game_id, key, language, f"{hands}.{last_edit or 0}.{updated.isoformat()}")


# the game's row, its sides and its seats with their players in one query (a few rows:
# sides × seats); its hands in one more
_SEATING = (joinedload(Game.sides), joinedload(Game.seats).joinedload(Seat.player))


def get_game(game_id: int, fresh: bool = False, history: bool = True) -> Game | None:
    """A game with its sides, seats, hands and history loaded in a few queries (``fresh``:
    loaded again into the session's own copy, as ``game_row`` left it; without
    ``history``, its history is read only if asked for: the hand form, whose save adds
    to it without reading it)."""
    if not 0 < game_id < 2**31:
        return None
    # each hand's bidder is a seated player: found in the session once the seats' players
    # are loaded, with no query of its own
    options = [*_SEATING, selectinload(Game.hands)]
    if history:
        options.append(selectinload(Game.edits))
    return db.session.get(Game, game_id, options=options, populate_existing=fresh)


def game_row(game_id: int) -> Game | None:
    """A game's row with its sides and seats, none of its hands: what a page of any
    game's length needs besides the rendered hands (``get_game(fresh=True)`` then)."""
    if not 0 < game_id < 2**31:
        return None
    return db.session.get(Game, game_id, options=_SEATING)

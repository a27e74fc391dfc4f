"""A game's life: started (new, imported or as a rematch), its language set, deleted.

The engine checks the whole game first; only then is anything written, in one
transaction.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from datetime import date

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from scorekeeper.engine.errors import GameError
from scorekeeper.engine.game import Game as EngineGame
from scorekeeper.engine.game import Side, new_game
from scorekeeper.engine.rules import ruleset
from scorekeeper.engine.scoring import replay
from scorekeeper.extensions import db
from scorekeeper.games.players import player_named
from scorekeeper.games.stored import engine_game, insert_hands, replay_game
from scorekeeper.i18n.languages import DEFAULT as DEFAULT_LANGUAGE
from scorekeeper.i18n.languages import LANGUAGES
from scorekeeper.store.locks import serialize
from scorekeeper.store.models import (
    Game,
    GameSide,
    Player,
    Seat,
)
from scorekeeper.store.outcomes import (
    order_key,
    rate_since,
    record_outcomes,
)

# --- games ---------------------------------------------------------------------------


def create_game(
    ruleset_name: str,
    options: dict[str, object],
    sides: Sequence[tuple[str, Sequence[str]]],
    seating: Sequence[str] | None = None,
    first_dealer: str | None = None,
    played_on: date | None = None,
    language: str = DEFAULT_LANGUAGE,
) -> Game:
    """A new game, once the engine accepts its rules, players and seating.

    ``first_dealer`` may be ``"random"`` to pick one; ``language`` is its printed
    sheet's (``i18n.LANGUAGES``).
    """
    rules = ruleset(ruleset_name, options)
    engine_sides = [
        Side(name.strip(), tuple(p.strip() for p in players)) for name, players in sides
    ]
    seats = list(seating) if seating else None
    checked = new_game(rules, engine_sides, seating=seats)
    dealer = first_dealer
    if dealer == "random" or not dealer:
        dealer = random.choice(checked.seating) if dealer == "random" else checked.seating[0]
    checked = new_game(rules, engine_sides, seating=checked.seating, first_dealer=dealer)
    return commit_new_game(checked, played_on, hands=False, language=language)


def commit_new_game(
    checked: EngineGame,
    played_on: date | None,
    hands: bool,
    rate: bool = True,
    language: str = DEFAULT_LANGUAGE,
) -> Game:
    """Store and commit a game the engine accepted, with its hands (``hands``).

    Two phones naming the same new player at once both try to add the player's
    row; the one that loses the race stores its game again, finding the row.
    """
    for attempt in range(2):
        try:
            game = stage_new_game(checked, played_on, hands, rate=rate, language=language)
            db.session.commit()
        except IntegrityError:
            db.session.rollback()
            if attempt:
                raise
        else:
            break
    return game


def stage_new_game(
    checked: EngineGame,
    played_on: date | None,
    hands: bool,
    rate: bool = True,
    language: str = DEFAULT_LANGUAGE,
    players: Mapping[str, Player] | None = None,
    stopped: str | None = None,
) -> Game:
    """A game the engine accepted, with its hands (``hands``) and outcomes, added to the
    session but not committed: the caller commits it with the rest of its transaction
    (a club night's games, ``club.events.import_event``). ``players``: its players by
    name, read in bulk by a caller staging many games (else each is read here).
    ``stopped``: the rule it counts by should it not be over (``stop_game``)."""
    result = replay(checked)  # a hand the replay refuses (a bidder not at the table) first
    game = _stored(checked, played_on, known_language(language), players)
    game.stopped = stopped
    insert_hands(game, checked.hands if hands else ())
    record_outcomes(game, result, rate=rate, new=True)
    return game


def stop_game(game: Game, rule: str) -> None:
    """``game``'s round is closed: should it not be over, it counts by ``rule`` (the
    event's ``unfinished_tables``, engine.club.unfinished), in the season's figures as in
    the night's standings; its figures written again when so (not committed)."""
    if game.stopped == rule:
        return
    game.stopped = rule
    result = replay_game(game)
    if not result.finished:
        record_outcomes(game, result)


def known_language(language: str) -> str:
    if language not in LANGUAGES:
        raise ValueError(f"no language {language!r}: expected one of {', '.join(LANGUAGES)}")
    return language


def _stored(
    checked: EngineGame,
    played_on: date | None,
    language: str,
    players: Mapping[str, Player] | None = None,
) -> Game:
    """Stored rows for an engine game the engine has already accepted (not committed)."""
    game = Game(
        ruleset=checked.rules.name,
        language=language,
        rules=checked.rules.options(),
        first_dealer_seat=checked.seating.index(checked.first_dealer),
        played_on=played_on or checked.played_on or date.today(),
    )
    for position, side in enumerate(checked.sides):
        game.sides.append(GameSide(position=position, name=side.name))
    for position, name in enumerate(checked.seating):
        game.seats.append(
            Seat(
                position=position,
                side=checked.side_of[name],
                player=players[name] if players is not None else player_named(name),
            )
        )
    db.session.add(game)
    return game


def delete_game(game: Game) -> None:
    """Remove a game with its hands, history and outcomes; the games played after it
    are rated again (their players' ratings no longer count it)."""
    key, name = order_key(game), game.ruleset
    serialize("ratings")  # before its outcomes go (outcomes.py: the ratings' lock)
    try:
        db.session.delete(game)
        db.session.flush()
    except StaleDataError:  # a hand was recorded meanwhile: the owner looks again
        db.session.rollback()
        raise GameError("game_changed_meanwhile") from None
    rate_since(key, name)
    db.session.commit()


def rematch(game: Game) -> Game:
    """Same players, seats and rules; the deal moves on from where the game ended. A game
    has one rematch: asked again (a double tap, two phones), it is the one made first."""
    game_id = game.id
    made = rematch_of(game_id)
    if made is not None:
        return made
    result = replay_game(game)
    checked = engine_game(game, hands=[])
    again = new_game(
        checked.rules,
        checked.sides,
        seating=checked.seating,
        first_dealer=result.next_dealer,
        stored=True,  # the same players, as stored
    )
    new = _stored(again, date.today(), game.language)
    new.rematch_of_id = game_id
    try:
        record_outcomes(new, replay(again))
        db.session.commit()
    except IntegrityError:  # made meanwhile by the other tap
        db.session.rollback()
        made = rematch_of(game_id)
        if made is None:
            raise
        return made
    return new


def rematch_of(game_id: int) -> Game | None:
    """The rematch already made of the game ``game_id``, if any."""
    return db.session.execute(select(Game).where(Game.rematch_of_id == game_id)).scalar()


def set_language(game: Game, language: str) -> None:
    """The language ``game``'s sheet prints in from now on. No hand changes with it, so
    the game's version stays: a hand form open on another phone still saves."""
    db.session.execute(
        update(Game).where(Game.id == game.id).values(language=known_language(language))
    )
    db.session.commit()

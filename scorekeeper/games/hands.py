"""A game's hands: add, correct, delete, undo the last, and put a taken-back hand back.

Every change goes through the engine with the whole game first, and only then is
anything written, in one transaction. A refusal (``PinochleError``) leaves the
database as it was; history (``HandEdit``) keeps what a correction replaced.

A game may be locked by an area above this one (a club night's table confirmed, or
its round closed: ``club.confirm``): every change asks the one guard set with
``guard_changes`` first, and again under the write lock; a director's ``Correction``
carries the reason the history keeps.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import inspect, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import ObjectDeletedError, StaleDataError

from scorekeeper.engine.errors import GameError, PinochleError
from scorekeeper.engine.reasons import checked_reason
from scorekeeper.engine.repeats import verify_not_repeated
from scorekeeper.engine.scoring import GameResult, replay, replay_change
from scorekeeper.extensions import db
from scorekeeper.games.stored import (
    GameGoneError,
    canonical_document,
    engine_game,
    hand_document,
    players_of,
    store_hand,
)
from scorekeeper.i18n.refusals import N_, RefusalError
from scorekeeper.store.locks import serialize
from scorekeeper.store.models import (
    Game,
    Hand,
    HandEdit,
    utcnow,
)
from scorekeeper.store.outcomes import (
    record_outcomes,
)

# --- the guard: who may change a locked game ---------------------------------------

# what a change does (a HandEdit's action, and Undo: a delete by one tap, no reason)
ADDED, EDITED, DELETED, UNDONE, PUT_BACK = "added", "edited", "deleted", "undone", "put_back"


@dataclass(frozen=True)
class Correction:
    """A change made by the director (owner or scorekeeper), with the reason they gave
    ("" when none was typed): a locked game's hand is corrected only so."""

    reason: str = ""


REASON_WHERE = "the reason for the correction"  # the field, as the reason's sentences name it

# the guard refuses a change (``GameError``) or lets it through: (game, action, correction)
Guard = Callable[[Game, str, "Correction | None"], None]
_guards: dict[str, Guard] = {}


def guard_changes(guard: Guard) -> None:
    """Set the one check every change to a game's hands asks first (the games area
    knows no club night: ``club.confirm`` sets it when the app starts)."""
    _guards["changes"] = guard


def _verify_allowed(game: Game, action: str, correction: Correction | None) -> None:
    if correction is not None:
        checked_reason(correction.reason, REASON_WHERE)  # the text's rule before the guard's
    guard = _guards.get("changes")
    if guard is not None:
        guard(game, action, correction)


def _edit(
    number: int,
    action: str,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
    correction: Correction | None,
) -> HandEdit:
    """The history's entry of a change, with the director's reason when given."""
    reason = checked_reason(correction.reason, REASON_WHERE) if correction is not None else ""
    return HandEdit(number=number, action=action, before=before, after=after, reason=reason or None)


# --- a game deleted meanwhile ---------------------------------------------------------

P = ParamSpec("P")
R = TypeVar("R")


def _while_there(change: Callable[P, R]) -> Callable[P, R]:
    """``change`` (its first argument the game), or ``GameGoneError`` when the game's row went
    meanwhile (deleted, or its club table seated again): what was read of it is
    refreshed from no row at all. A row of its hands gone meanwhile (another phone's
    delete) is the game changed meanwhile."""

    @functools.wraps(change)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        identity = inspect(args[0]).identity
        try:
            return change(*args, **kwargs)
        except ObjectDeletedError:
            db.session.rollback()
            if identity is None or not _still_there(identity[0]):
                raise GameGoneError from None
            raise GameError("game_changed_meanwhile") from None

    return run


def _still_there(game_id: Any) -> bool:
    return db.session.execute(select(Game.id).where(Game.id == game_id)).first() is not None


# --- hands ---------------------------------------------------------------------------


def _check_version(game: Game, expected: int | None, adding: bool = False) -> None:
    if expected is None or expected == game.version:
        return
    if adding and game.hands:
        raise GameError("hand_recorded_meanwhile", hand=len(game.hands))
    raise GameError("game_changed_meanwhile")


Receipt = Callable[[Game, GameResult], None]


@contextmanager
def _changing(
    game: Game,
    result: GameResult,
    since: int,
    adding: int | None = None,
    receipt: Receipt | None = None,
    change: tuple[str, Correction | None] = (ADDED, None),
) -> Iterator[None]:
    """Write a change to ``game``'s hands from hand ``since`` on (the body) with the
    outcomes of ``result`` and commit it, or refuse it as made meanwhile on another
    phone: the game's row is written with the version it was read at, which another
    phone's change has moved on (or hand ``adding`` was taken). ``receipt`` runs in
    the same transaction once the game has its new version (the API's answer, kept
    for an ``Idempotency-Key``). ``change`` (the action and the director's correction)
    is asked of the guard again under the lock: a table confirmed since the game was
    read is not written to.
    """
    game_id = inspect(game).identity  # read now: no row to refresh it from once it is gone
    serialize("ratings")  # first, as every change does (no two wait on each other)
    game.updated_at = utcnow()
    try:
        _verify_allowed(game, *change)
        yield
        record_outcomes(game, result, since=since)
        db.session.flush()
        if receipt is not None:
            receipt(game, result)
        db.session.commit()
    except (IntegrityError, StaleDataError):
        db.session.rollback()
        if game_id is not None and not _still_there(game_id[0]):
            raise GameGoneError from None
        if adding is None:
            raise GameError("game_changed_meanwhile") from None
        raise GameError("hand_recorded_meanwhile", hand=adding) from None
    except BaseException:  # a refusal under the lock (a table confirmed meanwhile): nothing
        db.session.rollback()  # of this change stays, and the lock is let go at once
        raise


CONFLICTS = ("hand_recorded_meanwhile", "game_changed_meanwhile")
ADD_ATTEMPTS = 3  # a hand sent without a version waits out this many others' saves


@dataclass(frozen=True)
class Repeat:
    """Whether a new hand that repeats the hand before it is asked about
    (``engine.repeats``: the doors a person or a program records through ask; a game
    built from stored hands does not), and the hand the person said it repeats."""

    ask: bool = False
    same_as: int | None = None


ASK = Repeat(ask=True)


@_while_there
def add_hand(
    game: Game,
    document: dict[str, Any],
    expected: int | None = None,
    receipt: Receipt | None = None,
    repeat: Repeat = Repeat(),
) -> GameResult:
    """Record the next hand; refused (nothing written) when any rule is broken.

    ``expected`` is the game's ``version`` the form was opened at (a double tap on
    Save, or a hand recorded meanwhile on another phone, is refused). Without it the
    hand is the next one whatever came before: when another phone's hand is saved
    first, the game is read again and the hand added after it. With ``repeat.ask``
    a hand with the bidder, bid, trump and meld of the hand before it is refused
    (``hand_same_as_before``) unless ``repeat.same_as`` names that hand.
    """
    attempt = 1
    while True:
        try:
            return _add_hand(game, document, expected, receipt, repeat)
        except GameError as error:
            if expected is not None or error.code not in CONFLICTS or attempt == ADD_ATTEMPTS:
                raise
        attempt += 1


def _add_hand(
    game: Game,
    document: dict[str, Any],
    expected: int | None,
    receipt: Receipt | None,
    repeat: Repeat,
) -> GameResult:
    try:
        _check_version(game, expected, adding=True)
        documents = [hand_document(hand) for hand in game.hands] + [document]
        checked = engine_game(game, documents)
        number = len(documents)
        result = replay(checked)  # the rules first: a hand they refuse is asked nothing
        if repeat.ask:
            verify_not_repeated(checked.hands, number, repeat.same_as)
    except PinochleError:
        # a locked game's sentence before the version's or the rules': the guard is asked
        # here only for a refused hand (a hand taken asks it under the lock, once: a hand
        # for a locked table waits for the write lock as any write does, then is refused)
        _verify_allowed(game, ADDED, None)
        raise
    stored = canonical_document(checked, number)
    with _changing(game, result, number, adding=number, receipt=receipt):
        hand = Hand(number=number)
        store_hand(hand, stored, players_of(game))
        game.hands.append(hand)
        # its history's new entry, added without reading the history first
        db.session.add(HandEdit(game=game, number=number, action=ADDED, before=None, after=stored))
    return result


@_while_there
def replace_hand(
    game: Game,
    number: int,
    document: dict[str, Any],
    expected: int | None = None,
    receipt: Receipt | None = None,
    correction: Correction | None = None,
) -> GameResult:
    """Correct hand ``number``; the whole game is replayed with the correction first.
    ``correction``: the director's, with the reason the history keeps."""
    _verify_allowed(game, EDITED, correction)
    _check_version(game, expected)
    hand = _hand(game, number)
    before = hand_document(hand)
    documents = [hand_document(h) for h in game.hands]
    documents[number - 1] = document
    checked = engine_game(game, documents)
    result = replay_change(checked, number)
    after = canonical_document(checked, number)
    if after == before:
        if receipt is not None:
            receipt(game, result)
        return result
    with _changing(game, result, number, receipt=receipt, change=(EDITED, correction)):
        store_hand(hand, after, players_of(game))
        game.edits.append(_edit(number, EDITED, before, after, correction))
    return result


@_while_there
def delete_hand(
    game: Game,
    number: int,
    expected: int | None = None,
    receipt: Receipt | None = None,
    correction: Correction | None = None,
    action: str = DELETED,
) -> GameResult:
    """Remove hand ``number``; the hands after it move up one. ``correction``: the
    director's, with the reason the history keeps; ``action``: ``UNDONE`` for Undo."""
    _verify_allowed(game, action, correction)
    _check_version(game, expected)
    hand = _hand(game, number)
    documents = [hand_document(h) for h in game.hands]
    before = documents.pop(number - 1)
    result = replay_change(engine_game(game, documents), number)
    with _changing(game, result, number, receipt=receipt, change=(action, correction)):
        game.hands.remove(hand)
        db.session.flush()
        _move_up(game, number)
        game.edits.append(_edit(number, DELETED, before, None, correction))
    return result


def _move_up(game: Game, number: int) -> None:
    """Number the hands after the deleted hand ``number`` one less, in two statements
    whatever their count: through negative numbers, as (game, number) is unique and
    both databases check that row by row."""
    table = Hand.__table__
    later = table.c.game_id == game.id
    db.session.execute(
        update(table).where(later, table.c.number > number).values(number=1 - table.c.number)
    )
    db.session.execute(
        update(table).where(later, table.c.number < 0).values(number=-table.c.number)
    )
    for hand in game.hands[number - 1 :]:
        set_committed_value(hand, "number", hand.number - 1)


@_while_there
def undo_last_hand(game: Game, number: int | None = None) -> GameResult:
    """Take back the last hand; ``number`` is the hand the tap meant (a double tap
    must not take back two)."""
    if not game.hands:
        raise LookupError("no hand to undo")
    if number is not None and number != len(game.hands):
        raise GameError("game_changed_meanwhile")
    return delete_hand(game, len(game.hands), action=UNDONE)


# --- putting a taken-back hand back ---------------------------------------------------


class PutBackError(RefusalError):
    """A hand that can no longer be put back (the game changed since it was taken back)."""


def put_back_offer(game: Game) -> HandEdit | None:
    """The delete (or undo) that can still be put back: the game's last change, while
    it is a delete. Any later change (a hand recorded, corrected, deleted or put
    back) ends the offer."""
    last = game.edits[-1] if game.edits else None
    return last if last is not None and last.action == "deleted" else None


@_while_there
def put_back(
    game: Game,
    edit_id: int,
    expected: int | None = None,
    receipt: Receipt | None = None,
    correction: Correction | None = None,
) -> GameResult:
    """Put the hand deleted by edit ``edit_id`` back at its number, exactly as it was
    (the edit's ``before``): the hands after it move down one. Refused with a
    sentence once anything changed since the delete (``expected``, the version the
    page was opened at, moved on, or another change followed it). ``correction``: the
    director's, with the reason the history keeps."""
    _verify_allowed(game, PUT_BACK, correction)
    offer = put_back_offer(game)
    if offer is None or offer.id != edit_id or offer.before is None:
        raise _no_longer(game, edit_id)
    if expected is not None and expected != game.version:
        raise _no_longer(game, edit_id)
    number, document = offer.number, offer.before
    documents = [hand_document(h) for h in game.hands]
    documents.insert(number - 1, document)
    checked = engine_game(game, documents)
    result = replay_change(checked, number)
    stored = canonical_document(checked, number)
    with _changing(game, result, number, receipt=receipt, change=(PUT_BACK, correction)):
        _move_down(game, number)
        hand = Hand(number=number)
        store_hand(hand, stored, players_of(game))
        game.hands.insert(number - 1, hand)
        game.edits.append(_edit(number, PUT_BACK, None, stored, correction))
    return result


def _no_longer(game: Game, edit_id: int) -> PutBackError:
    """The refusal of a put back that came too late, naming the hand it was about."""
    edit = next((edit for edit in game.edits if edit.id == edit_id), None)
    if edit is None or edit.action != "deleted":
        return PutBackError(field="edit", message=N_("There is no taken-back hand to put back."))
    return PutBackError(
        field="edit",
        message=N_(
            "Hand {number} can no longer be put back: the game has changed since it was taken back."
        ),
        number=edit.number,
    )


def _move_down(game: Game, number: int) -> None:
    """Number hand ``number`` and those after it one more (the mirror of ``_move_up``)."""
    table = Hand.__table__
    later = table.c.game_id == game.id
    db.session.execute(
        update(table).where(later, table.c.number >= number).values(number=-1 - table.c.number)
    )
    db.session.execute(
        update(table).where(later, table.c.number < 0).values(number=-table.c.number)
    )
    for hand in game.hands[number - 1 :]:
        set_committed_value(hand, "number", hand.number + 1)


def _hand(game: Game, number: int) -> Hand:
    if not 1 <= number <= len(game.hands):
        raise LookupError(f"game {game.id} has no hand {number}")
    return game.hands[number - 1]

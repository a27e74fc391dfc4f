"""A table's totals confirmed, and the lock that follows (docs/club-nights.md).

When a table's game is over, a player of the side that did not keep score taps their
name under the final totals: the table keeps who confirmed it and when, in one
transaction. From then on (and once its round is closed) the table's hands are the
director's: a new hand or an undo is refused for everyone, an edit, a delete or the
put back of a deleted hand is let through only as the director's ``Correction`` with
its reason, which the game's history keeps. A correction leaves the table confirmed:
the history shows what changed after the players signed, and why.

The lock is one function, ``locked``, asked by ``verify_change``: the guard every
change of a game's hands asks (``games.hands.guard_changes``, set by ``guard_hands``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update

from scorekeeper.engine.errors import GameError
from scorekeeper.extensions import db
from scorekeeper.games import hands as game_hands
from scorekeeper.games.hands import Correction
from scorekeeper.games.stored import replay_game
from scorekeeper.store.club_models import EventRound, EventSeat, EventTable
from scorekeeper.store.locks import serialize
from scorekeeper.store.models import Game, HandEdit, utcnow

# the refusals of a locked table's change (pages answer them with 400)
LOCK_CODES = ("event_table_confirmed", "event_round_closed")
LOCKED_CODES = (*LOCK_CODES, "event_correction_reason")
# what a locked table still lets the director do, with a reason
CORRECTIONS = (game_hands.EDITED, game_hands.DELETED, game_hands.PUT_BACK)


@dataclass(frozen=True)
class Lock:
    """Why a table's game takes no change but the director's: confirmed (by whom),
    or its round closed."""

    table: int
    round: int
    confirmed_by: str | None
    closed: bool

    def refusal(self) -> GameError:
        """The sentence for a change the lock refuses outright."""
        if self.confirmed_by is not None:
            return GameError("event_table_confirmed", table=self.table, name=self.confirmed_by)
        return GameError("event_round_closed", round=self.round)


def locked(game: Game) -> Lock | None:
    """The lock on ``game``: its table confirmed, or its round closed; None for an
    open table or a game of its own (one small query)."""
    row = db.session.execute(
        select(
            EventTable.number,
            EventRound.number,
            EventTable.confirmed_by,
            EventTable.confirmed_at.is_not(None),
            EventRound.closed_at.is_not(None),
        )
        .join(EventRound, EventRound.id == EventTable.round_id)
        .where(EventTable.game_id == game.id)
    ).first()
    if row is None:
        return None
    table, round_, by, confirmed, closed = row
    if not confirmed and not closed:
        return None
    return Lock(table, round_, by if confirmed else None, closed)


def verify_change(game: Game, action: str, correction: Correction | None) -> None:
    """Refuse a change of a locked game's hands: anything but the director's edit,
    delete or put back, and those without a reason."""
    lock = locked(game)
    if lock is None:
        return
    if action not in CORRECTIONS or correction is None:
        raise lock.refusal()
    if not correction.reason.strip():
        raise GameError("event_correction_reason", table=lock.table)


def corrections(game_id: int) -> list[tuple[int, str, str]]:
    """The director's corrections of a game, oldest first: (hand, action, reason),
    for the score sheet."""
    rows = db.session.execute(
        select(HandEdit.number, HandEdit.action, HandEdit.reason)
        .where(HandEdit.game_id == game_id, HandEdit.reason.is_not(None))
        .order_by(HandEdit.id)
    )
    return [(number, action, reason) for number, action, reason in rows]


def guard_hands() -> None:
    """Make every change of a game's hands ask ``verify_change`` first."""
    game_hands.guard_changes(verify_change)


# --- confirming ----------------------------------------------------------------------


@dataclass(frozen=True)
class Confirmation:
    """A table's game as the confirm box shows it: who may confirm, and whether done."""

    table: int
    round: int
    players: tuple[str, ...]  # as seated: North, East, South, West (teams: their names)
    confirmed_by: str | None
    confirmed_at: datetime | None


def confirmation(game: Game) -> Confirmation | None:
    """The confirm box's facts for a club table's game; None for a game of its own."""
    table = _table_of(game)
    if table is None:
        return None
    round_number = db.session.execute(
        select(EventRound.number).where(EventRound.id == table.round_id)
    ).scalar_one()
    return Confirmation(
        table.number, round_number, _seated(table), table.confirmed_by, table.confirmed_at
    )


def confirm_totals(game: Game, name: str) -> EventTable:
    """The totals of ``game``'s table confirmed by ``name``, a player seated there, in
    one transaction; refused (nothing written) for a game not over, a name not seated
    there, or a table confirmed already."""
    try:
        serialize("ratings")  # as a change of the game's hands: one waits for the other
        table = _table_of(game)
        if table is None:
            raise GameError("event_not_a_table")
        db.session.refresh(table)
        if table.confirmed_at is not None:
            raise GameError("event_confirmed_twice", table=table.number, name=table.confirmed_by)
        seated = _seated(table)
        name = name.strip()
        if name not in seated:
            raise GameError(
                "event_not_seated_here", name=name, table=table.number, seated=", ".join(seated)
            )
        db.session.refresh(game)
        if not replay_game(game).finished:
            raise GameError("event_table_playing", table=table.number)
        # only while nobody confirmed meanwhile (two phones, one tap each)
        done = db.session.execute(
            update(EventTable)
            .where(EventTable.id == table.id, EventTable.confirmed_at.is_(None))
            .values(confirmed_at=utcnow(), confirmed_by=name)
            .execution_options(synchronize_session=False)
        )
        if done.rowcount != 1:
            db.session.refresh(table)
            raise GameError("event_confirmed_twice", table=table.number, name=table.confirmed_by)
        game.updated_at = utcnow()  # a new version: its page, kept by version, shows it
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    db.session.refresh(table)
    return table


def _table_of(game: Game) -> EventTable | None:
    return db.session.execute(
        select(EventTable).where(EventTable.game_id == game.id)
    ).scalar_one_or_none()


def _seated(table: EventTable) -> tuple[str, ...]:
    """The names that may confirm: each player seated at the table (a fixed team's two
    players, each by name)."""
    seats = db.session.execute(
        select(EventSeat).where(EventSeat.table_id == table.id).order_by(EventSeat.position)
    ).scalars()
    names: list[str] = []
    for seat in seats:
        entrant = seat.entrant
        if entrant.partner is not None:
            names += [entrant.player.name, entrant.partner.name]
        else:
            names.append(entrant.name)
    return tuple(names)

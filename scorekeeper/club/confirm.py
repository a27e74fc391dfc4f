"""A table's totals confirmed, and the lock that follows (docs/club-nights.md).

When a table's game is over, a player of the side that did not keep score taps their
name under the final totals: a table code's phone offers and takes only the names of
the side its own player is not on (``engine.club.confirming``); the director may tap
any name, and the tap is kept as the director's on that player's behalf. The table
keeps every confirmation (who, the director or not, when), in one transaction each.
From then on (and once its round is closed) the table's hands are the director's: a
new hand or an undo is refused for everyone, an edit, a delete or the put back of a
deleted hand is let through only as the director's ``Correction`` with its reason,
which the game's history keeps. A correction leaves the table locked and asks it to
confirm again; the pages list the corrections made after the first confirmation.

The lock is one function, ``locked``, asked by ``verify_change``: the guard every
change of a game's hands asks (``games.hands.guard_changes``, set by ``guard_hands``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update

from scorekeeper.engine.club.confirming import confirming_seats, side
from scorekeeper.engine.errors import GameError
from scorekeeper.extensions import db
from scorekeeper.games import hands as game_hands
from scorekeeper.games.hands import Correction
from scorekeeper.games.stored import replay_game
from scorekeeper.store.club_models import (
    Event,
    EventRound,
    EventSeat,
    EventTable,
    TableConfirmation,
)
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
class Confirmer:
    """Who taps a name in the confirm box: a table code's phone (the entrant it said it
    is: only the other side's names) or the director (their account's name: any name
    seated there, kept as the director's tap on that player's behalf)."""

    entrant: int | None = None
    director: str | None = None


_Corrected = tuple[int, str, str, datetime]  # a correction: hand, action, reason, when


@dataclass(frozen=True)
class Confirmed:
    """A table's confirmations as the pages show them: the latest (who, when, and the
    director who tapped it on that player's behalf), the director's corrections since
    the first, and whether the table is to confirm again (corrected since the latest)."""

    by: str | None
    at: datetime | None
    director: str | None
    corrected: tuple[tuple[int, str, str], ...]  # (hand, action, reason), oldest first
    again: bool


def confirmed(table: EventTable) -> Confirmed:
    """``table``'s confirmations (a query for the corrections once it is confirmed)."""
    return confirmations_of([table])[table.id]


def confirmations_of(tables: list[EventTable]) -> dict[int, Confirmed]:
    """Each table's confirmations by its id, in one query for all their corrections."""
    corrected = _corrected_after(tables)
    found: dict[int, Confirmed] = {}
    for table in tables:
        latest = table.confirmations[-1] if table.confirmations else None
        last = table.confirmed_at
        since = corrected.get(table.id, [])
        found[table.id] = Confirmed(
            table.confirmed_by,
            last,
            None if latest is None else latest.director,
            tuple((number, action, reason) for number, action, reason, _at in since),
            last is not None and any(at >= last for *_, at in since),
        )
    return found


def night_corrections(event: Event) -> dict[tuple[int, int], tuple[tuple[int, str, str], ...]]:
    """Each table of ``event`` corrected after its totals were confirmed, by (round,
    table): its corrections (hand, action, reason), oldest first."""
    tables = [(round_.number, table) for round_ in event.rounds for table in round_.tables]
    found = confirmations_of([table for _number, table in tables])
    return {
        (number, table.number): found[table.id].corrected
        for number, table in tables
        if found[table.id].corrected
    }


@dataclass(frozen=True)
class Confirmation:
    """A table's game as the confirm box shows it: who may confirm on this phone, and
    the table's confirmations."""

    table: int
    round: int
    players: tuple[str, ...]  # the names this phone may tap, as seated
    state: Confirmed
    on_behalf: bool  # the director's phone: a tap is kept as the director's


def confirmation(game: Game, confirmer: Confirmer | None) -> Confirmation | None:
    """The confirm box's facts for a club table's game (``confirmer`` None: nobody on
    this phone may confirm); None for a game of its own."""
    table = _table_of(game)
    if table is None:
        return None
    round_number = db.session.execute(
        select(EventRound.number).where(EventRound.id == table.round_id)
    ).scalar_one()
    players = () if confirmer is None else _may_confirm(table, confirmer)
    on_behalf = confirmer is not None and confirmer.director is not None
    return Confirmation(table.number, round_number, players, confirmed(table), on_behalf)


def _corrected_after(tables: list[EventTable]) -> dict[int, list[_Corrected]]:
    """The director's corrections of each table's game since its totals were first
    confirmed, by the table's id, oldest first: (hand, action, reason, when); none
    before a confirmation."""
    first = {
        table.game_id: (table.id, table.confirmations[0].at)
        for table in tables
        if table.confirmations and table.game_id is not None
    }
    if not first:
        return {}
    rows = db.session.execute(
        select(HandEdit.game_id, HandEdit.number, HandEdit.action, HandEdit.reason, HandEdit.at)
        .where(HandEdit.game_id.in_(first), HandEdit.reason.is_not(None))
        .order_by(HandEdit.id)
    )
    found: dict[int, list[_Corrected]] = {}
    for game_id, number, action, reason, at in rows:
        table_id, since = first[game_id]
        if at >= since:
            found.setdefault(table_id, []).append((number, action, reason or "", at))
    return found


def confirm_totals(game: Game, name: str, confirmer: Confirmer) -> EventTable:
    """The totals of ``game``'s table confirmed by ``name``, a player seated there whom
    ``confirmer`` may name, in one transaction; refused (nothing written) for a game not
    over, a name not seated there or of the side that kept score, or a
    table confirmed already (and not corrected since)."""
    try:
        serialize("ratings")  # as a change of the game's hands: one waits for the other
        table = _table_of(game)
        if table is None:
            raise GameError("event_not_a_table")
        db.session.refresh(table)
        last = table.confirmed_at
        if last is not None and not confirmed(table).again:
            raise GameError("event_confirmed_twice", table=table.number, name=table.confirmed_by)
        name = name.strip()
        _verify_name(table, name, confirmer)
        db.session.refresh(game)
        if not replay_game(game).finished:
            raise GameError("event_table_playing", table=table.number)
        now = utcnow()
        # only while nobody confirmed meanwhile (two phones, one tap each)
        column = EventTable.confirmed_at
        unchanged = column.is_(None) if last is None else column == last
        done = db.session.execute(
            update(EventTable)
            .where(EventTable.id == table.id, unchanged)
            .values(confirmed_at=now, confirmed_by=name)
            .execution_options(synchronize_session=False)
        )
        if done.rowcount != 1:
            db.session.refresh(table)
            raise GameError("event_confirmed_twice", table=table.number, name=table.confirmed_by)
        db.session.add(
            TableConfirmation(table_id=table.id, name=name, director=confirmer.director, at=now)
        )
        game.updated_at = utcnow()  # a new version: its page, kept by version, shows it
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    db.session.refresh(table)
    return table


def _verify_name(table: EventTable, name: str, confirmer: Confirmer) -> None:
    seated = _seated(table)
    names = [player for _seat, player in seated]
    if name not in names:
        raise GameError(
            "event_not_seated_here", name=name, table=table.number, seated=", ".join(names)
        )
    allowed = _may_confirm(table, confirmer)
    if not allowed:
        raise GameError("event_confirm_director", table=table.number)
    if name not in allowed:
        raise GameError(
            "event_confirm_own_side", name=name, table=table.number, others=", ".join(allowed)
        )


def _may_confirm(table: EventTable, confirmer: Confirmer) -> tuple[str, ...]:
    """The names ``confirmer`` may tap at ``table``: the director any; a table code's
    phone those of the side that did not keep score (engine.club.confirming): the sides
    whose phones recorded a hand here, or before any, the side of the phone's player."""
    seated = _seated(table)
    if confirmer.director is not None:
        return tuple(name for _seat, name in seated)
    if confirmer.entrant is None:
        return ()
    kept = {int(mark) for mark in table.kept_by}
    if not kept:
        here = [seat.position for seat in table.seats if seat.entrant_id == confirmer.entrant]
        kept = {side(here[0])} if here else set()
    seats = confirming_seats(len(table.seats), kept)
    return tuple(name for seat, name in seated if seat in seats)


def note_keeper(game_id: int, entrant: int) -> None:
    """A hand was recorded at ``game_id``'s table on the phone of ``entrant``: their side
    kept score there (one small transaction; nothing for a player from another table
    or a game of its own)."""
    try:
        table = db.session.execute(
            select(EventTable).where(EventTable.game_id == game_id)
        ).scalar_one_or_none()
        seat = (
            None
            if table is None
            else next((s.position for s in table.seats if s.entrant_id == entrant), None)
        )
        if table is None or seat is None or str(side(seat)) in table.kept_by:
            return
        table.kept_by = "".join(sorted(table.kept_by + str(side(seat))))
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise


def _table_of(game: Game) -> EventTable | None:
    return db.session.execute(
        select(EventTable).where(EventTable.game_id == game.id)
    ).scalar_one_or_none()


def _seated(table: EventTable) -> list[tuple[int, str]]:
    """The names that may confirm, each with its seat: each player seated at the table
    (a fixed team's two players, each by name)."""
    seats = db.session.execute(
        select(EventSeat).where(EventSeat.table_id == table.id).order_by(EventSeat.position)
    ).scalars()
    names: list[tuple[int, str]] = []
    for seat in seats:
        entrant = seat.entrant
        if entrant.partner is not None:
            names += [(seat.position, entrant.player.name), (seat.position, entrant.partner.name)]
        else:
            names.append((seat.position, entrant.name))
    return names

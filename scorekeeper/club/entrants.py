"""Who plays a club night, changed between rounds (docs/club-nights.md): a late arrival
joins the rounds not yet seated, a withdrawal leaves them (and is undone before the round
it starts from is seated), an entrant entered by mistake who never played is removed
outright; the rounds seated stay as they are, and the next round's seating is the
movement's for the players there then (``engine.club.event_movement.next_seating``, its
evenness shown before it is taken).

A late arrival's name is read by the engine as the event file's entrants are (the name
rule, nobody twice). Progressive nights only: a fixed-teams round robin has no gap.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from scorekeeper.club.events import engine_event, export_event, get_event
from scorekeeper.engine.club import events as engine
from scorekeeper.engine.club.entrants import TABLE_OF_KIND
from scorekeeper.engine.club.event_movement import Night, draw, next_seating, planned_night
from scorekeeper.engine.club.movements import Evenness
from scorekeeper.engine.errors import GameError
from scorekeeper.engine.lookalike import look_alike
from scorekeeper.extensions import db
from scorekeeper.games.players import forget_player, look_alike_players, player_named
from scorekeeper.store.club_models import Entrant, Event
from scorekeeper.store.locks import serialize_night


def first_unseated(event: Event) -> int | None:
    """The first round not seated yet (None: every round is)."""
    return next((r.number for r in event.rounds if not r.tables and not r.byes), None)


def next_unseated(event: Event) -> int:
    """The first round not seated yet; refused when every round is."""
    number = first_unseated(event)
    if number is None:
        raise GameError("event_no_round_left")
    return number


def withdrawn(event: Event, number: int) -> list[str]:
    """The entrants who no longer play in round ``number``."""
    return [
        entrant.name
        for entrant in event.entrants
        if entrant.withdrawn_before is not None and entrant.withdrawn_before <= number
    ]


def at_once(event: Event) -> list[str]:
    """The late arrivals the director lets play at once (the others sit out first)."""
    return [entrant.name for entrant in event.entrants if entrant.plays_at_once]


def next_round_seating(
    event: Event, checked: engine.Event, number: int
) -> tuple[dict[str, Any], Evenness]:
    """Round ``number``'s seating as the movement gives it for who is there then (its
    late arrivals in, its withdrawals out), and the whole night's evenness."""
    return next_seating(checked, number, withdrawn(event, number), at_once(event))


def night_planned(event: Event, checked: engine.Event) -> Night:
    """The whole night (``checked``, the stored ``event`` as the engine reads it): the
    rounds seated as they are, the rest as the movement plans them for who is there for
    the next round (its late arrivals in, its withdrawals out)."""
    number = first_unseated(event)
    gone = withdrawn(event, number) if number is not None else ()
    return planned_night(checked, gone, at_once(event))


@contextmanager
def _changing(event: Event) -> Iterator[Event]:
    """The event read again under the seating lock (two directors, one after the other),
    for a change of who plays: committed whole at the end, or nothing of it."""
    try:
        serialize_night()
        db.session.expire_all()
        fresh = get_event(event.id) or event
        _changeable(fresh)
        yield fresh
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise


def _changeable(event: Event) -> None:
    """Refuse a change of who plays a fixed-teams night, or one with no round left."""
    if event.kind == engine.TEAMS:
        raise GameError("event_teams_fixed")
    next_unseated(event)


def add_entrant(
    event: Event, name: str, plays_at_once: bool = False, new_player: bool = False
) -> Entrant:
    """A late arrival, in the rounds not seated yet: sitting out before anyone there
    from the start, unless the director lets them play at once. A name that looks like
    a different player's of the club is refused (``event_look_alike_known``) unless the
    director said it is a ``new_player``."""
    with _changing(event) as fresh:
        document = export_event(fresh)
        document["entrants"].append({"name": name})
        # the name rule, and nobody twice; the names before it as they were taken
        checked = engine.from_document(document, names_kept=True)
        arrival = checked.entrants[-1].name
        other = look_alike(arrival, checked.names[:-1])  # one person, one entrant
        if other is not None:
            raise GameError("event_look_alike", name=arrival, other=other)
        known = None if new_player else look_alike_players([arrival]).get(arrival)
        if known is not None:
            raise GameError("event_look_alike_known", name=arrival, known=known)
        joined = Entrant(
            position=len(fresh.entrants),
            name=arrival,
            player=player_named(arrival),
            # late only once a round is seated: before the first, everyone is on time
            plays_at_once=plays_at_once and first_unseated(fresh) != 1,
        )
        fresh.entrants.append(joined)
    return joined


def withdraw(event: Event, name: str) -> Entrant:
    """An entrant who leaves: out of the rounds not seated yet."""
    with _changing(event) as fresh:
        found = check_withdrawal(fresh, name)
        found.withdrawn_before = next_unseated(fresh)
        engine_event(fresh)  # the event still reads whole
    return found


def undo_withdrawal(event: Event, name: str) -> Entrant:
    """A withdrawal taken back before the round it starts from is seated: the entrant
    plays the next rounds again, planned as if they had never left."""
    with _changing(event) as fresh:
        found = _entrant(fresh, name, "undoing a withdrawal")
        if found.withdrawn_before is None:
            raise GameError("event_not_withdrawn", name=name)
        if found.name not in undoable(fresh):
            raise GameError("event_withdrawal_kept", name=name, round=found.withdrawn_before)
        found.withdrawn_before = None
    return found


def remove_entrant(event: Event, name: str) -> str:
    """An entrant entered by mistake, who never played (no seat, no bye, no adjustment),
    taken out as if never entered: out of the standings, the sheets and the itineraries,
    the places after theirs one back, and their player out of the known players when
    nothing else names them. The night's plan is then what it was before they came."""
    with _changing(event) as fresh:
        found = check_removal(fresh, name)
        player = found.player
        for later in fresh.entrants[found.position + 1 :]:
            later.position = -1 - later.position  # out of each other's place first
        fresh.entrants.remove(found)
        db.session.flush()
        for position, entrant in enumerate(fresh.entrants):
            entrant.position = position
        forget_player(player)
        engine_event(fresh)  # the event still reads whole
    return name


def _entrant(event: Event, name: str, where: str) -> Entrant:
    found = next((entrant for entrant in event.entrants if entrant.name == name), None)
    if found is None:
        raise GameError("event_unknown_name", where=where, name=name)
    return found


def check_withdrawal(event: Event, name: str) -> Entrant:
    """The entrant ``name`` who may withdraw now, or the refusal saying why not."""
    _changeable(event)
    found = _entrant(event, name, "withdrawal")
    if found.withdrawn_before is not None:
        raise GameError("event_withdrawn_twice", name=name)
    return found


def check_removal(event: Event, name: str) -> Entrant:
    """The entrant ``name`` who may be removed now (they never played: no seat and no
    bye in a round, no adjustment), or the refusal saying why not."""
    _changeable(event)
    entrant = _entrant(event, name, "removal")
    needed = TABLE_OF_KIND[event.kind]  # a night keeps a table's worth of entrants
    if len(event.entrants) <= needed:
        raise GameError(
            "event_too_few", kind=event.kind, needed=needed, got=len(event.entrants) - 1
        )
    for stored in event.rounds:
        seated = any(seat.entrant_id == entrant.id for t in stored.tables for seat in t.seats)
        if seated or any(bye.entrant_id == entrant.id for bye in stored.byes):
            raise GameError("event_entrant_played", name=entrant.name, round=stored.number)
    if any(adjustment.entrant_id == entrant.id for adjustment in event.adjustments):
        raise GameError("event_entrant_adjusted", name=entrant.name)
    return entrant


def undoable(event: Event) -> list[str]:
    """The withdrawals that may still be undone: the round they start from not seated."""
    number = first_unseated(event)
    return [
        entrant.name
        for entrant in event.entrants
        if entrant.withdrawn_before is not None
        and number is not None
        and entrant.withdrawn_before >= number
    ]


def removable(event: Event) -> list[str]:
    """The entrants who never played, whom the director may remove."""
    played = {seat.entrant_id for r in event.rounds for t in r.tables for seat in t.seats}
    played |= {bye.entrant_id for r in event.rounds for bye in r.byes}
    played |= {adjustment.entrant_id for adjustment in event.adjustments}
    return [entrant.name for entrant in event.entrants if entrant.id not in played]


def draw_seats(event: Event, seed: int) -> list[str]:
    """The seating draw, before the night starts: the entrants' places in the movement
    in a random order (``engine.club.event_movement.draw``); refused once a round is seated."""
    try:
        serialize_night()
        db.session.expire_all()
        fresh = get_event(event.id) or event
        if any(stored.tables or stored.byes for stored in fresh.rounds):
            raise GameError("event_draw_seated")
        entrants = list(fresh.entrants)
        order = draw([entrant.name for entrant in entrants], seed)
        for entrant in entrants:  # out of the way of each other's place first
            entrant.position = -1 - entrant.position
        db.session.flush()
        by_name = {entrant.name: entrant for entrant in entrants}
        for position, name in enumerate(order):
            by_name[name].position = position
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return order

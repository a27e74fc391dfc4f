"""Who plays a club night, changed between rounds (docs/club-nights.md): a late arrival
joins the rounds not yet seated, a withdrawal leaves them; the rounds seated stay as they
are, and the next round's seating is the movement's for the players there then
(``engine.club.event_movement.next_seating``, its evenness shown before it is taken).

A late arrival's name is read by the engine as the event file's entrants are (the name
rule, nobody twice). Progressive nights only: a fixed-teams round robin has no gap.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.club.events import engine_event, export_event, get_event
from scorekeeper.engine.club import events as engine
from scorekeeper.engine.club.event_movement import Night, draw, next_seating, planned_night
from scorekeeper.engine.club.movements import Evenness
from scorekeeper.engine.errors import GameError
from scorekeeper.extensions import db
from scorekeeper.games.players import player_named
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


def _fresh(event: Event) -> Event:
    """The event read again under the seating lock: two directors, one after the other."""
    serialize_night()
    db.session.expire_all()
    fresh = get_event(event.id) or event
    if fresh.kind == engine.TEAMS:
        raise GameError("event_teams_fixed")
    next_unseated(fresh)
    return fresh


def add_entrant(event: Event, name: str, plays_at_once: bool = False) -> Entrant:
    """A late arrival, in the rounds not seated yet: sitting out before anyone there
    from the start, unless the director lets them play at once."""
    try:
        fresh = _fresh(event)
        document = export_event(fresh)
        document["entrants"].append({"name": name})
        checked = engine.from_document(document)  # the name rule; nobody twice
        joined = Entrant(
            position=len(fresh.entrants),
            name=checked.entrants[-1].name,
            player=player_named(checked.entrants[-1].name),
            # late only once a round is seated: before the first, everyone is on time
            plays_at_once=plays_at_once and first_unseated(fresh) != 1,
        )
        fresh.entrants.append(joined)
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return joined


def withdraw(event: Event, name: str) -> Entrant:
    """An entrant who leaves: out of the rounds not seated yet."""
    try:
        fresh = _fresh(event)
        found = next((e for e in fresh.entrants if e.name == name), None)
        if found is None:
            raise GameError("event_unknown_name", where="withdrawal", name=name)
        if found.withdrawn_before is not None:
            raise GameError("event_withdrawn_twice", name=name)
        found.withdrawn_before = next_unseated(fresh)
        engine_event(fresh)  # the event still reads whole
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return found


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

"""A night's and a competition's awards and a night's prizes (issue 32, item 4;
docs/club-nights.md, "Awards and prizes"): the engine's (engine/club/awards.py,
engine/club/prizes.py) over the nights as they are now, never stored; and the director's
prizes for a night (the entry fee and the percentages by place)."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.club.events import engine_event, get_event
from scorekeeper.engine.club import events as engine
from scorekeeper.engine.club.awards import Awards, awards
from scorekeeper.engine.club.prizes import (
    Prize,
    percentages_text,
    prize_split,
    read_fee,
    read_percentages,
)
from scorekeeper.engine.club.standings import Standings
from scorekeeper.extensions import db
from scorekeeper.store.club_models import Event
from scorekeeper.store.locks import serialize_night


def night_awards(checked: engine.Event) -> Awards:
    return awards([checked])


def nights_awards(nights: Sequence[engine.Event]) -> Awards:
    """A competition's awards, over its nights (the same night once)."""
    return awards(nights)


def night_prizes(checked: engine.Event, standings: Standings) -> tuple[Prize, ...]:
    """The night's prizes by its standings now (none when it pays none): the pot is the
    fee times its entrants, every entrant entered (a withdrawal paid too)."""
    if checked.prizes is None:
        return ()
    fee, percentages = checked.prizes.fee_cents, checked.prizes.percentages
    return prize_split(fee, len(checked.entrants), percentages, standings.rows)


def set_prizes(event: Event, fee: str, percentages: str) -> None:
    """Keep the night's prizes as the director typed them (committed); both blank: the
    night pays none. ``GameError`` with the engine's sentence, nothing written, for a
    fee or percentages it refuses."""
    if not fee.strip() and not percentages.strip():
        fee_cents, kept = None, None
    else:
        fee_cents = read_fee(fee)
        kept = percentages_text(read_percentages(percentages))
    try:
        serialize_night()
        fresh = get_event(event.id) or event
        fresh.entry_fee_cents, fresh.prize_percentages = fee_cents, kept
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise


def stored_nights(event_ids: Sequence[int]) -> list[engine.Event]:
    """The nights ``event_ids`` as the engine reads them (those still stored)."""
    found = (get_event(event_id) for event_id in event_ids)
    return [engine_event(night) for night in found if night is not None]

"""The director's adjustments from the event's page (docs/club-nights.md): points for or
against an entrant in a round, with the reason (a penalty for a renege, a bonus, a late
arrival's start). The engine reads the night with the new adjustment as it reads the
file's (``engine.club.events``: the entrant, the round, the points' bound, the reason's
rule, at most 500 a night); a refusal writes nothing."""

from __future__ import annotations

from scorekeeper.club.events import export_event, get_event
from scorekeeper.engine.club import events as engine
from scorekeeper.extensions import db
from scorekeeper.store.club_models import Adjustment, Event
from scorekeeper.store.locks import serialize_night


def add_adjustment(
    event: Event, name: str, round_number: int, points: int, reason: str, public: bool = False
) -> Adjustment:
    """``points`` (negative: a penalty) for the entrant ``name`` in round ``round_number``,
    with ``reason`` (``public``: shown on the club's public results): stored once the
    engine accepts the night with it."""
    try:
        serialize_night()
        db.session.expire_all()
        fresh = get_event(event.id) or event
        document = export_event(fresh)
        wanted = {
            "entrant": name,
            "round": round_number,
            "points": points,
            "reason": reason,
            "public": public,
        }
        document["adjustments"] = [*document.get("adjustments", []), wanted]
        # the night as stored (its names as they were taken), with the adjustment checked
        checked = engine.from_document(document, names_kept=True).adjustments[-1]
        entrant = next(e for e in fresh.entrants if e.name == checked.entrant)
        made = Adjustment(
            position=len(fresh.adjustments),
            entrant=entrant,
            round=checked.round,
            points=checked.points,
            reason=checked.reason,
            public=checked.public,
        )
        fresh.adjustments.append(made)
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return made

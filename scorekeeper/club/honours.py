"""A night's and a competition's awards and a night's prizes (issue 32, item 4;
docs/club-nights.md, "Awards and prizes"): the engine's (engine/club/awards.py,
engine/club/prizes.py) over the nights as they are now, never stored; and the director's
prizes for a night (the entry fee and the percentages by place)."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.club.events import get_event
from scorekeeper.engine.club import events as engine
from scorekeeper.engine.club.awards import Awards, awards
from scorekeeper.engine.club.prizes import (
    Prize,
    heads_paying,
    percentages_text,
    prize_split,
    read_fee,
    read_percentages,
)
from scorekeeper.engine.club.standings import Standings, with_results
from scorekeeper.engine.scoring import GameResult
from scorekeeper.extensions import db
from scorekeeper.store.club_models import Event
from scorekeeper.store.locks import serialize_night


def night_awards(
    checked: engine.Event, replayed: dict[tuple[int, int], GameResult] | None = None
) -> Awards:
    """The night's awards; ``replayed``: its games' replays already made for the page
    (``standings.results``), so that none is replayed again."""
    if replayed:
        checked = with_results(checked, replayed)
    return awards([checked])


@dataclass(frozen=True)
class PrizeSplit:
    """A night's prizes as its pages show them: each prize, the fee a head, the heads
    that paid it and the pot."""

    prizes: tuple[Prize, ...]
    fee_cents: int
    heads: int

    @property
    def pot_cents(self) -> int:
        return self.fee_cents * self.heads


def night_prizes(checked: engine.Event, standings: Standings) -> PrizeSplit | None:
    """The night's prizes by its standings now (None when it pays none): the pot is the
    fee a head times the heads that paid it (``heads_paying``)."""
    if checked.prizes is None:
        return None
    fee, percentages = checked.prizes.fee_cents, checked.prizes.percentages
    heads = heads_paying(checked.entrants)
    return PrizeSplit(prize_split(fee, heads, percentages, standings.rows), fee, heads)


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

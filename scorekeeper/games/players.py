"""The players: found or made by name, the names the new-game form offers."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.store.models import (
    Player,
    Seat,
)

# --- players -----------------------------------------------------------------------


def player_named(name: str) -> Player:
    """The player called ``name`` (made when new: added, not committed)."""
    return players_named([name])[name]


def players_named(names: Iterable[str]) -> dict[str, Player]:
    """Each of ``names``'s player, the ones not known yet made (added, not committed):
    one query for them all (a club night's seating or import reads its players in bulk,
    not one table at a time)."""
    wanted = set(names)
    found = {
        player.name: player
        for player in db.session.execute(select(Player).where(Player.name.in_(wanted))).scalars()
    }
    for name in sorted(wanted - found.keys()):
        found[name] = Player(name=name)
        db.session.add(found[name])
    return found


def known_players(limit: int = 40) -> list[str]:
    """Names seen before, most recently seated first (suggested on the new-game form)."""
    last_seen = func.max(Seat.id)
    rows = db.session.execute(
        select(Player.name)
        .outerjoin(Seat, Seat.player_id == Player.id)
        .group_by(Player.id)
        .order_by(last_seen.desc().nulls_last(), Player.name)
        .limit(limit)
    )
    return [name for (name,) in rows]


def get_player(player_id: int) -> Player | None:
    if not 0 < player_id < 2**31:
        return None
    return db.session.get(Player, player_id)


def all_players() -> list[Player]:
    """Everyone who has a seat in some game, A to Z."""
    seated = select(Seat.player_id)
    return list(
        db.session.execute(
            select(Player).where(Player.id.in_(seated)).order_by(Player.name)
        ).scalars()
    )

"""The players: found or made by name, the names the new-game form offers."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import func, select

from scorekeeper.engine.lookalike import People
from scorekeeper.extensions import db
from scorekeeper.store.bulk import insert_returning
from scorekeeper.store.club_models import Entrant
from scorekeeper.store.models import (
    Player,
    Seat,
    utcnow,
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


def look_alike_players(names: Iterable[str]) -> dict[str, str]:
    """Each of ``names`` that is no player's name but looks like one (``engine.lookalike``:
    it differs only in case, accents, spaces or look-alike letters) -> that player's name.
    One query for the club's players, each name's keys made once: linear in the players."""
    wanted = set(names)
    if not wanted:
        return {}
    known = People()
    for (name,) in db.session.execute(select(Player.name).order_by(Player.id)):
        if name in wanted:
            wanted.discard(name)  # a player of that very name: the one meant
        known.add(name)
    found = {name: known.met(name) for name in sorted(wanted)}
    return {name: other for name, other in found.items() if other is not None}


def forget_player(player: Player) -> None:
    """Delete ``player`` (not committed) when nothing names them any more: no seat in a
    game, no club night's entrant (an entrant removed by mistake leaves no known player
    behind); a player with a seat or an entry stays."""
    db.session.flush()
    seated = db.session.execute(select(Seat.id).where(Seat.player_id == player.id).limit(1))
    entered = db.session.execute(
        select(Entrant.id)
        .where((Entrant.player_id == player.id) | (Entrant.partner_id == player.id))
        .limit(1)
    )
    if seated.first() is None and entered.first() is None:
        db.session.delete(player)


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


def player_by_name(name: str) -> Player | None:
    """The player of that name exactly, if any (none is made)."""
    return db.session.execute(select(Player).where(Player.name == name)).scalar()


def all_players() -> list[Player]:
    """Everyone who has a seat in some game, A to Z."""
    seated = select(Seat.player_id)
    return list(
        db.session.execute(
            select(Player).where(Player.id.in_(seated)).order_by(Player.name)
        ).scalars()
    )


def player_ids(names: Iterable[str]) -> dict[str, int]:
    """Each of ``names``'s player's id, the players not known yet written (not committed):
    one query for the known, one statement for the new (a club night written in bulk)."""
    wanted = set(names)
    query = select(Player.name, Player.id).where(Player.name.in_(wanted))
    found = {name: id_ for name, id_ in db.session.execute(query)}
    new = sorted(wanted - found.keys())
    if new:
        rows = [{"name": name, "created_at": utcnow()} for name in new]
        found.update(zip(new, insert_returning(Player.__table__, rows, by=("name",)), strict=True))
    return found

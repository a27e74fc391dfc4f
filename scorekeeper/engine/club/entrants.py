"""A club night's entrants as its ``pinochle-event/1`` document lists them
(docs/event-format.md §2): single players (``progressive``) or fixed partnerships
(``teams``), each name by the name rule (engine/people.py) and each person entered once,
not twice under names that differ only in case, accents, spaces or look-alike letters
(engine/lookalike.py).

>>> [e.name for e in read_entrants([{"name": n} for n in "Ann Bea Cal Dan".split()], PROGRESSIVE)]
['Ann', 'Bea', 'Cal', 'Dan']
>>> read_entrants([{"name": n} for n in ("Ann", "Bea", "Cal", "ann")], PROGRESSIVE)
Traceback (most recent call last):
...
scorekeeper.engine.errors.GameError: 'ann' and 'Ann' differ only in case, accents, spaces or \
look-alike letters: one person is entered once (give two people names that tell them apart)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import GameError
from ..lookalike import People
from ..people import checked_name
from ..typed import as_list, as_mapping, as_text, no_unknown
from . import movements

PROGRESSIVE, TEAMS = "progressive", "teams"
KINDS = (PROGRESSIVE, TEAMS)
MAX_ENTRANTS = movements.MAX_ENTRANTS  # the most a movement seats (teams: the most teams)
# entrants one table needs
TABLE_OF_KIND = {PROGRESSIVE: 4, TEAMS: 2}


@dataclass(frozen=True)
class Entrant:
    """A player (progressive) or a fixed partnership and its two players (teams)."""

    name: str
    players: tuple[str, ...] = ()


def read_entrants(
    items: list[Any], kind: str, restoring: bool = False, look_alikes: bool = False
) -> tuple[Entrant, ...]:
    """The document's ``entrants``, each name by the name rule, each person once
    (``restoring``: a backup's night, read without the limit; ``look_alikes``: names that
    look alike taken as they are, a backup's or a stored night's)."""
    if (
        len(items) > MAX_ENTRANTS and not restoring
    ):  # before any is read: a long list costs nothing more
        raise GameError("event_too_many", limit=MAX_ENTRANTS, got=len(items))
    entrants: list[Entrant] = []
    seen, teams = People(), People()  # the players, the teams' names
    for index, item in enumerate(items):
        where = f"entrant {index + 1}"
        raw = as_mapping(item, where)
        no_unknown(raw, {"name", "players"} if kind == TEAMS else {"name"}, where)
        name = checked_name(
            as_text(raw.get("name"), f"{where}: name"), "side" if kind == TEAMS else "player"
        )
        players: tuple[str, ...] = ()
        if kind == TEAMS:
            listed = as_list(raw.get("players"), f"{where}: players")
            players = tuple(checked_name(as_text(p, f"{where}: players"), "player") for p in listed)
            if len(players) != 2:
                raise GameError("event_team_players", team=name, got=len(players))
        if kind == TEAMS:
            _once(name, teams, look_alikes)
        for taken in (name,) if kind == PROGRESSIVE else players:
            _once(taken, seen, look_alikes)
        entrants.append(Entrant(name, players))
    if len(entrants) < TABLE_OF_KIND[kind]:
        raise GameError("event_too_few", kind=kind, needed=TABLE_OF_KIND[kind], got=len(entrants))
    return tuple(entrants)


def _once(name: str, seen: People, look_alikes: bool) -> None:
    """Refuse ``name`` when ``seen`` holds it already, or a name that looks like it
    (``engine.lookalike``) unless ``look_alikes`` are taken as they are; else add it."""
    if name in seen:
        raise GameError("event_entered_twice", name=name)
    other = seen.met(name)
    if other is not None and not look_alikes:
        raise GameError("event_look_alike", name=name, other=other)
    seen.add(name)

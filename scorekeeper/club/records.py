"""Each player's record (issue 32, item 5; docs/club-nights.md, "A player's record"): the
nights they played, with the night's place and club points, their lifetime club points
and milestones, and their place in each competition; and a table phone's own night
(its player's place now and where they play next). Worked out from the nights as they
are now, never stored: a correction shows at once.

The work grows with the player's nights (each read and its standings worked out once)
and with the competitions that count one of them (each competition's table, as its own
page makes it)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from scorekeeper.club.competitions import all_competitions, competition_now, nights_of
from scorekeeper.club.entrants import night_planned
from scorekeeper.club.events import (
    engine_event,
    event_standings,
    player_events,
    prints_stamp,
    standings_final,
)
from scorekeeper.club.memo import Memo
from scorekeeper.engine.club import events as engine
from scorekeeper.engine.club.awards import lifetime, milestones, night_club_points
from scorekeeper.engine.club.itineraries import Stop, itinerary
from scorekeeper.engine.club.league import night_key
from scorekeeper.engine.club.standings import Row, Standings
from scorekeeper.store.club_models import Event
from scorekeeper.store.models import Player


@dataclass(frozen=True)
class NightLine:
    """One night of a player's: the night, the entrant they played as, its night place
    among the entrants (None: not placed, never played), and its club points (None
    while the night's standings are not final)."""

    event_id: int
    key: str
    name: str
    day: date | None
    entrant: str
    row: Row | None
    entrants: int
    final: bool
    club_points: Fraction | None


@dataclass(frozen=True)
class CompetitionLine:
    competition_id: int
    key: str
    name: str
    place: int | None  # None: not ranked yet
    tied: bool
    needs: int  # nights short of being ranked (0: ranked)
    final: bool  # locked


@dataclass(frozen=True)
class Milestone:
    threshold: int
    night: str  # the night's name
    day: date | None


@dataclass(frozen=True)
class Record:
    player: str
    nights: tuple[NightLine, ...]  # the latest first
    club_points: Fraction  # lifetime
    milestones: tuple[Milestone, ...]
    competitions: tuple[CompetitionLine, ...]


def entrant_of(event: Event, player_id: int) -> str | None:
    """The entrant ``player_id`` played as at ``event`` (a team's, for fixed teams)."""
    for entrant in event.entrants:
        if player_id in (entrant.player_id, entrant.partner_id):
            return entrant.name
    return None


def player_record(player: Player, final_only: bool = False) -> Record:
    """``player``'s record: every night they were an entrant of (``final_only``: the
    nights whose standings are final only, for a club that hides them until the end),
    their lifetime club points over the final nights, and the competitions counting one
    of their nights."""
    nights = _nights(player, final_only)
    entrants = {line.event_id: line.entrant for line in nights.lines}
    return Record(
        player.name,
        tuple(nights.lines),
        nights.club_points,
        nights.milestones,
        _competitions(player, entrants, final_only),
    )


def club_points(player: Player) -> tuple[Fraction, tuple[Milestone, ...]]:
    """``player``'s lifetime club points and milestones (for the stats page, beside the
    rating)."""
    nights = _nights(player, final_only=True)
    return nights.club_points, nights.milestones


@dataclass(frozen=True)
class _Nights:
    lines: list[NightLine]
    club_points: Fraction
    milestones: tuple[Milestone, ...]


@dataclass(frozen=True)
class _Night:
    """What a player's record reads of one night: kept by the night's change stamp."""

    key: str
    rows: tuple[Row, ...]
    entrants: int
    final: bool
    club_points: dict[str, Fraction]


NIGHTS_KEPT: Memo[_Night] = Memo(512)  # some two years of a club's nights


def _night(event: Event) -> _Night:
    """The night's standings, whether final and its club points: worked out once per
    change of the night (``night_stamp``), for every record that lists it."""

    def make() -> _Night:
        checked = engine_event(event)
        table = event_standings(event, checked)
        final = standings_final(event, checked, table)
        earned = night_club_points(checked, table) if final else {}
        return _Night(night_key(checked), table.rows, len(checked.entrants), final, earned)

    return NIGHTS_KEPT.get(("record-night", event.id, prints_stamp(event.id)), make)


def _nights(player: Player, final_only: bool) -> _Nights:
    lines: list[NightLine] = []
    points: list[tuple[str, dict[str, Fraction]]] = []
    names: dict[str, tuple[str, date | None]] = {}
    for event in reversed(player_events(player.id)):  # the earliest first
        night = _night(event)
        if final_only and not night.final:
            continue
        entrant = entrant_of(event, player.id) or player.name
        names[night.key] = (event.name, event.date)
        if night.final:
            points.append((night.key, night.club_points))
        row = next((r for r in night.rows if r.entrant == entrant and (r.games or r.byes)), None)
        lines.append(
            NightLine(
                event.id,
                event.key,
                event.name,
                event.date,
                entrant,
                row,
                night.entrants,
                night.final,
                night.club_points.get(player.name, Fraction(0)) if night.final else None,
            )
        )
    # by day, nights of one day (or of none, last) in the order they were stored
    in_order = sorted(points, key=lambda night: _day_order(names[night[0]][1]))
    reached = milestones(in_order).get(player.name, ())
    return _Nights(
        lines[::-1],  # the latest first
        lifetime(in_order).get(player.name, Fraction(0)),
        tuple(Milestone(m.threshold, *names[m.night]) for m in reached),
    )


def _day_order(day: date | None) -> date:
    return day or date.max


def _competitions(
    player: Player, entrants: dict[int, str], final_only: bool
) -> tuple[CompetitionLine, ...]:
    found = []
    for competition in all_competitions():
        counted = [event_id for event_id in nights_of(competition) if event_id in entrants]
        if not counted:
            continue
        table = competition_now(competition, final_only).table
        names = {entrants[event_id] for event_id in counted} | {player.name}
        row = next((r for r in table.rows if r.player in names), None)
        if row is None:
            continue
        found.append(
            CompetitionLine(
                competition.id,
                competition.key,
                competition.name,
                row.place,
                row.tied,
                table.needs.get(row.player, 0),
                competition.locked_at is not None,
            )
        )
    return tuple(found)


@dataclass(frozen=True)
class OwnNight:
    """A table phone's player's night: their row in the standings now (None: no hand
    recorded yet) and where they play next (None: no round after the latest seated one)."""

    entrant: str
    row: Row | None
    entrants: int
    next_stop: Stop | None


def own_night(
    event: Event, checked: engine.Event, table: Standings, entrant_id: int
) -> OwnNight | None:
    """The night of the entrant ``entrant_id`` as its phone at a table sees it."""
    name = next((e.name for e in event.entrants if e.id == entrant_id), None)
    if name is None:
        return None
    begun = table.provisional or table.rounds_played > 0  # a hand recorded
    row = next((r for r in table.rows if r.entrant == name), None) if begun else None
    latest = max((r.number for r in checked.rounds if r.tables), default=0)
    night = night_planned(event, checked)
    stops = itinerary(name, checked.kind, night.rounds, night.seated)
    after = next((stop for stop in stops if stop.round > latest), None)
    return OwnNight(name, row, len(checked.entrants), after)

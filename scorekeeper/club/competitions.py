"""A club's competitions across nights (a ladder, a league; docs/club-nights.md,
"Competitions"): made by the director, read by everyone the results are for.

A competition keeps how its nights add up and which nights count (every night of a
season, by its days, or the nights chosen), never a total: its table is the engine's
(``engine.club.league``) over the nights' standings as they are now, so a corrected
hand shows in the night's table and the competition's at once. Locked, it is final;
archived, it is listed with the past ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select

from scorekeeper.club.events import (
    engine_event,
    event_standings,
    get_event,
    prints_stamp,
    standings_final,
)
from scorekeeper.club.memo import Memo
from scorekeeper.engine.club import events as engine
from scorekeeper.engine.club.awards import Awards, awards
from scorekeeper.engine.club.league import (
    League,
    LeagueRules,
    league,
    night_key,
    place_points_text,
    read_place_points,
)
from scorekeeper.engine.club.standings import with_results
from scorekeeper.engine.errors import GameError
from scorekeeper.engine.people import checked_name
from scorekeeper.extensions import db
from scorekeeper.store.club_models import Competition, CompetitionNight, Event
from scorekeeper.store.models import Season, utcnow


def create_competition(
    name: str, rules: LeagueRules, season_id: int | None, event_ids: Sequence[int]
) -> Competition:
    """A new competition (committed): ``season_id``'s nights, or the nights
    ``event_ids`` (one of the two); ``GameError`` with the engine's sentence, nothing
    written, for a name, a season or a night that is not one."""
    stored_name = checked_name(name, "competition")
    if season_id is not None:
        if db.session.get(Season, season_id) is None:
            raise GameError("competition_nights")
        chosen: list[int] = []
    else:
        chosen = sorted(set(event_ids))
        found = db.session.execute(select(Event.id).where(Event.id.in_(chosen))).scalars()
        if not chosen or len(list(found)) != len(chosen):
            raise GameError("competition_nights")
    competition = Competition(
        name=stored_name,
        score=rules.score,
        place_points=place_points_text(rules.place_points),
        best=rules.best,
        drop=rules.drop,
        min_nights=rules.min_nights,
        season_id=season_id,
        nights=[CompetitionNight(event_id=event_id) for event_id in chosen],
    )
    db.session.add(competition)
    db.session.commit()
    return competition


def rules_of(competition: Competition) -> LeagueRules:
    points = read_place_points(competition.place_points) if competition.place_points else ()
    return LeagueRules(
        competition.score, points, competition.best, competition.drop, competition.min_nights
    )


def all_competitions() -> list[Competition]:
    """Every competition, the current ones first, the latest first within each."""
    return list(
        db.session.execute(
            select(Competition).order_by(
                Competition.archived_at.is_not(None), Competition.id.desc()
            )
        ).scalars()
    )


def competition_by_key(key: str) -> Competition | None:
    return db.session.execute(select(Competition).where(Competition.key == key)).scalar()


def nights_of(competition: Competition) -> list[int]:
    """The ids of the nights that count: its season's (by day), or the ones chosen."""
    if competition.season_id is None:
        return [night.event_id for night in competition.nights]
    season = db.session.get(Season, competition.season_id)
    if season is None:  # its season deleted: no night counts
        return []
    return list(
        db.session.execute(
            select(Event.id).where(Event.date >= season.starts_on, Event.date <= season.ends_on)
        ).scalars()
    )


def competition_nights(competition: Competition, final_only: bool = False) -> list[engine.Event]:
    """The competition's nights as they are now (the engine's); ``final_only``: the
    nights whose standings are final only (the club hides a night's standings until its
    end: the competition's table and awards must not give them away)."""
    checked = []
    for event_id in nights_of(competition):
        night = get_event(event_id)
        if night is None:
            continue
        one = with_results(engine_event(night))  # replayed once, for the table and awards
        if final_only and not standings_final(night, one, event_standings(night, one)):
            continue
        checked.append(one)
    return checked


@dataclass(frozen=True)
class CompetitionNow:
    """A competition as its pages show it: its table, its awards over its nights, and
    each night's name by its key (where the high game was scored)."""

    table: League
    awards: Awards
    nights: dict[str, str]


COMPETITIONS_KEPT: Memo[CompetitionNow] = Memo(64)


def competition_now(competition: Competition, final_only: bool = False) -> CompetitionNow:
    """The competition's table and awards now (``competition_nights``): worked out once
    per change of any of its nights (their change stamps, a few small queries each), for
    its pages, prints and every player's record that lists it."""

    def make() -> CompetitionNow:
        nights = competition_nights(competition, final_only)
        return CompetitionNow(
            league(nights, rules_of(competition)),
            awards(nights),
            {night_key(night): night.name for night in nights},
        )

    made_of = tuple((event_id, prints_stamp(event_id)) for event_id in nights_of(competition))
    rules = (competition.score, competition.place_points, competition.best, competition.drop)
    key = ("competition", competition.id, rules, competition.min_nights, final_only, made_of)
    return COMPETITIONS_KEPT.get(key, make)


def competition_table(competition: Competition, final_only: bool = False) -> League:
    """The competition's table now, from its nights' standings (``competition_now``)."""
    return competition_now(competition, final_only).table


def set_locked(competition: Competition, locked: bool) -> None:
    """Lock the competition (final) or open it again (committed)."""
    competition.locked_at = utcnow() if locked else None
    db.session.commit()


def set_archived(competition: Competition, archived: bool) -> None:
    """Archive the competition (listed with the past ones) or bring it back (committed)."""
    competition.archived_at = utcnow() if archived else None
    db.session.commit()

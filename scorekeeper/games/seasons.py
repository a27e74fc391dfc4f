"""Seasons: named spans of dates the statistics can be read over."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from scorekeeper.engine.people import NAME_LIMIT, NameRefusedError, checked_name, normal_name
from scorekeeper.extensions import db
from scorekeeper.i18n.refusals import N_, RefusalError, every_translation
from scorekeeper.store.models import (
    Season,
)

# --- seasons -------------------------------------------------------------------------


class SeasonError(RefusalError):
    """A season that cannot be created, with the form field it is about."""


def means_a_season(name: str) -> bool:
    """Whether ``name`` already names a season no one creates: "All time" (in any of
    the app's languages) or a calendar year."""
    return name.lower() in every_translation("All time") or (
        name.isascii() and name.isdigit() and len(name) == 4
    )


def create_season(name: str, starts_on: date, ends_on: date) -> Season:
    """A named range of days; refused (nothing written) with a sentence about one field."""
    try:
        name = checked_name(name, "season")
    except NameRefusedError as error:
        raise SeasonError.of_engine(error, field="name") from None
    if means_a_season(name):
        raise SeasonError(
            field="name",
            message=N_("{name!r} already means a season (All time, or a calendar year)."),
            name=name,
        )
    if ends_on < starts_on:
        raise SeasonError(
            field="ends_on", message=N_("The last day cannot come before the first day.")
        )
    if season_by_name(name) is not None:
        raise SeasonError(
            field="name", message=N_("There is already a season called {name!r}."), name=name
        )
    season = Season(name=name, starts_on=starts_on, ends_on=ends_on)
    db.session.add(season)
    try:
        db.session.commit()
    except IntegrityError:  # created meanwhile by another phone
        db.session.rollback()
        raise SeasonError(
            field="name", message=N_("There is already a season called {name!r}."), name=name
        ) from None
    return season


def season_by_name(name: str) -> Season | None:
    """The season called ``name``, in any case ("été" finds "Été"), or None."""
    name = normal_name(name)
    if not name or len(name) > NAME_LIMIT or not name.isprintable():
        return None
    exact = db.session.execute(select(Season).where(Season.name == name)).scalar_one_or_none()
    if exact is not None:
        return exact
    # few seasons: compared here, as the database's lower() may know ASCII only
    key = name.casefold()
    return next((season for season in all_seasons() if season.name.casefold() == key), None)


def all_seasons() -> list[Season]:
    return list(
        db.session.execute(select(Season).order_by(Season.starts_on.desc(), Season.name)).scalars()
    )


def delete_season(season_id: int) -> str | None:
    """Forget a season (its games stay); its name, or None when there was none."""
    season = db.session.get(Season, season_id) if 0 < season_id < 2**31 else None
    if season is None:
        return None
    name = season.name
    db.session.delete(season)
    db.session.commit()
    return name

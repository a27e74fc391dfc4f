"""Who reads the club's results, and when a night's standings show (docs/club-nights.md,
"Public results").

``RESULTS``: ``off`` (the default: the results pages answer 404 to everyone), ``members``
(anyone logged in), or ``public`` (anyone, with no account). ``HIDE_STANDINGS``: a
night's public standings wait for its last round to close (its tables' results show
meanwhile). Settings are rows of ``club_setting`` by name; one never set has its default.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from scorekeeper.engine.errors import GameError
from scorekeeper.extensions import db
from scorekeeper.store.club_models import ClubSetting
from scorekeeper.store.tenancy import current_club_id

OFF, MEMBERS, PUBLIC = "off", "members", "public"
# the words the results pages' own addresses use after ``/results/``: never a night's key
RESERVED_KEYS = frozenset({"settings", "competitions"})
AUDIENCES = (OFF, MEMBERS, PUBLIC)
RESULTS, HIDE_STANDINGS = "results", "hide_standings"


@dataclass(frozen=True)
class ResultsSettings:
    audience: str = OFF
    hide_standings: bool = False


def results_settings() -> ResultsSettings:
    """The club's results settings (one query)."""
    query = select(ClubSetting.name, ClubSetting.value).where(
        ClubSetting.name.in_((RESULTS, HIDE_STANDINGS))
    )
    found = {name: value for name, value in db.session.execute(query)}
    audience = found.get(RESULTS, OFF)
    return ResultsSettings(
        audience if audience in AUDIENCES else OFF, found.get(HIDE_STANDINGS) == "yes"
    )


def set_results(audience: str, hide_standings: bool) -> None:
    """Keep the club's results settings (committed); an audience not of ``AUDIENCES``
    is refused (``GameError``), nothing written."""
    if audience not in AUDIENCES:
        raise GameError(
            "event_choice", field="results", value=audience, expected=" or ".join(AUDIENCES)
        )
    for name, value in ((RESULTS, audience), (HIDE_STANDINGS, "yes" if hide_standings else "no")):
        db.session.merge(ClubSetting(club_id=current_club_id(), name=name, value=value))
    db.session.commit()

"""Clubs: a new club, a club by its address's slug, and the clubs a user belongs to.

A club's slug is its addresses' ``/c/<slug>/`` (docs/hosting.md): lower-case letters,
digits and hyphens, 2 to 40 of them, a letter or a digit at each end. The clubs are
the instance's (not scoped: ``store.tenancy``); a user's memberships across clubs are
read with ``ALL_CLUBS``, for the club switcher.
"""

from __future__ import annotations

import re

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from scorekeeper.accounts.users import AccountError, new_user
from scorekeeper.engine.people import NameRefusedError, checked_name
from scorekeeper.extensions import db
from scorekeeper.i18n.refusals import N_, RefusalError
from scorekeeper.store.models import Club, ClubMember, User
from scorekeeper.store.tenancy import ALL_CLUBS, in_club

SLUG = re.compile(r"[a-z0-9][a-z0-9-]{0,38}[a-z0-9]")
DEFAULT_SLUG = "club"  # the default club's (the migration that brought clubs names it)


class ClubError(RefusalError):
    """A refused club, with the field it is about."""


def club_by_slug(slug: str) -> Club | None:
    if SLUG.fullmatch(slug) is None:
        return None
    return db.session.execute(select(Club).where(Club.slug == slug)).scalar_one_or_none()


def slug_of(club_id: int) -> str | None:
    club = db.session.get(Club, club_id)
    return None if club is None else club.slug


def name_of(club_id: int) -> str:
    club = db.session.get(Club, club_id)
    return "" if club is None else club.name


def create_club(slug: str, name: str) -> Club:
    """A new club, empty; refused (nothing written) with a sentence about one field."""
    club = _new_club(slug, name)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise _slug_taken(slug) from None
    return club


def start_club(
    slug: str, name: str, owner: User | None, owner_name: str = "", password: str = ""
) -> tuple[Club, User]:
    """A new club and its owner, in one transaction (self-service, docs/hosting.md):
    ``owner``, a user already, or else a new account of ``owner_name`` and ``password``.
    Refused with a sentence about one field, nothing written."""
    try:
        club = _new_club(slug, name)
        db.session.flush()  # its id, for its owner's membership
        with in_club(club.id):
            if owner is None:
                owner = new_user(owner_name, password, "owner")
            else:
                db.session.add(ClubMember(user_id=owner.id, role="owner"))
            db.session.flush()
        db.session.commit()
    except IntegrityError:  # the address, or the new account's name, taken meanwhile
        db.session.rollback()
        if club_by_slug(slug) is not None:
            raise _slug_taken(slug) from None
        raise AccountError(
            field="name", message=N_("There is already a user called {name!r}."), name=owner_name
        ) from None
    except BaseException:
        db.session.rollback()
        raise
    return club, owner


def _new_club(slug: str, name: str) -> Club:
    """A new club, checked and added to the session (not committed)."""
    if SLUG.fullmatch(slug) is None:
        raise ClubError(
            field="slug",
            message=N_(
                "A club's address is 2 to 40 lower-case letters, digits and hyphens, "
                "a letter or a digit at each end, not {slug!r}."
            ),
            slug=slug,
        )
    try:
        name = checked_name(name, "club")
    except NameRefusedError as error:
        raise ClubError.of_engine(error, field="name") from None
    if club_by_slug(slug) is not None:
        raise _slug_taken(slug)
    club = Club(slug=slug, name=name)
    db.session.add(club)
    return club


def _slug_taken(slug: str) -> ClubError:
    return ClubError(field="slug", message=N_("There is already a club at {slug!r}."), slug=slug)


def count_clubs() -> int:
    return int(db.session.execute(select(func.count(Club.id))).scalar_one())


def clubs_of(user: User) -> list[tuple[Club, str]]:
    """The clubs ``user`` belongs to, each with their role there, by name."""
    rows = db.session.execute(
        select(Club, ClubMember.role)
        .join(ClubMember, ClubMember.club_id == Club.id)
        .where(ClubMember.user_id == user.id)
        .order_by(Club.name, Club.slug)
        .execution_options(**{ALL_CLUBS: True})
    )
    return [(club, role) for club, role in rows]

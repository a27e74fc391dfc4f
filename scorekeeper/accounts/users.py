"""Users and roles: the first owner, new users, a role changed, a user deleted, every
login of a user ended.

An account is the instance's (one name, one password, for every club); its role is a
club's (``ClubMember``): the current club's users are its members, and a role given,
changed or taken away is the current club's (store/tenancy.py).

Passwords are kept only as werkzeug hashes (scrypt). Roles are ordered: an ``owner``
may do all a ``scorekeeper`` may, who may do all a ``viewer`` may. Every refusal is an
``AccountError`` with the form field it is about.
"""

from __future__ import annotations

import functools
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import joinedload
from werkzeug.security import generate_password_hash

from scorekeeper.accounts.passwords import MAX_PASSWORD, MIN_PASSWORD, password_problem
from scorekeeper.engine.lookalike import skeletons
from scorekeeper.engine.people import NameRefusedError, checked_name, normal_name
from scorekeeper.extensions import db
from scorekeeper.i18n.refusals import N_, RefusalError
from scorekeeper.store.locks import serialize
from scorekeeper.store.models import ApiToken, ClubMember, User, new_token
from scorekeeper.store.tenancy import ALL_CLUBS, current_club_id

ROLES = ("viewer", "scorekeeper", "owner")  # each may do all the ones before it
# after this many refused logins for one name or one address within the window,
# every login for it is refused (429) until the oldest falls out of the window
THROTTLE_FAILURES = 5
THROTTLE_WINDOW = timedelta(minutes=15)


class AccountError(RefusalError):
    """A refused account change or login, with the form field it is about."""


class ThrottledError(AccountError):
    """Too many refused logins: try again after ``retry_after`` seconds."""

    def __init__(self, retry_after: int) -> None:
        minutes = max(1, -(-retry_after // 60))
        if minutes == 1:
            super().__init__(
                field="name", message=N_("Too many failed logins. Try again in a minute.")
            )
        else:
            super().__init__(
                field="name",
                message=N_("Too many failed logins. Try again in {minutes} minutes."),
                minutes=minutes,
            )
        self.retry_after = retry_after


def may(role: str | None, needed: str) -> bool:
    """Whether ``role`` may do what ``needed`` may (an unknown role may do nothing).

    >>> may("owner", "scorekeeper"), may("viewer", "scorekeeper"), may(None, "viewer")
    (True, False, False)
    """
    if role not in ROLES:
        return False
    return ROLES.index(role) >= ROLES.index(needed)


# --- users ---------------------------------------------------------------------------------


def has_users() -> bool:
    """Whether the instance has an account yet (its first owner made at ``/setup``)."""
    return db.session.execute(select(User.id).limit(1)).first() is not None


def all_users() -> list[User]:
    """The current club's users, by name."""
    members = select(User).join(ClubMember).options(joinedload(User.memberships))
    return list(db.session.execute(members.order_by(User.name)).unique().scalars())


def get_user(user_id: int) -> User | None:
    """A user of the current club by id; None for anyone else."""
    if not 0 < user_id < 2**31:
        return None
    member = select(User).join(ClubMember).where(User.id == user_id)
    return db.session.execute(member.options(joinedload(User.memberships))).scalar()


def user_by_session_token(token: str) -> User | None:
    """The user a login cookie names (its token is replaced on logging out), with their
    role in the current club read in the same query."""
    if not 20 <= len(token) <= 64:
        return None
    user = select(User).where(User.session_token == token).options(joinedload(User.memberships))
    return db.session.execute(user).unique().scalar_one_or_none()


def end_logins(user: User) -> None:
    """Every login of ``user``, on every phone, ends: their cookies name nothing now."""
    user.session_token = new_token()
    db.session.commit()


def user_named(name: str) -> User | None:
    name = normal_name(name)
    return db.session.execute(select(User).where(User.name == name)).scalar_one_or_none()


def create_user(name: str, password: str, role: str) -> User:
    """A new user; refused (nothing written) with a sentence about one field."""
    user = new_user(name, password, role)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise _name_taken(user.name) from None
    return user


def new_user(name: str, password: str, role: str) -> User:
    """A new user with ``role`` in the current club, checked and added to the session,
    not committed (the caller's transaction: a club and its owner together); refused
    with a sentence about one field."""
    name = _checked_name(name)
    _check_password(password, name)
    _check_role(role)
    if user_named(name) is not None:
        raise _name_taken(name)
    _check_not_confusable(name)
    user = User(name=name, password_hash=generate_password_hash(password))
    user.memberships.append(ClubMember(role=role))
    db.session.add(user)
    return user


def _name_taken(name: str) -> AccountError:
    return AccountError(
        field="name", message=N_("There is already a user called {name!r}."), name=name
    )


# the checks on owners are made and acted on under a lock, so two phones at the same
# moment cannot both become the first owner, nor leave no owner: a thread lock for
# one server process, and the database's for several processes on PostgreSQL
_OWNERS = threading.Lock()


@contextmanager
def _owners_locked() -> Iterator[None]:
    """Check and change the owners alone; a refusal ends the transaction (and the lock)."""
    with _OWNERS:
        serialize("owners")
        try:
            yield
        except BaseException:
            db.session.rollback()
            raise


def create_first_owner(name: str, password: str) -> User:
    """The owner of a fresh instance; refused once anyone exists."""
    with _owners_locked():
        if has_users():
            raise AccountError(field="name", message=N_("This instance already has its owner."))
        return create_user(name, password, "owner")


def _checked_name(name: str) -> str:
    """``name`` as the name rule (``engine.people``) stores it, or its sentence."""
    try:
        return checked_name(name, "user")
    except NameRefusedError as error:
        raise AccountError.of_engine(error, field="name") from None


# why a password will not do (credentials.password_problem) -> the sentence
PASSWORD_PROBLEMS = {
    "spaces": N_("A password cannot be only spaces."),
    "name": N_("A password cannot be the user's name, nor hold it."),
    "app": N_("A password cannot hold this app's name (scorekeeper, pinochle)."),
    "guessable": N_(
        "This password is too easy to guess: it is one of the most common, or a repeat, "
        "a sequence, a keyboard row or a date. A few unrelated words make a good one."
    ),
}


def _check_password(password: str, name: str) -> None:
    problem = password_problem(password, name)
    if problem == "length":
        raise AccountError(
            field="password",
            message=N_("A password is {least} to {most} characters long."),
            least=MIN_PASSWORD,
            most=MAX_PASSWORD,
        )
    if problem is not None:
        raise AccountError(field="password", message=PASSWORD_PROBLEMS[problem])


def _check_not_confusable(name: str) -> None:
    """A new name that looks like an existing user's (``Оlga``, Cyrillic О, beside
    ``Olga``) is refused: one could pass for the other."""
    mine = skeletons(name)
    for other in db.session.execute(select(User.name)).scalars():
        if mine & skeletons(other):
            raise AccountError(
                field="name",
                message=N_("{name!r} looks like the name of the user {other!r}: choose another."),
                name=name,
                other=other,
            )


def _check_role(role: str) -> None:
    if role not in ROLES:
        raise AccountError(
            field="role",
            message=N_("role is one of {roles}, not {role!r}"),
            roles=", ".join(ROLES),
            role=role,
        )


def change_role(user: User, role: str) -> None:
    """Give ``user`` another role in the current club; its last owner stays an owner."""
    _check_role(role)
    with _owners_locked():
        membership = _membership(user)
        if membership.role == "owner" and role != "owner" and _owners() == 1:
            raise AccountError(
                field="role", message=N_("The last owner cannot stop being an owner.")
            )
        membership.role = role
        user.session_token = new_token()  # they log in again, to their new role
        db.session.commit()


def add_member(user: User, role: str) -> None:
    """Make ``user`` a member of the current club with ``role`` (an account of another
    club's joining this one: the command line's ``add-member``)."""
    _check_role(role)
    with _owners_locked():
        if _member_row(user) is not None:
            raise AccountError(
                field="name", message=N_("{name!r} is already a member."), name=user.name
            )
        db.session.add(ClubMember(user_id=user.id, role=role))
        db.session.commit()


def delete_user(user: User) -> None:
    """Remove ``user`` from the current club (their games stay), and their account
    with it when they belong to no other club; the last owner cannot be removed."""
    with _owners_locked():
        membership = _membership(user)
        if membership.role == "owner" and _owners() == 1:
            raise AccountError(field="role", message=N_("The last owner cannot be removed."))
        elsewhere = select(ClubMember.id).where(
            ClubMember.user_id == user.id, ClubMember.club_id != current_club_id()
        )
        if db.session.execute(elsewhere.execution_options(**{ALL_CLUBS: True})).first():
            db.session.delete(membership)  # (no role here, so nothing here)
            # their tokens for this club go with their place in it (the other clubs' stay)
            db.session.execute(delete(ApiToken).where(ApiToken.user_id == user.id))
        else:
            db.session.delete(user)  # and their membership with them
        db.session.commit()


def _member_row(user: User) -> ClubMember | None:
    """``user``'s membership of the current club, read again under the lock."""
    mine = select(ClubMember).where(ClubMember.user_id == user.id).with_for_update()
    return db.session.execute(mine).scalar()


def _membership(user: User) -> ClubMember:
    found = _member_row(user)
    if found is None:
        raise AccountError(field="name", message=N_("{name!r} is no member."), name=user.name)
    return found


def _owners() -> int:
    owners = select(func.count()).where(ClubMember.role == "owner")
    return int(db.session.execute(owners).scalar_one())


# --- logging in ----------------------------------------------------------------------------


@functools.cache
def nobody() -> str:
    """A hash checked when no user has the name, so a wrong name takes as long as a
    wrong password (the time does not tell which names exist); made on first use."""
    return generate_password_hash(secrets.token_urlsafe(16))

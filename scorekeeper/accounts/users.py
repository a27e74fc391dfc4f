"""Users and roles: the first owner, new users, a role changed, a user deleted, every
login of a user ended.

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

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from werkzeug.security import generate_password_hash

from scorekeeper.accounts.passwords import MAX_PASSWORD, MIN_PASSWORD, password_problem
from scorekeeper.engine.lookalike import skeletons
from scorekeeper.engine.people import NameRefusedError, checked_name, normal_name
from scorekeeper.extensions import db
from scorekeeper.i18n.refusals import N_, RefusalError
from scorekeeper.store.locks import serialize
from scorekeeper.store.models import User, new_token

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
    return db.session.execute(select(User.id).limit(1)).first() is not None


def all_users() -> list[User]:
    return list(db.session.execute(select(User).order_by(User.name)).scalars())


def get_user(user_id: int) -> User | None:
    return db.session.get(User, user_id) if 0 < user_id < 2**31 else None


def user_by_session_token(token: str) -> User | None:
    """The user a login cookie names (its token is replaced on logging out)."""
    if not 20 <= len(token) <= 64:
        return None
    return db.session.execute(select(User).where(User.session_token == token)).scalar_one_or_none()


def end_logins(user: User) -> None:
    """Every login of ``user``, on every phone, ends: their cookies name nothing now."""
    user.session_token = new_token()
    db.session.commit()


def user_named(name: str) -> User | None:
    name = normal_name(name)
    return db.session.execute(select(User).where(User.name == name)).scalar_one_or_none()


def create_user(name: str, password: str, role: str) -> User:
    """A new user; refused (nothing written) with a sentence about one field."""
    name = _checked_name(name)
    _check_password(password, name)
    if role not in ROLES:
        raise AccountError(
            field="role",
            message=N_("role is one of {roles}, not {role!r}"),
            roles=", ".join(ROLES),
            role=role,
        )
    if user_named(name) is not None:
        raise AccountError(
            field="name", message=N_("There is already a user called {name!r}."), name=name
        )
    _check_not_confusable(name)
    user = User(name=name, password_hash=generate_password_hash(password), role=role)
    db.session.add(user)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise AccountError(
            field="name", message=N_("There is already a user called {name!r}."), name=name
        ) from None
    return user


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


def change_role(user: User, role: str) -> None:
    """Give ``user`` another role; the last owner stays an owner."""
    if role not in ROLES:
        raise AccountError(
            field="role",
            message=N_("role is one of {roles}, not {role!r}"),
            roles=", ".join(ROLES),
            role=role,
        )
    with _owners_locked():
        db.session.refresh(user)
        if user.role == "owner" and role != "owner" and _owners() == 1:
            raise AccountError(
                field="role", message=N_("The last owner cannot stop being an owner.")
            )
        user.role = role
        user.session_token = new_token()  # they log in again, to their new role
        db.session.commit()


def delete_user(user: User) -> None:
    """Remove ``user`` (their games stay); the last owner cannot be removed."""
    with _owners_locked():
        db.session.refresh(user)
        if user.role == "owner" and _owners() == 1:
            raise AccountError(field="role", message=N_("The last owner cannot be removed."))
        db.session.delete(user)
        db.session.commit()


def _owners() -> int:
    return int(db.session.execute(select(func.count()).where(User.role == "owner")).scalar_one())


# --- logging in ----------------------------------------------------------------------------


@functools.cache
def nobody() -> str:
    """A hash checked when no user has the name, so a wrong name takes as long as a
    wrong password (the time does not tell which names exist); made on first use."""
    return generate_password_hash(secrets.token_urlsafe(16))

"""Users, roles, login throttling and share links: the writes behind the accounts.

Passwords are kept only as werkzeug hashes (scrypt). Roles are ordered: an
``owner`` may do all a ``scorekeeper`` may, who may do all a ``viewer`` may.
Every refusal is an ``AccountError`` with the form field it is about.
"""

from __future__ import annotations

import functools
import hashlib
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from .credentials import MAX_PASSWORD, MIN_PASSWORD, password_problem, skeletons
from .engine.people import NAME_LIMIT, NameRefusedError, checked_name, normal_name
from .extensions import db
from .i18n import N_, RefusalError
from .locks import serialize
from .models import ApiToken, LoginFailure, ShareLink, User, new_token, utcnow

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
def _nobody() -> str:
    """A hash checked when no user has the name, so a wrong name takes as long as a
    wrong password (the time does not tell which names exist); made on first use."""
    return generate_password_hash(secrets.token_urlsafe(16))


def log_in(name: str, password: str, address: str, now: datetime | None = None) -> User:
    """The user ``name`` when ``password`` is theirs; refused with a sentence otherwise,
    and refused outright (``ThrottledError``) while the name or the address is throttled.

    The attempt is counted as a failure before the password is checked (and forgotten
    when it was right), so guesses sent all at once are throttled too.
    """
    now = now or utcnow()
    name = " ".join(name.split())[:NAME_LIMIT]
    address = address[:64]
    attempt = _counted_attempt(name, address, now)
    user = user_named(name)
    hashed = user.password_hash if user is not None else _nobody()
    if not check_password_hash(hashed, password[:MAX_PASSWORD]) or user is None:
        raise AccountError(field="password", message=N_("Wrong name or password."))
    db.session.delete(attempt)
    db.session.commit()
    return user


def _counted_attempt(name: str, address: str, now: datetime) -> LoginFailure:
    """The attempt, recorded as a failure; ``ThrottledError`` (nothing recorded) when the
    name or the address already has ``THROTTLE_FAILURES`` within the window.

    "Count the attempt and check the count" is one step under the database's lock
    (``serialize``: every thread and every server process waits for it, at most
    ``DATABASE_LOCK_TIMEOUT``, then 503), held until the attempt is committed and
    released before the slow password check; so a burst of guesses for one name gets
    exactly ``THROTTLE_FAILURES`` checks. No lock of the process's own: logins waiting
    in a queue behind one would each add the database's timeout to the next one's wait.
    """
    serialize("logins")
    try:
        _check_throttle(name, address, now)
    except ThrottledError:
        db.session.commit()  # the forgotten failures; the lock ends
        raise
    attempt = LoginFailure(name=name, address=address, at=now)
    db.session.add(attempt)
    db.session.commit()  # the attempt counts from now on; the lock ends
    return attempt


def _check_throttle(name: str, address: str, now: datetime) -> None:
    """Forget the failures older than the window; refuse when the name or the address
    has too many within it (the caller holds the lock and commits)."""
    since = now - THROTTLE_WINDOW
    db.session.execute(delete(LoginFailure).where(LoginFailure.at < since))
    for column, value in ((LoginFailure.name, name), (LoginFailure.address, address)):
        recent = list(
            db.session.execute(
                select(LoginFailure.at)
                .where(column == value, LoginFailure.at >= since)
                .order_by(LoginFailure.at.desc())
                .limit(THROTTLE_FAILURES)
            ).scalars()
        )
        if len(recent) >= THROTTLE_FAILURES:
            free_at = recent[-1] + THROTTLE_WINDOW
            raise ThrottledError(max(1, int((free_at - now).total_seconds())))


# --- share links ---------------------------------------------------------------------------


def share_link(game_id: int) -> ShareLink | None:
    """The game's live (not revoked) share link, if it has one."""
    return db.session.execute(
        select(ShareLink).where(ShareLink.game_id == game_id, ShareLink.revoked_at.is_(None))
    ).scalar_one_or_none()


def create_share_link(game_id: int) -> ShareLink:
    """The game's share link: the live one, or a new one with an unguessable token
    (the database keeps one live link per game: a second tap finds the first's)."""
    link = share_link(game_id)
    if link is not None:
        return link
    db.session.add(ShareLink(game_id=game_id, token=new_token()))
    try:
        db.session.commit()
    except IntegrityError:  # made meanwhile by another tap
        db.session.rollback()
    made = share_link(game_id)
    assert made is not None
    return made


def revoke_share_link(game_id: int) -> bool:
    """Stop the game's share link at once; whether there was one."""
    revoked = db.session.execute(
        update(ShareLink)
        .where(ShareLink.game_id == game_id, ShareLink.revoked_at.is_(None))
        .values(revoked_at=utcnow())
    )
    db.session.commit()
    return bool(revoked.rowcount)  # type: ignore[attr-defined]


def shared_game_id(token: str) -> int | None:
    """The game a live share link's token opens, or None (unknown or revoked)."""
    if not 20 <= len(token) <= 64:
        return None
    return db.session.execute(
        select(ShareLink.game_id).where(ShareLink.token == token, ShareLink.revoked_at.is_(None))
    ).scalar_one_or_none()


# --- API tokens ------------------------------------------------------------------------------

API_TOKEN_PREFIX = "skp_"  # tells a scorekeeper token apart in a config file or a leak scan
API_TOKEN_USE_INTERVAL = timedelta(hours=1)  # how often "last used" is written


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def create_api_token(user: User, label: str) -> tuple[ApiToken, str]:
    """A new API token for ``user``, and the token itself: shown this once, since only
    its hash is kept."""
    try:
        label = checked_name(label, "label")
    except NameRefusedError as error:
        raise AccountError.of_engine(error, field="label") from None
    token = API_TOKEN_PREFIX + secrets.token_urlsafe(32)
    row = ApiToken(user_id=user.id, label=label, token_hash=_token_hash(token))
    db.session.add(row)
    db.session.commit()
    return row, token


def api_tokens(user: User) -> list[ApiToken]:
    return list(
        db.session.execute(
            select(ApiToken).where(ApiToken.user_id == user.id).order_by(ApiToken.id)
        ).scalars()
    )


def revoke_api_token(user: User, token_id: int) -> bool:
    """Stop one of ``user``'s tokens at once; whether it was theirs to stop."""
    if not 0 < token_id < 2**31:  # no id is larger (PostgreSQL's INTEGER)
        return False
    revoked = db.session.execute(
        delete(ApiToken).where(ApiToken.id == token_id, ApiToken.user_id == user.id)
    )
    db.session.commit()
    return bool(revoked.rowcount)  # type: ignore[attr-defined]


def user_by_api_token(token: str, now: datetime | None = None) -> User | None:
    """The user an ``Authorization: Bearer`` token stands for, or None."""
    if not token.startswith(API_TOKEN_PREFIX) or len(token) > 100:
        return None
    row = db.session.execute(
        select(ApiToken).where(ApiToken.token_hash == _token_hash(token))
    ).scalar_one_or_none()
    if row is None:
        return None
    now = now or utcnow()
    if row.last_used_at is None or now - row.last_used_at > API_TOKEN_USE_INTERVAL:
        row.last_used_at = now
        db.session.commit()
    return row.user

"""Logging in, and the throttle: after ``THROTTLE_FAILURES`` refused logins for one name
or one address within ``THROTTLE_WINDOW``, every login for it is refused (429) until
the oldest falls out of the window.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select
from werkzeug.security import check_password_hash

from scorekeeper.accounts.passwords import MAX_PASSWORD
from scorekeeper.accounts.users import (
    THROTTLE_FAILURES,
    THROTTLE_WINDOW,
    AccountError,
    ThrottledError,
    nobody,
    user_named,
)
from scorekeeper.engine.people import NAME_LIMIT
from scorekeeper.extensions import db
from scorekeeper.i18n.refusals import N_
from scorekeeper.store.locks import serialize
from scorekeeper.store.models import LoginFailure, User, utcnow


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
    hashed = user.password_hash if user is not None else nobody()
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

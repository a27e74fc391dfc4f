"""Logging in, and the throttle: after ``THROTTLE_FAILURES`` refused logins for one name
or one address within ``THROTTLE_WINDOW``, every login for it is refused (429) until
the oldest falls out of the window.

The throttle counts failures, not attempts. Each password check holds a place (a
``LoginFailure`` row marked ``pending``) while it runs: a right password gives its
place back, a wrong one turns it into a failure. A login finding as many failures and
checks under way as the throttle allows waits for those checks to end, then counts
again; so simultaneous right passwords all pass, and a burst of wrong ones still gets
exactly ``THROTTLE_FAILURES`` checks. A check a killed process left under way counts as
a failure after ``PENDING_STALE``.

When the database cannot be written (a full disk, a read-only database), a login is
still checked: the failures stored so far and those of this process since (kept in
memory, ``UNRECORDED``) are counted, a right password logs in, a wrong one is refused
and remembered in memory. The first login once it can be written again writes those
down before it counts, so a guesser gains nothing from the disk's recovery.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from datetime import datetime, timedelta

from sqlalchemy import delete, or_, select
from sqlalchemy.exc import DBAPIError
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
from scorekeeper.store.writable import cannot_write

PENDING_STALE = timedelta(minutes=1)  # a check still under way after this has failed
WAIT_STEP = 0.02  # seconds between looks while other checks are under way
WAIT_MOST = 10.0  # seconds a login waits for them, at most (then: try again shortly)
WAITED_TOO_LONG = 5  # the Retry-After of a login that waited so long


def log_in(name: str, password: str, address: str, now: datetime | None = None) -> User:
    """The user ``name`` when ``password`` is theirs; refused with a sentence otherwise,
    and refused outright (``ThrottledError``) while the name or the address is throttled.
    """
    now = now or utcnow()
    name = " ".join(name.split())[:NAME_LIMIT]
    address = address[:64]
    try:
        _write_down_unrecorded(now)
        place = _place(name, address, now)
    except DBAPIError as error:
        if cannot_write(error) is None:
            raise
        db.session.rollback()
        return UNRECORDED.log_in(name, password, address, now)
    user = _checked(name, password)
    _settle(place, failed=user is None, name=name, address=address, now=now)
    if user is None:
        raise AccountError(field="password", message=N_("Wrong name or password."))
    return user


def _write_down_unrecorded(now: datetime) -> None:
    """The failures this process counted in memory while the database could not be
    written, stored (those still within the window); kept in memory if it still cannot."""
    taken = UNRECORDED.unwritten_now()
    if not taken:
        return
    try:
        db.session.add_all(
            LoginFailure(name=name, address=address, at=at, pending=False)
            for name, address, at in taken
            if at >= now - THROTTLE_WINDOW
        )
        db.session.commit()
    except BaseException:
        db.session.rollback()  # still counted in memory meanwhile: nothing is forgotten
        raise
    UNRECORDED.forget(taken)  # stored: the database counts them from now on


def _checked(name: str, password: str) -> User | None:
    """The user when the password is theirs (a name nobody has is checked against a
    dummy hash, so the time taken does not tell which names exist)."""
    user = user_named(name)
    hashed = user.password_hash if user is not None else nobody()
    if not check_password_hash(hashed, password[:MAX_PASSWORD]) or user is None:
        return None
    return user


def _place(name: str, address: str, now: datetime) -> int:
    """A place for one password check (its pending row's id), or ``ThrottledError``.

    "Count and take a place" is one step under the database's lock (``serialize``:
    every thread and every server process waits for it, at most
    ``DATABASE_LOCK_TIMEOUT``, then 503), released before the slow password check and
    while waiting for the checks under way.
    """
    deadline = time.monotonic() + WAIT_MOST
    while True:
        serialize("logins")
        db.session.execute(delete(LoginFailure).where(LoginFailure.at < now - THROTTLE_WINDOW))
        failures, pending, retry_after = _counts(name, address, now)
        if failures >= THROTTLE_FAILURES:
            db.session.commit()  # the forgotten failures; the lock ends
            raise ThrottledError(retry_after)
        if failures + pending < THROTTLE_FAILURES:
            place = LoginFailure(name=name, address=address, at=now, pending=True)
            db.session.add(place)
            db.session.commit()  # the check holds its place from now on; the lock ends
            return place.id
        db.session.commit()  # the lock ends while the checks under way finish
        if time.monotonic() > deadline:
            raise ThrottledError(WAITED_TOO_LONG)
        time.sleep(WAIT_STEP)


def _counts(name: str, address: str, now: datetime) -> tuple[int, int, int]:
    """The most failures and the most checks under way of the name and of the address
    within the window, and the seconds until the oldest of the failures that throttle
    falls out of it."""
    since, stale = now - THROTTLE_WINDOW, now - PENDING_STALE
    most_failed = most_pending = 0
    retry_after = 1
    for column, value in ((LoginFailure.name, name), (LoginFailure.address, address)):
        rows = db.session.execute(
            select(LoginFailure.at, LoginFailure.pending)
            .where(column == value, LoginFailure.at >= since)
            .order_by(LoginFailure.at.desc())
        ).all()
        failed = [at for at, pending in rows if not pending or at < stale]
        most_failed = max(most_failed, len(failed))
        most_pending = max(most_pending, len(rows) - len(failed))
        if len(failed) >= THROTTLE_FAILURES:
            free_at = failed[THROTTLE_FAILURES - 1] + THROTTLE_WINDOW
            retry_after = max(retry_after, int((free_at - now).total_seconds()))
    return most_failed, most_pending, retry_after


def _settle(place: int, failed: bool, name: str, address: str, now: datetime) -> None:
    """The check's place given back (a right password) or turned into a failure."""
    table = LoginFailure.__table__
    try:
        if failed:
            db.session.execute(table.update().where(table.c.id == place).values(pending=False))
        else:
            db.session.execute(table.delete().where(table.c.id == place))
        db.session.commit()
    except DBAPIError as error:  # the disk filled meanwhile: counted in memory instead
        if cannot_write(error) is None:
            raise
        db.session.rollback()
        if failed:
            UNRECORDED.fail(name, address, now)


class Unrecorded:
    """The throttle of logins the database cannot record (a full disk, a read-only
    database): the failures stored before, and this process's since, in memory."""

    def __init__(self) -> None:
        self.lock = threading.Condition()
        self.failures: dict[str, list[datetime]] = defaultdict(list)
        self.pending: dict[str, int] = defaultdict(int)
        self.unwritten: list[tuple[str, str, datetime]] = []  # (name, address, when)

    def log_in(self, name: str, password: str, address: str, now: datetime) -> User:
        keys = (f"name:{name}", f"address:{address}")
        stored = _stored_failures(name, address, now)
        self._hold(keys, stored, now)
        try:
            user = _checked(name, password)
        finally:
            with self.lock:
                for key in keys:
                    self.pending[key] -= 1
                self.lock.notify_all()
        if user is None:
            self.fail(name, address, now)
            raise AccountError(field="password", message=N_("Wrong name or password."))
        return user

    def _hold(
        self, keys: tuple[str, str], stored: dict[str, list[datetime]], now: datetime
    ) -> None:
        deadline = time.monotonic() + WAIT_MOST
        with self.lock:
            while True:
                failed = {key: self._recent(key, now) + stored[key] for key in keys}
                most = max(len(found) for found in failed.values())
                if most >= THROTTLE_FAILURES:
                    oldest = min(
                        sorted(found, reverse=True)[THROTTLE_FAILURES - 1]
                        for found in failed.values()
                        if len(found) >= THROTTLE_FAILURES
                    )
                    free_at = oldest + THROTTLE_WINDOW
                    raise ThrottledError(max(1, int((free_at - now).total_seconds())))
                if most + max(self.pending[key] for key in keys) < THROTTLE_FAILURES:
                    for key in keys:
                        self.pending[key] += 1
                    return
                if not self.lock.wait(max(0.0, deadline - time.monotonic())):
                    raise ThrottledError(WAITED_TOO_LONG)

    def _recent(self, key: str, now: datetime) -> list[datetime]:
        kept = [at for at in self.failures[key] if at >= now - THROTTLE_WINDOW]
        self.failures[key] = kept
        return list(kept)

    def fail(self, name: str, address: str, now: datetime) -> None:
        with self.lock:
            self.unwritten.append((name, address, now))
            for key in (f"name:{name}", f"address:{address}"):
                self.failures[key].append(now)

    def unwritten_now(self) -> list[tuple[str, str, datetime]]:
        """The failures not yet stored (still counted here until ``forget``)."""
        with self.lock:
            return list(self.unwritten)

    def forget(self, stored: list[tuple[str, str, datetime]]) -> None:
        """``stored`` are in the database now: no longer counted here (a failure counted
        meanwhile stays)."""
        with self.lock:
            for name, address, at in stored:
                self.unwritten.remove((name, address, at))
                for key in (f"name:{name}", f"address:{address}"):
                    if at in self.failures[key]:
                        self.failures[key].remove(at)

    def clear(self) -> None:
        """Nothing counted here (a test's fresh start)."""
        with self.lock:
            self.unwritten.clear()
            self.failures.clear()


UNRECORDED = Unrecorded()


def _stored_failures(name: str, address: str, now: datetime) -> dict[str, list[datetime]]:
    """The failures stored within the window, by name and by address (a read only)."""
    rows = db.session.execute(
        select(LoginFailure.name, LoginFailure.address, LoginFailure.at).where(
            LoginFailure.at >= now - THROTTLE_WINDOW,
            or_(LoginFailure.name == name, LoginFailure.address == address),
        )
    ).all()
    db.session.rollback()  # no transaction left open while the password is checked
    return {
        f"name:{name}": [at for found, _where, at in rows if found == name],
        f"address:{address}": [at for _who, found, at in rows if found == address],
    }

"""Share links (a game read by anyone who has its link) and API tokens (a user's
programs, each token kept only as its hash).
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError

from scorekeeper.accounts.users import AccountError
from scorekeeper.engine.people import NameRefusedError, checked_name
from scorekeeper.extensions import db
from scorekeeper.store.locks import is_lock_timeout, quick_write
from scorekeeper.store.models import ApiToken, ShareLink, User, new_token, utcnow
from scorekeeper.store.tenancy import ALL_CLUBS, in_club
from scorekeeper.store.writable import cannot_write

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


def api_token_holder(token: str, now: datetime | None = None) -> tuple[int, int] | None:
    """The club and the user (ids) an ``Authorization: Bearer`` token stands for, or
    None. A token is looked for in every club: it names its club, whose rows the
    request then reads (``web.api_access``)."""
    if not token.startswith(API_TOKEN_PREFIX) or len(token) > 100:
        return None
    row = db.session.execute(
        select(ApiToken.id, ApiToken.club_id, ApiToken.user_id, ApiToken.last_used_at)
        .where(ApiToken.token_hash == _token_hash(token))
        .execution_options(**{ALL_CLUBS: True})
    ).one_or_none()
    if row is None:
        return None
    now = now or utcnow()
    if row.last_used_at is None or now - row.last_used_at > API_TOKEN_USE_INTERVAL:
        with in_club(row.club_id):  # the token's row is its club's (row security)
            _note_use(row.id, now)
    return row.club_id, row.user_id


def _note_use(token_id: int, now: datetime) -> None:
    """Record a token's last use, unless another write holds the database's lock or the
    database cannot be written (a full disk, read-only): a read never waits for a
    write, and the use is written on a later request."""
    table = ApiToken.__table__
    try:
        with quick_write() as connection:
            connection.execute(
                table.update().where(table.c.id == token_id).values(last_used_at=now)
            )
    except DBAPIError as error:
        if not (is_lock_timeout(error) or cannot_write(error)):
            raise

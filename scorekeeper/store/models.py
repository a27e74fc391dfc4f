"""The stored facts: players, games, their sides and seats, hands, hand edits, seasons.

Totals, outcomes and winners are derived by the engine's replay
(``games.stored.replay_game``). The ``*Outcome`` tables keep what the replay made of
each game, rewritten with every change, so the statistics can be summed by the
database.
"""

from __future__ import annotations

import secrets
from datetime import UTC, date, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    DDL,
    JSON,
    ForeignKey,
    Index,
    String,
    Text,
    UniqueConstraint,
    event,
    false,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.extensions import db
from scorekeeper.store import row_security  # noqa: F401  # the second wall, with the tables
from scorekeeper.store.tenancy import ClubOwned


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def new_token() -> str:
    return secrets.token_urlsafe(32)


def new_game_key() -> str:
    """A game's identity beyond its number: every write aimed at a game carries it, so
    a page or a phone's queue left over from a deleted game never writes into another
    (12 characters, 72 random bits: not a secret, only never the same twice)."""
    return secrets.token_urlsafe(9)


# SQLite gives a table's largest id again once its row is deleted, unless the table is
# AUTOINCREMENT: every id that leaves the server (in an address, a form, a phone's
# queue, a program's hands) is never given out twice
NEVER_AGAIN: dict[str, Any] = {"sqlite_autoincrement": True}


class Club(db.Model):  # type: ignore[name-defined,misc]
    """A club: what every club-owned row belongs to (the tenant, docs/hosting.md). An
    instance starts with one, the default club (``tenancy.DEFAULT_CLUB_ID``), which holds
    every row until there are more."""

    __tablename__ = "club"
    __table_args__ = (NEVER_AGAIN,)

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(40), unique=True)  # its addresses' /c/<slug>/
    name: Mapped[str] = mapped_column(String(60))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


# the default club's row, as the migration that brought clubs writes it; a database made
# from the models (``create_all``: the tests, the benchmarks) gets it the same way
DEFAULT_CLUB_ROW = (
    "INSERT INTO club (slug, name, created_at) VALUES ('club', 'Our club', CURRENT_TIMESTAMP)"
)
event.listen(Club.__table__, "after_create", DDL(DEFAULT_CLUB_ROW))


class Player(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """Someone who plays; names are remembered and suggested for the next game."""

    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("club_id", "name"), NEVER_AGAIN)  # a name per club

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    def __repr__(self) -> str:
        return f"<Player {self.name!r}>"


class Game(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """One game: the full rule set it started with, its sides, seats and hands."""

    __tablename__ = "game"
    # the order ratings are played in (and the seasons' date ranges)
    __table_args__ = (
        Index("ix_game_played_order", "played_on", "created_at", "id"),
        # one rematch per game: a double tap on Rematch finds the one already made
        Index("uq_game_rematch_of_id", "rematch_of_id", unique=True),
        Index("uq_game_key", "key", unique=True),
        Index("ix_game_club_id", "club_id"),  # a club's games
        NEVER_AGAIN,
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    # what a write aimed at this game carries besides its id (``new_game_key``)
    key: Mapped[str] = mapped_column(String(16), default=new_game_key)
    ruleset: Mapped[str] = mapped_column(String(40))
    # every house-rule option's value, so a later change to a preset never rewrites it
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    first_dealer_seat: Mapped[int] = mapped_column(default=0)
    played_on: Mapped[date] = mapped_column(default=lambda: utcnow().date())
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    # one more with every change to the game's row (each hand recorded, corrected or
    # deleted writes it): a write made from an older version is refused, so two
    # phones changing the game at once never overwrite each other
    version: Mapped[int] = mapped_column(default=1, server_default=text("1"))
    # the language its printed sheet is in (i18n.LANGUAGES): chosen at the start,
    # the creator's by default, changeable later
    language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    # the finished game this one is the rematch of (not a foreign key: deleting that
    # game leaves the rematch as it is)
    rematch_of_id: Mapped[int | None] = mapped_column(default=None)
    # a club table's game its round closed before it was over: the event's rule for it
    # (engine.club.unfinished), which the season's figures count it by as the night's
    # standings do; None for every other game
    stopped: Mapped[str | None] = mapped_column(String(20), default=None)

    __mapper_args__: ClassVar[dict[str, Any]] = {"version_id_col": version}

    sides: Mapped[list[GameSide]] = relationship(
        back_populates="game", order_by="GameSide.position", cascade="all, delete-orphan"
    )
    seats: Mapped[list[Seat]] = relationship(
        back_populates="game", order_by="Seat.position", cascade="all, delete-orphan"
    )
    hands: Mapped[list[Hand]] = relationship(
        back_populates="game", order_by="Hand.number", cascade="all, delete-orphan"
    )
    edits: Mapped[list[HandEdit]] = relationship(
        back_populates="game", order_by="HandEdit.id", cascade="all, delete-orphan"
    )

    def __repr__(self) -> str:
        return f"<Game {self.id} {self.ruleset}>"


class GameSide(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """A side of a game (a partnership, or one player in two-hand and cutthroat)."""

    __tablename__ = "game_side"
    __table_args__ = (UniqueConstraint("game_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    position: Mapped[int]
    name: Mapped[str] = mapped_column(String(60))

    game: Mapped[Game] = relationship(back_populates="sides")


class Seat(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """A player's place at the table: clockwise position and side."""

    __tablename__ = "seat"
    __table_args__ = (
        UniqueConstraint("game_id", "position"),
        UniqueConstraint("game_id", "player_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    position: Mapped[int]
    side: Mapped[int]
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))

    game: Mapped[Game] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship()


class Hand(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """One recorded hand, field for field as in the game file (per-side values in lists)."""

    __tablename__ = "hand"
    __table_args__ = (UniqueConstraint("game_id", "number"), NEVER_AGAIN)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    bidder_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    bid: Mapped[int | None]
    trump: Mapped[str | None] = mapped_column(String(1))
    meld: Mapped[list[int] | None] = mapped_column(JSON)
    counters: Mapped[list[int] | None] = mapped_column(JSON)
    thrown_in: Mapped[bool] = mapped_column(default=False)
    passed_out: Mapped[bool] = mapped_column(default=False)
    no_marriage: Mapped[bool] = mapped_column(default=False)
    took_trick: Mapped[list[bool] | None] = mapped_column(JSON)
    all_tricks: Mapped[int | None]
    meld_chips: Mapped[list[int] | None] = mapped_column(JSON)
    meld_cards: Mapped[dict[str, str] | None] = mapped_column(JSON)
    # house rules (docs/rules.md §7): the side that reneged; a misdeal (the same dealer deals
    # again); the bidder shot the moon; time was called during the hand
    renege: Mapped[int | None]
    misdeal: Mapped[bool] = mapped_column(default=False, server_default=false())
    moon: Mapped[bool] = mapped_column(default=False, server_default=false())
    time_called: Mapped[bool] = mapped_column(default=False, server_default=false())
    # auction pinochle: whether the bidder made the bid (None where it is not asked)
    made: Mapped[bool | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    game: Mapped[Game] = relationship(back_populates="hands")
    bidder: Mapped[Player | None] = relationship()


class HandEdit(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """The history of a game's hands: every add, edit and delete, with before and after."""

    __tablename__ = "hand_edit"
    __table_args__ = (NEVER_AGAIN,)  # its id is in the "Put hand N back" form

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    action: Mapped[str] = mapped_column(String(10))  # added, edited, deleted, put_back
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # the director's reason for correcting a locked game's hand (a club table
    # confirmed, or its round closed); None for an ordinary change
    reason: Mapped[str | None] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(default=utcnow)

    game: Mapped[Game] = relationship(back_populates="edits")


class HandOutcome(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """What the engine's replay made of one hand, for one side.

    Derived, not a fact: rewritten by the ``games`` area in the same transaction as every
    change to a game's hands, so statistics can be aggregated by the database.
    """

    __tablename__ = "hand_outcome"
    __table_args__ = (UniqueConstraint("game_id", "number", "side"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    side: Mapped[int]
    outcome: Mapped[str] = mapped_column(String(12))  # scoring.OUTCOMES: made, set, ...
    bidding: Mapped[bool]  # this side won the auction
    bidder_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    bid: Mapped[int | None]
    meld: Mapped[int | None]
    counters: Mapped[int | None]
    points: Mapped[int]
    total: Mapped[int]
    chips: Mapped[int | None]


class GameOutcome(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """What the engine's replay made of a whole game (derived, like ``HandOutcome``)."""

    __tablename__ = "game_outcome"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
    )
    hands: Mapped[int]
    finished: Mapped[bool]
    went_out: Mapped[int | None]
    winner: Mapped[int | None]  # the side that won; None while playing or for a draw
    draw: Mapped[bool]
    target: Mapped[int]


class PlayerOutcome(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """One player's share of one game summed (derived, like ``HandOutcome``): what the
    season statistics add up, a row per player and game instead of a row per hand."""

    __tablename__ = "player_outcome"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), primary_key=True, index=True)
    side: Mapped[int]
    # the other player of a two-player side (partnerships are counted from it)
    partner_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    finished: Mapped[bool]
    won: Mapped[bool]
    drawn: Mapped[bool]
    hands: Mapped[int]  # hands the player's side played
    points: Mapped[int]  # points their side scored in them
    best_hand: Mapped[int | None]
    chips: Mapped[int]
    bids: Mapped[int]  # hands the player won the auction
    bids_made: Mapped[int]
    sets: Mapped[int]
    throw_ins: Mapped[int]
    bid_total: Mapped[int]
    # Elo: how much this game moved the player's rating, over all games in order and
    # over the games of this game's rule set only (NULL until the ``games`` area rates it)
    rating_change: Mapped[float | None]
    ruleset_rating_change: Mapped[float | None]


class BidOutcome(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """One game's bids at one bid level summed (derived, like ``HandOutcome``): the
    bidding statistics read a row per game and level instead of a row per hand."""

    __tablename__ = "bid_outcome"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
    )
    level: Mapped[int] = mapped_column(primary_key=True)  # RuleSet.bid_level of the bid
    bids: Mapped[int]
    made: Mapped[int]
    sets: Mapped[int]
    throw_ins: Mapped[int]
    played: Mapped[int]  # hands played out with counters recorded
    bidder_counters: Mapped[int]  # the bidding side's counters in those hands
    defender_counters: Mapped[int]  # the other sides' counters together


class User(db.Model):  # type: ignore[name-defined,misc]
    """Someone who may log in, to every club they are a member of: an ``owner``, a
    ``scorekeeper`` or a ``viewer`` in each (``ClubMember``). The account is the
    instance's; the role is the current club's."""

    __tablename__ = "user_account"
    __table_args__ = (NEVER_AGAIN,)

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    # what a login cookie carries: random, and replaced on logging out or a new role,
    # so an old cookie (a lost phone, a removed user) opens nothing
    session_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # their membership of the current club (every query is scoped to it, the lazy load
    # too: store/tenancy.py), so one at most: read once, in the club current then (a
    # request's club, set before its user is read), and kept with the row
    memberships: Mapped[list[ClubMember]] = relationship(
        back_populates="user", cascade="all, delete-orphan", passive_deletes=True
    )

    # what Flask-Login asks of a user
    is_authenticated = True
    is_active = True
    is_anonymous = False

    def get_id(self) -> str:
        return self.session_token

    @property
    def role(self) -> str | None:
        """Their role in the current club; None when they are not a member of it."""
        return self.memberships[0].role if self.memberships else None


class ClubMember(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """A user's place in a club: their role there (``accounts.users.ROLES``)."""

    __tablename__ = "club_member"
    __table_args__ = (UniqueConstraint("club_id", "user_id"), NEVER_AGAIN)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True
    )
    role: Mapped[str] = mapped_column(String(12))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    user: Mapped[User] = relationship(back_populates="memberships")


class ShareLink(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """A read-only link to one game's live scoreboard, for the players' own phones."""

    __tablename__ = "share_link"
    # at most one live link per game (a double tap on Share makes one)
    __table_args__ = (
        Index(
            "ux_share_link_live",
            "game_id",
            unique=True,
            sqlite_where=text("revoked_at IS NULL"),
            postgresql_where=text("revoked_at IS NULL"),
        ),
        NEVER_AGAIN,
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    token: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    revoked_at: Mapped[datetime | None]


class LoginFailure(db.Model):  # type: ignore[name-defined,misc]
    """A refused login, kept a while to slow down guessing (by name and by address);
    or, ``pending``, a login's password being checked."""

    __tablename__ = "login_failure"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60), index=True)
    address: Mapped[str] = mapped_column(String(64), index=True)
    at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    # a password check under way holds its place here (accounts/logins.py): a right
    # password gives it back, a wrong one makes it a failure
    pending: Mapped[bool] = mapped_column(default=False, server_default=false())


class Season(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """A named range of days (e.g. "Winter 2026"); a game belongs to the season its
    ``played_on`` falls in. "All time" and calendar years need no row."""

    __tablename__ = "season"
    __table_args__ = (UniqueConstraint("club_id", "name"), NEVER_AGAIN)  # a name per club

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    starts_on: Mapped[date]
    ends_on: Mapped[date]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class ApiToken(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """A key a program sends (``Authorization: Bearer …``) to use the JSON API as
    its user, with the user's role. Only its SHA-256 is kept: the token itself is
    shown once, when it is made."""

    __tablename__ = "api_token"
    __table_args__ = (NEVER_AGAIN,)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True
    )
    label: Mapped[str] = mapped_column(String(60))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_used_at: Mapped[datetime | None]

    user: Mapped[User] = relationship()


class IdempotencyKey(db.Model):  # type: ignore[name-defined,misc]
    """The answer to an API request sent with an ``Idempotency-Key``: the same key
    again (a retry after a lost answer) gets this answer, and records nothing."""

    __tablename__ = "idempotency_key"
    __table_args__ = (UniqueConstraint("scope", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    scope: Mapped[str] = mapped_column(String(20))  # whose key: "user:<id>", or "anyone"
    key: Mapped[str] = mapped_column(String(200))
    request_hash: Mapped[str] = mapped_column(String(64))  # the method, path and body
    status: Mapped[int]
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)

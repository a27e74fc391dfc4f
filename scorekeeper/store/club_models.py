"""The stored facts of club nights: events, their entrants, rounds, tables and seats,
byes and the director's adjustments (docs/event-format.md).

Each table's game is an ordinary stored ``Game``: the table points at it
(``EventTable.game_id``), the game knows nothing of the event. So the games area and
everything that reads games (the scoreboard, the sheets, the statistics) stay as they
are, an unplayed table is a row without a game, and deleting a game from the games
list leaves its table unplayed (``SET NULL``) rather than the night without a round.
Standings are never stored: the engine ranks the stored games
(``club.events.event_standings``). The tables share ``models``' metadata.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String, Text, UniqueConstraint, false, text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.extensions import db
from scorekeeper.store.models import NEVER_AGAIN, Game, Player, new_game_key, utcnow
from scorekeeper.store.tenancy import DEFAULT_CLUB_ID, ClubOwned, current_club_id


class Event(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """A club night or a tournament: its rules, kind, standing order and bye rule."""

    __tablename__ = "club_event"
    __table_args__ = (
        Index("uq_club_event_key", "key", unique=True),
        Index("ix_club_event_club_id", "club_id"),  # a club's nights
        NEVER_AGAIN,
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    # what a write aimed at this event carries besides its id, as a game's key
    key: Mapped[str] = mapped_column(String(16), default=new_game_key)
    name: Mapped[str] = mapped_column(String(60))
    date: Mapped[date | None]
    kind: Mapped[str] = mapped_column(String(12))  # events.KINDS
    ruleset: Mapped[str] = mapped_column(String(40))
    # every house-rule option's value, as a game's ``rules``
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    standing_order: Mapped[str] = mapped_column(String(12))  # events.STANDING_ORDERS
    bye_rule: Mapped[str] = mapped_column(String(20))  # events.BYE_RULES
    rounds_count: Mapped[int]
    # minutes each round may last (engine.club.events.TIME_LIMITS); None: no limit, no clock
    time_limit: Mapped[int | None]
    # what a game counts for when its round is closed before it is over
    # (engine.club.unfinished.UNFINISHED_RULES; the new-night form offers ahead_wins
    # first, a file without it means nothing_counts)
    unfinished_tables: Mapped[str] = mapped_column(
        String(20), default="nothing_counts", server_default="nothing_counts"
    )
    # the night's prizes (engine.club.prizes): each entrant's fee in cents and the
    # percentages by place as typed ("50,30,20"); both None: no prizes
    entry_fee_cents: Mapped[int | None]
    prize_percentages: Mapped[str | None] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    entrants: Mapped[list[Entrant]] = relationship(
        order_by="Entrant.position", cascade="all, delete-orphan"
    )
    rounds: Mapped[list[EventRound]] = relationship(
        order_by="EventRound.number", cascade="all, delete-orphan"
    )
    adjustments: Mapped[list[Adjustment]] = relationship(
        order_by="Adjustment.position", cascade="all, delete-orphan"
    )


class Entrant(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """Who plays: a known player (progressive), or a fixed team of two (teams)."""

    __tablename__ = "club_entrant"
    __table_args__ = (
        UniqueConstraint("event_id", "position"),
        UniqueConstraint("event_id", "name"),
        NEVER_AGAIN,
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("club_event.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int]  # the order of the event's list of entrants
    name: Mapped[str] = mapped_column(String(60))
    # the player (progressive), or a team's first player
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    # a team's second player; None in progressive
    partner_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"), index=True)

    # the first round a withdrawn entrant no longer plays (None: plays on); the rounds
    # before it stay as played (club.entrants)
    withdrawn_before: Mapped[int | None]
    # a late arrival the director lets play at once: someone there from the start may
    # sit out for them (else a late arrival sits out first; engine movement_changes)
    plays_at_once: Mapped[bool] = mapped_column(default=False, server_default=false())

    player: Mapped[Player] = relationship(foreign_keys=[player_id])
    partner: Mapped[Player | None] = relationship(foreign_keys=[partner_id])


class EventRound(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """One round of an event: its tables and its byes."""

    __tablename__ = "club_round"
    __table_args__ = (UniqueConstraint("event_id", "number"), NEVER_AGAIN)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("club_event.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int]
    # when the round was last seated: its clock starts there (club.seating); None for a
    # round not seated, or seated before the clock was kept
    seated_at: Mapped[datetime | None]
    # the director's: time called (every table's next hand is its last), the round
    # closed, and why when a table was still playing (club.rounds)
    time_called_at: Mapped[datetime | None]
    closed_at: Mapped[datetime | None]
    closed_reason: Mapped[str | None] = mapped_column(Text)

    tables: Mapped[list[EventTable]] = relationship(
        order_by="EventTable.number", cascade="all, delete-orphan"
    )
    byes: Mapped[list[Bye]] = relationship(order_by="Bye.position", cascade="all, delete-orphan")


class EventTable(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """A table of a round: its seats and its game (None while unplayed)."""

    __tablename__ = "club_table"
    __table_args__ = (
        UniqueConstraint("round_id", "number"),
        # a game is played at one table
        Index("uq_club_table_game_id", "game_id", unique=True),
        NEVER_AGAIN,
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(
        ForeignKey("club_round.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int]
    game_id: Mapped[int | None] = mapped_column(ForeignKey("game.id", ondelete="SET NULL"))
    # a player of the table confirmed its game's totals once it was over: when, and
    # their name as seated (club.confirm); its hands are then the director's to correct.
    # The latest of its ``confirmations`` (the lock and the pages ask these two)
    confirmed_at: Mapped[datetime | None]
    confirmed_by: Mapped[str | None] = mapped_column(String(60))
    # the sides whose players recorded a hand here on a table code's phone ("0" North-
    # South, "1" East-West, "01" both): the other side confirms (engine.club.confirming)
    kept_by: Mapped[str] = mapped_column(String(2), default="", server_default="")

    seats: Mapped[list[EventSeat]] = relationship(
        order_by="EventSeat.position", cascade="all, delete-orphan"
    )
    confirmations: Mapped[list[TableConfirmation]] = relationship(
        order_by="TableConfirmation.id", cascade="all, delete-orphan", lazy="selectin"
    )
    game: Mapped[Game | None] = relationship()


class TableConfirmation(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """One confirmation of a table's totals, kept for good (club.confirm): the player's
    name as seated, and the director's account name when the director tapped it on
    that player's behalf. A correction after it asks the table for another."""

    __tablename__ = "club_confirmation"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(
        ForeignKey("club_table.id", ondelete="CASCADE"), index=True
    )
    name: Mapped[str] = mapped_column(String(60))
    director: Mapped[str | None] = mapped_column(String(60))
    at: Mapped[datetime] = mapped_column(default=utcnow)


class EventSeat(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """An entrant's seat at a table: 0 North, 1 East, 2 South, 3 West (teams: 0 the
    North-South team, 1 the East-West team)."""

    __tablename__ = "club_seat"
    __table_args__ = (UniqueConstraint("table_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(
        ForeignKey("club_table.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int]
    entrant_id: Mapped[int] = mapped_column(
        ForeignKey("club_entrant.id", ondelete="CASCADE"), index=True
    )

    entrant: Mapped[Entrant] = relationship()


class Bye(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """An entrant who sits a round out and gets a bye (the event's bye rule)."""

    __tablename__ = "club_bye"
    __table_args__ = (
        UniqueConstraint("round_id", "position"),
        UniqueConstraint("round_id", "entrant_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(
        ForeignKey("club_round.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int]
    entrant_id: Mapped[int] = mapped_column(
        ForeignKey("club_entrant.id", ondelete="CASCADE"), index=True
    )

    entrant: Mapped[Entrant] = relationship()


class Adjustment(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """The director's points for or against an entrant in a round, with the reason."""

    __tablename__ = "club_adjustment"
    __table_args__ = (UniqueConstraint("event_id", "position"), NEVER_AGAIN)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("club_event.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int]  # the order of the event's list of adjustments
    entrant_id: Mapped[int] = mapped_column(
        ForeignKey("club_entrant.id", ondelete="CASCADE"), index=True
    )
    round: Mapped[int]  # the round's number
    points: Mapped[int]
    reason: Mapped[str] = mapped_column(Text)  # any length: the engine sets none
    # the reason shows on the club's public results (web/results.py); never otherwise
    public: Mapped[bool] = mapped_column(default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    entrant: Mapped[Entrant] = relationship()


# --- the club's season: its results' settings and its competitions across nights ---------


class ClubSetting(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """One of the club's settings by name (``club.results``: who reads the results, and
    whether the standings wait for the night's last round); a setting with no row has
    its default."""

    __tablename__ = "club_setting"

    club_id: Mapped[int] = mapped_column(  # ClubOwned's, and a part of the key
        ForeignKey("club.id"),
        primary_key=True,
        default=current_club_id,
        server_default=text(str(DEFAULT_CLUB_ID)),
    )
    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class Competition(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """A competition across nights (a ladder, a league): how its nights add up
    (engine/club/league.py) and which nights count: every night of ``season`` (its days),
    or the nights chosen (``CompetitionNight``). Its table is never stored: the engine
    adds up the nights' standings each time it is read."""

    __tablename__ = "competition"
    __table_args__ = (
        Index("uq_competition_key", "key", unique=True),
        Index("ix_competition_club_id", "club_id"),  # a club's competitions
        NEVER_AGAIN,
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    # its public address (the club's results pages), as a night's key
    key: Mapped[str] = mapped_column(String(16), default=new_game_key)
    name: Mapped[str] = mapped_column(String(60))
    score: Mapped[str] = mapped_column(String(10))  # league.SCORES
    place_points: Mapped[str] = mapped_column(Text, default="")  # "10,8,6.5", as typed
    best: Mapped[int | None]
    drop: Mapped[int] = mapped_column(default=0)
    min_nights: Mapped[int] = mapped_column(default=0)
    season_id: Mapped[int | None] = mapped_column(
        ForeignKey("season.id", ondelete="SET NULL"), index=True
    )
    locked_at: Mapped[datetime | None]  # final: its table shown as final
    archived_at: Mapped[datetime | None]  # listed with the past ones
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    nights: Mapped[list[CompetitionNight]] = relationship(
        order_by="CompetitionNight.event_id", cascade="all, delete-orphan"
    )


class CompetitionNight(ClubOwned, db.Model):  # type: ignore[name-defined,misc]
    """A night chosen for a competition (a competition of a season has none)."""

    __tablename__ = "competition_night"

    competition_id: Mapped[int] = mapped_column(
        ForeignKey("competition.id", ondelete="CASCADE"), primary_key=True
    )
    event_id: Mapped[int] = mapped_column(
        ForeignKey("club_event.id", ondelete="CASCADE"), primary_key=True, index=True
    )

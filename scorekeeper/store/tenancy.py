"""Whose rows: the current club, and every ORM statement scoped to it in one place
(issue 33, item 4a; docs/hosting.md).

A row a club owns is a ``ClubOwned`` model's: its ``club_id`` is the current club's
when it is written without one. Every ORM ``SELECT``, ``UPDATE`` and ``DELETE`` a
session runs gets the criterion ``club_id = <the current club>`` for each club-owned
entity it touches (SQLAlchemy's ``with_loader_criteria``, added by the session's
``do_orm_execute`` hook): the joined and the lazily loaded rows too. A query written
tomorrow is scoped without asking; a model gets it by being a ``ClubOwned``
(``tests/test_clubs.py`` fails for a table with a ``club_id`` that is not one, and for a
table without one that is not named as the instance's).

The current club is a context variable: the default club (id 1) unless the caller is
inside ``in_club``. Not scoped: statements on a table rather than a model (the few
writes by ids already read through the scoped ORM, and the bulk inserts, whose rows get
the current club by the column's default) and SQL text; and a statement run with the
execution option ``ALL_CLUBS`` (the instance's own reads).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token

from sqlalchemy import ForeignKey, Integer, bindparam, event, text
from sqlalchemy.orm import Mapped, ORMExecuteState, Session, mapped_column, with_loader_criteria

DEFAULT_CLUB_ID = 1  # the first club's id, which a new table's sequence gives it
ALL_CLUBS = "all_clubs"  # an execution option: this statement reads every club's rows

_current: ContextVar[int] = ContextVar("current_club", default=DEFAULT_CLUB_ID)


def current_club_id() -> int:
    """The club whose rows are read and written here and now."""
    return _current.get()


@contextmanager
def in_club(club_id: int) -> Iterator[None]:
    """Read and write ``club_id``'s rows inside the block (the previous club's after)."""
    token = enter_club(club_id)
    try:
        yield
    finally:
        leave_club(token)


def enter_club(club_id: int) -> Token[int]:
    """Read and write ``club_id``'s rows from now on, until ``leave_club`` is given the
    token (a request's club: entered before it, left after it, in the same thread)."""
    return _current.set(club_id)


def leave_club(token: Token[int]) -> None:
    _current.reset(token)


class ClubOwned:
    """A row one club owns: its ``club_id``, the current club's when none is given (the
    default club's for a row written by SQL text, the column's server default)."""

    club_id: Mapped[int] = mapped_column(
        ForeignKey("club.id"), default=current_club_id, server_default=text(str(DEFAULT_CLUB_ID))
    )


# one option for every club: its SQL is compiled once and cached, the club a bound
# parameter whose value is asked of ``current_club_id`` at each execution (a lambda
# closing over the club was re-run at each one: 70 µs more for a simple SELECT, half its
# time). The parameter's callable is what a relationship's lazy load and the session's
# own evaluation of an UPDATE's or DELETE's criteria (``synchronize_session``) use too.
_CLUB = bindparam("current_club_id", callable_=current_club_id, type_=Integer)
_SCOPED = with_loader_criteria(
    ClubOwned, lambda model: model.club_id == _CLUB, include_aliases=True
)


@event.listens_for(Session, "do_orm_execute")
def _scoped(state: ORMExecuteState) -> None:
    """Every ORM statement reads and changes the current club's rows only. A lazy or
    a deferred load carries the criterion of the statement that loaded its row (the
    option propagates to loaders)."""
    if state.execution_options.get(ALL_CLUBS):
        if state.is_update or state.is_delete:  # every club's rows read, never changed, at once
            raise ValueError("ALL_CLUBS is for reads: an UPDATE or DELETE is the current club's")
        return
    if (state.is_select or state.is_update or state.is_delete) and not (
        state.is_relationship_load or state.is_column_load
    ):
        state.statement = state.statement.options(_SCOPED)

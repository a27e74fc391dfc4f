"""The second wall: PostgreSQL's row-level security on every club-owned table (issue 33,
item 4b; docs/hosting.md, step 4).

Each table with a ``club_id`` gets two policies:

- ``club_rows``: a row is read, changed, deleted or written only when its club is the
  transaction's (the setting ``scorekeeper.club``);
- ``all_clubs_read``: a row is read whatever its club when the setting says ``all``:
  the instance's own reads (``tenancy.ALL_CLUBS``: an API token's holder, a night key
  taken anywhere, a user's clubs), which never write.

The setting is the connection's business, not the code's: before each statement on
PostgreSQL, the connection's transaction is told the current club (or ``all``) when it
has not been told yet (``SELECT set_config(..., true)``, one round trip a transaction,
gone with the transaction's end). A query that forgets its club therefore still reads
the current club's rows only, as long as the app's database role is subject to the
policies: neither a superuser nor ``BYPASSRLS``, nor the tables' owner (the policies are
not forced, so the owner, who runs the migrations, reads every club).

A database made from the models (``create_all``: the tests, the benchmarks) gets the
policies the migration ``f7c9e1a3b5d8`` gives an existing one; SQLite has no such thing,
and the first wall (``tenancy``) is its only one.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import DDL, Connection, Engine, MetaData, Table, event

from scorekeeper.extensions import db
from scorekeeper.store.tenancy import ALL_CLUBS, current_club_id

SETTING = "scorekeeper.club"  # the transaction's club, or ALL
ALL = "all"
_TOLD = "scorekeeper_club_told"  # the connection's info: what its transaction was told
_SAVEPOINTS = ("SAVEPOINT ", "ROLLBACK TO SAVEPOINT ", "RELEASE SAVEPOINT ")
_THE_CLUBS = f"club_id::text = current_setting('{SETTING}', true)"


def policies(table: str) -> list[str]:
    """The statements that wall ``table`` (a quoted name) off by club."""
    return [
        f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY",
        f"CREATE POLICY club_rows ON {table} USING ({_THE_CLUBS}) WITH CHECK ({_THE_CLUBS})",
        f"CREATE POLICY all_clubs_read ON {table} FOR SELECT "
        f"USING (current_setting('{SETTING}', true) = '{ALL}')",
    ]


def club_owned(table: Table) -> bool:
    """Whether ``table``'s rows are a club's (``tenancy.ClubOwned``: a ``club_id``)."""
    return "club_id" in table.c


@event.listens_for(db.metadata, "after_create")
def _wall_off(metadata: MetaData, connection: Connection, **kw: Any) -> None:
    """``create_all`` on PostgreSQL: the policies on each club-owned table it made."""
    if connection.dialect.name != "postgresql":
        return
    quote = connection.dialect.identifier_preparer.quote
    for table in kw.get("tables", metadata.sorted_tables):
        if club_owned(table):
            for statement in policies(quote(table.name)):
                connection.execute(DDL(statement))  # (a mock engine's too: the tests')


@event.listens_for(Engine, "before_cursor_execute")
def _tell_the_club(
    connection: Connection,
    _cursor: Any,
    statement: str,
    _parameters: Any,
    context: Any,
    _executemany: bool,
) -> None:
    """On PostgreSQL: the transaction told its club before its first statement, and
    again when the club (or ``ALL_CLUBS``) changes within it."""
    if connection.dialect.name != "postgresql" or statement.startswith(_SAVEPOINTS):
        return  # (told inside a savepoint, by the statement after it: see below)
    every = context is not None and context.execution_options.get(ALL_CLUBS)
    wanted = ALL if every else str(current_club_id())
    info = connection.info
    driver = connection.connection.dbapi_connection
    if info.get(_TOLD) == wanted and not _between_transactions(driver):
        return
    driver.execute("SELECT set_config(%s, %s, true)", (SETTING, wanted))  # a cursor of its own
    info[_TOLD] = wanted


def _between_transactions(driver: Any) -> bool:
    """Whether no transaction is open: the next statement begins one, untold."""
    return bool(driver.info.transaction_status == 0)  # psycopg's pq.TransactionStatus.IDLE


@event.listens_for(Engine, "rollback_savepoint")
def _savepoint_undone(connection: Connection, *_args: Any) -> None:
    """A savepoint rolled back takes back what was told since it: the statement after
    it tells again (its own ``ROLLBACK TO SAVEPOINT`` tells nothing, or the rollback
    would take that back too)."""
    connection.info.pop(_TOLD, None)

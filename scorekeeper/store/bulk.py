"""Rows written many at once, their new ids read back in the same statement.

``insert_returning`` writes a table's rows in one statement and answers each row's id
by a key of its own columns (a game's ``key``, a table's round and number): SQLAlchemy
sends the rows in batches of many with ``RETURNING`` when their order need not be kept,
while asking for the order makes SQLite write them one statement each (1,000 games: 1,000
statements).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Table, insert

from scorekeeper.extensions import db


def insert_returning(table: Table, rows: Sequence[dict[str, Any]], by: Sequence[str]) -> list[int]:
    """Write ``rows`` into ``table`` (not committed); their ids in the rows' order.
    ``by``: columns whose values tell the rows apart (refused when two rows share them)."""
    if not rows:
        return []
    keys = [tuple(row[name] for name in by) for row in rows]
    if len(set(keys)) != len(keys):
        raise ValueError(f"rows of {table.name} alike in {', '.join(by)}")
    written = db.session.execute(
        insert(table).returning(table.c.id, *(table.c[name] for name in by)), rows
    )
    ids = {tuple(found[1:]): found[0] for found in written}
    return [ids[key] for key in keys]


def insert_rows(table: Table, rows: Sequence[dict[str, Any]]) -> None:
    """Write ``rows`` into ``table`` in one statement (not committed)."""
    if rows:
        db.session.execute(insert(table), rows)

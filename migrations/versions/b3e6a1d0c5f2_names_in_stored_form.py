"""names in stored form: every name already stored follows the one name rule

Revision ID: b3e6a1d0c5f2
Revises: 9d4f2c81a7b6
Create Date: 2026-12-01 13:30:00.000000

Names stored before the rule (engine/people.py) may hold trailing spaces, control or
direction characters, or only invisible ones; such a database's backup would be refused
on restore. Each is put in the form the rule stores: normalised, what the rule refuses
replaced by a space, cut to the limit; a name left with nothing visible becomes
"Player 7" (its row's id). Where a repaired name is one another row already has (a
player "Ann " beside "Ann"), it gets " (2)" so no two players are merged: which one is
which stays the club's to say. A renamed player's name is changed where hands key meld
cards by it. The hands' history keeps the names as they were typed then.

Downgrade changes nothing back: the names as first typed are not kept.
"""

import unicodedata

from alembic import op
import sqlalchemy as sa

from scorekeeper.engine.people import (
    DIRECTION,
    NAME_LIMIT,
    NameRefusedError,
    checked_name,
    normal_name,
)


# revision identifiers, used by Alembic.
revision = "b3e6a1d0c5f2"
down_revision = "9d4f2c81a7b6"
branch_labels = None
depends_on = None

FALLBACK = {
    "player": "Player",
    "side": "Side",
    "season": "Season",
    "user": "User",
    "label": "Token",
}
# table, column, whose name (people.FIELDS), how uniqueness compares (None: not unique)
NAMES = [
    ("player", "name", "player", str),
    ("user_account", "name", "user", str),
    ("season", "name", "season", str.casefold),
    ("game_side", "name", "side", None),
    ("api_token", "label", "label", None),
]


def repaired(text, whose):
    """``text`` in stored form, or None when nothing of it can be kept."""
    try:
        return checked_name(text, whose)
    except NameRefusedError:
        pass
    kept = "".join(
        " " if unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp") or char in DIRECTION else char
        for char in text
    )
    try:
        return checked_name(normal_name(kept)[:NAME_LIMIT], whose)
    except NameRefusedError:
        return None


def free(name, taken, key):
    """``name``, or ``name (2)``, ``(3)``… when another row has it."""
    candidate, number = name, 2
    while key(candidate) in taken:
        suffix = f" ({number})"
        candidate = name[: NAME_LIMIT - len(suffix)].rstrip() + suffix
        number += 1
    taken.add(key(candidate))
    return candidate


def new_names(rows, whose, key):
    """{row id: new name} for the rows whose stored name is not in stored form."""
    fixed = {row_id: repaired(name, whose) for row_id, name in rows}
    changed = {row_id for row_id, name in rows if fixed[row_id] != name}
    taken = {key(name) for row_id, name in rows if row_id not in changed} if key else set()
    renamed = {}
    for row_id in sorted(changed):
        name = fixed[row_id] or f"{FALLBACK[whose]} {row_id}"
        renamed[row_id] = free(name, taken, key) if key else name
    return renamed


def upgrade():
    connection = op.get_bind()
    players = {}
    for table_name, column, whose, key in NAMES:
        table = sa.table(table_name, sa.column("id", sa.Integer), sa.column(column, sa.String))
        rows = connection.execute(sa.select(table.c.id, table.c[column])).all()
        renamed = new_names(rows, whose, key)
        old = dict(rows)
        for row_id, name in renamed.items():
            connection.execute(table.update().where(table.c.id == row_id).values({column: name}))
        if table_name == "player":
            players = {old[row_id]: name for row_id, name in renamed.items()}
    if players:
        _rename_meld_cards(connection, players)


def _rename_meld_cards(connection, players):
    hand = sa.table("hand", sa.column("id", sa.Integer), sa.column("meld_cards", sa.JSON))
    rows = connection.execute(
        sa.select(hand.c.id, hand.c.meld_cards).where(hand.c.meld_cards.is_not(None))
    ).all()
    for hand_id, cards in rows:
        if isinstance(cards, dict) and any(name in players for name in cards):
            renamed = {players.get(name, name): held for name, held in cards.items()}
            connection.execute(hand.update().where(hand.c.id == hand_id).values(meld_cards=renamed))


def downgrade():
    pass  # the names as first typed are not kept (see above)

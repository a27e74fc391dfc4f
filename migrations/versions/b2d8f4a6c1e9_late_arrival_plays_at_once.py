"""a late arrival the director lets play at once

Revision ID: b2d8f4a6c1e9
Revises: a5c9e1f7d3b2
Create Date: 2026-12-05 11:20:00

Issue 30, item 4: a late arrival sits out before anyone who was there from the start,
unless the director lets them play at once. One column of club_entrant, false for the
entrants stored so far (so their nights' plans change only for rounds not seated yet,
and only where a late arrival would have taken an on-time player's seat); the
downgrade drops it.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b2d8f4a6c1e9'
down_revision = 'a5c9e1f7d3b2'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('club_entrant', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('plays_at_once', sa.Boolean(), server_default=sa.false(), nullable=False)
        )


# a table rebuilt on SQLite keeps AUTOINCREMENT: its ids are never given twice
# (NEVER_AGAIN, e1a7c3b95d20); other databases ignore it
KEPT_IDS = {'sqlite_autoincrement': True}


def downgrade():
    with op.batch_alter_table('club_entrant', schema=None, table_kwargs=KEPT_IDS) as batch_op:
        batch_op.drop_column('plays_at_once')

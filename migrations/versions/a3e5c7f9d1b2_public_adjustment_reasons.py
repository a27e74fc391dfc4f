"""an adjustment's reason may be shown on the club's public results

Revision ID: a3e5c7f9d1b2
Revises: c7e2a9f4b1d3
Create Date: 2026-12-06 02:00:00

Issue 32, item 1: the public results carry no adjustment's reason unless the director
marks it public (club_adjustment.public). The adjustments stored so far stay private.
The downgrade drops the column.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a3e5c7f9d1b2'
down_revision = 'c7e2a9f4b1d3'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('club_adjustment', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('public', sa.Boolean(), server_default=sa.false(), nullable=False)
        )


# a table rebuilt on SQLite keeps AUTOINCREMENT: its ids are never given twice
# (NEVER_AGAIN, e1a7c3b95d20); other databases ignore it
KEPT_IDS = {'sqlite_autoincrement': True}


def downgrade():
    with op.batch_alter_table('club_adjustment', schema=None, table_kwargs=KEPT_IDS) as batch_op:
        batch_op.drop_column('public')

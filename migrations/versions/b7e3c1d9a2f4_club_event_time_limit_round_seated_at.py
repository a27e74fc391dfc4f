"""a club night's time limit per round, and when each round was seated

Revision ID: b7e3c1d9a2f4
Revises: 9d2f4b6a8c13
Create Date: 2026-12-02 05:50:00

Issue 25, items 1 and 3: a club night may give each round a time limit (minutes), and
the round's clock starts when it is seated. One column of club_event and one of
club_round, empty on the rows already stored (no limit; a round seated before this
revision shows no clock); the downgrade drops them.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b7e3c1d9a2f4'
down_revision = '9d2f4b6a8c13'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('club_event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('time_limit', sa.Integer(), nullable=True))
    with op.batch_alter_table('club_round', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seated_at', sa.DateTime(), nullable=True))


# a table rebuilt on SQLite keeps AUTOINCREMENT: its ids are never given twice
# (NEVER_AGAIN, e1a7c3b95d20); other databases ignore it
KEPT_IDS = {'sqlite_autoincrement': True}


def downgrade():
    with op.batch_alter_table('club_round', schema=None, table_kwargs=KEPT_IDS) as batch_op:
        batch_op.drop_column('seated_at')
    with op.batch_alter_table('club_event', schema=None, table_kwargs=KEPT_IDS) as batch_op:
        batch_op.drop_column('time_limit')

"""a club night's round: time called, closed, and why; an entrant withdrawn

Revision ID: 9d2f4b6a8c13
Revises: 7c1e5a9d3b24
Create Date: 2026-12-02 03:40:00

Issue 25, item 3: the director calls time on a round (each table's next hand is its
last) and closes it, with a reason when a table was still playing; an entrant who
leaves between rounds is withdrawn from a round on. Three columns of club_round and one
of club_entrant, empty on the rows already stored; the downgrade drops them (the
rounds, entrants, tables and games stay).
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '9d2f4b6a8c13'
down_revision = '7c1e5a9d3b24'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('club_round', schema=None) as batch_op:
        batch_op.add_column(sa.Column('time_called_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('closed_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('closed_reason', sa.Text(), nullable=True))
    with op.batch_alter_table('club_entrant', schema=None) as batch_op:
        batch_op.add_column(sa.Column('withdrawn_before', sa.Integer(), nullable=True))


# a table rebuilt on SQLite keeps AUTOINCREMENT: its ids are never given twice
# (NEVER_AGAIN, e1a7c3b95d20); other databases ignore it
KEPT_IDS = {'sqlite_autoincrement': True}


def downgrade():
    with op.batch_alter_table('club_entrant', schema=None, table_kwargs=KEPT_IDS) as batch_op:
        batch_op.drop_column('withdrawn_before')
    with op.batch_alter_table('club_round', schema=None, table_kwargs=KEPT_IDS) as batch_op:
        batch_op.drop_column('closed_reason')
        batch_op.drop_column('closed_at')
        batch_op.drop_column('time_called_at')

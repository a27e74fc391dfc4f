"""a night's prizes: the entry fee and the percentages by place

Revision ID: b4f6d8e0a2c4
Revises: a3e5c7f9d1b2
Create Date: 2026-12-06 02:40:00

Issue 32, item 4: a night may pay prizes from its entry fees, split by place on its
result sheet (engine/club/prizes.py): club_event.entry_fee_cents and
club_event.prize_percentages ("50,30,20"), both null for a night without prizes, as
every night stored so far. The downgrade drops both columns.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b4f6d8e0a2c4'
down_revision = 'a3e5c7f9d1b2'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('club_event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('entry_fee_cents', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('prize_percentages', sa.String(length=100), nullable=True))


# a table rebuilt on SQLite keeps AUTOINCREMENT: its ids are never given twice
# (NEVER_AGAIN, e1a7c3b95d20); other databases ignore it
KEPT_IDS = {'sqlite_autoincrement': True}


def downgrade():
    with op.batch_alter_table('club_event', schema=None, table_kwargs=KEPT_IDS) as batch_op:
        batch_op.drop_column('prize_percentages')
        batch_op.drop_column('entry_fee_cents')

"""a club table's totals confirmed, and why a hand was corrected

Revision ID: c8f4d2e0b3a5
Revises: b7e3c1d9a2f4
Create Date: 2026-12-02 06:00:00

Issue 25, item 4: when a table's game is over, a player of the other side confirms
its totals (when, and the name as seated); a confirmed table's hands are then
corrected by the director only, with a reason kept in the game's history (item 3).
Two columns of club_table and one of hand_edit, empty on the rows already stored; the
downgrade drops them (the tables, games and their history stay).
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c8f4d2e0b3a5'
down_revision = 'b7e3c1d9a2f4'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('club_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('confirmed_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('confirmed_by', sa.String(length=60), nullable=True))
    with op.batch_alter_table('hand_edit', schema=None) as batch_op:
        batch_op.add_column(sa.Column('reason', sa.Text(), nullable=True))


# a table rebuilt on SQLite keeps AUTOINCREMENT: its ids are never given twice
# (NEVER_AGAIN, e1a7c3b95d20); other databases ignore it
KEPT_IDS = {'sqlite_autoincrement': True}


def downgrade():
    with op.batch_alter_table('hand_edit', schema=None, table_kwargs=KEPT_IDS) as batch_op:
        batch_op.drop_column('reason')
    with op.batch_alter_table('club_table', schema=None, table_kwargs=KEPT_IDS) as batch_op:
        batch_op.drop_column('confirmed_by')
        batch_op.drop_column('confirmed_at')

"""the hand fields of the house rules and of auction pinochle

Revision ID: c4d7e2f9a1b8
Revises: b3e6a1d0c5f2
Create Date: 2026-12-01 15:40:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c4d7e2f9a1b8'
down_revision = 'b3e6a1d0c5f2'
branch_labels = None
depends_on = None

FLAGS = ('misdeal', 'moon', 'time_called')


def upgrade():
    # plain ALTER TABLE, not batch mode: SQLite would copy the hand table (see 7c1e0a2b9f3d)
    op.add_column('hand', sa.Column('renege', sa.Integer(), nullable=True))
    for flag in FLAGS:
        op.add_column(
            'hand', sa.Column(flag, sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    op.add_column('hand', sa.Column('made', sa.Boolean(), nullable=True))


def downgrade():
    op.drop_column('hand', 'made')
    for flag in reversed(FLAGS):
        op.drop_column('hand', flag)
    op.drop_column('hand', 'renege')

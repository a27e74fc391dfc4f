"""one rematch per game

Revision ID: 9d4f2c81a7b6
Revises: 7c1e0a2b9f3d
Create Date: 2026-11-30 02:50:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '9d4f2c81a7b6'
down_revision = '7c1e0a2b9f3d'
branch_labels = None
depends_on = None


def upgrade():
    # plain ALTER TABLE, not batch mode: SQLite would copy the game table, and dropping
    # the old one would delete every hand through the foreign keys' ON DELETE CASCADE
    op.add_column('game', sa.Column('rematch_of_id', sa.Integer(), nullable=True))
    op.create_index('uq_game_rematch_of_id', 'game', ['rematch_of_id'], unique=True)


def downgrade():
    op.drop_index('uq_game_rematch_of_id', table_name='game')
    op.drop_column('game', 'rematch_of_id')  # SQLite 3.35 and later drop a column in place

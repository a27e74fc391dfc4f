"""the language of a game's printed sheet

Revision ID: 7c1e0a2b9f3d
Revises: ed9bafb4382d
Create Date: 2026-11-30 01:20:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '7c1e0a2b9f3d'
down_revision = 'ed9bafb4382d'
branch_labels = None
depends_on = None


def upgrade():
    # plain ALTER TABLE, not batch mode: SQLite would copy the game table, and dropping
    # the old one would delete every hand through the foreign keys' ON DELETE CASCADE
    op.add_column(
        'game', sa.Column('language', sa.String(length=8), server_default='en', nullable=False)
    )


def downgrade():
    op.drop_column('game', 'language')  # SQLite 3.35 and later drop a column in place

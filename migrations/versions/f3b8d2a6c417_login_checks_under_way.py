"""a login's password check under way holds its place in login_failure (pending)

Revision ID: f3b8d2a6c417
Revises: e1a7c3b95d20
Create Date: 2026-12-06 12:00:00.000000

The throttle counted every attempt as a failure until its check ended, so correct
logins at the same moment were throttled (issue 22, item 3); a check under way now
holds a pending row, which a right password deletes and a wrong one settles.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'f3b8d2a6c417'
down_revision = 'e1a7c3b95d20'
branch_labels = None
depends_on = None


def upgrade():
    # plain ALTER TABLE: a column with a default needs no copy of the table
    op.add_column(
        'login_failure',
        sa.Column('pending', sa.Boolean(), server_default=sa.false(), nullable=False),
    )


def downgrade():
    # a check under way counted as the failure it was before
    op.drop_column('login_failure', 'pending')  # SQLite 3.35 and later drop a column in place

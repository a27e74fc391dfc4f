"""what a table stopped by the clock counts for

Revision ID: d6a3f1c8e2b7
Revises: b2d8f4a6c1e9
Create Date: 2026-12-05 14:10:00

Issue 30, item 5: each night has a rule for a table whose round is closed before its
game is over (club_event.unfinished_tables: ahead_wins, totals_count or
nothing_counts), and such a game keeps the rule it was stopped by (game.stopped), so
the season's figures count it as the night's standings do. The nights stored so far
get nothing_counts, what their standings did until now (as a file without the field
does; the new-night form offers ahead_wins first); no game is marked stopped. The
downgrade drops both columns.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd6a3f1c8e2b7'
down_revision = 'b2d8f4a6c1e9'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('club_event', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                'unfinished_tables', sa.String(length=20), server_default='nothing_counts',
                nullable=False,
            )
        )
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('stopped', sa.String(length=20), nullable=True))


# a table rebuilt on SQLite keeps AUTOINCREMENT: its ids are never given twice
# (NEVER_AGAIN, e1a7c3b95d20); other databases ignore it
KEPT_IDS = {'sqlite_autoincrement': True}


def downgrade():
    with op.batch_alter_table('game', schema=None, table_kwargs=KEPT_IDS) as batch_op:
        batch_op.drop_column('stopped')
    with op.batch_alter_table('club_event', schema=None, table_kwargs=KEPT_IDS) as batch_op:
        batch_op.drop_column('unfinished_tables')

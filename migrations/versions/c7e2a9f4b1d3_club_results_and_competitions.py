"""the club's results settings and its competitions across nights

Revision ID: c7e2a9f4b1d3
Revises: d6a3f1c8e2b7
Create Date: 2026-12-05 23:10:00

Issue 32: the club's settings by name (club_setting: who reads the results, whether
the standings wait for a night's last round; none stored: the results are off, as
before), and its competitions (competition: how its nights add up, its season or
its chosen nights in competition_night, locked and archived). New tables only: the
nights stored so far are untouched; the downgrade drops the three tables.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c7e2a9f4b1d3'
down_revision = 'd6a3f1c8e2b7'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'club_setting',
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('value', sa.String(length=200), nullable=False),
        sa.PrimaryKeyConstraint('name'),
    )
    op.create_table(
        'competition',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('key', sa.String(length=16), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('score', sa.String(length=10), nullable=False),
        sa.Column('place_points', sa.Text(), nullable=False),
        sa.Column('best', sa.Integer(), nullable=True),
        sa.Column('drop', sa.Integer(), nullable=False),
        sa.Column('min_nights', sa.Integer(), nullable=False),
        sa.Column('season_id', sa.Integer(), nullable=True),
        sa.Column('locked_at', sa.DateTime(), nullable=True),
        sa.Column('archived_at', sa.DateTime(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['season_id'], ['season.id'], ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id'),
        sqlite_autoincrement=True,  # its ids are never given twice (NEVER_AGAIN)
    )
    with op.batch_alter_table('competition', schema=None) as batch_op:
        batch_op.create_index('uq_competition_key', ['key'], unique=True)
        batch_op.create_index(batch_op.f('ix_competition_season_id'), ['season_id'], unique=False)
    op.create_table(
        'competition_night',
        sa.Column('competition_id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['competition_id'], ['competition.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['event_id'], ['club_event.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('competition_id', 'event_id'),
    )
    with op.batch_alter_table('competition_night', schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f('ix_competition_night_event_id'), ['event_id'], unique=False
        )


def downgrade():
    with op.batch_alter_table('competition_night', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_competition_night_event_id'))
    op.drop_table('competition_night')
    with op.batch_alter_table('competition', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_competition_season_id'))
        batch_op.drop_index('uq_competition_key')
    op.drop_table('competition')
    op.drop_table('club_setting')

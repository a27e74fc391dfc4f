"""every confirmation of a club table's totals kept, with the director who tapped it

Revision ID: a5c9e1f7d3b2
Revises: c8f4d2e0b3a5
Create Date: 2026-12-05 11:00:00

Issue 30, item 2: a table's totals are confirmed by a player of the side that did not
keep score, or by the director on a named player's behalf; a correction after that
asks the table to confirm again. Each confirmation is a row of club_confirmation (the
player's name, the director's account name or none, when), never deleted; club_table's
confirmed_at and confirmed_by go on repeating the latest. The upgrade copies each table
confirmed so far as its first confirmation. club_table.kept_by says which sides recorded
a hand there on a table code's phone (empty for the tables so far: their phones' own
players stand for it). The downgrade drops both (club_table keeps the latest
confirmation).
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a5c9e1f7d3b2'
down_revision = 'c8f4d2e0b3a5'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('club_table', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('kept_by', sa.String(length=2), server_default='', nullable=False)
        )
    op.create_table(
        'club_confirmation',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('table_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('director', sa.String(length=60), nullable=True),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['table_id'], ['club_table.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('club_confirmation', schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f('ix_club_confirmation_table_id'), ['table_id'], unique=False
        )
    op.execute(
        "INSERT INTO club_confirmation (table_id, name, director, at) "
        "SELECT id, confirmed_by, NULL, confirmed_at FROM club_table "
        "WHERE confirmed_at IS NOT NULL AND confirmed_by IS NOT NULL ORDER BY id"
    )


# a table rebuilt on SQLite keeps AUTOINCREMENT: its ids are never given twice
# (NEVER_AGAIN, e1a7c3b95d20); other databases ignore it
KEPT_IDS = {'sqlite_autoincrement': True}


def downgrade():
    with op.batch_alter_table('club_confirmation', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_confirmation_table_id'))
    op.drop_table('club_confirmation')
    with op.batch_alter_table('club_table', schema=None, table_kwargs=KEPT_IDS) as batch_op:
        batch_op.drop_column('kept_by')

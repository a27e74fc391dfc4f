"""club nights stored: events, entrants, rounds, tables and seats, byes, adjustments

Revision ID: 7c1e5a9d3b24
Revises: f3b8d2a6c417
Create Date: 2026-12-02 00:57:01.705124

Issue 24, item 4: a pinochle-event/1 document kept in the database. Each table's
game is an ordinary game row; the table points at it (club_table.game_id, SET NULL
when the game is deleted), so no game table changes. Ids are never given out twice
(SQLite AUTOINCREMENT) like the other tables whose ids leave the server. The
downgrade drops the club's tables, and with them the events; their games stay.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '7c1e5a9d3b24'
down_revision = 'f3b8d2a6c417'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('club_event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(length=16), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.Column('date', sa.Date(), nullable=True),
    sa.Column('kind', sa.String(length=12), nullable=False),
    sa.Column('ruleset', sa.String(length=40), nullable=False),
    sa.Column('rules', sa.JSON(), nullable=False),
    sa.Column('standing_order', sa.String(length=12), nullable=False),
    sa.Column('bye_rule', sa.String(length=20), nullable=False),
    sa.Column('rounds_count', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_club_event')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('club_event', schema=None) as batch_op:
        batch_op.create_index('uq_club_event_key', ['key'], unique=True)

    op.create_table('club_entrant',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('partner_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['event_id'], ['club_event.id'], name=op.f('fk_club_entrant_event_id_club_event'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['partner_id'], ['player.id'], name=op.f('fk_club_entrant_partner_id_player')),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_club_entrant_player_id_player')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_club_entrant')),
    sa.UniqueConstraint('event_id', 'name', name=op.f('uq_club_entrant_event_id_name')),
    sa.UniqueConstraint('event_id', 'position', name=op.f('uq_club_entrant_event_id_position')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('club_entrant', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_entrant_event_id'), ['event_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_club_entrant_partner_id'), ['partner_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_club_entrant_player_id'), ['player_id'], unique=False)

    op.create_table('club_round',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['club_event.id'], name=op.f('fk_club_round_event_id_club_event'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_club_round')),
    sa.UniqueConstraint('event_id', 'number', name=op.f('uq_club_round_event_id_number')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('club_round', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_round_event_id'), ['event_id'], unique=False)

    op.create_table('club_adjustment',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('entrant_id', sa.Integer(), nullable=False),
    sa.Column('round', sa.Integer(), nullable=False),
    sa.Column('points', sa.Integer(), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['entrant_id'], ['club_entrant.id'], name=op.f('fk_club_adjustment_entrant_id_club_entrant'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['event_id'], ['club_event.id'], name=op.f('fk_club_adjustment_event_id_club_event'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_club_adjustment')),
    sa.UniqueConstraint('event_id', 'position', name=op.f('uq_club_adjustment_event_id_position')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('club_adjustment', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_adjustment_entrant_id'), ['entrant_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_club_adjustment_event_id'), ['event_id'], unique=False)

    op.create_table('club_bye',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('entrant_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['entrant_id'], ['club_entrant.id'], name=op.f('fk_club_bye_entrant_id_club_entrant'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['round_id'], ['club_round.id'], name=op.f('fk_club_bye_round_id_club_round'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_club_bye')),
    sa.UniqueConstraint('round_id', 'entrant_id', name=op.f('uq_club_bye_round_id_entrant_id')),
    sa.UniqueConstraint('round_id', 'position', name=op.f('uq_club_bye_round_id_position'))
    )
    with op.batch_alter_table('club_bye', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_bye_entrant_id'), ['entrant_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_club_bye_round_id'), ['round_id'], unique=False)

    op.create_table('club_table',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_club_table_game_id_game'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['round_id'], ['club_round.id'], name=op.f('fk_club_table_round_id_club_round'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_club_table')),
    sa.UniqueConstraint('round_id', 'number', name=op.f('uq_club_table_round_id_number')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('club_table', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_table_round_id'), ['round_id'], unique=False)
        batch_op.create_index('uq_club_table_game_id', ['game_id'], unique=True)

    op.create_table('club_seat',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('entrant_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['entrant_id'], ['club_entrant.id'], name=op.f('fk_club_seat_entrant_id_club_entrant'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_id'], ['club_table.id'], name=op.f('fk_club_seat_table_id_club_table'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_club_seat')),
    sa.UniqueConstraint('table_id', 'position', name=op.f('uq_club_seat_table_id_position'))
    )
    with op.batch_alter_table('club_seat', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_seat_entrant_id'), ['entrant_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_club_seat_table_id'), ['table_id'], unique=False)



def downgrade():
    with op.batch_alter_table('club_seat', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_seat_table_id'))
        batch_op.drop_index(batch_op.f('ix_club_seat_entrant_id'))

    op.drop_table('club_seat')
    with op.batch_alter_table('club_table', schema=None) as batch_op:
        batch_op.drop_index('uq_club_table_game_id')
        batch_op.drop_index(batch_op.f('ix_club_table_round_id'))

    op.drop_table('club_table')
    with op.batch_alter_table('club_bye', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_bye_round_id'))
        batch_op.drop_index(batch_op.f('ix_club_bye_entrant_id'))

    op.drop_table('club_bye')
    with op.batch_alter_table('club_adjustment', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_adjustment_event_id'))
        batch_op.drop_index(batch_op.f('ix_club_adjustment_entrant_id'))

    op.drop_table('club_adjustment')
    with op.batch_alter_table('club_round', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_round_event_id'))

    op.drop_table('club_round')
    with op.batch_alter_table('club_entrant', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_entrant_player_id'))
        batch_op.drop_index(batch_op.f('ix_club_entrant_partner_id'))
        batch_op.drop_index(batch_op.f('ix_club_entrant_event_id'))

    op.drop_table('club_entrant')
    with op.batch_alter_table('club_event', schema=None) as batch_op:
        batch_op.drop_index('uq_club_event_key')

    op.drop_table('club_event')

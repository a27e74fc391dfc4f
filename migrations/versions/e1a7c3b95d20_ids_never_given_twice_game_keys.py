"""ids never given out twice (SQLite AUTOINCREMENT), and a key per game

Revision ID: e1a7c3b95d20
Revises: c4d7e2f9a1b8
Create Date: 2026-12-06 10:00:00.000000

SQLite gives a table's largest id again once its row is deleted, unless the table is
AUTOINCREMENT: a game deleted by mistake and the right one started at once had the
same id, and a phone's stale form or queued hands wrote into it (issue 22). SQLite
cannot make a table AUTOINCREMENT in place, so each is copied (batch mode; the
foreign keys are off while migrating, migrations/env.py, so no row of the tables
pointing at it goes with the old copy). PostgreSQL's sequences never give an id
twice: there only the game's key is added.

The key is random per game (``models.new_game_key``): every write aimed at a game
carries it besides the game's id.
"""
import secrets

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e1a7c3b95d20'
down_revision = 'c4d7e2f9a1b8'
branch_labels = None
depends_on = None

# every table whose ids leave the server (addresses, forms, a phone's queue, the API);
# user_account is AUTOINCREMENT since 3edd0ab41c9b
NEVER_AGAIN = ('player', 'game', 'hand', 'hand_edit', 'season', 'share_link', 'api_token')


def upgrade():
    op.add_column('game', sa.Column('key', sa.String(length=16), nullable=True))
    game = sa.table('game', sa.column('id', sa.Integer()), sa.column('key', sa.String()))
    bind = op.get_bind()
    ids = bind.execute(sa.select(game.c.id)).scalars().all()
    if ids:
        bind.execute(
            game.update().where(game.c.id == sa.bindparam('game_id')).values(key=sa.bindparam('new')),
            [{'game_id': game_id, 'new': secrets.token_urlsafe(9)} for game_id in ids],
        )
    sqlite = bind.dialect.name == 'sqlite'
    with op.batch_alter_table(
        'game', recreate='always' if sqlite else 'auto', table_kwargs=_autoincrement(sqlite, True)
    ) as batch_op:
        batch_op.alter_column('key', existing_type=sa.String(length=16), nullable=False)
    op.create_index('uq_game_key', 'game', ['key'], unique=True)
    if sqlite:
        for name in NEVER_AGAIN:
            if name != 'game':
                _copy(name, autoincrement=True)


def downgrade():
    sqlite = op.get_bind().dialect.name == 'sqlite'
    op.drop_index('uq_game_key', table_name='game')
    with op.batch_alter_table(
        'game', recreate='always' if sqlite else 'auto', table_kwargs=_autoincrement(sqlite, False)
    ) as batch_op:
        batch_op.drop_column('key')
    if sqlite:
        for name in NEVER_AGAIN:
            if name != 'game':
                _copy(name, autoincrement=False)


def _autoincrement(sqlite, on):
    return {'sqlite_autoincrement': on} if sqlite else {}


def _copy(name, autoincrement):
    """The table copied with (or without) AUTOINCREMENT: its rows, ids, indexes and
    constraints as they are."""
    with op.batch_alter_table(
        name, recreate='always', table_kwargs={'sqlite_autoincrement': autoincrement}
    ):
        pass

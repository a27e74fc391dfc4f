"""game version, API tokens, idempotency keys

Revision ID: ed9bafb4382d
Revises: 3edd0ab41c9b
Create Date: 2026-11-29 21:52:25.046510

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'ed9bafb4382d'
down_revision = '3edd0ab41c9b'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('idempotency_key',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('scope', sa.String(length=20), nullable=False),
    sa.Column('key', sa.String(length=200), nullable=False),
    sa.Column('request_hash', sa.String(length=64), nullable=False),
    sa.Column('status', sa.Integer(), nullable=False),
    sa.Column('body', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_idempotency_key')),
    sa.UniqueConstraint('scope', 'key', name=op.f('uq_idempotency_key_scope_key'))
    )
    with op.batch_alter_table('idempotency_key', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_idempotency_key_created_at'), ['created_at'], unique=False)

    op.create_table('api_token',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('label', sa.String(length=60), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('last_used_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['user_account.id'], name=op.f('fk_api_token_user_id_user_account'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_api_token')),
    sa.UniqueConstraint('token_hash', name=op.f('uq_api_token_token_hash'))
    )
    with op.batch_alter_table('api_token', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_api_token_user_id'), ['user_id'], unique=False)

    # plain ALTER TABLE, not batch mode: SQLite would copy the game table, and dropping
    # the old one would delete every hand through the foreign keys' ON DELETE CASCADE
    op.add_column('game', sa.Column('version', sa.Integer(), server_default=sa.text('1'), nullable=False))


def downgrade():
    op.drop_column('game', 'version')  # SQLite 3.35 and later drop a column in place

    with op.batch_alter_table('api_token', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_api_token_user_id'))

    op.drop_table('api_token')
    with op.batch_alter_table('idempotency_key', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_idempotency_key_created_at'))

    op.drop_table('idempotency_key')

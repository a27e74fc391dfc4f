"""club members: a user's role is a club's, no longer the instance's

Revision ID: d8b2f4a6c0e1
Revises: c5e7a9b1d3f6
Create Date: 2026-12-06 10:00:00

Issue 33, item 2: a user account may belong to several clubs, with a role in each. A
``club_member`` table (the club, the user, the role); every user's role so far
becomes their membership of the default club, and ``user_account.role`` goes.

The downgrade gives each user back their role in the default club; it refuses an
instance with more than one club, as the revision before it does, and a user who is
no member of the default club (they would have no role to go back to).
"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "d8b2f4a6c0e1"
down_revision = "c5e7a9b1d3f6"
branch_labels = None
depends_on = None

KEPT_IDS = {"sqlite_autoincrement": True}  # user_account's ids are never given twice
DEFAULT_CLUB = 1


def upgrade():
    op.create_table(
        "club_member",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=12), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column(
            "club_id", sa.Integer(), server_default=sa.text(str(DEFAULT_CLUB)), nullable=False
        ),
        sa.ForeignKeyConstraint(
            ["club_id"], ["club.id"], name=op.f("fk_club_member_club_id_club")
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_club_member_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_club_member")),
        sa.UniqueConstraint("club_id", "user_id", name=op.f("uq_club_member_club_id_user_id")),
        sqlite_autoincrement=True,
    )
    op.create_index(op.f("ix_club_member_user_id"), "club_member", ["user_id"], unique=False)
    op.execute(
        "INSERT INTO club_member (club_id, user_id, role, created_at) "
        f"SELECT {DEFAULT_CLUB}, id, role, created_at FROM user_account ORDER BY id"
    )
    with op.batch_alter_table("user_account", table_kwargs=KEPT_IDS) as batch_op:
        batch_op.drop_column("role")


def downgrade():
    bind = op.get_bind()
    clubs = bind.execute(sa.text("SELECT count(*) FROM club")).scalar_one()
    if clubs > 1:
        raise RuntimeError(
            f"this instance has {clubs} clubs: the revision before club members holds one "
            "role a user; export each club and remove all but one before stepping down"
        )
    roleless = bind.execute(
        sa.text(
            "SELECT count(*) FROM user_account WHERE id NOT IN "
            f"(SELECT user_id FROM club_member WHERE club_id = {DEFAULT_CLUB})"
        )
    ).scalar_one()
    if roleless:
        raise RuntimeError(
            f"{roleless} users are no members of the default club: the revision before "
            "club members needs a role for each; remove them or give them one first"
        )
    with op.batch_alter_table("user_account", table_kwargs=KEPT_IDS) as batch_op:
        batch_op.add_column(
            sa.Column("role", sa.String(length=12), nullable=False, server_default="viewer")
        )
    op.execute(
        "UPDATE user_account SET role = (SELECT role FROM club_member WHERE "
        f"club_member.user_id = user_account.id AND club_member.club_id = {DEFAULT_CLUB})"
    )
    with op.batch_alter_table("user_account", table_kwargs=KEPT_IDS) as batch_op:
        batch_op.alter_column("role", server_default=None)
    op.drop_index(op.f("ix_club_member_user_id"), table_name="club_member")
    op.drop_table("club_member")

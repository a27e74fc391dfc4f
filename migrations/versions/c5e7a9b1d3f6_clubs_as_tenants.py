"""clubs: every club-owned row belongs to one, today's rows to the default club

Revision ID: c5e7a9b1d3f6
Revises: b4f6d8e0a2c4
Create Date: 2026-12-06 08:00:00

Issue 33, item 1: the club is the tenant. A ``club`` table with one row, the default
club (id 1, slug ``club``), and a ``club_id`` on every table a club owns (players,
games and everything of a game, seasons, share links, API tokens, club nights and
everything of a night, settings, competitions), pointing at the club, 1 for every row
stored so far and for a row written without one. A player's and a season's name are
unique within a club, no longer across the instance; a setting is a club's. Users,
refused logins and idempotency keys stay the instance's.

The downgrade drops the column and the table and puts the old unique names back; it
refuses an instance with more than one club (their players' names could meet).
"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "c5e7a9b1d3f6"
down_revision = "b4f6d8e0a2c4"
branch_labels = None
depends_on = None

# a table rebuilt on SQLite keeps AUTOINCREMENT: its ids are never given twice
# (NEVER_AGAIN, e1a7c3b95d20); other databases ignore it
KEPT_IDS = {"sqlite_autoincrement": True}
# every table a club owns, with whether its ids are never given twice
OWNED = {
    "player": True,
    "game": True,
    "game_side": False,
    "seat": False,
    "hand": True,
    "hand_edit": True,
    "hand_outcome": False,
    "game_outcome": False,
    "player_outcome": False,
    "bid_outcome": False,
    "share_link": True,
    "season": True,
    "api_token": True,
    "club_event": True,
    "club_entrant": True,
    "club_round": True,
    "club_table": True,
    "club_confirmation": False,
    "club_seat": False,
    "club_bye": False,
    "club_adjustment": True,
    "club_setting": False,
    "competition": True,
    "competition_night": False,
}
INDEXED = ("game", "club_event", "competition")  # a club's list of them
NAMED = ("player", "season")  # a name unique within the club
DEFAULT_CLUB = 1


def upgrade():
    club = op.create_table(
        "club",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("slug", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_club")),
        sa.UniqueConstraint("slug", name=op.f("uq_club_slug")),
        sqlite_autoincrement=True,
    )
    # no id given: a new table's first id is 1 on SQLite and PostgreSQL alike, and
    # PostgreSQL's sequence then gives the next club 2
    op.execute(
        club.insert().values(slug="club", name="Our club", created_at=sa.func.current_timestamp())
    )
    for table, kept in OWNED.items():
        with op.batch_alter_table(table, table_kwargs=KEPT_IDS if kept else {}) as batch_op:
            batch_op.add_column(
                sa.Column(
                    "club_id",
                    sa.Integer(),
                    server_default=sa.text(str(DEFAULT_CLUB)),
                    nullable=False,
                )
            )
            batch_op.create_foreign_key(
                op.f(f"fk_{table}_club_id_club"), "club", ["club_id"], ["id"]
            )
            if table in INDEXED:
                batch_op.create_index(op.f(f"ix_{table}_club_id"), ["club_id"], unique=False)
            if table in NAMED:
                batch_op.drop_constraint(op.f(f"uq_{table}_name"), type_="unique")
                batch_op.create_unique_constraint(
                    op.f(f"uq_{table}_club_id_name"), ["club_id", "name"]
                )
            if table == "club_setting":
                batch_op.drop_constraint(op.f("pk_club_setting"), type_="primary")
                batch_op.create_primary_key(op.f("pk_club_setting"), ["club_id", "name"])


def downgrade():
    clubs = op.get_bind().execute(sa.text("SELECT count(*) FROM club")).scalar_one()
    if clubs > 1:
        raise RuntimeError(
            f"this instance has {clubs} clubs: the revision before clubs holds one; "
            "export each club and remove all but one before stepping down"
        )
    for table, kept in reversed(OWNED.items()):
        with op.batch_alter_table(table, table_kwargs=KEPT_IDS if kept else {}) as batch_op:
            if table == "club_setting":
                batch_op.drop_constraint(op.f("pk_club_setting"), type_="primary")
                batch_op.create_primary_key(op.f("pk_club_setting"), ["name"])
            if table in NAMED:
                batch_op.drop_constraint(op.f(f"uq_{table}_club_id_name"), type_="unique")
                batch_op.create_unique_constraint(op.f(f"uq_{table}_name"), ["name"])
            if table in INDEXED:
                batch_op.drop_index(op.f(f"ix_{table}_club_id"))
            batch_op.drop_constraint(op.f(f"fk_{table}_club_id_club"), type_="foreignkey")
            batch_op.drop_column("club_id")
    op.drop_table("club")

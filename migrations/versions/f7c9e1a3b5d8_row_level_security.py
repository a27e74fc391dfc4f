"""row-level security: on PostgreSQL, each club-owned table shows a connection its club's rows only

Revision ID: f7c9e1a3b5d8
Revises: d8b2f4a6c0e1
Create Date: 2026-12-06 12:00:00

Issue 33, item 4b, the second wall (docs/hosting.md, step 4). On every table a
club owns, two policies: ``club_rows`` (read and write the rows of the club the
transaction's setting ``scorekeeper.club`` names) and ``all_clubs_read`` (read every
club's rows when it says ``all``). Not forced: the tables' owner, who runs the
migrations, reads every row; the app's role, which owns nothing, is held by them. The
same statements as ``scorekeeper.store.row_security.policies`` at the time of writing.

SQLite has no row-level security: nothing to do there, either way.
"""

from alembic import op


# revision identifiers, used by Alembic.
revision = "f7c9e1a3b5d8"
down_revision = "d8b2f4a6c0e1"
branch_labels = None
depends_on = None

OWNED = (
    "player",
    "game",
    "game_side",
    "seat",
    "hand",
    "hand_edit",
    "hand_outcome",
    "game_outcome",
    "player_outcome",
    "bid_outcome",
    "share_link",
    "season",
    "api_token",
    "club_event",
    "club_entrant",
    "club_round",
    "club_table",
    "club_confirmation",
    "club_seat",
    "club_bye",
    "club_adjustment",
    "club_setting",
    "competition",
    "competition_night",
    "club_member",
)
THE_CLUBS = "club_id::text = current_setting('scorekeeper.club', true)"


def upgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in OWNED:
        op.execute(f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY")
        op.execute(
            f"CREATE POLICY club_rows ON {table} USING ({THE_CLUBS}) WITH CHECK ({THE_CLUBS})"
        )
        op.execute(
            f"CREATE POLICY all_clubs_read ON {table} FOR SELECT "
            "USING (current_setting('scorekeeper.club', true) = 'all')"
        )


def downgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in OWNED:
        op.execute(f"DROP POLICY all_clubs_read ON {table}")
        op.execute(f"DROP POLICY club_rows ON {table}")
        op.execute(f"ALTER TABLE {table} DISABLE ROW LEVEL SECURITY")

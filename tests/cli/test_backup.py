"""``scorekeeper backup`` and ``restore``: the same data back, field by field."""

from __future__ import annotations

import io
import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect, text

from scorekeeper import accounts, create_app, services
from scorekeeper.cli import main
from scorekeeper.engine.errors import PinochleError
from scorekeeper.extensions import db
from scorekeeper.gamefile import hand_to_document
from tests.conftest import database_url, untouched
from tests.web.conftest import PLAYED_HAND

# what a restore does not bring back: secrets and passing state; and the numbering
# of rows recorded again (the replay's outcomes)
SKIPPED = {"share_link", "login_failure", "alembic_version"}
SKIPPED_COLUMNS = {"user_account": {"session_token"}, "hand_outcome": {"id"}}


def every_row(folder: Path) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table of the instance in ``folder`` (facts and outcomes)."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url(folder / "scorekeeper.db")})
    with app.app_context():
        tables = set(inspect(db.engine).get_table_names()) - SKIPPED
        rows = {}
        for table in sorted(tables):
            result = db.session.execute(text(f"SELECT * FROM {table} ORDER BY 1, 2"))
            names = list(result.keys())
            skip = SKIPPED_COLUMNS.get(table, set())
            kept = [
                {n: v for n, v in zip(names, row, strict=True) if n not in skip} for row in result
            ]
            rows[table] = sorted(kept, key=lambda row: [str(value) for value in row.values()])
        db.engine.dispose()
    return rows


def run(folder: Path, monkeypatch: pytest.MonkeyPatch, *argv: str, stdin: str = "") -> Any:
    """``main(argv)`` on the instance in ``folder`` (its database: ``database_url``)."""
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(folder))
    monkeypatch.setenv("DATABASE_URL", database_url(folder / "scorekeeper.db"))
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    return main(list(argv))


def a_club(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Games with corrected and deleted hands, seasons, users and a share link."""
    assert run(folder, monkeypatch, "demo-data", "--games", "12", "--players", "7") == 0
    app = create_app()
    with app.app_context():
        accounts.create_user("Olga", "tower clock at noon", "owner")
        accounts.create_user("Sam", "sunny orchard walk", "scorekeeper")
        services.create_season("Winter 2026", date(2025, 12, 1), date(2026, 2, 28))
        for game in services.recent_games(4):
            correct(game)
            accounts.create_share_link(game.id)
        db.engine.dispose()


def correct(game: Any) -> None:
    """A correction and an undo, where the rules allow them: history to keep."""
    if len(game.hands) < 3:
        return
    first = hand_to_document(services.engine_game(game).hands[0])
    try:
        services.replace_hand(game, 2, first)
    except PinochleError:
        db.session.rollback()
    services.undo_last_hand(game)


def test_a_backup_restores_the_same_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    club, fresh = tmp_path / "club", tmp_path / "fresh"
    a_club(club, monkeypatch)
    capsys.readouterr()
    assert run(club, monkeypatch, "backup") == 0
    backup = capsys.readouterr().out
    document = json.loads(backup)
    assert document["format"] == "scorekeeper-backup/1"
    assert "session_token" not in backup and "share_link" not in backup
    assert "scrypt:" in backup  # password hashes travel

    assert run(fresh, monkeypatch, "restore", "-", stdin=backup) == 0
    assert "12 game" in capsys.readouterr().out
    before, after = every_row(club), every_row(fresh)
    assert before.keys() == after.keys()
    for table, rows in before.items():
        assert len(rows) == len(after[table]), table
        for old, new in zip(rows, after[table], strict=True):
            assert old == pytest.approx(new) if table == "player_outcome" else old == new, table
    assert before["hand_edit"] and before["season"] and before["user_account"]

    app = create_app()  # the restored instance: passwords work, tokens are new
    with app.app_context():
        assert accounts.log_in("Olga", "tower clock at noon", "127.0.0.1").role == "owner"
        assert all(accounts.share_link(game.id) is None for game in services.recent_games())
        assert_new_rows_follow_the_restored(document["tables"])
        db.engine.dispose()


def assert_new_rows_follow_the_restored(tables: dict[str, list[dict[str, Any]]]) -> None:
    """Rows written after a restore get ids of their own (PostgreSQL's sequences were
    moved past the restored ids)."""
    sides = [("New", ["Walt", "Xena"]), ("Newer", ["Yuri", "Zoe"])]
    game = services.create_game("partnership", {}, sides, first_dealer="Walt")
    services.add_hand(game, {**PLAYED_HAND, "bidder": "Xena"})
    season = services.create_season("Spring 2027", date(2027, 3, 1), date(2027, 5, 31))
    user = accounts.create_user("Newcomer", "tea kettle whistle", "viewer")
    made = {
        "game": [game.id],
        "game_side": [side.id for side in game.sides],
        "seat": [seat.id for seat in game.seats],
        "player": [seat.player.id for seat in game.seats],
        "hand": [hand.id for hand in game.hands],
        "hand_edit": [edit.id for edit in game.edits],
        "season": [season.id],
        "user_account": [user.id],
    }
    for table, ids in made.items():
        assert min(ids) > max((row["id"] for row in tables[table]), default=0), table


def test_restore_refuses_a_database_with_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    club = tmp_path / "club"
    a_club(club, monkeypatch)
    capsys.readouterr()
    assert run(club, monkeypatch, "backup", "-o", str(tmp_path / "b.json")) == 0
    before = every_row(club)
    assert run(club, monkeypatch, "restore", str(tmp_path / "b.json")) == 2
    assert "the database is not empty" in capsys.readouterr().err
    assert every_row(club) == before


@pytest.mark.parametrize(
    ("document", "sentence"),
    [
        ({"format": "something else"}, "not a backup"),
        ({"format": "scorekeeper-backup/1", "revision": "abc"}, "schema revision 'abc'"),
        ("not json {", "is not JSON"),
    ],
)
def test_restore_refuses_what_is_not_a_backup(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    document: Any,
    sentence: str,
) -> None:
    text_ = document if isinstance(document, str) else json.dumps(document)
    fresh = tmp_path / "fresh"
    assert run(fresh, monkeypatch, "restore", "-", stdin=text_) == 2
    assert sentence in capsys.readouterr().err
    if not untouched(fresh / "scorekeeper.db"):  # read before the database was opened: none
        assert every_row(fresh)["game"] == []

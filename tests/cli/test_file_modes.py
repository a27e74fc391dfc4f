"""The instance folder, its SQLite database and the backups are the owner's alone: 0700 and
0600, whatever the umask, and narrowed at start when an older install left them wider."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from scorekeeper import create_app
from scorekeeper.cli import main
from scorekeeper.extensions import db
from tests.databases import on_postgres, sqlite_only


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(autouse=True)
def _open_umask() -> Iterator[None]:
    """The usual umask (022): new files readable by everyone unless made otherwise."""
    before = os.umask(0o022)
    yield
    os.umask(before)


@sqlite_only
def test_a_new_instance_is_private(instance: Path) -> None:
    assert main(["upgrade"]) == 0
    assert mode(instance) == 0o700
    assert mode(instance / "scorekeeper.db") == 0o600
    assert mode(instance / "secret_key") == 0o600


@sqlite_only
def test_the_write_ahead_files_are_private_too(instance: Path) -> None:
    assert main(["upgrade"]) == 0
    app = create_app()
    with app.app_context():
        with db.engine.begin() as connection:  # open: the -wal and -shm files exist
            connection.execute(text("CREATE TABLE scratch (x INTEGER)"))
            for suffix in ("-wal", "-shm"):
                assert mode(instance / f"scorekeeper.db{suffix}") == 0o600, suffix
        db.engine.dispose()


@sqlite_only
def test_an_instance_left_wider_is_narrowed_at_start(instance: Path) -> None:
    assert main(["upgrade"]) == 0
    instance.chmod(0o755)
    for name in ("scorekeeper.db", "secret_key"):
        (instance / name).chmod(0o644)
    for suffix in ("-wal", "-shm"):  # left by a killed server
        (instance / f"scorekeeper.db{suffix}").touch(0o644)
    assert main(["upgrade"]) == 0
    assert mode(instance) == 0o700
    for name in ("scorekeeper.db", "secret_key"):
        assert mode(instance / name) == 0o600, name
    for suffix in ("-wal", "-shm"):
        path = instance / f"scorekeeper.db{suffix}"
        assert not path.exists() or mode(path) == 0o600, suffix


@pytest.mark.parametrize("existing", [False, True])
def test_a_backup_file_is_private(instance: Path, tmp_path: Path, existing: bool) -> None:
    backup = tmp_path / "backup.json"
    if existing:
        backup.write_text("an older backup, readable by everyone", encoding="utf-8")
        backup.chmod(0o644)
    assert main(["backup", "-o", str(backup)]) == 0
    assert mode(backup) == 0o600
    assert '"format": "scorekeeper-backup/1"' in backup.read_text(encoding="utf-8")


def test_an_exported_game_keeps_the_usual_mode(instance: Path, tmp_path: Path) -> None:
    """A game file holds no secret: it is shared like any other document."""
    assert main(["demo-data", "--games", "1", "--players", "4"]) == 0
    exported = tmp_path / "game.json"
    assert main(["export", "1", "-o", str(exported)]) == 0
    assert mode(exported) == 0o644
    assert on_postgres() or mode(instance / "scorekeeper.db") == 0o600


def test_a_backup_that_fails_halfway_leaves_the_previous_one(
    instance: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk full (or the process killed) while writing: the older backup is still
    whole, and no half-written file is left beside it."""
    backup = tmp_path / "backup.json"
    backup.write_text("the previous backup", encoding="utf-8")

    def disk_full(_descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    assert main(["backup", "-o", str(backup)]) != 0
    assert backup.read_text(encoding="utf-8") == "the previous backup"
    assert sorted(path.name for path in tmp_path.iterdir() if "backup" in path.name) == [
        "backup.json"
    ]


def test_a_backup_replaces_a_link_rather_than_writing_through_it(
    instance: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "someone-elses-file"
    elsewhere.write_text("not a backup", encoding="utf-8")
    link = tmp_path / "backup.json"
    link.symlink_to(elsewhere)
    assert main(["backup", "-o", str(link)]) == 0
    assert elsewhere.read_text(encoding="utf-8") == "not a backup"
    assert not link.is_symlink() and mode(link) == 0o600

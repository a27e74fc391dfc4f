"""A real full disk and a real read-only one (issue 22, item 2), on SQLite: the database
on a small tmpfs of its own, filled to the last byte, then remounted read-only. Writes
get 503 with the sentence, reads and a login with the right password go on, and writes
work again once the disk does, in the same process. Needs the right to mount (root);
skipped elsewhere (``test_degraded.py`` makes the database refuse writes instead)."""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from scorekeeper.accounts.logins import UNRECORDED
from scorekeeper.accounts.users import create_user
from scorekeeper.extensions import db
from tests.databases import sqlite_only
from tests.web.conftest import played_game, test_app
from tests.web.test_degraded import HEALTH, OWNER, SAID, hands, logged_in
from tests.web.test_hands import MADE

pytestmark = [pytest.mark.database, sqlite_only]  # its own database, on a disk that fills
SIZE = "4m"


def _mount(*arguments: str) -> None:
    subprocess.run(["mount", *arguments], check=True, capture_output=True, timeout=30)


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    """A tmpfs of ``SIZE`` at ``tmp_path/disk``, unmounted after."""
    folder = tmp_path / "disk"
    folder.mkdir()
    try:
        _mount("-t", "tmpfs", "-o", f"size={SIZE}", "tmpfs", str(folder))
    except (OSError, subprocess.SubprocessError):
        pytest.skip("no right to mount a tmpfs here")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False, timeout=30)


def fill(folder: Path) -> Path:
    """Every free byte of ``folder``'s disk taken by one file."""
    filler = folder / "filler"
    descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    with contextlib.suppress(OSError):
        while True:
            os.write(descriptor, b"\0" * 65536)
    with contextlib.suppress(OSError):
        while True:
            os.write(descriptor, b"\0" * 512)
    os.close(descriptor)
    return filler


def test_a_full_then_read_only_disk(disk: Path, tmp_path: Path) -> None:
    app: Flask = test_app(
        tmp_path / "unused.db",
        LOGIN_DISABLED=False,
        SQLALCHEMY_DATABASE_URI=f"sqlite:///{disk / 'club.db'}",
    )
    with app.app_context():
        create_user(*OWNER, "owner")
    game_id = played_game(app, 1)
    client = logged_in(app)
    UNRECORDED.clear()

    filler = fill(disk)
    answer = client.post(f"/games/{game_id}/hands/new", data=MADE)
    assert answer.status_code == 503 and SAID["disk_full"] in answer.text
    assert client.get(f"/games/{game_id}").status_code == 200
    assert client.get("/health").text == HEALTH["disk_full"]
    assert logged_in(app).get("/").status_code == 200  # a login on a full disk
    filler.unlink()
    assert client.post(f"/games/{game_id}/hands/new", data=MADE).status_code == 302
    assert hands(app, game_id) == 2

    with app.app_context():
        db.engine.dispose()  # (a filesystem with files open for writing stays writable)
    _mount("-o", "remount,ro", str(disk))
    answer = client.post(f"/games/{game_id}/hands/new", data={**MADE, "trump": "S"})
    assert answer.status_code == 503 and SAID["read_only"] in answer.text
    assert client.get(f"/games/{game_id}").status_code == 200
    assert client.get("/health").text == HEALTH["read_only"]
    assert logged_in(app).get("/").status_code == 200
    _mount("-o", "remount,rw", str(disk))
    assert (
        client.post(f"/games/{game_id}/hands/new", data={**MADE, "trump": "S"}).status_code == 302
    )
    assert hands(app, game_id) == 3
    assert client.get("/health").text == "ok\n"
    with app.app_context():
        db.engine.dispose()

"""The folder of rendered sheets: whole files or none, private, bounded, oldest out first."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from scorekeeper.reports.sheet_store import STALE_PART, SheetStore

KEYS = [f"{n:032x}" for n in range(6)]


def aged(store: SheetStore, keys: list[str]) -> None:
    """Give the stored ``keys`` modification times one second apart, oldest first."""
    for age, key in enumerate(reversed(keys), 1):
        os.utime(store.path(key), (1_000_000 - age, 1_000_000 - age))


def test_a_sheet_is_stored_whole_and_private(tmp_path: Path) -> None:
    store = SheetStore(tmp_path / "sheets")
    assert store.open(KEYS[0]) is None
    store.put(KEYS[0], b"%PDF-1.7 sheet")
    handle = store.open(KEYS[0])
    assert handle is not None
    with handle:
        assert handle.read() == b"%PDF-1.7 sheet"
    assert stat.S_IMODE(store.path(KEYS[0]).stat().st_mode) == 0o600
    assert stat.S_IMODE(store.folder.stat().st_mode) == 0o700
    assert sorted(p.name for p in store.folder.iterdir()) == [f"{KEYS[0]}.pdf"]  # no part left


def test_a_write_that_fails_leaves_nothing(tmp_path: Path) -> None:
    store = SheetStore(tmp_path / "sheets")
    with pytest.raises(TypeError):
        store.put(KEYS[0], "not bytes")  # type: ignore[arg-type]
    assert list(store.folder.iterdir()) == []


@pytest.mark.parametrize(
    ("max_files", "max_bytes", "kept"),
    [
        (3, 10_000, KEYS[3:]),  # the three newest
        (10, 250, KEYS[4:]),  # 100 bytes each: two fit
        (10, 10_000, KEYS),
        (1, 50, []),  # even the newest is larger than the store
    ],
)
def test_the_least_recently_used_go_first(
    tmp_path: Path, max_files: int, max_bytes: int, kept: list[str]
) -> None:
    store = SheetStore(tmp_path / "sheets", max_files=10, max_bytes=10_000)
    for key in KEYS:
        store.put(key, b"x" * 100)
    aged(store, KEYS)
    store.max_files, store.max_bytes = max_files, max_bytes
    store.prune()
    assert sorted(p.stem for p in store.folder.iterdir()) == kept


def test_reading_a_sheet_keeps_it(tmp_path: Path) -> None:
    store = SheetStore(tmp_path / "sheets", max_files=10)
    for key in KEYS[:3]:
        store.put(key, b"x")
    aged(store, KEYS[:3])
    handle = store.open(KEYS[0])  # the oldest, read just now
    assert handle is not None
    handle.close()
    store.max_files = 2
    store.prune()
    assert sorted(p.stem for p in store.folder.iterdir()) == [KEYS[0], KEYS[2]]


def test_a_part_left_behind_is_removed_once_stale(tmp_path: Path) -> None:
    store = SheetStore(tmp_path / "sheets")
    store.put(KEYS[0], b"x")
    fresh, stale = store.folder / ".a.part", store.folder / ".b.part"
    fresh.write_bytes(b"half")
    stale.write_bytes(b"half")
    old = stale.stat().st_mtime - STALE_PART - 1
    os.utime(stale, (old, old))
    store.prune()
    assert fresh.exists() and not stale.exists()


@pytest.mark.parametrize("key", ["", "../secret", "ABCDEF0123456789", "0" * 65, "g" * 32])
def test_a_key_is_hex_digits_only(tmp_path: Path, key: str) -> None:
    with pytest.raises(ValueError, match="expected 16 to 64 hex digits"):
        SheetStore(tmp_path).path(key)

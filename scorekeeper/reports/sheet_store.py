"""Rendered score sheets kept on disk (``instance/sheets/<key>.pdf``), shared by every
server process, so a sheet is rendered once per change of its game.

A file is written aside (a temporary file in the same folder, mode 0600) and moved into
place with ``os.replace``, so a reader sees the whole sheet or none. The folder holds at
most ``max_files`` sheets and ``max_bytes`` bytes: after each write the least recently
used (oldest modification time; a sheet read is touched) are removed. Several processes
may prune at once: a file another one removed first is simply gone.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from pathlib import Path
from typing import BinaryIO

KEY = re.compile(r"[0-9a-f]{16,64}")
DEFAULT_FILES = 500
DEFAULT_BYTES = 200 * 1024 * 1024
STALE_PART = 3600  # seconds: a part this old is no write still going on


class SheetStore:
    """The folder of rendered sheets, keyed by a hex digest of what is on them."""

    def __init__(
        self, folder: Path, max_files: int = DEFAULT_FILES, max_bytes: int = DEFAULT_BYTES
    ) -> None:
        self.folder = folder
        self.max_files = max_files
        self.max_bytes = max_bytes

    def path(self, key: str) -> Path:
        if not KEY.fullmatch(key):
            raise ValueError(f"sheet key {key!r}: expected 16 to 64 hex digits")
        return self.folder / f"{key}.pdf"

    def open(self, key: str) -> BinaryIO | None:
        """The stored sheet, open for reading (and marked as just used), or ``None``."""
        path = self.path(key)
        try:
            handle = path.open("rb")
        except OSError:  # not stored (or no folder to store it in)
            return None
        with contextlib.suppress(OSError):  # removed meanwhile: the open handle still reads
            os.utime(path)
        return handle

    def put(self, key: str, body: bytes) -> None:
        """Store ``body`` as the sheet ``key`` (atomically), then prune the folder."""
        path = self.path(key)
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor, aside = tempfile.mkstemp(dir=self.folder, prefix=".", suffix=".part")
        try:
            with os.fdopen(descriptor, "wb") as out:  # mkstemp makes it 0600
                out.write(body)
            os.replace(aside, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(aside)
            raise
        self.prune()

    def prune(self) -> None:
        """Remove the least recently used sheets beyond ``max_files`` and ``max_bytes``,
        and parts a writer that stopped halfway left behind."""
        sheets = []
        for entry in os.scandir(self.folder):
            with contextlib.suppress(FileNotFoundError):
                stat = entry.stat()
                if entry.name.endswith(".pdf"):
                    sheets.append((stat.st_mtime, stat.st_size, entry.path))
                elif entry.name.endswith(".part") and stat.st_mtime < time.time() - STALE_PART:
                    os.unlink(entry.path)
        sheets.sort(reverse=True)  # newest first
        kept = total = 0
        for _mtime, size, path in sheets:
            if kept < self.max_files and total + size <= self.max_bytes:
                kept += 1
                total += size
                continue
            kept = self.max_files  # full: everything older goes too
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)

    def __len__(self) -> int:
        if not self.folder.is_dir():
            return 0
        return sum(1 for entry in os.scandir(self.folder) if entry.name.endswith(".pdf"))

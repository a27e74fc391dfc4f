"""Where the project's folders are: the checkout (``templates/``, ``static/``,
``migrations/``) and the instance folder. Imports nothing of the project, so every
layer may use it."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MIGRATIONS = ROOT / "migrations"


def instance_folder() -> Path:
    """``SCOREKEEPER_INSTANCE_PATH``, or ``instance/`` beside the package."""
    return Path(os.environ.get("SCOREKEEPER_INSTANCE_PATH") or ROOT / "instance").resolve()

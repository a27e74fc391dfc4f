"""The meld checker page (filled in by the meld work)."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("meld", __name__)


@bp.route("/meld")
def check() -> str:
    return "meld"

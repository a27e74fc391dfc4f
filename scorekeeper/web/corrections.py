"""The director's correction of a locked club table's hand, as the pages post it: the
reason typed in "Reason for the correction" (``club.confirm``)."""

from __future__ import annotations

from flask import request

from scorekeeper.accounts.users import may
from scorekeeper.engine.errors import PinochleError
from scorekeeper.games.hands import Correction
from scorekeeper.web.auth import current_role

REASON_CODE = "event_correction_reason"  # shown beside the reason's field


def about_the_reason(error: PinochleError) -> bool:
    """Whether a refusal is about the reason typed (shown beside its field): none was
    given, or the text's rule refused it (``engine.reasons``)."""
    return error.code == REASON_CODE or error.code.startswith("reason_")


def posted_reason() -> str:
    """The reason as typed (the engine's rule bounds and checks it, with a sentence)."""
    return request.form.get("reason", "")


def director_correction() -> Correction | None:
    """The director's correction with the reason posted: every account that may write
    is the night's director (an owner or a scorekeeper); a phone recording by a table's
    code (web/table_pass.py) corrects nothing of a locked table."""
    return Correction(posted_reason()) if may(current_role(), "scorekeeper") else None

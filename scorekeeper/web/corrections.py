"""The director's correction of a locked club table's hand, as the pages post it: the
reason typed in "Reason for the correction" (``club.confirm``)."""

from __future__ import annotations

from flask import request

from scorekeeper.accounts.users import may
from scorekeeper.games.hands import Correction
from scorekeeper.web.auth import current_role

REASON_CODE = "event_correction_reason"  # shown beside the reason's field
REASON_LIMIT = 500  # characters of a director's reason kept in the history


def posted_reason() -> str:
    return request.form.get("reason", "")[:REASON_LIMIT]


def director_correction() -> Correction | None:
    """The director's correction with the reason posted: every account that may write
    is the night's director (an owner or a scorekeeper); a phone recording by a table's
    code (web/table_pass.py) corrects nothing of a locked table."""
    return Correction(posted_reason()) if may(current_role(), "scorekeeper") else None

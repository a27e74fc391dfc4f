"""The pass a table's code gives (docs/club-nights.md, "Table codes"): a phone that
scanned a table's code may read and record that one table's game, with no account, until
the round is closed. The pass is the code itself, kept in the session; each request it
opens reads the code again, so a closed round or a round seated again ends it at once.

Kept apart from ``auth`` (which asks it before sending a stranger to the login page) and
from the scan's pages (``table_codes``), which use ``auth``: no import circle."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from flask import current_app, g, request, session

from scorekeeper.club.table_codes import TableAtCode, read_table_code
from scorekeeper.engine.errors import GameError

PASS = "table_pass"  # the session's key: the code scanned last
PLAYER = "table_player"  # the session's key: [event id, entrant id] the phone said it is

# what a table's pass opens: its game's scoreboard, hand form, corrections until the
# table is confirmed (club.confirm's lock: then the director's only), its sheets and the
# confirmation of its totals, and the meld checker
AT_THE_TABLE = {
    "games.show",
    "hands.new",
    "hands.preview",
    "hands.edit",
    "hands.delete",
    "hands.undo",
    "history.put_back",
    "sheets.game_print",
    "sheets.game_pdf",
    "games.confirm",  # the other side confirms the totals, on this phone or its own
    "games.stamp",  # the table's change stamp: every phone follows the game
    "results.table_night",  # the night's standings, as the table's phones see them
}
ANY_TABLE = {"meld.check"}  # its way back (``return_to``) only to the table's own game
GAME_PATH = re.compile(r"/games/([0-9]{1,10})(/|$)")  # ASCII, bounded for int()


def secret() -> str:
    return str(current_app.config["SECRET_KEY"])


def read(code: str) -> TableAtCode:
    """The table ``code`` names today, or ``GameError``."""
    return read_table_code(code, secret(), date.today())


def give(at: TableAtCode) -> None:
    """This phone may record at ``at``'s table from now on (one table at a time; kept
    when the browser is closed, as a login that stays)."""
    session[PASS] = at.code
    session.permanent = True


def remember_player(at: TableAtCode, entrant_id: int) -> None:
    session[PLAYER] = [at.event_id, entrant_id]


def held_code() -> str | None:
    """The code this phone's pass was given for, expired or not."""
    code = session.get(PASS)
    return code if isinstance(code, str) else None


def player_of(event_id: int) -> int | None:
    """The entrant this phone said it is at event ``event_id``, if it said so."""
    said: Any = session.get(PLAYER)
    if isinstance(said, list) and len(said) == 2 and said[0] == event_id:
        return int(said[1])
    return None


def held() -> TableAtCode | None:
    """The table this phone's pass opens, while its code names it (once a request)."""
    if "table_pass" in g:
        return g.table_pass  # type: ignore[no-any-return]
    code = session.get(PASS)
    at = None
    if isinstance(code, str):
        try:
            at = read(code)
        except GameError as refusal:  # expired, or its round seated again: the phone is
            g.table_pass_refusal = refusal  # told so (kept: each page it opens says it)
    g.table_pass = at
    return at


def expired() -> GameError | None:
    """Why this phone's table pass opens nothing any more (its round closed, its night
    over), when the request is one it opened."""
    if PASS not in session or (
        request.endpoint not in AT_THE_TABLE and request.endpoint not in ANY_TABLE
    ):
        return None
    held()
    refusal: GameError | None = g.get("table_pass_refusal")
    return refusal


def opens(endpoint: str | None, view_args: dict[str, Any] | None) -> bool:
    """Whether this phone's table pass opens this request."""
    if endpoint not in AT_THE_TABLE and endpoint not in ANY_TABLE:
        return False
    if PASS not in session:
        return False
    at = held()
    if at is None:
        return False
    if endpoint in ANY_TABLE:
        back = GAME_PATH.match(request.args.get("return_to", ""))
        return back is None or int(back.group(1)) == at.game_id
    return (view_args or {}).get("game_id") == at.game_id


def at_own_table() -> bool:
    """Whether this request is for the game this phone's pass opens (for the pages)."""
    return opens(request.endpoint, request.view_args)


def player_at(game_id: int) -> int | None:
    """The entrant this phone said it is, when its pass opens ``game_id``'s table."""
    at = held()
    if at is None or at.game_id != game_id:
        return None
    return player_of(at.event_id)

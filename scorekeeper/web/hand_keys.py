"""The hand form's ``idempotency_key``: a hand sent twice is stored once.

The offline queue (static/js/offline.js) sends each hand it kept on the phone with
a key of its own; the page's script adds one to a form sent online too (a double
tap, a retry after a lost answer). The key works as the API's ``Idempotency-Key``
does, with the same table (``scorekeeper.store.idempotency``): the first answer is kept in
the hand's own transaction; the same key with the same hand gets that answer again
and stores nothing; the same key with another hand is refused.

A post that asks for JSON (``Accept: application/json``, as the queue sends it)
gets the answer as data rather than a page::

    201 {"number": 7, "version": 12, "location": "/games/3"}   stored (or stored before)
    400 {"error": "refused", "messages": [...]}                  the engine refused it
    400 {"error": "hand_same_as_before", "messages": [...], "same_as": 6}
                                     the bidder, bid, trump and meld of hand 6: sent again
                                     with the field same_as=6, it is stored as a new hand
    409 {"error": "hand_recorded_meanwhile", "messages": [...]}  another phone was first
    422 {"error": "idempotency_key_reused", "messages": [...]}   the key of another hand
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from flask import abort, g, jsonify, redirect, request, url_for
from flask_babel import gettext as _
from flask_login import current_user
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.games.hands import CONFLICTS, Receipt
from scorekeeper.games.stored import version
from scorekeeper.store import idempotency
from scorekeeper.store.models import Game
from scorekeeper.web.openapi import IDEMPOTENCY_KEY_PATTERN

FIELD = "idempotency_key"
REPEATED = "hand_same_as_before"
NOT_HASHED = {"csrf_token", FIELD}  # the session's and the key itself, not the hand

Answer = tuple[str, int] | BaseResponse
Record = Callable[[Receipt], Answer]


def posted_key() -> str | None:
    """The key a hand form's POST carries, or None (a form sent without JavaScript)."""
    if request.method != "POST":
        return None
    return request.form.get(FIELD) or None


def wants_json() -> bool:
    return request.accept_mimetypes.best == "application/json"


def form_hash() -> str:
    """What a key is bound to: the address and the hand's fields as posted."""
    fields = sorted(
        (name, value) for name, value in request.form.items(multi=True) if name not in NOT_HASHED
    )
    body = "\n".join(f"{name}={value}" for name, value in fields).encode()
    return idempotency.request_hash("POST", request.path, body)


def refused(status: int, code: str, messages: list[str], page: Answer | None) -> Answer:
    """A refusal, as data for the queue or as the page for a person."""
    if wants_json():  # with what the queue needs to answer it ("same_as": the hand repeated)
        response = jsonify({"error": code, "messages": messages, **g.get("hand_refusal_data", {})})
        response.status_code = status
        return response
    if page is None:
        abort(400, " ".join(messages))
    return page


def new_hand_once(game: Game, key: str, record: Record) -> Answer:
    """Record the next hand at most once for ``key``; ``record`` is the form's view,
    given the receipt that keeps the answer in the hand's transaction."""
    if not re.fullmatch(IDEMPOTENCY_KEY_PATTERN, key):
        message = _("The form's key is 1 to 200 visible ASCII characters; this one is not.")
        return refused(400, "bad_idempotency_key", [message], None)
    # the API's scope: the user's id (get_id is the login's token, longer than the column
    # and new after a login elsewhere ends every session)
    scope = f"user:{current_user.id}" if current_user.is_authenticated else "anyone"
    hashed = form_hash()
    kept = _kept(scope, key, hashed)
    if kept is not None:
        return kept
    stored: dict[str, Any] = {}

    def receipt(changed: Game, _result: object) -> None:
        stored.update(
            number=len(changed.hands),
            version=version(changed),
            location=url_for("games.show", game_id=changed.id),
        )
        idempotency.keep(scope, key, hashed, 201, dict(stored))

    page = record(receipt)
    # the receipt is written before the commit: a commit that failed after it (the same
    # key stored meanwhile) is a refusal, its stored answer never handed out
    if stored and "hand_refusal_code" not in g:
        return _stored(stored, 201)
    code = g.get("hand_refusal_code", "refused")
    # the same key sent twice at once: the other one stored it (met as a change made
    # meanwhile, or as "same as hand N?" when no version came with it)
    if code in (*CONFLICTS, REPEATED):
        kept = _kept(scope, key, hashed)
        if kept is not None:
            return kept
    messages = list(g.get("hand_refusals", []))
    return refused(409 if code in CONFLICTS else 400, code, messages, page)


def _kept(scope: str, key: str, hashed: str) -> Answer | None:
    kept = idempotency.find(scope, key)
    if kept is None:
        return None
    if kept.request_hash != hashed:
        message = _("This hand was sent with the key of another hand; nothing was saved.")
        return refused(422, "idempotency_key_reused", [message], None)
    return _stored(kept.body, kept.status, replayed=True)


def _stored(body: dict[str, Any], status: int, replayed: bool = False) -> BaseResponse:
    """A stored hand: the data for the queue, or the scoreboard for a person."""
    if wants_json():
        response = jsonify(body)
        response.status_code = status
    else:
        response = redirect(body["location"])
    if replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response

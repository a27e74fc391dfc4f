"""Answers kept for API requests sent with an ``Idempotency-Key`` header.

A program that lost the answer to "record this hand" (the network dropped, the
phone slept) sends the same request again with the same key: it gets the first
answer back and nothing is recorded twice. The answer is stored in the same
transaction as the hand, so a hand is never recorded without its key.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, select

from scorekeeper.extensions import db
from scorekeeper.store.models import IdempotencyKey, utcnow

KEPT = timedelta(days=1)  # how long a key's answer is kept for a retry


def request_hash(method: str, path: str, body: bytes) -> str:
    """What a key is bound to: the same key with another request is refused."""
    return hashlib.sha256(f"{method} {path}\n".encode() + body).hexdigest()


def find(scope: str, key: str) -> IdempotencyKey | None:
    return db.session.execute(
        select(IdempotencyKey).where(
            IdempotencyKey.scope == scope,
            IdempotencyKey.key == key,
            IdempotencyKey.created_at > utcnow() - KEPT,
        )
    ).scalar_one_or_none()


def keep(scope: str, key: str, hashed: str, status: int, body: dict[str, Any]) -> None:
    """Keep an answer, in the caller's transaction, and forget the expired ones."""
    db.session.execute(delete(IdempotencyKey).where(IdempotencyKey.created_at <= utcnow() - KEPT))
    db.session.add(
        IdempotencyKey(scope=scope, key=key, request_hash=hashed, status=status, body=body)
    )

"""Work the tests repeat with the same answer every time, done once per test process.

- Password hashing: scrypt is slow on purpose (~70 ms a hash or a check, the point of
  it). Hundreds of tests make the same few users and log them in; each distinct
  password is hashed once here (a real, full-strength scrypt hash: the backup's checks
  and tests/web/test_security.py read it) and each (hash, password) checked once.
  What a login does with the answer is unchanged, and tests/web/test_login_burst.py
  still wraps the check to count and slow it.
- Templates: each app a test makes (thousands) compiled the same Jinja templates
  again; their compiled code is kept in memory here, keyed by each template's name
  and source as Jinja's own bytecode caches are, so an edited template is compiled anew.
- Routes: werkzeug writes and compiles a small Python function to build each route's
  URLs, for every rule of every app (nine tenths of making an app); the function
  depends only on the rule's text, its parsed parts, its defaults and converters, and
  is kept by those here (tests/test_per_process.py compares it with a fresh one).

Nothing here changes what the app answers, only how often the same work is redone.
"""

from __future__ import annotations

import functools
from typing import Any

from flask import Flask
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from werkzeug.routing import Rule

from scorekeeper.accounts import logins, users


class _KeptBytecode(BytecodeCache):
    """Jinja's compiled templates, kept in this process's memory."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.kept:
            bucket.bytecode_from_string(self.kept[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.kept[bucket.key] = bucket.bytecode_to_string()


def builder_key(rule: Rule, append_unknown: bool) -> tuple[Any, ...]:
    """What a rule's URL builder is made from (werkzeug's ``Rule._compile_builder``)."""
    return (
        rule.rule,
        tuple(rule._trace),
        tuple(sorted((name, repr(value)) for name, value in (rule.defaults or {}).items())),
        tuple((name, type(each).__qualname__) for name, each in rule._converters.items()),
        append_unknown,
    )


def _keep_url_builders() -> None:
    made = Rule._compile_builder
    kept: dict[tuple[Any, ...], Any] = {}

    def kept_builder(rule: Rule, append_unknown: bool = True) -> Any:
        key = builder_key(rule, append_unknown)
        if key not in kept:
            kept[key] = made(rule, append_unknown)
        return kept[key]

    kept_builder.made = made  # type: ignore[attr-defined]  # the real one, for the test
    Rule._compile_builder = kept_builder  # type: ignore[method-assign]


def _keep_work() -> None:
    real_hash: Any = users.generate_password_hash
    real_check: Any = logins.check_password_hash
    users.generate_password_hash = functools.cache(real_hash)  # type: ignore[assignment]
    logins.check_password_hash = functools.cache(real_check)  # type: ignore[assignment]
    Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": _KeptBytecode()}
    if hasattr(Rule, "_compile_builder"):
        _keep_url_builders()  # else werkzeug changed: each app compiles its own again


_keep_work()

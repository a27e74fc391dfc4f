"""The work tests/per_process.py keeps between apps gives what doing it again gives."""

from __future__ import annotations

from pathlib import Path

import pytest
from werkzeug.routing import Rule
from werkzeug.security import check_password_hash

from scorekeeper.accounts import logins, users
from tests.web.conftest import test_app


@pytest.mark.database
def test_a_kept_url_builder_is_the_one_werkzeug_makes(tmp_path: Path) -> None:
    made = getattr(Rule._compile_builder, "made", None)
    if made is None:
        pytest.skip("werkzeug's Rule changed: no builders are kept")
    app = test_app(tmp_path / "routes.db")
    rules = list(app.url_map.iter_rules())
    assert len(rules) > 50
    for rule in rules:
        for append_unknown in (False, True):
            kept = rule._compile_builder(append_unknown).__code__
            fresh = made(rule, append_unknown).__code__
            assert (kept.co_code, kept.co_consts, kept.co_varnames) == (
                fresh.co_code,
                fresh.co_consts,
                fresh.co_varnames,
            ), rule.rule


def test_a_kept_password_hash_is_a_real_one() -> None:
    hashed = users.generate_password_hash("a long enough password")
    assert hashed.startswith("scrypt:32768:8:1$")  # werkzeug's full strength
    assert check_password_hash(hashed, "a long enough password")
    assert logins.check_password_hash(hashed, "a long enough password")
    assert not logins.check_password_hash(hashed, "a long enough passwore")

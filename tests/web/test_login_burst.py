"""Wrong passwords sent all at once for one name, through a live server: exactly
``THROTTLE_FAILURES`` of them are checked, the rest are refused (429) unchecked."""

from __future__ import annotations

import http.client
import threading
import time
import urllib.parse
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import select
from werkzeug.serving import make_server

from scorekeeper.accounts import logins
from scorekeeper.accounts.users import THROTTLE_FAILURES, create_user
from scorekeeper.extensions import db
from scorekeeper.store.models import LoginFailure
from tests.web.conftest import test_app

pytestmark = pytest.mark.database  # every test here makes its own database

BURST = 40
PASSWORD = "a long enough password"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Flask, str]]:
    """Logins on (CSRF off: these are scripted guesses), one thread per request."""
    app = test_app(tmp_path / "burst.db", LOGIN_DISABLED=False)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield app, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The passwords checked, each check slow (as scrypt is) to widen any race."""
    calls: list[str] = []
    real = logins.check_password_hash

    def counting(hashed: str, password: str) -> bool:
        calls.append(password)
        time.sleep(0.05)
        return real(hashed, password)

    monkeypatch.setattr(logins, "check_password_hash", counting)
    return calls


@pytest.mark.alone  # logins racing each other, each check slowed
@pytest.mark.parametrize(
    ("name", "address"),
    [
        ("Sam", "same"),
        # each from its own address: the name alone throttles
        ("Sam", "many"),
        ("Nobody", "same"),
    ],
)
def test_a_burst_of_wrong_passwords_checks_five(
    served: tuple[Flask, str], checked: list[str], name: str, address: str
) -> None:
    app, url = served
    with app.app_context():
        create_user("Sam", PASSWORD, "scorekeeper")
    port = int(url.rsplit(":", 1)[1])
    answers: Counter[int] = Counter()
    start = threading.Barrier(BURST)

    def guess(number: int) -> None:
        body = urllib.parse.urlencode({"name": name, "password": f"guess {number:02}"})
        # from one address, or each from its own (127.0.0.2, ...): the name alone throttles
        source = ("127.0.0.1" if address == "same" else f"127.0.0.{number + 2}", 0)
        connection = http.client.HTTPConnection("127.0.0.1", port, 60, source)
        start.wait()
        connection.request(
            "POST", "/login", body, {"Content-Type": "application/x-www-form-urlencoded"}
        )
        answers[connection.getresponse().status] += 1
        connection.close()

    guesses = [threading.Thread(target=guess, args=(n,)) for n in range(BURST)]
    for each in guesses:
        each.start()
    for each in guesses:
        each.join()
    assert len(checked) == THROTTLE_FAILURES, sorted(checked)
    assert answers == Counter({400: THROTTLE_FAILURES, 429: BURST - 5}), answers


def burst(url: str, logins: list[tuple[str, str]]) -> Counter[int]:
    """The statuses of ``logins`` (name, password) sent all at once from one address."""
    port = int(url.rsplit(":", 1)[1])
    answers: Counter[int] = Counter()
    start = threading.Barrier(len(logins))

    def send(name: str, password: str) -> None:
        body = urllib.parse.urlencode({"name": name, "password": password})
        connection = http.client.HTTPConnection("127.0.0.1", port, 60)
        start.wait()
        connection.request(
            "POST", "/login", body, {"Content-Type": "application/x-www-form-urlencoded"}
        )
        answers[connection.getresponse().status] += 1
        connection.close()

    threads = [threading.Thread(target=send, args=login) for login in logins]
    for each in threads:
        each.start()
    for each in threads:
        each.join()
    return answers


@pytest.mark.alone  # logins racing each other, each check slowed
@pytest.mark.parametrize(
    ("right", "wrong"),
    [
        (8, 0),  # the club behind one router: 5 passed, 3 were told to wait 15 min
        (16, 0),
        (8, 4),  # fewer wrong ones than the throttle allows: every right one passes too
    ],
)
def test_simultaneous_right_passwords_all_log_in(
    served: tuple[Flask, str], checked: list[str], right: int, wrong: int
) -> None:
    """The throttle counts failures, not attempts (issue 22, item 3)."""
    app, url = served
    with app.app_context():
        create_user("Sam", PASSWORD, "scorekeeper")
        create_user("Kim", PASSWORD, "viewer")
    logins = [("Sam" if n % 2 else "Kim", PASSWORD) for n in range(right)]
    logins += [("Sam", f"guess {n}") for n in range(wrong)]
    answers = burst(url, logins)
    assert answers == Counter({302: right, 400: wrong} if wrong else {302: right}), answers
    assert len(checked) == right + wrong
    with app.app_context():
        rows = db.session.execute(select(LoginFailure.pending)).scalars().all()
    assert rows == [False] * wrong  # the right ones gave their places back


LOCK_TIMEOUT = 0.5  # seconds a login waits for the database's lock in the test below


@pytest.mark.alone  # each login's wait, against the lock's timeout
def test_logins_waiting_for_a_held_lock_wait_side_by_side(tmp_path: Path) -> None:
    """While another process holds the write lock, logins arriving together each get
    their 503 after about one lock timeout, not one after another (a queue of n logins
    took n timeouts, holding every server thread meanwhile)."""
    from tests.web.test_big_games import held_write_lock

    app = test_app(tmp_path / "held.db", LOGIN_DISABLED=False, DATABASE_LOCK_TIMEOUT=LOCK_TIMEOUT)
    other = test_app(tmp_path / "held.db")
    with app.app_context():
        create_user("Sam", PASSWORD, "scorekeeper")  # past the first-owner page
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    logins = 6
    took: list[tuple[int, float]] = []

    def log_in(number: int) -> None:
        body = urllib.parse.urlencode({"name": f"User {number}", "password": "a guess"})
        connection = http.client.HTTPConnection("127.0.0.1", server.server_port, 30)
        started = time.monotonic()
        connection.request(
            "POST", "/login", body, {"Content-Type": "application/x-www-form-urlencoded"}
        )
        status = connection.getresponse().status
        took.append((status, time.monotonic() - started))
        connection.close()

    try:
        with held_write_lock(other):
            threads = [threading.Thread(target=log_in, args=(n,)) for n in range(logins)]
            for each in threads:
                each.start()
            for each in threads:
                each.join()
    finally:
        server.shutdown()
        server.server_close()
    assert [status for status, _ in took] == [503] * logins
    assert max(seconds for _, seconds in took) < 3 * LOCK_TIMEOUT + 1, took

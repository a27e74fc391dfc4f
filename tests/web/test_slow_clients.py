"""Slow clients (issue 10): connections that send a request a byte at a time, and never
finish it, hold no supported server.

The supported setups (README, "Serving more than one table"; docs/security.md, "Slow
clients") each run in their own process on a free loopback port: ``scorekeeper serve``
(waitress) alone, and gunicorn's sync workers behind nginx configured with
``docs/nginx-scorekeeper.conf``. With the slow connections open (and still open
afterwards: they were not simply closed), ``/health`` and a page that reads the
database answer within a couple of seconds. The last test documents the limit the
README warns of: gunicorn's sync workers without the proxy are held.

The nginx tests need Debian's ``nginx`` (``apt-get install -y nginx``); without it
they are skipped, unless ``SCOREKEEPER_REQUIRE_NGINX=1`` (CI) turns the skip into a
failure.
"""

from __future__ import annotations

import os
import resource
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.cli.serve import CONNECTION_LIMIT, connection_limit, make_server
from tests.web.slow_clients import NGINX, answer, gunicorn, nginx, slow_clients, waitress

ANSWER_WITHIN = 2.0  # seconds for /health and for a page, slow connections open
HELD_FOR = 3.0  # seconds /health waits, unanswered, on the unsupported setup
TRICKLING_FOR = 30.0  # seconds at most the slow connections trickle (then they stop)
PAGE = "/setup"  # an empty instance's page: reads the users table, renders a form


def assert_answers_while_held(port: int, connections: int) -> None:
    """``connections`` slow clients open on ``port``; /health and a page answer meanwhile."""
    with slow_clients(port, connections, TRICKLING_FOR) as clients:
        health = answer(port, "/health", ANSWER_WITHIN)
        page = answer(port, PAGE, ANSWER_WITHIN)
        still_open = clients.open
    assert (health[0], page[0]) == (200, 200), f"/health {health}, {PAGE} {page}"
    assert still_open == connections  # the server held them open, it did not drop them


@pytest.fixture
def nginx_binary() -> str:
    if os.access(NGINX, os.X_OK):
        return NGINX
    reason = "nginx not installed: apt-get install -y nginx"
    if os.environ.get("SCOREKEEPER_REQUIRE_NGINX") == "1":
        pytest.fail(f"{reason} (SCOREKEEPER_REQUIRE_NGINX=1: the nginx tests must run)")
    pytest.skip(reason)


@pytest.fixture
def behind_nginx(instance: Path, nginx_binary: str, tmp_path: Path) -> Iterator[int]:
    """The README's club server: gunicorn's 2 sync workers behind nginx; nginx's port."""
    with gunicorn(tmp_path / "gunicorn.log") as app, nginx(tmp_path / "nginx", app) as port:
        yield port


@pytest.mark.alone  # how long an answer takes while connections are held open
@pytest.mark.parametrize("connections", [18, 120])
def test_waitress_alone_answers_with_slow_clients_open(
    instance: Path, tmp_path: Path, connections: int
) -> None:
    """Waitress reads every request itself, in one loop, and hands only whole requests
    to its threads; 120 is more than waitress's default connection limit (100)."""
    with waitress(tmp_path / "serve.log") as port:
        assert_answers_while_held(port, connections)


@pytest.mark.alone  # how long an answer takes while connections are held open
@pytest.mark.parametrize("connections", [18, 120])
def test_gunicorn_behind_nginx_answers_with_slow_clients_open(
    behind_nginx: int, connections: int
) -> None:
    assert_answers_while_held(behind_nginx, connections)


@pytest.mark.alone  # how long an answer takes while connections are held open
def test_gunicorn_sync_workers_without_a_proxy_are_held(instance: Path, tmp_path: Path) -> None:
    """The limit the README documents (not a supported setup): each sync worker reads
    one slow request until it ends, so 18 slow clients hold both workers."""
    with gunicorn(tmp_path / "gunicorn.log") as port:
        assert answer(port, "/health", HELD_FOR)[0] == 200
        with slow_clients(port, 18, TRICKLING_FOR):
            status, took = answer(port, "/health", HELD_FOR)
    assert status is None, f"/health answered {status} in {took:.2f} s"


# --- waitress's connection limit ---------------------------------------------------------------

INFINITY = resource.RLIM_INFINITY


@pytest.mark.parametrize(
    ("soft", "hard", "raised_to", "limit"),
    [
        (20_000, 20_000, None, 1000),  # enough already: left as it is
        (INFINITY, INFINITY, None, 1000),
        (1024, 524_288, 3064, 1000),  # Debian's usual soft limit: raised
        (1024, INFINITY, 3064, 1000),
        (1024, 2048, 2048, 661),  # raised as far as it goes, then the limit fits it
        (256, 256, 256, 64),  # cannot be raised
    ],
)
def test_the_connection_limit_fits_the_open_files(
    monkeypatch: pytest.MonkeyPatch, soft: int, hard: int, raised_to: int | None, limit: int
) -> None:
    limits = {"now": (soft, hard)}
    raised: list[int] = []

    def setrlimit(_kind: int, wanted: tuple[int, int]) -> None:
        raised.append(wanted[0])
        limits["now"] = wanted

    monkeypatch.setattr(resource, "getrlimit", lambda _kind: limits["now"])
    monkeypatch.setattr(resource, "setrlimit", setrlimit)
    assert connection_limit() == limit
    assert raised == ([] if raised_to is None else [raised_to])


def test_serve_passes_the_limit_to_waitress(instance: Path) -> None:
    server, _ = make_server(create_app(), "127.0.0.1", 0)
    try:
        adjustments = server.adj  # type: ignore[attr-defined]
        assert adjustments.connection_limit == connection_limit() == CONNECTION_LIMIT
        assert adjustments.asyncore_use_poll
        assert adjustments.max_request_body_size == 2 * 1024 * 1024 + 64 * 1024
    finally:
        server.close()

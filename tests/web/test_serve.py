"""``scorekeeper serve``: addresses, the QR code, the database on first start, and a
real server on a free port, stopped with Ctrl-C or SIGTERM.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import segno
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, make_url

from scorekeeper import create_app, network
from scorekeeper.cli.addresses import banner, listen_urls, qr_text
from scorekeeper.cli.serve import prepare_database
from scorekeeper.extensions import db
from scorekeeper.paths import MIGRATIONS, ROOT
from tests.databases import database_url, sqlite_only, untouched

# migrations/env.py still calls Flask-SQLAlchemy's deprecated ``db.get_engine()`` first.

BLOCKS = set("█▀▄ \n")
START_TIMEOUT = 20.0  # seconds for the server to answer its first GET
HEAD = ScriptDirectory(str(MIGRATIONS)).get_current_head()  # the newest revision


# --- addresses -----------------------------------------------------------------------------


def test_lan_addresses_are_ipv4_and_not_loopback() -> None:
    found = network.lan_addresses()
    for address in found:
        assert isinstance(ipaddress.ip_address(address), ipaddress.IPv4Address)
        assert not address.startswith("127.")
    assert len(set(found)) == len(found)


def fake_getaddrinfo(addresses: list[str]) -> Any:
    def getaddrinfo(*_args: object, **_kwargs: object) -> list[tuple[Any, ...]]:
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, 0)) for a in addresses]

    return getaddrinfo


def test_lan_addresses_route_first_then_host_name_without_unreachable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(network, "_route_address", lambda: "10.0.0.5")
    resolved = ["127.0.1.1", "192.168.1.20", "169.254.3.4", "10.0.0.5", "0.0.0.0"]
    monkeypatch.setattr(socket, "getaddrinfo", fake_getaddrinfo(resolved))
    assert network.lan_addresses() == ["10.0.0.5", "192.168.1.20"]


def test_lan_addresses_without_a_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def unresolvable(*_args: object, **_kwargs: object) -> None:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(network, "_route_address", lambda: None)
    monkeypatch.setattr(socket, "getaddrinfo", unresolvable)
    assert network.lan_addresses() == []


def test_finding_the_route_sends_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    class Silent(socket.socket):
        def send(self, *_args: Any, **_kwargs: Any) -> int:
            raise AssertionError("sent data")

        def sendto(self, *_args: Any, **_kwargs: Any) -> int:
            raise AssertionError("sent data")

    monkeypatch.setattr(socket, "socket", Silent)
    route = network._route_address()
    assert route is None or ipaddress.ip_address(route).version == 4


@pytest.mark.parametrize(
    ("host", "lan", "expected"),
    [
        ("0.0.0.0", ["192.168.1.20"], ["http://192.168.1.20:5000", "http://127.0.0.1:5000"]),
        ("0.0.0.0", [], ["http://127.0.0.1:5000"]),
        ("127.0.0.1", ["192.168.1.20"], ["http://127.0.0.1:5000"]),
        ("192.168.1.20", ["192.168.1.20", "10.0.0.5"], ["http://192.168.1.20:5000"]),
        ("::1", [], ["http://[::1]:5000"]),
    ],
)
def test_listen_urls(host: str, lan: list[str], expected: list[str]) -> None:
    assert listen_urls(host, 5000, lan) == expected


# --- the QR code and the banner ---------------------------------------------------------------


def modules(text: str) -> list[list[bool]]:
    """The QR matrix (True = dark) drawn by ``qr_text``: each character is two rows."""
    halves = {"█": (False, False), "▀": (False, True), "▄": (True, False), " ": (True, True)}
    rows: list[list[bool]] = []
    for line in text.splitlines():
        pairs = [halves[char] for char in line]
        rows += [[top for top, _ in pairs], [bottom for _, bottom in pairs]]
    return rows


def test_qr_text_is_blocks_that_draw_the_address() -> None:
    link = "http://192.168.1.20:5000"
    text = qr_text(link)
    assert text.strip()
    assert set(text) <= BLOCKS
    assert {"█", "▀", "▄"} <= set(text)
    expected = [[bool(m) for m in row] for row in segno.make(link, micro=False).matrix_iter()]
    drawn = modules(text)[: len(expected)]  # an odd last row is drawn over nothing
    assert drawn == expected


def test_banner_on_all_interfaces_shows_each_address_and_a_qr_code_of_the_first() -> None:
    urls = ["http://192.168.1.20:5000", "http://127.0.0.1:5000"]
    text = banner("0.0.0.0", 5000, urls, "sqlite:///db")
    assert "  http://192.168.1.20:5000\n  http://127.0.0.1:5000\n" in text
    assert f"Scan to open {urls[0]}:\n{qr_text(urls[0])}" in text
    assert "Ctrl-C" in text


def test_banner_without_a_network_has_no_qr_code() -> None:
    text = banner("0.0.0.0", 5000, ["http://127.0.0.1:5000"], "sqlite:///db")
    assert "No network address found" in text
    assert "█" not in text


def test_banner_on_loopback_says_phones_cannot_reach_it() -> None:
    text = banner("127.0.0.1", 5000, ["http://127.0.0.1:5000"], "sqlite:///db")
    assert "--host 0.0.0.0" in text
    assert qr_text("http://127.0.0.1:5000") in text


# --- the database ---------------------------------------------------------------------------


def test_prepare_database_creates_the_tables_on_an_empty_instance(instance: Path) -> None:
    app = create_app()
    state = prepare_database(app)
    assert not untouched(instance / "scorekeeper.db")
    assert (state.before, state.after) == (None, HEAD)
    assert "upgraded from empty" in str(state)
    with app.app_context():
        assert set(inspect(db.engine).get_table_names()) == {*db.metadata.tables, "alembic_version"}
        db.engine.dispose()

    again = prepare_database(create_app())
    assert (again.before, again.after) == (HEAD, HEAD)
    where = make_url(database_url(instance / "scorekeeper.db"))
    assert str(again) == f"{where.render_as_string(hide_password=True)} (revision {HEAD})"


def test_the_secret_key_file_is_made_once_and_kept(instance: Path) -> None:
    key = instance / "secret_key"
    create_app()
    first = key.read_text(encoding="utf-8")
    create_app()
    assert key.read_text(encoding="utf-8") == first
    assert len(bytes.fromhex(first.strip())) == 32
    assert key.stat().st_mode & 0o777 == 0o600


def test_the_app_signs_with_the_kept_secret_key(instance: Path) -> None:
    """Sessions and CSRF tokens survive a restart: both apps use the key in the file."""
    first, second = create_app(), create_app()
    kept = (instance / "secret_key").read_text(encoding="utf-8").strip()
    assert first.secret_key == second.secret_key == kept


def test_prepare_database_leaves_logging_as_it_was(instance: Path) -> None:
    waitress = logging.getLogger("waitress")
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    prepare_database(create_app())
    assert not waitress.disabled
    assert (root.handlers, root.level) == (handlers, level)


# --- serving ---------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def first_answer(link: str, process: subprocess.Popen[str], timeout: float) -> int:
    """The status of the first GET of ``link`` the server answers, polling until ``timeout``."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # no proxy
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"serve exited with {process.returncode}")
        try:
            with opener.open(link, timeout=2) as response:
                status: int = response.status
                return status
        except urllib.error.HTTPError as error:
            return error.code
        except OSError:
            time.sleep(0.1)
    pytest.fail(f"no answer from {link} within {timeout} s")


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_serve_serves_the_app_and_stops_cleanly(instance: Path, stop: signal.Signals) -> None:
    port = free_port()
    link = f"http://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    command = ["serve", "--host", "127.0.0.1", "--port", str(port)]
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", *command],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    try:
        status = first_answer(f"{link}/", process, START_TIMEOUT)
    finally:
        process.send_signal(stop)
        try:
            out, err = process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
    assert status == 200
    assert process.returncode == 0, err
    assert "Traceback" not in err
    assert f"  {link}\n" in out
    assert qr_text(link) in out
    assert "No users yet: the first visit makes its visitor the owner." in out
    assert out.rstrip().endswith("Stopped.")
    assert not untouched(instance / "scorekeeper.db")


@pytest.mark.database
@sqlite_only
def test_sqlite_writes_ahead_and_waits_its_turn(tmp_path: Path) -> None:
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'wal.db'}"})
    with app.app_context():
        with db.engine.connect() as connection:
            mode = connection.exec_driver_sql("PRAGMA journal_mode").scalar()
            wait = connection.exec_driver_sql("PRAGMA busy_timeout").scalar()
        db.engine.dispose()
    assert (mode, wait) == ("wal", 10_000)

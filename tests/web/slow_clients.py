"""Slow clients (slowloris): connections that send a request a byte at a time and never
finish it, and the servers they hold or do not.

``SlowClients`` opens the connections and trickles one more byte of the request's
headers down each every ``TRICKLE`` seconds (so no idle timeout closes them), for at
most a given time; ``answer`` times a whole GET meanwhile. The servers are started as
the README starts them, each in its own process on a free loopback port:
``scorekeeper serve`` (waitress), gunicorn with a worker class, and nginx in front of
one with the directives of ``docs/nginx-scorekeeper.conf``.

    python scripts/slow-clients [--connections 18] [--seconds 10]

prints, for each setup, how long ``/health`` and ``/setup`` took with the connections
open (the reproduction harness; ``tests/web/test_slow_clients.py`` asserts the same).
"""

from __future__ import annotations

import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

from scorekeeper.paths import ROOT

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
NGINX_SNIPPET = ROOT / "docs" / "nginx-scorekeeper.conf"
TRICKLE = 0.5  # seconds between two bytes on each slow connection
START_TIMEOUT = 30.0  # seconds for a server to accept connections
# Half the slow clients send their request's head a byte at a time (its last header
# never ends); the other half send a whole head at once, then its body a byte at a time.
SLOW_HEAD = b"GET /setup HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\nX-Slow: "
WHOLE_HEAD = (
    b"POST /setup HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n"
    b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# --- the clients ------------------------------------------------------------------------------


class SlowClients:
    """``count`` connections to ``port``, each sent one byte more of a request that never
    ends every ``TRICKLE`` seconds, until ``close`` or ``seconds`` (whichever comes
    first): half of them in its head, half in its body."""

    def __init__(self, port: int, count: int, seconds: float) -> None:
        self.sockets: list[socket.socket] = []
        self.sent: dict[socket.socket, int] = {}
        self.stop = threading.Event()
        for number in range(count):
            # a server that stops accepting still completes connections in its backlog
            connection = socket.create_connection(("127.0.0.1", port), timeout=2)
            self.sockets.append(connection)
            self.sent[connection] = 0
            if number % 2:
                connection.sendall(WHOLE_HEAD)
                self.sent[connection] = len(SLOW_HEAD)  # what is left to send is the body
        self.thread = threading.Thread(target=self._trickle, args=(seconds,), daemon=True)
        self.thread.start()

    def _trickle(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not self.stop.is_set() and time.monotonic() < deadline:
            for connection in list(self.sockets):
                self._send_one(connection)
            self.stop.wait(TRICKLE)

    def _send_one(self, connection: socket.socket) -> None:
        done = self.sent[connection]
        byte = SLOW_HEAD[done : done + 1] or b"a"  # the last header (or the body) goes on
        try:
            connection.sendall(byte)
        except OSError:  # the server closed it (a timeout, or a refusal)
            self.sockets.remove(connection)
            connection.close()
            return
        self.sent[connection] = done + 1

    @property
    def open(self) -> int:
        return len(self.sockets)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=5)
        for connection in self.sockets:
            connection.close()


@contextmanager
def slow_clients(port: int, count: int, seconds: float) -> Iterator[SlowClients]:
    clients = SlowClients(port, count, seconds)
    try:
        time.sleep(2 * TRICKLE)  # every connection has been accepted and sent a byte or two
        yield clients
    finally:
        clients.close()


def answer(port: int, path: str, timeout: float) -> tuple[int | None, float]:
    """The status of a whole GET of ``path`` and the seconds it took (None: no answer
    within ``timeout``)."""
    start = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status, time.monotonic() - start
    except OSError:
        return None, time.monotonic() - start
    finally:
        connection.close()


# --- the servers ------------------------------------------------------------------------------


def wait_for(port: int, process: subprocess.Popen[bytes], timeout: float = START_TIMEOUT) -> None:
    """Until ``/health`` on ``port`` answers 200 (gunicorn listens before its workers
    have loaded the app); an error when ``process`` exits first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{process.args!r} exited with {process.returncode}")
        if answer(port, "/health", 2)[0] == 200:
            return
        time.sleep(0.1)
    raise RuntimeError(f"no answer from port {port} within {timeout:.0f} s")


@contextmanager
def running(command: list[str], port: int, log: Path, stop: int) -> Iterator[int]:
    """``command`` running (its output in ``log``) until the block ends, then stopped with
    the signal ``stop`` (killed if it has not stopped within 10 s); yields ``port``."""
    with log.open("ab") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=child_env(), stdout=out, stderr=out)
    try:
        wait_for(port, process)
        yield port
    finally:
        process.send_signal(stop)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def child_env() -> dict[str, str]:
    """This environment (the instance folder, ``DATABASE_URL``), importing this copy."""
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def scorekeeper(*args: str) -> list[str]:
    return [sys.executable, "-m", "scorekeeper.cli", *args]


def waitress(log: Path) -> AbstractContextManager[int]:
    """``scorekeeper serve`` on 127.0.0.1 (it migrates the database itself)."""
    port = free_port()
    command = scorekeeper("serve", "--host", "127.0.0.1", "--port", str(port))
    return running(command, port, log, signal.SIGTERM)


def gunicorn(
    log: Path, worker_class: str = "sync", workers: int = 2, threads: int = 1
) -> AbstractContextManager[int]:
    """gunicorn with ``workers`` workers of ``worker_class``, as the README starts it
    (after ``scorekeeper upgrade``: gunicorn does not migrate)."""
    subprocess.run(
        scorekeeper("upgrade"), cwd=ROOT, env=child_env(), check=True, capture_output=True
    )
    port = free_port()
    command = [
        str(Path(sys.executable).with_name("gunicorn")),
        *("--workers", str(workers), "--worker-class", worker_class, "--threads", str(threads)),
        *("--bind", f"127.0.0.1:{port}", "--graceful-timeout", "2"),
        "scorekeeper:create_app()",
    ]
    return running(command, port, log, signal.SIGTERM)


def nginx_config(folder: Path, port: int, upstream: int) -> str:
    """An nginx.conf for one unprivileged process in ``folder`` listening on ``port``,
    its server block the documented snippet, its upstream the app on ``upstream``."""
    temp = " ".join(f"{kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy"))
    return f"""\
daemon off;
master_process off;
pid {folder / "nginx.pid"};
error_log {folder / "error.log"} warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    {temp}
    fastcgi_temp_path {folder / "fastcgi"}; uwsgi_temp_path {folder / "uwsgi"};
    scgi_temp_path {folder / "scgi"};
    upstream scorekeeper {{ server 127.0.0.1:{upstream}; }}
    server {{
        listen 127.0.0.1:{port};
        include {NGINX_SNIPPET};
    }}
}}
"""


def nginx(folder: Path, upstream: int) -> AbstractContextManager[int]:
    """nginx (Debian's) in front of the app on port ``upstream``."""
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    config = folder / "nginx.conf"
    config.write_text(nginx_config(folder, port, upstream), encoding="utf-8")
    command = [NGINX, "-p", str(folder), "-c", str(config), "-e", str(folder / "error.log")]
    return running(command, port, folder / "nginx.out", signal.SIGTERM)

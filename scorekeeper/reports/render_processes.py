"""PDF renders in processes of their own, beside the server's.

WeasyPrint is Python through and through: a render in a server thread holds the
interpreter's lock for most of its seconds, and every other thread of that process
(a hand saved, ``/health``) waits its turn for the lock, three or four times slower
while two renders run (``make bench-prints``). So the server renders in a small pool of
processes (as many as its render slots, ``SHEET_RENDERS``), started when first needed
and kept, each at a lower priority than the server (``NICENESS``): the server's
requests get the cores first and never wait for a lock a render holds.

``rendering_apart(n)`` turns it on for the block (the web's render slot does, unless
``SHEET_RENDERS_APART`` is off: the tests render in their own process, where they can
watch a render); ``render(html, make)`` then sends ``make(html)`` to the pool. A pool
whose process died is dropped, and the render refused (``RenderProcessGoneError``: a
503 to try again); a render process whose server is gone ends itself.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from contextvars import ContextVar

NICENESS = 19  # the lowest priority: the server (its hands, /health) first (os.nice)
PARENT_CHECK = 2.0  # seconds between a render process's looks at whether its server is there


class RenderProcessGoneError(Exception):
    """The render's process died under it (never made again in the server's process, as
    a render that crashes one process could crash the server): the web answers 503."""


_APART: ContextVar[int] = ContextVar("render_processes", default=0)
_POOLS: dict[int, ProcessPoolExecutor] = {}
_POOLS_LOCK = threading.Lock()


@contextmanager
def rendering_apart(processes: int) -> Iterator[None]:
    """Renders in the block go to a pool of ``processes`` processes (0: made here)."""
    token = _APART.set(processes)
    try:
        yield
    finally:
        _APART.reset(token)


def render(html: str, make: Callable[[str], bytes]) -> bytes:
    """``make(html)``: in a render process when the caller asked for one, else here.
    ``make`` is a module's function (it is sent to the process by name)."""
    processes = _APART.get()
    if processes <= 0:
        return make(html)
    pool = _pool(processes)
    try:
        return pool.submit(make, html).result()
    except BrokenProcessPool:  # its process died (killed, out of memory, a crash)
        _drop(processes, pool)  # the next render starts a new pool
        raise RenderProcessGoneError from None


def _pool(processes: int) -> ProcessPoolExecutor:
    with _POOLS_LOCK:
        pool = _POOLS.get(processes)
        if pool is None:
            # spawned, not forked: the server has threads (and their locks) a fork would copy
            context = multiprocessing.get_context("spawn")
            pool = ProcessPoolExecutor(processes, mp_context=context, initializer=_lowered)
            _POOLS[processes] = pool
        return pool


def _drop(processes: int, pool: ProcessPoolExecutor) -> None:
    with _POOLS_LOCK:
        if _POOLS.get(processes) is pool:
            del _POOLS[processes]
    pool.shutdown(wait=False, cancel_futures=True)


def _lowered() -> None:
    """A render process's start: below the server's priority, and gone with its server
    (a worker killed outright leaves no render process waiting for work)."""
    os.nice(NICENESS)
    server = os.getppid()
    threading.Thread(target=_gone_with, args=(server,), daemon=True).start()


def _gone_with(server: int) -> None:
    while os.getppid() == server:
        time.sleep(PARENT_CHECK)
    os._exit(0)

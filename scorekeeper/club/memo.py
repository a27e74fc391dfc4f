"""What the club's pages work out from a night, kept by the night's change stamp
(``club.events.night_stamp``): made again only when the night changes. A bounded map per
process, the least recently used dropped first; its keys carry the database's address,
so that two databases in one process (the tests') never share an entry."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from scorekeeper.extensions import db

T = TypeVar("T")


class Memo(Generic[T]):
    """Up to ``size`` values by key, the least recently used dropped first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[Hashable, T] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """The value kept for ``key`` (of this database), else ``make()``'s, kept."""
        full = (str(db.engine.url), key)
        with self._lock:
            if full in self._kept:
                self._kept.move_to_end(full)
                return self._kept[full]
        value = make()  # outside the lock: another request may make it meanwhile
        with self._lock:
            self._kept[full] = value
            self._kept.move_to_end(full)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return value

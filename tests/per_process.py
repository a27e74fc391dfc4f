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
- Routes' texts: werkzeug parses each route's text again for every app (a regular
  expression walked over it, its converters' arguments read); the parts depend only on
  the text and the map's converters, and are kept by those here, each rule still given
  converter objects of its own (tests/test_per_process.py compares them with fresh ones).
- SQL: SQLAlchemy compiles each statement once per engine and keeps it in that engine's
  cache, keyed by the engine's dialect object; each app a test makes has an engine of its
  own, so every test compiled the same few hundred statements again (a third of a page
  test's time). One cache serves every engine here, keyed by the dialect's settings
  (its class and every value it holds) instead of its object: engines whose dialects
  differ in anything, a server's version or a driver's option, never share a statement
  (tests/test_per_process.py compiles each kept one anew and compares).
- Migrations: ``scorekeeper serve``, ``upgrade``, ``restore`` and the commands that open
  an instance run every migration on a new, empty database (0.14 s, 0.2 s under
  coverage; 183 times in tests/cli and the serve tests). On SQLite the first upgrade of a process
  is run for real into a file of its own, and each later one on an empty SQLite file
  copies that file in with SQLite's backup API. A database with any table, one on
  PostgreSQL, and tests/test_migrations.py (which imports Flask-Migrate's own
  ``upgrade``) still run the migrations themselves; tests/test_per_process.py compares
  the copied schema with a real upgrade's.
- Garbage collection: a test process holds half a million objects (the app's modules,
  the kept work above), and each test makes thousands more; Python looked for cycles
  after every 700 new objects, and through all of them every few hundred looks. Here it
  looks after every 10,000 (six web-test files under coverage: 6,076 young, 552 middle and
  25 full collections, 9.0 s; then 354, 16 and 3, 3.8 s). What is collected is the same.

Nothing here changes what the app answers, only how often the same work is redone.
"""

from __future__ import annotations

import atexit
import copy
import functools
import gc
import shutil
import sqlite3
import tempfile
import types
import weakref
from pathlib import Path
from typing import Any

import flask_migrate
from flask import Flask
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from sqlalchemy import Engine, event, inspect
from sqlalchemy.util import LRUCache
from werkzeug.routing import Rule

from scorekeeper.accounts import logins, users
from scorekeeper.cli import serve
from scorekeeper.extensions import db


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


def _keep_rule_parts() -> None:
    """Each route's text parsed once per process (werkzeug's ``Rule._parse_rule``: a
    regular expression walked over the text, each converter's arguments parsed, most of
    what is left of making an app once its URL builders are kept): the parts it yields,
    and what it adds to the rule as it goes (the trace, the converters, the arguments),
    kept by the text and the map's converters. A rule given kept parts gets its own
    converter objects, copies bound to its own map."""
    made = Rule._parse_rule
    kept: dict[tuple[Any, ...], Any] = {}

    def kept_parse(rule: Rule, text: str) -> Any:
        key = (text, tuple(sorted(rule.map.converters.items())))
        if key not in kept:
            trace, converters, arguments = (
                len(rule._trace),
                set(rule._converters),
                set(rule.arguments),
            )
            parts = list(made(rule, text))
            kept[key] = (
                parts,
                rule._trace[trace:],
                {n: c for n, c in rule._converters.items() if n not in converters},
                rule.arguments - arguments,
            )
            return parts
        parts, trace, converters, arguments = kept[key]
        rule._trace.extend(trace)
        for name, converter in converters.items():
            own = copy.copy(converter)
            own.map = rule.map
            rule._converters[name] = own
        rule.arguments.update(arguments)
        return parts

    kept_parse.made = made  # type: ignore[attr-defined]  # the real one, for the test
    Rule._parse_rule = kept_parse  # type: ignore[method-assign,assignment]


# a dialect's values compared as they are: plain values, and modules, functions and
# classes by identity; any other object by its class and its own plain values
_PLAIN = (type(None), bool, int, float, str, bytes, tuple, frozenset)
_BY_IDENTITY = (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, type)


def _setting(value: Any, *, nested: bool = False) -> Any:
    if isinstance(value, _BY_IDENTITY):
        return value
    if isinstance(value, _PLAIN):
        try:
            hash(value)
        except TypeError:  # a tuple holding a list
            return type(value)
        return value
    if not nested and hasattr(value, "__dict__"):
        own = sorted(vars(value).items())
        return (type(value), tuple((name, _setting(each, nested=True)) for name, each in own))
    return type(value)


def dialect_settings(dialect: Any) -> tuple[Any, ...]:
    """What a dialect compiles by: its class and every value it holds, but the ones it
    works out from those on first use (its memo of the types' processors, the values of
    its class's memoized properties) and the back references of the objects it holds."""
    kind = type(dialect)
    own = sorted(vars(dialect).items())
    return (
        kind,
        tuple(
            (name, _setting(value))
            for name, value in own
            if name != "_type_memos" and not _worked_out(getattr(kind, name, None))
        ),
    )


def _worked_out(attribute: Any) -> bool:
    """Whether a class's attribute is a memoized property: a value computed once, from
    the instance's others, and then kept in the instance."""
    kind = type(attribute)
    return hasattr(kind, "__get__") and not hasattr(kind, "__set__") and not callable(attribute)


class SharedCompiledSQL:
    """SQLAlchemy's compiled cache for every engine: its keys' first part, the dialect,
    taken as the first dialect seen with the same settings."""

    def __init__(self, size: int = 10_000) -> None:
        self.kept: Any = LRUCache(size)
        self.dialects: dict[tuple[Any, ...], Any] = {}
        # each dialect's values when its settings were last worked out, and the first
        # dialect seen with those settings
        self.seen: weakref.WeakKeyDictionary[Any, tuple[list[Any], Any]] = (
            weakref.WeakKeyDictionary()
        )
        self.compiled = 0  # statements compiled and kept (the cache missed)

    def _key(self, key: tuple[Any, ...]) -> tuple[Any, ...]:
        dialect, *rest = key
        return (self.same_as(dialect), *rest)

    def same_as(self, dialect: Any) -> Any:
        """The first dialect seen with ``dialect``'s settings. They are worked out again
        only when one of its values (or of the objects it holds) is another object than
        last time: every statement asked for them, a twentieth of a page test's time."""
        values = _held_values(dialect)
        seen = self.seen.get(dialect)
        if seen is None or not _same_objects(seen[0], values):
            seen = (values, self.dialects.setdefault(dialect_settings(dialect), dialect))
            self.seen[dialect] = seen
        return seen[1]

    def get(self, key: tuple[Any, ...], default: Any = None) -> Any:
        return self.kept.get(self._key(key), default)

    def __setitem__(self, key: tuple[Any, ...], compiled: Any) -> None:
        self.compiled += 1
        self.kept[self._key(key)] = compiled


def _held_values(dialect: Any) -> list[Any]:
    """A dialect's values and those of the objects it holds, in their order."""
    values = list(vars(dialect).values())
    for value in values[:]:
        if not isinstance(value, _PLAIN + _BY_IDENTITY) and hasattr(value, "__dict__"):
            values.extend(vars(value).values())
    return values


def _same_objects(before: list[Any], now: list[Any]) -> bool:
    return len(before) == len(now) and all(a is b for a, b in zip(before, now, strict=True))


SHARED_SQL = SharedCompiledSQL()


def _share_compiled_sql(connection: Any) -> None:
    """An engine's cache replaced by the shared one on its first connection (one made
    with no cache, ``query_cache_size=0``, keeps none)."""
    engine = connection.engine
    if engine._compiled_cache is not None and engine._compiled_cache is not SHARED_SQL:
        engine._compiled_cache = SHARED_SQL


# --- migrations -----------------------------------------------------------------------


class KeptMigrations:
    """Flask-Migrate's ``upgrade()`` as ``scorekeeper.cli.serve`` calls it (the latest
    revision, no arguments), run once per process and copied after that."""

    def __init__(self) -> None:
        self.template: Path | None = None
        self.copied = 0  # upgrades answered by a copy

    def upgrade(self, *args: Any, **kwargs: Any) -> None:
        database = _empty_sqlite_file()
        if args or kwargs or database is None:
            flask_migrate.upgrade(*args, **kwargs)
            return
        if self.template is None:
            flask_migrate.upgrade()  # the real migrations, into this database
            folder = tempfile.mkdtemp()
            atexit.register(shutil.rmtree, folder, ignore_errors=True)
            self.template = Path(folder) / "migrated.db"
            _copy_sqlite(database, self.template)
            return
        db.engine.dispose()  # no connection of the app's left open on the file
        _copy_sqlite(self.template, database)
        self.copied += 1


def _empty_sqlite_file() -> Path | None:
    """The current app's database file when it is SQLite's and holds no table yet."""
    url = db.engine.url
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    if inspect(db.engine).get_table_names():
        return None
    return Path(url.database)


def _copy_sqlite(source: Path, target: Path) -> None:
    with sqlite3.connect(source) as reading, sqlite3.connect(target) as writing:
        reading.backup(writing)
    reading.close()
    writing.close()


KEPT_MIGRATIONS = KeptMigrations()


def _keep_work() -> None:
    gc.set_threshold(10_000, 20, 100)  # (700, 10, 10) by default
    real_hash: Any = users.generate_password_hash
    real_check: Any = logins.check_password_hash
    users.generate_password_hash = functools.cache(real_hash)  # type: ignore[assignment]
    logins.check_password_hash = functools.cache(real_check)  # type: ignore[assignment]
    Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": _KeptBytecode()}
    event.listen(Engine, "engine_connect", _share_compiled_sql)
    serve.flask_migrate = types.SimpleNamespace(upgrade=KEPT_MIGRATIONS.upgrade)  # type: ignore[assignment]
    if hasattr(Rule, "_compile_builder"):
        _keep_url_builders()  # else werkzeug changed: each app compiles its own again
    if hasattr(Rule, "_parse_rule"):
        _keep_rule_parts()  # else werkzeug changed: each app parses its routes again


_keep_work()

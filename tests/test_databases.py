"""The tests' own rules about databases (tests/databases.py): a test that uses one
without the ``database`` marker fails the run, so ``make test-postgres`` (``-m
database``) cannot leave it out; and the tables copied from the per-process template are
the ones ``create_all`` makes."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.pool import NullPool

from tests.databases import database_url, on_postgres, release, tables_url

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def run(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """A pytest run of its own, in a new folder, with tests/databases.py loaded and no
    other plugin (the installed ones, Schemathesis, Hypothesis, Playwright, took most of
    each run's 2.5 s to load)."""
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    pytester.makeconftest('pytest_plugins = ["tests.databases"]')
    return pytester


# each is the body of a test in a run of its own; whether that run passes
GUARDED = [
    ("an unmarked test asking for a URL", "", "database_url(tmp_path / 'x.db')", False),
    (
        "an unmarked test opening SQLite itself",
        "",
        "create_engine(f'sqlite:///{tmp_path}/x.db').connect().close()",
        False,
    ),
    (
        "a marked test asking for a URL",
        "@pytest.mark.database",
        "tables_url(tmp_path / 'x.db')",
        True,
    ),
    (
        "a marked test opening SQLite itself",
        "@pytest.mark.database",
        "create_engine(f'sqlite:///{tmp_path}/x.db').connect().close()",
        True,
    ),
    (
        "an unmarked test giving its commands an instance folder",
        "",
        "import os; os.environ['SCOREKEEPER_INSTANCE_PATH'] = str(tmp_path)",
        False,
    ),
    ("an unmarked test with no database", "", "assert (tmp_path / 'x.db').exists() is False", True),
]


@pytest.mark.parametrize(("case", "mark", "body", "passes"), GUARDED, ids=[g[0] for g in GUARDED])
def test_a_database_used_without_the_marker_fails_the_run(
    run: pytest.Pytester, case: str, mark: str, body: str, passes: bool
) -> None:
    run.makepyfile(
        f"""
        import pytest
        from sqlalchemy import create_engine
        from tests.databases import database_url, on_postgres, release, tables_url

        {mark}
        def test_it(tmp_path):
            {body}
        """
    )
    result = run.runpytest_subprocess("-p", "no:cacheprovider")
    if passes:
        result.assert_outcomes(passed=1)
    else:
        result.assert_outcomes(passed=1, errors=1)  # the test ran; its teardown failed the run
        result.stdout.fnmatch_lines(["*without the `database` marker*docs/testing.md*"])
        assert result.ret != 0


def test_a_test_asking_for_an_app_or_an_instance_is_marked_by_itself(
    run: pytest.Pytester,
) -> None:
    run.makepyfile(
        """
        import pytest

        @pytest.fixture
        def app(tmp_path):
            return tmp_path

        def test_with_an_app(app): pass
        def test_with_an_instance(instance): pass
        def test_with_neither(tmp_path): pass
        """
    )
    result = run.runpytest_subprocess("-p", "no:cacheprovider", "-m", "database", "-v")
    result.assert_outcomes(passed=2, deselected=1)
    result.stdout.fnmatch_lines(["*test_with_an_app PASSED*", "*test_with_an_instance PASSED*"])


def _tables(url: str) -> dict[str, list[tuple[str, str, bool]]]:
    """Each table's columns (name, type, nullable), indexes' names and rows counted."""
    engine = create_engine(url, poolclass=NullPool)
    try:
        schema = inspect(engine)
        found: dict[str, list[tuple[str, str, bool]]] = {}
        with engine.connect() as connection:
            for table in schema.get_table_names():
                columns = [
                    (c["name"], str(c["type"]), bool(c["nullable"]))
                    for c in schema.get_columns(table)
                ]
                indexes = [
                    ("index", i["name"] or "", bool(i["unique"])) for i in schema.get_indexes(table)
                ]
                rows = connection.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar_one()
                found[table] = [*columns, *sorted(indexes), ("rows", str(rows), False)]
        return found
    finally:
        engine.dispose()


@pytest.mark.database
def test_the_copied_tables_are_the_ones_create_all_makes(tmp_path: Path) -> None:
    import scorekeeper.store.club_models  # every table, the club's too
    import scorekeeper.store.models  # noqa: F401
    from scorekeeper.extensions import db

    made = database_url(tmp_path / "made.db")
    engine = create_engine(made, poolclass=NullPool)
    db.metadata.create_all(engine)
    engine.dispose()
    copied = tables_url(tmp_path / "copied.db")
    assert copied is not None
    assert _tables(copied) == _tables(made)
    assert len(_tables(copied)) == len(db.metadata.tables)
    assert tables_url(tmp_path / "copied.db") is None  # made already: the caller's own


@pytest.mark.database
@pytest.mark.skipif(not on_postgres(), reason="PostgreSQL's schemas are used again")
def test_a_released_schema_comes_back_empty_with_its_ids_from_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests import databases

    monkeypatch.setattr(databases, "_FREE", [])  # this test's schema the only one free
    monkeypatch.setattr(databases, "REST", 0.0)  # and free at once
    first = tables_url(tmp_path / "first" / "a.db")
    assert first is not None
    engine = create_engine(first, poolclass=NullPool)
    with engine.begin() as connection:
        connection.execute(
            text("INSERT INTO player (name, created_at) VALUES ('Ann', now()), ('Bea', now())")
        )
    engine.dispose()
    release(tmp_path / "first")
    again = tables_url(tmp_path / "second" / "a.db")
    assert again == first  # the same schema, emptied
    engine = create_engine(again, poolclass=NullPool)
    with engine.begin() as connection:
        assert connection.execute(text("SELECT COUNT(*) FROM player")).scalar_one() == 0
        made = connection.execute(
            text("INSERT INTO player (name, created_at) VALUES ('Cal', now()) RETURNING id")
        )
        assert made.scalar_one() == 1
    engine.dispose()


@pytest.mark.database
@pytest.mark.skipif(not on_postgres(), reason="PostgreSQL's schemas are used again")
def test_a_schema_just_released_is_not_given_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever its test left to end (a served subprocess being killed) may still write
    to it for a moment: another test gets a schema of its own meanwhile."""
    from tests import databases

    monkeypatch.setattr(databases, "_FREE", [])
    first = tables_url(tmp_path / "first" / "a.db")
    release(tmp_path / "first")
    again = tables_url(tmp_path / "second" / "a.db")
    assert again is not None and again != first

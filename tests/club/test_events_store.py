"""Stored club nights (issue 24, item 4): a pinochle-event/1 document in and out whole,
the standings from the stored games, a refused document storing nothing; and the same
through ``scorekeeper import`` and ``export``. On SQLite, and on PostgreSQL with
scripts/with-postgres."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event, func, select

from scorekeeper import create_app
from scorekeeper.cli import main
from scorekeeper.club.events import event_standings, export_event, get_event, import_event
from scorekeeper.engine.club.events import from_document, to_document
from scorekeeper.engine.club.standings import standings
from scorekeeper.engine.errors import GameError
from scorekeeper.extensions import db
from scorekeeper.games.lifecycle import delete_game
from scorekeeper.store.club_models import Event, EventTable
from scorekeeper.store.models import Game, Player
from tests.databases import database_url

EVENTS = Path(__file__).resolve().parents[1] / "data" / "events"
NIGHTS = [EVENTS / "club-night.json", EVENTS / "teams-night.json"]


def document(path: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def normalised(doc: dict[str, Any]) -> dict[str, Any]:
    """The document as the engine writes it back (defaults filled in)."""
    return to_document(from_document(doc))


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url(tmp_path / "club.db")})
    with app.app_context():
        db.create_all()
        yield app
        db.session.remove()
        db.engine.dispose()


def count(model: Any) -> int:
    return int(db.session.execute(select(func.count()).select_from(model)).scalar_one())


@pytest.mark.parametrize("path", NIGHTS, ids=lambda path: path.stem)
def test_an_event_comes_back_as_it_went_in(app: Flask, path: Path) -> None:
    stored = import_event(document(path))
    db.session.expire_all()
    event = get_event(stored.id)
    assert event is not None
    assert export_event(event) == {**normalised(document(path)), "key": event.key}


@pytest.mark.parametrize("path", NIGHTS, ids=lambda path: path.stem)
def test_a_files_key_is_kept_unless_a_stored_night_has_it(app: Flask, path: Path) -> None:
    """A night moved from another server keeps its key (its public address); imported
    again here, it is another night with a key of its own."""
    first = import_event({**document(path), "key": "Moved-night_1"})
    again = import_event({**document(path), "key": "Moved-night_1"})
    assert first.key == "Moved-night_1"
    assert again.key not in ("Moved-night_1", "") and len(again.key) == 12
    assert export_event(again)["key"] == again.key


@pytest.mark.parametrize("path", NIGHTS, ids=lambda path: path.stem)
def test_the_stored_standings_are_the_files(app: Flask, path: Path) -> None:
    event = import_event(document(path))
    db.session.expire_all()
    stored = get_event(event.id)
    assert stored is not None
    from_file = standings(from_document(document(path)))
    assert event_standings(stored) == from_file
    assert event_standings(stored).as_dict() == from_file.as_dict()


def statements_reading(event_id: int) -> tuple[int, int]:
    """The statements ``get_event`` sends, and those sent afterwards while the night's
    standings are worked out from what it read."""
    sent: list[str] = []

    def listen(_connection: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        sent.append(statement)

    db.session.expire_all()
    event.listen(db.engine, "before_cursor_execute", listen)
    try:
        stored = get_event(event_id)
        read = len(sent)
        assert stored is not None
        event_standings(stored)
    finally:
        event.remove(db.engine, "before_cursor_execute", listen)
    return read, len(sent) - read


def test_a_night_is_read_in_the_same_statements_whatever_its_tables(app: Flask) -> None:
    """One table a round or two, hands or none: the same statements read the night, and
    working out its standings sends none."""
    read = [statements_reading(import_event(document(path)).id) for path in NIGHTS]
    assert read == [(11, 0), (11, 0)]


def test_each_table_game_is_an_ordinary_stored_game(app: Flask) -> None:
    night = document(NIGHTS[0])
    event = import_event(night)
    played = [t for r in night["rounds"] for t in r["tables"] if t["game"] is not None]
    assert count(Game) == len(played)
    tables = db.session.execute(select(EventTable).where(EventTable.game_id.is_not(None)))
    for table in tables.scalars():
        names = {seat.player.name for seat in table.game.seats}
        assert names == {seat.entrant.name for seat in table.seats}
    assert event.key and len(event.rounds) == event.rounds_count == len(night["rounds"])


def test_a_deleted_game_leaves_its_table_unplayed(app: Flask) -> None:
    event = import_event(document(NIGHTS[0]))
    table = event.rounds[0].tables[0]
    game_id = table.game_id
    assert game_id is not None
    delete_game(db.session.get(Game, game_id))
    db.session.expire_all()
    stored = get_event(event.id)
    assert stored is not None
    assert stored.rounds[0].tables[0].game is None
    assert export_event(stored)["rounds"][0]["tables"][0]["game"] is None
    # the night without that game: the standings of the document it now is
    assert event_standings(stored) == standings(from_document(export_event(stored)))


def _table(doc: dict[str, Any], round_: int = 0, table: int = 0) -> dict[str, Any]:
    found: dict[str, Any] = doc["rounds"][round_]["tables"][table]
    return found


BAD = [
    ("too few entrants", lambda d: d.update(entrants=d["entrants"][:3]), "event_too_few"),
    ("a seat naming no entrant", lambda d: _table(d)["seats"].__setitem__(0, "Zed"),
     "event_unknown_name"),
    ("the seats and the game disagree", lambda d: _table(d)["seats"].reverse(), "event_seating"),
    ("an adjustment without a reason", lambda d: d["adjustments"][0].update(reason=" "),
     "event_adjustment_reason"),
    ("a late game that is not valid",
     lambda d: _table(d, -1, -1)["game"]["hands"][0].update(counters=[150, 90]), "event_game"),
]  # fmt: skip


@pytest.mark.parametrize(("case", "change", "code"), BAD, ids=[case for case, _, _ in BAD])
def test_a_refused_event_stores_nothing(app: Flask, case: str, change: Any, code: str) -> None:
    bad = copy.deepcopy(document(NIGHTS[0]))
    if not bad.get("adjustments"):
        bad["adjustments"] = [{"entrant": "Ann", "round": 1, "points": 10, "reason": "x"}]
    if code == "event_game" and bad["rounds"][-1]["tables"][-1]["game"] is None:
        pytest.skip("the last table of the example is unplayed")
    change(bad)
    with pytest.raises(GameError) as refused:
        import_event(bad)
    assert refused.value.code == code, case
    assert str(refused.value)  # a sentence
    for model in (Event, EventTable, Game, Player):
        assert count(model) == 0, model


# --- the command line ----------------------------------------------------------------


def run(folder: Path, monkeypatch: pytest.MonkeyPatch, *argv: str, stdin: str = "") -> Any:
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(folder))
    monkeypatch.setenv("DATABASE_URL", database_url(folder / "scorekeeper.db"))
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    return main(list(argv))


@pytest.mark.database
def test_import_and_export_an_event(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "instance"
    assert run(folder, monkeypatch, "import", str(NIGHTS[0])) == 0
    event_id = capsys.readouterr().out.strip()
    assert event_id.isdigit()
    out = tmp_path / "out.json"
    assert run(folder, monkeypatch, "export", "--event", event_id, "-o", str(out)) == 0
    exported = json.loads(out.read_text(encoding="utf-8"))
    assert exported == {**normalised(document(NIGHTS[0])), "key": exported["key"]}
    # from standard input too; and its standings are the file's
    assert run(folder, monkeypatch, "import", "-", stdin=NIGHTS[1].read_text()) == 0
    teams_id = capsys.readouterr().out.strip()
    assert run(folder, monkeypatch, "export", "--event", teams_id) == 0
    exported = json.loads(capsys.readouterr().out)
    assert exported == {**normalised(document(NIGHTS[1])), "key": exported["key"]}
    written = tmp_path / "teams.json"
    written.write_text(json.dumps(exported), encoding="utf-8")
    assert run(folder, monkeypatch, "standings", "--json", str(written)) == 0
    from_store = capsys.readouterr().out
    assert run(folder, monkeypatch, "standings", "--json", str(NIGHTS[1])) == 0
    assert from_store == capsys.readouterr().out


@pytest.mark.database
def test_a_refused_event_file_exits_2_and_stores_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "instance"
    bad = document(NIGHTS[0])
    bad["entrants"] = bad["entrants"] + [{"name": "Ann"}]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    assert run(folder, monkeypatch, "import", str(path)) == 2
    assert "'Ann' is entered more than once" in capsys.readouterr().err
    assert run(folder, monkeypatch, "export", "--event", "1") == 2
    assert "no event has the id 1" in capsys.readouterr().err


@pytest.mark.database
def test_export_names_a_game_or_an_event(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "instance"
    assert run(folder, monkeypatch, "export") == 2
    assert run(folder, monkeypatch, "export", "1", "--event", "1") == 2
    assert "name a game by its id, or an event with --event ID" in capsys.readouterr().err


# --- the migration ---------------------------------------------------------------------


@pytest.mark.database
def test_the_migration_steps_down_and_up_with_a_night_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Down to the revision before the club's tables drops them and keeps the games; up
    again makes them empty, and the night imports again."""
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import inspect

    from scorekeeper.cli.serve import quiet_migrations

    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.setenv("DATABASE_URL", database_url(tmp_path / "migrated.db"))
    app = create_app()
    with app.app_context(), quiet_migrations():
        upgrade()
        import_event(document(NIGHTS[0]))
        games = count(Game)
        db.session.remove()
        downgrade(revision="f3b8d2a6c417")  # the revision before the club's tables
        names = set(inspect(db.engine).get_table_names())
        assert not {name for name in names if name.startswith("club_")}
        # the night's games stay, as ordinary games (counted as the table's rows: the
        # models' queries ask for the current club, a column of the revisions after)
        assert count(Game.__table__) == games
        db.session.remove()  # its read's transaction ended: the upgrade alters the games' table
        upgrade()
        assert count(Event) == 0
        assert import_event(document(NIGHTS[0])).id == 1
        db.session.remove()
        db.engine.dispose()

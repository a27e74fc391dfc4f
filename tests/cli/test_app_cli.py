"""``scorekeeper import``, ``export`` and ``serve`` against the app's own database."""

from __future__ import annotations

import io
import json
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import create_app
from scorekeeper.accounts.logins import log_in
from scorekeeper.accounts.users import user_named
from scorekeeper.cli import main
from scorekeeper.engine.bounds import MAX_HANDS
from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.gamefile import from_document, to_document
from scorekeeper.engine.scoring import replay
from scorekeeper.extensions import db
from scorekeeper.games.seasons import create_season
from scorekeeper.games.stored import replay_game
from scorekeeper.store.models import Game, GameOutcome, Player
from tests.conftest import case_files, load_case
from tests.databases import database_url, untouched

# migrations/env.py still calls Flask-SQLAlchemy's deprecated ``db.get_engine()`` first.

GAMES = case_files("games")
ERRORS = case_files("errors")


@dataclass(frozen=True)
class Result:
    status: int
    out: str
    err: str


Run = Callable[..., Result]


@pytest.fixture
def run(instance: Path, capsys: pytest.CaptureFixture[str]) -> Run:
    """``run("export", "1")``: main() in-process on the temporary instance."""

    def invoke(*argv: str) -> Result:
        status = main(list(argv))
        captured = capsys.readouterr()
        return Result(status, captured.out, captured.err)

    return invoke


def written(folder: Path, document: Any, name: str = "game.json") -> str:
    path = folder / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def replayed(document: Any, exported: dict[str, Any]) -> dict[str, Any]:
    """The document as the engine reads it back; a game without a date is dated the
    day it is imported (the date ``exported`` has).
    """
    expected = to_document(from_document(document))
    expected.setdefault("played_on", exported["played_on"])
    return expected


def sentence(document: Any) -> str:
    """The engine's refusal of a game document."""
    with pytest.raises(PinochleError) as refusal:
        replay(from_document(document))
    return str(refusal.value)


# --- import and export ------------------------------------------------------------------------


@pytest.mark.parametrize("case", GAMES, ids=[path.stem for path in GAMES])
def test_import_then_export_gives_the_game_back(tmp_path: Path, run: Run, case: Path) -> None:
    document = load_case(case)["game"]
    imported = run("import", written(tmp_path, document))
    assert (imported.status, imported.err) == (0, "")
    assert imported.out.strip().isdigit()

    exported = run("export", imported.out.strip())
    assert (exported.status, exported.err) == (0, "")
    assert json.loads(exported.out) == replayed(document, json.loads(exported.out))


def test_each_import_is_a_new_game(tmp_path: Path, run: Run) -> None:
    path = written(tmp_path, load_case(GAMES[0])["game"])
    assert [run("import", path).out for _ in range(3)] == ["1\n", "2\n", "3\n"]


def test_import_reads_standard_input(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    document = load_case(GAMES[0])["game"]
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(document)))
    assert run("import", "-") == Result(0, "1\n", "")


def test_export_to_a_file(tmp_path: Path, run: Run) -> None:
    document = load_case(GAMES[0])["game"]
    run("import", written(tmp_path, document))
    target = tmp_path / "out.json"
    assert run("export", "1", "-o", str(target)) == Result(0, "", "")
    exported = json.loads(target.read_text(encoding="utf-8"))
    assert exported == replayed(document, exported)


@pytest.mark.parametrize("case", ERRORS, ids=[path.stem for path in ERRORS])
def test_a_game_that_breaks_a_rule_is_refused_and_nothing_is_stored(
    tmp_path: Path, run: Run, case: Path
) -> None:
    document = load_case(case)["game"]
    refused = run("import", written(tmp_path, document))
    assert refused == Result(2, "", sentence(document) + "\n")
    assert run("export", "1") == Result(2, "", "no game has the id 1\n")


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("{not json", "not JSON (line 1, column 2"),
        ('{"format": "pinochle-game/0"}', "format must be 'pinochle-game/1'"),
    ],
)
def test_a_file_that_is_not_a_game_is_refused(
    tmp_path: Path, run: Run, instance: Path, content: str, reason: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    refused = run("import", str(path))
    assert (refused.status, refused.out) == (2, "")
    assert reason in refused.err
    assert len(refused.err.splitlines()) == 1
    assert untouched(instance / "scorekeeper.db")  # refused before the database is opened


def test_a_game_longer_than_the_limit_is_refused(tmp_path: Path, run: Run, instance: Path) -> None:
    hand = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]}
    document = {
        **load_case(GAMES[0])["game"],
        "ruleset": "partnership",
        "rules": {"target": 100_000},
        "hands": [hand] * (MAX_HANDS + 1),
    }
    refused = run("import", written(tmp_path, document))
    expected = f"a game has at most {MAX_HANDS} scored hands, not {MAX_HANDS + 1}\n"
    assert refused == Result(2, "", expected)
    assert untouched(instance / "scorekeeper.db")


def test_a_missing_file_is_refused(tmp_path: Path, run: Run) -> None:
    refused = run("import", str(tmp_path / "missing.json"))
    assert (refused.status, refused.out) == (2, "")
    assert "cannot read" in refused.err and "missing.json" in refused.err


def test_export_of_an_unknown_game(run: Run) -> None:
    assert run("export", "42") == Result(2, "", "no game has the id 42\n")


def test_export_needs_a_number(run: Run) -> None:
    refused = run("export", "first")
    assert refused.status == 2
    assert "argument GAME_ID: a whole number in the digits 0 to 9, not 'first'" in refused.err


def test_database_url_overrides_the_instance_database(
    tmp_path: Path, run: Run, instance: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = tmp_path / "elsewhere.db"
    monkeypatch.setenv("DATABASE_URL", database_url(database))
    assert run("import", written(tmp_path, load_case(GAMES[0])["game"])).out == "1\n"
    assert not untouched(database)
    assert untouched(instance / "scorekeeper.db")


def test_upgrade_brings_the_database_to_the_latest_revision(run: Run) -> None:
    """What gunicorn's workers need before they start (they do not migrate)."""
    first = run("upgrade")
    assert first.status == 0
    assert "(upgraded from empty to " in first.out
    head = first.out.rstrip(")\n").rsplit(" ", 1)[1]
    assert run("upgrade").out.endswith(f"(revision {head})\n")


# --- serve --------------------------------------------------------------------------------------


def test_serve_on_a_port_in_use_says_so(run: Run) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        refused = run("serve", "--host", "127.0.0.1", "--port", str(port))
    assert (refused.status, refused.out) == (2, "")
    assert refused.err.startswith(f"cannot listen on http://127.0.0.1:{port}: ")


@pytest.mark.parametrize("port", ["-1", "65536", "http", "５０００", "٥٠٠٠"])
def test_serve_needs_a_port_number(run: Run, port: str) -> None:
    refused = run("serve", "--port", port)
    assert refused.status == 2
    assert f"invalid port {port!r}: expected 0 to 65535" in refused.err


# --- demo-data ---------------------------------------------------------------------------


def test_demo_data_stores_plausible_games(run: Run, instance: Path) -> None:
    result = run("demo-data", "--games", "30", "--players", "9", "--seed", "7")
    assert result.status == 0
    assert result.out.strip() == "30 games among 9 players stored"
    app = create_app()
    with app.app_context():
        games = db.session.query(Game).all()
        assert len(games) == 30
        assert db.session.query(Player).count() <= 9
        assert len({game.played_on for game in games}) > 10  # spread over dates
        assert len({game.ruleset for game in games}) >= 2
        outcomes = db.session.query(GameOutcome).all()
        assert len(outcomes) == 30 and sum(o.finished for o in outcomes) >= 20
        for game in games:  # every stored game replays, as the engine made it
            replay_game(game)
        db.engine.dispose()


@pytest.mark.parametrize("argv", [["--games", "0"], ["--players", "1"]])
def test_demo_data_refuses_odd_sizes(run: Run, argv: list[str]) -> None:
    result = run("demo-data", *argv)
    assert result.status == 2
    assert "--games is 1 to 100000" in result.err


def stored_games() -> int:
    """The games in the database the commands use now (``SCOREKEEPER_INSTANCE_PATH``)."""
    app = create_app()
    with app.app_context():
        count = db.session.query(Game).count()
        db.engine.dispose()
    return count


def test_demo_data_refuses_a_database_that_holds_games(
    run: Run, instance: Path, tmp_path: Path
) -> None:
    real = load_case(GAMES[0])["game"]
    assert run("import", written(tmp_path, real)).status == 0
    refused = run("demo-data", "--games", "5", "--players", "4", "--seed", "1")
    assert (refused.status, refused.out) == (2, "")
    assert refused.err.endswith(
        " already holds 1 game: demo-data fills a database of its own "
        "(SCOREKEEPER_INSTANCE_PATH=/tmp/demo scorekeeper demo-data), or adds its made-up "
        "games to these with --into-existing\n"
    )
    assert str(instance) in refused.err or "postgresql" in refused.err  # which database
    assert stored_games() == 1  # nothing written
    added = run("demo-data", "--games", "5", "--players", "4", "--seed", "1", "--into-existing")
    assert (added.status, added.out) == (0, "5 games among 4 players stored\n")
    assert stored_games() == 6
    again = run("demo-data", "--games", "5", "--players", "4")
    assert again.status == 2 and "already holds 6 games:" in again.err
    assert stored_games() == 6


def test_demo_data_fills_a_database_of_its_own(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README's way: an instance folder for the demo, the club's left untouched."""
    club = tmp_path / "instance"
    assert run("import", written(tmp_path, load_case(GAMES[0])["game"])).status == 0
    demo = tmp_path / "demo"
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(demo))
    if "DATABASE_URL" in os.environ:  # PostgreSQL: a schema of its own
        monkeypatch.setenv("DATABASE_URL", database_url(demo / "scorekeeper.db"))
    assert run("demo-data", "--games", "4", "--players", "4", "--seed", "2").status == 0
    assert stored_games() == 4
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(club))
    if "DATABASE_URL" in os.environ:
        monkeypatch.setenv("DATABASE_URL", database_url(club / "scorekeeper.db"))
    assert stored_games() == 1


def test_stats_command(run: Run) -> None:
    assert run("demo-data", "--games", "12", "--players", "6", "--seed", "3").status == 0
    result = run("stats", "--json")
    assert result.status == 0
    document = json.loads(result.out)
    assert {"min_games", "players", "partnerships"} == set(document)
    assert sum(player["bids"] for player in document["players"]) > 0
    for player in document["players"]:  # the provisional after the ranked, without a rank
        assert player["provisional"] == (player["games"] < document["min_games"])
    ranks = [player["rank"] for player in document["players"]]
    ranked = [rank for rank in ranks if rank is not None]
    assert ranks == [*range(1, len(ranked) + 1), *[None] * (len(ranks) - len(ranked))]
    table = run("stats", "--season", "All time")
    assert table.status == 0 and "rating" in table.out and "rank" in table.out
    winter = run("stats", "--season", "Winter")
    assert winter.status == 2 and "unknown season 'Winter'" in winter.err
    assert run("stats", "--ruleset", "euchre").status == 2


def test_stats_of_a_created_season(run: Run, instance: Path) -> None:
    assert run("demo-data", "--games", "20", "--players", "6", "--seed", "4").status == 0
    app = create_app()
    with app.app_context():
        days = sorted(game.played_on for game in db.session.query(Game))
        start, end = days[5], days[14]
        create_season("Winter", start, end)
        db.engine.dispose()
    winter = json.loads(run("stats", "--season", "winter", "--json").out)
    same = json.loads(run("stats", "--from", str(start), "--to", str(end), "--json").out)
    assert winter == same
    assert sum(player["hands"] for player in winter["players"]) < sum(
        player["hands"] for player in json.loads(run("stats", "--json").out)["players"]
    )


def test_create_user_from_the_terminal(
    run: Run, instance: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("a long enough password\n"))
    made = run("create-user", "Olga", "--role", "owner", "--password-stdin")
    assert made.status == 0 and made.out == "Olga (owner) can log in now\n"
    app = create_app()
    with app.app_context():
        user = user_named("Olga")
        assert user is not None and user.role == "owner"
        assert log_in("Olga", "a long enough password", "127.0.0.1") == user
        db.engine.dispose()


@pytest.mark.parametrize(
    ("argv", "password", "sentence"),
    [
        (["Olga", "--role", "admin"], "a long enough password", "role is one of viewer"),
        (["Olga", "--role", "viewer"], "short", "8 to 200 characters"),
        ([" ", "--role", "viewer"], "a long enough password", "a user's name cannot be empty"),
        (["\x1b[2J", "--role", "viewer"], "a long enough password", "U+001B"),
        (["Taken", "--role", "viewer"], "a long enough password", "already a user called"),
    ],
)
def test_create_user_refuses_with_a_sentence(
    run: Run, monkeypatch: pytest.MonkeyPatch, argv: list[str], password: str, sentence: str
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("another long password\n"))
    assert run("create-user", "Taken", "--role", "viewer", "--password-stdin").status == 0
    monkeypatch.setattr("sys.stdin", io.StringIO(password + "\n"))
    refused = run("create-user", *argv, "--password-stdin")
    assert refused.status == 2 and sentence in refused.err


def test_create_user_asks_the_password_twice(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(["a long enough password", "a different password"])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    refused = run("create-user", "Olga", "--role", "owner")
    assert refused.status == 2 and "the passwords differ" in refused.err


def test_names_reach_the_terminal_escaped(run: Run, instance: Path, tmp_path: Path) -> None:
    """A name stored before the name rule (an old database) cannot drive the terminal."""
    assert run("demo-data", "--games", "3", "--players", "4", "--seed", "1").status == 0
    app = create_app()
    with app.app_context():
        player = db.session.execute(db.select(Player).order_by(Player.id)).scalars().first()
        assert player is not None
        player.name = "\x1b[2J\u202eEve"
        db.session.commit()
        db.engine.dispose()
    table = run("stats")
    assert table.status == 0
    assert "\x1b" not in table.out and "\u202e" not in table.out
    assert "\\x1b[2J\\u202eEve" in table.out
    document = {
        "format": "pinochle-game/1",
        "ruleset": "partnership",
        "sides": [
            {"name": "Us", "players": ["A\x1b]0;owned\x07", "Cal"]},
            {"name": "Them", "players": ["Bea", "Dan"]},
        ],
    }
    refused = run("import", written(tmp_path, document))
    assert refused.status == 2 and "\x1b" not in refused.err and "U+001B" in refused.err

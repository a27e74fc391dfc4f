"""The commands that need no web stack import none: ``meld``, ``score``, ``standings``,
``movement``, ``--help``.

Each runs in a fresh interpreter, which then lists the modules it imported from the
web stack (Flask and its extensions, SQLAlchemy, Alembic, WeasyPrint, Jinja, Babel,
waitress). The start time itself is ``make bench``'s (benchmarks/engine.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.test_cli import partnership_game

ROOT = Path(__file__).resolve().parents[2]
EVENT = str(ROOT / "tests" / "data" / "events" / "club-night.json")
WEB_STACK = (
    "flask",
    "flask_babel",
    "flask_login",
    "flask_migrate",
    "flask_sqlalchemy",
    "flask_wtf",
    "sqlalchemy",
    "alembic",
    "weasyprint",
    "jinja2",
    "babel",
    "waitress",
    "segno",
)
PROBE = """
import sys
from scorekeeper.cli import main
status = main(sys.argv[1:])
web = sorted({{name.split(".")[0] for name in sys.modules}} & set({web!r}))
print(json.dumps({{"status": status, "web": web}}), file=sys.stderr)
"""


def imported(*argv: str) -> tuple[int, list[str]]:
    """The exit status of ``scorekeeper ARGV`` and the web stack's modules it imported."""
    code = "import json\n" + PROBE.format(web=WEB_STACK)
    done = subprocess.run(
        [sys.executable, "-c", code, *argv],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        check=False,
    )
    report = json.loads(done.stderr.splitlines()[-1])
    return report["status"], report["web"]


@pytest.fixture(scope="module")
def game_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("games")
    hand = {"bidder": "Ann", "bid": 250, "trump": "H", "meld": [100, 0], "counters": [150, 100]}
    shown = {**hand, "meld_cards": {"Ann": "AH 10H KH QH JH", "Cal": ""}}
    bad = {**hand, "counters": [150, 90]}
    files = {"plain": [hand], "warning": [shown], "bad": [bad]}
    paths = {}
    for name, hands in files.items():
        path = folder / f"{name}.json"
        path.write_text(json.dumps(partnership_game(hands)), encoding="utf-8")
        paths[name] = str(path)
    return paths


# (arguments, with {name} for a game file, exit status)
LIGHT = [
    (["meld", "AH 10H KH QH JH", "--trump", "H"], 0),
    (["meld", "AH 10H KH KH QH JH", "--rule", "run_extras=off", "--json"], 0),
    (["meld", "AH 10H KH QH JH", "--trump", "H", "--claim", "run"], 0),
    (["meld", "ZZ"], 2),
    (["meld", "AH", "--rule", "target=1000"], 2),
    (["score", "{plain}"], 0),
    (["score", "{plain}", "--json"], 0),
    (["score", "{warning}"], 0),
    (["score", "{warning}", "--json"], 0),
    (["score", "{plain}", "{warning}", "--json"], 0),
    (["score", "{bad}"], 2),
    (["score", "{plain}", "--language", "fr"], 0),  # nothing to translate
    (["standings", EVENT], 0),
    (["standings", EVENT, "--json"], 0),
    (["standings", "{bad}"], 2),  # a game file is no event
    (["movement", "--format", "progressive", "--entrants", "13", "--rounds", "2"], 0),
    (["movement", "--format", "teams", "--entrants", "6", "--json"], 0),
    (["movement", "--format", "ab", "--entrants", "1"], 2),
    (["--help"], 0),
    (["serve", "--help"], 0),
    (["bogus"], 2),
]


@pytest.mark.parametrize(("argv", "status"), LIGHT, ids=lambda value: str(value))
def test_commands_without_the_web_stack_import_none(
    game_files: dict[str, str], argv: list[str], status: int
) -> None:
    assert imported(*(arg.format(**game_files) for arg in argv)) == (status, [])


def test_a_sentence_in_another_language_loads_the_catalogs_then(
    game_files: dict[str, str],
) -> None:
    status, web = imported("score", game_files["warning"], "--language", "fr")
    assert status == 0
    assert "flask_babel" in web
    assert "sqlalchemy" not in web and "weasyprint" not in web


def test_importing_the_package_imports_no_web_stack() -> None:
    code = (
        "import sys, scorekeeper, scorekeeper.cli, scorekeeper.engine.gamefile; "
        f"print(sorted({{n.split('.')[0] for n in sys.modules}} & set({WEB_STACK!r})))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=True,
    )
    assert done.stdout.strip() == "[]"


def test_the_app_still_builds_from_the_package() -> None:
    from scorekeeper import create_app

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    assert "games.show" in app.view_functions

"""``scorekeeper import`` of a club night: the nights every door refuses (the limits and
the text rules, issue 31 items 3 and 4) are one sentence on standard error, exit 2,
and nothing stored, as on the import page and in the API."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.store.club_models import Event
from scorekeeper.store.models import Player
from tests.cli.conftest import Run
from tests.web.test_events_pages import REFUSED_NIGHTS, club_night


def stored(instance: Path) -> tuple[int, int]:
    """The nights and players stored in the instance's database."""
    with create_app().app_context():
        return db.session.query(Event).count(), db.session.query(Player).count()


@pytest.mark.parametrize(
    ("document", "sentence"),
    [(document, sentence) for _, document, sentence in REFUSED_NIGHTS],
    ids=[name for name, _, _ in REFUSED_NIGHTS],
)
def test_a_refused_night_is_one_sentence_and_nothing_stored(
    run: Run, instance: Path, tmp_path: Path, document: dict[str, Any], sentence: str
) -> None:
    assert run("upgrade").status == 0  # a club's database, its tables made
    file = tmp_path / "night.json"
    file.write_text(json.dumps(document), encoding="utf-8")  # a surrogate as JSON's escape
    refused = run("import", str(file))
    assert (refused.status, refused.out) == (2, ""), refused.err
    assert sentence in refused.err
    assert len(refused.err_lines) == 1
    assert stored(instance) == (0, 0)


def test_the_worked_night_is_taken(run: Run, instance: Path, tmp_path: Path) -> None:
    """The same door takes the night the refusals above each change one field of."""
    file = tmp_path / "night.json"
    file.write_text(json.dumps(club_night()), encoding="utf-8")
    taken = run("import", str(file))
    assert (taken.status, taken.out, taken.err) == (0, "1\n", "")
    assert stored(instance)[0] == 1

"""The club's results to print and take away (issue 32, item 6; web/result_prints.py): a
night's results and a competition's table on one A4 page each, whatever their length up
to the largest night (200 entrants), read back with pypdf; a competition's table as CSV
and as the JSON that ``scorekeeper league`` prints from the nights' own exported files."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from pypdf import PdfReader

from scorekeeper.cli import main as cli
from scorekeeper.club.competitions import create_competition
from scorekeeper.club.events import import_event
from scorekeeper.club.results import PUBLIC, set_results
from scorekeeper.engine.club.league import LeagueRules
from scorekeeper.engine.club.movements import progressive
from scorekeeper.engine.gamefile import to_document
from scorekeeper.engine.rules import ruleset
from scorekeeper.engine.simulate import random_game
from scorekeeper.paths import ROOT
from scorekeeper.reports import pdf
from scorekeeper.reports.one_page import holds
from scorekeeper.web.stats import csv_cell

pytestmark = pytest.mark.database

EVENTS = Path(__file__).resolve().parents[1] / "data" / "events"
RULES = {"game_end": "hands:2"}


def night(entrants: int, rounds: int, played: int, seed: int = 7) -> dict[str, Any]:
    """A progressive night of ``entrants`` (``Player 1``…), ``played`` of its ``rounds``
    rounds played to their end (two hands a game)."""
    names = [f"Player {n}" for n in range(1, entrants + 1)]
    rng = random.Random(seed)
    movement = progressive(entrants, rounds, seed)
    document_rounds: list[dict[str, Any]] = []
    for round_ in movement.rounds:
        if round_.round > played:
            document_rounds.append({"round": round_.round})
            continue
        tables = []
        for table in round_.tables:
            seats = [names[seat] for seat in table.seats]
            game = random_game(ruleset("partnership", RULES), rng, hands=2, players=seats)
            tables.append({"table": table.table, "seats": seats, "game": to_document(game)})
        byes = [names[bye] for bye in round_.byes]
        document_rounds.append({"round": round_.round, "tables": tables, "byes": byes})
    return {
        "format": "pinochle-event/1",
        "name": f"A night of {entrants}",
        "date": f"2026-11-{seed:02d}",
        "kind": "progressive",
        "ruleset": "partnership",
        "rules": RULES,
        "entrants": [{"name": name} for name in names],
        "rounds": document_rounds,
    }


def pdf_text(data: bytes) -> tuple[int, str]:
    """The PDF's pages and its text, each run of spaces one space."""
    pages = PdfReader(io.BytesIO(data)).pages
    return len(pages), " ".join(" ".join(page.extract_text() for page in pages).split())


def text_boxes(box: Any) -> Iterator[Any]:
    from weasyprint.formatting_structure import boxes

    if isinstance(box, boxes.TextBox):
        yield box
    for child in getattr(box, "children", ()):
        yield from text_boxes(child)


def outside_the_page(document: Any) -> tuple[int, list[str]]:
    """The pages of a WeasyPrint ``document`` laid out, and each text that reaches past
    the page's printed area (its margins') left or right edge."""
    outside = []
    for page in document.pages:
        frame = page._page_box
        left, right = frame.margin_left, frame.margin_width() - frame.margin_right
        for box in text_boxes(frame):
            if box.position_x < left - 0.5 or box.position_x + box.width > right + 0.5:
                outside.append(box.text)
    return len(document.pages), outside


def laid_out(made: list[tuple[int, list[str]]]) -> Any:
    """``html_to_pdf`` as the app's (WeasyPrint, here), its layout kept in ``made`` as
    ``outside_the_page`` reads it: one render for the PDF and the check."""

    def render(html: str) -> bytes:
        from weasyprint import HTML

        document = HTML(string=html, base_url=str(ROOT)).render()
        made.append(outside_the_page(document))
        pdf_bytes: bytes = document.write_pdf()
        return pdf_bytes

    return render


# entrants -> the pages of the night's print, of its competition's (one night's players)
# (8: one column at 9 points; 189: three at 6, the most a competition's page holds; 200,
# the largest night: four at 6, and its competition runs on)
SIZES = [(8, 1, 1), (holds(3), 1, 1), (200, 1, 2)]


@pytest.mark.parametrize(("entrants", "night_pages", "competition_pages"), SIZES)
def test_a_night_and_its_competition_fit_one_page_each(
    app: Flask,
    monkeypatch: pytest.MonkeyPatch,
    entrants: int,
    night_pages: int,
    competition_pages: int,
) -> None:
    made: list[tuple[int, list[str]]] = []
    monkeypatch.setattr(pdf, "html_to_pdf", laid_out(made))
    with app.app_context():
        event = import_event(night(entrants, 1, 1))
        competition = create_competition("Winter ladder", LeagueRules(), None, [event.id])
        event_id, competition_id = event.id, competition.id
    client = app.test_client()
    if entrants >= 20:  # the most prizes a night pays, listed below the standings
        prizes = {"fee": "10", "percentages": ",".join(["5"] * 20)}
        assert client.post(f"/events/{event_id}/prizes", data=prizes).status_code == 302
    prints = [
        (f"/events/{event_id}/standings.pdf", night_pages),
        (f"/competitions/{competition_id}/table.pdf", competition_pages),
    ]
    for path, expected in prints:
        answer = client.get(path)
        assert answer.status_code == 200 and answer.mimetype == "application/pdf", path
        pages, text = pdf_text(answer.data)
        assert pages == expected, path
        # every name whole (the longest, "Player 200", fits its column at 6 points)
        assert all(f"Player {n} " in text + " " for n in range(1, entrants + 1)), path
    if entrants >= 20:
        assert (
            f"× {entrants} players = {entrants * 10}.00."
            in pdf_text(client.get(prints[0][0]).data)[1]
        )
    # laid out box by box: nothing past the margins
    assert made == [(expected, []) for _, expected in prints]


def test_standings_that_wait_for_the_end_are_not_in_the_public_print(app: Flask) -> None:
    with app.app_context():
        event = import_event(night(8, 2, 1))  # round 2 to play
        set_results(PUBLIC, True)
        event_id, key = event.id, event.key
    client = app.test_client()
    _, public = pdf_text(client.get(f"/results/{key}/results.pdf").data)
    _, members = pdf_text(client.get(f"/events/{event_id}/standings.pdf").data)
    assert "shown once the night's last round is closed" in public and "Player 1 " not in public
    assert "Standings (provisional)" in members and "Player 1 " in members


def test_the_json_is_what_the_league_command_prints_from_the_exported_nights(
    app: Flask, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = LeagueRules("places", (10, 8, 6, 5, 4, 3, 2, 1), best=2, drop=0, min_nights=2)
    with app.app_context():
        # the first night's key starts like a spreadsheet's formula (a CSV cell then gets
        # its "'": every time, not only when a new key happens to start with "-")
        keys = {3: {"key": "-starts-as-a-sum"}}
        events = [
            import_event({**night(12, 2, 2, seed), **keys.get(seed, {})}) for seed in (3, 5, 9)
        ]
        events.append(import_event(json.loads((EVENTS / "club-night.json").read_text("utf-8"))))
        competition = create_competition("Ladder", rules, None, [e.id for e in events])
        ids, key = [e.id for e in events], competition.key
        set_results(PUBLIC, False)
    client = app.test_client()
    files = []
    for event_id in ids:
        path = tmp_path / f"night-{event_id}.json"
        path.write_bytes(client.get(f"/api/v1/events/{event_id}/export").data)
        files.append(str(path))
    exported = client.get(f"/results/competitions/{key}/table.json")
    assert exported.status_code == 200
    with contextlib.suppress(SystemExit):
        cli(["league", *files, "--score", "places:10,8,6,5,4,3,2,1", "--best", "2",
             "--min-nights", "2", "--json"])  # fmt: skip
    printed = json.loads(capsys.readouterr().out)
    assert exported.json == printed
    assert any(row["place"] is None for row in printed["standings"])  # Ann..Eve: one night
    assert any(row["counted"][0] == "-starts-as-a-sum" for row in printed["standings"])

    table = list(csv.reader(io.StringIO(client.get(f"/results/competitions/{key}/table.csv").text)))
    assert table[0] == [
        "place",
        "player",
        "nights",
        "counted",
        "score",
        "points",
        "qualified",
        "tied",
    ]
    assert len(table) == len(printed["standings"]) + 1
    for line, row in zip(table[1:], printed["standings"], strict=True):
        place = "" if row["place"] is None else str(row["place"])
        flags = ["yes" if row[flag] else "no" for flag in ("qualified", "tied")]
        # a text that starts like a formula (a night's key may start with "-") gets its "'"
        counted = csv_cell(" ".join(row["counted"]))
        assert line == [place, csv_cell(row["player"]), str(row["nights"]), counted,
                        str(row["score"]), str(row["points"]), *flags]  # fmt: skip

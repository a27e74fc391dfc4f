"""A club night's prints (web.event_prints): every entrant's itinerary and the movement
sheet, read back from the PDF: the rounds seated as they are, the rest the movement's
plan, the byes, and the evenness the event's page shows. Who may print: test_access."""

from __future__ import annotations

import io
import pkgutil
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from tests.web.test_events_pages import app, new_event, text  # noqa: F401 (the fixture)
from tests.web.test_sheet_renders import SlowRender, in_thread, slow  # noqa: F401 (the fixture)

NINE = "Ann\nBea\nCal\nDan\nEve\nFay\nGus\nHal\nIvy\n"
FIVE_TEAMS = "Ann & Cal\nBea & Dan\nEve & Fay\nGus & Hal\nIvy & Jo\n"


def words(client: FlaskClient, path: str) -> str:
    answer = client.get(path)
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    pages = PdfReader(io.BytesIO(answer.data)).pages
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in pages))


def evenness_shown(client: FlaskClient, event: str) -> str:
    """The whole night's evenness as the event's page shows it before a round is seated."""
    page = text(client.get(event).text)
    return re.search(r"The whole night's evenness: [^.]*?byes apart by: \d+", page).group(0)


def test_nine_players_at_two_tables_each_have_their_night(app: Flask) -> None:  # noqa: F811
    client = app.test_client()
    event = new_event(client, guests=NINE, rounds="3").headers["Location"]
    assert client.post(event + "/rounds/1/seat").status_code == 302
    shown = evenness_shown(client, event)
    itineraries = words(client, event + "/itineraries.pdf")
    for name in ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"):
        assert f"night · 2026-12-08 {name} Round Table Seat Partner Opponents" in itineraries
    # nine players, three rounds: one sits out each round, three byes in all
    assert itineraries.count("sits out (bye)") == 3
    assert itineraries.count("2* ") == 9 and itineraries.count("3* ") == 9  # planned
    assert "* Not seated yet: the movement's plan" in itineraries
    sheet = words(client, event + "/movement.pdf")
    assert shown in sheet  # the figure the page shows, with its lower bound
    assert "Round Table 1 Table 2 Byes" in sheet
    for number in ("1 North", "2* North", "3* North"):
        assert number in sheet, number


def test_the_stored_round_is_printed_as_it_was_seated(app: Flask) -> None:  # noqa: F811
    client = app.test_client()
    event = new_event(client, guests=NINE, rounds="2").headers["Location"]
    client.post(event + "/rounds/1/seat")
    page = text(client.get(event).text)
    # the page's round 1, table 1: "Table 1 A & C – B & D" (North & South – East & West)
    north, south, east, west = re.search(
        r"Table 1 (\w+) & (\w+) – (\w+) & (\w+)", page[page.index("Round 1") :]
    ).groups()
    itineraries = words(client, event + "/itineraries.pdf")
    block = itineraries[itineraries.index(f" {north} Round") :]
    assert block.startswith(f" {north} Round Table Seat Partner Opponents 1 1 North {south}")
    assert f"{east} & {west}" in block.split("2*")[0]
    sheet = words(client, event + "/movement.pdf")
    assert f"1 North {north} East {east} South {south} West {west}" in sheet


def test_a_teams_night_says_each_teams_side_and_the_team_across(app: Flask) -> None:  # noqa: F811
    client = app.test_client()
    event = new_event(client, kind="teams", guests=FIVE_TEAMS, rounds="5").headers["Location"]
    shown = evenness_shown(client, event)
    itineraries = words(client, event + "/itineraries.pdf")
    assert "2026-12-08 Ann & Cal Round Table Side Opponents" in itineraries
    assert "Partner" not in itineraries
    assert itineraries.count("sits out (bye)") == 5  # five teams: each sits out once
    assert itineraries.count("North-South") == itineraries.count("East-West") == 10
    sheet = words(client, event + "/movement.pdf")
    assert shown in sheet and "Round Table 1 Table 2 Byes" in sheet
    assert "North-South Ann & Cal" in sheet or "East-West Ann & Cal" in sheet


def test_a_night_that_cannot_be_planned_prints_its_seated_rounds_and_why(
    app: Flask,  # noqa: F811
) -> None:
    client = app.test_client()
    event = new_event(client, guests="Ann\nBea\nCal\nDan\nEve\n", rounds="3").headers["Location"]
    client.post(event + "/rounds/1/seat")
    for name in ("Ann", "Bea"):
        withdrawn = client.post(event + "/withdraw", data={"name": name, "sure": "yes"})
        assert withdrawn.status_code == 302
    sheet = words(client, event + "/movement.pdf")
    assert "The rounds not seated cannot be planned yet: 3 players left cannot fill a table" in (
        sheet
    )
    assert "2*" not in sheet
    assert "cannot be planned yet" in words(client, event + "/itineraries.pdf")


def test_an_unknown_nights_prints_are_not_found(app: Flask) -> None:  # noqa: F811
    client = app.test_client()
    assert client.get("/events/99/itineraries.pdf").status_code == 404
    assert client.get("/events/99/movement.pdf").status_code == 404


def test_the_events_page_links_its_prints(app: Flask) -> None:  # noqa: F811
    client = app.test_client()
    event = new_event(client, guests=NINE).headers["Location"]
    page = client.get(event).text
    assert f'href="{event}/itineraries.pdf"' in page and f'href="{event}/movement.pdf"' in page


def test_the_itineraries_handed_out_first_hold_as_the_rounds_are_seated(
    app: Flask,  # noqa: F811
) -> None:
    client = app.test_client()
    event = new_event(client, guests=NINE, rounds="3").headers["Location"]
    printed = words(client, event + "/itineraries.pdf")
    before = re.sub(r"\* Not seated yet: [^.]*\.", "", printed).replace("*", "")
    for number in (1, 2, 3):
        assert client.post(f"{event}/rounds/{number}/seat").status_code == 302
        closed = client.post(f"{event}/rounds/{number}/close", data={"reason": "no time"})
        assert closed.status_code == 302  # rounds in order: the next is seated after
    after = words(client, event + "/itineraries.pdf")
    assert "*" not in after and re.sub(r"\s+", " ", before) == after


# --- the night's prints as the score sheets are served (issue 31, finding 1) -------------

# each print, by its address under the night's, and the renderer its route calls
PRINTS = [
    ("the result sheet", "/results.pdf", "scorekeeper.web.event_prints.event_results_pdf"),
    ("the itineraries", "/itineraries.pdf", "scorekeeper.web.event_prints.itineraries_pdf"),
    ("the movement sheet", "/movement.pdf", "scorekeeper.web.event_prints.movement_sheet_pdf"),
    ("the table cards", "/rounds/1/cards.pdf", "scorekeeper.web.event_prints.table_cards_pdf"),
]


@pytest.mark.parametrize(("path", "renderer"), [p[1:] for p in PRINTS], ids=[p[0] for p in PRINTS])
def test_a_nights_print_takes_a_render_slot_and_is_kept_while_the_night_stands(
    app: Flask,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    slow: SlowRender,  # noqa: F811 (the fixture)
    path: str,
    renderer: str,
) -> None:
    client = app.test_client()
    event = new_event(client, guests=NINE, rounds="3").headers["Location"]
    assert client.post(event + "/rounds/1/seat").status_code == 302
    made: list[str] = []
    real = pkgutil.resolve_name(renderer)
    monkeypatch.setattr(renderer, lambda *a, **k: made.append(path) or real(*a, **k))
    # every slot busy (a blank sheet rendering): 503 with Retry-After, /health at once
    app.config.update(SHEET_RENDERS=1, SHEET_RENDER_WAIT=0.05)
    thread, answers = in_thread(app, "/sheets/blank.pdf?hands=10")
    assert slow.started.wait(timeout=5)
    busy = client.get(event + path)
    assert (busy.status_code, busy.headers["Retry-After"]) == (503, "5")
    assert client.get("/health").status_code == 200 and made == []
    slow.release.set()
    thread.join(timeout=5)
    assert answers[0].status_code == 200
    # made once, then kept: the same night is the stored file, and 304 for its ETag
    first = client.get(event + path)
    assert first.status_code == 200 and first.mimetype == "application/pdf"
    again = client.get(event + path)
    assert again.get_data() == first.get_data() and made == [path]
    unchanged = client.get(event + path, headers={"If-None-Match": first.headers["ETag"]})
    assert unchanged.status_code == 304
    # the night changes (a late arrival): made afresh
    late = client.post(event + "/entrants", data={"name": "Jo"})
    assert late.status_code == 302, late.text[-300:]
    assert client.get(event + path).status_code == 200 and made == [path, path]


def test_the_seating_draw_makes_the_plans_prints_afresh(
    app: Flask,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The draw only reorders the entrants (nothing else of the night's stamp changes):
    the itineraries and the movement sheet are the new order's, not the stored ones."""
    client = app.test_client()
    event = new_event(client, guests=NINE, rounds="3").headers["Location"]
    made: list[str] = []
    real = pkgutil.resolve_name("scorekeeper.web.event_prints.itineraries_pdf")
    monkeypatch.setattr(
        "scorekeeper.web.event_prints.itineraries_pdf",
        lambda *a, **k: made.append("itineraries") or real(*a, **k),
    )
    first = client.get(event + "/itineraries.pdf")
    assert client.get(event + "/itineraries.pdf").get_data() == first.get_data()
    assert made == ["itineraries"]
    assert client.post(event + "/draw").status_code == 302
    drawn = client.get(event + "/itineraries.pdf")
    assert drawn.status_code == 200 and made == ["itineraries", "itineraries"]
    assert drawn.headers["ETag"] != first.headers["ETag"]

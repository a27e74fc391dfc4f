"""Club nights in the app: the list, an event file imported (a refused one a sentence
on the field, status 400, nothing stored), an event's page with its tables' games and
its standings, and the next round seated by the movement (its evenness shown first).
Who may do what: tests/web/test_access.py."""

from __future__ import annotations

import io
import json
import re
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
import segno
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from scorekeeper.club.table_codes import table_code
from scorekeeper.engine.club.event_movement import draw, next_seating
from scorekeeper.engine.club.events import from_document
from scorekeeper.extensions import db
from scorekeeper.store.club_models import Event, EventTable
from scorekeeper.store.models import Game
from tests.web.conftest import test_app
from tests.web.test_access import database_fingerprint

EVENTS = Path(__file__).resolve().parents[1] / "data" / "events"


def club_night(rounds: int = 4) -> dict[str, Any]:
    """The worked night of docs/event-format.md, with rounds to come after its three."""
    document: dict[str, Any] = json.loads((EVENTS / "club-night.json").read_text("utf-8"))
    document["rounds"] += [{"round": n} for n in range(4, rounds + 1)]
    return document


def with_reason(reason: str) -> dict[str, Any]:
    """The worked night with its first adjustment's reason as given."""
    night = club_night()
    night["adjustments"][0]["reason"] = reason
    return night


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return test_app(tmp_path / "events.db")


def token(client: FlaskClient, path: str) -> str:
    """The page's CSRF token ("" where the test app checks none)."""
    found = re.search(r'name="csrf_token"[^>]* value="([^"]+)"', client.get(path).text)
    return found.group(1) if found else ""


def imported(client: FlaskClient, document: object) -> Any:
    body = json.dumps(document).encode()
    return client.post(
        "/events/import",
        data={"csrf_token": token(client, "/events/import"), "file": (io.BytesIO(body), "n.json")},
        content_type="multipart/form-data",
    )


def text(html: str) -> str:
    """A page's words, as a person reads them."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&amp;", "&")


def test_an_event_file_imported_shows_its_night(app: Flask) -> None:
    client = app.test_client()
    answer = imported(client, club_night())
    assert answer.status_code == 302
    page = text(client.get(answer.headers["Location"]).text)
    assert "Tuesday club night" in page
    assert "After 3 of 4 rounds" in page
    # the standings, the engine's (docs/event-format.md §5): Bea and Eve share first
    assert "1 Bea 2 2.5 1 1440" in page and "1 Eve 2 2.5 1 1440" in page
    assert "760 adjusted −50" in page
    assert "Table 1 Ann & Cal – Bea & Dan 2 hands · 380 : 470 · finished" in page
    assert "Byes: Eve" in page
    listed = text(client.get("/events").text)
    assert "Tuesday club night" in listed and "4 rounds" in listed
    assert "Club nights" in text(client.get("/").text)


def changed(path: str, value: Any) -> dict[str, Any]:
    """The worked night with one field set (``"entrants.0.name"``: the first entrant's)."""
    night = club_night()
    *parents, last = path.split(".")
    held: Any = night
    for part in parents:
        held = held[int(part)] if part.isdigit() else held[part]
    held[int(last) if last.isdigit() else last] = value
    return night


# nights every door refuses with the engine's sentence, nothing stored (issue 31 items 3
# and 4: the limits and the text rules): the import page here, ``scorekeeper import``
# in tests/cli/test_event_import.py, the API in tests/web/test_api_events.py
REFUSED_NIGHTS = [
    ("201 entrants", changed("entrants", [{"name": f"P{n}"} for n in range(201)]),
     "a night takes at most 200 entrants, not 201"),
    ("501 adjustments", changed("adjustments", [club_night()["adjustments"][0]] * 501),
     "a night has at most 500 adjustments, not 501"),
    ("21 rounds", changed("rounds", [{"round": n} for n in range(1, 22)]),
     "an event has from 1 to 20 rounds, not 21"),
    ("a NUL in the night's name", changed("name", "Club\x00night"),
     "an event's name 'Club\\x00night' holds the control character U+0000"),
    ("a lone surrogate in a name", changed("entrants.0.name", "Ann\ud800"),
     "a player's name holds a lone surrogate (U+D800)"),
    ("a direction override in a name", changed("entrants.0.name", "\u202eAnn"),
     "a player's name '\\u202eAnn' holds U+202E, which turns the direction of text"),
    ("a name of 61 letters", changed("entrants.0.name", "A" * 61), "is 61 characters long"),
    ("a NUL in a reason", with_reason("Late\x00"),
     "reason 'Late\\x00' holds the control character U+0000"),
    ("a lone surrogate in a reason", with_reason("Late\ud800"),
     "reason holds a lone surrogate (U+D800)"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("document", "sentence"),
    [
        ({**club_night(), "entrants": [{"name": "Ann"}] * 5}, "'Ann' is entered more than once"),
        ({"format": "pinochle-game/1"}, "format must be 'pinochle-event/1', not 'pinochle-game/1'"),
        ("not an event", "the document: expected an object"),
        ({**club_night(), "date": "0001-01-01"}, "date: expected a day from 1900-01-01 to"),
        *[(document, sentence) for _, document, sentence in REFUSED_NIGHTS],
    ],
    ids=[
        "entered twice",
        "a game file",
        "not an object",
        "the first day there is",
        *[name for name, _, _ in REFUSED_NIGHTS],
    ],
)
def test_a_refused_event_file_is_a_sentence_on_the_field(
    app: Flask, document: object, sentence: str
) -> None:
    client = app.test_client()
    before = database_fingerprint(app)
    answer = imported(client, document)
    assert answer.status_code == 400
    assert sentence in answer.text.replace("&#39;", "'")
    assert 'class="field-error"' in answer.text
    assert database_fingerprint(app) == before


def test_the_next_round_is_seated_by_the_movement_shown(app: Flask) -> None:
    client = app.test_client()
    event = imported(client, club_night()).headers["Location"]
    page = text(client.get(event).text)
    shown = page[page.index("Round 4") :]
    assert "The movement seats this round so: Table 1: Dan, Bea, Cal, Eve Byes: Ann" in shown
    assert "partners again: 1 · repeat meetings: 14 (at least 14)" in shown
    # beside the whole night as planned, the rounds seated so far as they are played
    assert "As seated so far: repeat meetings: " in shown
    seat = client.post(event + "/rounds/4/seat", data={"csrf_token": token(client, event)})
    assert seat.status_code == 302 and seat.headers["Location"].endswith("#round-4")
    page = text(client.get(event).text)
    assert "Round 4 is seated" in page
    assert "Table 1 Dan & Cal – Bea & Eve not played yet" in page
    assert "provisional" not in page  # seated, not played: no hand recorded yet
    with app.app_context():
        games = db.session.execute(db.select(Game).order_by(Game.id)).scalars().all()
        assert len(games) == 4  # three played, and round 4's, empty
        assert [seat.player.name for seat in games[-1].seats] == ["Dan", "Bea", "Cal", "Eve"]
        table_game = games[-1].id
    # the table's game says where it is played, and leads back to its round
    board = client.get(f"/games/{table_game}").text
    assert "Tuesday club night · Round 4 · Table 1" in text(board)
    assert f'href="{event}#round-4"' in board
    # and so does its score sheet, with a line for each side's signature
    sheet = client.get(f"/games/{table_game}/sheet.pdf")
    words = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(sheet.data)).pages)
    assert "Tuesday club night · Round 4 · Table 1" in words
    assert "Signed for Dan & Cal" in words and "Signed for Bea & Eve" in words


def test_a_round_seated_out_of_turn_is_refused_and_nothing_changes(app: Flask) -> None:
    client = app.test_client()
    event = imported(client, club_night(rounds=5)).headers["Location"]
    before = database_fingerprint(app)
    answer = client.post(event + "/rounds/5/seat", data={"csrf_token": token(client, event)})
    assert answer.status_code == 400
    assert "round 4 is not seated yet: seat the rounds in turn" in text(answer.text)
    assert database_fingerprint(app) == before
    with app.app_context():
        assert db.session.execute(db.select(db.func.count()).select_from(Event)).scalar() == 1


# --- a new club night, typed ----------------------------------------------------------

NEW = {
    "name": "Tuesday club night",
    "day": "2026-12-08",
    "kind": "progressive",
    "rounds": "3",
    "standing_order": "wins",
    "bye_rule": "winners_average",
    "game_end": "hands:6",
}


def new_event(client: FlaskClient, **typed: Any) -> Any:
    """The new club night's form as the page fills it (each house rule at its preset's
    value), with ``typed`` over it."""
    page = client.get("/events/new").text
    form: dict[str, Any] = {}
    for name, options in re.findall(
        r'<select id="\w+" name="(\w+)"[^>]*>(.*?)</select>', page, re.S
    ):
        chosen = re.search(r'<option selected value="([^"]*)"', options)
        form[name] = chosen.group(1) if chosen else ""
    for name, value in re.findall(r'<input [^>]*name="(\w+)" [^>]*value="([^"]*)"', page):
        if name not in ("players", "csrf_token"):
            form[name] = value
    return client.post("/events/new", data={**form, **NEW, **typed})


def test_a_club_night_typed_on_the_form_is_ready_to_seat(app: Flask) -> None:
    with app.app_context():
        from scorekeeper.games.lifecycle import create_game
        from tests.web.conftest import SIDES

        create_game("partnership", {}, SIDES)  # Ann, Cal, Bea and Dan are known
    client = app.test_client()
    page = client.get("/events/new").text
    for name in ("Ann", "Bea", "Cal", "Dan"):
        assert f'name="players" type="checkbox" value="{name}"' in page
    answer = new_event(client, players=["Ann", "Bea", "Cal", "Dan"], guests="Eve\n  \nFay\n")
    assert answer.status_code == 302
    page = text(client.get(answer.headers["Location"]).text)
    assert "Club night created: seat its first round." in page
    assert "After 0 of 3 rounds" in page and "After 6 hands" in page
    with app.app_context():
        (event,) = db.session.execute(db.select(Event)).scalars().all()
        assert [entrant.name for entrant in event.entrants] == [
            "Ann",
            "Bea",
            "Cal",
            "Dan",
            "Eve",
            "Fay",
        ]
        assert (event.kind, event.rounds_count, str(event.date)) == ("progressive", 3, "2026-12-08")
        assert event.rules["game_end"] == "hands:6"


@pytest.mark.parametrize(
    ("chosen", "said"),
    [
        (None, "The side ahead wins"),  # the form's default
        ("totals_count", "The totals count, no win"),
        ("nothing_counts", "Nothing counts"),
    ],
)
def test_the_rule_for_unfinished_tables_is_chosen_on_the_form_and_shown(
    app: Flask, chosen: str | None, said: str
) -> None:
    client = app.test_client()
    typed = {} if chosen is None else {"unfinished_tables": chosen}
    answer = new_event(client, guests="Ann\nBea\nCal\nDan\n", **typed)
    assert answer.status_code == 302
    page = text(client.get(answer.headers["Location"]).text)
    assert f"A table unfinished when its round closes: {said}" in page
    with app.app_context():
        (event,) = db.session.execute(db.select(Event)).scalars().all()
        assert event.unfinished_tables == (chosen or "ahead_wins")


def test_a_rule_for_unfinished_tables_not_offered_is_refused(app: Flask) -> None:
    before = database_fingerprint(app)
    answer = new_event(app.test_client(), guests="Ann\nBea\nCal\nDan\n", unfinished_tables="coin")
    assert answer.status_code == 400
    assert "Not a valid choice" in text(answer.text)
    assert database_fingerprint(app) == before


def test_fixed_teams_are_typed_a_team_a_line(app: Flask) -> None:
    client = app.test_client()
    teams = "Ann & Cal\nBea & Dan\nEve & Fay\n"
    answer = new_event(client, kind="teams", guests=teams, rounds="3")
    assert answer.status_code == 302
    with app.app_context():
        (event,) = db.session.execute(db.select(Event)).scalars().all()
        assert [(e.name, e.player.name, e.partner.name) for e in event.entrants] == [
            ("Ann & Cal", "Ann", "Cal"),
            ("Bea & Dan", "Bea", "Dan"),
            ("Eve & Fay", "Eve", "Fay"),
        ]


# typed -> the sentence beside the field it is about
REFUSED_FORMS: list[tuple[str, dict[str, Any], str, str]] = [
    ("too few", {"guests": "Ann\nBea\nCal"}, "guests",
     "a progressive event needs at least 4 entrants for one table, not 3"),
    ("a player twice", {"guests": "Ann\nBea\nCal\nAnn"}, "guests",
     "'Ann' is entered more than once"),
    ("too many rounds", {"guests": "Ann\nBea\nCal\nDan", "rounds": "25"}, "rounds",
     "an event has from 1 to 20 rounds, not 25"),
    ("a team of three", {"kind": "teams", "guests": "Ann & Cal\nBea & Dan & Eve"}, "guests",
     "a team is 2 players, but team 'Bea & Dan & Eve' lists 3"),
    ("a name too long", {"guests": "Ann\nBea\nCal\n" + "D" * 61}, "guests", "at most 60"),
    ("no name", {"name": "", "guests": "Ann\nBea\nCal\nDan"}, "name", "This field is required."),
    ("2,000 entrants", {"guests": "\n".join(f"P{n}" for n in range(2000))}, "guests",
     "a night takes at most 200 entrants, not 2000"),
    ("the last day there is", {"day": "9999-12-31", "guests": "Ann\nBea\nCal\nDan"}, "day",
     "expected a day from 1900-01-01 to 2199-12-31, not '9999-12-31'"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("typed", "field", "sentence"),
    [case[1:] for case in REFUSED_FORMS],
    ids=[case[0] for case in REFUSED_FORMS],
)
def test_a_club_night_the_engine_refuses_is_a_sentence_beside_its_field(
    app: Flask, typed: dict[str, Any], field: str, sentence: str
) -> None:
    client = app.test_client()
    before = database_fingerprint(app)
    answer = new_event(client, **typed)
    assert answer.status_code == 400
    html = answer.text.replace("&#39;", "'").replace("&amp;", "&")
    shown = re.search(rf'<p class="field-error" id="{field}-error">([^<]*)</p>', html)
    assert shown is not None and sentence in shown.group(1), html[-3000:]
    assert database_fingerprint(app) == before


# --- the director's round: time called, the round closed --------------------------------

HAND = {
    "bidder": "Dan",
    "bid": "250",
    "trump": "H",
    "meld_0": "100",
    "meld_1": "40",
    "counters_0": "150",
}


def test_a_round_counts_once_a_hand_is_recorded_and_is_over_once_closed(app: Flask) -> None:
    """Seated, no card dealt: nothing counts yet (not provisional, no bye's win); a
    hand: provisional; "After 4 of 4 rounds" only once round 4 is over."""
    client = app.test_client()
    event = imported(client, club_night()).headers["Location"]
    client.post(event + "/rounds/4/seat")
    client.get(event)  # the seating's flash said
    seated = text(client.get(event).text)
    assert "After 3 of 4 rounds" in seated and "provisional" not in seated
    with app.app_context():
        table_game = db.session.execute(db.select(db.func.max(Game.id))).scalar()
    row = re.compile(r"\d+ (Ann|Bea|Cal|Dan|Eve) \d+ [\d.]+ (\d+) ")  # an entrant's byes

    def byes(page: str) -> int:
        return sum(int(found.group(2)) for found in row.finditer(page))

    assert len(row.findall(seated)) == 5
    assert client.post(f"/games/{table_game}/hands/new", data=HAND).status_code == 302
    playing = text(client.get(event).text)
    assert "After 3 of 4 rounds · provisional: round 4 is being played" in playing
    assert byes(playing) == byes(seated) + 1  # round 4's bye counts once a hand is recorded
    client.post(event + "/rounds/4/close", data={"reason": "the hall closes"})
    client.get(event)
    assert "After 4 of 4 rounds" in text(client.get(event).text)


def test_the_director_calls_time_then_closes_the_round(app: Flask) -> None:
    client = app.test_client()
    event = imported(client, club_night()).headers["Location"]
    client.post(event + "/rounds/4/seat")
    with app.app_context():
        table_game = db.session.execute(db.select(db.func.max(Game.id))).scalar()
    # time called: the table's form says this hand is the last, and ticks it
    assert client.post(event + "/rounds/4/call-time").status_code == 302
    form = client.get(f"/games/{table_game}/hands/new").text
    assert "Time is called on round 4: this hand is the last." in form
    assert re.search(r'<input checked id="time_called" name="time_called"', form)
    # also from the scoreboard's bidder buttons (a query that names no checkbox)
    form = client.get(f"/games/{table_game}/hands/new?bidder=Ann").text
    assert re.search(r'<input checked id="time_called" name="time_called"', form)
    # closing while the table plays: refused under the round, nothing changes
    before = database_fingerprint(app)
    refused = client.post(event + "/rounds/4/close", data={"reason": ""})
    assert refused.status_code == 400
    assert "round 4: table 1 is still playing: wait for it, or end the round" in text(refused.text)
    assert database_fingerprint(app) == before
    # a reason the text's rule refuses: its sentence, nothing changes
    refused = client.post(event + "/rounds/4/close", data={"reason": "Eve \u202etfel"})
    assert refused.status_code == 400
    assert "the reason to close the round 'Eve \\u202etfel' holds U+202E" in text(
        refused.text
    ).replace("&#39;", "'")
    assert database_fingerprint(app) == before
    # ended with the reason: closed, and its table takes no more hands
    ended = client.post(event + "/rounds/4/close", data={"reason": "Eve left at ten"})
    assert ended.status_code == 302
    page = text(client.get(event).text)
    assert "Closed. Ended by the director: Eve left at ten" in page
    assert "provisional" not in page
    before = database_fingerprint(app)
    late = client.post(f"/games/{table_game}/hands/new", data={**HAND, "version": "1"})
    assert late.status_code == 400
    assert "round 4 is closed: nothing more is recorded at its tables" in text(late.text)
    assert database_fingerprint(app) == before


def test_a_late_arrival_and_a_withdrawal_before_round_4(app: Flask) -> None:
    client = app.test_client()
    event = imported(client, club_night(rounds=5)).headers["Location"]
    assert client.post(event + "/entrants", data={"name": "Fay"}).status_code == 302
    before = database_fingerprint(app)
    asked = client.post(event + "/withdraw", data={"name": "Ann"})
    assert asked.status_code == 400  # asked first: nothing changed yet
    assert "Ann leaves: no seat from round 4 on. Sure?" in text(asked.text)
    assert database_fingerprint(app) == before
    assert client.post(event + "/withdraw", data={"name": "Ann", "sure": "yes"}).status_code == 302
    page = text(client.get(event).text)
    assert "Ann: withdrawn from round 4" in page
    shown = page[page.index("Round 4") :]
    # the late arrival sits out first: nobody there from the start does for Fay
    assert "Table 1: Dan, Bea, Cal, Eve Byes: Fay" in shown  # the new evenness, before
    assert "repeat meetings: 20 (at least 18)" in shown
    before = database_fingerprint(app)
    twice = client.post(event + "/entrants", data={"name": "Fay"})
    assert twice.status_code == 400 and "'Fay' is entered more than once" in text(
        twice.text.replace("&#39;", "'")
    )
    assert database_fingerprint(app) == before
    assert client.post(event + "/rounds/4/seat").status_code == 302
    page = text(client.get(event).text)
    assert "Table 1 Dan & Cal – Bea & Eve not played yet" in page


def test_the_display_shows_the_round_and_its_stamp_follows_each_hand(app: Flask) -> None:
    client = app.test_client()
    event = imported(client, club_night()).headers["Location"]
    client.post(event + "/rounds/4/seat")
    page = text(client.get(event + "/display").text)
    assert "Tuesday club night · Round 4" in page and "Table 1 Dan & Cal 0 Bea & Eve 0" in page
    assert "Standings" in page
    hidden = text(client.get(event + "/display?standings=end").text)
    assert "Standings" not in hidden  # not until every round is played
    stamp = client.get(event + "/display/stamp").json["stamp"]
    assert client.get(event + "/display/stamp").json["stamp"] == stamp  # nothing changed
    with app.app_context():
        table_game = db.session.execute(db.select(db.func.max(Game.id))).scalar()
    client.post(f"/games/{table_game}/hands/new", data={**HAND, "version": "1"})
    assert client.get(event + "/display/stamp").json["stamp"] != stamp
    assert "250 Bea & Eve 140 1 hand" in text(client.get(event + "/display").text)


def test_a_hand_stored_while_the_display_is_made_shows_at_its_next_tick(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page's stamp is read before what the page shows: a hand stored meanwhile
    makes the next stamp differ, so the display fetches the page again (read last, the
    stamp held that hand already and the room's display never showed it: table 3 stayed
    "not played yet" in the whole night's browser test)."""
    from scorekeeper.games.hands import add_hand
    from scorekeeper.games.stored import get_game
    from scorekeeper.web import events as pages

    client = app.test_client()
    event = imported(client, club_night()).headers["Location"]
    client.post(event + "/rounds/4/seat")
    with app.app_context():
        table_game = db.session.execute(db.select(db.func.max(Game.id))).scalar()
    shown = pages.results

    def hand_meanwhile(checked: Any) -> Any:  # the table's phone saves, meanwhile
        monkeypatch.setattr(pages, "results", shown)  # once
        game = get_game(table_game)
        assert game is not None
        hand = {
            "bidder": "Dan",
            "bid": 250,
            "trump": "H",
            "meld": [100, 40],
            "counters": [150, 100],
        }
        add_hand(game, hand)
        return shown(checked)

    monkeypatch.setattr(pages, "results", hand_meanwhile)
    page = client.get(event + "/display").text
    assert "Table 1 Dan & Cal 0 Bea & Eve 0" in text(page)  # made before the hand came
    stamp = re.search(r'data-follow-stamp="([^"]+)"', page)
    assert stamp is not None
    assert client.get(event + "/display/stamp").json["stamp"] != stamp[1]  # so: again
    assert "250 Bea & Eve 140 1 hand" in text(client.get(event + "/display").text)


def test_the_display_shows_the_next_rounds_seating_once_the_round_is_closed(
    app: Flask,
) -> None:
    client = app.test_client()
    event = imported(client, club_night(rounds=5)).headers["Location"]
    client.post(event + "/rounds/4/seat")
    assert "Next: round 5" not in text(client.get(event + "/display").text)  # being played
    client.post(event + "/rounds/4/close", data={"reason": "the hall closes"})
    page = text(client.get(event + "/display").text)
    shown = page[page.index("Next: round 5") :]
    # as the event's page shows it to the director before it is seated
    director = text(client.get(event).text)
    seats = re.search(r"Round 5 The movement seats this round so: Table 1: ([^T]+?) Byes", director)
    assert seats is not None
    north, east, south, west = seats.group(1).split(", ")
    assert f"Table 1 {north} & {south} – {east} & {west}" in shown


def test_the_result_sheet_has_the_standings_and_each_rounds_tables(app: Flask) -> None:
    client = app.test_client()
    event = imported(client, club_night()).headers["Location"]
    sheet = client.get(event + "/results.pdf")
    assert sheet.mimetype == "application/pdf"
    words = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(sheet.data)).pages)
    for line in (
        "1 Bea 2 2.5 1 1440",  # the standings, as event-format.md §5 works them out
        "3 Dan 2 2 1 −50 760",
        "Round 1",
        "1 Ann & Cal Bea & Dan 2 380 : 470",
        "Byes: Eve",
        "1 Cal & Eve Dan & Ann 2 470 : −160",
        "Dan 1 −50 late arrival",
    ):
        assert line in words, line


def event_id_of(location: str) -> int:
    return int(location.rstrip("/").rsplit("/", 1)[1])


def test_a_rounds_table_cards_carry_the_seats_and_the_tables_qr_code(app: Flask) -> None:
    client = app.test_client()
    event = imported(client, club_night()).headers["Location"]
    assert client.get(event + "/rounds/4/cards.pdf").status_code == 404  # not seated yet
    client.post(event + "/rounds/4/seat")
    cards = client.get(event + "/rounds/4/cards.pdf")
    assert cards.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(cards.data))
    words = " ".join(page.extract_text() for page in reader.pages)
    assert "Table 1" in words and "North Dan\nEast Bea\nSouth Cal\nWest Eve\n" in words
    with app.app_context():  # the code of the card's table (tests/web/test_table_codes.py)
        table_game = db.session.execute(db.select(db.func.max(Game.id))).scalar()
        table = db.session.execute(
            db.select(EventTable).where(EventTable.game_id == table_game)
        ).scalar_one()
        stored_event = db.session.get(Event, event_id_of(event))
        assert stored_event is not None
        code = table_code(table.id, table_game, stored_event.key, "test")
    address = f"http://localhost/t/{code}"
    assert address in words
    # the QR code of that address is drawn: each run of dark modules of segno's drawing
    # of it is one line of the card's page
    runs = segno.make(address, micro=False).svg_inline(scale=4, border=2, omitsize=True)
    drawn = reader.pages[0].get_contents().get_data().decode("latin-1")
    assert len(re.findall(r" l\b", drawn)) == len(re.findall(r"[hH]", runs.split(' d="')[1]))


def test_tonights_club_night_comes_first_on_the_list(app: Flask) -> None:
    client = app.test_client()
    today = date.today()
    for day in (today + timedelta(days=7), today, today - timedelta(days=7)):
        assert (
            new_event(client, day=day.isoformat(), guests="Ann\nBea\nCal\nDan").status_code == 302
        )
    listed = re.findall(r"/events/(\d+)\"", client.get("/events").text)
    assert listed == ["2", "1", "3"]  # tonight's, then the latest day first


def test_a_second_tap_on_seat_keeps_the_round_and_its_cards(app: Flask) -> None:
    client = app.test_client()
    event = imported(client, club_night()).headers["Location"]
    assert client.post(event + "/rounds/4/seat").status_code == 302
    before = database_fingerprint(app)
    again = client.post(event + "/rounds/4/seat")
    assert again.status_code == 400 and "round 4 is seated already" in text(again.text)
    assert database_fingerprint(app) == before
    # its game deleted, the round's cards still print (no code for that table)
    with app.app_context():
        table_game = db.session.execute(db.select(db.func.max(Game.id))).scalar()
    assert client.post(f"/games/{table_game}/delete").status_code == 302
    assert client.get(event + "/rounds/4/cards.pdf").status_code == 200
    # the round ended by the director: final standings, also on the display
    client.post(event + "/rounds/4/close", data={"reason": "its game was deleted"})
    final = text(client.get(event + "/display?standings=end").text)
    assert "Final standings final: every round is played" in final
    assert client.get("/events/99/display/stamp").status_code == 404


def test_the_seats_are_drawn_before_the_first_round_only(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = app.test_client()
    players = ["Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal"]
    document = {
        "format": "pinochle-event/1",
        "name": "Draw night",
        "ruleset": "partnership",
        "entrants": [{"name": name} for name in players],
        "rounds": [{"round": 1}, {"round": 2}],
    }
    event = imported(client, document).headers["Location"]
    monkeypatch.setattr("scorekeeper.web.events.secrets.randbits", lambda _bits: 7)
    drawn = client.post(event + "/draw")
    assert drawn.status_code == 302 and drawn.headers["Location"].endswith("#round-1")
    order = draw(players, 7)
    assert order != players
    with app.app_context():
        stored = db.session.get(Event, event_id_of(event))
        assert stored is not None
        assert [entrant.name for entrant in stored.entrants] == order
    # round 1 as the movement seats the entrants in the drawn order
    as_drawn = from_document({**document, "entrants": [{"name": name} for name in order]})
    seating, _even = next_seating(as_drawn, 1)
    page = text(client.get(event).text)
    shown = page[page.index("Round 1") :]
    for table in seating["tables"]:
        assert f"Table {table['table']}: {', '.join(table['seats'])}" in shown
    # once a round is seated, the draw is over: a sentence under round 1, nothing changed
    assert client.post(event + "/rounds/1/seat").status_code == 302
    before = database_fingerprint(app)
    late = client.post(event + "/draw")
    assert late.status_code == 400
    assert "a round is seated already: the seats are drawn before the first" in text(late.text)
    assert database_fingerprint(app) == before

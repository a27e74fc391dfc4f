"""Club nights through the JSON API (docs/api.md, "Club nights"): an event created,
listed, read and exported; a round seated, its table's hands recorded through the games
API, and the standings read back. Every refusal code with its status:
tests/web/test_api_codes.py; the OpenAPI document: tests/web/test_api_schema.py."""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.club.events import get_event
from scorekeeper.club.rounds import close_round
from scorekeeper.engine.club.events import from_document, to_document
from scorekeeper.engine.club.standings import standings
from scorekeeper.web import api_events
from tests.web.test_access import database_fingerprint
from tests.web.test_api import EVENT, SEATING, Club, club  # noqa: F401 (club is a fixture)

pytestmark = pytest.mark.database  # every test here makes its own database

TEAMS = Path(__file__).resolve().parents[1] / "data" / "events" / "teams-night.json"
MADE = {"bidder": "Ann", "bid": 250, "trump": "H", "meld": [100, 40], "counters": [150, 100]}
SET = {"bidder": "Bea", "bid": 300, "trump": "S", "meld": [60, 80], "counters": [200, 50]}


def night(**changes: Any) -> dict[str, Any]:
    document = copy.deepcopy(EVENT)
    document.update(rules={"game_end": "hands:2"}, **changes)
    return document


def test_a_night_through_the_api(club: Club) -> None:  # noqa: F811
    created = club.call("scorekeeper", "POST", "/events", night())
    assert created.status_code == 201, created.json
    event = created.json
    assert created.headers["Location"] == event["url"] == f"/api/v1/events/{event['id']}"
    assert event["tables"] == [] and event["standings"]["rounds_played"] == 0
    # round 1 seated: the table's game is there, empty, seated North, East, South, West
    seated = club.call("scorekeeper", "PUT", f"/events/{event['id']}/rounds/1", SEATING)
    assert seated.status_code == 200, seated.json
    (table,) = seated.json["tables"]
    assert (table["round"], table["table"]) == (1, 1)
    game = club.call("viewer", "GET", table["url"].removeprefix("/api/v1")).json
    assert game["game"]["seating"] == ["Ann", "Bea", "Cal", "Dan"]
    assert [side["name"] for side in game["game"]["sides"]] == ["Ann & Cal", "Bea & Dan"]
    assert game["game"]["rules"]["game_end"] == "hands:2" and game["game"]["hands"] == []
    # its hands, as any game's: with its key, If-Match and an Idempotency-Key
    for number, hand in enumerate((MADE, SET), 1):
        recorded = club.call(
            "scorekeeper",
            "POST",
            f"/games/{table['game']}/hands",
            hand,
            **{"Game-Key": table["game_key"], "If-Match": f'"{number - 1 + game["version"]}"'},
            **{"Idempotency-Key": f"night-hand-{number}"},
        )
        assert recorded.status_code == 201, recorded.json
    read = club.call("viewer", "GET", event["url"].removeprefix("/api/v1"))
    board = read.json["standings"]
    assert (board["rounds_played"], board["provisional"]) == (1, False)
    # the stored standings are the engine's over the exported file
    exported = club.call("viewer", "GET", f"/events/{event['id']}/export")
    assert exported.headers["Content-Disposition"] == (
        f'attachment; filename="event-{event["id"]}.json"'
    )
    assert exported.json == read.json["event"]
    assert standings(from_document(exported.json)).as_dict() == board
    # played: round 1 is no longer seated again; round 2 is, once round 1 is closed
    rounds = f"/events/{event['id']}/rounds"
    again = club.call("scorekeeper", "PUT", f"{rounds}/1", SEATING)
    assert (again.status_code, again.json["error"]) == (409, "event_round_played")
    early = club.call("scorekeeper", "PUT", f"{rounds}/2", SEATING)
    assert (early.status_code, early.json["error"]) == (422, "event_round_before_open")
    asked = club.call("scorekeeper", "POST", f"{rounds}/1/close", {})
    assert (asked.status_code, asked.json["error"]) == (422, "event_round_unconfirmed")
    closed = club.call("scorekeeper", "POST", f"{rounds}/1/close", {"unconfirmed": True})
    assert closed.status_code == 200, closed.json
    later = club.call("scorekeeper", "PUT", f"{rounds}/2", SEATING)
    assert later.status_code == 200 and len(later.json["tables"]) == 2
    # unseated before a hand is recorded at it: its table and game gone, seated again
    unseated = club.call("scorekeeper", "DELETE", f"{rounds}/2")
    assert unseated.status_code == 200 and len(unseated.json["tables"]) == 1
    gone = club.call("viewer", "GET", later.json["tables"][1]["url"].removeprefix("/api/v1"))
    assert gone.status_code == 404
    assert club.call("scorekeeper", "PUT", f"{rounds}/2", SEATING).status_code == 200
    refused = club.call("scorekeeper", "DELETE", f"{rounds}/1")
    assert (refused.status_code, refused.json["error"]) == (422, "event_round_closed")


def test_a_teams_night_seats_its_teams(club: Club) -> None:  # noqa: F811
    document = from_document(json.loads(TEAMS.read_text(encoding="utf-8")))
    fresh = to_document(document)
    for round_ in fresh["rounds"]:
        round_["tables"], round_["byes"] = [], []
    event = club.call("scorekeeper", "POST", "/events", fresh).json
    seating = {"tables": [{"table": 1, "seats": ["Eve & Fay", "Ann & Cal"]}]}
    seated = club.call("scorekeeper", "PUT", f"/events/{event['id']}/rounds/1", seating)
    assert seated.status_code == 200, seated.json
    game = club.call("viewer", "GET", seated.json["tables"][0]["url"].removeprefix("/api/v1")).json[
        "game"
    ]
    assert [side["name"] for side in game["sides"]] == ["Eve & Fay", "Ann & Cal"]
    assert game["seating"] == ["Eve", "Ann", "Fay", "Cal"]


def test_the_events_list_pages_the_latest_day_first(club: Club) -> None:  # noqa: F811
    for day in ("2026-11-03", "2026-12-08", "2026-11-17"):
        assert club.call("owner", "POST", "/events", night(date=day)).status_code == 201
    listed = club.call("viewer", "GET", "/events?limit=2&offset=0").json["events"]
    assert [event["date"] for event in listed] == ["2026-12-08", "2026-12-01"]
    rest = club.call("viewer", "GET", "/events?limit=10&offset=2").json["events"]
    assert [event["date"] for event in rest] == ["2026-11-17", "2026-11-03"]
    refused = club.call("viewer", "GET", "/events?page=2")
    assert (refused.status_code, refused.json["error"]) == (400, "bad_parameter")


def test_the_event_key_names_one_event(club: Club) -> None:  # noqa: F811
    key = club.call("viewer", "GET", f"/events/{club.event}").json["key"]
    closed = club.call("owner", "POST", f"/events/{club.event}/rounds/1/close",
                       {"reason": "the hall closes"}, **{"Event-Key": key})  # fmt: skip
    assert closed.status_code == 200
    path = f"/events/{club.event}/rounds/2"
    assert club.call("owner", "PUT", path, SEATING, **{"Event-Key": key}).status_code == 200
    before = database_fingerprint(club.app, {"api_token"})
    gone = club.call("owner", "PUT", path, SEATING, **{"Event-Key": key + "x"})
    assert (gone.status_code, gone.json["error"]) == (410, "event_deleted")
    assert database_fingerprint(club.app, {"api_token"}) == before


def test_a_refused_event_is_a_sentence_and_stores_nothing(club: Club) -> None:  # noqa: F811
    before = database_fingerprint(club.app, {"api_token"})
    refused = club.call("owner", "POST", "/events", night(entrants=[{"name": "Ann"}] * 5))
    assert refused.status_code == 422
    assert refused.json == {
        "error": "event_entered_twice",
        "message": "'Ann' is entered more than once",
    }
    assert database_fingerprint(club.app, {"api_token"}) == before


@pytest.mark.parametrize(
    ("names", "code", "message"),
    [
        (
            ("Ann", "Bea", "Cal", "Dan", "Eve", "\u00c9VE"),
            "event_look_alike",
            "'\u00c9VE' and 'Eve' differ only in case, accents, spaces or look-alike letters: "
            "one person is entered once (give two people names that tell them apart)",
        ),
        (
            ("ann", "Bea", "Cal", "Dan", "Fay"),
            "event_look_alike_known",
            "'ann' looks like the club's player 'Ann' (they differ only in case, accents, "
            "spaces or look-alike letters): enter 'Ann', or a name that tells them apart",
        ),
    ],
    ids=["two entrants", "a player of the club's"],
)
def test_a_look_alike_name_is_refused_naming_both(
    club: Club,  # noqa: F811
    names: tuple[str, ...],
    code: str,
    message: str,
) -> None:
    before = database_fingerprint(club.app, {"api_token"})
    entrants = [{"name": name} for name in names]
    refused = club.call("owner", "POST", "/events", night(entrants=entrants))
    assert (refused.status_code, refused.json) == (422, {"error": code, "message": message})
    assert database_fingerprint(club.app, {"api_token"}) == before


def test_a_hand_at_a_closed_rounds_table_is_refused(club: Club) -> None:  # noqa: F811
    with club.app.app_context():
        event = get_event(club.event)
        assert event is not None
        close_round(event, 1, "the hall closes")
        game_id = event.rounds[0].tables[0].game_id
    before = database_fingerprint(club.app, {"api_token"})
    late = club.call("scorekeeper", "POST", f"/games/{game_id}/hands", MADE)
    assert (late.status_code, late.json["error"]) == (422, "event_round_closed")
    assert late.json["message"] == "round 1 is closed: nothing more is recorded at its tables"
    assert database_fingerprint(club.app, {"api_token"}) == before


def test_a_night_past_the_limits_is_refused_before_it_is_read(club: Club) -> None:  # noqa: F811
    """Issue 31: 6,000 entrants took 63 s and held the write lock; now a sentence."""
    before = database_fingerprint(club.app, {"api_token"})
    refused = club.call("owner", "POST", "/events", night(entrants=[{"name": "Ann"}] * 6000))
    assert (refused.status_code, refused.json["error"]) == (422, "event_too_many")
    assert refused.json["message"] == "a night takes at most 200 entrants, not 6000"
    assert database_fingerprint(club.app, {"api_token"}) == before


@pytest.mark.parametrize("rule", ["ahead_wins", "totals_count", "nothing_counts"])
def test_the_rule_for_unfinished_tables_goes_in_and_comes_back_out(
    club: Club,  # noqa: F811
    rule: str,
) -> None:
    created = club.call("scorekeeper", "POST", "/events", night(unfinished_tables=rule))
    assert created.status_code == 201, created.json
    seated = club.call("scorekeeper", "PUT", f"/events/{created.json['id']}/rounds/1", SEATING)
    assert seated.status_code == 200, seated.json
    (table,) = seated.json["tables"]
    recorded = club.call(
        "scorekeeper",
        "POST",
        f"/games/{table['game']}/hands",
        MADE,
        **{"Game-Key": table["game_key"]},
    )
    assert recorded.status_code == 201, recorded.json
    closed = club.call(
        "scorekeeper",
        "POST",
        f"/events/{created.json['id']}/rounds/1/close",
        {"reason": "the hall closes"},
    )
    assert closed.status_code == 200, closed.json
    exported = club.call("viewer", "GET", f"/events/{created.json['id']}/export").json
    assert exported.get("unfinished_tables") == (None if rule == "nothing_counts" else rule)
    assert exported["rounds"][0]["closed"] is True
    expected = standings(from_document(exported)).as_dict()
    answer = club.call("viewer", "GET", f"/events/{created.json['id']}").json
    assert answer["standings"] == expected
    played = {row["entrant"]: row["games"] for row in expected["rows"]}
    assert played["Ann"] == (0 if rule == "nothing_counts" else 1)


def test_a_rule_for_unfinished_tables_not_offered_is_refused(club: Club) -> None:  # noqa: F811
    refused = club.call("scorekeeper", "POST", "/events", night(unfinished_tables="coin"))
    assert (refused.status_code, refused.json["error"]) == (422, "event_choice")
    assert "ahead_wins or totals_count or nothing_counts" in refused.json["message"]


# --- the event with its standings, made once per change (issue 31, item 11) ---------------


def made_views(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The events whose API view is made from here on."""
    made: list[int] = []
    view = api_events.event_view

    def counted(event: Any) -> dict[str, Any]:
        made.append(event.id)
        return view(event)

    monkeypatch.setattr(api_events, "event_view", counted)
    return made


def test_an_event_read_again_is_not_made_again_and_304_with_its_etag(
    club: Club,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = f"/events/{club.event}"
    first = club.call("viewer", "GET", path)
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-cache"
    etag = first.headers["ETag"]
    made = made_views(monkeypatch)
    again = club.call("scorekeeper", "GET", path)  # another reader: the same answer
    assert (again.status_code, again.json) == (200, first.json)
    assert made == []
    kept = club.call("viewer", "GET", path, **{"If-None-Match": etag})
    assert kept.status_code == 304 and kept.data == b""
    zipped = club.call("viewer", "GET", path, **{"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(zipped.data)) == first.json
    assert made == []


def test_an_event_is_made_again_after_a_hand_at_its_table(club: Club) -> None:  # noqa: F811
    path = f"/events/{club.event}"
    first = club.call("viewer", "GET", path)
    table = first.json["tables"][0]
    played = first.json["event"]["rounds"][0]["tables"][0]["game"]["hands"]
    recorded = club.call("scorekeeper", "POST", f"/games/{table['game']}/hands", SET)
    assert recorded.status_code == 201, recorded.json
    again = club.call("viewer", "GET", path, **{"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 200  # changed: never 304
    assert again.headers["ETag"] != first.headers["ETag"]
    assert again.json["event"]["rounds"][0]["tables"][0]["game"]["hands"] == [*played, SET]


def test_a_kept_event_still_refuses_another_key_and_a_missing_event(
    club: Club,  # noqa: F811
) -> None:
    path = f"/events/{club.event}"
    assert club.call("viewer", "GET", path).status_code == 200  # made and kept
    other = club.call("viewer", "GET", path, **{"Event-Key": "not-its-key"})
    assert other.status_code == 410 and other.json["error"] == "event_deleted"
    missing = club.call("viewer", "GET", "/events/999")
    assert missing.status_code == 404 and missing.json["error"] == "no_event"
    assert club.call(None, "GET", path).status_code == 401  # no token: nothing kept is shown

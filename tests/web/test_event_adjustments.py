"""The director's adjustments from the event's page (web/event_entrants.py,
club/adjustments.py): a penalty or a bonus for an entrant in a round, with the reason,
in the standings, on the page and the result sheet and in the night's file; each
refusal a sentence under the form, nothing written."""

from __future__ import annotations

import io

import pytest
from flask import Flask
from pypdf import PdfReader

from tests.web.test_access import database_fingerprint
from tests.web.test_event_entrants_pages import night, words
from tests.web.test_events_pages import app  # noqa: F401 (a fixture)

PENALTY = {"name": "Ann", "kind": "penalty", "points": "50", "round": "3", "reason": "a renege"}


def test_a_penalty_and_a_bonus_count_everywhere(app: Flask) -> None:  # noqa: F811
    client = app.test_client()
    event = night(client)
    before = words(client.get(event))
    assert "A penalty or a bonus" in before
    assert client.post(event + "/adjustments", data=PENALTY).status_code == 302
    bonus = {**PENALTY, "name": "Bea", "kind": "bonus", "points": "20", "reason": "best sport"}
    assert client.post(event + "/adjustments", data=bonus).status_code == 302
    client.get(event)  # the flashes said
    page = words(client.get(event))
    assert "Ann : −50 points in round 3 (a renege)" in page  # (a tag between: a space)
    assert "Bea : +20 points in round 3 (best sport)" in page
    assert "adjusted −50" in page and "adjusted 20" in page
    exported = client.get("/api/v1" + event + "/export").get_json()
    assert exported["adjustments"][-2:] == [
        {"entrant": "Ann", "round": 3, "points": -50, "reason": "a renege"},
        {"entrant": "Bea", "round": 3, "points": 20, "reason": "best sport"},
    ]
    sheet = client.get(event + "/results.pdf").data
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(sheet)).pages).split())
    assert "a renege" in text and "best sport" in text


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        ({"name": ""}, "Choose whose points they are."),
        ({"points": "fifty"}, "Give the points as a whole number, as 50"),
        ({"points": "-50"}, "Give the points as a whole number, as 50"),
        ({"points": "\uff15\uff10"}, "Give the points as a whole number, as 50"),  # full-width
        ({"round": "9"}, "adjustment 2: round 9 is not a round of this event (1 to 5)"),
        ({"reason": "  "}, "adjustment 2: give its reason (late arrival, penalty)"),
        ({"points": "100001"}, "points is more than an adjustment may be"),
        ({"name": "Zed"}, "'Zed' is not an entrant of this event"),
    ],
    ids=["nobody", "words", "signed", "full-width", "round", "reason", "too many", "stranger"],
)
def test_a_refused_adjustment_says_why_and_writes_nothing(
    app: Flask,  # noqa: F811
    change: dict[str, str],
    sentence: str,
) -> None:
    client = app.test_client()
    event = night(client)
    before = database_fingerprint(app)
    refused = client.post(event + "/adjustments", data={**PENALTY, **change})
    assert refused.status_code == 400
    assert sentence in words(refused)
    assert database_fingerprint(app) == before

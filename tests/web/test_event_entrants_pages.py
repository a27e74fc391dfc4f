"""One person, one entrant, from the director's pages (web/event_entrants.py, the new
night's form): a name like a player of the club's asked about ("Is this Hal Brandt?"),
a withdrawal asked first and undone, an entrant entered by mistake removed and then
nowhere; each question writes nothing until it is answered."""

from __future__ import annotations

import io
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from scorekeeper.extensions import db
from scorekeeper.games.players import known_players, player_named
from scorekeeper.store.club_models import Event
from tests.web.test_access import database_fingerprint
from tests.web.test_events_pages import app, club_night, imported, new_event, text  # noqa: F401

ASKED = "“hal brandt” looks like Hal Brandt, a player of the club. Is this Hal Brandt?"


def hal_known(app: Flask) -> None:  # noqa: F811
    """Hal Brandt, a player of the club's (from an earlier night)."""
    with app.app_context():
        player_named("Hal Brandt")
        db.session.commit()


def entrants(app: Flask) -> list[str]:  # noqa: F811
    with app.app_context():
        event = db.session.scalars(db.select(Event).order_by(Event.id.desc())).first()
        assert event is not None
        return [entrant.name for entrant in event.entrants]


def night(client: FlaskClient, rounds: int = 5) -> str:
    return str(imported(client, club_night(rounds=rounds)).headers["Location"])


def words(response: Any) -> str:
    return text(response.get_data(as_text=True)).replace("&#39;", "'")


@pytest.mark.parametrize(
    ("answer", "entered"),
    [("known", "Hal Brandt"), ("new", "hal brandt")],
    ids=["the known player", "someone new"],
)
def test_the_new_nights_form_asks_about_a_name_like_a_known_player(
    app: Flask,  # noqa: F811
    answer: str,
    entered: str,
) -> None:
    hal_known(app)
    client = app.test_client()
    before = database_fingerprint(app)
    asked = new_event(client, guests="Ann\nBea\nCal\nhal  brandt\n")
    assert asked.status_code == 400 and ASKED in words(asked)
    assert 'value="known" checked' in asked.text  # the known player: one tap (Create)
    assert database_fingerprint(app) == before  # nothing made before the answer
    made = new_event(client, guests="Ann\nBea\nCal\nhal  brandt\n", **{"person:hal brandt": answer})
    assert made.status_code == 302
    assert entrants(app) == ["Ann", "Bea", "Cal", entered]


def test_a_late_arrival_like_a_known_player_is_asked_about(app: Flask) -> None:  # noqa: F811
    hal_known(app)
    client = app.test_client()
    event = night(client)
    before = database_fingerprint(app)
    asked = client.post(event + "/entrants", data={"name": "hal brandt"})
    assert asked.status_code == 400 and ASKED in words(asked)
    assert "Yes: add Hal Brandt" in words(asked)
    assert "No: add “hal brandt”, someone new" in words(asked)
    assert database_fingerprint(app) == before
    assert client.post(event + "/entrants", data={"name": "Hal Brandt"}).status_code == 302
    assert entrants(app)[-1] == "Hal Brandt"
    # a second night: someone new after all, the second tap
    other = night(client)
    new = {"name": "hal brandt", "new": "yes"}
    assert client.post(other + "/entrants", data=new).status_code == 302
    assert entrants(app)[-1] == "hal brandt"


def test_a_name_like_an_entrants_is_refused_with_both_names(app: Flask) -> None:  # noqa: F811
    client = app.test_client()
    event = night(client)
    before = database_fingerprint(app)
    refused = client.post(event + "/entrants", data={"name": "ÄNN"})
    assert refused.status_code == 400
    assert "'ÄNN' and 'Ann' differ only in case, accents, spaces or look-alike letters" in words(
        refused
    )
    assert database_fingerprint(app) == before


def test_a_withdrawal_is_asked_first_and_undone_before_its_round(app: Flask) -> None:  # noqa: F811
    client = app.test_client()
    event = night(client)
    page = client.get(event).text
    assert '<option value="" selected>Who leaves?</option>' in page  # nobody by default
    before = database_fingerprint(app)
    blank = client.post(event + "/withdraw", data={"name": ""})
    assert blank.status_code == 400 and "Choose who leaves, then tap again." in words(blank)
    asked = client.post(event + "/withdraw", data={"name": "Cal"})
    assert asked.status_code == 400 and "Cal leaves: no seat from round 4 on. Sure?" in words(asked)
    assert database_fingerprint(app) == before
    client.get(event)  # the import's flash said
    shown = words(client.get(event))
    planned = shown[shown.index("Round 4") :]
    assert client.post(event + "/withdraw", data={"name": "Cal", "sure": "yes"}).status_code == 302
    shown = words(client.get(event))
    assert "Cal: withdrawn from round 4" in shown and "Undo: Cal plays on" in shown
    assert client.post(event + "/withdraw/undo", data={"name": "Cal"}).status_code == 302
    shown = words(client.get(event))
    assert "withdrawn" not in shown
    assert shown[shown.index("Round 4") :] == planned  # the plan as it was


def test_a_withdrawal_is_kept_once_its_round_is_seated(app: Flask) -> None:  # noqa: F811
    client = app.test_client()
    event = night(client)
    client.post(event + "/withdraw", data={"name": "Cal", "sure": "yes"})
    assert client.post(event + "/rounds/4/seat").status_code == 302
    shown = words(client.get(event))
    assert "Cal: withdrawn from round 4" in shown and "Undo: Cal" not in shown
    before = database_fingerprint(app)
    late = client.post(event + "/withdraw/undo", data={"name": "Cal"})
    assert late.status_code == 400
    assert "round 4 is seated without 'Cal'" in words(late)
    assert database_fingerprint(app) == before


def test_an_entrant_entered_by_mistake_is_removed_and_shown_nowhere(app: Flask) -> None:  # noqa: F811
    client = app.test_client()
    event = night(client)
    client.get(event)  # the import's flash said
    shown = words(client.get(event))
    planned = shown[shown.index("Round 4") :]
    client.post(event + "/entrants", data={"name": "Flo Mistake"})
    page = client.get(event).text
    # only who never played is offered: Flo, not the players of rounds 1 to 3
    offered = page[
        page.index('id="removing"') : page.index("</select>", page.index('id="removing"'))
    ]
    assert "Flo Mistake" in offered and "Ann" not in offered
    before = database_fingerprint(app)
    asked = client.post(event + "/entrants/remove", data={"name": "Flo Mistake"})
    assert asked.status_code == 400 and "Remove Flo Mistake from the night" in words(asked)
    assert database_fingerprint(app) == before
    done = client.post(event + "/entrants/remove", data={"name": "Flo Mistake", "sure": "yes"})
    assert done.status_code == 302
    assert "Flo Mistake is removed from the night." in words(client.get(event))  # said once
    shown = words(client.get(event))
    assert "Flo" not in shown
    assert shown[shown.index("Round 4") :] == planned  # added, then removed: the plan as it was
    assert "Flo" not in words(client.get(event + "/display"))
    for path in ("/results.pdf", "/itineraries.pdf", "/movement.pdf"):
        sheet = PdfReader(io.BytesIO(client.get(event + path).data))
        read = " ".join(page.extract_text() for page in sheet.pages)
        assert "Ann" in read and "Flo" not in read, path  # read back: the names are there
    assert "Flo Mistake" not in client.get("/events/new").text
    with app.app_context():
        assert "Flo Mistake" not in known_players()


def test_an_entrant_who_played_is_not_removed(app: Flask) -> None:  # noqa: F811
    client = app.test_client()
    event = night(client)
    before = database_fingerprint(app)
    refused = client.post(event + "/entrants/remove", data={"name": "Ann"})
    assert refused.status_code == 400
    assert "'Ann' is seated or has a bye in round 1" in words(refused)
    assert database_fingerprint(app) == before


def test_an_imported_night_with_a_look_alike_of_a_known_player_is_refused(
    app: Flask,  # noqa: F811
) -> None:
    hal_known(app)
    client = app.test_client()
    document = club_night()
    document["entrants"].append({"name": "hal brandt"})
    before = database_fingerprint(app)
    refused = imported(client, document)
    assert refused.status_code == 400
    assert "'hal brandt' looks like the club's player 'Hal Brandt'" in words(refused)
    assert database_fingerprint(app) == before


def test_the_last_table_s_worth_of_entrants_is_not_removed(app: Flask) -> None:  # noqa: F811
    client = app.test_client()
    made = new_event(client, guests="Ann\nBea\nCal\nDan\n")
    event = made.headers["Location"]
    before = database_fingerprint(app)
    refused = client.post(event + "/entrants/remove", data={"name": "Dan", "sure": "yes"})
    assert refused.status_code == 400
    assert "a progressive event needs at least 4 entrants for one table, not 3" in words(refused)
    assert database_fingerprint(app) == before


def test_a_night_stored_with_a_look_alike_pair_still_takes_arrivals_and_adjustments(
    app: Flask,  # noqa: F811
) -> None:
    """A night stored before the look-alike rule, "hal brandt" beside "Hal Brandt": the
    rule is the new name's, never the pair's that was taken then."""
    from scorekeeper.store.club_models import Entrant

    client = app.test_client()
    event = night(client)
    with app.app_context():
        stored = db.session.scalars(db.select(Event)).one()
        ann = next(e for e in stored.entrants if e.name == "Ann")
        stored.entrants.append(
            Entrant(position=len(stored.entrants), name="ann", player=player_named("ann"))
        )
        assert ann.player is not None
        db.session.commit()
    assert client.post(event + "/entrants", data={"name": "Fay"}).status_code == 302
    adjusted = {"name": "ann", "kind": "bonus", "points": "10", "round": "3", "reason": "x"}
    assert client.post(event + "/adjustments", data=adjusted).status_code == 302
    refused = client.post(event + "/entrants", data={"name": "FAY"})
    assert refused.status_code == 400
    assert "'FAY' and 'Fay' differ only in case" in words(refused)

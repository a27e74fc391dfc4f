"""A club table's totals confirmed at the table, the lock that follows, and the
director's corrections with their reason (docs/club-nights.md): each refusal a
sentence where the tap was, status 400 (the API: 422 and its code), nothing changed.
The service's own cases: tests/club/test_confirm.py."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from flask import Flask

from scorekeeper.club.confirm import Confirmer, confirm_totals
from scorekeeper.extensions import db
from scorekeeper.games.hands import add_hand
from scorekeeper.store.models import Game, HandEdit
from tests.club.test_rounds import seated
from tests.club.test_seating import MADE, SET
from tests.web.conftest import test_app
from tests.web.test_access import database_fingerprint
from tests.web.test_events_pages import text as words_of

# hand 1 of the table's game corrected on the form (Ann & Cal made 250 in hearts)
EDIT = {
    "bidder": "Ann",
    "bid": "250",
    "trump": "H",
    "meld_0": "100",
    "meld_1": "40",
    "counters_0": "160",
    "counters_1": "90",
}
LOCKED = "table 1's totals are confirmed by Bea; only the director can correct them"
NO_REASON = "give the reason for the correction: table 1's totals are confirmed"


def text(page: str) -> str:
    """A page's words, as a person reads them (its quotes too)."""
    return html.unescape(words_of(page))


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return test_app(tmp_path / "confirm.db")


def table_game(app: Flask, hands: int = 2, confirmed_by: str | None = None) -> int:
    """Round 1's one table (Ann & Cal against Bea & Dan, two hands a game) with
    ``hands`` played, confirmed by ``confirmed_by``."""
    with app.app_context():
        game = seated().rounds[0].tables[0].game
        assert game is not None
        for hand in (MADE, SET)[:hands]:
            add_hand(game, hand)
        if confirmed_by is not None:
            confirm_totals(game, confirmed_by, Confirmer(director="owner"))
        return game.id


def edits(app: Flask, game_id: int) -> list[tuple[str, str | None]]:
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert game is not None
        return [(edit.action, edit.reason) for edit in game.edits]


def test_the_finished_tables_scoreboard_asks_each_player_to_confirm(app: Flask) -> None:
    game_id = table_game(app)
    client = app.test_client()
    page = client.get(f"/games/{game_id}").text
    assert "Confirm the totals" in page
    for name in ("Ann", "Bea", "Cal", "Dan"):
        assert f'name="player" value="{name}"' in page and f"{name} confirms" in page
    done = client.post(f"/games/{game_id}/confirm", data={"player": "Bea"})
    assert done.status_code == 302
    page = text(client.get(f"/games/{game_id}").text)
    assert "Confirmed by Bea" in page and "Bea confirms" not in page
    assert "confirmed by Bea" in text(client.get("/events/1").text)


def test_a_club_tables_scoreboard_offers_no_rematch_nor_a_refused_undo(app: Flask) -> None:
    """A club table's players go where the movement sends them (no Rematch), and a
    confirmed table refuses an undo, so it offers none; before, both were offered."""
    game_id = table_game(app)
    client = app.test_client()
    finished = client.get(f"/games/{game_id}").text
    assert "Undo hand 2" in finished and "Rematch" not in finished
    assert client.post(f"/games/{game_id}/confirm", data={"player": "Bea"}).status_code == 302
    confirmed = client.get(f"/games/{game_id}").text
    assert "Undo hand" not in confirmed and "Rematch" not in confirmed


def test_the_event_page_says_a_finished_table_awaits_confirmation(app: Flask) -> None:
    table_game(app)
    assert "awaiting confirmation" in text(app.test_client().get("/events/1").text)


# hands played, confirmed by, who taps -> the sentence of the refusal
NOT_CONFIRMED = [
    ("a game still played", 1, None, "Bea", "table 1 is still playing"),
    ("a name not seated there", 2, None, "Eve", "'Eve' is not seated at table 1"),
    ("no name", 2, None, "", "is not seated at table 1"),
    ("confirmed twice", 2, "Bea", "Dan", "table 1's totals are confirmed by Bea already"),
]


@pytest.mark.parametrize(
    ("hands", "first", "name", "words"),
    [case[1:] for case in NOT_CONFIRMED],
    ids=[case[0] for case in NOT_CONFIRMED],
)
def test_a_refused_confirmation_is_a_sentence_and_changes_nothing(
    app: Flask, hands: int, first: str | None, name: str, words: str
) -> None:
    game_id = table_game(app, hands, first)
    before = database_fingerprint(app)
    refused = app.test_client().post(f"/games/{game_id}/confirm", data={"player": name})
    assert refused.status_code == 400
    assert words in text(refused.text)
    assert database_fingerprint(app) == before


LONG = "x" * 501  # a reason one character over the limit
# a change of a confirmed table's game on the pages -> the sentence of the refusal
LOCKED_CHANGES = [
    ("a new hand", "/hands/new", {**EDIT, "bidder": "Bea"}, LOCKED),
    ("an edit without a reason", "/hands/1/edit", EDIT, NO_REASON),
    ("an edit with a blank reason", "/hands/1/edit", {**EDIT, "reason": "  "}, NO_REASON),
    ("a delete without a reason", "/hands/1/delete", {"confirmed": "yes"}, NO_REASON),
    ("an undo", "/undo", {"number": "2"}, LOCKED),
    ("a put back without a reason", "/put-back", {"edit": "2"}, NO_REASON),
    ("an edit with an escape in its reason", "/hands/1/edit", {**EDIT, "reason": "swap\x1b[2J"},
     "the reason for the correction 'swap\\x1b[2J' holds the control character U+001B"),
    ("a delete with a reason too long", "/hands/1/delete", {"confirmed": "yes", "reason": LONG},
     "the reason for the correction is 501 characters long: a reason has at most 500"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("path", "form", "words"),
    [case[1:] for case in LOCKED_CHANGES],
    ids=[case[0] for case in LOCKED_CHANGES],
)
def test_a_confirmed_table_refuses_changes_with_the_sentence(
    app: Flask, path: str, form: dict[str, str], words: str
) -> None:
    game_id = table_game(app, confirmed_by="Bea")
    before = database_fingerprint(app)
    refused = app.test_client().post(f"/games/{game_id}{path}", data=form)
    assert refused.status_code == 400
    assert words in text(refused.text)
    assert database_fingerprint(app) == before


def test_the_director_corrects_a_confirmed_hand_with_the_reason_kept(app: Flask) -> None:
    game_id = table_game(app, confirmed_by="Bea")
    client = app.test_client()
    form = client.get(f"/games/{game_id}/hands/1/edit").text
    assert "Reason for the correction" in form
    # Save without the reason: the summary at the top says so, leading to the field
    refused = client.post(f"/games/{game_id}/hands/1/edit", data=EDIT)
    assert refused.status_code == 400
    summary = refused.text[refused.text.index('id="problems"') : refused.text.index("</section>")]
    assert 'href="#reason"' in summary and NO_REASON in text(summary)
    assert 'data-first-bad="reason"' in refused.text
    done = client.post(
        f"/games/{game_id}/hands/1/edit", data={**EDIT, "reason": "counters swapped"}
    )
    assert done.status_code == 302
    assert edits(app, game_id)[-1] == ("edited", "counters swapped")
    page = text(client.get(f"/games/{game_id}").text)
    assert "corrected by the director: counters swapped" in page
    # a correction leaves the table locked, lists itself and asks for a confirmation again
    assert "Hand 1 corrected after confirmation: counters swapped" in page
    assert "Corrected after Bea confirmed: the totals need confirming again." in page
    assert "Confirmed by Bea" not in page and "Dan confirms" in page
    sheet = text(client.get(f"/games/{game_id}/sheet").text)
    assert "Hand 1 corrected: counters swapped" in sheet


def test_the_director_deletes_a_confirmed_hand_with_the_reason_kept(app: Flask) -> None:
    game_id = table_game(app, confirmed_by="Bea")
    client = app.test_client()
    asked = client.post(f"/games/{game_id}/hands/2/delete")
    assert asked.status_code == 200 and "Reason for the correction" in asked.text
    done = client.post(
        f"/games/{game_id}/hands/2/delete", data={"confirmed": "yes", "reason": "a misdeal"}
    )
    assert done.status_code == 302
    assert edits(app, game_id)[-1] == ("deleted", "a misdeal")


def test_a_closed_rounds_hand_is_corrected_with_a_reason(app: Flask) -> None:
    game_id = table_game(app)
    client = app.test_client()
    asked = client.post("/events/1/rounds/1/close", data={"reason": ""})
    assert asked.status_code == 400 and "table 1 has no confirmation" in text(asked.text)
    closed = client.post("/events/1/rounds/1/close", data={"reason": "", "unconfirmed": "yes"})
    assert closed.status_code == 302
    before = database_fingerprint(app)
    refused = client.post(f"/games/{game_id}/hands/1/edit", data=EDIT)
    assert refused.status_code == 400
    assert "give the reason for the correction: table 1's totals" in text(refused.text)
    assert database_fingerprint(app) == before
    done = client.post(f"/games/{game_id}/hands/1/edit", data={**EDIT, "reason": "late count"})
    assert done.status_code == 302
    with app.app_context():
        assert db.session.execute(db.select(HandEdit.reason).order_by(HandEdit.id.desc())).first()
    assert edits(app, game_id)[-1] == ("edited", "late count")


# --- the API ------------------------------------------------------------------------------


def test_the_api_confirms_a_table_and_refuses_with_codes(app: Flask) -> None:
    game_id = table_game(app)
    client = app.test_client()
    url = f"/api/v1/games/{game_id}/confirm"
    refused = client.post(url, json={"player": "Eve"})
    assert (refused.status_code, refused.json["error"]) == (422, "event_not_seated_here")
    done = client.post(url, json={"player": "Dan"})
    assert done.status_code == 200
    assert done.json["confirmed_by"] == "Dan" and done.json["table"] == 1
    again = client.post(url, json={"player": "Dan"})
    assert (again.status_code, again.json["error"]) == (422, "event_confirmed_twice")


# a change through the API of a confirmed table's game -> status, code
API_CHANGES = [
    ("a new hand", "post", "/hands", MADE, "event_table_confirmed"),
    ("an edit without a reason", "put", "/hands/1", MADE, "event_correction_reason"),
    ("an edit with a blank reason", "put", "/hands/1?reason=+", MADE, "event_correction_reason"),
    ("a delete without a reason", "delete", "/hands/2", None, "event_correction_reason"),
    ("a reason that turns the text", "delete", "/hands/2?reason=ok%E2%80%AEko", None,
     "reason_direction"),
    ("a reason too long", "put", "/hands/1?reason=" + "x" * 501, MADE, "reason_too_long"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("method", "path", "body", "code"),
    [case[1:] for case in API_CHANGES],
    ids=[case[0] for case in API_CHANGES],
)
def test_the_api_refuses_a_confirmed_tables_changes_with_codes(
    app: Flask, method: str, path: str, body: object, code: str
) -> None:
    game_id = table_game(app, confirmed_by="Bea")
    before = database_fingerprint(app)
    refused = getattr(app.test_client(), method)(f"/api/v1/games/{game_id}{path}", json=body)
    assert (refused.status_code, refused.json["error"]) == (422, code)
    assert database_fingerprint(app) == before


def test_the_api_corrects_a_confirmed_hand_with_its_reason(app: Flask) -> None:
    game_id = table_game(app, confirmed_by="Bea")
    client = app.test_client()
    done = client.put(
        f"/api/v1/games/{game_id}/hands/1?reason=counters+swapped",
        json={**MADE, "counters": [160, 90]},
    )
    assert done.status_code == 200
    gone = client.delete(f"/api/v1/games/{game_id}/hands/2?reason=a+misdeal")
    assert gone.status_code == 200
    assert edits(app, game_id)[-2:] == [("edited", "counters swapped"), ("deleted", "a misdeal")]


def test_a_refused_reason_reads_whole_in_the_pages_language(app: Flask) -> None:
    """The field the reasons' rule names is the page's language too (not English)."""
    game_id = table_game(app, confirmed_by="Bea")
    client = app.test_client()
    client.get("/language/fr")
    refused = client.post(f"/games/{game_id}/hands/1/edit", data={**EDIT, "reason": "x" * 501})
    assert refused.status_code == 400
    assert "la raison de la correction fait 501 caractères" in text(refused.text)

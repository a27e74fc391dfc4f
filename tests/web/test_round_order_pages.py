"""Rounds in order on the event's page (issue 30, item 4): round 2 is not offered, and
its seat refused, while round 1 is open; a round with no hand yet offers **Unseat**, and
the phones' codes of an unseated round name nothing. Service cases:
tests/club/test_round_order.py."""

from __future__ import annotations

import pytest

from tests.web.test_access import database_fingerprint
from tests.web.test_table_codes import Night, night, words  # noqa: F401 (a fixture)

pytestmark = pytest.mark.database


def test_round_2_waits_for_round_1_to_close(night: Night) -> None:  # noqa: F811
    director = night.client("director")
    page = words(director.get(f"/events/{night.event}").text)
    assert "Round 2 is seated once round 1 is closed." in page and "Seat round 2" not in page
    before = database_fingerprint(night.app, {"login_attempt"})
    refused = director.post(f"/events/{night.event}/rounds/2/seat")
    assert refused.status_code == 400
    said = words(refused.text)
    assert "round 2 is seated once round 1 is closed: close round 1 first" in said
    assert database_fingerprint(night.app, {"login_attempt"}) == before
    closed = director.post(f"/events/{night.event}/rounds/1/close", data={"reason": "a test"})
    assert closed.status_code == 302
    assert "Seat round 2" in words(director.get(f"/events/{night.event}").text)


def test_a_round_with_no_hand_is_unseated_and_its_codes_open_nothing(
    night: Night,  # noqa: F811
) -> None:
    director = night.client("director")
    code = night.code(1)
    assert "Unseat round 1" in words(director.get(f"/events/{night.event}").text)
    viewer = night.client("viewer")
    assert "Unseat round 1" not in words(viewer.get(f"/events/{night.event}").text)
    assert viewer.post(f"/events/{night.event}/rounds/1/unseat").status_code == 403
    unseated = director.post(f"/events/{night.event}/rounds/1/unseat")
    assert unseated.status_code == 302
    page = words(director.get(f"/events/{night.event}").text)
    assert "Round 1 is no longer seated." in page and "Seat round 1" in page
    scanned = night.client().get(f"/t/{code}")
    assert scanned.status_code == 400 and "not a table code" in words(scanned.text)


def test_a_round_with_a_hand_offers_no_unseat(night: Night) -> None:  # noqa: F811
    keeper = night.at_table(1)
    game = night.game(1)
    assert keeper.post(f"/games/{game}/hands/new", data=night.hand(1)).status_code == 302
    director = night.client("director")
    assert "Unseat round 1" not in words(director.get(f"/events/{night.event}").text)
    before = database_fingerprint(night.app, {"login_attempt"})
    refused = director.post(f"/events/{night.event}/rounds/1/unseat")
    assert refused.status_code == 400
    assert "round 1 is being played" in words(refused.text)
    assert database_fingerprint(night.app, {"login_attempt"}) == before


def test_a_late_arrival_waits_unless_the_director_says_at_once(night: Night) -> None:  # noqa: F811
    from sqlalchemy import select

    from scorekeeper.extensions import db
    from scorekeeper.store.club_models import Entrant

    director = night.client("director")
    page = words(director.get(f"/events/{night.event}").text)
    rule = "A late arrival sits out first: nobody here from the start sits out a round for them."
    assert rule in page and "Plays at once" in page
    for name, at_once in (("Yan", {}), ("Zed", {"at_once": "yes"})):
        added = director.post(f"/events/{night.event}/entrants", data={"name": name, **at_once})
        assert added.status_code == 302
    with night.app.app_context():
        flags = dict(db.session.execute(select(Entrant.name, Entrant.plays_at_once)).all())
    assert (flags["Yan"], flags["Zed"], flags["Ann"]) == (False, True, False)

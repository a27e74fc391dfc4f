"""Each player's record and a table phone's own night (issue 32, item 5; club/records.py,
web/records.py): the phone that said who it is sees that player's night place and where
they play next, as the director then seats them; the record lists a player's nights,
places, club points and competition place, for members and (as the club's setting says)
for the results' readers."""

from __future__ import annotations

from fractions import Fraction

import pytest
from sqlalchemy import select

from scorekeeper.club.competitions import create_competition
from scorekeeper.club.events import import_event
from scorekeeper.club.results import MEMBERS, OFF, PUBLIC, set_results
from scorekeeper.engine.club.awards import lifetime, night_club_points
from scorekeeper.engine.club.events import SEATS, from_document
from scorekeeper.engine.club.league import LeagueRules, night_key
from scorekeeper.engine.club.standings import standings
from scorekeeper.extensions import db
from scorekeeper.games.players import player_by_name
from scorekeeper.store.club_models import Entrant, EventRound, EventSeat, EventTable
from tests.web.test_result_prints import night as played_night
from tests.web.test_table_codes import Night, _close_round_1, night, words  # noqa: F401

pytestmark = pytest.mark.database


def seat_of(seated: Night, name: str, round_: int) -> tuple[int, str]:
    """Where ``name`` sits in round ``round_`` as stored: the table and the seat."""
    with seated.app.app_context():
        table, position = db.session.execute(
            select(EventTable.number, EventSeat.position)
            .join(EventSeat, EventSeat.table_id == EventTable.id)
            .join(Entrant, Entrant.id == EventSeat.entrant_id)
            .join(EventRound, EventRound.id == EventTable.round_id)
            .where(EventRound.event_id == seated.event, EventRound.number == round_)
            .where(Entrant.name == name)
        ).one()
        return table, SEATS[position]


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_tables_phone_sees_its_players_night_and_where_they_play_next(
    night: Night,  # noqa: F811
    seat: int,
) -> None:
    phone = night.at_table(1, seat=seat)
    name = night.seated(1)[seat][1]
    assert phone.post(f"/games/{night.game(1)}/hands/new", data=night.hand(1)).status_code == 302
    page = words(phone.get(f"/games/{night.game(1)}/night").text)
    assert f"{name} Night place" in page and "of 8 (provisional)" in page
    assert "as the movement plans it" in page
    shown = page.split("Round 2: table ")[1].split(" ")[0:2]  # "2," "East"
    _close_round_1(night)
    assert night.client("director").post(f"/events/{night.event}/rounds/2/seat").status_code == 302
    table, where = seat_of(night, name, 2)
    assert shown == [f"{table},", where]  # the plan, as the director then seated it


def test_two_phones_at_a_table_each_see_their_own_player(night: Night) -> None:  # noqa: F811
    (_, north), (_, east) = night.seated(1)[:2]
    pages = {
        who: words(night.at_table(1, seat=seat).get(f"/games/{night.game(1)}/night").text)
        for who, seat in ((north, 0), (east, 1))
    }
    assert f"{north} Not placed yet" in pages[north] and f"{east} Not placed" not in pages[north]
    assert f"{east} Not placed yet" in pages[east] and f"{north} Not placed" not in pages[east]
    director = words(night.client("director").get(f"/games/{night.game(1)}/night").text)
    assert "Not placed yet" not in director  # an account says no player: no own night


NIGHTS = [played_night(12, 2, 2, seed) for seed in (3, 5, 9)] + [played_night(12, 2, 1, 11)]


@pytest.fixture
def club(night: Night) -> Night:  # noqa: F811
    """Four nights of 12 players (the last one half played) and a competition of them."""
    with night.app.app_context():
        ids = [import_event(document).id for document in NIGHTS]
        create_competition("Ladder", LeagueRules(min_nights=3), None, ids)
    return night


def expected_points(player: str) -> Fraction:
    """``player``'s lifetime club points, counted from the nights' files."""
    nights = []
    for document in NIGHTS:
        event = from_document(document)
        table = standings(event)
        if not table.provisional and len(table.rows) and event.rounds[-1].tables:
            nights.append((night_key(event), night_club_points(event, table)))
    return lifetime(nights).get(player, Fraction(0))


def test_a_players_record_for_members_and_the_results_readers(club: Night) -> None:
    with club.app.app_context():
        player = player_by_name("Player 3")
        assert player is not None
        player_id = player.id
        set_results(PUBLIC, False)
    member = words(club.client("viewer").get(f"/players/{player_id}/record").text)
    public = words(club.client().get("/results/player?name=Player 3").text)
    points = expected_points("Player 3")
    assert points > 0
    for page in (member, public):
        assert f"Club points (lifetime) {points}" in page
        assert page.count("A night of 12") == 4 and "of 12 provisional" in page
        assert "Ladder" in page and "Competition place" in page


# the club's setting -> what the public record answers a stranger
SETTINGS = [(OFF, 404), (MEMBERS, 302), (PUBLIC, 200)]


@pytest.mark.parametrize(("audience", "status"), SETTINGS)
def test_the_public_record_follows_the_setting(club: Night, audience: str, status: int) -> None:
    with club.app.app_context():
        set_results(audience, False)
    assert club.client().get("/results/player?name=Player 3").status_code == status


@pytest.mark.parametrize("name", ["Nobody", "", "Ann"], ids=["unknown", "blank", "no night"])
def test_a_public_record_of_no_clubs_player_is_404(club: Night, name: str) -> None:
    with club.app.app_context():
        set_results(PUBLIC, False)
        db.session.execute(db.delete(Entrant).where(Entrant.name == "Ann"))
        db.session.commit()
    assert club.client().get("/results/player", query_string={"name": name}).status_code == 404

"""The club's results (issue 32, items 1 and 2; web/results.py, web/competitions.py): who
reads them under each setting, a night's page by its key with nothing private on it,
its standings provisional, final or hidden until the end, a correction reaching the
night's table and the competition's at once, and the director's competitions."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader
from werkzeug.test import TestResponse

from scorekeeper.accounts.links import create_share_link
from scorekeeper.accounts.users import create_user
from scorekeeper.club.competitions import create_competition
from scorekeeper.club.events import get_event, import_event
from scorekeeper.club.results import MEMBERS, OFF, PUBLIC, set_results
from scorekeeper.club.table_codes import table_code
from scorekeeper.engine.club.league import LeagueRules
from scorekeeper.extensions import db
from scorekeeper.games.hands import Correction, replace_hand
from scorekeeper.games.stored import get_game, hand_document
from tests.web.conftest import test_app

pytestmark = pytest.mark.database

EVENTS = Path(__file__).resolve().parents[1] / "data" / "events"
PASSWORD = "a long enough password"
REASON = "Bea was late: her bus"  # an adjustment's reason: never on a public page


def night_document() -> dict[str, Any]:
    document: dict[str, Any] = json.loads((EVENTS / "club-night.json").read_text("utf-8"))
    document["adjustments"] = [{**document["adjustments"][0], "reason": REASON}]
    return document


class Club:
    """A club with an owner and a viewer, the data night, a competition of it."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        with app.app_context():
            create_user("Olga Owner", PASSWORD, "owner")
            create_user("Vera Viewer", PASSWORD, "viewer")
            event = import_event(night_document())
            self.event, self.key = event.id, event.key
            competition = create_competition("Winter ladder", LeagueRules(), None, [event.id])
            self.competition, self.competition_key = competition.id, competition.key
            table = get_event(event.id).rounds[0].tables[0]  # type: ignore[union-attr]
            self.game = table.game_id
            self.code = table_code(table.id, table.game_id or 0, event.key, "secret")
            self.share = create_share_link(table.game_id or 0).token

    def settings(self, audience: str, hide: bool = False) -> None:
        with self.app.app_context():
            set_results(audience, hide)

    def client(self, who: str | None = None) -> FlaskClient:
        client = self.app.test_client()
        if who is not None:
            answer = client.post("/login", data={"name": who, "password": PASSWORD})
            assert answer.status_code == 302
        return client

    def public_paths(self) -> list[str]:
        return [
            "/results",
            f"/results/{self.key}",
            f"/results/{self.key}/stamp",
            f"/results/competitions/{self.competition_key}",
            f"/results/competitions/{self.competition_key}/table.csv",
            f"/results/competitions/{self.competition_key}/table.json",
            f"/results/{self.key}/results.pdf",
            "/results/player?name=Bea",
        ]


@pytest.fixture
def club(tmp_path: Path) -> Iterator[Club]:
    app = test_app(tmp_path / "results.db", LOGIN_DISABLED=False)
    yield Club(app)
    with app.app_context():
        db.engine.dispose()


# setting -> who -> what every public address answers: 200, 404, or the login page
READERS = [
    (OFF, None, 404), (OFF, "Vera Viewer", 404), (OFF, "Olga Owner", 404),
    (MEMBERS, None, 302), (MEMBERS, "Vera Viewer", 200),
    (PUBLIC, None, 200), (PUBLIC, "Vera Viewer", 200),
]  # fmt: skip


def readable_text(answer: TestResponse) -> str:
    """A page's text, or a PDF's as pypdf reads it."""
    if answer.mimetype != "application/pdf":
        return answer.text
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.data)).pages)


@pytest.mark.parametrize(("audience", "who", "status"), READERS)
def test_who_reads_the_results(club: Club, audience: str, who: str | None, status: int) -> None:
    club.settings(audience)
    client = club.client(who)
    for path in club.public_paths():
        answer = client.get(path)
        assert answer.status_code == status, path
        if status == 302:
            assert "/login" in answer.headers["Location"]


@pytest.mark.parametrize(
    "path",
    ["/results/nosuchkey", "/results/１２３", "/results/competitions/nosuchkey", "/results/1"],
    ids=["unknown key", "full-width", "unknown competition", "an id, not a key"],
)
def test_a_wrong_key_is_404(club: Club, path: str) -> None:
    club.settings(PUBLIC)
    assert club.client().get(path).status_code == 404


def test_the_public_night_holds_nothing_private(club: Club) -> None:
    club.settings(PUBLIC)
    client = club.client()
    pages = [readable_text(client.get(path)) for path in club.public_paths()]
    night = pages[1]
    assert "Tuesday club night" in night and "Final standings" in night
    for private in (REASON, club.code, club.share, "Olga Owner", "Vera Viewer", "/t/", "/s/",
                    f"/events/{club.event}", f"/games/{club.game}"):  # fmt: skip
        assert not any(private in page for page in pages), private
    assert "adjusted −50" in night  # the points of an adjustment, not its reason
    assert "Bea" in pages[-2] and "Bea,1," in pages[-4]  # the print and the CSV read
    assert "Club points (lifetime)" in pages[-1]  # a player's record


# the director's adjustment -> whether its reason shows on the public night
MARKED = [
    ({"reason": "a word between players"}, False),
    ({"reason": "the best dressed table", "public": "yes"}, True),
]  # fmt: skip


@pytest.mark.parametrize(("marked", "shown"), MARKED)
def test_a_reason_is_public_only_when_the_director_says_so(
    club: Club, marked: dict[str, str], shown: bool
) -> None:
    club.settings(PUBLIC)
    adjusted = {"name": "Bea", "kind": "bonus", "points": "20", "round": "1", **marked}
    answer = club.client("Olga Owner").post(f"/events/{club.event}/adjustments", data=adjusted)
    assert answer.status_code == 302
    night = club.client().get(f"/results/{club.key}").text
    assert "+20 points in round 1" in night and "−50 points in round 1" in night
    assert (marked["reason"] in night) is shown
    assert REASON not in night  # the file's, never marked


def test_the_standings_can_wait_for_the_nights_end(club: Club) -> None:
    club.settings(PUBLIC, hide=True)
    night = club.client().get(f"/results/{club.key}").text
    assert "Final standings" in night  # the data night is over: shown
    with club.app.app_context():
        document = {**night_document(), "rounds": [*night_document()["rounds"][:2], {"round": 3}]}
        document["adjustments"] = []
        key = import_event(document).key
    night = club.client().get(f"/results/{key}").text
    assert "The standings are shown once the night's last round is closed." in night
    assert 'class="hands standings"' not in night
    assert "(provisional)" in night


def test_a_correction_reaches_the_night_and_the_competition_at_once(club: Club) -> None:
    club.settings(PUBLIC)
    client = club.client()
    night = f"/results/{club.key}"
    table = f"/results/competitions/{club.competition_key}"
    record = "/results/player?name=Ann"  # Ann played round 1's table (its hands kept too)
    before = (client.get(night).text, client.get(table).text, client.get(record).text)
    stamp = client.get(f"{night}/stamp").json["stamp"]
    with club.app.app_context():
        game = get_game(club.game or 0)
        assert game is not None
        first = hand_document(game.hands[0])
        meld = list(first["meld"])
        meld[0] += 100
        replace_hand(game, 1, {**first, "meld": meld}, correction=Correction("miscounted meld"))
    after = (client.get(night).text, client.get(table).text, client.get(record).text)
    assert after[0] != before[0] and after[1] != before[1] and after[2] != before[2]
    assert client.get(f"{night}/stamp").json["stamp"] != stamp  # the page follows it
    assert "miscounted meld" not in after[0]  # a correction's reason is the director's


def test_the_owner_sets_who_reads_them(club: Club) -> None:
    owner = club.client("Olga Owner")
    assert owner.get("/results/settings").status_code == 200
    refused = owner.post("/results/settings", data={"audience": "everyone"})
    assert refused.status_code == 400
    assert "Choose who reads the results" in refused.text
    assert club.client().get("/results").status_code == 404  # nothing changed
    assert owner.post("/results/settings", data={"audience": PUBLIC}).status_code == 302
    assert club.client().get("/results").status_code == 200
    viewer = club.client("Vera Viewer")
    assert viewer.post("/results/settings", data={"audience": OFF}).status_code == 403
    assert club.client().get("/results").status_code == 200


@pytest.mark.parametrize(
    ("form", "status", "sentence"),
    [
        ({"name": "Spring ladder", "score": "places", "place_points": "10,8,6"}, 302, None),
        ({"name": "Spring ladder", "score": "places", "place_points": "10,x"}, 400,
         "place points are given with &#39;places&#39;"),
        ({"name": "Spring ladder", "score": "wins", "best": "0"}, 400, "best is a whole number"),
        ({"name": "Spring ladder", "score": "wins", "nights": []}, 400,
         "choose a season or at least one night"),
        ({"name": " ", "score": "wins"}, 400, None),
    ],
    ids=["made", "a letter in the points", "best 0", "no night", "no name"],
)  # fmt: skip
def test_a_new_competition(
    club: Club, form: dict[str, Any], status: int, sentence: str | None
) -> None:
    director = club.client("Olga Owner")
    data = {"nights": [str(club.event)], "drop": "0", "min_nights": "0", **form}
    answer = director.post("/competitions/new", data=data)
    assert answer.status_code == status, answer.text[-400:]
    if sentence is not None:
        assert sentence in answer.text
    if status == 302:
        page = director.get(answer.headers["Location"]).text
        assert "Spring ladder" in page and "Competition place" in page


def test_lock_and_archive_a_competition(club: Club) -> None:
    director = club.client("Olga Owner")
    path = f"/competitions/{club.competition}"
    assert "(provisional)" in director.get(path).text
    director.post(f"{path}/lock")
    assert "Final table" in director.get(path).text
    director.post(f"{path}/archive")
    assert "archived" in director.get("/competitions").text
    assert club.client("Vera Viewer").post(f"{path}/lock").status_code == 403


# --- the review's findings -----------------------------------------------------------


@pytest.mark.parametrize(
    "odd",
    [{"season": "²"}, {"season": "9" * 30}, {"nights": ["9" * 30]}, {"nights": ["٣"]},
     {"score": "places", "place_points": "1/3"}, {"score": "places", "place_points": "1e400"},
     {"score": "places", "place_points": "١٠"}],
    ids=["a superscript", "a huge season", "a huge night", "Arabic-script digits",
         "a fraction", "an exponent", "points in other digits"],
)  # fmt: skip
def test_odd_values_on_the_competition_form_are_refused(club: Club, odd: dict[str, Any]) -> None:
    data = {"name": "Odd ladder", "score": "wins", "nights": [str(club.event)], **odd}
    answer = club.client("Olga Owner").post("/competitions/new", data=data)
    assert answer.status_code == 400, answer.status_code


def test_two_hundred_place_points_to_two_decimals_are_kept_as_typed(club: Club) -> None:
    club.settings(PUBLIC)
    points = ",".join(["100.25"] * 200)
    data = {"name": "Long ladder", "score": "places", "place_points": points,
            "nights": [str(club.event)]}  # fmt: skip
    answer = club.client("Olga Owner").post("/competitions/new", data=data)
    assert answer.status_code == 302
    page = club.client("Olga Owner").get(answer.headers["Location"]).text
    # as typed, never as the fraction it is read as (a random key may hold "/4")
    assert "100.25,100.25" in page and "401/4" not in page


def test_a_hidden_nights_standings_do_not_show_through_its_competition(club: Club) -> None:
    club.settings(PUBLIC, hide=True)
    with club.app.app_context():
        document = {**night_document(), "rounds": [*night_document()["rounds"][:2], {"round": 3}]}
        document["adjustments"] = []
        unfinished = import_event(document)
        key = create_competition("Open ladder", LeagueRules(), None, [unfinished.id]).key
    table = club.client().get(f"/results/competitions/{key}").text
    assert "No night of this competition is played yet." in table
    assert "Competition place" not in table


def test_a_files_key_taken_meanwhile_gets_a_key_of_its_own(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two imports of one keyed file at once: the second finds the key free, then taken."""
    from scorekeeper.club import event_rows

    made = event_rows._event_row
    read = [0]

    def unchecked(checked: Any, now: Any) -> dict[str, Any]:
        row = made(checked, now)
        read[0] += 1
        if read[0] == 2:  # the second import's first read: before the first one's commit
            return {**row, "key": checked.key or row["key"]}
        return row

    monkeypatch.setattr(event_rows, "_event_row", unchecked)
    with club.app.app_context():
        first = import_event({**night_document(), "key": "Twice"})
        second = import_event({**night_document(), "key": "Twice"})
        assert (first.key, len(second.key), read[0]) == ("Twice", 12, 3)


def test_a_new_player_made_meanwhile_by_another_import_is_read_again(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two nights with the same new player imported at once: the second's insert of the
    player fails on the name (another import committed it); it reads the players again."""
    from sqlalchemy.exc import IntegrityError

    from scorekeeper.club import event_rows

    real = event_rows.player_ids
    calls = [0]

    def raced(names: Any) -> dict[str, int]:
        calls[0] += 1
        if calls[0] == 1:
            raise IntegrityError("INSERT INTO player", {}, Exception("uq_player_name"))
        return real(names)

    monkeypatch.setattr(event_rows, "player_ids", raced)
    document = {**night_document(), "entrants": [*night_document()["entrants"]]}
    with club.app.app_context():
        again = import_event(document)
        assert again.key and calls[0] == 2


def test_a_files_key_is_never_a_results_pages_own_address(club: Club) -> None:
    with club.app.app_context():
        assert import_event({**night_document(), "key": "settings"}).key != "settings"


def test_the_public_stamp_says_a_change_and_nothing_of_it(club: Club) -> None:
    from scorekeeper.club.events import night_stamp

    club.settings(PUBLIC)
    client = club.client()
    page = client.get(f"/results/{club.key}").text
    stamp = client.get(f"/results/{club.key}/stamp").json["stamp"]
    assert f'data-follow-stamp="{stamp}"' in page
    with club.app.app_context():
        stamped = night_stamp(club.event)
    assert stamped is not None and stamped[1] not in (stamp, page)


def test_a_public_night_is_made_once_per_change(club: Club) -> None:
    """Many phones follow a public night from home: the page is kept (304 for a reader
    who has it) until the night changes, and its stamp reads a few rows, not the night."""
    from sqlalchemy import event as sql_event

    club.settings(PUBLIC)
    client = club.client()
    first = client.get(f"/results/{club.key}")
    etag = first.headers["ETag"]
    assert client.get(f"/results/{club.key}", headers={"If-None-Match": etag}).status_code == 304
    sent: list[str] = []
    with club.app.app_context():
        engine = db.engine

    def statement(*args: Any) -> None:
        sent.append(args[2])

    sql_event.listen(engine, "before_cursor_execute", statement)
    try:
        assert client.get(f"/results/{club.key}/stamp").status_code == 200
    finally:
        sql_event.remove(engine, "before_cursor_execute", statement)
    assert sent and not any("FROM hand " in line or "FROM club_seat" in line for line in sent)

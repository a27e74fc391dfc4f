"""A table's code (docs/club-nights.md, "Table codes"): the QR code of a table card lets a
phone with no account record that one table's game until its round is closed; another
table's code warns a phone whose player sits elsewhere; an expired, forged or other
night's code is a sentence with status 400 and opens nothing. Route by route: who may
use what with a table's code, beside tests/web/test_access.py's matrix."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader
from sqlalchemy import select

from scorekeeper.accounts.users import create_user
from scorekeeper.club.events import import_event
from scorekeeper.club.table_codes import table_code
from scorekeeper.extensions import db
from scorekeeper.store.club_models import Entrant, Event, EventRound, EventSeat, EventTable
from scorekeeper.store.models import Hand
from tests.web.conftest import test_app, tuesday_night
from tests.web.test_access import database_fingerprint

pytestmark = pytest.mark.database  # every test here makes its own database

PASSWORD = "a long enough password"
PLAYERS = ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal")


class Night:
    """Eight players at two tables, round 1 seated by the director; accounts for the
    director (a scorekeeper) and a viewer."""

    def __init__(
        self, app: Flask, day: date | None = None, rules: dict[str, Any] | None = None
    ) -> None:
        self.app = app
        with app.app_context():
            create_user("owner", PASSWORD, "owner")
            create_user("director", PASSWORD, "scorekeeper")
            create_user("viewer", PASSWORD, "viewer")
            document = tuesday_night(PLAYERS)
            if day is not None:
                document["date"] = day.isoformat()
            if rules is not None:
                document["rules"] = rules
            self.event = import_event(document).id
        director = self.client("director")
        seated = director.post(f"/events/{self.event}/rounds/1/seat")
        assert seated.status_code == 302, seated.text

    def client(self, who: str = "stranger") -> FlaskClient:
        client = self.app.test_client()
        if who != "stranger":
            answer = client.post("/login", data={"name": who, "password": PASSWORD})
            assert answer.status_code == 302, who
        return client

    def table(self, number: int, round_: int = 1) -> EventTable:
        with self.app.app_context():
            found = db.session.execute(
                select(EventTable)
                .join(EventRound, EventRound.id == EventTable.round_id)
                .where(EventRound.event_id == self.event, EventRound.number == round_)
                .where(EventTable.number == number)
            ).scalar_one()
            db.session.expunge(found)
            return found

    def code(self, number: int) -> str:
        table = self.table(number)
        with self.app.app_context():
            event = db.session.get(Event, self.event)
            assert event is not None and table.game_id is not None
            return table_code(table.id, table.game_id, event.key, "test")

    def game(self, number: int) -> int:
        game_id = self.table(number).game_id
        assert game_id is not None
        return game_id

    def seated(self, number: int) -> list[tuple[int, str]]:
        """The entrants at table ``number`` of round 1: (id, name), North first."""
        table = self.table(number)
        with self.app.app_context():
            rows = db.session.execute(
                select(Entrant.id, Entrant.name)
                .join(EventSeat, EventSeat.entrant_id == Entrant.id)
                .where(EventSeat.table_id == table.id)
                .order_by(EventSeat.position)
            ).all()
            return [(entrant, name) for entrant, name in rows]

    def hand(self, number: int) -> dict[str, str]:
        """A made hand at table ``number``: its North bids 250 in hearts."""
        bidder = self.seated(number)[0][1]
        return {"bidder": bidder, "bid": "250", "trump": "H", "meld_0": "100", "meld_1": "150",
                "counters_1": "130"}  # fmt: skip

    def hands(self, number: int) -> int:
        with self.app.app_context():
            return len(
                db.session.execute(select(Hand.id).where(Hand.game_id == self.game(number))).all()
            )

    def at_table(self, number: int, who: str = "stranger", seat: int = 0) -> FlaskClient:
        """A phone that scanned table ``number``'s code and tapped the name at ``seat``."""
        client = self.client(who)
        entrant = self.seated(number)[seat][0]
        answer = client.post(f"/t/{self.code(number)}", data={"entrant": str(entrant)})
        assert answer.status_code == 302, answer.text
        assert answer.headers["Location"].endswith(f"/games/{self.game(number)}")
        return client


@pytest.fixture
def night(tmp_path: Path) -> Iterator[Night]:
    app = test_app(tmp_path / "tables.db", LOGIN_DISABLED=False)
    yield Night(app)
    with app.app_context():
        db.engine.dispose()


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


def test_a_scan_asks_who_and_a_name_tapped_records_at_that_table(night: Night) -> None:
    phone = night.client()
    page = phone.get(f"/t/{night.code(1)}")
    assert page.status_code == 200
    said = words(page.text)
    assert "Table 1" in said and "Tuesday club night · Round 1" in said and "Who are you?" in said
    assert all(name in said for _id, name in night.seated(1))
    phone = night.at_table(1)
    board = phone.get(f"/games/{night.game(1)}")
    assert board.status_code == 200 and "Record hand 1" in words(board.text)
    assert "Share" not in words(board.text)  # sharing is an account's
    answer = phone.post(f"/games/{night.game(1)}/hands/new", data=night.hand(1))
    assert answer.status_code == 302 and night.hands(1) == 1


def test_an_answer_that_changes_no_pass_sends_no_cookie(night: Night) -> None:
    """A phone's pass lives in its session cookie: an answer to a request that changes
    nothing there (the page's poll of the stamp, the service worker's check, a static
    file) sends no cookie, so a slow one never puts back the pass the phone had before
    it scanned the next table's code."""
    phone = night.at_table(1)
    phone.get(f"/games/{night.game(1)}")  # the scoreboard (Flask-Login marks its session once)
    for path in (f"/games/{night.game(1)}/stamp", "/sw.js", "/static/css/app.css"):
        answer = phone.get(path)
        assert answer.status_code == 200, path
        assert "Set-Cookie" not in answer.headers, path
    scanned = phone.post(f"/t/{night.code(2)}", data={"entrant": str(night.seated(2)[0][0])})
    assert "Set-Cookie" in scanned.headers  # the new pass: the one change that sends it


# the table's own game, route by route, for a phone holding its code: its scoreboard,
# hand form, corrections and sheets, the meld checker; nothing else of the app
AT_OWN_TABLE: list[tuple[str, str, bool]] = [
    ("GET", "/games/{game}", True),
    ("GET", "/games/{game}/hands/new", True),
    ("POST", "/games/{game}/hands/new", True),
    ("GET", "/games/{game}/hands/preview", True),
    ("GET", "/games/{game}/hands/1/edit", True),
    ("POST", "/games/{game}/undo", True),
    ("GET", "/games/{game}/sheet", True),
    ("GET", "/games/{game}/stamp", True),  # every phone at the table follows it
    ("GET", "/meld", True),
    ("GET", "/meld?return_to=/games/{game}/hands/new", True),
    ("GET", "/meld?return_to=/games/{other}/hands/new", False),  # another game's rules
    ("GET", "/meld?return_to=/games/" + "9" * 5000 + "/hands/new", True),  # no game's
    ("POST", "/games/{game}/confirm", True),  # its sentence: the game is not over
    ("POST", "/games/{game}/delete", False),
    ("POST", "/games/{game}/rematch", False),
    ("POST", "/games/{game}/share", False),
    ("POST", "/games/{game}/language", False),
    ("GET", "/games/{game}/export.json", False),
    ("GET", "/games/{other}", False),
    ("GET", "/games/{other}/hands/new", False),
    ("GET", "/games/{other}/stamp", False),  # another table's, not followed from here
    ("GET", "/games/{game}/night", True),  # the night's standings, from its own table
    ("GET", "/games/{other}/night", False),
    ("POST", "/games/{other}/hands/new", False),
    ("GET", "/", False),
    ("GET", "/events/{event}", False),
    ("GET", "/events/{event}/rounds/1/tables/1/code", False),
    ("POST", "/events/{event}/rounds/1/close", False),
    ("GET", "/stats", False),
    ("GET", "/api/v1/games/{game}", False),
    # the club's season (issue 32): the members' pages and prints, the director's prizes
    ("GET", "/events/{event}/standings.pdf", False),
    ("GET", "/players/1/record", False),
    ("GET", "/competitions", False),
    ("POST", "/events/{event}/prizes", False),
]


@pytest.mark.parametrize(("method", "path", "opens"), AT_OWN_TABLE)
def test_a_table_code_opens_its_table_and_nothing_else(
    night: Night, method: str, path: str, opens: bool
) -> None:
    phone = night.at_table(1)
    assert phone.post(f"/games/{night.game(1)}/hands/new", data=night.hand(1)).status_code == 302
    url = path.format(game=night.game(1), other=night.game(2), event=night.event)
    before = database_fingerprint(night.app, {"login_attempt"})
    data = night.hand(2 if "{other}" in path else 1) if url.endswith("/hands/new") else {}
    answer = phone.get(url) if method == "GET" else phone.post(url, data=data)
    refused = answer.status_code in (401, 403) or "/login" in answer.headers.get("Location", "")
    assert answer.status_code < 500
    assert refused != opens, (answer.status_code, answer.headers.get("Location"))
    if not opens and method == "POST":
        assert database_fingerprint(night.app, {"login_attempt"}) == before


@pytest.mark.parametrize(
    ("who", "scan_goes_to"),
    [
        ("stranger", "who are you"),  # the phone says who it is first
        ("viewer", "who are you"),  # a viewer records only with a table's code
        ("director", "the game"),  # a scorekeeper's account: every table is theirs
        ("owner", "the game"),
    ],
)
def test_who_scans_a_code(night: Night, who: str, scan_goes_to: str) -> None:
    answer = night.client(who).get(f"/t/{night.code(2)}")
    if scan_goes_to == "the game":
        assert answer.status_code == 302
        assert answer.headers["Location"].endswith(f"/games/{night.game(2)}")
    else:
        assert answer.status_code == 200 and "Who are you?" in words(answer.text)


def test_a_viewer_with_a_table_code_records_there_only(night: Night) -> None:
    phone = night.at_table(1, "viewer")
    assert phone.post(f"/games/{night.game(1)}/hands/new", data=night.hand(1)).status_code == 302
    assert phone.post(f"/games/{night.game(2)}/hands/new", data=night.hand(2)).status_code == 403
    assert (night.hands(1), night.hands(2)) == (1, 0)


def test_another_tables_code_warns_a_phone_whose_player_sits_elsewhere(night: Night) -> None:
    phone = night.at_table(1)  # Table 1's North said who they are
    north = night.seated(1)[0][1]
    page = phone.get(f"/t/{night.code(2)}")
    assert page.status_code == 200
    said = words(page.text)
    assert f"{north}, you play at table 1 this round, not at table 2." in said
    assert "Scan the card on table 1." in said
    assert night.code(1) not in page.text  # one card never leads to another
    # the warning opens nothing at table 2 ...
    assert phone.post(f"/games/{night.game(2)}/hands/new", data=night.hand(2)).status_code == 302
    assert night.hands(2) == 0
    # ... until the phone says to keep score there anyway
    entrant = night.seated(1)[0][0]
    anyway = phone.post(f"/t/{night.code(2)}", data={"entrant": str(entrant), "anyway": "1"})
    assert anyway.headers["Location"].endswith(f"/games/{night.game(2)}")
    assert phone.post(f"/games/{night.game(2)}/hands/new", data=night.hand(2)).status_code == 302
    assert night.hands(2) == 1
    # its own table's code again: straight to its game, one scan
    back = phone.get(f"/t/{night.code(1)}")
    assert back.headers["Location"].endswith(f"/games/{night.game(1)}")


@pytest.mark.parametrize("entrant", ["", "x", "999999", "1" * 40, "²", "١"])
def test_a_name_not_seated_there_is_a_sentence(night: Night, entrant: str) -> None:
    phone = night.client()
    before = database_fingerprint(night.app)
    answer = phone.post(f"/t/{night.code(1)}", data={"entrant": entrant})
    assert answer.status_code == 400
    assert "Tap one of the names seated at table 1." in words(answer.text)
    assert phone.get(f"/games/{night.game(1)}").status_code == 302  # no pass
    assert database_fingerprint(night.app) == before


@pytest.mark.parametrize(
    "code",
    [
        "",
        "nonsense",
        "1-AAAAAAAAAAAA",
        "999999-AAAAAAAAAAAA",
        "1-" + "A" * 500,
        "x" * 5000,
        "²-AAAAAAAAAAAA",  # a digit to Python, and no number
        "١-AAAAAAAAAAAA",  # Arabic-Indic 1: table 1's id, but not ASCII
        "1-éééééééééééé",  # twelve characters, not ASCII
    ],
)
def test_a_code_not_ours_is_a_sentence(night: Night, code: str) -> None:
    phone = night.client()
    answer = phone.get(f"/t/{code}") if code else phone.get("/t/-")
    assert answer.status_code in (400, 404)
    if answer.status_code == 400:
        assert "this is not a table code of a club night here" in words(answer.text)


def test_a_closed_rounds_code_has_expired_and_its_pass_ends(night: Night) -> None:
    phone = night.at_table(1)
    director = night.client("director")
    closed = director.post(
        f"/events/{night.event}/rounds/1/close", data={"reason": "the hall closes"}
    )
    assert closed.status_code == 302
    answer = night.client().get(f"/t/{night.code(1)}")
    assert answer.status_code == 400
    assert "round 1 of 'Tuesday club night', which is closed: it has expired" in words(answer.text)
    # the phone's pass ends with a sentence (not a login it never had), nothing stored
    before = night.hands(1)
    for answer in (
        phone.post(f"/games/{night.game(1)}/hands/new", data=night.hand(1)),
        phone.get(f"/games/{night.game(1)}"),
    ):
        assert answer.status_code == 400
        assert "which is closed: it has expired" in words(answer.text)
    assert night.hands(1) == before
    assert phone.get(f"/games/{night.game(2)}").status_code == 400  # the same sentence


def test_an_expired_card_says_where_its_player_sits_now_and_shows_its_game(
    night: Night,
) -> None:
    """Round 1 closed and round 2 seated: the phone that said who it is at table 1 scans
    its old card: the refusal, where its player plays now (a table's number, never its
    code: one card does not lead to another) and its own game as it ended. A phone that
    was never at the night learns nothing but the refusal."""
    phone = night.at_table(1)
    assert phone.post(f"/games/{night.game(1)}/hands/new", data=night.hand(1)).status_code == 302
    director = night.client("director")
    _close_round_1(night)
    assert director.post(f"/events/{night.event}/rounds/2/seat").status_code == 302
    name = night.seated(1)[0][1]
    with night.app.app_context():
        from scorekeeper.club.table_codes import where_now

        entrant = night.seated(1)[0][0]
        now = where_now(night.event, entrant)
        assert now is not None and now.round == 2
    answer = phone.get(f"/t/{night.code(1)}")
    said = words(answer.text)
    assert answer.status_code == 400
    assert "round 1 of 'Tuesday club night', which is closed: it has expired" in said
    if now.table is None:
        assert f"{name}, you sit round 2 out." in said
    else:
        assert (
            f"{name}, you play at table {now.table} in round 2 now: "
            f"scan the card on table {now.table}."
        ) in said
    assert "Table 1, round 1, as it ended" in said and "1 hand" in said
    # no other table's code (the language links lead back to this one)
    assert set(re.findall(r"/t/([0-9]+-[\w-]{12})", answer.text)) <= {night.code(1)}
    stranger = night.client().get(f"/t/{night.code(1)}")
    assert stranger.status_code == 400
    assert "as it ended" not in words(stranger.text) and "you play at" not in words(stranger.text)
    # another table's old card: where the phone's player plays, never that table's game
    other = words(phone.get(f"/t/{night.code(2)}").text)
    assert "which is closed: it has expired" in other and "as it ended" not in other


def test_where_an_entrant_plays_now_follows_the_round_being_played(night: Night) -> None:
    """A table while a round is played, a bye for a late arrival who sits out first,
    nothing between rounds, nothing for a stranger's id or another night's."""
    from scorekeeper.club.table_codes import Now, past_table, where_now

    director = night.client("director")
    first = night.seated(1)[0]
    with night.app.app_context():
        assert where_now(night.event, first[0]) == Now(first[1], 1, 1)
        assert where_now(night.event, 10_000) is None
        assert where_now(night.event + 1, first[0]) is None
        assert past_table("1-AAAAAAAAAAAA", "test") is None  # not a code of ours
    assert director.post(f"/events/{night.event}/entrants", data={"name": "Ida"}).status_code == 302
    _close_round_1(night)
    with night.app.app_context():
        assert where_now(night.event, first[0]) is None  # round 2 is not seated yet
        late = db.session.scalars(db.select(Entrant).where(Entrant.name == "Ida")).one().id
    assert director.post(f"/events/{night.event}/rounds/2/seat").status_code == 302
    with night.app.app_context():
        assert where_now(night.event, late) == Now("Ida", 2, None)  # sits out first


def _close_round_1(night: Night) -> None:
    closed = night.client("director").post(
        f"/events/{night.event}/rounds/1/close", data={"reason": "the hall closes"}
    )
    assert closed.status_code == 302


def _night_over(night: Night) -> None:
    with night.app.app_context():
        db.session.execute(db.update(Event).values(date=date.today() - timedelta(days=2)))
        db.session.commit()


# what ended the pass while a hand waited in the phone's queue -> its code and sentence
QUEUE_REFUSALS = [
    ("the round closed", _close_round_1, "table_code_expired", "which is closed: it has expired"),
    ("the night is over", _night_over, "table_code_expired_night", "this table code was for"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("ended", "code", "sentence"),
    [case[1:] for case in QUEUE_REFUSALS],
    ids=[case[0] for case in QUEUE_REFUSALS],
)
def test_the_offline_queue_hears_why_a_pass_ended(
    night: Night, ended: Callable[[Night], None], code: str, sentence: str
) -> None:
    """The queue's post (``Accept: application/json``) gets the page's sentence as JSON,
    so the phone says why, not "the server refused this hand (HTTP 400)"."""
    phone = night.at_table(1)
    ended(night)
    answer = phone.post(
        f"/games/{night.game(1)}/hands/new",
        data=night.hand(1),
        headers={"Accept": "application/json"},
    )
    assert answer.status_code == 400 and answer.is_json, answer.text[:300]
    assert answer.json["error"] == code
    assert sentence in answer.json["messages"][0].replace("&#39;", "'")
    assert night.hands(1) == 0


def _confirmed(night: Night) -> None:
    """Table 1's one hand recorded (a game of one hand: over) and its totals confirmed
    by the other side's East, tapped on the director's phone."""
    director = night.client("director")
    saved = director.post(f"/games/{night.game(1)}/hands/new", data=night.hand(1))
    assert saved.status_code == 302
    east = night.seated(1)[1][1]
    confirmed = director.post(f"/games/{night.game(1)}/confirm", data={"player": east})
    assert confirmed.status_code == 302, words(confirmed.text)[-300:]


# what was refused while a hand waited in a phone's queue (the code holder's, or a
# logged-in director's) -> its code and sentence: JSON, never a page the queue cannot read
LOCKED_TABLE = [
    ("confirmed, a code's phone", _confirmed, "stranger", "event_table_confirmed",
     "totals are confirmed by"),
    ("confirmed, the director's", _confirmed, "director", "event_table_confirmed",
     "totals are confirmed by"),
    ("closed, the director's", _close_round_1, "director", "event_round_closed", "is closed"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("locked", "who", "code", "words_said"),
    [case[1:] for case in LOCKED_TABLE],
    ids=[case[0] for case in LOCKED_TABLE],
)
def test_the_offline_queue_hears_why_a_table_is_locked(
    tmp_path: Path, locked: Callable[[Night], None], who: str, code: str, words_said: str
) -> None:
    """Issue 31, item 7: the queue's post (its idempotency key, ``Accept:
    application/json``) to a table locked meanwhile gets the sentence as JSON."""
    app = test_app(tmp_path / "locked.db", LOGIN_DISABLED=False)
    night = Night(app, rules={"game_end": "hands:1"})
    phone = night.at_table(1) if who == "stranger" else night.client(who)
    locked(night)
    before = night.hands(1)
    answer = phone.post(
        f"/games/{night.game(1)}/hands/new",
        data={**night.hand(1), "idempotency_key": f"queued-{who}"},
        headers={"Accept": "application/json"},
    )
    assert answer.status_code == 400 and answer.is_json, answer.text[:300]
    assert answer.json["error"] == code
    assert words_said in answer.json["messages"][0]
    assert night.hands(1) == before


@pytest.mark.parametrize(
    ("days_ago", "expired"),
    [
        (0, False),
        (1, False),  # a night past midnight, or a server's UTC day ahead of the club's
        (2, True),
        (400, True),
    ],
)
def test_another_nights_code_has_expired(tmp_path: Path, days_ago: int, expired: bool) -> None:
    day = date.today() - timedelta(days=days_ago)
    night = Night(test_app(tmp_path / "night.db", LOGIN_DISABLED=False), day)
    answer = night.client().get(f"/t/{night.code(1)}")
    assert answer.status_code == (400 if expired else 200)
    if expired:
        said = words(answer.text)
        assert f"this table code was for 'Tuesday club night' of {day.isoformat()}" in said


def test_a_night_stored_on_the_last_day_there_is_still_reads_its_codes(night: Night) -> None:
    """A night dated 9999-12-31 (stored before the engine bounded a night's day): its
    codes open their tables, the grace day counted back from today, never past it."""
    with night.app.app_context():
        db.session.execute(db.update(Event).values(date=date.max))
        db.session.commit()
    answer = night.client().get(f"/t/{night.code(1)}")
    assert answer.status_code == 200 and "Who are you?" in words(answer.text)


def test_the_table_cards_and_the_directors_screen_carry_the_code(night: Night) -> None:
    director = night.client("director")
    cards = director.get(f"/events/{night.event}/rounds/1/cards.pdf")
    assert cards.status_code == 200
    text = "".join(page.extract_text() for page in PdfReader(BytesIO(cards.data)).pages)
    assert f"/t/{night.code(1)}" in text.replace("\n", "")
    screen = director.get(f"/events/{night.event}/rounds/1/tables/2/code")
    assert screen.status_code == 200
    assert f"/t/{night.code(2)}" in screen.text and "<svg" in screen.text
    event_page = director.get(f"/events/{night.event}").text
    assert f"/events/{night.event}/rounds/1/tables/1/code" in event_page
    viewer = night.client("viewer")  # a viewer reads the night, never its codes
    assert viewer.get(f"/events/{night.event}/rounds/1/tables/2/code").status_code == 403
    assert viewer.get(f"/events/{night.event}/rounds/1/cards.pdf").status_code == 403
    viewer_page = viewer.get(f"/events/{night.event}").text
    assert "cards.pdf" not in viewer_page
    assert "send phones to" not in viewer_page  # where the codes point: the director's


def test_a_table_code_confirms_the_totals_and_then_corrects_nothing(night: Night) -> None:
    """The other side confirms, on its own phone or the keeper's (every phone takes only
    the names of the side that did not record the hands); the table is then locked for
    the codes' phones, the director still corrects it with a reason."""
    keeper = night.at_table(1)  # North keeps score
    game = night.game(1)
    assert keeper.post(f"/games/{game}/hands/new", data=night.hand(1)).status_code == 302
    director = night.client("director")
    assert director.post(f"/events/{night.event}/rounds/1/call-time").status_code == 302
    last = {**night.hand(1), "meld_0": "120", "time_called": "y"}
    assert keeper.post(f"/games/{game}/hands/new", data=last).status_code == 302
    east_id, east = night.seated(1)[1]
    other_side = night.client()  # East's own phone
    assert other_side.post(f"/t/{night.code(1)}", data={"entrant": str(east_id)}).status_code == 302
    north = night.seated(1)[0][1]
    for phone in (keeper, other_side):  # North's phone recorded: East-West confirms on any
        board = words(phone.get(f"/games/{game}").text)
        assert f"{east} confirms" in board and f"{north} confirms" not in board
    before = database_fingerprint(night.app, {"login_attempt"})
    refused = keeper.post(f"/games/{game}/confirm", data={"player": north})
    assert refused.status_code == 400
    assert f"'{north}' is on the side that kept score: table 1's" in words(refused.text)
    assert database_fingerprint(night.app, {"login_attempt"}) == before
    confirmed = other_side.post(f"/games/{game}/confirm", data={"player": east})
    assert confirmed.status_code == 302
    assert f"confirmed by {east}" in words(director.get(f"/events/{night.event}").text)
    before = database_fingerprint(night.app, {"login_attempt"})
    for phone in (keeper, other_side):  # a table's code corrects nothing, reason or not
        edit = {**night.hand(1), "reason": "counters swapped"}
        refused = phone.post(f"/games/{game}/hands/1/edit", data=edit)
        assert refused.status_code == 400
        assert f"table 1's totals are confirmed by {east}" in words(refused.text)
        assert phone.post(f"/games/{game}/hands/new", data=night.hand(1)).status_code == 400
    assert database_fingerprint(night.app, {"login_attempt"}) == before
    corrected = director.post(
        f"/games/{game}/hands/1/edit", data={**night.hand(1), "reason": "counters swapped"}
    )
    assert corrected.status_code == 302


def test_a_tables_phone_sees_the_nights_standings_whatever_the_results_setting(
    night: Night,
) -> None:
    """Issue 32, item 1: the players at the tables see their night (the club's results
    may be off); a provisional night says so, and the scoreboard links to it."""
    phone = night.at_table(1)
    assert phone.post(f"/games/{night.game(1)}/hands/new", data=night.hand(1)).status_code == 302
    board = phone.get(f"/games/{night.game(1)}").text
    assert f'href="/games/{night.game(1)}/night"' in board
    standings = phone.get(f"/games/{night.game(1)}/night")
    assert standings.status_code == 200
    assert "Standings (provisional)" in words(standings.text)
    assert "Night place" in standings.text
    assert night.client().get("/results").status_code == 404  # the results are off

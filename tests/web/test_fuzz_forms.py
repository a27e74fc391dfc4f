"""Random and malformed values posted to every form: never a 500, never a partial write.

Each example starts from a fresh database (a game with two hands, a season, a
share link, a spare user), posts what Hypothesis draws to one route as the owner,
and then checks: the answer is not a server error; a refusal (4xx) changed
nothing; and whatever was written left every game's stored outcomes equal to
the engine's replay of its stored hands.
"""

from __future__ import annotations

import functools
import re
import tempfile
from datetime import date
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.accounts.links import create_share_link
from scorekeeper.accounts.users import create_user
from scorekeeper.club.competitions import create_competition
from scorekeeper.club.events import import_event
from scorekeeper.club.seating import record_seating
from scorekeeper.club.table_codes import table_code
from scorekeeper.engine.club.league import LeagueRules
from scorekeeper.engine.errors import GameError
from scorekeeper.extensions import db
from scorekeeper.games.hands import add_hand
from scorekeeper.games.lifecycle import create_game
from scorekeeper.games.listing import recent_games
from scorekeeper.games.seasons import create_season
from scorekeeper.games.stored import get_game
from scorekeeper.store.models import Game
from scorekeeper.web.forms import whole_number
from tests.conftest import examples
from tests.databases import copied_database, release
from tests.web.conftest import PLAYED_HAND, SIDES, played_game, test_app
from tests.web.test_access import database_fingerprint
from tests.web.test_concurrency import FORM as HAND_FORM
from tests.web.test_hands import field_errors
from tests.web.test_outcomes import assert_outcomes_match

# the fields each form has (its GET page lists them; these are for the POST-only routes)
FIELDS = {
    "auth.change_role": ["role"],
    "auth.setup": ["name", "password", "confirm"],  # closed: the instance has users
    "hands.delete": ["version", "confirmed"],
    "hands.undo": ["number"],
    "history.put_back": ["edit", "version"],
    "games.rematch": [],
    "tables.choose": ["entrant", "anyway"],  # a director's GET goes straight to the game
    "games.delete": [],
    "share.create": [],
    "share.revoke": [],
    "stats.delete_season": [],
    "auth.delete_user": [],
    "auth.logout": [],
    "auth.account": ["label"],  # logins are off here: no account (404)
    "auth.revoke_token": [],
}
ODD = [
    "",
    " ",
    "0",
    "-1",
    "300",
    "2500000000000000000000",
    "1e9",
    "NaN",
    "３００",
    "H",
    "♥",
    "AH KH QH",
    "AH AH AH AH AH",
    "\x00",
    "<b>",
    "on",
    "2026-02-30",
    "x" * 300,
    # names the name rule refuses or normalises (engine/people.py)
    "\x1b[2JAnn",
    "Ann\r\nBea",
    "\u200b",
    "\u202eevil",
    "Ann ",
    "Cafe\u0301",
    "x" * 61,
    "9" * 5000,  # past Python's 4,300-digit limit for int()
    "1e999",
    "٣",  # an Arabic-Indic digit, which int() reads as 3
    "-2+3",
]
VALUES = st.one_of(st.sampled_from(ODD), st.text(max_size=40), st.integers().map(str))


def fresh_app(folder: Path) -> tuple[Flask, dict[str, int | str]]:
    """The app on a copy of the world's database (made once: hashing passwords is slow)."""
    template, ids = _template()
    copy = copied_database(template, folder / "fuzz.db")
    return test_app(folder / "fuzz.db", SQLALCHEMY_DATABASE_URI=copy), ids


@functools.cache
def _template() -> tuple[str, dict[str, int | str]]:
    folder = Path(tempfile.mkdtemp())
    app = test_app(folder / "template.db")
    with app.app_context():
        game = create_game("partnership", {}, SIDES, first_dealer="Ann")
        for _ in range(2):
            add_hand(game, PLAYED_HAND)
        ids: dict[str, int | str] = {
            "game_id": game.id,
            "number": 2,
            "season_id": create_season("Winter", date(2026, 1, 1), date(2026, 2, 1)).id,
            "user_id": create_user("spare", "a long enough password", "viewer").id,
            "token": create_share_link(game.id).token,
            "player_id": 1,
            "token_id": 1,
        }
        event = import_event(
            {
                "format": "pinochle-event/1",
                "name": "Tuesday club night",
                "ruleset": "partnership",
                "entrants": [{"name": name} for name in ("Ann", "Bea", "Cal", "Dan", "Eve")],
                "rounds": [{"round": 1}, {"round": 2}],
            }
        )
        ids["event_id"] = event.id
        ids["competition_id"] = create_competition("Ladder", LeagueRules(), None, [event.id]).id
        # round 1 seated: its table's code (a table's page, the names to tap)
        seating = {"tables": [{"table": 1, "seats": ["Ann", "Bea", "Cal", "Dan"]}], "byes": ["Eve"]}
        table = record_seating(event, 1, seating).tables[0]
        assert table.game_id is not None
        ids["code"] = table_code(table.id, table.game_id, event.key, "test")
        create_user("owner", "a long enough password", "owner")
        db.engine.dispose()
    return app.config["SQLALCHEMY_DATABASE_URI"], ids


def post_routes() -> list[tuple[str, str]]:
    app = test_app(Path(tempfile.mkdtemp()) / "routes.db")
    return sorted(
        (rule.endpoint, rule.rule)
        for rule in app.url_map.iter_rules()
        # the JSON API takes no forms: tests/web/test_api_schema.py fuzzes it
        if "POST" in (rule.methods or ()) and not rule.endpoint.startswith("api.")
    )


def form_fields(app: Flask, endpoint: str, path: str) -> list[str]:
    """The names of the fields the route's form shows (its page is read once)."""
    if endpoint not in FIELDS:
        page = app.test_client().get(path).get_data(as_text=True)
        names = set(re.findall(r'name="([a-z_0-9]+)"', page)) - {"csrf_token"}
        assert names, f"no fields found on {path}"
        FIELDS[endpoint] = sorted(names)
    return FIELDS[endpoint]


def outcomes_match_the_hands(app: Flask) -> None:
    with app.app_context():
        for game_id in db.session.execute(db.select(Game.id)).scalars().all():
            game = get_game(game_id)
            assert game is not None
            assert_outcomes_match(game)


@pytest.mark.database
@pytest.mark.parametrize(("endpoint", "rule"), post_routes())
@settings(
    max_examples=examples(12),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_posts_never_fail_or_half_write(
    endpoint: str, rule: str, data: st.DataObject
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        app, ids = fresh_app(Path(folder))
        with app.test_request_context():
            from flask import url_for

            arguments = {name: ids[name] for name in re.findall(r"<(?:\w+:)?(\w+)>", rule)}
            path = url_for(endpoint, **arguments)
        fields = form_fields(app, endpoint, path)
        chosen = data.draw(
            st.lists(st.sampled_from(fields), unique=True) if fields else st.just([])
        )
        form = {name: data.draw(VALUES, label=name) for name in chosen}
        extra = data.draw(
            st.dictionaries(st.sampled_from(["x", "meld", "bid_0"]), VALUES, max_size=2)
        )
        # a refused login is kept (throttling): the one write a refusal makes
        ignored = {"login_failure"} if endpoint == "auth.login" else set()
        before = database_fingerprint(app, ignored)
        response = app.test_client().post(path, data={**extra, **form})
        assert response.status_code < 500, (path, form, response.get_data(as_text=True)[:500])
        if 400 <= response.status_code < 500:
            assert database_fingerprint(app, ignored) == before, (path, form)
        outcomes_match_the_hands(app)
        with app.app_context():
            db.engine.dispose()
        release(Path(folder))  # its database used again by the next example, emptied


# --- numbers in a query -------------------------------------------------------------------

# the numbers only the digits 0 to 9 write (a sign allowed), bounded before they are read
NUMBERS = ["9" * 5000, "9" * 101, "1e999", "NaN", "٣", "３", "-1", "0", "1_0", "0x10", "", "7.0"]


@pytest.mark.parametrize("value", NUMBERS)
@pytest.mark.parametrize(
    ("path", "name", "low", "high"),
    [
        ("/sheets/blank?hands=", "Hands", 1, 60),
        ("/sheets/blank.pdf?hands=", "Hands", 1, 60),
    ],
)
def test_a_number_in_a_query_is_refused_with_its_range(
    client: FlaskClient, path: str, name: str, low: int, high: int, value: str
) -> None:
    response = client.get(path + value)
    assert response.status_code == 400, value[:20]
    assert f"{name} is a whole number from {low} to {high}, not " in response.text


@pytest.mark.parametrize(
    ("value", "read"),
    [("7", 7), (" 12 ", 12), ("+3", 3), ("-3", -3), ("007", 7), ("9" * 100, 10**100 - 1)],
)
def test_a_number_in_a_query_in_digits_is_read(value: str, read: int) -> None:
    assert whole_number(value) == read


@pytest.mark.parametrize(
    "value", [v for v in NUMBERS if v not in ("-1", "0")] + [" ", "-", "+", "1 000", "½", "²"]
)
def test_only_the_digits_0_to_9_write_a_number(value: str) -> None:
    assert whole_number(value) is None


@pytest.mark.parametrize("value", ["٣٠٠", "３００", "9" * 5000, "1e3", " 300 x"])
@pytest.mark.parametrize("field", ["bid", "meld_0", "counters_0"])
def test_a_hand_number_not_in_digits_is_refused_beside_its_field(
    client: FlaskClient, field: str, value: str
) -> None:
    game_id = played_game(client.application, 0)
    form = {**HAND_FORM, field: value}
    response = client.post(f"/games/{game_id}/hands/new", data=form)
    assert response.status_code == 400, value[:20]
    # the engine's sentence, naming what was typed (at most 100 characters of it)
    typed = GameError("number_not_whole", hand=1, typed=value.strip())
    assert field_errors(response.text, field) == [str(typed)]
    assert "is not a whole number" in str(typed)
    with client.application.app_context():
        assert not get_game(game_id).hands  # type: ignore[union-attr]


def test_a_house_rule_number_not_in_digits_is_refused(client: FlaskClient) -> None:
    seats = {f"seat_{seat}": name for seat, name in enumerate(["Ann", "Bea", "Cal", "Dan"])}
    form = {**seats, "target": "١٥٠٠", "first_dealer": "0", "language": "en"}
    response = client.post("/games/new?ruleset=partnership", data=form)
    assert response.status_code == 400
    assert field_errors(response.text, "target") == ["Not a valid integer value."]
    with client.application.app_context():
        assert recent_games() == []


@pytest.mark.parametrize("value", ["٣", "３", "1" + "0" * 18, "9" * 5000])
@pytest.mark.parametrize(
    "path", ["/games/{}", "/stats/players/{}", "/api/v1/games/{}", "/games/1/hands/{}/edit"]
)
def test_an_id_not_in_digits_finds_nothing(client: FlaskClient, path: str, value: str) -> None:
    played_game(client.application, 1)
    assert client.get(path.format(value)).status_code == 404

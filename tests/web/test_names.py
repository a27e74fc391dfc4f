"""The one name rule at every door: the new-game form, the API, a file import, seasons,
users and token names; the same sentence, nothing written, never a 500."""

from __future__ import annotations

import io
import json
import re
from datetime import date
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.accounts.links import create_api_token
from scorekeeper.accounts.users import AccountError, create_user, has_users
from scorekeeper.extensions import db
from scorekeeper.games.lifecycle import create_game
from scorekeeper.games.listing import recent_games
from scorekeeper.games.seasons import create_season
from scorekeeper.i18n.refusals import RefusalError
from scorekeeper.store.models import Player
from tests.web.conftest import test_app
from tests.web.test_access import database_fingerprint
from tests.web.test_hands import field_errors

# (name as typed, the refusal's code) where forms can send it (no lone surrogate: a
# browser sends UTF-8)
BAD_NAMES = [
    ("A\x1bB", "name_control"),
    ("\x1b[2JBoo", "name_control"),
    ("Ann\r\nBea", "name_control"),
    ("\u200b", "name_empty"),
    ("\u200d\u200d", "name_invisible"),
    ("\u202eevil", "name_direction"),
    ("A" * 61, "name_too_long"),
]
API_NAMES = [*BAD_NAMES, ("\ud800", "lone_surrogate"), ("", "name_empty"), (" ", "name_empty")]


def _document(player: str = "Ann", side: str = "Us") -> dict[str, object]:
    return {
        "format": "pinochle-game/1",
        "ruleset": "partnership",
        "sides": [
            {"name": side, "players": [player, "Cal"]},
            {"name": "Them", "players": ["Bea", "Dan"]},
        ],
    }


@pytest.mark.parametrize(("name", "code"), API_NAMES)
@pytest.mark.parametrize("where", ["player", "side"])
def test_the_api_refuses_a_bad_name_with_422(
    app: Flask, client: FlaskClient, name: str, code: str, where: str
) -> None:
    document = _document(**{where: name})
    before = database_fingerprint(app)
    body = json.dumps(document)  # "\ud800" is sent as JSON sends it: \ud800, unpaired
    answer = client.post("/api/v1/games", data=body, content_type="application/json")
    assert answer.status_code == 422, answer.get_data(as_text=True)
    assert answer.get_json()["error"] == code
    assert database_fingerprint(app) == before


@pytest.mark.parametrize(("name", "code"), [*BAD_NAMES, ("\ud800", "name_surrogate")])
def test_a_file_import_refuses_a_bad_name_with_a_sentence(
    app: Flask, client: FlaskClient, name: str, code: str
) -> None:
    from scorekeeper.engine.errors import MESSAGES

    before = database_fingerprint(app)
    body = json.dumps(_document(player=name)).encode()
    answer = client.post(
        "/games/import",
        data={"file": (io.BytesIO(body), "game.json")},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 400
    assert MESSAGES[code].split("{")[1].split("}")[1].strip()[:8] in answer.get_data(
        as_text=True
    ).replace("&#39;", "'")
    assert database_fingerprint(app) == before


NEW_GAME = {
    "ruleset": "partnership",
    "seat_0": "Ann",
    "seat_1": "Bea",
    "seat_2": "Cal",
    "seat_3": "Dan",
    "side_0": "Us",
    "side_1": "Them",
    "first_dealer": "0",
    "language": "en",
}


@pytest.mark.parametrize(("name", "code"), [(n, c) for n, c in BAD_NAMES if len(n) <= 60])
@pytest.mark.parametrize("field", ["seat_0", "side_0"])
def test_the_new_game_form_refuses_a_bad_name_beside_it(
    app: Flask, client: FlaskClient, name: str, code: str, field: str
) -> None:
    before = database_fingerprint(app)
    answer = client.post("/games/new", data=NEW_GAME | {field: name})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 400
    whose = "a player&#39;s name" if field == "seat_0" else "a side&#39;s name"
    beside = page.split(f'id="{field}-error">', 1)[1].split("</p>", 1)[0]
    assert beside.startswith(whose), beside  # beside the field typed, not atop the form
    assert database_fingerprint(app) == before


def test_a_side_left_unnamed_is_named_after_players_within_the_limit(
    app: Flask, client: FlaskClient
) -> None:
    long = {"seat_0": "A" * 60, "seat_2": "C" * 60, "side_0": ""}
    answer = client.post("/games/new", data=NEW_GAME | long)
    assert answer.status_code == 302
    with app.app_context():
        (game,) = recent_games()
        assert game.sides[0].name == "A" * 59 + "\u2026"  # "A…A & C…C" cut to 60


def test_names_that_differ_only_in_spaces_or_form_are_one_player(app: Flask) -> None:
    with app.app_context():
        create_game("partnership", {}, [("Us", ["Ann", "Cal"]), ("Them", ["Bea", "Dan"])])
        create_game("partnership", {}, [("Us", ["Ann ", " Cal"]), ("Them", ["Bea\u200b", "Dan"])])
        for zoe in ("Zoe\u0308", "Zo\u00eb"):  # decomposed, composed: NFC makes them one
            create_game("partnership", {}, [("Us", [zoe, "Cal"]), ("Them", ["Z", "Y"])])
        assert db.session.execute(select(func.count()).select_from(Player)).scalar_one() == 7


@pytest.mark.parametrize(("name", "code"), [*API_NAMES[:-3], ("\ud800", "name_surrogate")])
@pytest.mark.parametrize(
    "make",
    [
        lambda name: create_season(name, date(2026, 1, 1), date(2026, 2, 1)),
        lambda name: create_user(name, "a long enough password", "viewer"),
        lambda name: create_api_token(create_user("Olga", "a long enough password", "owner"), name),
    ],
    ids=["season", "user", "token"],
)
def test_seasons_users_and_tokens_follow_the_same_rule(
    app: Flask, make: object, name: str, code: str
) -> None:
    with app.app_context():
        with pytest.raises(RefusalError) as refused:
            make(name)  # type: ignore[operator]
        assert refused.value.engine is not None
        assert refused.value.engine.code == code.replace("lone_surrogate", "name_surrogate")


def test_a_season_and_a_user_are_stored_normalised(app: Flask) -> None:
    with app.app_context():
        season = create_season(" Winter\u00a0 2026 ", date(2026, 1, 1), date(2026, 2, 1))
        assert season.name == "Winter 2026"
        assert create_user("Ren\u0065\u0301 ", "a long enough password", "owner").name == (
            "Ren\u00e9"
        )
        with pytest.raises(AccountError, match="already a user"):
            create_user("Ren\u00e9", "another long password", "viewer")


@pytest.mark.database
def test_the_users_page_and_the_setup_page_refuse_a_bad_name(tmp_path: Path) -> None:
    app = test_app(tmp_path / "setup.db", LOGIN_DISABLED=False)
    client = app.test_client()
    form = {"name": "\x1b[2J", "password": "a long enough password"}
    answer = client.post("/setup", data=form | {"confirm": form["password"]})
    assert answer.status_code == 400
    assert "a user&#39;s name" in answer.get_data(as_text=True)
    with app.app_context():
        assert not has_users()


@pytest.mark.database
def test_the_error_page_after_a_failed_write_rolls_the_session_back(tmp_path: Path) -> None:
    app = test_app(tmp_path / "boom.db", PROPAGATE_EXCEPTIONS=False)
    after: list[object] = []

    def fail() -> str:
        db.session.add(Player(name=None))
        db.session.flush()  # IntegrityError: the session now needs a rollback
        return "unreachable"

    app.add_url_rule("/boom", "boom", fail)

    @app.teardown_request
    def read_again(_error: BaseException | None) -> None:
        try:
            after.append(db.session.execute(select(func.count()).select_from(Player)).scalar())
        except Exception as exc:  # what the test looks for
            after.append(type(exc).__name__)

    answer = app.test_client().get("/boom")
    assert answer.status_code == 500
    assert "Nothing was saved" in answer.get_data(as_text=True)
    assert after == [0]


def test_a_name_stored_before_a_stricter_rule_still_reads(app: Flask, client: FlaskClient) -> None:
    """A name already stored is only normalised when its game is read (the rule is for
    what is written): the scoreboard, the sheet, the API, a rematch and the stats read a
    game whose player's name the rule would refuse today."""
    from tests.web.conftest import played_game

    game_id = played_game(app, 2)
    with app.app_context():
        player = db.session.execute(select(Player).where(Player.name == "Ann")).scalar_one()
        player.name = "Ann\x1b[2J"
        db.session.commit()
    for address in (
        f"/games/{game_id}",
        f"/games/{game_id}/sheet",
        f"/games/{game_id}/export.json",
        "/stats",
    ):
        assert client.get(address).status_code == 200, address
    assert client.post(f"/games/{game_id}/rematch").status_code == 302


@pytest.mark.parametrize(
    ("path", "field"),
    [("/games/new", "seat_0"), ("/games/new", "side_0"), ("/stats/seasons", "name"),
     ("/users", "name")],
)  # fmt: skip
def test_a_name_field_cuts_nothing_the_name_rule_refuses_it(
    client: FlaskClient, path: str, field: str
) -> None:
    """Issue 23: a name's field has no maxlength (a browser cuts a 10,000-character paste
    to it without a word); the name rule refuses a long name with its sentence."""
    page = client.get(path).get_data(as_text=True)
    tag = re.search(rf'<input[^>]*name="{field}"[^>]*>', page)
    assert tag, f"no {field} on {path}"
    assert "maxlength" not in tag[0]


def test_a_pasted_name_of_10000_characters_is_refused_with_one_line(
    app: Flask, client: FlaskClient
) -> None:
    before = database_fingerprint(app)
    answer = client.post("/games/new", data=NEW_GAME | {"seat_0": "A" * 10_000})
    assert answer.status_code == 400
    assert field_errors(answer.get_data(as_text=True), "seat_0") == [
        "a player's name 'AAAAAAAAAAAAAAAAAAAA…' is 10000 characters long: at most 60"
    ]
    assert database_fingerprint(app) == before

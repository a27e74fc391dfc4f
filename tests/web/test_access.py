"""Who may do what: every route for a stranger, a share-link holder and each role.

The table ``NEEDS`` is the specification, written out by hand: the role each page
needs (``PUBLIC`` for anyone). A test checks that every route of the app is in it,
so a new page must say who may open it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import inspect, text

from scorekeeper.accounts.links import create_api_token, create_share_link
from scorekeeper.accounts.users import create_user, user_named
from scorekeeper.club.competitions import create_competition
from scorekeeper.club.events import import_event
from scorekeeper.engine.club.league import LeagueRules
from scorekeeper.extensions import db
from scorekeeper.games.hands import add_hand, undo_last_hand
from scorekeeper.games.lifecycle import create_game
from scorekeeper.games.players import all_players
from scorekeeper.games.seasons import create_season
from scorekeeper.games.stored import get_game
from tests.web.conftest import PLAYED_HAND, SIDES, test_app

pytestmark = pytest.mark.database  # every test here makes its own database

PUBLIC = "public"
ROLES = ("viewer", "scorekeeper", "owner")
# (endpoint, method) -> who may: PUBLIC, or the least role
NEEDS: dict[tuple[str, str], str] = {
    ("health", "GET"): PUBLIC,
    ("language", "GET"): PUBLIC,
    ("auth.login", "GET"): PUBLIC,
    ("auth.login", "POST"): PUBLIC,
    ("auth.setup", "GET"): PUBLIC,
    ("auth.setup", "POST"): PUBLIC,
    ("club_start.new", "GET"): PUBLIC,  # where the deployment allows it (else 404)
    ("club_start.new", "POST"): PUBLIC,
    ("auth.logout", "POST"): "viewer",
    ("clubs.index", "GET"): "viewer",  # anyone logged in, a member of this club or not
    ("auth.users", "GET"): "owner",
    ("auth.users", "POST"): "owner",
    ("auth.change_role", "POST"): "owner",
    ("auth.delete_user", "POST"): "owner",
    ("auth.account", "GET"): "viewer",
    ("auth.account", "POST"): "viewer",
    ("auth.revoke_token", "POST"): "viewer",
    ("share.view", "GET"): PUBLIC,
    ("offline.manifest", "GET"): PUBLIC,  # the browser asks without cookies
    ("offline.service_worker", "GET"): PUBLIC,
    ("offline.needs_connection", "GET"): PUBLIC,
    ("share.changed", "GET"): PUBLIC,
    ("share.create", "POST"): "scorekeeper",
    ("share.revoke", "POST"): "scorekeeper",
    ("games.index", "GET"): "viewer",
    ("games.show", "GET"): "viewer",
    ("games.export", "GET"): "viewer",
    ("games.new", "GET"): "scorekeeper",
    ("games.new", "POST"): "scorekeeper",
    ("games.import_", "GET"): "scorekeeper",
    ("games.import_", "POST"): "scorekeeper",
    ("games.rematch", "POST"): "scorekeeper",
    ("games.confirm", "POST"): "scorekeeper",
    ("games.language", "POST"): "scorekeeper",
    ("games.delete", "POST"): "owner",
    ("hands.new", "GET"): "scorekeeper",
    ("hands.new", "POST"): "scorekeeper",
    ("hands.edit", "GET"): "scorekeeper",
    ("hands.edit", "POST"): "scorekeeper",
    ("hands.delete", "POST"): "scorekeeper",
    ("hands.undo", "POST"): "scorekeeper",
    ("hands.preview", "GET"): "scorekeeper",
    ("history.put_back", "POST"): "scorekeeper",
    ("meld.check", "GET"): "viewer",
    ("sheets.index", "GET"): "viewer",
    ("sheets.game_pdf", "GET"): "viewer",
    ("sheets.game_print", "GET"): "viewer",
    ("sheets.blank_pdf", "GET"): "viewer",
    ("sheets.blank_print", "GET"): "viewer",
    ("stats.index", "GET"): "viewer",
    ("stats.player", "GET"): "viewer",
    ("stats.head_to_head", "GET"): "viewer",
    ("stats.players_csv", "GET"): "viewer",
    ("stats.partnerships_csv", "GET"): "viewer",
    ("stats.bidding_csv", "GET"): "viewer",
    ("stats.report_pdf", "GET"): "viewer",
    ("stats.seasons", "GET"): "viewer",
    ("stats.seasons", "POST"): "scorekeeper",
    ("stats.delete_season", "POST"): "scorekeeper",
    # the JSON API (with a bearer token; tests/web/test_api.py checks it)
    ("api.openapi", "GET"): PUBLIC,
    ("api.games", "GET"): "viewer",
    ("api.create_game", "POST"): "scorekeeper",
    ("api.game", "GET"): "viewer",
    ("api.add_hand", "POST"): "scorekeeper",
    ("api.replace_hand", "PUT"): "scorekeeper",
    ("api.delete_hand", "DELETE"): "scorekeeper",
    ("api.meld", "POST"): "viewer",
    # club nights (docs/club-nights.md)
    ("events.index", "GET"): "viewer",
    ("events.new", "GET"): "scorekeeper",
    ("events.new", "POST"): "scorekeeper",
    ("events.import_", "GET"): "scorekeeper",
    ("events.import_", "POST"): "scorekeeper",
    ("events.show", "GET"): "viewer",
    ("events.seat", "POST"): "scorekeeper",
    ("events.arrive", "POST"): "scorekeeper",
    ("events.leave", "POST"): "scorekeeper",
    ("events.come_back", "POST"): "scorekeeper",
    ("events.remove", "POST"): "scorekeeper",
    ("events.adjust", "POST"): "scorekeeper",
    ("events.call", "POST"): "scorekeeper",
    ("events.display", "GET"): "viewer",
    ("events.results_pdf", "GET"): "viewer",
    ("events.table_cards", "GET"): "scorekeeper",  # the table codes (test_table_codes.py)
    ("events.itineraries_print", "GET"): "viewer",
    ("events.movement_print", "GET"): "viewer",
    ("events.display_stamp", "GET"): "viewer",
    ("events.close", "POST"): "scorekeeper",
    ("events.unseat", "POST"): "scorekeeper",
    ("games.stamp", "GET"): "viewer",  # a club table's change stamp (and a table code's)
    ("events.draw", "POST"): "scorekeeper",
    ("api.events", "GET"): "viewer",
    ("api.create_event", "POST"): "scorekeeper",
    ("api.event", "GET"): "viewer",
    ("api.event_file", "GET"): "viewer",
    ("api.seat_round", "PUT"): "scorekeeper",
    ("api.unseat", "DELETE"): "scorekeeper",
    ("api.close", "POST"): "scorekeeper",
    # a table's code (tests/web/test_table_codes.py: what it opens, route by route)
    # the club's results (docs/club-nights.md, "Public results"): their own check by the
    # club's setting (off here: 404 to everyone; tests/web/test_results.py, each setting)
    ("results.index", "GET"): PUBLIC,
    ("results.night", "GET"): PUBLIC,
    ("results.night_stamp_of", "GET"): PUBLIC,
    ("results.competition", "GET"): PUBLIC,
    ("results.settings", "GET"): "owner",
    ("results.settings", "POST"): "owner",
    ("results.competitions", "GET"): "viewer",
    ("results.new_competition", "GET"): "scorekeeper",
    ("results.new_competition", "POST"): "scorekeeper",
    ("results.show_competition", "GET"): "viewer",
    ("results.lock_competition", "POST"): "scorekeeper",
    ("results.archive_competition", "POST"): "scorekeeper",
    ("results.table_night", "GET"): "viewer",  # and a table's code, for its own game
    ("events.prizes", "POST"): "scorekeeper",
    ("results.night_page", "GET"): "viewer",
    ("results.player_record_page", "GET"): "viewer",
    ("results.public_player_record", "GET"): PUBLIC,
    ("results.public_night_page", "GET"): PUBLIC,
    ("results.competition_export", "GET"): "viewer",
    ("results.public_competition_export", "GET"): PUBLIC,
    ("tables.scan", "GET"): PUBLIC,
    ("tables.choose", "POST"): PUBLIC,
    ("tables.show_code", "GET"): "scorekeeper",
    ("api.confirm_table", "POST"): "scorekeeper",
}
PAGES = {route: needed for route, needed in NEEDS.items() if not route[0].startswith("api.")}
# what a form posts when the role may (a plausible write, so the page does its work)
FORMS: dict[str, dict[str, str]] = {
    "auth.login": {"name": "owner", "password": "wrong password"},
    "auth.users": {"name": "Newcomer", "password": "a good password", "role": "viewer"},
    "auth.change_role": {"role": "scorekeeper"},
    "auth.account": {"label": "club website"},
    "games.new": {
        "ruleset": "partnership",
        "seat_1": "Ann",
        "seat_2": "Bea",
        "seat_3": "Cal",
        "seat_4": "Dan",
    },
    "games.language": {"language": "fr"},
    "hands.new": {key: str(value) for key, value in PLAYED_HAND.items() if key != "meld"},
    "stats.seasons": {"name": "Spring", "starts_on": "2026-03-01", "ends_on": "2026-05-31"},
}
WHO = ("stranger", "share holder", *ROLES)


class World:
    """An app with one user per role, a game with hands and a share link, a season."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        with app.app_context():
            for role in ROLES:
                create_user(role, "a long enough password", role)
            self.spare_user = create_user("spare", "a long enough password", "viewer").id
            game = create_game("partnership", {}, SIDES, first_dealer="Ann")
            for _ in range(2):
                add_hand(game, PLAYED_HAND)
            self.game = game.id
            self.other_game = create_game("partnership", {}, SIDES, first_dealer="Ann").id
            self.token = create_share_link(self.game).token
            owner = user_named("owner")
            assert owner is not None
            self.api_token = create_api_token(owner, "spare")[0].id
            self.season = create_season("Winter", _day("2026-01-01"), _day("2026-02-28")).id
            self.player = all_players()[0].id
            event = import_event(
                {
                    "format": "pinochle-event/1",
                    "name": "Tuesday club night",
                    "ruleset": "partnership",
                    "entrants": [{"name": name} for name in ("Ann", "Bea", "Cal", "Dan")],
                    "rounds": [{"round": 1}],
                }
            )
            self.event, self.event_key = event.id, event.key
            competition = create_competition("Winter ladder", LeagueRules(), None, [self.event])
            self.competition, self.competition_key = competition.id, competition.key

    def client(self, who: str) -> FlaskClient:
        client = self.app.test_client()
        if who == "share holder":
            assert client.get(f"/s/{self.token}").status_code == 200
        elif who in ROLES:
            answer = client.post("/login", data={"name": who, "password": "a long enough password"})
            assert answer.status_code == 302, who
        return client

    def path(self, endpoint: str) -> str:
        """The route of ``endpoint`` filled with this world's ids."""
        rule = next(r for r in self.app.url_map.iter_rules() if r.endpoint == endpoint)
        values = {
            "game_id": self.other_game if endpoint == "games.delete" else self.game,
            "number": 1 if endpoint.startswith("events.") else 2,
            "player_id": self.player,
            "season_id": self.season,
            "user_id": self.spare_user,
            "token": self.token,
            "token_id": self.api_token,
            "code": "fr",
            "event_id": self.event,
            "table": 1,
            "key": self.competition_key if "competition" in endpoint else self.event_key,
            "kind": "csv",
            "competition_id": self.competition,
        }
        with self.app.test_request_context():
            from flask import url_for

            return url_for(endpoint, **{name: values[name] for name in rule.arguments})


def _day(text_: str) -> Any:
    from datetime import date

    return date.fromisoformat(text_)


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    app = test_app(tmp_path / "access.db", LOGIN_DISABLED=False)
    yield World(app)
    with app.app_context():
        db.engine.dispose()


def database_fingerprint(app: Flask, ignored: set[str] | None = None) -> str:
    """Every row of every table (but ``ignored``), hashed: equal fingerprints, nothing
    written."""
    digest = hashlib.sha256()
    with app.app_context():
        for table in sorted(set(inspect(db.engine).get_table_names()) - (ignored or set())):
            rows = db.session.execute(text(f"SELECT * FROM {table} ORDER BY 1")).all()
            digest.update(json.dumps([table, [list(map(str, row)) for row in rows]]).encode())
    return digest.hexdigest()


def test_every_route_says_who_may_use_it(world: World) -> None:
    routes = {
        (rule.endpoint, method)
        for rule in world.app.url_map.iter_rules()
        if rule.endpoint != "static"
        for method in rule.methods or ()
        if method not in ("HEAD", "OPTIONS")
    }
    assert routes == set(NEEDS)


def may(who: str, needed: str) -> bool:
    if needed == PUBLIC:
        return True
    return who in ROLES and ROLES.index(who) >= ROLES.index(needed)


@pytest.mark.parametrize("who", WHO)
def test_authorization_matrix(world: World, who: str) -> None:
    """Each route answers each kind of visitor as ``NEEDS`` says; a refused write
    changes nothing in the database."""
    problems = []
    for (endpoint, method), needed in sorted(PAGES.items()):
        client = world.client(who)
        path = world.path(endpoint)
        before = database_fingerprint(world.app) if method == "POST" else None
        if method == "GET":
            response = client.get(path)
        else:
            response = client.post(path, data=FORMS.get(endpoint, {}))
        status = response.status_code
        location = response.headers.get("Location", "")
        refused = status == 403 or (status == 302 and "/login" in location)
        if endpoint == "auth.logout" and may(who, needed):
            if not (status == 302 and "/login" in location):  # logged out, to the login
                problems.append(f"{who} {method} {path}: {status} {location}, not logged out")
        elif endpoint == "auth.setup":  # closed once the owner exists: off to the login
            if not (status == 302 and "/login" in location):
                problems.append(f"{who} {method} {path}: {status} {location}, setup open")
        elif may(who, needed):
            if refused or status >= 500:
                problems.append(f"{who} {method} {path}: {status} {location}")
        else:
            expected = 403 if who in ROLES else 302
            if status != expected or (status == 302 and "/login" not in location):
                problems.append(f"{who} {method} {path}: {status} {location}, not refused")
            if before is not None and database_fingerprint(world.app) != before:
                problems.append(f"{who} {method} {path}: refused but the database changed")
    assert problems == []


def test_a_stranger_cannot_read_the_user_list_or_a_game(world: World) -> None:
    stranger = world.client("stranger")
    for path in ("/users", f"/games/{world.game}", "/stats", f"/games/{world.game}/export.json"):
        response = stranger.get(path)
        assert response.status_code == 302 and "/login" in response.headers["Location"], path
        assert b"viewer" not in response.data


@pytest.mark.parametrize(
    ("path", "controls"),
    [
        ("/", ["New game", "Import", "Users"]),
        ("/games/{game}", ["Record hand", "Undo hand", "Share the scoreboard", "Delete this game"]),
        ("/stats/seasons", ["Create the season", "Delete Winter"]),
    ],
)
def test_a_viewer_is_not_offered_what_they_may_not_do(
    world: World, path: str, controls: list[str]
) -> None:
    viewer = world.client("viewer").get(path.format(game=world.game)).get_data(as_text=True)
    owner = world.client("owner").get(path.format(game=world.game)).get_data(as_text=True)
    for control in controls:
        assert control in owner, control
        assert control not in viewer, control


def test_only_a_scorekeeper_is_offered_and_may_put_a_hand_back(world: World) -> None:
    with world.app.app_context():
        game = get_game(world.game)
        assert game is not None
        undo_last_hand(game)
        form = {"edit": str(game.edits[-1].id), "version": str(game.version)}
    path = f"/games/{world.game}"
    for who in ("viewer", "scorekeeper"):
        page = world.client(who).get(path).get_data(as_text=True)
        assert ("Put hand 2 back" in page) is (who == "scorekeeper"), who
    before = database_fingerprint(world.app)
    answer = world.client("viewer").post(f"{path}/put-back", data=form)  # CSRF is off here
    assert answer.status_code == 403
    assert database_fingerprint(world.app) == before
    answer = world.client("scorekeeper").post(f"{path}/put-back", data=form)
    assert answer.status_code == 302
    with world.app.app_context():
        game = get_game(world.game)
        assert game is not None and len(game.hands) == 2

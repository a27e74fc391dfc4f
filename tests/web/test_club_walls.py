"""The authorization matrix across two clubs (issue 33, "done when"): every role of club
A against every object of club B answers 404, and a refused write changes nothing.

Club B holds the world of ``test_access`` (a game with hands, a share link, an API
token, a season, a night, a competition, its own owner, scorekeeper and viewer); club A
is the default club, with a user of each role. Each of A's people asks for every
route that names one of B's objects, at A's own addresses (B's ids, keys, codes and
tokens guessed) and at B's ``/c/north/`` addresses (where they are no members); the API
with A's token likewise.

Each wall is proven alone (``walls``): the app's scoping (``store.tenancy``), on SQLite
and on PostgreSQL as the tests' superuser, whom row-level security never holds; and on
PostgreSQL (scripts/with-postgres) the row-level security (``store.row_security``) with
the scoping switched off, the app connected as a deployment's app role.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from sqlalchemy import event
from sqlalchemy.orm import Session

from scorekeeper.accounts.clubs import create_club
from scorekeeper.accounts.links import create_api_token
from scorekeeper.accounts.users import create_user, user_named
from scorekeeper.club.results import set_results
from scorekeeper.extensions import db
from scorekeeper.store import tenancy
from scorekeeper.store.tenancy import in_club
from tests.databases import as_app_role, on_postgres
from tests.web.conftest import test_app
from tests.web.test_access import FORMS, NEEDS, PUBLIC, ROLES, World, database_fingerprint

pytestmark = pytest.mark.database

PASSWORD = "a long enough password"
# a route's values that name no object of a club (a language, a file's kind)
NOT_AN_OBJECT = {"code", "kind"}
# open to anyone logged in, whatever their clubs (the switcher, logging out)
ANY_CLUB = {"clubs.index", "auth.logout"}


class TwoClubs:
    """Club B with ``test_access``'s world; club A (the default) with a user per role."""

    def __init__(self, tmp_path: Path) -> None:
        self.database = tmp_path / "walls.db"
        self.app = self.owners = test_app(self.database, LOGIN_DISABLED=False)
        with self.app.app_context():
            self.b = create_club("north", "North club").id
            self.a_tokens = {}
            for role in ROLES:
                user = create_user(f"a-{role}", PASSWORD, role)
                self.a_tokens[role] = create_api_token(user, "A's program")[1]
        with in_club(self.b):
            self.world = World(self.app)  # B's objects, B's own people
            with self.app.app_context():
                b_owner = user_named("owner")
                assert b_owner is not None
                self.b_token = create_api_token(b_owner, "B's program")[1]
        with self.app.app_context():
            assert user_named("owner") is not None
        for token in self.a_tokens.values():  # each token's first use written now, not in a test
            answer = self.app.test_client().get(
                "/api/v1/games", headers={"Authorization": f"Bearer {token}"}
            )
            assert answer.status_code == 200

    def client(self, role: str) -> FlaskClient:
        client = self.app.test_client()
        answer = client.post("/login", data={"name": f"a-{role}", "password": PASSWORD})
        assert answer.status_code == 302, role
        return client

    def fingerprint(self) -> str:
        """Every club's rows, read by the tables' owner (whom no wall holds)."""
        return database_fingerprint(self.owners, {"login_failure"})

    def behind_row_security(self) -> None:
        """From now on the app connects as a deployment's app role (``as_app_role``)."""
        with self.owners.app_context():
            url = db.engine.url.render_as_string(hide_password=False)
        self.app = test_app(
            self.database, LOGIN_DISABLED=False, SQLALCHEMY_DATABASE_URI=as_app_role(url)
        )


# one wall at a time: the app's scoping everywhere; on PostgreSQL the row-level security too,
# the scoping switched off
WALLS = ["scoping", "row security"] if on_postgres() else ["scoping"]


@pytest.fixture(params=WALLS)
def clubs(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TwoClubs]:
    two = TwoClubs(tmp_path)
    alone = request.param == "row security"
    if alone:
        two.behind_row_security()
        event.remove(Session, "do_orm_execute", tenancy._scoped)
    try:
        yield two
    finally:
        if alone:
            event.listen(Session, "do_orm_execute", tenancy._scoped)
        for app in {two.app, two.owners}:
            with app.app_context():
                db.engine.dispose()


def object_routes(clubs: TwoClubs, api: bool) -> list[tuple[str, str, str]]:
    """(endpoint, method, path) of every route naming one of B's objects."""
    routes = []
    for (endpoint, method), _needed in sorted(NEEDS.items()):
        if endpoint.startswith("api.") != api:
            continue
        rule = next(r for r in clubs.app.url_map.iter_rules() if r.endpoint == endpoint)
        if set(rule.arguments) - NOT_AN_OBJECT:
            routes.append((endpoint, method, clubs.world.path(endpoint)))
    return routes


def ask(client: FlaskClient, endpoint: str, method: str, path: str, **headers: str) -> int:
    if method == "GET":
        return client.get(path, headers=headers).status_code
    if endpoint.startswith("api."):
        return client.open(path, method=method, json={}, headers=headers).status_code
    return client.open(path, method=method, data=FORMS.get(endpoint, {})).status_code


def not_found(clubs: TwoClubs, role: str, routes: list[tuple[str, str, str]]) -> list[str]:
    """Each route asked by A's ``role``: what did not answer 404, or changed a row."""
    client = clubs.client(role)
    problems = []
    for endpoint, method, path in routes:
        before = clubs.fingerprint() if method != "GET" else None
        status = ask(client, endpoint, method, path)
        if status != 404:
            problems.append(f"a-{role} {method} {path}: {status}")
        if before is not None and clubs.fingerprint() != before:
            problems.append(f"a-{role} {method} {path}: the database changed")
    return problems


@pytest.mark.parametrize("role", ROLES)
def test_club_bs_objects_are_not_found_from_club_a(clubs: TwoClubs, role: str) -> None:
    """At A's addresses, B's ids, keys and tokens are as if never given: 404."""
    problems = not_found(clubs, role, object_routes(clubs, api=False))
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("role", ROLES)
def test_club_bs_pages_are_not_found_for_club_as_people(clubs: TwoClubs, role: str) -> None:
    """At B's own addresses, A's people are no members: every page that needs a role
    answers 404 (not 403: nothing says what B holds), and a write changes nothing."""
    routes = [
        (endpoint, method, "/c/north" + clubs.world.path(endpoint))
        for (endpoint, method), needed in sorted(NEEDS.items())
        if not endpoint.startswith("api.") and needed != PUBLIC and endpoint not in ANY_CLUB
    ]
    problems = not_found(clubs, role, routes)
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("role", ROLES)
def test_club_as_token_finds_none_of_club_bs_objects(clubs: TwoClubs, role: str) -> None:
    """The API works in the token's club: A's token and B's ids answer 404; at B's
    address A's token is no token at all (401)."""
    client = clubs.app.test_client()
    bearer = {"Authorization": f"Bearer {clubs.a_tokens[role]}"}
    problems = []
    for endpoint, method, path in object_routes(clubs, api=True):
        before = clubs.fingerprint() if method != "GET" else None
        status = ask(client, endpoint, method, path, **bearer)
        if status != 404:
            problems.append(f"a-{role} {method} {path}: {status}")
        elsewhere = ask(client, endpoint, method, "/c/north" + path, **bearer)
        if elsewhere != 401:
            problems.append(f"a-{role} {method} /c/north{path}: {elsewhere}")
        if before is not None and clubs.fingerprint() != before:
            problems.append(f"a-{role} {method} {path}: the database changed")
    assert problems == [], "\n".join(problems)


def test_each_club_reads_its_own_at_its_own_address(clubs: TwoClubs) -> None:
    """B's owner reads B's game at B's address and not at A's; B's pages link within
    B, and to the clubs B's owner belongs to."""
    world = clubs.world
    b_owner = clubs.app.test_client()
    assert b_owner.post("/login", data={"name": "owner", "password": PASSWORD}).status_code == 302
    assert b_owner.get(f"/c/north/games/{world.game}").status_code == 200
    assert b_owner.get(f"/games/{world.game}").status_code == 404  # B's owner, A's address
    page = b_owner.get("/c/north/").get_data(as_text=True)
    assert f'href="/c/north/games/{world.game}"' in page  # the links carry the club
    assert "North club" in page  # whose games these are
    assert 'href="/c/north/clubs"' in page  # the switcher, once the instance has a second club
    assert 'href="/c/north/clubs"' in b_owner.get("/c/north/").get_data(as_text=True)  # (kept)
    assert b_owner.get("/c/nowhere/").status_code == 404  # no such club
    clubs_page = b_owner.get("/clubs")
    assert clubs_page.status_code == 200
    assert 'href="/c/north/"' in clubs_page.get_data(as_text=True)


def test_the_api_links_the_tokens_clubs_pages(clubs: TwoClubs) -> None:
    """A club's token at the API's usual address reads the club's game, and the game's
    page it links is at the club's address."""
    bearer = {"Authorization": f"Bearer {clubs.b_token}"}
    game = clubs.app.test_client().get(f"/api/v1/games/{clubs.world.game}", headers=bearer)
    assert game.status_code == 200
    assert game.get_json()["url"] == f"/c/north/games/{clubs.world.game}"


def test_a_clubs_members_only_results_are_not_found_by_another_clubs_people(
    clubs: TwoClubs,
) -> None:
    """B's results for its members only: A's owner, logged in but no member of B, gets
    404 (no login page to loop through); a stranger the login page, and back to B's."""
    with clubs.app.app_context(), in_club(clubs.b):
        set_results("members", hide_standings=False)
    assert clubs.client("owner").get("/c/north/results").status_code == 404
    stranger = clubs.app.test_client().get("/c/north/results")
    assert stranger.status_code == 302
    assert stranger.headers["Location"] == "/c/north/login?next=/c/north/results"

"""The club a request is for, and the club switcher (issue 33, items 2 and 3).

A club's pages live under ``/c/<slug>/``: ``/c/north/games/7`` is the club ``north``'s
game 7. ``ClubAddresses`` (WSGI middleware) moves ``/c/<slug>`` from the path to the
path the app is served under, so every route, ``url_for`` and link of a page asked
for under a club's address carries the club without knowing of it; today's addresses,
with no ``/c/<slug>``, are the default club's. Before each request the club is looked
up and becomes the current club (``store.tenancy``: every query reads its rows only);
an unknown slug answers 404. The API takes its club from the token instead
(``web.api_access``).

The address holds the current club (the issue's "session's club": one login, the
cookie's, serves every club; the club is the one whose address is asked for).
``/clubs`` lists the clubs the logged-in user belongs to, each a link to its pages.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from flask import Blueprint, Flask, abort, current_app, g, render_template, request, url_for
from flask_login import current_user

from scorekeeper.accounts.clubs import (
    DEFAULT_SLUG,
    SLUG,
    club_by_slug,
    clubs_of,
    count_clubs,
    name_of,
    slug_of,
)
from scorekeeper.accounts.users import get_user
from scorekeeper.extensions import db
from scorekeeper.store.club_models import Competition, Event
from scorekeeper.store.models import Game, Player, Season
from scorekeeper.store.tenancy import DEFAULT_CLUB_ID, current_club_id, enter_club, leave_club

bp = Blueprint("clubs", __name__)

CLUB_PATH = re.compile(rf"/c/({SLUG.pattern})(?=/|$)")
SLUG_KEY = "scorekeeper.club"  # the environ's: the slug of the address asked for
SERVED_UNDER = "scorekeeper.served_under"  # the environ's: the app's path, before any club's

StartResponse = Callable[..., Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class ClubAddresses:
    """``/c/<slug>/rest`` served as ``/rest`` of the club ``slug``, under the path
    ``…/c/<slug>`` (so the links the app makes there carry the club)."""

    def __init__(self, app: WsgiApp) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        served_under = environ.get("SCRIPT_NAME", "")
        environ[SERVED_UNDER] = served_under
        path = environ.get("PATH_INFO", "")
        match = CLUB_PATH.match(path)
        if match is not None:
            environ[SLUG_KEY] = match[1]
            environ["SCRIPT_NAME"] = served_under + match[0]
            environ["PATH_INFO"] = path[match.end() :] or "/"
        return self.app(environ, start_response)


def served_under() -> str:
    """The path the app is served under, without the club's ``/c/<slug>``."""
    return str(request.environ.get(SERVED_UNDER, request.script_root))


def _enter() -> None:
    """Before every request: its club becomes the current one (404 for no such club)."""
    slug = request.environ.get(SLUG_KEY)
    club_id = DEFAULT_CLUB_ID
    if slug is not None:
        club = club_by_slug(slug)
        if club is None:
            abort(404)
        club_id = club.id
    g.club_entered = enter_club(club_id)
    g.club_slug = slug


def _leave(_error: BaseException | None = None) -> None:
    token = g.pop("club_entered", None)
    if token is not None:
        leave_club(token)


def switch_club(club_id: int) -> None:
    """The request goes on in another club (the API's token's): left in ``_leave``."""
    _leave()
    g.club_entered = enter_club(club_id)
    g.club_slug = None if club_id == DEFAULT_CLUB_ID else slug_of(club_id)


def club_page_url(endpoint: str, **values: Any) -> str:
    """A page's address in the current club, whatever address the request came to (the
    API's answers link the token's club's pages): ``/c/<slug>/…``, or today's address
    for the default club."""
    path = url_for(endpoint, **values).removeprefix(request.script_root)
    slug = g.get("club_slug")
    return served_under() + (f"/c/{slug}" if slug else "") + path


def at_club_address() -> bool:
    """Whether the request was asked at a club's ``/c/<slug>/`` address."""
    return request.environ.get(SLUG_KEY) is not None


@bp.route("/clubs")
def index() -> str:
    """The clubs the user belongs to, each with their role there."""
    mine = clubs_of(current_user) if current_user.is_authenticated else []  # (logins off)
    return render_template("auth/clubs.html", clubs=mine, here=request.environ.get(SLUG_KEY))


def club_home(slug: str) -> str:
    """A club's first page (the switcher's links): today's address for the default club."""
    first = url_for("games.index").removeprefix(request.script_root)
    return served_under() + ("" if slug == DEFAULT_SLUG else f"/c/{slug}") + first


def club_name() -> str:
    """The current club's name (the games list says whose games they are, once the
    instance has several clubs)."""
    return name_of(current_club_id())


def several_clubs() -> bool:
    """Whether the instance has more than one club (then the games list links to the
    switcher). Clubs are not removed: a yes is kept, not asked again."""
    if current_app.extensions.get("several_clubs"):
        return True
    several = count_clubs() > 1
    current_app.extensions["several_clubs"] = several or None
    return several


# a route's values that name a club's object, and the object's model
OBJECTS: dict[str, type[Any]] = {
    "game_id": Game,
    "event_id": Event,
    "season_id": Season,
    "player_id": Player,
    "competition_id": Competition,
}


def names_a_missing_object(view_args: dict[str, Any] | None) -> bool:
    """Whether a route's values name an object the current club does not have (another
    club's, or none at all). A request refused for its role answers 404 then, not 403:
    every guess at another club's ids gets the answer a never-given id gets, whatever
    the role of the one guessing."""
    for name, value in (view_args or {}).items():
        if name == "user_id":
            if get_user(value) is None:  # (a member of the current club)
                return True
        elif name in OBJECTS and (
            not 0 < value < 2**31 or db.session.get(OBJECTS[name], value) is None
        ):
            return True
    return False


def install(app: Flask) -> None:
    """The club addresses, the current club around each request, the switcher."""
    app.wsgi_app = ClubAddresses(app.wsgi_app)  # type: ignore[method-assign]
    app.before_request(_enter)  # before the access check, which reads the club's role
    app.teardown_request(_leave)
    app.register_blueprint(bp)
    app.jinja_env.globals.update(
        club_home=club_home, several_clubs=several_clubs, club_name=club_name
    )

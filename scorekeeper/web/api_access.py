"""The API's door: which requests are the API's, the bearer token's club, user and role,
and every refusal as ``{"error": code, "message": sentence}``. Both the API's blueprint
and the pages' access check (``auth``) ask it; it imports neither.

The API works in the token's club (docs/api.md): a request with a token reads and
writes that club's rows, at ``/api/v1/…`` as at the club's own ``/c/<slug>/api/v1/…``;
a token sent to another club's address is not found there (401, as a token never
made), so no address tells one club's token anything of another club."""

from __future__ import annotations

from flask import Response, current_app, g, jsonify, request
from werkzeug.exceptions import HTTPException

from scorekeeper.accounts.links import api_token_holder
from scorekeeper.accounts.users import get_user, may
from scorekeeper.store.models import User
from scorekeeper.store.tenancy import current_club_id
from scorekeeper.web.clubs import at_club_address, names_a_missing_object, switch_club

PREFIX = "/api/"


def is_api_request() -> bool:
    return request.path.startswith(PREFIX)


def error_response(status: int, code: str, message: str) -> Response:
    response = jsonify({"error": code, "message": message})
    response.status_code = status
    if status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
    return response


def http_error(error: HTTPException) -> Response:
    """An HTTP error (404, 405, 413, 500…) on an API address, as JSON."""
    status = error.code or 500
    code = (error.name or "error").lower().replace(" ", "_")
    message = {
        404: "There is no such address in the API.",
        405: "This address does not answer that method.",
        413: "The body may be at most 2 MB.",
        500: "Something went wrong; nothing was saved. Please try again.",
    }.get(status, error.description or error.name)
    return error_response(status, code, str(message))


def check_api_access(needed: str | None) -> Response | None:
    """Before an API request: the bearer token's user, with the role ``needed``."""
    g.api_user = None
    if needed is None or current_app.config.get("LOGIN_DISABLED"):
        return None
    user = _bearer_user()
    if user is None:  # no token, a wrong one, another club's address, no member any more
        return error_response(
            401,
            "unauthorized",
            "Send an API token as 'Authorization: Bearer <token>'; make one on your account page.",
        )
    if not may(user.role, needed):
        if names_a_missing_object(request.view_args):  # as for an id never given
            return error_response(404, "not_found", "There is no such address in the API.")
        return error_response(
            403, "forbidden", f"A {user.role} cannot do this; it needs a {needed} or above."
        )
    g.api_user = user
    return None


def _bearer_user() -> User | None:
    """The token's user, the request gone on in the token's club; None for no token, a
    wrong one, a token of another club than the address's, or a user no longer of it."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer":
        return None
    holder = api_token_holder(token.strip())
    if holder is None:
        return None
    club_id, user_id = holder
    if at_club_address() and club_id != current_club_id():
        return None
    switch_club(club_id)
    return get_user(user_id)

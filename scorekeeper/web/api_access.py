"""The API's door: which requests are the API's, the bearer token's user and role, and
every refusal as ``{"error": code, "message": sentence}``. Both the API's blueprint and
the pages' access check (``auth``) ask it; it imports neither."""

from __future__ import annotations

from flask import Response, current_app, g, jsonify, request
from werkzeug.exceptions import HTTPException

from scorekeeper.accounts.links import user_by_api_token
from scorekeeper.accounts.users import may
from scorekeeper.store.models import User

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
    if user is None:
        return error_response(
            401,
            "unauthorized",
            "Send an API token as 'Authorization: Bearer <token>'; make one on your account page.",
        )
    if not may(user.role, needed):
        return error_response(
            403, "forbidden", f"A {user.role} cannot do this; it needs a {needed} or above."
        )
    g.api_user = user
    return None


def _bearer_user() -> User | None:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer":
        return None
    return user_by_api_token(token.strip())

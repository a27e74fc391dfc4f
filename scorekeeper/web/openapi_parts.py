"""The small parts every path of the OpenAPI document is made of (``web/openapi.py``,
``web/openapi_events.py``): references, JSON bodies and answers, the refusals."""

from __future__ import annotations

from typing import Any


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def json_content(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def error(description: str) -> dict[str, Any]:
    return json_content(ref("Error"), description)


def path_number(name: str, description: str | None = None) -> dict[str, Any]:
    """A whole number in the path (``game_id``, a hand's or a round's ``number``)."""
    parameter: dict[str, Any] = {
        "name": name,
        "in": "path",
        "required": True,
        "schema": {"type": "integer"},
    }
    return {**parameter, "description": description} if description else parameter


def key_header(header: str, what: str) -> dict[str, Any]:
    """``Game-Key`` or ``Event-Key``: the key of the one a request was read from."""
    return {
        "name": header,
        "in": "header",
        "required": False,
        "schema": {"type": "string"},
        "description": f"the {what}'s `key`: refused with 410 when it is not this {what}'s",
    }


def body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


ERROR = {
    "type": "object",
    "required": ["error", "message"],
    "properties": {
        "error": {"type": "string", "description": "a code a program can test"},
        "message": {"type": "string", "description": "a sentence for people"},
    },
}

REFUSALS = {
    "400": error("the body is not a JSON object, or a parameter is malformed"),
    "401": error("no API token, or an unknown one"),
    "403": error("the token's user has a role that cannot do this"),
}
BUSY = {
    **error(
        "another change held the database's lock too long (`DATABASE_LOCK_TIMEOUT`): "
        "nothing was saved; send it again after `Retry-After` seconds"
    ),
    "headers": {"Retry-After": {"schema": {"type": "integer", "minimum": 1}}},
}

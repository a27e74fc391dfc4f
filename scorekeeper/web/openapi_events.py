"""The club nights' part of the OpenAPI document (``web/api_events.py``): the
``pinochle-event/1`` document, a round's seating, the event as the API answers it,
and the paths under ``/events``. ``web/openapi.py`` joins them to the rest."""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.bounds import LARGEST
from scorekeeper.engine.club.events import (
    BYE_RULES,
    FORMAT,
    KINDS,
    MAX_ROUNDS,
    STANDING_ORDERS,
    TIME_LIMITS,
)
from scorekeeper.engine.club.prizes import MAX_FEE_CENTS, MAX_PRIZES
from scorekeeper.engine.club.unfinished import UNFINISHED_RULES
from scorekeeper.engine.people import NAME_LIMIT
from scorekeeper.web.openapi_parts import (
    BUSY,
    REFUSALS,
    body,
    error,
    json_content,
    key_header,
    path_number,
    ref,
)

_NAME = {"type": "string", "minLength": 1, "maxLength": NAME_LIMIT}
_NAMES = {"type": "array", "items": _NAME}


def _closed(required: list[str], properties: dict[str, Any]) -> dict[str, Any]:
    """An object of these fields only: the engine refuses any other (``game_field``)."""
    return {
        "type": "object",
        "required": required,
        "properties": properties,
        "additionalProperties": False,
    }


_SEATS = {
    **_NAMES,
    "description": "North, East, South, West (fixed teams: the North-South team, then the "
    "East-West team), each an entrant's name",
}
SEATING = _closed(
    [],
    {
        "tables": {
            "type": "array",
            "items": _closed(
                ["table", "seats"],
                {"table": {"type": "integer", "description": "1, 2, … in turn"}, "seats": _SEATS},
            ),
        },
        "byes": _NAMES,
    },
)

EVENT_DOCUMENT = _closed(
    ["format", "name", "ruleset", "entrants", "rounds"],
    {
        "format": {"type": "string", "enum": [FORMAT]},
        "name": _NAME,
        "date": {"type": "string", "format": "date", "nullable": True},
        "kind": {"type": "string", "enum": list(KINDS)},
        "ruleset": {"type": "string", "description": "a preset played at four, in two sides"},
        "rules": {"type": "object", "description": "house-rule options, as a game's"},
        "standing_order": {"type": "string", "enum": list(STANDING_ORDERS)},
        "bye_rule": {"type": "string", "enum": list(BYE_RULES)},
        "unfinished_tables": {
            "type": "string",
            "enum": list(UNFINISHED_RULES),
            "description": "what a game counts for when its round is closed before it is "
            "over: the side ahead wins (the default), the totals count with no win, or "
            "nothing counts",
        },
        "time_limit": {
            "type": "integer",
            "minimum": TIME_LIMITS[0],
            "maximum": TIME_LIMITS[-1],
            "nullable": True,
            "description": "minutes each round may last (its clock starts when it is seated); "
            "left out or null: no limit",
        },
        "key": {
            "type": "string",
            "pattern": "^[A-Za-z0-9_-]{1,16}$",
            "description": "the night's own key (its public address, its name in a league): "
            "export writes it, import keeps it when no stored night has it",
        },
        "entrants": {
            "type": "array",
            "items": _closed(["name"], {"name": _NAME, "players": _NAMES}),
        },
        "rounds": {
            "type": "array",
            "minItems": 1,
            "maxItems": MAX_ROUNDS,
            "items": _closed(
                ["round"],
                {
                    "round": {"type": "integer", "description": "1, 2, … in turn"},
                    "tables": {
                        "type": "array",
                        "items": _closed(
                            ["table", "seats"],
                            {
                                "table": {"type": "integer"},
                                "seats": _SEATS,
                                "game": {
                                    "type": "object",
                                    "nullable": True,
                                    "description": "the table's pinochle-game/1 document "
                                    "(GameDocument), or null while unplayed",
                                },
                            },
                        ),
                    },
                    "byes": _NAMES,
                    "closed": {
                        "type": "boolean",
                        "description": "closed by the director (a seated round): a game "
                        "of it not over counts by unfinished_tables",
                    },
                },
            ),
        },
        "adjustments": {
            "type": "array",
            "items": _closed(
                ["entrant", "round", "points", "reason"],
                {
                    "entrant": _NAME,
                    "round": {"type": "integer"},
                    "points": {"type": "integer", "minimum": -LARGEST, "maximum": LARGEST},
                    "reason": {"type": "string", "minLength": 1},
                    "public": {
                        "type": "boolean",
                        "description": "the reason may show on the club's public results "
                        "(left out: false)",
                    },
                },
            ),
        },
        "prizes": _closed(
            ["entry_fee_cents", "percentages"],
            {
                "entry_fee_cents": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": MAX_FEE_CENTS,
                    "description": "the fee each entrant paid, in cents",
                },
                "percentages": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": MAX_PRIZES,
                    "items": {"type": "integer", "minimum": 1, "maximum": 100},
                    "description": "the pot's percentages by place, first place's first, "
                    "adding up to at most 100",
                },
            },
        )
        | {"nullable": True, "description": "the night's prizes (left out or null: none)"},
    },
)

_ROW = {
    "type": "object",
    "required": ["place", "entrant", "games", "wins", "byes", "points", "adjustments"],
    "properties": {
        "place": {"type": "integer"},
        "entrant": {"type": "string"},
        "games": {"type": "integer"},
        "wins": {"type": "number", "description": "a draw counts half a win"},
        "byes": {"type": "integer"},
        "points": {"type": "integer", "description": "bye points and adjustments included"},
        "adjustments": {"type": "integer"},
    },
}
STANDINGS = {
    "type": "object",
    "required": ["rounds_played", "provisional", "rows"],
    "properties": {
        "rounds_played": {"type": "integer"},
        "provisional": {"type": "boolean", "description": "a game is still being played"},
        "rows": {"type": "array", "items": _ROW},
    },
}
EVENT_SUMMARY = {
    "type": "object",
    "required": ["id", "key", "name", "date", "kind", "ruleset", "rounds", "url"],
    "properties": {
        "id": {"type": "integer"},
        "key": {"type": "string", "description": "sent back as Event-Key"},
        "name": {"type": "string"},
        "date": {"type": "string", "format": "date", "nullable": True},
        "kind": {"type": "string", "enum": list(KINDS)},
        "ruleset": {"type": "string"},
        "rounds": {"type": "integer"},
        "url": {"type": "string"},
    },
}
_CONFIRMED = {
    "confirmed_by": {
        "type": "string",
        "nullable": True,
        "description": "the seated player who confirmed the table's totals (null: not yet)",
    },
    "confirmed_at": {"type": "string", "format": "date-time", "nullable": True},
    "confirmed_by_director": {
        "type": "string",
        "nullable": True,
        "description": "the director's account that tapped the latest confirmation on the "
        "player's behalf (null: the player's own tap on a table code's phone, or not yet)",
    },
    "corrected_after_confirmation": {
        "type": "array",
        "description": "the director's corrections since the first confirmation, oldest first",
        "items": {
            "type": "object",
            "required": ["hand", "action", "reason"],
            "properties": {
                "hand": {"type": "integer"},
                "action": {"type": "string", "enum": ["edited", "deleted", "put_back"]},
                "reason": {"type": "string"},
            },
        },
    },
    "confirm_again": {
        "type": "boolean",
        "description": "corrected since the latest confirmation: the table confirms again",
    },
}
_TABLE = {
    "type": "object",
    "required": ["round", "table", "game", "game_key", "url", *_CONFIRMED],
    "properties": {
        **_CONFIRMED,
        "round": {"type": "integer"},
        "table": {"type": "integer"},
        "game": {"type": "integer", "nullable": True, "description": "the table's game id"},
        "game_key": {"type": "string", "nullable": True},
        "url": {"type": "string", "nullable": True, "description": "the game under /api/v1"},
    },
}
EVENT = {
    "type": "object",
    "required": [*EVENT_SUMMARY["required"], "event", "tables", "standings"],
    "properties": {
        **EVENT_SUMMARY["properties"],
        "event": ref("EventDocument"),
        "tables": {"type": "array", "items": _TABLE},
        "standings": ref("Standings"),
    },
}

CONFIRMATION = {
    "type": "object",
    "required": ["game", "table", *_CONFIRMED],
    "properties": {"game": {"type": "integer"}, "table": {"type": "integer"}, **_CONFIRMED},
}
CONFIRM = {
    "type": "object",
    "additionalProperties": False,
    "required": ["player"],
    "properties": {"player": {**_NAME, "description": "a player seated at the table"}},
}

CLOSE = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "reason": {
            "type": "string",
            "maxLength": 500,
            "description": "why the director ends the round while a table still plays",
        },
        "unconfirmed": {
            "type": "boolean",
            "description": "close although a finished table's totals are not confirmed",
        },
    },
}

EVENT_SCHEMAS = {
    "Close": CLOSE,
    "Confirmation": CONFIRMATION,
    "Confirm": CONFIRM,
    "EventDocument": EVENT_DOCUMENT,
    "Seating": SEATING,
    "Standings": STANDINGS,
    "EventSummary": EVENT_SUMMARY,
    "Event": EVENT,
}

_EVENT_ID = path_number("event_id")
_ROUND = path_number("number", "the round's number, from 1")
_EVENT_KEY = key_header("Event-Key", "event")
_OFFSET = {"type": "integer", "minimum": 0, "maximum": 2**31}
_PAGE = [
    {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 200}},
    {"name": "offset", "in": "query", "schema": _OFFSET},
]
_IF_NONE_MATCH = {
    "name": "If-None-Match",
    "in": "header",
    "required": False,
    "schema": {"type": "string"},
    "description": "the `ETag` of the event as the client has it",
}
_UNCHANGED = {
    "description": "the night has not changed since the `ETag` sent",
    "headers": {"ETag": {"schema": {"type": "string"}}},
}
_EVENT_VIEW = json_content(ref("Event"), "the event, its tables' games and its standings")
_NO_EVENT = error("no such event (or round)")
_GONE = error("the `Event-Key` is not this event's: the event it names was deleted")
_REFUSED = error("the engine refuses the event or the seating (its code and sentence)")

EVENT_PATHS = {
    "/events": {
        "get": {
            "summary": "The events, the latest day first",
            "operationId": "listEvents",
            "parameters": _PAGE,
            "responses": {
                "200": json_content(
                    {
                        "type": "object",
                        "required": ["events"],
                        "properties": {"events": {"type": "array", "items": ref("EventSummary")}},
                    },
                    "a page of events",
                ),
                **REFUSALS,
            },
        },
        "post": {
            "summary": "Create an event from a pinochle-event/1 document",
            "operationId": "createEvent",
            "requestBody": body(ref("EventDocument")),
            "responses": {"201": _EVENT_VIEW, **REFUSALS, "422": _REFUSED, "503": BUSY},
        },
    },
    "/events/{event_id}": {
        "parameters": [_EVENT_ID],
        "get": {
            "summary": "An event: its document, its tables' games, its standings",
            "description": "Made once per change of the night; its `ETag` sent back in "
            "`If-None-Match` is answered 304 while the night has not changed.",
            "operationId": "getEvent",
            "parameters": [_EVENT_KEY, _IF_NONE_MATCH],
            "responses": {
                "200": _EVENT_VIEW,
                "304": _UNCHANGED,
                **REFUSALS,
                "404": _NO_EVENT,
                "410": _GONE,
            },
        },
    },
    "/events/{event_id}/export": {
        "parameters": [_EVENT_ID],
        "get": {
            "summary": "The event's pinochle-event/1 document, as a file",
            "operationId": "exportEvent",
            "parameters": [_EVENT_KEY],
            "responses": {
                "200": json_content(ref("EventDocument"), "the document"),
                **REFUSALS,
                "404": _NO_EVENT,
                "410": _GONE,
            },
        },
    },
    "/games/{game_id}/confirm": {
        "parameters": [path_number("game_id")],
        "post": {
            "summary": "A player seated at a club table confirms its finished game's totals",
            "operationId": "confirmTable",
            "parameters": [key_header("Game-Key", "game")],
            "requestBody": body(ref("Confirm")),
            "responses": {
                "200": json_content(ref("Confirmation"), "who confirmed the table, and when"),
                **REFUSALS,
                "404": error("no such game"),
                "410": error("the `Game-Key` is not this game's: the game it names was deleted"),
                "422": error(
                    "not a club table's game, not over, confirmed already, or a name not "
                    "seated there (the engine's code and sentence)"
                ),
                "503": BUSY,
            },
        },
    },
    "/events/{event_id}/rounds/{number}": {
        "parameters": [_EVENT_ID, _ROUND],
        "put": {
            "summary": "Seat a round not yet played (each table gets its game, no hands yet)",
            "operationId": "seatRound",
            "parameters": [_EVENT_KEY],
            "requestBody": body(ref("Seating")),
            "responses": {
                "200": _EVENT_VIEW,
                **REFUSALS,
                "404": _NO_EVENT,
                "409": error("a hand is recorded at one of the round's tables already"),
                "410": _GONE,
                "422": _REFUSED,
                "503": BUSY,
            },
        },
        "delete": {
            "summary": "Unseat a round no hand is recorded at (its tables and their games go)",
            "operationId": "unseatRound",
            "parameters": [_EVENT_KEY],
            "responses": {
                "200": _EVENT_VIEW,
                **REFUSALS,
                "404": _NO_EVENT,
                "409": error("a hand is recorded at one of the round's tables already"),
                "410": _GONE,
                "422": error("the round is not seated, is closed, or a later round is seated"),
                "503": BUSY,
            },
        },
    },
    "/events/{event_id}/rounds/{number}/close": {
        "parameters": [_EVENT_ID, _ROUND],
        "post": {
            "summary": "Close a round: its tables take no more hands but the director's",
            "operationId": "closeRound",
            "parameters": [_EVENT_KEY],
            "requestBody": body(ref("Close")),
            "responses": {
                "200": _EVENT_VIEW,
                **REFUSALS,
                "404": _NO_EVENT,
                "410": _GONE,
                "422": error(
                    "not seated, closed already, a table still playing without a reason, "
                    "or a finished table unconfirmed without `unconfirmed` (the engine's "
                    "code and sentence)"
                ),
                "503": BUSY,
            },
        },
    },
}

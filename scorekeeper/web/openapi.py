"""The OpenAPI document of the JSON API (``/api/v1/openapi.json``).

It describes what ``web/api.py`` answers; ``tests/web/test_api_schema.py`` has
schemathesis send generated requests and check every answer against it.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.bounds import MAX_HANDS, MAX_REDEALS
from scorekeeper.engine.cards import Suit
from scorekeeper.engine.hand_score import OUTCOMES
from scorekeeper.engine.people import NAME_LIMIT
from scorekeeper.engine.presets import PRESETS
from scorekeeper.web.openapi_events import EVENT_PATHS, EVENT_SCHEMAS
from scorekeeper.web.openapi_parts import (
    BUSY,
    ERROR,
    REFUSALS,
    body,
    error,
    json_content,
    key_header,
    path_number,
    ref,
)

OPENAPI_VERSION = "3.0.3"
# the game's version, as its ETag or bare; the ETag of a compressed answer carries its
# encoding after a colon ("7:gzip", Flask-Compress), which names the same version
IF_MATCH_PATTERN = r'^(W/)?"?[0-9]{1,18}(:(gzip|br|deflate|zstd))?"?$'
IDEMPOTENCY_KEY_PATTERN = r"^[!-~]{1,200}$"  # visible ASCII, as a header carries it


# a player's or a side's name (engine/people.py: also no control or direction characters,
# and a visible one; counted after NFC normalisation and trimming)
_NAME = {"type": "string", "minLength": 1, "maxLength": NAME_LIMIT}


_INTS = {"type": "array", "items": {"type": "integer"}}
_SUIT = {"type": "string", "enum": [suit.value for suit in Suit]}

HAND = {
    "type": "object",
    "description": "One hand, as in the pinochle-game/1 file's `hands`: fields it does "
    "not record are left out.",
    "additionalProperties": False,
    "properties": {
        "bidder": {"type": "string"},
        "bid": {"type": "integer"},
        "trump": _SUIT,
        "meld": {**_INTS, "description": "per side, in the game's side order"},
        "counters": {**_INTS, "description": "per side, for a hand played out"},
        "thrown_in": {"type": "boolean"},
        "passed_out": {"type": "boolean"},
        "no_marriage": {"type": "boolean"},
        "took_trick": {"type": "array", "items": {"type": "boolean"}},
        "all_tricks": {"type": "integer"},
        "meld_chips": _INTS,
        "meld_cards": {
            "type": "object",
            "description": "cards a player showed, by name, in card notation (`AH 10H KH`)",
            "additionalProperties": {"type": "string"},
        },
        "made": {
            "type": "boolean",
            "description": "auction pinochle only: the bidder played and made the bid "
            "(false: a double bete); a bidder who conceded before play is `thrown_in`",
        },
        # the house rules' fields (docs/rules.md §7)
        "renege": {
            "type": "integer",
            "description": "the side that reneged (0 first): it is set, the other side takes "
            "every counter and its meld; the hand records no `counters`",
        },
        "misdeal": {
            "type": "boolean",
            "description": "dealt again by the same dealer: scores nothing, records nothing "
            "else but `time_called`",
        },
        "moon": {
            "type": "boolean",
            "description": "the bidder announced taking every trick (`shoot_the_moon` on)",
        },
        "time_called": {
            "type": "boolean",
            "description": "time was called during the hand: the game ends after it",
        },
    },
}

GAME_DOCUMENT = {
    "type": "object",
    "description": "A pinochle-game/1 document (docs/game-format.md).",
    "required": ["format", "ruleset", "sides"],
    "additionalProperties": False,
    "properties": {
        "format": {"type": "string", "enum": ["pinochle-game/1"]},
        "ruleset": {"type": "string", "enum": sorted(PRESETS)},
        "rules": {"type": "object", "description": "house-rule options (docs/rules.md)"},
        "sides": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name", "players"],
                "additionalProperties": False,
                "properties": {
                    "name": _NAME,
                    "players": {"type": "array", "items": _NAME},
                },
            },
        },
        "seating": {"type": "array", "items": {"type": "string"}},
        "first_dealer": {"type": "string"},
        "played_on": {"type": "string", "format": "date"},
        "hands": {
            "type": "array",
            "maxItems": MAX_HANDS + MAX_REDEALS,
            "description": (
                f"at most {MAX_HANDS} scored hands (`game_too_long`) and {MAX_REDEALS} "
                "passed out or misdealt (`game_too_many_redeals`)"
            ),
            "items": ref("Hand"),
        },
    },
}

_SIDE_OR_NULL = {"type": "integer", "nullable": True}

RESULT = {
    "type": "object",
    "description": "The replay: what `scorekeeper score --json` prints (game-format.md §2).",
    "required": ["ruleset", "target", "hands", "totals", "finished", "went_out", "winner"],
    "properties": {
        "ruleset": {"type": "string"},
        "target": {
            "type": "integer",
            "nullable": True,
            "description": "null in auction pinochle: no race, each hand is paid in chips",
        },
        "hands": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["number", "dealer", "outcome", "points", "totals"],
                "properties": {
                    "number": {"type": "integer"},
                    "dealer": {"type": "string"},
                    "outcome": {"type": "string", "enum": list(OUTCOMES)},
                    "points": _INTS,
                    "totals": _INTS,
                    "chips": _INTS,
                    "meld_from_cards": {
                        "type": "array",
                        "description": "per side, the meld of the cards shown (`meld_cards`); "
                        "null for a side where nobody showed cards; only in a hand with cards",
                        "items": {"type": "integer", "nullable": True},
                    },
                    "kitty": {
                        "type": "integer",
                        "description": "auction pinochle with a kitty: its chips in the hand",
                    },
                },
            },
        },
        "totals": _INTS,
        "finished": {"type": "boolean"},
        "went_out": _SIDE_OR_NULL,
        "winner": {
            "nullable": True,
            "description": "the winning side's index, `draw`, or null while playing",
            "oneOf": [{"type": "integer"}, {"type": "string", "enum": ["draw"]}],
        },
        "chips": {**_INTS, "nullable": True},
        "warnings": {
            "type": "array",
            "description": "what the replay noticed and refused nothing for (meld declared "
            "below the cards shown, a card shown more often than the deck has)",
            "items": {
                "type": "object",
                "required": ["hand", "code", "message"],
                "properties": {
                    "hand": {"type": "integer"},
                    "code": {"type": "string"},
                    "message": {"type": "string"},
                },
            },
        },
        "kitty": {
            "type": "integer",
            "nullable": True,
            "description": "auction pinochle only: the kitty's balance (null without a kitty); "
            "in auction `points` and `totals` are chips",
        },
    },
}

_KEY = {
    "type": "string",
    "description": "the game's key: send it back as `Game-Key` with a change, and a "
    "change meant for a game since deleted (whose id another game has now) is refused "
    "(410, `game_deleted`)",
}

GAME = {
    "type": "object",
    "required": ["id", "key", "version", "url", "game", "result"],
    "properties": {
        "id": {"type": "integer"},
        "key": _KEY,
        "version": {
            "type": "integer",
            "description": "one more with every change; send it back as `If-Match` to refuse "
            "a change made meanwhile (409)",
        },
        "url": {"type": "string", "description": "the game's scoreboard page"},
        "game": ref("GameDocument"),
        "result": ref("Result"),
    },
}

GAME_SUMMARY = {
    "type": "object",
    "required": ["id", "key", "version", "ruleset", "played_on", "sides", "hands", "finished"],
    "properties": {
        "id": {"type": "integer"},
        "key": _KEY,
        "version": {"type": "integer"},
        "ruleset": {"type": "string"},
        "played_on": {"type": "string", "format": "date"},
        "sides": {"type": "array", "items": {"type": "string"}},
        "hands": {"type": "integer"},
        "finished": {"type": "boolean"},
        "winner": RESULT["properties"]["winner"],  # type: ignore[index]
    },
}

MELD_REQUEST = {
    "type": "object",
    "required": ["cards"],
    "additionalProperties": False,
    "properties": {
        "cards": {"type": "string", "description": "card notation: `AH 10H KH QH JH QS JD`"},
        "trump": {**_SUIT, "nullable": True, "description": "left out: every trump"},
        "ruleset": {"type": "string", "enum": sorted(PRESETS), "default": "partnership"},
        "claim": {
            "nullable": True,
            "description": "points (`150`) or meld names (`run, pinochle`) to check",
            "oneOf": [{"type": "integer"}, {"type": "string"}],
        },
    },
}

_MELD = {
    "type": "object",
    "required": ["name", "points", "cards"],
    "properties": {
        "name": {"type": "string"},
        "points": {"type": "integer"},
        "cards": {"type": "array", "items": {"type": "string"}},
    },
}
_MELD_RESULT = {
    "type": "object",
    "required": ["trump", "total", "melds"],
    "properties": {
        "trump": _SUIT,
        "total": {"type": "integer"},
        "melds": {"type": "array", "items": _MELD},
        "chips": {"type": "integer"},
    },
}
MELD_ANSWER = {
    "description": "What `scorekeeper meld --json` prints (game-format.md §3): the meld "
    "of one trump, the meld for every trump (`by_trump`), or the verdict on a claim.",
    "oneOf": [
        _MELD_RESULT,
        {
            "type": "object",
            "required": ["by_trump"],
            "properties": {"by_trump": {"type": "object", "additionalProperties": _MELD_RESULT}},
        },
        {
            "type": "object",
            "required": ["verdict", "reason", "code", "claimed", "total", "trump", "missed"],
            "properties": {
                "verdict": {"type": "string"},
                "reason": {"type": "string"},
                "code": {"type": "string"},
                "claimed": {"type": "integer"},
                "total": {"type": "integer"},
                "trump": _SUIT,
                "missed": {"type": "array", "items": _MELD},
            },
        },
    ],
}


_GAME_ID = path_number("game_id")
_NUMBER = path_number("number", "the hand's number, from 1")
_IF_MATCH = {
    "name": "If-Match",
    "in": "header",
    "required": False,
    "schema": {"type": "string", "pattern": IF_MATCH_PATTERN},
    "description": 'the game\'s `version` the change was made from (e.g. `"7"`)',
}
_GAME_KEY = key_header("Game-Key", "game")
_IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "schema": {"type": "string", "pattern": IDEMPOTENCY_KEY_PATTERN},
    "description": "the same key again (a retry) records nothing and gets the first answer",
}

_SAME_AS = {
    "name": "same_as",
    "in": "query",
    "required": False,
    "schema": {"type": "integer", "minimum": 1, "maximum": 2**31 - 1},
    "description": (
        "a hand with the bidder, bid, trump and meld of the hand before it is refused "
        "(`hand_same_as_before`) unless this names that hand: it is a new hand all the same"
    ),
}

_REASON = {
    "name": "reason",
    "in": "query",
    "required": False,
    "schema": {"type": "string", "maxLength": 500},
    "description": (
        "why the director corrects a hand of a club table whose totals are confirmed or "
        "whose round is closed: kept in the game's history; without it such a correction "
        "is refused (`event_correction_reason`)"
    ),
}

GAME_REFUSALS = {
    **REFUSALS,
    "404": error("no such game or hand"),
    "409": error("the game changed meanwhile (another phone, or a stale If-Match)"),
    "410": error("the `Game-Key` is not this game's: the game it names was deleted"),
    "422": error("a rule of the game refuses it (the engine's sentence)"),
    "503": BUSY,
}


def document(server: str) -> dict[str, Any]:
    """The OpenAPI document, with ``server`` (``/api/v1`` on this host) as its base."""
    game_view = json_content(ref("Game"), "the game, its version and its replay")
    return {
        "openapi": OPENAPI_VERSION,
        "info": {
            "title": "Pinochle scorekeeper",
            "version": "1",
            "description": "Games, hands, meld and club nights, for programs. Send a token "
            "made on the account page (or with `scorekeeper create-token USER`) as "
            "`Authorization: Bearer <token>`; the token's user's role decides what it may "
            "do, as on the pages.",
        },
        "servers": [{"url": server}],
        "security": [{"bearer": []}],
        "paths": {
            "/games": {
                "get": {
                    "summary": "The games, newest first",
                    "operationId": "listGames",
                    "parameters": [
                        {
                            "name": "limit",
                            "in": "query",
                            "schema": {"type": "integer", "minimum": 1, "maximum": 200},
                        },
                        {
                            "name": "offset",
                            "in": "query",
                            "schema": {"type": "integer", "minimum": 0, "maximum": 2**31},
                        },
                    ],
                    "responses": {
                        "200": json_content(
                            {
                                "type": "object",
                                "required": ["games"],
                                "properties": {
                                    "games": {"type": "array", "items": ref("GameSummary")}
                                },
                            },
                            "a page of games",
                        ),
                        **REFUSALS,
                    },
                },
                "post": {
                    "summary": "Create a game from a pinochle-game/1 document (with its hands)",
                    "operationId": "createGame",
                    "requestBody": body(ref("GameDocument")),
                    "responses": {
                        "201": game_view,
                        **REFUSALS,
                        "422": GAME_REFUSALS["422"],
                        "503": BUSY,
                    },
                },
            },
            "/games/{game_id}": {
                "parameters": [_GAME_ID],
                "get": {
                    "summary": "A game: its document and its replay",
                    "operationId": "getGame",
                    "parameters": [_GAME_KEY],
                    "responses": {
                        "200": game_view,
                        **REFUSALS,
                        "404": GAME_REFUSALS["404"],
                        "410": GAME_REFUSALS["410"],
                    },
                },
            },
            "/games/{game_id}/hands": {
                "parameters": [_GAME_ID],
                "post": {
                    "summary": "Record the next hand",
                    "operationId": "addHand",
                    "parameters": [_IF_MATCH, _GAME_KEY, _IDEMPOTENCY_KEY, _SAME_AS],
                    "requestBody": body(ref("Hand")),
                    "responses": {"201": game_view, **GAME_REFUSALS},
                },
            },
            "/games/{game_id}/hands/{number}": {
                "parameters": [_GAME_ID, _NUMBER],
                "put": {
                    "summary": "Correct a hand (the game is replayed with it)",
                    "operationId": "replaceHand",
                    "parameters": [_IF_MATCH, _GAME_KEY, _REASON],
                    "requestBody": body(ref("Hand")),
                    "responses": {"200": game_view, **GAME_REFUSALS},
                },
                "delete": {
                    "summary": "Delete a hand (the later ones move up)",
                    "operationId": "deleteHand",
                    "parameters": [_IF_MATCH, _GAME_KEY, _REASON],
                    "responses": {"200": game_view, **GAME_REFUSALS},
                },
            },
            "/meld": {
                "post": {
                    "summary": "Meld of some cards, or the verdict on a claim",
                    "operationId": "checkMeld",
                    "requestBody": body(ref("MeldRequest")),
                    "responses": {
                        "200": json_content(ref("MeldAnswer"), "the meld or the verdict"),
                        **REFUSALS,
                        "422": error("a card or the claim cannot be read"),
                    },
                },
            },
            **EVENT_PATHS,
        },
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": {
                "Hand": HAND,
                "GameDocument": GAME_DOCUMENT,
                "Result": RESULT,
                "Game": GAME,
                "GameSummary": GAME_SUMMARY,
                "MeldRequest": MELD_REQUEST,
                "MeldAnswer": MELD_ANSWER,
                "Error": ERROR,
                **EVENT_SCHEMAS,
            },
        },
    }

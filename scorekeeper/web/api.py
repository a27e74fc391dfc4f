"""The JSON API under ``/api/v1``, described by ``/api/v1/openapi.json``.

A program sends ``Authorization: Bearer <token>`` (a token made on the account
page or with ``scorekeeper create-token``); the token's user's role decides, as
on the pages (``auth.required_role``). Login cookies open nothing here, so no
other site can make a browser call the API. Every refusal is
``{"error": code, "message": sentence}``: 400 a body or parameter that cannot be
read, 401 no token, 403 the role, 404 no such game or hand, 409 a change made
meanwhile, 422 a rule of the game (the engine's code and sentence).
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

from flask import Blueprint, Response, g, jsonify, request, url_for

from scorekeeper.club.seating import ROUND_PLAYED
from scorekeeper.engine.cards import Suit, parse_cards
from scorekeeper.engine.claims import meld_answer, parse_claim
from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.gamefile import to_document
from scorekeeper.engine.meld import check_hand
from scorekeeper.engine.rules import ruleset
from scorekeeper.engine.scoring import GameResult
from scorekeeper.games import hands as game_hands
from scorekeeper.games.listing import game_summaries
from scorekeeper.games.stored import GameGoneError, get_game, replay_game
from scorekeeper.games.transfer import import_game
from scorekeeper.i18n.languages import DEFAULT as DEFAULT_LANGUAGE
from scorekeeper.i18n.languages import LANGUAGES
from scorekeeper.store import idempotency
from scorekeeper.store.models import Game
from scorekeeper.web.api_access import error_response
from scorekeeper.web.auth import requires
from scorekeeper.web.clubs import club_page_url
from scorekeeper.web.forms import shown, whole_number
from scorekeeper.web.openapi import IDEMPOTENCY_KEY_PATTERN, IF_MATCH_PATTERN, document

bp = Blueprint("api", __name__, url_prefix="/api/v1")

# a change made meanwhile (409): a game's; a round seated again once a hand is played
CONFLICTS = (*game_hands.CONFLICTS, ROUND_PLAYED)
LIST_LIMIT = 200


class ApiError(Exception):
    """A refusal, answered as ``{"error": code, "message": sentence}``."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


@bp.errorhandler(ApiError)
def _refused(error: ApiError) -> Response:
    return error_response(error.status, error.code, error.message)


@bp.errorhandler(GameGoneError)
def _gone_meanwhile(_error: GameGoneError) -> Response:
    return error_response(410, "game_deleted", "The game was deleted meanwhile; nothing was saved.")


@bp.errorhandler(PinochleError)
def _rule_refused(error: PinochleError) -> Response:
    status = 409 if error.code in CONFLICTS else 422
    return error_response(status, error.code, error.message)


# --- who is calling ------------------------------------------------------------------


# --- reading requests ---------------------------------------------------------------------


def json_body() -> dict[str, Any]:
    try:
        body = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the parser goes
        body = None
    if body is None and request.is_json:
        _refuse_long_numbers()
    if not isinstance(body, dict):
        raise ApiError(
            400, "bad_body", "The body must be a JSON object (Content-Type: application/json)."
        )
    if "\\u0000" in request.get_data(as_text=True):  # stored in no text column
        raise ApiError(422, "nul_character", "A text holds a NUL character (\\u0000).")
    if not _utf8(body):
        raise ApiError(
            422,
            "lone_surrogate",
            "A text holds a lone surrogate (\\ud800 to \\udfff without its pair), "
            "which is no character.",
        )
    return body


def _utf8(body: object) -> bool:
    """Whether every text in ``body`` is text UTF-8 can hold: JSON's ``"\\ud800"`` reads
    as a lone surrogate, which no column (and no page) stores."""
    try:
        json.dumps(body, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class _LongNumberError(ValueError):
    pass


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > sys.get_int_max_str_digits():
        raise _LongNumberError(text)
    return int(text)


def _refuse_long_numbers() -> None:
    """A JSON body the parser gave up on because a number in it has more digits than
    Python reads (4,300): 422 saying so, rather than "not a JSON object"."""
    try:
        json.loads(request.get_data(as_text=True), parse_int=_bounded_int)
    except _LongNumberError:
        raise ApiError(
            422,
            "number_too_long",
            f"A number in the body has more than {sys.get_int_max_str_digits()} digits.",
        ) from None
    except (ValueError, RecursionError):
        pass  # not JSON at all: the caller says so


def int_arg(name: str, default: int, low: int, high: int) -> int:
    text = request.args.get(name)
    if text is None:
        return default
    value = whole_number(text)
    if value is None or not low <= value <= high:
        raise ApiError(
            400,
            "bad_parameter",
            f"{name} is a whole number from {low} to {high}, not {shown(text)}.",
        )
    return value


def _expected_version() -> int | None:
    """The game version an ``If-Match`` header names (``"7"``, ``W/"7"``, ``7``, or a
    compressed answer's ``"7:gzip"``)."""
    text = request.headers.get("If-Match")
    if text is None:
        return None
    if not re.fullmatch(IF_MATCH_PATTERN, text):
        raise ApiError(
            400, "bad_if_match", f'If-Match is a game version like "7", not {shown(text, 100)}.'
        )
    return int(text.removeprefix("W/").strip('"').partition(":")[0])


GAME_KEY_HEADER = "Game-Key"


def refuse_another_key(header: str, key: str | None, what: str) -> None:
    """410 ``{what}_deleted`` when the request's ``header`` names another key than the
    found one's (``key``; None: nothing found): it was read from one since deleted."""
    sent = request.headers.get(header)
    if sent is not None and sent != key:
        raise ApiError(
            410, f"{what}_deleted", f"The {what} with that {header} was deleted; nothing was saved."
        )


def page() -> tuple[int, int]:
    """A list's ``limit`` (1 to 200, 50 unless asked) and ``offset``; any other
    parameter is refused."""
    unknown = sorted(set(request.args) - {"limit", "offset"})
    if unknown:
        raise ApiError(
            400, "bad_parameter", f"Unknown parameter {shown(unknown[0], 100)}: limit, offset."
        )
    return int_arg("limit", 50, 1, LIST_LIMIT), int_arg("offset", 0, 0, 2**31)


def _game(game_id: int) -> Game:
    """The game ``game_id``; when the request carries a ``Game-Key`` (the game's ``key``
    as an earlier answer gave it), that game's only: a key of a game since deleted,
    whose id another game has now, is refused with 410 and nothing is written."""
    game = get_game(game_id)
    refuse_another_key(GAME_KEY_HEADER, None if game is None else game.key, "game")
    if game is None:
        raise ApiError(404, "no_game", f"There is no game {game_id}.")
    return game


def game_of(game_id: int) -> Game:
    """The game ``game_id`` as every game route reads it (``Game-Key``, 404, 410)."""
    return _game(game_id)


def _correction() -> game_hands.Correction:
    """The director's correction (an API token that may write is an owner's or a
    scorekeeper's: the night's director), with ``?reason=`` ("" when not sent): a
    locked club table's hand is corrected only with one (``club.confirm``)."""
    return game_hands.Correction(request.args.get("reason", ""))  # checked by engine.reasons


def _hand_number(game: Game, number: int) -> int:
    if not 1 <= number <= len(game.hands):
        raise ApiError(404, "no_hand", f"Game {game.id} has no hand {number}.")
    return number


# --- answers ---------------------------------------------------------------------------


def game_view(game: Game, result: GameResult) -> dict[str, Any]:
    return {
        "id": game.id,
        "key": game.key,
        "version": game.version,
        "url": club_page_url("games.show", game_id=game.id),  # the token's club's page
        "game": to_document(result.game),
        "result": result.as_dict(),
    }


def _game_answer(body: dict[str, Any], status: int = 200) -> Response:
    response = jsonify(body)
    response.status_code = status
    response.headers["ETag"] = f'"{body["version"]}"'
    if status == 201:
        response.headers["Location"] = url_for("api.game", game_id=body["id"])
    return response


# --- games --------------------------------------------------------------------------------


@bp.get("/openapi.json")
def openapi() -> Response:
    return jsonify(document(url_for("api.games", _external=False).removesuffix("/games")))


@bp.get("/games")
def games() -> Response:
    return jsonify({"games": game_summaries(*page())})


@bp.post("/games")
@requires("scorekeeper")
def create_game() -> Response:
    # the printed sheet's language: the best the request's Accept-Language asks for
    language = request.accept_languages.best_match(LANGUAGES, default=DEFAULT_LANGUAGE)
    game = import_game(json_body(), language=language or DEFAULT_LANGUAGE)
    return _game_answer(game_view(game, replay_game(game)), 201)


@bp.get("/games/<int:game_id>")
def game(game_id: int) -> Response:
    found = _game(game_id)
    return _game_answer(game_view(found, replay_game(found)))


class Answer:
    """The game as a change left it, taken in the change's own transaction (once the
    game has its new version): what another phone does after the commit is not in it."""

    def __init__(self) -> None:
        self.view: dict[str, Any] = {}

    def __call__(self, game: Game, result: GameResult) -> None:
        self.view = game_view(game, result)


@bp.post("/games/<int:game_id>/hands")
@requires("scorekeeper")
def add_hand(game_id: int) -> Response:
    """Record the next hand; with an ``Idempotency-Key``, a retry gets the first answer."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        answer = Answer()
        expected = _expected_version()  # a header that cannot be read first: 400
        # a locked club table (confirmed, or its round closed) refuses it: club.confirm
        game_hands.add_hand(_game(game_id), json_body(), expected, answer, _repeat())
        return _game_answer(answer.view, 201)
    return _add_hand_once(game_id, key)


def _repeat() -> game_hands.Repeat:
    """A new hand that repeats the one before it is refused unless ``?same_as=N`` names
    that hand (``engine.repeats``, as the hand form asks "Same as hand N?")."""
    if "same_as" not in request.args:
        return game_hands.ASK
    return game_hands.Repeat(ask=True, same_as=int_arg("same_as", 0, 1, 2**31 - 1))


def _add_hand_once(game_id: int, key: str) -> Response:
    if not re.fullmatch(IDEMPOTENCY_KEY_PATTERN, key):
        raise ApiError(
            400,
            "bad_idempotency_key",
            "Idempotency-Key is 1 to 200 letters, digits and marks of ASCII, without spaces.",
        )
    scope = f"user:{g.api_user.id}" if g.api_user is not None else "anyone"
    hashed = idempotency.request_hash(request.method, request.path, request.get_data())
    kept = _kept_answer(scope, key, hashed)
    if kept is not None:
        return kept
    expected = _expected_version()
    found = _game(game_id)
    document, repeat = json_body(), _repeat()
    answer = Answer()

    def receipt(stored: Game, result: GameResult) -> None:
        answer(stored, result)
        # what a retry needs, not the whole game (a 1,000-hand game's answer is 200 kB)
        kept = {"game": stored.id, "number": len(stored.hands), "version": stored.version}
        idempotency.keep(scope, key, hashed, 201, kept)

    try:
        game_hands.add_hand(found, document, expected, receipt, repeat)
    except PinochleError as error:
        # the same key sent twice at once: one recorded it (the other meets its version,
        # or with no If-Match finds the hand it is, as "same as hand N?")
        if error.code in (*CONFLICTS, "hand_same_as_before"):
            kept = _kept_answer(scope, key, hashed)
            if kept is not None:
                return kept
        raise
    return _game_answer(answer.view, 201)


def _kept_answer(scope: str, key: str, hashed: str) -> Response | None:
    kept = idempotency.find(scope, key)
    if kept is None:
        return None
    if kept.request_hash != hashed:
        raise ApiError(
            422,
            "idempotency_key_reused",
            "This Idempotency-Key was sent with another request; use a new key.",
        )
    response = _game_answer(_replayed(kept.body), kept.status)
    response.headers["Idempotent-Replayed"] = "true"
    return response


def _replayed(body: dict[str, Any]) -> dict[str, Any]:
    """The answer to a retry: the game the hand was recorded in, as it is now (as the
    first answer had it while nothing else changed). A key kept before receipts were
    small holds the whole answer."""
    if "result" in body:
        return body
    # read afresh: the game this request read before its hand met the kept one may be
    # of two moments (its row before the other request's commit, its hands after)
    game = get_game(int(body["game"]), fresh=True)
    if game is None:
        raise ApiError(410, "game_deleted", "The game this hand was recorded in was deleted.")
    return game_view(game, replay_game(game))


@bp.put("/games/<int:game_id>/hands/<int:number>")
@requires("scorekeeper")
def replace_hand(game_id: int, number: int) -> Response:
    expected = _expected_version()
    found = _game(game_id)
    answer = Answer()
    correction = _correction()
    number = _hand_number(found, number)
    game_hands.replace_hand(found, number, json_body(), expected, answer, correction)
    return _game_answer(answer.view)


@bp.delete("/games/<int:game_id>/hands/<int:number>")
@requires("scorekeeper")
def delete_hand(game_id: int, number: int) -> Response:
    expected = _expected_version()
    found = _game(game_id)
    answer = Answer()
    correction = _correction()
    game_hands.delete_hand(found, _hand_number(found, number), expected, answer, correction)
    return _game_answer(answer.view)


# --- meld ---------------------------------------------------------------------------------

MELD_FIELDS = {"cards", "trump", "ruleset", "claim"}


@bp.post("/meld")
@requires("viewer")
def meld() -> Response:
    """The meld of some cards (one trump or every trump), or the verdict on a claim."""
    body = json_body()
    unknown = sorted(set(body) - MELD_FIELDS)
    if unknown:
        raise ApiError(
            422,
            "unknown_field",
            f"Unknown field {shown(unknown[0], 100)}: expected cards, trump, ruleset, claim.",
        )
    cards, trump, name, claim = (body.get(f) for f in ("cards", "trump", "ruleset", "claim"))
    if not isinstance(cards, str):
        raise ApiError(422, "bad_cards", "cards is a string of cards, like 'AH 10H KH QH JH'.")
    if not isinstance(trump, str | None) or not isinstance(name, str | None):
        raise ApiError(422, "bad_field", "trump and ruleset are strings (or left out).")
    if not isinstance(claim, int | str | None) or isinstance(claim, bool):
        raise ApiError(422, "bad_claim", "claim is points (150) or meld names ('run, pinochle').")
    rules = ruleset("partnership" if name is None else name)  # "" is no rule set
    hand = parse_cards(cards, rules.meld_table.deck)
    check_hand(hand, rules)
    claimed = parse_claim(claim) if isinstance(claim, str) else claim
    return jsonify(meld_answer(hand, None if trump is None else Suit.parse(trump), rules, claimed))

"""The JSON API's club nights, under ``/api/v1/events`` (docs/api.md, docs/event-format.md).

Its routes are the API blueprint's (``web.api.bp``), with its refusals.
An event is created from a ``pinochle-event/1`` document, read with its standings and
the games of its tables, exported as the document, and each round seated by the
director before it is played: every table then has an ordinary game, whose hands go
through ``/api/v1/games/{id}/hands`` as any game's. The refusals are the games API's
(``{"error": code, "message": sentence}``): the engine's codes with 422, a round
whose tables have hands already with 409 (``event_round_played``).
"""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, g, jsonify, request, url_for

from scorekeeper.club.confirm import Confirmer, confirm_totals, confirmed
from scorekeeper.club.events import (
    event_standings,
    events_page,
    export_event,
    get_event,
    import_event,
    night_stamp,
)
from scorekeeper.club.rounds import close_round
from scorekeeper.club.seating import record_seating, unseat_round
from scorekeeper.i18n.languages import DEFAULT as DEFAULT_LANGUAGE
from scorekeeper.i18n.languages import LANGUAGES
from scorekeeper.store.club_models import Event, EventTable
from scorekeeper.web import page_cache
from scorekeeper.web.api import ApiError, bp, game_of, json_body, page, refuse_another_key
from scorekeeper.web.auth import requires

EVENT_KEY_HEADER = "Event-Key"


def _event(event_id: int) -> Event:
    """The event ``event_id``; with an ``Event-Key`` header, that event's only (410
    when the event it was read from is gone)."""
    event = get_event(event_id)
    refuse_another_key(EVENT_KEY_HEADER, None if event is None else event.key, "event")
    if event is None:
        raise ApiError(404, "no_event", f"There is no event {event_id}.")
    return event


def _language() -> str:
    """The tables' sheets' language: the best the request's Accept-Language asks for."""
    return request.accept_languages.best_match(LANGUAGES, default=DEFAULT_LANGUAGE) or (
        DEFAULT_LANGUAGE
    )


# --- answers ---------------------------------------------------------------------------


def summary(event: Event) -> dict[str, Any]:
    return {
        "id": event.id,
        "key": event.key,
        "name": event.name,
        "date": None if event.date is None else event.date.isoformat(),
        "kind": event.kind,
        "ruleset": event.ruleset,
        "rounds": event.rounds_count,
        "url": url_for("api.event", event_id=event.id),
    }


def event_view(event: Event) -> dict[str, Any]:
    """The event: its summary, its document, where each table's game is, its standings."""
    tables = [
        {
            "round": round_.number,
            "table": table.number,
            "game": table.game_id,
            "game_key": None if table.game is None else table.game.key,
            "url": None if table.game_id is None else url_for("api.game", game_id=table.game_id),
            **confirmed_fields(table),
        }
        for round_ in event.rounds
        for table in round_.tables
    ]
    return {
        **summary(event),
        "event": export_event(event),
        "tables": tables,
        "standings": event_standings(event).as_dict(),
    }


def confirmed_fields(table: EventTable) -> dict[str, Any]:
    """Who confirmed the table's totals last, and when (both null until then), the
    director who tapped it on that player's behalf (else null), the director's
    corrections since the first confirmation, and whether the table confirms again."""
    state = confirmed(table)
    at = state.at
    return {
        "confirmed_by": state.by,
        "confirmed_at": None if at is None else at.isoformat(timespec="seconds") + "Z",
        "confirmed_by_director": state.director,
        "corrected_after_confirmation": [
            {"hand": hand, "action": action, "reason": reason}
            for hand, action, reason in state.corrected
        ],
        "confirm_again": state.again,
    }


def _answer(event: Event, status: int = 200) -> Response:
    response = jsonify(event_view(event))
    response.status_code = status
    if status == 201:
        response.headers["Location"] = url_for("api.event", event_id=event.id)
    return response


# --- events --------------------------------------------------------------------------------


@bp.get("/events")
def events() -> Response:
    return jsonify({"events": [summary(event) for event in events_page(*page())]})


@bp.post("/events")
@requires("scorekeeper")
def create_event() -> Response:
    event = import_event(json_body(), language=_language())
    return _answer(event, 201)


@bp.get("/events/<int:event_id>")
def event(event_id: int) -> Response:
    """The event with its standings, made once per change of the night and kept by its
    stamp as the night's pages are (``web.night_pages``): every table's game replayed
    once per change, not once per client's poll; 304 for a client that sends the
    ``ETag`` back."""
    stamped = night_stamp(event_id)
    refuse_another_key(EVENT_KEY_HEADER, None if stamped is None else stamped[0], "event")
    if stamped is None:
        raise ApiError(404, "no_event", f"There is no event {event_id}.")
    key = ("api-event", event_id, *stamped)
    etag = page_cache.etag_of(*key)
    if page_cache.unchanged(etag):
        return page_cache.not_modified(etag)
    cache = page_cache.page_cache()
    kept: page_cache.Page | None = cache.get(key)
    if kept is None:
        # as jsonify writes it (the app's JSON settings: compact unless debugging)
        made = current_app.json.response(event_view(_event(event_id)))
        kept = page_cache.Page(made.get_data(as_text=True))
        cache.put(key, kept, 2 * len(kept.html))  # the JSON and its compressed forms
    return page_cache.page_response(kept, etag, "application/json")


@bp.get("/events/<int:event_id>/export")
def event_file(event_id: int) -> Response:
    response = jsonify(export_event(_event(event_id)))
    response.headers["Content-Disposition"] = f'attachment; filename="event-{event_id}.json"'
    return response


@bp.put("/events/<int:event_id>/rounds/<int:number>")
@requires("scorekeeper")
def seat_round(event_id: int, number: int) -> Response:
    """Seat a round not yet played: each table gets its game, with no hands yet."""
    found = _round_of(event_id, number)
    document = json_body()
    record_seating(found, number, document, _language())
    return _answer(_event(event_id))


@bp.delete("/events/<int:event_id>/rounds/<int:number>")
@requires("scorekeeper")
def unseat(event_id: int, number: int) -> Response:
    """Take back a round's seating while none of its tables has a hand."""
    unseat_round(_round_of(event_id, number), number)
    return _answer(_event(event_id))


@bp.post("/events/<int:event_id>/rounds/<int:number>/close")
@requires("scorekeeper")
def close(event_id: int, number: int) -> Response:
    """Close a round (``{"reason": ..., "unconfirmed": true}``, both optional): the
    reason when a table still plays, ``unconfirmed`` when a finished table's totals are
    not confirmed (as the page asks once)."""
    found = _round_of(event_id, number)
    body = json_body()
    reason, unconfirmed = body.get("reason", ""), body.get("unconfirmed", False)
    if (
        set(body) - {"reason", "unconfirmed"}
        or not isinstance(reason, str)
        or not isinstance(unconfirmed, bool)
    ):
        raise ApiError(
            422, "bad_field", 'The body is {"reason": a text, "unconfirmed": true or false}.'
        )
    close_round(found, number, reason, unconfirmed=unconfirmed)
    return _answer(_event(event_id))


def _round_of(event_id: int, number: int) -> Event:
    """The event of round ``number`` (404 for a round it does not have)."""
    found = _event(event_id)
    if not 1 <= number <= found.rounds_count:
        raise ApiError(
            404,
            "no_round",
            f"Event {event_id} has rounds 1 to {found.rounds_count}, not {number}.",
        )
    return found


# --- a table's totals confirmed ------------------------------------------------------------


@bp.post("/games/<int:game_id>/confirm")
@requires("scorekeeper")
def confirm_table(game_id: int) -> Response:
    """A player seated at a club table confirms its finished game's totals
    (``{"player": "Bea"}``); the engine's codes with 422 when refused."""
    game = game_of(game_id)  # first: another club's game is not found, whatever the body
    body = json_body()
    unknown = sorted(set(body) - {"player"})
    player = body.get("player")
    if unknown or not isinstance(player, str):
        raise ApiError(422, "bad_field", 'The body is {"player": a name seated at the table}.')
    # an API token is a director's (a scorekeeper's or the owner's): on the player's behalf
    user = g.get("api_user")
    director = "owner" if user is None else str(user.name)  # "owner": logins switched off
    table = confirm_totals(game, player, Confirmer(director=director))
    return jsonify({"game": game.id, "table": table.number, **confirmed_fields(table)})

"""The web app: one blueprint per area, the forms, error pages and template helpers,
registered in one place. The top floor: may import every service area, ``store``,
``i18n`` and the engine; nothing imports it but the app factory."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import (
    Flask,
    Response,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm.exc import ObjectDeletedError
from werkzeug.exceptions import Gone, HTTPException, InternalServerError
from werkzeug.routing import IntegerConverter

from scorekeeper.engine.cards import Suit
from scorekeeper.engine.presets import PRESETS
from scorekeeper.games.stored import GameGoneError
from scorekeeper.i18n.formats import install_helpers
from scorekeeper.i18n.languages import COOKIE, LANGUAGES
from scorekeeper.web.event_clock import install_clock


class DigitsConverter(IntegerConverter):
    """``<int:...>`` in the digits 0 to 9 only (werkzeug's ``\\d`` takes ``٣`` too), at
    most 18 of them: any other address is not found."""

    regex = r"[0-9]{1,18}"


def register(app: Flask) -> None:
    from scorekeeper.club.confirm import guard_hands
    from scorekeeper.extensions import csrf
    from scorekeeper.web import (
        api,
        api_events,  # noqa: F401 (its routes join the API's blueprint)
        auth,
        club_start,
        clubs,
        competitions,  # noqa: F401 (its routes join the results blueprint)
        event_entrants,  # noqa: F401 (its routes join the events blueprint)
        event_prints,  # noqa: F401 (its routes join the events blueprint)
        events,
        games,
        hands,
        history,
        meld,
        offline,
        page_cache,
        records,  # noqa: F401 (its routes join the results blueprint)
        result_prints,  # noqa: F401 (its routes join the results blueprint)
        results,
        share,
        sheets,
        stats,
        table_codes,
    )

    app.url_map.converters["int"] = DigitsConverter  # before any route is added
    clubs.install(app)  # the request's club first: the access check reads its role
    auth.register_access(app)
    csrf.exempt(api.bp)  # a bearer token, never a cookie, opens the API
    # every change of a game's hands asks whether its club table is locked first
    guard_hands()
    app.register_blueprint(api.bp)
    app.register_blueprint(auth.bp)
    app.register_blueprint(club_start.bp)
    app.register_blueprint(share.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(events.bp)
    app.register_blueprint(hands.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(meld.bp)
    app.register_blueprint(sheets.bp)
    app.register_blueprint(stats.bp)
    app.register_blueprint(table_codes.bp)
    app.register_blueprint(results.bp)
    offline.install(app)
    app.add_url_rule("/health", "health", _health)
    app.add_url_rule("/language/<code>", "language", _language)
    app.register_error_handler(400, _or_json(_bad_request))
    app.register_error_handler(403, _or_json(_forbidden))
    app.register_error_handler(404, _or_json(_not_found))
    app.register_error_handler(410, _or_json(_gone))
    app.register_error_handler(GameGoneError, _gone_meanwhile)
    app.register_error_handler(ObjectDeletedError, _gone_meanwhile)
    app.register_error_handler(429, _or_json(_too_many))
    app.register_error_handler(413, _or_json(_too_large))
    app.register_error_handler(405, _or_json(_not_allowed))
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(500, _or_json(_server_error))
    app.register_error_handler(DBAPIError, _database_error)
    app.register_error_handler(503, _or_json(_busy))
    app.before_request(_refuse_nul)
    app.context_processor(_template_helpers)
    app.after_request(_headers)
    app.after_request(_static_read_whole)  # runs before Flask-Compress's (registered first)
    app.after_request(page_cache.compress_refusal)  # the 4xx and 5xx Flask-Compress leaves
    app.add_template_filter(suit_symbol, "suit")
    install_helpers(app.jinja_env)
    install_clock(app)


def _refuse_nul() -> None:
    """A NUL character is in no name, number or card, and PostgreSQL stores none in
    text: a field holding one is refused (400) before anything reads it."""
    if "\x00" in request.path:
        abort(404)
    for values in (request.args, request.form):
        for name, value in values.items(multi=True):
            if "\x00" in name or "\x00" in value:
                abort(400, _("The field %(name)s holds a NUL character.", name=repr(name)))


def _health() -> tuple[str, int, dict[str, str]]:
    """For a proxy or a monitor: the app answers (touching no database connection), and
    says ``degraded`` with the reason while the database cannot be written (reads go on:
    store/writable.py); the load benchmark's baseline."""
    from scorekeeper.extensions import db
    from scorekeeper.store.writable import problem

    reason = problem(db.engine)
    text = "ok\n" if reason is None else f"degraded: {HEALTH_REASONS[reason]}\n"
    return text, 200, {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}


HEALTH_REASONS = {
    "disk_full": "the database cannot be written: its disk is full",
    "read_only": "the database cannot be written: it is read-only",
}


def _language(code: str) -> Response:
    """The footer's language links: remember the choice for a year, back to the page."""
    from scorekeeper.web.auth import local_path

    if code not in LANGUAGES:
        abort(404)
    back = local_path(request.args.get("next")) or url_for("games.index")
    response = redirect(back)
    response.set_cookie(
        COOKIE,
        code,
        max_age=365 * 24 * 3600,
        httponly=True,
        samesite="Lax",
        secure=current_app.config.get("SESSION_COOKIE_SECURE", False),
    )
    return response


ErrorPage = Callable[[Exception], Any]
_SERVER_ERROR = InternalServerError()


def _or_json(page: ErrorPage) -> ErrorPage:
    """An error page, or the API's JSON refusal on an API address."""

    def answer(error: Exception) -> Any:
        from scorekeeper.web import api_access

        if getattr(error, "code", 500) == 500:
            _roll_back()  # what failed may have left the session unusable for the page

        if api_access.is_api_request():
            return api_access.http_error(
                error if isinstance(error, HTTPException) else _SERVER_ERROR
            )
        from scorekeeper.web.hand_keys import wants_json

        status = getattr(error, "code", 500)
        if status in JSON_REFUSALS and wants_json():  # the offline queue's post
            retry_after = getattr(error, "retry_after", None)
            return json_refusal(
                status,
                JSON_REFUSALS[status],
                str(getattr(error, "description", "") or ""),
                {"Retry-After": str(retry_after)} if retry_after else {},
            )
        return page(error)

    return answer


# a page's refusals a JSON caller (the offline queue) gets as {"error", "messages"}: a
# game deleted (its queued hand needs a look) and every 503 (it tries again later)
JSON_REFUSALS = {410: "game_deleted", 503: "busy"}


def json_refusal(status: int, code: str, message: str, headers: dict[str, str]) -> Response:
    """A page's refusal as the offline queue reads it (docs/offline.md)."""
    response = jsonify({"error": code, "messages": [message]})
    response.status_code = status
    response.headers.update(headers)
    return response


def _roll_back() -> None:
    """End the failed request's transaction, so the error page can read (its user, its
    language) rather than fail again with PendingRollbackError."""
    from scorekeeper.extensions import db

    try:
        db.session.rollback()
    except Exception:
        current_app.logger.exception("rolling back after an error failed")


# scripts only from this site's files (none inline); styles inline too (the print view)
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


def _headers(response: Response) -> Response:
    """Security headers on every answer; form pages travel in query strings (the meld
    checker), so the referrer stays on this site."""
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "DENY")
    return response


def _static_read_whole(response: Response) -> Response:
    """A static file (a few kB each) read whole and closed at once rather than streamed:
    compressed as the pages are (Flask-Compress streams without gzip and leaves the file
    to the collector), still answered 304 by its ETag."""
    if request.endpoint != "static" or not response.direct_passthrough:
        return response
    if response.status_code != 200:
        return response
    stream = response.response
    response.direct_passthrough = False
    try:
        response.set_data(b"".join(response.iter_encoded()))
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()
    return response


def suit_symbol(letter: str | None) -> str:
    """``H`` -> ``♥`` (a template filter: trump as a suit symbol)."""
    if not letter:
        return ""
    return Suit(letter).symbol


def _template_helpers() -> dict[str, Any]:
    return {
        "PRESETS": PRESETS,
        "SUITS": list(Suit),
        "LANGUAGES": LANGUAGES,
        "get_locale": get_locale,
    }


def _error_page(status: int, title: str, message: str) -> tuple[str, int]:
    return render_template("error.html", title=title, message=message, status=status), status


def _bad_request(error: Exception) -> tuple[str, int]:
    description = getattr(error, "description", "") or _("The request could not be read.")
    return _error_page(400, _("Cannot do that"), str(description))


def _too_large(_error: Exception) -> tuple[str, int]:
    return _error_page(413, _("Too large"), _("A file sent here may be at most 2 MB."))


def _forbidden(_error: Exception) -> tuple[str, int]:
    return _error_page(
        403,
        _("Not allowed for you"),
        _("Your role cannot do that. Ask the owner for a role that can."),
    )


def _too_many(error: Exception) -> tuple[str, int]:
    description = getattr(error, "description", "") or _("Too many tries. Wait a while.")
    return _error_page(429, _("Too many tries"), str(description))


def _busy(error: Exception) -> tuple[str, int, dict[str, str]]:
    """503: the server is busy (the render slots taken); try again after Retry-After."""
    description = getattr(error, "description", "") or _("Busy just now. Try again soon.")
    page, status = _error_page(503, _("Busy"), str(description))
    retry_after = getattr(error, "retry_after", None)
    return page, status, ({"Retry-After": str(retry_after)} if retry_after else {})


def _gone(error: Exception) -> tuple[str, int]:
    """410: a write carried the key of a game since deleted (``forms.game_or_404``)."""
    return _error_page(410, _("Game deleted"), str(getattr(error, "description", "")))


def _gone_meanwhile(error: Exception) -> Any:
    """A write whose game (or other row) was deleted while it was under way: 410 with
    the page's sentence (JSON for the offline queue and the API), never a 500."""
    from scorekeeper.web.forms import gone_sentence

    _roll_back()
    if isinstance(error, GameGoneError):
        sentence = gone_sentence()
    else:
        sentence = _("What this page was about was deleted meanwhile: nothing was saved.")
    return _or_json(_gone)(Gone(sentence))


def _not_found(_error: Exception) -> tuple[str, int]:
    return _error_page(404, _("Not found"), _("There is no such page, game or hand."))


def _not_allowed(_error: Exception) -> tuple[str, int]:
    return _error_page(405, _("Not allowed"), _("That page cannot be used this way."))


def _csrf_error(error: CSRFError) -> Any:
    """400: the form's CSRF token is not this session's. A post asking for JSON (the
    offline queue's) gets ``{"error": "csrf_expired", "messages": [...]}``, so the queue
    fetches a fresh token and sends the hand again (docs/offline.md)."""
    from scorekeeper.web.hand_keys import refused, wants_json

    message = _("The form was too old or not sent from this app. Go back, reload and try again.")
    if wants_json():
        return refused(400, "csrf_expired", [message], None)
    return _error_page(400, _("Form expired"), message)


RETRY_AFTER = 5  # seconds a busy answer asks to wait before trying again
CANNOT_WRITE_RETRY = 60  # seconds a write refused by a full or read-only disk waits


def _database_error(error: DBAPIError) -> Any:
    """A write the database refused (a full disk, a read-only database: 503, saying so)
    or a lock another write held past the lock timeout (503, busy): Retry-After and a
    sentence, as the page, the API's JSON or the queue's, the transaction rolled back so
    the answer itself can read. Any other database failure is the 500 it was."""
    from scorekeeper.extensions import db
    from scorekeeper.store.locks import is_lock_timeout
    from scorekeeper.store.writable import cannot_write

    db.session.rollback()
    reason = cannot_write(error)
    if reason is not None:
        code, retry_after, message = (
            "cannot_write",
            CANNOT_WRITE_RETRY,
            cannot_write_sentence(reason),
        )
    elif is_lock_timeout(error):
        code, retry_after = "busy", RETRY_AFTER
        message = _(
            "The server is busy with another change; nothing was saved. Try again in a few seconds."
        )
    else:
        raise error
    return _unavailable(code, message, retry_after)


def cannot_write_sentence(reason: str) -> str:
    if reason == "disk_full":
        return _(
            "The server cannot write: its disk is full. Nothing was saved; everything "
            "already saved is safe and can be read."
        )
    return _(
        "The server cannot write: its database is read-only. Nothing was saved; "
        "everything already saved is safe and can be read."
    )


def _unavailable(code: str, message: str, retry_after: int) -> Any:
    """503 with Retry-After: the API's JSON, the queue's JSON, or the page."""
    from scorekeeper.web import api_access
    from scorekeeper.web.hand_keys import wants_json

    headers = {"Retry-After": str(retry_after)}
    if api_access.is_api_request():
        response = api_access.error_response(503, code, message)
        response.headers.update(headers)
        return response
    if wants_json():
        return json_refusal(503, code, message, headers)
    title = _("Cannot save just now") if code == "cannot_write" else _("Busy")
    page, status = _error_page(503, title, message)
    return page, status, headers


def _server_error(_error: Exception) -> tuple[str, int]:
    return _error_page(500, _("Something went wrong"), _("Nothing was saved. Please try again."))

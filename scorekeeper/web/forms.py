"""Form plumbing shared by the pages: the engine's refusals shown next to their field.

Which field a refusal belongs to is presentation, not a rule: the engine's
sentence is shown as it is, beside the field whose value it names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from babel import support
from flask import abort, current_app, has_request_context, request
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import IntegerField
from wtforms.i18n import messages_path
from wtforms.widgets import TextInput

from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.refusals import FIELD_OF_CODE as HAND_FIELD_OF_CODE
from scorekeeper.engine.typed import read_number
from scorekeeper.games.stored import get_game
from scorekeeper.i18n.refusals import RefusalError, engine_message, translated
from scorekeeper.store.models import Game, Hand

# refusal code (or code prefix) -> the form field it is about: the meld checker's and
# the new game's fields first, then a hand's (the engine's own table)
FIELD_OF_CODE: tuple[tuple[str, str], ...] = (
    ("card_", "cards"),
    ("hand_too_large", "cards"),
    ("claim_", "claim"),
    ("suit_", "trump"),
    ("ruleset_", "ruleset"),
    ("sides_", "players"),
    ("side_", "players"),
    ("player_", "players"),
    ("seating_", "players"),
    ("dealer_", "first_dealer"),
    *HAND_FIELD_OF_CODE,
)


def field_for(error: PinochleError) -> str | None:
    """The name of the field a refusal is about, or None for the whole form."""
    if error.code in ("hand_missing", "hand_values_count", "hand_not_applicable"):
        return str(error.values.get("field"))
    if error.code.startswith("option_"):
        return str(error.values.get("option"))
    for prefix, name in FIELD_OF_CODE:
        if error.code.startswith(prefix):
            return name
    return None


T = TypeVar("T")


# WTForms' own messages (a field's "Not a valid choice") by language, read from their
# catalog once per language: Flask-WTF reads it again for every request a form is made
# in, 0.2 ms of each hand saved
_WTFORMS_MESSAGES: dict[str, Any] = {}


def _wtforms_messages() -> Any:
    locale = get_locale()
    key = str(locale)
    if key not in _WTFORMS_MESSAGES:
        _WTFORMS_MESSAGES[key] = support.Translations.load(
            messages_path(), [locale], domain="wtforms"
        )
    return _WTFORMS_MESSAGES[key]


class EngineForm(FlaskForm):  # type: ignore[misc]
    """A form that can show an engine refusal next to the field it is about."""

    class Meta(FlaskForm.Meta):  # type: ignore[misc]
        def get_translations(self, form: Any) -> Any:
            if not (current_app.config.get("WTF_I18N_ENABLED", True) and has_request_context()):
                return super().get_translations(form)  # (no request: no page's language)
            return _wtforms_messages()

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.engine_error: PinochleError | None = None

    def show_error(self, error: PinochleError) -> None:
        """Put the engine's sentence on its field (or on the form when none fits)."""
        self.engine_error = error
        self.add_error(field_for(error), engine_message(error))

    def add_error(self, name: str | None, message: str) -> None:
        """Show ``message`` beside the field called ``name`` (or on the form)."""
        field = getattr(self, name, None) if name else None
        if field is not None and hasattr(field, "errors"):
            if not isinstance(field.errors, list):
                field.errors = list(field.errors)
            field.errors.append(message)
        else:
            self.form_errors.append(message)

    def made(self, make: Callable[[], T]) -> T | None:
        """``make()``'s answer when the form is valid and the service takes it; else None,
        with the service's refusal (a ``RefusalError``) shown at its field."""
        if not self.validate():
            return None
        try:
            return make()
        except RefusalError as exc:
            self.add_error(exc.field, translated(exc))
            return None


# the hidden field every form aimed at a game carries: the game's key (``Game.key``)
GAME_KEY = "game_key"


def game_or_404(game_id: int, history: bool = True) -> Game:
    """The stored game (its history read only if asked for, without ``history``), or a
    404 page; a post that carries another game's key (its page, or a phone's queued
    hand, was made for a game since deleted, whose id went to this one) is refused with
    410, "That game was deleted", and nothing is written."""
    game = get_game(game_id, history=history)
    posted = request.form.get(GAME_KEY) if request.method == "POST" else None
    if posted is not None and (game is None or posted != game.key):
        abort(410, gone_sentence())
    if game is None:
        abort(404)
    return game


def gone_sentence() -> str:
    return _("That game was deleted: nothing was saved. Go back to the list of games.")


def hand_or_404(game: Game, number: int) -> Hand:
    """Hand ``number`` of the game, or a 404 page."""
    if not 1 <= number <= len(game.hands):
        abort(404)
    return game.hands[number - 1]


def posted_int(value: str | None) -> int | None:
    """A whole number sent back by a form's hidden field, or None."""
    if value and value.isascii() and value.isdigit() and len(value) < 10:
        return int(value)
    return None


# --- numbers ---------------------------------------------------------------------------------

# IntegerField's own sentence, which wtforms' catalogs translate (not the app's)
WTFORMS_NOT_AN_INTEGER = "Not a valid integer value."


def whole_number(text: str | None) -> int | None:
    """``text`` as a whole number in the digits 0 to 9 (a sign and spaces around allowed,
    at most 100 digits: the engine's ``entry.read_number``), or None: not ``1e3``,
    ``NaN``, ``7.0``, ``1_000``, nor other scripts' digits (``int()`` reads ``'٣'`` as 3).

    >>> whole_number(" 250 "), whole_number("-3"), whole_number("٣"), whole_number("9" * 5000)
    (250, -3, None, None)
    """
    return None if text is None else read_number(text)


def shown(text: str, most: int = 20) -> str:
    """``text`` quoted for a sentence, cut to ``most`` characters."""
    return repr(text) if len(text) <= most else repr(text[:most]) + "…"


def int_arg(name: str, default: int, low: int, high: int, label: str | None = None) -> int:
    """The query parameter ``name`` as a whole number from ``low`` to ``high`` (``default``
    when it is not sent); refused with a 400 page saying so otherwise, calling it
    ``label`` (the field's name on the page) when given."""
    text = request.args.get(name)
    if text is None:
        return default
    value = whole_number(text)
    if value is None or not low <= value <= high:
        abort(
            400,
            _(
                "%(name)s is a whole number from %(low)s to %(high)s, not %(value)s.",
                name=label or name,
                low=low,
                high=high,
                value=shown(text),
            ),
        )
    return value


class WholeNumberField(IntegerField):  # type: ignore[misc]
    """An ``IntegerField`` reading only what ``whole_number`` reads: a number the phone
    shows as typed, and never one too long to read (the engine bounds the rest).

    It is a text field (``inputmode="numeric"`` brings the phone's number pad): a
    browser's ``type="number"`` drops what is not a number as it is typed ("4o" is sent
    as "4"), and keeps no selection, so a tap could not select its value for typing to
    replace (static/js/entry.js). What was typed reaches the server as typed."""

    widget = TextInput()

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist or not isinstance(valuelist[0], str) or not valuelist[0].strip():
            super().process_formdata(valuelist)  # empty: the field's validators decide
            return
        self.data = whole_number(valuelist[0])
        if self.data is None:
            raise ValueError(self.invalid_value_message or self.gettext(WTFORMS_NOT_AN_INTEGER))

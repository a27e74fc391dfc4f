"""Form plumbing shared by the pages: the engine's refusals shown next to their field.

Which field a refusal belongs to is presentation, not a rule: the engine's
sentence is shown as it is, beside the field whose value it names.
"""

from __future__ import annotations

from flask import abort
from flask_wtf import FlaskForm

from .. import services
from ..engine.errors import PinochleError
from ..i18n import engine_message
from ..models import Game, Hand

# refusal code (or code prefix) -> the form field it is about
FIELD_OF_CODE: tuple[tuple[str, str], ...] = (
    ("bidder_", "bidder"),
    ("bid_", "bid"),
    ("counters_", "counters"),
    ("meld_cards_", "meld_cards"),
    ("meld_chips_", "meld_chips"),
    ("meld_", "meld"),
    ("throw_in_", "thrown_in"),
    ("passed_out_", "passed_out"),
    ("trump_", "trump"),
    ("no_marriage_", "trump"),
    ("took_trick_", "took_trick"),
    ("all_tricks_", "all_tricks"),
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


class EngineForm(FlaskForm):  # type: ignore[misc]
    """A form that can show an engine refusal next to the field it is about."""

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


def game_or_404(game_id: int) -> Game:
    """The stored game, or a 404 page."""
    game = services.get_game(game_id)
    if game is None:
        abort(404)
    return game


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

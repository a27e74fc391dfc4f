"""The values of the house-rule options club sheets add (rules.md §7): ``save_meld:
always``, ``lose_below``, ``game_end``, ``marriage_to_bid``, ``min_meld_to_play`` and
``shoot_the_moon``.

Each reader takes the rule set and a value as a game file or a form gives it (a form's
choice is text: ``"-1000"``) and answers the value as the rules keep it, or None when
it is not one. ``HOUSE_CHOICES`` gives the values a new-game form offers; a file may
hold any valid one.

>>> from .presets import PRESETS
>>> read_game_end(PRESETS["partnership"], "hands:06"), read_lose_below(PRESETS["check"], "-50")
('hands:6', -50)
>>> HOUSE_CHOICES["shoot_the_moon"](PRESETS["check"])
('off', 'game', 'points:25', 'points:50', 'points:100')
"""

from __future__ import annotations

from collections.abc import Callable

from .bounds import LARGEST, MAX_HANDS
from .presets import GAME_END_TARGET, HANDS_PREFIX, OFF, POINTS_PREFIX, RuleSet

# house rules of club sheets (rules.md §7): "off" or a number, or a number after a word
# (the words a rule set holds, ``off``, ``target``, ``hands:``, ``points:``, are presets')
MARRIAGE_TO_BID = (OFF, "required")
SAVE_MELD_WORDS = ("trick_points", "any_trick", "always")
MOON_GAME = "game"


def _whole(value: object) -> int | None:
    """A whole number given as one, or as the text of one (a form's choice sends text):
    ASCII digits with an optional minus sign, at most six digits."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        digits = value.removeprefix("-")
        if digits.isascii() and digits.isdigit() and len(digits) < 7:
            return int(value)
    return None


def _after(prefix: str, value: object) -> int | None:
    """N of a value written ``prefix`` + N (``hands:6``), or None."""
    if isinstance(value, str) and value.startswith(prefix):
        number = value.removeprefix(prefix)
        if number.isascii() and number.isdigit() and len(number) < 7:
            return int(number)
    return None


def read_lose_below(rules: RuleSet, value: object) -> int | str | None:
    if value == OFF:
        return OFF
    number = _whole(value)
    return number if number is not None and -LARGEST <= number < 0 else None


def read_game_end(rules: RuleSet, value: object) -> str | None:
    if value == GAME_END_TARGET:
        return GAME_END_TARGET
    hands = _after(HANDS_PREFIX, value)
    return f"{HANDS_PREFIX}{hands}" if hands is not None and 0 < hands <= MAX_HANDS else None


def read_min_meld_to_play(rules: RuleSet, value: object) -> int | str | None:
    if value == OFF:
        return OFF
    number = _whole(value)
    if number is None or not 0 < number <= LARGEST or number % rules.meld_table.unit:
        return None
    return number


def read_shoot_the_moon(rules: RuleSet, value: object) -> str | None:
    if value in (OFF, MOON_GAME):
        return str(value)
    points = _after(POINTS_PREFIX, value)
    unit = rules.counters.unit
    if points is not None and 0 < points <= LARGEST and points % unit == 0:
        return f"{POINTS_PREFIX}{points}"
    return None


def _lose_below_choices(rules: RuleSet) -> tuple[str, ...]:
    """-500 to -2000 at the ×10 scale, -50 to -200 at tenths: two to eight hands' counters."""
    total = rules.counters.total
    return (OFF, *(str(-2 * step * total) for step in range(1, 5)))


def _game_end_choices(rules: RuleSet) -> tuple[str, ...]:
    return (GAME_END_TARGET, *(f"{HANDS_PREFIX}{hands}" for hands in (4, 6, 8, 10, 12)))


def _min_meld_choices(rules: RuleSet) -> tuple[str, ...]:
    """1, 2, 5 and 10 common marriages: 20, 40, 100, 200 at the ×10 scale, 2 to 20 at
    tenths; where the rules already drop a meld under a minimum (double deck: 20), a bar
    at or below it would change nothing, so 1½, 2, 3 and 5 times it (30, 40, 60, 100)."""
    if rules.min_meld:
        bars = [rules.min_meld * halves // 2 for halves in (3, 4, 6, 10)]
    else:
        bars = [times * rules.meld_table.marriage for times in (1, 2, 5, 10)]
    return (OFF, *(str(bar) for bar in bars))


def _moon_choices(rules: RuleSet) -> tuple[str, ...]:
    """For the game, or one, two or four hands' counters."""
    total = rules.counters.total
    return (OFF, MOON_GAME, *(f"{POINTS_PREFIX}{times * total}" for times in (1, 2, 4)))


HOUSE_CHOICES: dict[str, Callable[[RuleSet], tuple[str, ...]]] = {
    "lose_below": _lose_below_choices,
    "game_end": _game_end_choices,
    "min_meld_to_play": _min_meld_choices,
    "shoot_the_moon": _moon_choices,
}

__all__ = [
    "HOUSE_CHOICES",
    "MARRIAGE_TO_BID",
    "MOON_GAME",
    "SAVE_MELD_WORDS",
    "read_game_end",
    "read_lose_below",
    "read_min_meld_to_play",
    "read_shoot_the_moon",
]

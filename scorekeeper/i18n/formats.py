"""Numbers, days and moments as the language writes them, and the helpers the pages'
and the sheets' templates call.
"""

from datetime import date, datetime
from decimal import Decimal

from babel.dates import format_date, format_datetime
from babel.numbers import format_decimal
from flask_babel import (
    gettext,
)
from jinja2 import Environment
from markupsafe import Markup

from scorekeeper.i18n.endings import TEMPLATE_HELPERS as ENDING_HELPERS
from scorekeeper.i18n.languages import DEFAULT, language
from scorekeeper.i18n.refusals import engine_message
from scorekeeper.i18n.rule_words import (
    house_rules,
    option_help,
    option_label,
    option_value,
    ruleset_description,
    ruleset_title,
)
from scorekeeper.i18n.signs import minus, signed


def day(value: date) -> str:
    """A date as the language writes it; English keeps ISO 8601 (2026-11-30), which no
    reader takes for the 11th of some month."""
    code = language()
    return value.isoformat() if code == DEFAULT else format_date(value, "short", locale=code)


def moment(value: datetime) -> str:
    code = language()
    if code == DEFAULT:
        return value.strftime("%Y-%m-%d %H:%M")
    return format_datetime(value, "short", locale=code)


def decimal(value: float, places: int = 0, signed: bool = False) -> str:
    """A figure with the language's decimal sign and never a thousands separator: a score
    sheet's 1500 must not read as 1 500 or 1.500."""
    pattern = "0" + ("." + "0" * places if places else "")
    if signed:
        pattern = f"+{pattern};-{pattern}"
    return format_decimal(value, pattern, locale=language())


def money(cents: int) -> str:
    """An amount of the club's money from its cents, with two decimals in the language's
    way (1250 -> "12.50", "12,50" in French); no currency sign: the club's own.

    >>> money(1250), money(5)
    ('12.50', '0.05')
    """
    return format_decimal(Decimal(cents) / 100, "0.00", locale=language())


def percent(rate: float) -> str:
    """A rate as a whole percentage (0.5 → 50 %, the language's spacing)."""
    return gettext("%(number)s%%", number=decimal(rate * 100))


def bdi(name: str) -> Markup:
    """A name inside a sentence, in its own direction (an Arabic name in an English
    sentence, an English one in a Polish sentence): ``<bdi>`` isolates it.

    >>> str(bdi("Ann & Cal"))
    '<bdi>Ann &amp; Cal</bdi>'
    """
    return Markup("<bdi>{}</bdi>").format(name)


ALL_TIME = "All time"  # the season every instance has (its id in addresses and files)


def season_title(name: str) -> str:
    """A season's name; the one every instance has ("All time") in the language."""
    return gettext("All time") if name == ALL_TIME else name


TEMPLATE_HELPERS = {
    "engine_message": engine_message,
    "season_title": season_title,
    "ruleset_title": ruleset_title,
    "ruleset_description": ruleset_description,
    "option_label": option_label,
    "option_help": option_help,
    "option_value": option_value,
    "house_rules": house_rules,
    **ENDING_HELPERS,
}
TEMPLATE_FILTERS = {
    "day": day,
    "moment": moment,
    "decimal": decimal,
    "percent": percent,
    "money": money,
    "minus": minus,
    "signed": signed,
    "bdi": bdi,
}


def install_helpers(env: Environment) -> None:
    """The helpers above, for the pages' templates and the sheets' own environment."""
    env.globals.update(TEMPLATE_HELPERS)
    env.filters.update(TEMPLATE_FILTERS)

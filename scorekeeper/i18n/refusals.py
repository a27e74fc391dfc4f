"""Refusals in the page's language.

The engine's refusals are translated from their code and values: the English template
for the code is the message id, and the values are filled in after (``engine_message``),
so a sentence is never translated from its filled-in form. ``RefusalError`` carries a
service area's own refusals (an account, a season) the same way.
"""

import re
from functools import cache
from typing import Any, Protocol, Self

from babel.messages.pofile import read_po
from flask_babel import (
    gettext,
)

from scorekeeper.engine.claims import claim_key
from scorekeeper.engine.errors import MESSAGES, REASONS
from scorekeeper.engine.rules import OPTIONS
from scorekeeper.i18n.languages import CATALOGS, DEFAULT, language
from scorekeeper.i18n.meld_counts import ROUNDHOUSE, counted_aliases
from scorekeeper.i18n.rule_words import OPTION_VALUES, option_label, option_value, ruleset_title


def N_(text: str) -> str:  # noqa: N802 (gettext's name for "translate later")
    """Marks ``text`` for the catalogs: it is translated where it is shown."""
    return text


class Coded(Protocol):
    """An engine refusal, notice or claim verdict: a code and the values of its sentence."""

    code: str
    values: dict[str, Any]


class RefusalError(ValueError):
    """A refused change (an account, a season) with the form field it is about: an
    English template, marked with ``N_`` (the message id), and its values, so each page
    shows it in its own language (``translated``) and the command line in English."""

    def __init__(self, *, field: str, message: str, **values: object) -> None:
        super().__init__(message.format(**values))
        self.field = field
        self.template = message
        self.values = values
        self.engine: Coded | None = None

    @classmethod
    def of_engine(cls, error: Coded, *, field: str) -> Self:
        """The engine's refusal ``error`` (a name the name rule refuses) about ``field``:
        its sentence, read in each language as the engine's are."""
        refusal = cls(field=field, message=MESSAGES[error.code], **error.values)
        refusal.engine = error
        return refusal


def translated(error: RefusalError) -> str:
    """``error``'s sentence in the page's language, its values filled in after."""
    if error.engine is not None:
        return engine_message(error.engine)
    try:
        return gettext(error.template).format(**error.values)
    except (KeyError, IndexError, ValueError):  # a translation that lost a value
        return str(error)


# the values that hold the game's words (a meld's name, a list of melds, a rule set)
_MELD_VALUES = ("meld", "other", "missed")


@cache
def every_translation(message: str) -> frozenset[str]:
    """``message`` in every language, lower case, English too: for a word people may
    type in their own language ("All time", "Tout l'historique")."""
    found = {message.lower()}
    for po in CATALOGS.glob("*/LC_MESSAGES/messages.po"):
        with po.open("rb") as source:
            entry = read_po(source).get(message)
        if entry is not None and isinstance(entry.string, str) and entry.string:
            found.add(entry.string.lower())
    return frozenset(found)


def engine_message(error: Coded) -> str:
    """The engine's sentence for ``error`` in the page's language, from its code and
    values (the English template is the message id); the game's words in its values
    (melds, the rule set, a house-rule option and its choices, the reasons a file is
    refused) are translated too. In English it is the engine's own sentence."""
    template = MESSAGES.get(error.code)
    if template is None:
        return str(error)
    if language() == DEFAULT:  # the engine's own sentence
        return template.format(**error.values)
    try:
        return gettext(template).format(**_translated_values(error.code, error.values))
    except (KeyError, IndexError, ValueError):  # a translation that lost a value
        return template.format(**error.values)


def _translated_values(code: str, values: dict[str, Any]) -> dict[str, Any]:
    values = dict(values)
    if code.startswith("name_") and isinstance(values.get("whose"), str):
        values["whose"] = gettext(values["whose"])  # whose name (people.FIELDS)
    for key in _MELD_VALUES:
        if isinstance(values.get(key), str):
            values[key] = meld_words(values[key])
    if code == "claim_unknown_meld":  # the melds a claim may name
        values["expected"] = meld_words(str(values.get("expected", "")))
    if isinstance(values.get("ruleset"), str):
        values["ruleset"] = ruleset_title(values["ruleset"])
    option = values.get("option")
    if code.startswith("option_") and isinstance(option, str) and option in OPTIONS:
        values["option"] = option_label(option)
        if code == "option_value":
            values["expected"] = _expected_value(option)
    if "reasons" in values:
        values["reason"] = "; ".join(
            gettext(REASONS[reason]).format(**reason_values)
            for reason, reason_values in values["reasons"]
        )
    if isinstance(values.get("where"), str):
        values["where"] = _where(values["where"])
    return values


def _expected_value(option: str) -> str:
    """What a house-rule option takes, in words: its choices, or what it reads."""
    choices = OPTIONS[option].choices
    if choices and option in OPTION_VALUES:
        return " / ".join(option_value(option, choice) for choice in choices)
    return gettext(OPTIONS[option].expected)


# the fields of the pages a refusal may name whole (engine.reasons' "where")
FIELDS = {
    "the reason for the correction": N_("the reason for the correction"),
    "the reason to close the round": N_("the reason to close the round"),
    # who is named between rounds (club/entrants.py)
    "withdrawal": N_("withdrawal"),
    "undoing a withdrawal": N_("undoing a withdrawal"),
    "removal": N_("removal"),
}


def _where(where: str) -> str:
    """A place in a game file (``the document``, ``hand 3: meld``) in the language; the
    file's own field names stay as they are written."""
    if where in FIELDS:
        return gettext(FIELDS[where])
    head, colon, rest = where.partition(":")
    number = head.removeprefix("hand ")
    if head == "the document":
        head = gettext("the document")
    elif number.isdigit():
        head = gettext("hand %(number)s", number=number)
    return head + colon + rest


@cache
def _meld_pattern() -> re.Pattern[str]:
    from scorekeeper.engine.names import MELD_NAMES, display_name

    names = {display_name(name) for name in (*MELD_NAMES, ROUNDHOUSE)}
    words = sorted(names, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(map(re.escape, words)) + r")\b")


def meld_words(text: str) -> str:
    """``text`` with each meld's English name (``run + extra king``) in the language."""
    return _meld_pattern().sub(lambda match: gettext(match[0]), text)


def claim_aliases() -> dict[str, str]:
    """The melds' names in the page's language, for the claim reader (``parse_claim``)."""
    from scorekeeper.engine.names import MELD_NAMES, display_name

    names = (*MELD_NAMES, ROUNDHOUSE)
    # the counted forms first: a meld's own name wins where a form is spelt the same
    return counted_aliases() | {claim_key(gettext(display_name(name))): name for name in names}

"""The app in English, French, Polish and Dutch.

The catalogs are ``scorekeeper/translations/<lang>/LC_MESSAGES/messages.po``
(the game's words as the French, Polish and Dutch rulebooks write them). They are compiled
when the app starts, into the instance folder, whenever a ``.po`` is newer than
its ``.mo``: a newcomer's clone, or a ``git pull`` with new translations, needs
no ``pybabel compile``. The language is the one chosen in the page footer
(remembered in a cookie), else the best the browser's ``Accept-Language`` asks
for, else English.

The engine's refusals are translated from their code and values: the English
template for the code is the message id, and the values are filled in after
(``engine_message``), so a sentence is never translated from its filled-in form.
"""

from __future__ import annotations

import atexit
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Any, Protocol, Self

from babel.dates import format_date, format_datetime
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from flask import Flask, has_app_context, request
from flask_babel import (
    Babel,
    LazyString,
    force_locale,
    get_locale,
    gettext,
    lazy_gettext,
    ngettext,
)
from jinja2 import Environment

from .endings import TEMPLATE_HELPERS as ENDING_HELPERS
from .engine.claims import claim_key
from .engine.errors import MESSAGES, REASONS
from .engine.people import FIELDS
from .engine.rules import OPTIONS, PRESETS, RuleSet

LANGUAGES = {"en": "English", "fr": "Français", "pl": "Polski", "nl": "Nederlands"}
DEFAULT = "en"
COOKIE = "lang"
CATALOGS = Path(__file__).resolve().parent / "translations"


def compile_catalogs(target: Path) -> Path:
    """Each ``.po`` under ``CATALOGS`` compiled into ``target`` (when it is newer than
    what is there); ``target``, for ``BABEL_TRANSLATION_DIRECTORIES``."""
    for po in sorted(CATALOGS.glob("*/LC_MESSAGES/messages.po")):
        mo = target / po.relative_to(CATALOGS).with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as source:
            catalog = read_po(source)
        aside = mo.with_name(f".{os.getpid()}.{mo.name}")  # workers may compile at once
        with aside.open("wb") as compiled:
            write_mo(compiled, catalog)
        os.replace(aside, mo)
    return target


def select_locale() -> str:
    """The footer's choice (cookie), else the browser's best, else English."""
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES, default=DEFAULT) or DEFAULT


def N_(text: str) -> str:  # noqa: N802 (gettext's name for "translate later")
    """Marks ``text`` for the catalogs: it is translated where it is shown."""
    return text


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


class Coded(Protocol):
    """An engine refusal, notice or claim verdict: a code and the values of its sentence."""

    code: str
    values: dict[str, Any]


ROUNDHOUSE = "roundhouse"  # a claim's word for a marriage in each suit and kings and queens around
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


def _where(where: str) -> str:
    """A place in a game file (``the document``, ``hand 3: meld``) in the language; the
    file's own field names stay as they are written."""
    head, colon, rest = where.partition(":")
    number = head.removeprefix("hand ")
    if head == "the document":
        head = gettext("the document")
    elif number.isdigit():
        head = gettext("hand %(number)s", number=number)
    return head + colon + rest


@cache
def _meld_pattern() -> re.Pattern[str]:
    from .engine.names import MELD_NAMES, display_name

    names = {display_name(name) for name in (*MELD_NAMES, ROUNDHOUSE)}
    words = sorted(names, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(map(re.escape, words)) + r")\b")


def meld_words(text: str) -> str:
    """``text`` with each meld's English name (``run + extra king``) in the language."""
    return _meld_pattern().sub(lambda match: gettext(match[0]), text)


def claim_aliases() -> dict[str, str]:
    """The melds' names in the page's language, for the claim reader (``parse_claim``)."""
    from .engine.names import MELD_NAMES, display_name

    names = (*MELD_NAMES, ROUNDHOUSE)
    return {claim_key(gettext(display_name(name))): name for name in names}


# --- the game's words, numbers and days in the page's (or the sheet's) language -------------

# the presets' names for people (the ids stay in addresses, files and the command line)
RULESET_TITLES = {
    "partnership": "Partnership",
    "partnership-tenths": "Partnership in tenths",
    "check": "Check pinochle",
    "two-hand": "Two-handed",
    "cutthroat": "Cutthroat",
    "auction": "Auction pinochle",
    "double-deck": "Double deck",
}
OPTION_LABELS = {
    "target": "Game to",
    "min_bid": "Minimum bid",
    "all_pass": "When all pass",
    "throw_in": "Throw-in",
    "save_meld": "Saving meld",
    "bidder_without_tricks": "Bidders without trick points",
    "both_reach_target": "Both sides reach the target",
    "doubles": "Doubles",
    "run_extras": "Run extras",
    "check_scale": "Chip scale",
    "game_end": "The game ends",
    "lose_below": "A side loses at once at",
    "marriage_to_bid": "Marriage in trump to bid",
    "min_meld_to_play": "Meld the bidders need to play",
    "shoot_the_moon": "Shooting the moon",
    "auction_scale": "What a bid is worth",
    "spades_double": "Spades double",
    "hearts_triple": "Hearts triple",
    "kitty": "Kitty",
}
# the one line under each option of the new-game form: what the option decides
OPTION_HELP = {
    "target": "The total a side needs to win the game.",
    "min_bid": "The lowest bid that may open the auction.",
    "all_pass": "What happens when every player passes.",
    "throw_in": "When the bidders may concede before play: they lose the bid, the others "
    "count their meld.",
    "save_meld": "What a side must take in tricks to keep its meld.",
    "bidder_without_tricks": "Whether bidders who take no trick points may still make "
    "their bid on meld.",
    "both_reach_target": "Who wins when both sides reach the target on the same hand.",
    "doubles": "What a double meld (double pinochle, all eight aces…) is worth.",
    "run_extras": "Whether a run with a spare king, queen or marriage of trump counts more.",
    "check_scale": "The chips a made bid is paid.",
    "game_end": "A tournament plays a fixed number of hands; passed-out and misdealt hands "
    "do not count.",
    "lose_below": "A side whose total falls to this floor loses the game on that hand.",
    "marriage_to_bid": "Without one the hand is not played: the bidders are set, the other "
    "side counts its meld.",
    "min_meld_to_play": "With less meld the bidders are set without playing; the other side "
    "counts its meld.",
    "shoot_the_moon": "The bidder announces taking every trick; failing it, the bidders are set.",
    "auction_scale": "The chips each player pays or is paid for a bid, by the table the room "
    "plays.",
    "spades_double": "A hand played in spades pays double; one conceded before play, single.",
    "hearts_triple": "A hand played in hearts pays triple; one conceded before play, single.",
    "kitty": "The players' common pot: it pays and is paid like one more opponent.",
}
# each choice of a house-rule option, as the rulebook explains it: a value written with a
# number (min_counters:N, hands:N, points:N, or a number alone: "number") takes the number,
# and where the words count it, as a (singular, plural) pair: each language's plural form
OPTION_VALUES: dict[str, dict[str, str | tuple[str, str]]] = {
    "all_pass": {"dealer_stuck": "The dealer takes it at the minimum", "redeal": "Deal again"},
    "throw_in": {
        "never": "Never",
        "when_impossible": "When the bid cannot be made",
        "always": "Always",
    },
    "save_meld": {
        "trick_points": "The side took trick points",
        "any_trick": "The side took a trick, even one without points",
        "min_counters": (
            "The side took at least %(counters)s trick point",
            "The side took at least %(counters)s trick points",
        ),
        "always": "Always, trick or not",
    },
    "bidder_without_tricks": {"set": "They are set", "score": "They may make it on meld"},
    "both_reach_target": {"bidders_win": "The bidders win", "higher_wins": "The higher total wins"},
    "doubles": {
        "special": "Special (double pinochle 300, all eight aces 1000…)",
        "two_singles": "Two singles (double pinochle 80, all eight aces 200…)",
    },
    "run_extras": {"on": "On (190 / 190 / 230)", "off": "Off (run 150)"},
    "check_scale": {
        "seed": "Seed (+3 per 5 from 25)",
        "bicycle": "Bicycle (2, 4, 7, 10, then +5 per 5)",
    },
    "game_end": {
        "target": "When a side reaches the target",
        # auction pinochle has no target: its game ends when the table stops
        "time_called": "When the table stops (time is called)",
        "hands": (
            "After %(number)s hand (the higher total wins)",
            "After %(number)s hands (the higher total wins)",
        ),
    },
    "lose_below": {"off": "Never (negative totals play on)", "number": "%(number)s or below"},
    "marriage_to_bid": {"off": "Not needed", "required": "Needed"},
    "min_meld_to_play": {"off": "Any meld", "number": "At least %(number)s"},
    "shoot_the_moon": {
        "off": "Not played",
        "game": "It wins the game",
        "points": (  # the same in English; other languages count the points
            "It scores %(number)s more (failing: %(number)s less)",
            "It scores %(number)s more (failing: %(number)s less)",
        ),
    },
    "auction_scale": {
        "classic": "3 chips from 300, 5 from 350, 10 from 400, then +5 per 50 up to 30",
        "scarne": "Scarne: 3 chips from 300, one more per 50 up to 11",
        "scarne_bonus": "Scarne's bonus: 3, 5, 7, 10, 13, 17, 21, 25, 30 chips",
    },
    "spades_double": {"on": "A hand played in spades pays double", "off": "Off"},
    "hearts_triple": {"on": "A hand played in hearts pays triple", "off": "Off"},
    "kitty": {
        "high_bids": "Pays and is paid on bids of 350 and more",
        "every_bete": "Paid on every bete; pays made bids of 350 and more",
        "off": "No kitty",
    },
}
# the name of the number in each value written with one (all others: "number")
_NUMBER_NAMES = {"min_counters": "counters"}


def ruleset_title(name: str) -> str:
    """The preset ``name`` as people call it, in the current language."""
    return gettext(RULESET_TITLES[name]) if name in RULESET_TITLES else name


def ruleset_choices() -> list[tuple[str, LazyString]]:
    """The presets, for a form's choice: each id with its title in the page's language."""
    return [(name, lazy_gettext(RULESET_TITLES.get(name, name))) for name in PRESETS]


def ruleset_description(name: str) -> str:
    return gettext(PRESETS[name].description) if name in PRESETS else ""


def option_label(name: str) -> str:
    return gettext(OPTION_LABELS[name]) if name in OPTION_LABELS else name


def option_help(name: str) -> str:
    """The one line that explains a house-rule option (the new-game form's)."""
    return gettext(OPTION_HELP[name]) if name in OPTION_HELP else ""


def option_value(name: str, value: object, rules: RuleSet | None = None) -> str:
    """A house-rule option's value in words (a number stays a number); with ``rules``, in
    words that fit the rule set (auction pinochle's ``game_end: target`` is the table
    stopping: it has no target)."""
    words = OPTION_VALUES.get(name, {})
    text = str(value)
    if rules is not None and rules.is_auction and (name, text) == ("game_end", "target"):
        text = "time_called"
    if text in words:
        return _counted(words[text], 1)
    head, colon, number = text.partition(":")
    if not colon:  # a number alone (lose_below: -1000)
        head, number = "number", text
    if head in words and number.removeprefix("-").isdigit():
        values = {_NUMBER_NAMES.get(head, "number"): number}
        return _counted(words[head], abs(int(number)), **values)
    return text


def _counted(words: str | tuple[str, str], count: int, **values: object) -> str:
    """``words`` in the language: a (singular, plural) pair in the form for ``count``."""
    if isinstance(words, tuple):
        return ngettext(*words, count, **values)
    return gettext(words, **values)


def language() -> str:
    """The current language's code (``en`` outside a request)."""
    return str(get_locale() or DEFAULT) if has_app_context() else DEFAULT


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


def percent(rate: float) -> str:
    """A rate as a whole percentage (0.5 → 50 %, the language's spacing)."""
    return gettext("%(number)s%%", number=decimal(rate * 100))


def season_title(name: str) -> str:
    """A season's name; the one every instance has ("All time") in the language."""
    from .stats import ALL_TIME

    return gettext("All time") if name == ALL_TIME else name


TEMPLATE_HELPERS = {
    "engine_message": engine_message,
    "season_title": season_title,
    "ruleset_title": ruleset_title,
    "ruleset_description": ruleset_description,
    "option_label": option_label,
    "option_help": option_help,
    "option_value": option_value,
    **ENDING_HELPERS,
}
TEMPLATE_FILTERS = {"day": day, "moment": moment, "decimal": decimal, "percent": percent}


def install_helpers(env: Environment) -> None:
    """The helpers above, for the pages' templates and the sheets' own environment."""
    env.globals.update(TEMPLATE_HELPERS)
    env.filters.update(TEMPLATE_FILTERS)


@contextmanager
def in_language(code: str) -> Iterator[None]:
    """Everything inside speaks ``code`` (a sheet prints in its game's language, whoever
    asks for it); outside the app (``scorekeeper sheet``), a small app of its own holds
    the catalogs."""
    if not has_app_context():
        with _catalogs_app().app_context(), in_language(code):
            yield
        return
    with force_locale(code if code in LANGUAGES else DEFAULT):
        yield


@cache
def _catalogs_app() -> Flask:
    """An app with only the catalogs (compiled into a folder removed at exit)."""
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-catalogs-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    app = Flask(__name__)
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(compile_catalogs(folder))
    Babel(app)
    return app


# --- the catalogs' template (``make translations``; a test checks every catalog has it all)

ROOT = Path(__file__).resolve().parent.parent
GAME_WORDS_COMMENT = "a word of the game: the rulebooks' own word where they have one"


def template_catalog() -> Catalog:
    """Every message the app shows: the pages' and the code's (``babel.cfg``), the
    engine's sentences by their English templates, and the game's words."""
    from babel.messages.extract import extract_from_dir

    from .engine.cards import Suit
    from .engine.names import MELD_NAMES, display_name

    catalog = Catalog(project="scorekeeper", fuzzy=False)
    methods = [("scorekeeper/**.py", "python"), ("templates/**.html", "jinja2")]
    keywords = {"_": None, "gettext": None, "_l": None, "lazy_gettext": None, "N_": None}
    keywords |= {"ngettext": (1, 2), "lazy_ngettext": (1, 2)}  # a count's plural forms
    for filename, line, message, comments, _context in extract_from_dir(
        str(ROOT), method_map=methods, keywords=keywords
    ):
        catalog.add(message, locations=[(filename, line)], auto_comments=comments)
    for code, template in [*MESSAGES.items(), *REASONS.items()]:
        catalog.add(template, locations=[(f"scorekeeper/engine/errors.py:{code}", 0)])
    words: list[str | tuple[str, str]] = [display_name(n) for n in (*MELD_NAMES, ROUNDHOUSE)]
    words += [suit.word for suit in Suit]
    words += [preset.description for preset in PRESETS.values()]
    words += [*RULESET_TITLES.values(), *OPTION_LABELS.values(), *OPTION_HELP.values()]
    words += [word for choices in OPTION_VALUES.values() for word in choices.values()]
    words += [option.expected for option in OPTIONS.values() if not option.choices]
    words += list(FIELDS.values())
    for word in [*words, *GAME_WORDS]:
        if word not in catalog:
            catalog.add(word, auto_comments=[GAME_WORDS_COMMENT])
    return catalog


GAME_WORDS = (
    "ace", "ten", "king", "queen", "jack", "nine",
    "made", "set", "thrown in", "passed out", "scored",
    "trump", "dealer", "bidder", "bid", "meld", "counters", "chips",
    "kitty", "single bete", "double bete", "conceded",
)  # fmt: skip

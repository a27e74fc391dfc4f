"""The catalogs' template (``make translations``): every message the app shows, the
engine's sentences by their English templates, and the game's own words.
"""

from babel.messages.catalog import Catalog

from scorekeeper.engine.errors import MESSAGES, REASONS
from scorekeeper.engine.people import FIELDS
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import OPTIONS
from scorekeeper.i18n.meld_counts import COUNTED, ROUNDHOUSE, counted_pair
from scorekeeper.i18n.rule_words import OPTION_HELP, OPTION_LABELS, OPTION_VALUES, RULESET_TITLES
from scorekeeper.paths import ROOT

# --- the catalogs' template (``make translations``; a test checks every catalog has it all)

GAME_WORDS_COMMENT = "a word of the game: the rulebooks' own word where they have one"


def template_catalog() -> Catalog:
    """Every message the app shows: the pages' and the code's (``babel.cfg``), the
    engine's sentences by their English templates, and the game's words."""
    from babel.messages.extract import extract_from_dir

    from scorekeeper.engine.cards import Suit
    from scorekeeper.engine.names import MELD_NAMES, display_name

    catalog = Catalog(project="scorekeeper", fuzzy=False)
    methods = [("scorekeeper/**.py", "python"), ("templates/**.html", "jinja2")]
    keywords = {"_": None, "gettext": None, "_l": None, "lazy_gettext": None, "N_": None}
    keywords |= {"ngettext": (1, 2), "lazy_ngettext": (1, 2)}  # a count's plural forms
    for filename, line, message, comments, _context in extract_from_dir(
        str(ROOT), method_map=methods, keywords=keywords
    ):
        catalog.add(message, locations=[(filename, line)], auto_comments=comments)
    for code, template in [*MESSAGES.items(), *REASONS.items()]:
        catalog.add(template, locations=[(f"scorekeeper/engine/messages.py:{code}", 0)])
    words: list[str | tuple[str, str]] = [display_name(n) for n in (*MELD_NAMES, ROUNDHOUSE)]
    words += [counted_pair(meld) for meld in COUNTED]
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

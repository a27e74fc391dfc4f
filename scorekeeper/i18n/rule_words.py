"""The rules in words: the presets' titles and descriptions, each house-rule option's
label, one-line help and values, in the page's (or the sheet's) language.
"""

from flask_babel import (
    LazyString,
    gettext,
    lazy_gettext,
    ngettext,
)

from scorekeeper.engine.presets import PRESETS, RuleSet
from scorekeeper.engine.rules import overrides_of
from scorekeeper.i18n.signs import minus

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
        values = {_NUMBER_NAMES.get(head, "number"): minus(int(number))}
        return _counted(words[head], abs(int(number)), **values)
    return text


def house_rules(rules: RuleSet) -> list[tuple[str, str]]:
    """The game's house rules in words: each option where ``rules`` differs from its
    preset (``overrides_of``, as the score sheet's header lists them), as its label and
    its value; empty for a game played by its preset."""
    return [
        (option_label(name), option_value(name, value, rules))
        for name, value in overrides_of(rules).items()
    ]


def _counted(words: str | tuple[str, str], count: int, **values: object) -> str:
    """``words`` in the language: a (singular, plural) pair in the form for ``count``."""
    if isinstance(words, tuple):
        return ngettext(*words, count, **values)
    return gettext(words, **values)

"""How a game's progress, its end and each hand's outcome read, on the scoreboard and
the score sheet, in the page's (or the sheet's) language.

Everything comes from the engine's replay: why the game ended (``GameResult.ended_by``,
``race.ENDINGS``), each hand's outcome and whether an announced moon was shot, the
scored hands (``scoring.UNSCORED`` are not). No rule lives here; these are the words.
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext

from scorekeeper.engine.hand_score import UNSCORED
from scorekeeper.engine.presets import RuleSet
from scorekeeper.engine.race import FLOOR, HANDS, MOON, TIME_CALLED
from scorekeeper.engine.scoring import DRAW, GameResult
from scorekeeper.i18n.signs import minus


def N_(text: str) -> str:  # noqa: N802 (gettext's name for "translate later")
    return text


# each outcome's word (the catalogs take them from here); "scored" needs none
OUTCOME_WORDS = {
    "made": N_("made"),
    "set": N_("set"),
    "thrown_in": N_("thrown in"),
    "passed_out": N_("passed out"),
    "scored": "",
    "misdeal": N_("misdeal"),
    "renege": N_("renege"),
    "moon": N_("moon shot"),
}
# auction pinochle's names: a bid conceded before play, a bid played and lost (rules.md §8)
AUCTION_WORDS = {**OUTCOME_WORDS, "thrown_in": N_("single bete"), "set": N_("double bete")}


def _words_of(rules: RuleSet | None) -> dict[str, str]:
    return AUCTION_WORDS if rules is not None and rules.is_auction else OUTCOME_WORDS


def outcome_word(outcome: str, rules: RuleSet | None = None) -> str:
    """A hand's outcome in a word or two ("" for a hand scored without bidding); with
    ``rules``, in the words of its game (auction: single and double bete)."""
    word = _words_of(rules).get(outcome, outcome)
    return _(word) if word else ""


def hand_words(result: GameResult) -> list[str]:
    """What each hand of the replay was, as its row on the scoreboard or the sheet says
    it: the outcome, who reneged, a moon that failed, time called ("" for a hand scored
    without bidding). Each word is translated once for the whole game."""
    names = [side.name for side in result.game.sides]
    outcomes = _words_of(result.game.rules)
    words: dict[str, str] = {}

    def word(text: str) -> str:
        if text not in words:
            words[text] = _(text) if text else ""
        return words[text]

    out = []
    for hand, scored in zip(result.game.hands, result.hands, strict=True):
        if hand.renege is not None and 0 <= hand.renege < len(names):
            said = [_("%(side)s reneged", side=names[hand.renege])]
        else:
            said = [word(outcomes.get(scored.outcome, scored.outcome))]
        if hand.moon and not scored.moon_shot and hand.renege is None:
            said.append(word(N_("moon failed")))
        if hand.time_called:
            said.append(word(N_("time called")))
        out.append(", ".join(part for part in said if part))
    return out


def scored_hands(result: GameResult) -> int:
    """The hands scored so far (passed-out and misdealt hands are not)."""
    return sum(hand.outcome not in UNSCORED for hand in result.hands)


def game_progress(result: GameResult) -> str:
    """Where a game in progress stands: "Game to 1500." or, in a game of N hands,
    "Hand 4 of 6." (the hand about to be dealt, numbered as its "Record hand 4"
    button); after a misdeal or a passed-out hand, which the count leaves out (the
    engine ends the game on scored hands), "Hand 4: it counts as 3 of 4."; with a
    floor, where a side loses."""
    rules = result.game.rules
    hands = rules.hands_to_play
    number, counted = len(result.hands) + 1, scored_hands(result) + 1
    if hands is None:
        words = _("Game to %(target)s.", target=result.target)
    elif number == counted:
        words = _("Hand %(number)s of %(hands)s.", number=number, hands=hands)
    else:
        words = _(
            "Hand %(number)s: it counts as %(counted)s of %(hands)s "
            "(misdealt and passed-out hands do not count).",
            number=number,
            counted=counted,
            hands=hands,
        )
    if rules.floor is not None:
        words += " " + _("A side at %(floor)s or below loses at once.", floor=minus(rules.floor))
    return words


def winner_words(result: GameResult) -> str:
    """The finished game's banner: who won, or a draw (on points, or in check on chips)."""
    if result.winner == DRAW:
        on_chips = result.chips is not None or result.game.rules.is_auction  # auction: chips
        return _("A draw on chips.") if on_chips else _("A draw: equal totals.")
    if not isinstance(result.winner, int):
        return ""
    side = result.game.sides[result.winner]
    return ngettext("%(side)s wins!", "%(side)s win!", len(side.players), side=side.name)


def game_ending(result: GameResult) -> str:
    """Why a finished game ended, when it was not the race to the target: "" otherwise."""
    if not result.finished or not result.hands:
        return ""
    rules = result.game.rules
    number = result.hands[-1].number
    if result.ended_by == FLOOR and rules.floor is not None:
        floor = rules.floor
        fallen = [
            side.name
            for side, total in zip(result.game.sides, result.totals, strict=True)
            if total <= floor
        ]
        return _(
            "The game ended on hand %(number)s: %(sides)s at %(floor)s or below.",
            number=number,
            sides=", ".join(fallen),
            floor=minus(floor),
        )
    if result.ended_by == HANDS:
        hands = rules.hands_to_play or scored_hands(result)
        return ngettext(
            "The game ended after its %(num)s hand.",
            "The game ended after its %(num)s hands.",
            hands,
        )
    if result.ended_by == TIME_CALLED:
        return _(
            "Time was called in hand %(number)s: the game ended after it.",
            number=number,
        )
    if result.ended_by == MOON:
        return _("The moon was shot in hand %(number)s: it wins the game.", number=number)
    return ""


TEMPLATE_HELPERS = {
    "outcome_word": outcome_word,
    "hand_words": hand_words,
    "game_progress": game_progress,
    "game_ending": game_ending,
    "winner_words": winner_words,
}

"""The meld checker: tap or type one player's cards, see the best meld, check a claim.

It only reads, so it is a GET form (no CSRF token). Every number on the page
comes from the engine; this module reads the query, asks the engine and shows
the answers. Its query parameters:

- ``ruleset``: a preset name (default ``partnership``);
- ``cards``: cards in any notation the engine parses (``AH 10H TH A♥ H14``);
- ``c_<card>`` (``c_AH``, ``c_10H``, ...): how many of that card, one per
  distinct card of the deck (the tap grid). When ``cards`` is filled it wins:
  its cards replace the grid's, and once they are read the page shows them in
  the grid and empties the text field, so the next change can be a tap or new
  typing;
- ``trump``: ``H`` ``S`` ``D`` ``C`` (or a suit word or symbol); empty or
  ``all`` for all four trumps;
- ``claim``: a number, or melds (``run, 2 common marriages, pinochle``);
- from the hand form: ``return_to`` (a path ``/games/<id>/...`` on this site;
  the game gives the rule set), ``meld_for`` (the player) and, optionally,
  ``meld_cards`` (cards to start from). Every other parameter is kept as a
  hidden field and handed back by the "use this meld" link, which GETs
  ``return_to`` with them plus ``trump``, ``meld_for`` and ``meld_cards``
  (the cards of the melds shown, canonical spelling).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlencode

from flask import Blueprint, render_template, request
from flask_babel import LazyString
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.datastructures import MultiDict
from wtforms import SelectField, StringField
from wtforms.fields.choices import SelectChoice

from scorekeeper.engine.cards import Card, Deck, Suit, format_cards, parse_cards, sort_cards
from scorekeeper.engine.claims import ClaimVerdict, check_claim, parse_claim
from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.meld import MeldResult, best_meld, check_hand, meld_by_trump
from scorekeeper.engine.presets import PRESETS, RuleSet
from scorekeeper.engine.rules import ruleset
from scorekeeper.games.stored import get_game, rules_of
from scorekeeper.i18n.meld_counts import claim_example
from scorekeeper.i18n.refusals import claim_aliases
from scorekeeper.i18n.rule_words import ruleset_choices
from scorekeeper.web.forms import EngineForm

bp = Blueprint("meld", __name__)

DEFAULT_RULESET = "partnership"
GRID_PREFIX = "c_"
# the parameters the checker reads itself; any other one is the hand form's, kept as it came
OWN_PARAMS = frozenset(
    {"ruleset", "cards", "trump", "claim", "return_to", "meld_for", "meld_cards", "csrf_token"}
)
# a page of a game on this site; nothing else is ever linked back to
RETURN_TO = re.compile(r"/games/([0-9]{1,9})(/[A-Za-z0-9_-]+)*")  # ASCII digits only

# presentation only: the engine's meld names as people say them
MELD_LABELS = {
    "run": _l("run"),
    "double_run": _l("double run"),
    "triple_run": _l("triple run"),
    "quadruple_run": _l("quadruple run"),
    "run_extra_king": _l("run + extra king"),
    "run_extra_queen": _l("run + extra queen"),
    "run_royal_marriage": _l("run + royal marriage"),
    "royal_marriage": _l("royal marriage"),
    "marriage": _l("common marriage"),
    "dix": _l("dix"),
    "pinochle": _l("pinochle"),
    "double_pinochle": _l("double pinochle"),
    "triple_pinochle": _l("triple pinochle"),
    "quadruple_pinochle": _l("quadruple pinochle"),
    "aces_around": _l("aces around"),
    "double_aces_around": _l("double aces around"),
    "triple_aces_around": _l("triple aces around"),
    "quadruple_aces_around": _l("quadruple aces around"),
    "kings_around": _l("kings around"),
    "double_kings_around": _l("double kings around"),
    "triple_kings_around": _l("triple kings around"),
    "quadruple_kings_around": _l("quadruple kings around"),
    "queens_around": _l("queens around"),
    "double_queens_around": _l("double queens around"),
    "triple_queens_around": _l("triple queens around"),
    "quadruple_queens_around": _l("quadruple queens around"),
    "jacks_around": _l("jacks around"),
    "double_jacks_around": _l("double jacks around"),
    "triple_jacks_around": _l("triple jacks around"),
    "quadruple_jacks_around": _l("quadruple jacks around"),
}
SUIT_NAMES = {
    Suit.HEARTS: _l("hearts"),
    Suit.SPADES: _l("spades"),
    Suit.DIAMONDS: _l("diamonds"),
    Suit.CLUBS: _l("clubs"),
}
VERDICT_LABELS = {"valid": _l("valid"), "under": _l("under"), "invalid": _l("invalid")}


def meld_label(name: str) -> str:
    """A meld's name for people: ``run_royal_marriage`` -> ``run + royal marriage``."""
    label = MELD_LABELS.get(name)
    return str(label) if label is not None else name.replace("_", " ")


def _claim_placeholder() -> str:
    return _("230, or %(example)s", example=claim_example())


class MeldForm(EngineForm):
    """The checker's fields; the grid's ``c_<card>`` counts are read beside it."""

    class Meta:
        csrf = False

    ruleset = SelectField(
        _l("Rules"),
        choices=[SelectChoice(name, title) for name, title in ruleset_choices()],
        default=DEFAULT_RULESET,
        validate_choice=False,  # an unknown name gets the engine's sentence instead
    )
    trump = StringField(_l("Trump"))
    cards = StringField(
        _l("Or type the cards"),
        render_kw={
            "autocomplete": "off",
            "autocapitalize": "characters",
            "spellcheck": "false",
            "placeholder": _l("e.g. AH 10H KH QH JH"),
        },
    )
    claim = StringField(
        _l("Claim (optional)"),
        render_kw={"autocomplete": "off", "placeholder": LazyString(_claim_placeholder)},
    )


@dataclass(frozen=True)
class HandFormLink:
    """Where the hand form sent us from: the way back, and what to carry there."""

    path: str
    player: str
    rules: RuleSet
    kept: tuple[tuple[str, str], ...]

    def url(self, **extra: str | None) -> str:
        """``path`` with the kept parameters plus ``extra`` (None values left out)."""
        pairs = [*self.kept, *((name, value) for name, value in extra.items() if value is not None)]
        path = request.script_root + self.path  # (the club's /c/<slug>: ``path`` is the club's)
        return f"{path}?{urlencode(pairs)}" if pairs else path


def hand_form_link(args: MultiDict[str, str]) -> HandFormLink | None:
    """The hand form's round trip, when ``return_to`` is a page of a stored game."""
    path = args.get("return_to", "")
    player = args.get("meld_for", "").strip()
    match = RETURN_TO.fullmatch(path)
    if not match or not player:
        return None
    game = get_game(int(match[1]))
    if game is None:
        return None
    kept = tuple(
        (name, value)
        for name, value in args.items(multi=True)
        if name not in OWN_PARAMS and not name.startswith(GRID_PREFIX)
    )
    return HandFormLink(path, player, rules_of(game), kept)


@bp.route("/meld")
def check() -> tuple[str, int]:
    args = request.args
    back = hand_form_link(args)
    form = MeldForm(formdata=args)
    form.validate()  # no validators of its own: makes each field's errors a list
    if back is not None:
        rules: RuleSet | None = back.rules
    else:
        rules = _rules(form)
    deck = (rules or PRESETS[DEFAULT_RULESET]).meld_table.deck
    trump, trump_ok = _trump(form)
    if back is not None and not form.cards.data and not _grid_sent(args):
        form.cards.data = args.get("meld_cards", "")  # start from the cards the hand had
    grid = {str(card): args.get(GRID_PREFIX + str(card), "").strip() or "0" for card in deck.cards}
    cards = _cards(form, grid, deck, rules) if rules is not None else None
    if cards is not None:
        form.cards.data = ""  # the grid now shows them
        counts = Counter(str(card) for card in cards)
        grid = {name: str(counts[name]) for name in grid}
    claim = _claim(form)
    result, by_trump, verdict = None, None, None
    if rules is not None and cards and trump_ok:
        result, by_trump, verdict = _answers(form, cards, trump, rules, claim)

    links = {}
    if back is not None:
        trump_letter = trump.value if trump is not None else None
        links["back"] = back.url(trump=trump_letter)
        if result is not None:
            links["use"] = back.url(
                trump=trump_letter,
                meld_for=back.player,
                meld_cards=format_cards(result.cards_shown()),
            )
    failed = bool(form.form_errors) or any(field.errors for field in form)
    page = render_template(
        "meld/check.html",
        form=form,
        rules=rules,
        deck=deck,
        grid=grid,
        trump=trump,
        cards=sort_cards(cards or ()),
        result=result,
        by_trump=by_trump,
        verdict=verdict,
        back=back,
        links=links,
        meld_label=meld_label,
        suit_names=SUIT_NAMES,
        verdict_labels=VERDICT_LABELS,
        claim_example=claim_example(),
    )
    return page, 400 if failed else 200


def _answers(
    form: MeldForm,
    cards: Sequence[Card],
    trump: Suit | None,
    rules: RuleSet,
    claim: int | tuple[str, ...] | None,
) -> tuple[MeldResult | None, dict[Suit, MeldResult] | None, ClaimVerdict | None]:
    """The engine's answers: the meld for the trump (or for each), and the claim's verdict."""
    result = best_meld(cards, trump, rules) if trump is not None else None
    by_trump = meld_by_trump(cards, rules) if trump is None else None
    verdict = None
    if claim is not None:
        try:
            verdict = check_claim(cards, trump, rules, claim)
        except PinochleError as error:
            form.show_error(error)
    return result, by_trump, verdict


def _rules(form: MeldForm) -> RuleSet | None:
    try:
        return ruleset(form.ruleset.data or DEFAULT_RULESET)
    except PinochleError as error:
        form.show_error(error)
        return None


def _trump(form: MeldForm) -> tuple[Suit | None, bool]:
    """The chosen trump (None: all four), and whether the field was readable."""
    text = (form.trump.data or "").strip()
    if text.lower() in ("", "all"):
        return None, True
    try:
        return Suit.parse(text), True
    except PinochleError as error:
        form.show_error(error)
        return None, False


def _grid_sent(args: MultiDict[str, str]) -> bool:
    return any(name.startswith(GRID_PREFIX) for name in args)


def _cards(
    form: MeldForm, grid: dict[str, str], deck: Deck, rules: RuleSet
) -> Sequence[Card] | None:
    """The typed cards, or else the grid's; None (and the sentence shown) when refused."""
    text = (form.cards.data or "").strip()
    try:
        if text:
            cards = parse_cards(text, deck)
        else:
            tokens: list[str] = []
            for name, count in grid.items():
                if not (count.isascii() and count.isdigit() and len(count) <= 2):
                    form.cards.errors.append(
                        _("%(card)s: %(count)r is not a number of cards", card=name, count=count)
                    )
                    return None
                tokens += [name] * int(count)
            cards = parse_cards(tokens, deck)
        check_hand(cards, rules)
    except PinochleError as error:
        form.show_error(error)
        return None
    return cards


def _claim(form: MeldForm) -> int | tuple[str, ...] | None:
    text = (form.claim.data or "").strip()
    if not text:
        return None
    try:
        return parse_claim(text, claim_aliases())
    except PinochleError as error:
        form.show_error(error)
        return None

"""The hand form of one game, and its fields as the typed values the reader takes.

The form is built per game (its rule set, sides and seats); its field names are the
names ``engine.entry.read_hand`` reads (``meld_<side>``, ``cards_<seat>``, ...), so
``typed`` only hands the values over, and a refusal comes back to the field it
names. No rule lives here: the engine reads, counts and refuses.

Meld from the checker: a "check meld" button sends the whole form by GET to the
meld page with ``meld_for`` (a player) and ``return_to`` (this page's path); the
checker comes back here with the same fields plus ``meld_cards``. That player's
cards are kept in a hidden ``cards_<seat>`` input, and that player's meld is set to
what the cards make for the form's trump: the side's meld is the sum of its checked
players' meld, plus (while some are not checked) what was typed beyond them. The
page shows the sum with its parts ("Ann 150 + Cat 40 = 190", ``side_melds``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from markupsafe import Markup
from wtforms import BooleanField, HiddenField, RadioField
from wtforms.fields import SelectChoice
from wtforms.validators import Optional

from scorekeeper.engine.auction import CONCEDED
from scorekeeper.engine.cards import Suit, format_cards
from scorekeeper.engine.errors import PinochleError
from scorekeeper.engine.game import Game as EngineGame
from scorekeeper.engine.presets import RuleSet
from scorekeeper.engine.shown import (
    ShownCards,
    SideMeld,
    cards_meld,
    read_shown_cards,
    side_meld_parts,
    side_meld_with,
)
from scorekeeper.games.stored import engine_game, hand_document, rules_of
from scorekeeper.i18n.formats import bdi
from scorekeeper.i18n.refusals import engine_message
from scorekeeper.store.models import Game
from scorekeeper.web.forms import EngineForm, WholeNumberField

NUMERIC = {"inputmode": "numeric", "autocomplete": "off"}
# the form's own fields, not values of the hand
NOT_TYPED = ("csrf_token", "version", "meld_trump")


# --- the game a form is for -----------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """What a hand form knows of its game: rules, sides, seats, and which hand it is."""

    game: Game
    rules: RuleSet
    engine: EngineGame  # the game with the hands before this one: sides, seating, dealers
    number: int  # the hand's number, 1-based

    @property
    def dealer(self) -> str:
        return self.engine.dealer(self.number - 1)

    @property
    def bidding_order(self) -> list[str]:
        """The players in bidding order, starting left of the dealer."""
        seating = list(self.engine.seating)
        start = seating.index(self.engine.first_bidder(self.number - 1))
        return seating[start:] + seating[:start]

    @property
    def side_range(self) -> range:
        return range(self.rules.sides)

    def seat_of(self, player: str) -> int | None:
        seating = self.engine.seating
        return seating.index(player) if player in seating else None


def table_of(game: Game, number: int) -> Table:
    """The table for hand ``number``. Who deals it is the engine's to say from the hands
    before it (a misdeal is dealt again by the same dealer), so those are read when one
    of them is a misdeal; otherwise the deal only moves on, and none need reading."""
    earlier = game.hands[: number - 1]
    before = (
        [hand_document(hand) for hand in earlier] if any(hand.misdeal for hand in earlier) else []
    )
    return Table(game, rules_of(game), engine_game(game, hands=before), number)


# --- the form ----------------------------------------------------------------------------


class FieldGroup:
    """Per-side fields taken together (``meld`` is ``meld_0``, ``meld_1``, ...), so an
    engine sentence about ``meld`` has a place beside them."""

    def __init__(self, name: str) -> None:
        self.name = self.id = name
        self.errors: list[str] = []


GROUPS = ("meld", "counters", "took_trick", "meld_chips", "meld_cards")


class HandForm(EngineForm):
    """A hand's fields; per-side and per-seat fields are added per game (``hand_form``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in GROUPS:
            setattr(self, name, FieldGroup(name))
        # refusals about shown cards (unknown card, too many cards) go with the meld cards
        self.cards = self.meld_cards


class HandNumberField(WholeNumberField):  # type: ignore[misc]
    """A number of the hand (meld, counters, meld chips): what was typed goes to the
    engine's reader as typed (``typed``), which refuses what is not a whole number with
    a sentence naming it ("'4o' is not a whole number") beside every other refusal of
    the hand; the field keeps the text, never the digits in it."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        try:
            super().process_formdata(valuelist)
        except ValueError:
            self.data = None  # not a number: the reader refuses the text (raw_data)


class BidField(HandNumberField):
    """The bid: a one-tap chip (a radio named ``bid``) or the number typed after the
    chips (an input named ``bid`` too); the typed number wins over a chip."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        typed = [value for value in valuelist if isinstance(value, str) and value.strip()]
        self.raw_data = typed[-1:] or valuelist[-1:]
        super().process_formdata(self.raw_data)


def hand_form(table: Table, **kwargs: Any) -> HandForm:
    """The form for one hand of ``table``'s game.

    Fields the rules do not offer (a throw-in under ``throw_in: never``, passed out
    under ``dealer_stuck``, ...) are still read when sent, so the engine can refuse
    them with its sentence; the template shows them only when offered or filled.
    """
    rules = table.rules
    shape = FormShape(
        bidding=rules.bidding,
        min_bid=rules.min_bid,
        auction=rules.is_auction,
        chips=bool(rules.chip_table),
        bidders=tuple(table.bidding_order) if rules.bidding else (),
        seats=len(table.engine.seating),
        sides=tuple(side.name for side in table.engine.sides),
    )
    return _form_class(shape)(**kwargs)


@dataclass(frozen=True)
class FormShape:
    """What a hand form's fields depend on: games alike share one form class (made once:
    a class of some thirty fields costs more than the form made from it)."""

    bidding: bool
    min_bid: int
    auction: bool
    chips: bool
    bidders: tuple[str, ...]  # in bidding order, for this hand
    seats: int
    sides: tuple[str, ...]  # the sides' names, the per-side fields' labels


@functools.lru_cache(maxsize=256)
def _form_class(shape: FormShape) -> type[HandForm]:
    class Form(HandForm):
        pass

    if shape.bidding:
        Form.bidder = RadioField(
            _l("Bidder"),
            choices=[SelectChoice(player) for player in shape.bidders],
            validate_choice=False,
        )
        Form.bid = BidField(
            _l("Bid"), default=shape.min_bid, validators=[Optional()], render_kw=NUMERIC
        )
    suits = [SelectChoice(suit.value, suit.symbol) for suit in Suit]
    if shape.auction:  # the trump, or the bidder conceded before play (a single bete)
        suits.append(SelectChoice(CONCEDED, _l("Conceded")))
        Form.made = RadioField(
            _l("Result"),
            choices=[SelectChoice("yes", _l("Made")), SelectChoice("no", _l("Went bete"))],
            validate_choice=False,
        )
    Form.trump = RadioField(_l("Trump"), choices=suits, validate_choice=False)
    # the game's version when the form was opened: a double tap or a change made
    # meanwhile on another phone is refused instead of saved twice
    Form.version = HiddenField()
    # "misdeal" or "passed_out" once the person was asked whether to drop the typed
    # hand for it (engine.typed.DROP_TYPED): the second Save stores the outcome
    Form.drop_typed = HiddenField()
    if shape.auction:  # bidder, bid, trump or conceded, the result: nothing else
        Form.passed_out = BooleanField(_l("Passed out: all passed, the cards are redealt"))
        Form.misdeal = BooleanField(_l("Misdeal: the same dealer deals again, nothing is paid"))
        Form.time_called = BooleanField(_l("Time called: the game ends after this hand"))
        return Form
    for seat in range(shape.seats):
        setattr(Form, f"cards_{seat}", HiddenField())
    for index, name in enumerate(shape.sides):
        number_field = {"validators": [Optional()], "render_kw": NUMERIC}
        setattr(Form, f"meld_{index}", HandNumberField(name, **number_field))
        setattr(Form, f"counters_{index}", HandNumberField(name, **number_field))
        if shape.bidding:
            setattr(Form, f"took_trick_{index}", BooleanField(name))
        if shape.chips:
            setattr(Form, f"meld_chips_{index}", HandNumberField(name, **number_field))
    # the trump the checked cards' meld was added for (a new trump recounts it)
    Form.meld_trump = HiddenField()
    # the house rules' outcomes (rules.md §7): in any game, a misdeal, a renege (which
    # side), time called; the moon where the rules play it
    Form.misdeal = BooleanField(_l("Misdeal: the same dealer deals again"))
    Form.renege = _side_choice(_l("Renege"), shape.sides)
    Form.time_called = BooleanField(_l("Time is called: the game ends after this hand"))
    if shape.bidding:
        Form.moon = BooleanField(_l("Moon: the bidder announces taking every trick"))
        Form.thrown_in = BooleanField(_l("Thrown in: the bidders concede"))
        Form.passed_out = BooleanField(_l("Passed out: all passed, the cards are redealt"))
        Form.no_marriage = BooleanField(_l("No marriage: the bidder holds none in trump"))
        Form.all_tricks = _side_choice(_l("All twelve tricks"), shape.sides)
    return Form


def _side_choice(label: Any, sides: tuple[str, ...]) -> RadioField:
    """A choice of one side by its number, or nobody (who reneged, who took every trick)."""
    return RadioField(
        label,
        choices=[SelectChoice("", _l("Nobody"))]
        + [SelectChoice(str(i), name) for i, name in enumerate(sides)],
        default="",
        validate_choice=False,
    )


def form_data(document: Mapping[str, Any], table: Table) -> dict[str, Any]:
    """A stored hand's document as the form's values (the edit form's start)."""
    data: dict[str, Any] = {}
    flags = ("thrown_in", "passed_out", "no_marriage", "misdeal", "moon", "time_called")
    for name in ("bidder", "bid", "trump", *flags):
        if document.get(name) is not None:
            data[name] = document[name]
    if table.rules.is_auction:  # the trump group holds "conceded"; made is yes or no
        if document.get("thrown_in"):
            data["trump"] = CONCEDED
        if document.get("made") is not None:
            data["made"] = "yes" if document["made"] else "no"
        for name in ("misdeal", "time_called"):
            if document.get(name):
                data[name] = True
    for name in ("meld", "counters", "took_trick", "meld_chips"):
        for index, value in enumerate(document.get(name) or []):
            data[f"{name}_{index}"] = value
    for name in ("all_tricks", "renege"):  # a side's number, as the radio's value
        if document.get(name) is not None:
            data[name] = str(document[name])
    for player, cards in (document.get("meld_cards") or {}).items():
        seat = table.seat_of(player)
        if seat is not None:
            data[f"cards_{seat}"] = cards
    return data


def add_error(field: Any, message: str) -> None:
    """A message beside a field outside validation (a field's errors start as a tuple)."""
    field.errors = [*field.errors, message]


def _set(field: Any, value: object) -> None:
    """Change a processed field's value (what it renders, too)."""
    field.data = value
    field.raw_data = None if value is None else [str(value)]


# --- meld from the checker ------------------------------------------------------------------


def take_checked_meld(form: HandForm, table: Table, args: Mapping[str, str]) -> None:
    """Apply the checker's answer (``meld_for``, ``meld_cards``) to the form.

    That player's meld is set to what the cards make for the form's trump (never
    added to what was typed): ``engine.shown.side_meld_with`` says the side's meld.
    """
    player = args.get("meld_for", "")
    seat = table.seat_of(player)
    if seat is None or "meld_cards" not in args or f"cards_{seat}" not in form:
        return  # (auction pinochle records no meld)
    side = table.engine.side_of[player]
    cards_field, meld_field = form[f"cards_{seat}"], form[f"meld_{side}"]
    rules = table.rules
    try:
        cards = read_shown_cards(args["meld_cards"], rules)
    except PinochleError as error:
        add_error(
            form.meld_cards,
            _("%(player)s's cards: %(reason)s", player=player, reason=engine_message(error)),
        )
        return
    trump = _trump_of(form)
    if trump is None:
        add_error(
            form.trump,
            _(
                "Pick trump first: %(player)s's meld is counted for one trump. "
                "Then check the meld again.",
                player=player,
            ),
        )
        return
    counted_for = _trump_of(form, "meld_trump")
    if counted_for is not None and counted_for is not trump:
        _recount_shown(form, table, counted_for, trump)
    players = table.engine.sides[side].players
    before = {name: form[f"cards_{table.seat_of(name)}"].data or None for name in players}
    _set(meld_field, side_meld_with(meld_field.data, before, player, cards, trump, rules))
    _set(cards_field, format_cards(cards) or None)
    _set(form.meld_trump, trump.value)


def side_melds(
    table: Table, melds: Mapping[int, int | None], shown: Iterable[ShownCards]
) -> dict[int, Markup]:
    """Each side's meld as its sum and parts ("Ann 150 + Cal 40 = 190"), where a player
    of it has checked cards: the engine's parts (``side_meld_parts``) of the side's meld
    as typed (``melds``, by side) and of the reader's meld of each player's cards."""
    made = {each.player: each.meld for each in shown}
    lines = {}
    for index, side in enumerate(table.engine.sides):
        parts = side_meld_parts(melds.get(index), side.players, made)
        if parts is not None:
            lines[index] = _sum_words(parts)
    return lines


def _sum_words(meld: SideMeld) -> Markup:
    terms = []
    for part in meld.parts:
        names = Markup(", ").join(bdi(player) for player in part.players)
        if part.checked:
            terms.append(Markup("{} {}").format(names, part.points))
        else:  # the translation is ours; the names are escaped and isolated
            words = _("%(players)s %(points)s (typed)", players=names, points=part.points)
            terms.append(Markup(words))
    return Markup("{} =\N{NO-BREAK SPACE}{}").format(Markup(" + ").join(terms), meld.total)


def form_melds(form: HandForm, table: Table) -> dict[int, int | None]:
    """The sides' meld as the form holds it, by side."""
    return {
        index: form[f"meld_{index}"].data for index in table.side_range if f"meld_{index}" in form
    }


def _recount_shown(form: HandForm, table: Table, was: Suit, now: Suit) -> None:
    """Trump changed since cards were checked: count every side's shown cards anew."""
    for side_index, side in enumerate(table.engine.sides):
        cards = [form[f"cards_{table.seat_of(player)}"].data for player in side.players]
        meld_field = form[f"meld_{side_index}"]
        old = sum(cards_meld(shown, was, table.rules) for shown in cards)
        new = sum(cards_meld(shown, now, table.rules) for shown in cards)
        if old or new:
            _set(meld_field, max(0, (meld_field.data or 0) - old) + new)


def _trump_of(form: HandForm, name: str = "trump") -> Suit | None:
    value = form[name].data
    try:
        return Suit.parse(value) if value else None
    except PinochleError:
        return None


def typed(form: HandForm) -> dict[str, Any]:
    """The form's values by field name, as ``engine.entry.read_hand`` reads them: a
    number as it was typed (the reader reads it, or refuses it naming the text)."""
    return {name: _as_typed(field) for name, field in form._fields.items() if name not in NOT_TYPED}


def _as_typed(field: Any) -> object:
    raw = field.raw_data if isinstance(field, HandNumberField) else None
    if raw and isinstance(raw[0], str) and raw[0].strip() and field.data is None:
        return raw[0]  # not a whole number: the reader refuses it as typed
    return field.data

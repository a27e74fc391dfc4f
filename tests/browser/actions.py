"""A person at the table, counted: every method of ``Person`` is one action.

The developer guide counts actions the strict way: every tap, every focus of a
field the person has to make, every number typed, opening the form and Save.
``Person`` drives a page only as a person can: it taps what is visible, types
only into the field that already has the focus (through the keyboard), and has
no ``fill()``, no ``evaluate()``, no way to reach a field without tapping it.

A number typed is one action and ends with the keyboard's Next key (the ⏎ a
phone's number pad shows beside the digits, ``enterkeyhint="next"``), as a
number written on a pad ends when the pen lifts; the page then moves the focus
to the next number it needs. The hand's last number needs no Next (Save is
tapped). ``next_keys`` counts those keys apart, so a report can also give the
stricter count that takes each of them as a tap.

``HANDS`` is the typical hand of each kind, as scripts of actions from the
scoreboard to the saved hand; the browser test (``test_actions``) and
``make bench-web`` (``benchmarks/web.py``) both run them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

NUMBER = re.compile(r"[0-9]{1,4}")
TYPED = "[type=number], [type=text], [type=tel], :not([type])"  # fields typed into


class RefusedActionError(AssertionError):
    """The script asked for something a person cannot do at the table."""


class Person:
    """Drives ``page`` as a person does; ``count`` is the actions taken so far."""

    def __init__(self, page: Any) -> None:
        self._page = page
        self.count = 0
        self.next_keys = 0
        self.log: list[str] = []

    def __getattr__(self, name: str) -> Any:
        # fill(), evaluate(), focus(), ...: nothing a person does without a tap
        raise RefusedActionError(
            f"a person cannot {name}(): they tap (tap, focus_by_tap) and type a number "
            "into the field that has the focus (type_number)"
        )

    def _visible(self, target: str | Any) -> Any:
        from playwright.sync_api import Error

        locator = self._page.locator(target) if isinstance(target, str) else target
        try:  # one element, shown, on a page loaded (a person waits for the page too)
            locator.wait_for(state="visible")
            self._page.wait_for_load_state("load")  # the page it is on, with its scripts
        except Error as error:
            raise RefusedActionError(f"a person cannot tap {target!r}: {error.message}") from None
        return locator

    def _act(self, what: str) -> None:
        self.count += 1
        self.log.append(what)

    def tap(self, target: str | Any) -> None:
        """Tap a visible button, link or choice (a label around a radio): one action."""
        locator = self._visible(target)
        locator.tap()
        self._act(f"tap {target}")

    def focus_by_tap(self, target: str | Any) -> None:
        """Tap a number field to put the keyboard on it: one action."""
        locator = self._visible(target)
        locator.tap()
        if self._page.locator("input:focus").count() != 1:
            raise RefusedActionError(f"tapping {target!r} focused no field")
        self._act(f"focus {target}")

    def type_number(self, text: str, then_next: bool = True) -> None:
        """Type one number into the field the page or the person focused, then (unless
        it is the hand's last) the keyboard's Next key: one action."""
        if not NUMBER.fullmatch(text):
            raise RefusedActionError(f"{text!r} is not one number")
        from playwright.sync_api import Error

        # a field to type in, shown, with the focus (a tap's moving it on is waited for,
        # as a person looks before typing)
        focused = self._page.locator(f"input:focus:is({TYPED})")
        try:
            focused.wait_for(state="visible", timeout=2_000)
        except Error:
            raise RefusedActionError(
                f"no visible field has the focus to type {text!r} into"
            ) from None
        name = focused.get_attribute("name")
        before = focused.input_value()
        # a field the page selected on focus (a value in it) is replaced by what is typed
        start, end = focused.evaluate("field => [field.selectionStart, field.selectionEnd]")
        kept = "" if (start, end) == (0, len(before)) else before
        self._page.keyboard.type(text)
        if focused.input_value() != kept + text:
            raise RefusedActionError(f"{text!r} did not land in the focused field {name!r}")
        if then_next:
            self._page.keyboard.press("Enter")
            self.next_keys += 1
        self._act(f"type {text} into {name}")


# --- the hands --------------------------------------------------------------------------


def choice(fieldset: str, name: str) -> str:
    """A choice's big button (the label around a radio) in the fieldset ``fieldset``."""
    return (
        f'#{fieldset} label:has(input[aria-label="{name}"]), #{fieldset} label:has-text("{name}")'
    )


def bidder_on_the_scoreboard(player: str) -> str:
    """The scoreboard's button opening the hand form with ``player`` as the bidder."""
    return f'.bidders a:text-is("{player}")'


RECORD = 'a.button:has-text("Record hand")'
SAVE = ".save-bar button"
THROWN_IN = 'label.check:has(input[name="thrown_in"])'


def suit(name: str) -> str:
    return f'#trump label:has(input[aria-label="{name}"])'


def chip(bid: int) -> str:
    """A one-tap bid chip."""
    return f'#bid-chips label:has(input[value="{bid}"])'


@dataclass(frozen=True)
class Hand:
    """A typical hand of one kind: its game, the script, the totals after it, the target."""

    kind: str
    ruleset: str
    sides: tuple[tuple[str, tuple[str, ...]], ...]
    script: Callable[[Person], None]
    totals: tuple[int, ...]
    target: int
    options: dict[str, object] = field(default_factory=dict)


PAIRS = (("Us", ("Ann", "Cal")), ("Them", ("Bea", "Dan")))
SEATING = ("Ann", "Bea", "Cal", "Dan")


def _bid_hand(
    bidder: str, bid: int, trump: str, numbers: tuple[int, ...]
) -> Callable[[Person], None]:
    """Bidder, bid, trump, then each number in the order the page asks for them, Save."""

    def script(person: Person) -> None:
        person.tap(bidder_on_the_scoreboard(bidder))
        person.tap(chip(bid))
        person.tap(suit(trump))
        for index, number in enumerate(numbers, 1):
            person.type_number(str(number), then_next=index < len(numbers))
        person.tap(SAVE)

    return script


BID_FIELD = '.stepper input[name="bid"]'


def _typed_bid_hand(bid: int, numbers: tuple[int, ...]) -> Callable[[Person], None]:
    """A bid past the chips: the bidder, a tap on the bid field (its value is selected, so
    typing replaces it), the bid typed, trump, the numbers, Save (issue 23)."""

    def script(person: Person) -> None:
        person.tap(bidder_on_the_scoreboard("Cal"))
        person.focus_by_tap(BID_FIELD)
        person.type_number(str(bid))
        person.tap(suit("hearts"))
        for index, number in enumerate(numbers, 1):
            person.type_number(str(number), then_next=index < len(numbers))
        person.tap(SAVE)

    return script


def _thrown_in(person: Person) -> None:
    person.tap(bidder_on_the_scoreboard("Cal"))
    person.tap(chip(300))
    person.tap(THROWN_IN)
    person.tap(suit("spades"))
    # Us's meld: it no longer counts, but partnership's throw_in: when_impossible allows
    # the throw-in by it (300 is more than 40 + 250), so it is asked first (issue 23)
    person.type_number("40")
    person.type_number("60", then_next=False)  # Them's meld
    person.tap(SAVE)


def _two_hand(person: Person) -> None:
    person.tap(RECORD)
    person.tap(suit("hearts"))
    for number in ("120", "80"):  # Ann's meld, Bea's meld
        person.type_number(number)
    person.type_number("150", then_next=False)  # Ann's counters
    person.tap(SAVE)


HANDS = (
    # as the page asks for them: the bidders' meld, the others' in the page's order, then the
    # counters of all sides but the last of that order
    Hand(
        "partnership",
        "partnership",
        PAIRS,
        _bid_hand("Cal", 300, "hearts", (190, 60, 150)),
        (340, 160),
        7,
    ),
    Hand(
        "double-deck",
        "double-deck",
        PAIRS,
        _bid_hand("Bea", 60, "spades", (35, 24, 30)),  # Them bid: Them's counters, Us's filled
        (44, 65),
        7,
    ),
    Hand(
        "check, without cards",
        "check",
        PAIRS,
        _bid_hand("Cal", 25, "clubs", (16, 5, 12)),
        (28, 18),
        8,
    ),
    Hand(
        "cutthroat",
        "cutthroat",
        (("Ann", ("Ann",)), ("Bea", ("Bea",)), ("Cal", ("Cal",))),
        # Cal's meld (the bidder's), Ann's, Bea's; Cal's counters, Ann's (Bea's are the rest)
        _bid_hand("Cal", 300, "diamonds", (190, 60, 40, 150, 60)),
        (120, 80, 340),
        9,
    ),
    Hand("two-hand", "two-hand", (("Ann", ("Ann",)), ("Bea", ("Bea",))), _two_hand, (270, 180), 6),
    Hand("thrown in", "partnership", PAIRS, _thrown_in, (-300, 60), 7),
    # every bid in reach (issue 23): twice the minimum is two actions after the bidder
    Hand("partnership, bid 400", "partnership", PAIRS, _typed_bid_hand(400, (190, 60, 220)),
         (410, 90), 8),
    Hand("partnership, bid 500", "partnership", PAIRS, _typed_bid_hand(500, (300, 40, 210)),
         (510, 80), 8),
)  # fmt: skip


def new_game(app: Any, hand: Hand) -> int:
    """A new game for ``hand`` (through services, not the page); its id."""
    from scorekeeper.games.lifecycle import create_game

    with app.app_context():
        players = [player for _name, side in hand.sides for player in side]
        seating = SEATING if len(players) == 4 else tuple(players)
        game = create_game(
            hand.ruleset,
            dict(hand.options),
            [(name, list(side)) for name, side in hand.sides],
            seating=list(seating),
            first_dealer=seating[0],
        )
        return game.id

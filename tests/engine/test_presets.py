"""Whole games for each preset and house rule, worked out by hand from rules.md.

Every number here was computed on paper from the rulebook (meld from the tables
of §1, counters from §2, scoring and the race from §3, options from §4), never
by running the engine. A hand is one row:

    R("Ann 300 H", ("AH 10H KH QH JH 9H | KS QS = 180", "QS JD | AH AS AD AC = 140"),
      (170, 80), "made", (350, 220))

- the contract: bidder, bid and trump (two-hand: the trump only);
- the meld of each side, in ``sides`` order: the cards each player of the side
  showed, players separated by ``|`` (a missing player showed nothing), then
  ``= N``, the side's meld as worked out by hand; the cards go into the game
  file as ``meld_cards`` and N as ``meld``, so the engine checks N against the
  cards (a larger N is refused, a smaller one is reported as a notice, and a
  test fails on any notice). A plain number is a meld declared without cards;
- the counters per side, or ``THROWN_IN`` / ``NO_MARRIAGE``;
- the expected outcome and points per side (and, in check, the hand's chips).

Sides: ``Us`` (Ann, Cal) and ``Them`` (Bea, Dan) seated Ann Bea Cal Dan; two-hand
Ann v Bea; cutthroat Ann, Bea and Cal each for themself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import pytest

from scorekeeper.engine.errors import PinochleError, RuleError
from scorekeeper.engine.gamefile import from_document
from scorekeeper.engine.scoring import replay

THROWN_IN = "thrown in"
NO_MARRIAGE = "no marriage"
PASSED_OUT = "passed out"

# rules.md §3: each preset's game target
TARGETS = {
    "partnership": 1500,
    "partnership-tenths": 150,
    "check": 100,
    "two-hand": 1000,
    "cutthroat": 1500,
    "double-deck": 500,
}

Meld = str | int


class R(NamedTuple):
    """One hand as the scorekeeper records it, and what it must score."""

    contract: str
    meld: tuple[Meld, ...] = ()
    counters: tuple[int, ...] | str = ()
    outcome: str = ""
    points: tuple[int, ...] = ()
    chips: tuple[int, ...] | None = None
    all_tricks: int | None = None
    took_trick: tuple[bool, ...] | None = None


PASSED = R(PASSED_OUT, outcome="passed_out", points=(0, 0))


def sides_of(ruleset: str) -> list[tuple[str, list[str]]]:
    if ruleset == "two-hand":
        return [("Ann", ["Ann"]), ("Bea", ["Bea"])]
    if ruleset == "cutthroat":
        return [("Ann", ["Ann"]), ("Bea", ["Bea"]), ("Cal", ["Cal"])]
    return [("Us", ["Ann", "Cal"]), ("Them", ["Bea", "Dan"])]


def side_meld(spec: Meld, players: Sequence[str]) -> tuple[int, dict[str, str]]:
    """``"AH 10H KH QH JH | KS QS = 170"`` -> (170, {"Ann": "AH 10H KH QH JH", "Cal": "KS QS"})."""
    if isinstance(spec, int):
        return spec, {}
    cards, equals, value = spec.rpartition("=")
    assert equals, f"meld {spec!r} needs '= N'"
    shown = [part.strip() for part in cards.split("|")]
    shown += [""] * (len(players) - len(shown))
    return int(value), dict(zip(players, shown, strict=True))


def hand_document(row: R, sides: Sequence[tuple[str, list[str]]]) -> dict[str, Any]:
    if row.contract == PASSED_OUT:
        return {"passed_out": True}
    *contract, trump = row.contract.split()
    hand: dict[str, Any] = {"trump": trump}
    if contract:
        bidder, bid = contract
        hand.update(bidder=bidder, bid=int(bid))
    melds: list[int] = []
    shown: dict[str, str] = {}
    for spec, (_, players) in zip(row.meld, sides, strict=True):
        value, cards = side_meld(spec, players)
        melds.append(value)
        shown.update(cards)
    hand["meld"] = melds
    if shown:
        hand["meld_cards"] = shown
    if row.counters == THROWN_IN:
        hand["thrown_in"] = True
    elif row.counters == NO_MARRIAGE:
        hand["no_marriage"] = True
    else:
        hand["counters"] = list(row.counters)
    if row.all_tricks is not None:
        hand["all_tricks"] = row.all_tricks
    if row.took_trick is not None:
        hand["took_trick"] = list(row.took_trick)
    return hand


def document(
    ruleset: str,
    rows: Sequence[R],
    rules: Mapping[str, object] | None = None,
    first_dealer: str = "Ann",
) -> dict[str, Any]:
    """The ``pinochle-game/1`` document of a table of hands."""
    sides = sides_of(ruleset)
    seating = sorted(player for _, players in sides for player in players)
    doc: dict[str, Any] = {
        "format": "pinochle-game/1",
        "ruleset": ruleset,
        "sides": [{"name": name, "players": players} for name, players in sides],
        "seating": seating,
        "first_dealer": first_dealer,
        "hands": [hand_document(row, sides) for row in rows],
    }
    if rules:
        doc["rules"] = dict(rules)
    return doc


@dataclass(frozen=True)
class Game:
    """A table of hands and how the game stands after the last one."""

    ruleset: str
    rows: tuple[R, ...]
    totals: tuple[int, ...]
    dealers: str
    went_out: int | None = None
    # the game's winner when it is not the race winner (check: chips, "draw")
    winner: int | str | None = None
    # the target after the last hand, when a tie raised it
    target: int | None = None
    chips: tuple[int, ...] | None = None
    rules: Mapping[str, object] = field(default_factory=dict)
    first_dealer: str = "Ann"

    def document(self) -> dict[str, Any]:
        return document(self.ruleset, self.rows, self.rules, self.first_dealer)

    @property
    def expected_target(self) -> int:
        if self.target is not None:
            return self.target
        target = self.rules.get("target", TARGETS[self.ruleset])
        assert isinstance(target, int)
        return target

    @property
    def expected_winner(self) -> int | str | None:
        return self.went_out if self.winner is None else self.winner


def running(points: Sequence[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The totals after each hand: the running sum of the points."""
    totals: list[tuple[int, ...]] = []
    for hand in points:
        before = totals[-1] if totals else (0,) * len(hand)
        totals.append(tuple(a + b for a, b in zip(before, hand, strict=True)))
    return totals


# fmt: off

# --- partnership (rules.md §3.1; ×10 meld, 250 counters, game at 1500) ----------------------

PARTNERSHIP_HANDS = (
    # made: 180 meld + 170 counters >= 300; the defenders keep 140 + 80
    R("Ann 300 H", ("AH 10H KH QH JH 9H | KS QS = 180", "QS JD | AH AS AD AC = 140"),
      (170, 80), "made", (350, 220)),
    # set: 120 + 130 < 260, so -260 and nothing else; Us save their meld with 120
    R("Bea 260 S", ("JH JS JD JC | 9S = 50", "KS QS KS QS | KD QD KC QC = 120"),
      (120, 130), "set", (170, -260)),
    # defenders with no trick points lose their 100 meld
    R("Cal 250 D", ("KC QC | AD 10D KD QD JD = 170", "AH AS AD AC = 100"),
      (250, 0), "made", (420, 0)),
    # bid made exactly: 80 + 170 = 250
    R("Dan 250 C", ("KH QH = 20", "QS JD | KC QC = 80"),
      (80, 170), "made", (100, 250)),
    # throw-in: 410 is more than 250 above 150 meld; the defenders score their meld
    R("Ann 410 H", ("AH 10H KH QH JH = 150", "AH AS AD AC | KS QS = 120"),
      THROWN_IN, "thrown_in", (-410, 120)),
    # 530 meld but no trick point: set
    R("Bea 250 H", ("KD QD = 20", "AH 10H KH KH QH QH JH | QS JD QS JD = 530"),
      (250, 0), "set", (270, -250)),
    # the defenders save their 100 meld with 10 counters, the least there is
    R("Cal 250 S", ("| AS 10S KS QS JS = 150", "AH AS AD AC = 100"),
      (240, 10), "made", (390, 110)),
)

PARTNERSHIP_RACE = (
    R("Ann 350 H", ("AH AH AS AS AD AD AC AC | KH QH = 1040", "QS QS JD JD = 300"),
      (150, 100), "made", (1190, 400)),
    R("Bea 400 S", ("9S = 10", "KH KH KS KS KD KD KC KC | QS JD = 840"),
      (50, 200), "made", (60, 1040)),
    # both pass 1500 (1510 and 1620): the bidders win, whatever the totals
    R("Cal 250 C", ("| AC 10C KC QC JC = 150", "QS JD = 40"),
      (110, 140), "made", (260, 180)),
)

# both sides at 1570 after the third hand
PARTNERSHIP_LEVEL = (
    *PARTNERSHIP_RACE[:2],
    R("Cal 250 C", ("| AC 10C KC QC JC = 150", "QS JD | 9C = 50"),
      (170, 80), "made", (320, 130)),
)
PARTNERSHIP_PLAY_ON = (
    *PARTNERSHIP_LEVEL,
    R("Dan 250 H", (0, "| AH 10H KH QH JH = 150"), (150, 100), "made", (150, 250)),
)

# --- partnership-tenths (§3.2: tenths meld, 25 counters, bids from 20, game at 150) ------

TENTHS_HANDS = (
    R("Ann 22 S", ("AS 10S KS QS JS 9S | KH QH = 18", "AH AS AD AC | QS JD = 14"),
      (14, 11), "made", (32, 25)),
    # run + extra king 19; Us save 4 meld with a single counter
    R("Bea 30 H", ("JH JS JD JC = 4", "AH 10H KH KH QH JH | KS QS = 21"),
      (1, 24), "made", (5, 45)),
    # 30 > 4 + 25: throw-in
    R("Cal 30 D", ("| KD QD = 4", "KC QC | 9D = 3"), THROWN_IN, "thrown_in", (-30, 3)),
    R("Dan 25 C", ("KH QH KS QS KD QD = 6", "AH AS AD AC | AC 10C KC QC JC = 25"),
      (5, 20), "made", (11, 45)),
    # the bidders are set and the defenders pass 150 alone
    R("Ann 20 H", ("KH QH = 4", "QS QS JD JD = 30"), (10, 15), "set", (-20, 45)),
)

# --- check (§3.3: tenths to 100, redeal when all pass, chips) ------------------------------

CHECK_HANDS = (
    PASSED._replace(chips=(0, 0)),
    # Them: run 2 chips + bid 25 pays 4; Us: aces around 2
    R("Bea 25 S", ("AH AS AD AC | KD QD = 12", "AS 10S KS QS JS | QS JD = 19"),
      (8, 17), "made", (20, 36), chips=(-4, 4)),
    # set at 30: the defenders get twice 7, plus kings and queens around 1 each;
    # Us: jacks around 1
    R("Cal 30 H", ("JH JS JD JC | KH QH = 8", "KH KS KD KC | QH QS QD QC = 14"),
      (15, 10), "set", (-30, 24), chips=(-15, 15)),
    # 30 > 4 + 25: thrown in, paid as a set (2 x 7)
    R("Ann 30 C", ("KC QC = 4", "QS JD = 4"), THROWN_IN, "thrown_in", (-30, 4),
      chips=(-14, 14)),
    # roundhouse 24 meld and 5 chips; all tricks 5; bid 2; game: 113 - (-40) = 153,
    # 10 + 16 = 26; Them 38 against Us 2 (aces around)
    R("Dan 20 D", ("AH AS AD AC = 10", "| KH QH KS QS KD QD KC QC = 24"),
      (0, 25), "made", (0, 49), chips=(-36, 36), all_tricks=1),
)

CHECK_BOTH_OVER = (
    R("Bea 30 H", ("KS QS = 2", "AH 10H KH QH JH | AH AS AD AC = 25"),
      (5, 20), "made", (7, 45), chips=(-11, 11)),
    R("Cal 25 D", ("JH JS JD JC | AD 10D KD QD JD = 19", "KS QS KC QC = 4"),
      (18, 7), "made", (37, 11), chips=(7, -7)),
    R("Dan 22 C", ("KH QH = 2", "QS JD | KC QC = 8"),
      (9, 16), "made", (11, 24), chips=(-2, 2)),
    # 102 and 103: the bidders win the race; margin below 0 counts as 0, so 10 game
    # chips; Us 3 meld + 13 bid + 10 = 26 against Them 2
    R("Ann 40 S", ("AS 10S KS QS JS QS | KH KS KD KC QH QD = 31",
                   "KD QD KC QC | AH AS AD AC = 14"),
      (16, 9), "made", (47, 23), chips=(24, -24)),
)

CHECK_SET_AT_40 = R("Ann 40 H", ("KH QH = 4", "QS JD = 4"), (12, 13), "set", (-40, 17),
                    chips=(-26, 26))
CHECK_RACE_WINNER_LOSES = (
    CHECK_SET_AT_40,
    R("Bea 35 S", (0, "AS 10S KS QS JS = 15"), (5, 20), "made", (5, 35), chips=(-12, 12)),
    # aces all eight 100 (4 chips) + run 15 (2); bid 2; all tricks 5; game 10 + 6
    R("Cal 20 H", ("| AH AH AS AS AD AD AC AC 10H KH QH JH = 115", "KS QS = 2"),
      (25, 0), "made", (140, 0), chips=(29, -29), all_tricks=0),
)
CHECK_DRAW = (
    CHECK_SET_AT_40,
    # Us 6 meld + 2 bid + game 10 + 9 (margin 83) = 27; Them 1 (jacks around)
    R("Cal 20 H", ("| AH AH AS AS AD AD AC AC 10H KH QH JH = 115", "JH JS JD JC = 4"),
      (25, 0), "made", (140, 0), chips=(26, -26)),
)


def check_scale_hands(chips: Sequence[tuple[int, int]]) -> tuple[R, ...]:
    """The same three hands, with the chips of one ``check_scale``."""
    rows = (
        R("Ann 40 H", ("AH 10H KH QH JH | QS JD QS JD = 45", 0), (20, 5), "made", (65, 5)),
        R("Bea 45 S", (0, "KS QS = 4"), (15, 10), "set", (15, -45)),
        R("Cal 35 D", ("| AD 10D KD QD JD = 15", 0), (20, 5), "made", (35, 5)),
    )
    return tuple(row._replace(chips=each) for row, each in zip(rows, chips, strict=True))


# seed: bid 40 pays 13, 45 pays 16, 35 pays 10; double pinochle 1; game 10 + 15
CHECK_SEED = check_scale_hands([(16, -16), (32, -32), (37, -37)])
# bicycle: 40 pays 15, 45 pays 20; double pinochle 2; game 10 + 15 + 5 (Them below 0)
CHECK_BICYCLE = check_scale_hands([(19, -19), (40, -40), (42, -42)])

# --- two-hand (§1.4, §3.4: no bidding, doubles as two singles, game at 1000) --------------

TWO_HAND_TIE = (
    # the royal marriage melded before its run: 40 + 150
    R("H", ("AH 10H KH QH JH = 190", "QS JD = 40"), (130, 120), "scored", (320, 160)),
    R("S", ("KS QS 9S = 50", "AH AS AD AC KH QH = 120"), (105, 145), "scored", (155, 265)),
    # double pinochle as two singles; two royal marriages
    R("D", ("QS QS JD JD = 80", "KD QD KD QD = 80"), (125, 125), "scored", (205, 205)),
    R("C", ("JH JS JD JC JH JS JD JC = 80", "9C = 10"), (150, 100), "scored", (230, 110)),
    # 1000 each: play on, the target raised to 1250
    R("H", (0, "AH AS AD AC = 100"), (90, 160), "scored", (90, 260)),
    # two runs, 190 each; both pass 1250, the higher wins
    R("H", ("AH 10H KH QH JH AH 10H KH QH JH = 380", "KS QS KD QD KC QC JD = 100"),
      (100, 150), "scored", (480, 250)),
)

TWO_HAND_ONE_OVER = (
    # run 190 + the second K Q of trump, a royal marriage
    R("C", ("AC 10C KC QC JC KC QC = 230", "AH AS AD AC 9C = 110"),
      (140, 110), "scored", (370, 220)),
    # roundhouse 40 + 60 + 80 + 60
    R("D", ("KH QH KS QS KD QD KC QC = 240", "9D 9D = 20"), (120, 130), "scored", (360, 150)),
    R("S", ("AS 10S KS QS JS 9S = 200", "JH JS JD JC = 40"), (100, 150), "scored", (300, 190)),
)

TWO_HAND_BOTH_OVER = (
    # all eight aces 200 + kings 160; queens 120 + jacks 80 + double pinochle 80
    R("D", ("AH AH AS AS AD AD AC AC KH KH KS KS KD KD KC KC = 360",
            "QH QH QS QS QD QD QC QC JH JH JS JS JD JD JC JC = 280"),
      (125, 125), "scored", (485, 405)),
    R("H", ("AH 10H KH QH JH QS JD = 230", "AH AS AD AC KS QS KD QD KC QC = 160"),
      (120, 130), "scored", (350, 290)),
    # 1005 and 1155: the higher wins
    R("S", ("KS QS = 40", "AH AS AD AC KH KS KD KC QH QS QD QC = 340"),
      (130, 120), "scored", (170, 460)),
)

# --- cutthroat (§3.5: three players, throw-in at any bid, game at 1500) -------------------

CUTTHROAT_HANDS = (
    R("Ann 300 S", ("AS 10S KS QS JS KH QH = 170", "QS JD = 40", "AH AS AD AC = 100"),
      (150, 60, 40), "made", (320, 100, 140)),
    # set; Cal took nothing, so his 40 meld is lost
    R("Bea 350 H", ("KS QS KD QD = 40", "AH 10H KH QH JH 9H = 160", "JH JS JD JC = 40"),
      (150, 100, 0), "set", (190, -350, 0)),
    # throw-in at the least bid: each opponent scores their meld
    R("Cal 250 D", ("AH AS AD AC = 100", "KC QC = 20", "KD QD = 40"),
      THROWN_IN, "thrown_in", (100, 20, -250)),
    # made exactly: 40 + 210
    R("Ann 250 C", ("KC QC = 40", "QS JD QS JD = 300", 0),
      (210, 40, 0), "made", (250, 340, 0)),
    # run + royal marriage 230 + pinochle 40, but no trick point: set
    R("Bea 260 S", ("AH AS AD AC = 100", "AS 10S KS KS QS QS JS JD = 270",
                    "KH QH KD QD KC QC = 60"),
      (130, 0, 120), "set", (230, -260, 180)),
    # run + extra king 190 + pinochle 40; Bea keeps her dix with 10 counters
    R("Cal 300 H", ("AH AS AD AC = 100", "9H = 10", "AH 10H KH KH QH JH QS JD = 230"),
      (100, 10, 140), "made", (200, 20, 370)),
    # Ann and Cal both at 1500, Bea set: equal, play on with the target at 1750
    R("Bea 250 D", (0, "KD QD = 40", "AH AH AS AS AD AD AC AC KH QH = 1020"),
      (210, 0, 40), "set", (210, -250, 1060)),
    # Cal 1750 as bidder, Ann 1760: the bidder is counted first
    R("Cal 250 H", ("AH AS AD AC KS QS = 120", 0, "AH 10H KH QH JH = 150"),
      (140, 10, 100), "made", (260, 10, 250)),
)

CUTTHROAT_ONE_OVER = (
    R("Ann 250 H", ("KH QH = 40", "AH AH AS AS AD AD AC AC = 1000", "QS JD = 40"),
      (100, 100, 50), "set", (-250, 1100, 90)),
    # the bidder is under 1500; Bea alone is over
    R("Cal 260 C", (0, "QS JD QS JD = 300", "AC 10C KC QC JC = 150"),
      (40, 100, 110), "made", (40, 400, 260)),
)

CUTTHROAT_TWO_OVER = (
    R("Ann 250 S", ("KS QS = 40", "AH AH AS AS AD AD AC AC = 1000",
                    "JH JH JS JS JD JD JC JC = 400"),
      (0, 130, 120), "set", (-250, 1130, 520)),
    # Bea 1520 and Cal 1620, the bidder set: the higher opponent wins
    R("Ann 250 D", ("KD QD = 40", "KH QH KS QS KD QD KC QC = 240",
                    "AH AH AS AS AD AD AC AC = 1000"),
      (0, 150, 100), "set", (-250, 390, 1100)),
)

# --- double-deck (§1.5, §3.6: ×1 meld, 50 counters, meld needs 20 and 20 counters) --------

DOUBLE_DECK_HANDS = (
    # run 15 + royal marriage 4 (no run extras) + aces 10 = 29; Them under 20 counters
    R("Ann 60 H", ("AH 10H KH QH JH KH QH | AH AS AD AC = 29", "QS JD | KS QS KC QC = 8"),
      (32, 18), "made", (61, 0)),
    # Them's 19 meld does not count; Us: roundhouse 24 + 22
    R("Bea 55 S", ("KH QH KS QS KD QD KC QC = 24", "AS 10S KS QS JS | KH QH KD QD = 19"),
      (22, 28), "set", (46, -55)),
    # no marriage in trump: -bid, the defenders their 100 meld
    R("Cal 50 D", ("JH JS JD JC | KH QH = 6", "AH AS AD AC AH AS AD AC = 100"),
      NO_MARRIAGE, "set", (-50, 100)),
    R("Dan 52 C", ("QS JD QS JD = 30", "| KC QC = 4"), THROWN_IN, "thrown_in", (30, -52)),
    # set at 65 with 63; Us: meld 2 does not count, 20 counters do
    R("Bea 65 H", ("KS QS = 2", "AH 10H KH QH JH | AH AS AD AC KH KS KD KC = 33"),
      (20, 30), "set", (20, -65)),
    # made exactly: 23 + 47
    R("Cal 70 S", ("JH JS JD JC | AS 10S KS KS QS QS JS = 23", "AH AS AD AC | KD QD KC QC = 14"),
      (47, 3), "made", (70, 0)),
    # meld 4 does not count, the 50 counters alone make 50
    R("Dan 50 D", ("AH AS AD AC | QS JD = 14", "| KD QD = 4"), (0, 50), "made", (0, 50)),
    # double run 150, double pinochle 30; Them keep 24 with exactly 20 counters
    R("Ann 80 C", ("AC AC 10C 10C KC KC QC QC JC JC | QS QS JD JD = 180",
                   "AH AS AD AC KH KS KD KC | QH QS QD QC = 24"),
      (30, 20), "made", (210, 44)),
    # triple aces 150 + royal marriage 4
    R("Bea 60 H", ("KS QS KD QD = 4", "AH AS AD AC AH AS AD AC AH AS AD AC KH QH = 154"),
      (25, 25), "made", (25, 179)),
    # Us 507, Them 541: both over, the bidders win.
    # Ann: arounds 10 + 8 + 6 + 4, royal 4, marriages 6, pinochle 4 = 42;
    # Cal: run 15, aces 10, kings 8 = 33. Bea: double queens 60, double jacks 40,
    # double pinochle 30 = 130; Dan: double aces 100, double kings 80 = 180.
    R("Cal 75 S", ("AH AS AD AC KH KS KD KC QH QS QD QC JH JS JD JC"
                   " | AS 10S KS QS JS AH AD AC KH KD KC = 75",
                   "QH QH QS QS QD QD QC QC JH JH JS JS JD JD JC JC"
                   " | AH AH AS AS AD AD AC AC KH KH KS KS KD KD KC KC = 310"),
      (20, 30), "made", (95, 340)),
)

DOUBLE_DECK_DEFENDERS_OUT = (
    # double run 150 >= 50, but 19 counters: set; Them's 16 meld does not count
    R("Ann 50 H", ("AH 10H KH QH JH AH 10H KH QH JH = 150", "AS AD AC AH | KS QS KD QD KC QC = 16"),
      (19, 31), "set", (-50, 31)),
    # quadruple aces 200 + royal 4; double jacks 40 + double pinochle 30
    R("Bea 60 S", ("KH QH = 2", "AS AS AS AS AH AH AH AH AD AD AD AD AC AC AC AC KS QS"
                                " | JH JS JD JC JH JS JD JC QS QS = 274"),
      (20, 30), "made", (20, 304)),
    # thrown in: the defenders' 14 meld is under 20
    R("Cal 50 D", ("| KD QD = 4", "AH AS AD AC | QS JD = 14"), THROWN_IN, "thrown_in", (-50, 0)),
    # the bidders are set, the defenders pass 500 alone
    R("Ann 55 H", ("KH QH = 4", "AH AS AD AC AH AS AD AC KH KS KD KC QH QS QD QC"
                                " | JH JS JD JC = 128"),
      (10, 40), "set", (-55, 168)),
)

# --- house-rule options (rules.md §4) ------------------------------------------------------

TARGET_500 = (
    R("Ann 250 H", ("AH 10H KH QH JH | AH AS AD AC = 250", "QS JD = 40"),
      (200, 50), "made", (450, 90)),
    R("Bea 250 S", (0, "KS QS = 40"), (60, 190), "set", (60, -250)),
)

MIN_BID_300 = (
    R("Ann 300 H", ("AH 10H KH QH JH = 150", 0), (150, 100), "made", (300, 100)),
)

REDEAL = (
    PASSED,
    PASSED,
    R("Cal 250 D", ("| AD 10D KD QD JD = 150", 0), (120, 130), "made", (270, 130)),
)

THROW_IN_ALWAYS = (
    R("Ann 250 H", ("AH 10H KH QH JH = 150", "QS JD = 40"), THROWN_IN, "thrown_in", (-250, 40)),
)
# 300 > 40 + 250
CUTTHROAT_THROW_IN_WHEN_IMPOSSIBLE = (
    R("Ann 300 H", ("KH QH = 40", "QS JD = 40", "AH AS AD AC = 100"),
      THROWN_IN, "thrown_in", (-300, 40, 100)),
)
# a 15 meld does not count in double deck, so 65 is out of reach of 50 counters
DOUBLE_DECK_THROW_IN_WHEN_IMPOSSIBLE = (
    R("Ann 65 H", ("AH 10H KH QH JH = 15", "AH AS AD AC AH AS AD AC = 100"),
      THROWN_IN, "thrown_in", (-65, 100)),
)

SAVE_MELD_ANY_TRICK = (
    # Them won a trick with no counters: they keep their 140
    R("Ann 250 H", ("AH 10H KH QH JH = 150", "QS JD | AS AD AC AH = 140"),
      (250, 0), "made", (400, 140), took_trick=(True, True)),
    # the bidders make 250 on meld alone, having won a trick
    R("Bea 250 S", ("JH JS JD JC = 40", "AS 10S KS KS QS QS JS | KH QH = 250"),
      (250, 0), "made", (290, 250), took_trick=(True, True)),
    R("Cal 250 D", ("| AD 10D KD QD JD = 150", "AH AS AD AC = 100"),
      (250, 0), "made", (400, 0), took_trick=(True, False)),
)

SAVE_MELD_50 = (
    R("Ann 250 H", ("AH 10H KH QH JH = 150", "AS AD AC AH = 100"), (210, 40), "made", (360, 0)),
    R("Bea 250 S", ("QS JD = 40", "AS 10S KS QS JS | KH QH = 170"),
      (50, 200), "made", (90, 370)),
    # 230 + 40 >= 260, but 40 counters are fewer than 50: set
    R("Cal 260 C", ("| AC 10C KC KC QC QC JC = 230", "KD QD = 20"),
      (40, 210), "set", (-260, 230)),
)

BIDDER_WITHOUT_TRICKS_SCORE = (
    # the hand that was set in PARTNERSHIP_HANDS: made on meld alone
    R("Bea 250 H", ("KD QD = 20", "AH 10H KH KH QH QH JH | QS JD QS JD = 530"),
      (250, 0), "made", (270, 530)),
    R("Ann 300 S", ("KS QS = 40", "AH AS AD AC = 100"), (0, 250), "set", (-300, 350)),
)

DOUBLE_DECK_LEVEL = (
    R("Ann 60 H", (75, 75), (25, 25), "made", (100, 100)),
    R("Bea 50 S", (30, 40), (20, 30), "made", (50, 70)),
)

DOUBLES_SPECIAL = (
    # double run 1500 + double pinochle 300
    R("Ann 250 H", ("AH AH 10H 10H KH KH QH QH JH JH | QS QS JD JD = 1800", "KD QD KC QC = 40"),
      (100, 150), "made", (1900, 190)),
)
DOUBLES_TWO_SINGLES = (
    # two runs 300 + two pinochles 80
    R("Ann 250 H", ("AH AH 10H 10H KH KH QH QH JH JH | QS QS JD JD = 380", "KD QD KC QC = 40"),
      (100, 150), "made", (480, 190)),
    # all eight aces as two aces around: 200
    R("Bea 250 S", ("KH QH = 20", "AH AH AS AS AD AD AC AC | KS QS = 240"),
      (50, 200), "made", (70, 440)),
)
TWO_HAND_DOUBLES_SPECIAL = (
    # all eight aces 1000 + double pinochle 300
    R("H", ("AH AH AS AS AD AD AC AC QS QS JD JD = 1300", "KH QH = 40"),
      (125, 125), "scored", (1425, 165)),
)

RUN_EXTRAS_ON = (
    R("Ann 250 H", ("AH 10H KH KH QH QH JH = 230", "AS 10S KS KS QS JS = 20"),
      (100, 150), "made", (330, 170)),
    R("Bea 250 S", ("AH 10H KH QH JH QH = 20", "AS 10S KS KS QS JS = 190"),
      (80, 170), "made", (100, 360)),
)
RUN_EXTRAS_OFF = (
    R("Ann 250 H", ("AH 10H KH KH QH QH JH = 190", "AS 10S KS KS QS JS = 20"),
      (100, 150), "made", (290, 170)),
    R("Bea 250 S", ("AH 10H KH QH JH QH = 20", "AS 10S KS KS QS JS = 150"),
      (80, 170), "made", (100, 320)),
)

# fmt: on

PRESET_GAMES: dict[str, Game] = {
    "partnership: made, set, saved and lost meld, throw-in, no trick point": Game(
        "partnership", PARTNERSHIP_HANDS, (1290, 190), "Ann Bea Cal Dan Ann Bea Cal"
    ),
    "partnership: both over on one hand, the bidders win with the lower total": Game(
        "partnership", PARTNERSHIP_RACE, (1510, 1620), "Dan Ann Bea", 0, first_dealer="Dan"
    ),
    "partnership: level over the target, the bidders win": Game(
        "partnership", PARTNERSHIP_LEVEL, (1570, 1570), "Dan Ann Bea", 0, first_dealer="Dan"
    ),
    "partnership-tenths: the defenders pass 150 alone": Game(
        "partnership-tenths", TENTHS_HANDS, (-2, 163), "Cal Dan Ann Bea Cal", 1, first_dealer="Cal"
    ),
    "check: passed out, meld chips, set, throw-in, slam, game chips": Game(
        "check", CHECK_HANDS, (-40, 113), "Ann Bea Cal Dan Ann", 1, chips=(-69, 69)
    ),
    "check: both over, the bidders win the race with a margin below 0": Game(
        "check", CHECK_BOTH_OVER, (102, 103), "Ann Bea Cal Dan", 0, chips=(18, -18)
    ),
    "check: the race winner has fewer chips and loses": Game(
        "check", CHECK_RACE_WINNER_LOSES, (105, 52), "Ann Bea Cal", 0, winner=1, chips=(-9, 9)
    ),
    "check: equal chips, a draw": Game(
        "check", CHECK_DRAW, (100, 17), "Ann Bea", 0, winner="draw", chips=(0, 0)
    ),
    "check: seed chip scale": Game(
        "check", CHECK_SEED, (115, -35), "Ann Bea Cal", 0, chips=(85, -85)
    ),
    "two-hand: level at 1000, play on to 1250, the higher wins": Game(
        "two-hand", TWO_HAND_TIE, (1480, 1250), "Ann Bea Ann Bea Ann Bea", 0, target=1250
    ),
    "two-hand: one player over": Game("two-hand", TWO_HAND_ONE_OVER, (1030, 560), "Ann Bea Ann", 0),
    "two-hand: both over, the higher wins": Game(
        "two-hand", TWO_HAND_BOTH_OVER, (1005, 1155), "Ann Bea Ann", 1
    ),
    "cutthroat: two opponents level, play on to 1750, the bidder first": Game(
        "cutthroat",
        CUTTHROAT_HANDS,
        (1760, -370, 1750),
        "Ann Bea Cal Ann Bea Cal Ann Bea",
        2,
        target=1750,
    ),
    "cutthroat: a single opponent over": Game(
        "cutthroat", CUTTHROAT_ONE_OVER, (-210, 1500, 350), "Ann Bea", 1
    ),
    "cutthroat: two opponents over, the higher wins": Game(
        "cutthroat", CUTTHROAT_TWO_OVER, (-500, 1520, 1620), "Ann Bea", 2
    ),
    "double-deck: meld under 20, counters under 20, no marriage, both over": Game(
        "double-deck",
        DOUBLE_DECK_HANDS,
        (507, 541),
        "Ann Bea Cal Dan Ann Bea Cal Dan Ann Bea",
        0,
    ),
    "double-deck: set with 150 meld, the defenders pass 500 alone": Game(
        "double-deck", DOUBLE_DECK_DEFENDERS_OUT, (-135, 503), "Ann Bea Cal Dan", 1
    ),
}

OPTION_GAMES: dict[str, Game] = {
    "target: 500": Game(
        "partnership", TARGET_500, (510, -160), "Ann Bea", 0, rules={"target": 500}
    ),
    "min_bid: 300": Game("partnership", MIN_BID_300, (300, 100), "Ann", rules={"min_bid": 300}),
    "all_pass: redeal, the deal moves on": Game(
        "partnership", REDEAL, (270, 130), "Ann Bea Cal", rules={"all_pass": "redeal"}
    ),
    "throw_in: always": Game(
        "partnership", THROW_IN_ALWAYS, (-250, 40), "Ann", rules={"throw_in": "always"}
    ),
    "throw_in: when_impossible in cutthroat": Game(
        "cutthroat",
        CUTTHROAT_THROW_IN_WHEN_IMPOSSIBLE,
        (-300, 40, 100),
        "Ann",
        rules={"throw_in": "when_impossible"},
    ),
    "throw_in: when_impossible in double-deck, meld under 20": Game(
        "double-deck",
        DOUBLE_DECK_THROW_IN_WHEN_IMPOSSIBLE,
        (-65, 100),
        "Ann",
        rules={"throw_in": "when_impossible"},
    ),
    "save_meld: any_trick": Game(
        "partnership",
        SAVE_MELD_ANY_TRICK,
        (1090, 390),
        "Ann Bea Cal",
        rules={"save_meld": "any_trick"},
    ),
    "save_meld: min_counters:50": Game(
        "partnership",
        SAVE_MELD_50,
        (190, 600),
        "Ann Bea Cal",
        rules={"save_meld": "min_counters:50"},
    ),
    "bidder_without_tricks: score": Game(
        "partnership",
        BIDDER_WITHOUT_TRICKS_SCORE,
        (-30, 880),
        "Ann Bea",
        rules={"bidder_without_tricks": "score"},
    ),
    "both_reach_target: higher_wins": Game(
        "partnership",
        PARTNERSHIP_RACE,
        (1510, 1620),
        "Dan Ann Bea",
        1,
        rules={"both_reach_target": "higher_wins"},
        first_dealer="Dan",
    ),
    "both_reach_target: higher_wins, level, play on (+250)": Game(
        "partnership",
        PARTNERSHIP_PLAY_ON,
        (1720, 1820),
        "Dan Ann Bea Cal",
        1,
        target=1750,
        rules={"both_reach_target": "higher_wins"},
        first_dealer="Dan",
    ),
    "both_reach_target: higher_wins in cutthroat, the higher opponent beats the bidder": Game(
        "cutthroat",
        CUTTHROAT_HANDS,
        (1760, -370, 1750),
        "Ann Bea Cal Ann Bea Cal Ann Bea",
        0,
        target=1750,
        rules={"both_reach_target": "higher_wins"},
    ),
    "both_reach_target: higher_wins in double-deck, level, play on (+50)": Game(
        "double-deck",
        DOUBLE_DECK_LEVEL,
        (150, 170),
        "Ann Bea",
        1,
        target=150,
        rules={"both_reach_target": "higher_wins", "target": 100},
    ),
    "doubles: special": Game("partnership", DOUBLES_SPECIAL, (1900, 190), "Ann", 0),
    "doubles: two_singles": Game(
        "partnership", DOUBLES_TWO_SINGLES, (550, 630), "Ann Bea", rules={"doubles": "two_singles"}
    ),
    "doubles: special in two-hand": Game(
        "two-hand", TWO_HAND_DOUBLES_SPECIAL, (1425, 165), "Ann", 0, rules={"doubles": "special"}
    ),
    "run_extras: on": Game("partnership", RUN_EXTRAS_ON, (430, 530), "Ann Bea"),
    "run_extras: off": Game(
        "partnership", RUN_EXTRAS_OFF, (390, 490), "Ann Bea", rules={"run_extras": "off"}
    ),
    "check_scale: bicycle": Game(
        "check",
        CHECK_BICYCLE,
        (115, -35),
        "Ann Bea Cal",
        0,
        chips=(101, -101),
        rules={"check_scale": "bicycle"},
    ),
}

GAMES = {**PRESET_GAMES, **OPTION_GAMES}


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES.keys())
def test_game_replays_as_worked_out_by_hand(game: Game) -> None:
    expected_totals = running([row.points for row in game.rows])
    assert expected_totals[-1] == game.totals, "the table's points do not add up to its totals"

    result = replay(from_document(game.document()))

    assert [hand.dealer for hand in result.hands] == game.dealers.split()
    assert [hand.outcome for hand in result.hands] == [row.outcome for row in game.rows]
    assert [hand.points for hand in result.hands] == [row.points for row in game.rows]
    assert [hand.totals for hand in result.hands] == expected_totals
    assert [hand.chips for hand in result.hands] == [row.chips for row in game.rows]
    assert result.totals == game.totals
    assert result.target == game.expected_target
    assert result.went_out == game.went_out
    assert result.finished is (game.went_out is not None)
    assert result.winner == game.expected_winner
    assert result.chips == game.chips
    assert result.notices == ()


def test_every_preset_has_a_table() -> None:
    hands: dict[str, int] = dict.fromkeys(TARGETS, 0)
    for game in PRESET_GAMES.values():
        hands[game.ruleset] += len(game.rows)
    assert all(hands.values()), hands
    assert min(hands["cutthroat"], hands["double-deck"], hands["two-hand"]) >= 10, hands


# --- what the engine must refuse --------------------------------------------------------


@dataclass(frozen=True)
class RefusalError:
    """Hands whose last one breaks a rule: the replay names it with ``code``."""

    ruleset: str
    rows: tuple[R, ...]
    code: str
    rules: Mapping[str, object] = field(default_factory=dict)
    first_dealer: str = "Ann"


# fmt: off
REFUSALS: dict[str, RefusalError] = {
    # rules.md §3.1: 400 is not more than 250 above 150
    "partnership: throw-in at 400 over 150 meld": RefusalError("partnership", (
        *PARTNERSHIP_HANDS[:4],
        R("Ann 400 H", ("AH 10H KH QH JH = 150", 0), THROWN_IN),
    ), "throw_in_not_allowed"),
    # §3.2: 29 is not more than 25 above 4
    "partnership-tenths: throw-in at 29 over 4 meld": RefusalError("partnership-tenths", (
        R("Cal 29 D", ("| KD QD = 4", 0), THROWN_IN),
    ), "throw_in_not_allowed"),
    "check: throw-in at 29 over 4 meld": RefusalError("check", (
        R("Ann 29 C", ("KC QC = 4", 0), THROWN_IN),
    ), "throw_in_not_allowed"),
    "throw_in: never": RefusalError("partnership", (
        R("Ann 410 H", ("AH 10H KH QH JH = 150", 0), THROWN_IN),
    ), "throw_in_never", {"throw_in": "never"}),
    "throw_in: when_impossible in cutthroat, 280 over 40": RefusalError("cutthroat", (
        R("Ann 280 H", ("KH QH = 40", 0, 0), THROWN_IN),
    ), "throw_in_not_allowed", {"throw_in": "when_impossible"}),
    "throw_in: when_impossible in double-deck, 70 over 20": RefusalError("double-deck", (
        R("Ann 70 H", (20, 0), THROWN_IN),
    ), "throw_in_not_allowed", {"throw_in": "when_impossible"}),
    "two-hand: no throw-in": RefusalError("two-hand", (
        R("H", (0, 0), THROWN_IN),
    ), "hand_not_applicable"),
    "two-hand: no bidder": RefusalError("two-hand", (
        R("Ann 250 H", (0, 0), (125, 125)),
    ), "hand_not_applicable"),
    "partnership: a hand after the game ended": RefusalError("partnership", (
        *PARTNERSHIP_RACE,
        R("Dan 250 H", (0, 0), (100, 150)),
    ), "hand_after_end", first_dealer="Dan"),
    "check: a hand after the game ended": RefusalError("check", (
        *CHECK_HANDS,
        R("Bea 20 H", (0, 0), (10, 15)),
    ), "hand_after_end"),
    "two-hand: a hand after the game ended": RefusalError("two-hand", (
        *TWO_HAND_ONE_OVER,
        R("H", (0, 0), (125, 125)),
    ), "hand_after_end"),
    "cutthroat: a hand after the game ended": RefusalError("cutthroat", (
        *CUTTHROAT_ONE_OVER,
        R("Ann 250 H", (0, 0, 0), (100, 100, 50)),
    ), "hand_after_end"),
    "double-deck: a hand after the game ended": RefusalError("double-deck", (
        *DOUBLE_DECK_DEFENDERS_OUT,
        R("Bea 50 H", (0, 0), (25, 25)),
    ), "hand_after_end"),
    "partnership: passed out, the dealer is stuck": RefusalError("partnership", (
        PASSED,
    ), "passed_out_not_allowed"),
    "all_pass: dealer_stuck in check": RefusalError("check", (
        PASSED,
    ), "passed_out_not_allowed", {"all_pass": "dealer_stuck"}),
    "two-hand: nothing to pass": RefusalError("two-hand", (
        PASSED,
    ), "passed_out_no_bidding"),
    "check: trump without the bidder's marriage": RefusalError("check", (
        R("Ann 25 S", ("KH QH = 2", 0), (15, 10)),
    ), "trump_without_marriage"),
    "double-deck: no_marriage, but the bidder holds one": RefusalError("double-deck", (
        R("Ann 50 H", ("KH QH = 4", 0), NO_MARRIAGE),
    ), "no_marriage_has_marriage"),
    "double-deck: no marriage in trump, not recorded": RefusalError("double-deck", (
        R("Ann 50 H", ("KS QS = 2", 0), (30, 20)),
    ), "no_marriage_needed"),
    "min_bid: 300, a bid of 290": RefusalError("partnership", (
        R("Ann 290 H", (150, 0), (200, 50)),
    ), "bid_below_minimum", {"min_bid": 300}),
    "partnership: a bid of 245": RefusalError("partnership", (
        R("Ann 245 H", (150, 0), (200, 50)),
    ), "bid_below_minimum"),
    "double-deck: a bid of 49": RefusalError("double-deck", (
        R("Ann 49 H", (20, 0), (25, 25)),
    ), "bid_below_minimum"),
    "double-deck: a bid of 62, off the steps of 5 above 60": RefusalError("double-deck", (
        R("Ann 62 H", (20, 0), (25, 25)),
    ), "bid_off_step"),
    "partnership: a bid of 255": RefusalError("partnership", (
        R("Ann 255 H", (150, 0), (200, 50)),
    ), "bid_off_step"),
    "two-hand: counters off the unit of 5": RefusalError("two-hand", (
        R("H", (0, 0), (127, 123)),
    ), "counters_off_unit"),
    "double-deck: counters adding up to 48": RefusalError("double-deck", (
        R("Ann 50 H", (20, 0), (30, 18)),
    ), "counters_sum"),
    "cutthroat: counters adding up to 240": RefusalError("cutthroat", (
        R("Ann 250 H", (0, 0, 0), (100, 100, 40)),
    ), "counters_sum"),
    "partnership: more meld than the cards make": RefusalError("partnership", (
        R("Ann 250 H", ("AH 10H KH QH JH = 160", 0), (200, 50)),
    ), "meld_cards_disagree"),
}
# fmt: on


@pytest.mark.parametrize("refusal", REFUSALS.values(), ids=REFUSALS.keys())
def test_refused_hand_is_named(refusal: RefusalError) -> None:
    doc = document(refusal.ruleset, refusal.rows, refusal.rules, refusal.first_dealer)
    with pytest.raises(PinochleError) as info:
        replay(from_document(doc))
    assert info.value.code == refusal.code
    assert info.value.values["hand"] == len(refusal.rows)
    assert f"hand {len(refusal.rows)}:" in str(info.value)


def test_hand_after_end_names_the_last_hand() -> None:
    doc = document("cutthroat", (*CUTTHROAT_ONE_OVER, CUTTHROAT_ONE_OVER[0]))
    with pytest.raises(PinochleError) as info:
        replay(from_document(doc))
    assert info.value.values == {"hand": 3, "ended": 2}


# --- bad house-rule options -------------------------------------------------------------

BAD_OPTIONS = [
    ("partnership", {"target": 0}, "option_value"),
    ("partnership", {"target": "1000"}, "option_value"),
    ("partnership", {"min_bid": 255}, "option_value"),
    ("double-deck", {"min_bid": 62}, "option_value"),
    ("partnership", {"all_pass": "shuffle"}, "option_value"),
    ("partnership", {"throw_in": "sometimes"}, "option_value"),
    ("partnership", {"save_meld": "min_counters:15"}, "option_value"),
    ("partnership", {"save_meld": "min_counters:300"}, "option_value"),
    ("partnership", {"save_meld": "most_tricks"}, "option_value"),
    ("partnership", {"bidder_without_tricks": "maybe"}, "option_value"),
    ("partnership", {"both_reach_target": "nobody"}, "option_value"),
    ("partnership", {"doubles": "triples"}, "option_value"),
    ("partnership", {"run_extras": "yes"}, "option_value"),
    ("check", {"check_scale": "casino"}, "option_value"),
    ("partnership", {"trump": "H"}, "option_unknown"),
    ("check", {"chip_scale": "seed"}, "option_unknown"),
    ("two-hand", {"throw_in": "never"}, "option_needs_bidding"),
    ("two-hand", {"min_bid": 100}, "option_needs_bidding"),
    ("double-deck", {"run_extras": "on"}, "option_needs_run_extras"),
    ("partnership", {"check_scale": "bicycle"}, "option_needs_chips"),
]


@pytest.mark.parametrize(
    ("ruleset", "rules", "code"),
    BAD_OPTIONS,
    ids=[f"{ruleset} {rules}" for ruleset, rules, _ in BAD_OPTIONS],
)
def test_bad_option_is_refused_by_name(ruleset: str, rules: dict[str, object], code: str) -> None:
    (option,) = rules
    with pytest.raises(RuleError) as info:
        from_document(document(ruleset, (), rules))
    assert info.value.code == code
    assert info.value.values["option"] == option
    assert repr(option) in str(info.value)

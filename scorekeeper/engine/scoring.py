"""Replaying a game (rules.md §2–§5): each hand scored in turn (``hand_score``), the
running totals and chips, the race (``race``) and the winner.

The checks of a hand's recorded values are in ``checks``, the house rules' outcomes
(misdeal, renege, the moon, too little meld to play) in ``house_rules``, and the end of
the game in ``race``. ``replay`` calls the ``verify_*`` functions through
``score_hand``, so a refusal has one message, written once.
"""

from __future__ import annotations

from dataclasses import dataclass

from .chips import game_chips, net_chips
from .errors import GameError, Notice
from .game import Game
from .hand_score import dropped_meld, score_hand
from .presets import OFF
from .race import after_hand

# ``replay`` looks ``score_hand`` up here (a test counts the hands scored by replacing it)

DRAW = "draw"


@dataclass(frozen=True)
class HandResult:
    """One hand within its game: who dealt, what it scored, the totals after it."""

    number: int
    dealer: str
    outcome: str
    points: tuple[int, ...]
    totals: tuple[int, ...]
    chips: tuple[int, ...] | None = None
    bidder_side: int | None = None
    notices: tuple[Notice, ...] = ()
    # per side, the meld declared that did not count for being under the preset's
    # minimum (double deck: 20), 0 where it all counted: "12+20 -> +20" is the rule
    dropped_meld: tuple[int, ...] = ()
    made: bool | None = None  # HandScore.made
    moon_shot: bool | None = None  # HandScore.moon_shot
    # per side, the meld the cards shown make (``meld_cards``: the sum over the side's
    # players who showed cards), None for a side where nobody did; empty for a hand
    # without cards shown
    meld_from_cards: tuple[int | None, ...] = ()
    # auction pinochle (its points are chips): the kitty's chips in the hand, and its
    # balance after it; None where the game has no kitty
    kitty: int | None = None
    kitty_total: int | None = None

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "number": self.number,
            "dealer": self.dealer,
            "outcome": self.outcome,
            "points": list(self.points),
            "totals": list(self.totals),
        }
        if self.chips is not None:
            out["chips"] = list(self.chips)
        if self.meld_from_cards:
            out["meld_from_cards"] = list(self.meld_from_cards)
        if self.kitty is not None:
            out["kitty"] = self.kitty
        return out


@dataclass(frozen=True)
class GameResult:
    """A replayed game: every hand, the totals, and who won (game-format.md §2)."""

    game: Game
    hands: tuple[HandResult, ...]
    totals: tuple[int, ...]
    target: int
    went_out: int | None
    winner: int | str | None
    chips: tuple[int, ...] | None
    # why the game ended (race.ENDINGS: "target", "lose_below", "hands", "time_called",
    # "moon"), None while it goes on. ``went_out`` is then the side that won on points,
    # None for equal totals (a draw, or in check the chips decide)
    ended_by: str | None = None
    # auction pinochle: the kitty's balance (None in a game without a kitty)
    kitty: int | None = None

    @property
    def finished(self) -> bool:
        return self.ended_by is not None

    @property
    def notices(self) -> tuple[Notice, ...]:
        return tuple(notice for hand in self.hands for notice in hand.notices)

    @property
    def drawn_sides(self) -> tuple[int, ...]:
        """The sides that share a drawn game: level at the top of what decided it (the
        chips in check, else the totals; auction's totals are chips). () when the game
        is not a draw; a side below them lost (cutthroat: one fell through the floor).

        >>> from .presets import PRESETS
        >>> from .game import Side, new_game
        >>> game = new_game(PRESETS["cutthroat"], [Side(n, (n,)) for n in ("A", "B", "C")])
        >>> GameResult(game, (), (-600, 160, 160), 1500, None, DRAW, None, "lose_below").drawn_sides
        (1, 2)
        """
        if self.winner != DRAW:
            return ()
        decided = self.chips if self.chips is not None else self.totals
        top = max(decided)
        return tuple(side for side, value in enumerate(decided) if value == top)

    @property
    def dropped_meld_rule(self) -> Notice | None:
        """The rule that dropped a meld in some hand, as a sentence; None if none did."""
        if not any(any(hand.dropped_meld) for hand in self.hands):
            return None
        return Notice("meld_under_minimum", minimum=self.game.rules.min_meld)

    @property
    def next_dealer(self) -> str:
        return self.game.dealer(len(self.hands))

    @property
    def next_first_bidder(self) -> str:
        return self.game.first_bidder(len(self.hands))

    def as_dict(self) -> dict[str, object]:
        """The document ``scorekeeper score --json`` prints (auction pinochle: no target,
        its points and totals are chips, and the kitty's balance when it has one)."""
        auction = self.game.rules.is_auction
        out: dict[str, object] = {
            "ruleset": self.game.rules.name,
            "target": None if auction else self.target,
            "hands": [hand.as_dict() for hand in self.hands],
            "totals": list(self.totals),
            "finished": self.finished,
            "went_out": self.went_out,
            "winner": self.winner,
            "chips": None if self.chips is None else list(self.chips),
            "warnings": [
                {"hand": hand.number, "code": notice.code, "message": notice.message}
                for hand in self.hands
                for notice in hand.notices
            ],
        }
        if auction:
            out["kitty"] = self.kitty
        return out


# --- the whole game ------------------------------------------------------------------


def replay(game: Game) -> GameResult:
    """Replay every hand: running totals, outcomes, dealers, the race, the winner, chips.

    Raises ``GameError`` naming the first hand that breaks a rule.
    """
    rules = game.rules
    table = rules.chip_table
    totals = (0,) * rules.sides
    chip_totals: tuple[int, ...] | None = (0,) * rules.sides if table else None
    kitty: int | None = 0 if rules.is_auction and rules.kitty != OFF else None
    target = rules.target
    went_out: int | None = None
    ended_by: str | None = None
    scored = 0
    results: list[HandResult] = []
    for index, hand in enumerate(game.hands):
        number = index + 1
        if ended_by is not None:
            raise GameError("hand_after_end", hand=number, ended=index)
        score = score_hand(game, hand, number)
        scored += score.scored
        totals = tuple(t + p for t, p in zip(totals, score.points, strict=True))
        standing = after_hand(
            rules,
            totals,
            score.bidder_side,
            target,
            scored_hands=scored,
            time_called=hand.time_called,
            moon_shot=bool(score.moon_shot),
        )
        went_out, target, ended_by = standing.went_out, standing.target, standing.ended_by
        chips = None
        if table is not None and chip_totals is not None and score.earned_chips is not None:
            earned = list(score.earned_chips)
            if went_out is not None:  # the game's winner on points is paid for it
                losers = [t for side, t in enumerate(totals) if side != went_out]
                earned[went_out] += game_chips(totals[went_out], losers, table)
            chips = net_chips(earned)
            chip_totals = tuple(t + c for t, c in zip(chip_totals, chips, strict=True))
        if kitty is not None:
            kitty += score.kitty or 0
        results.append(
            HandResult(
                number,
                game.dealer(index),
                score.outcome,
                score.points,
                totals,
                chips,
                score.bidder_side,
                score.notices,
                tuple(dropped_meld(rules, meld) for meld in hand.meld or (0,) * rules.sides),
                score.made,
                score.moon_shot,
                score.meld_from_cards,
                None if kitty is None else score.kitty or 0,
                kitty,
            )
        )
    return GameResult(
        game,
        tuple(results),
        totals,
        target,
        went_out,
        _winner(ended_by, went_out, chip_totals),
        chip_totals,
        ended_by,
        kitty,
    )


def replay_change(game: Game, changed: int) -> GameResult:
    """Replay ``game`` after its hand number ``changed`` was edited, inserted or deleted.

    A change that would end the game before hands already played is refused
    with a sentence saying so, naming the changed hand.
    """
    try:
        return replay(game)
    except GameError as error:
        if error.code != "hand_after_end" or error.values["ended"] < changed:
            raise
        ended, last = error.values["ended"], len(game.hands)
        raise GameError("change_ends_game", hand=changed, ended=ended, last=last) from None


def _winner(
    ended_by: str | None, went_out: int | None, chips: tuple[int, ...] | None
) -> int | str | None:
    """None while the game goes on; then the side that won on points (equal totals: a
    draw), or in check pinochle the side with more chips (equal: a draw)."""
    if ended_by is None:
        return None
    if chips is None:
        return DRAW if went_out is None else went_out
    top = max(chips)
    leaders = [side for side, side_chips in enumerate(chips) if side_chips == top]
    return leaders[0] if len(leaders) == 1 else DRAW


__all__ = [
    "DRAW",
    "GameResult",
    "HandResult",
    "replay",
    "replay_change",
]

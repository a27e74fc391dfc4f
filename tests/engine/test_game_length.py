"""A game's length (issue 22, item 7): the bound counts scored hands, as ``game_end:
hands:N`` does, so passed-out and misdealt hands never leave a game that is not over
unable to take its next hand; those are bounded on their own (``MAX_REDEALS``)."""

from __future__ import annotations

import pytest

from scorekeeper.engine.bounds import MAX_HANDS, MAX_REDEALS
from scorekeeper.engine.cards import Suit
from scorekeeper.engine.errors import GameError
from scorekeeper.engine.game import Game, Hand, Side, new_game
from scorekeeper.engine.rules import ruleset
from scorekeeper.engine.scoring import replay

SIDES = [Side("Us", ("Ann", "Cal")), Side("Them", ("Bea", "Dan"))]
# each side set in turn: the totals go back to 0 every two hands, so no target is reached
SET_HANDS = (
    Hand(bidder="Ann", bid=250, trump=Suit.HEARTS, meld=(0, 0), counters=(0, 250)),
    Hand(bidder="Bea", bid=250, trump=Suit.HEARTS, meld=(0, 0), counters=(250, 0)),
)
MISDEAL = Hand(misdeal=True)
PASSED = Hand(passed_out=True)


def game(game_end: str, hands: list[Hand]) -> Game:
    rules = ruleset("partnership", {"game_end": game_end, "all_pass": "redeal"})
    return new_game(rules, SIDES, first_dealer="Ann").with_hands(hands)


def played(count: int) -> list[Hand]:
    return [SET_HANDS[index % 2] for index in range(count)]


# (game_end, the hands: [(kind, count), ...], finished after them, or the refusal's code)
CASES = [
    # the game: hands:1000 and one misdeal reaches its 1,000th scored hand
    ("hands:1000", [("misdeal", 1), ("played", MAX_HANDS)], True),
    ("hands:1000", [("passed", 1), ("played", MAX_HANDS)], True),
    ("hands:1000", [("misdeal", MAX_REDEALS), ("played", MAX_HANDS)], True),
    ("hands:1000", [("misdeal", MAX_REDEALS // 2), ("passed", MAX_REDEALS // 2)], False),
    ("hands:3", [("misdeal", 5), ("played", 3)], True),
    ("target", [("played", MAX_HANDS)], False),
    ("target", [("played", MAX_HANDS + 1)], "game_too_long"),
    ("target", [("misdeal", MAX_REDEALS + 1)], "game_too_many_redeals"),
    ("target", [("passed", MAX_REDEALS), ("misdeal", 1)], "game_too_many_redeals"),
]


def hands_of(kinds: list[tuple[str, int]]) -> list[Hand]:
    out: list[Hand] = []
    for kind, count in kinds:
        out += {"misdeal": [MISDEAL] * count, "passed": [PASSED] * count}.get(kind, played(count))
    return out


@pytest.mark.parametrize(("game_end", "kinds", "expected"), CASES)
def test_what_a_game_can_hold(
    game_end: str, kinds: list[tuple[str, int]], expected: bool | str
) -> None:
    hands = hands_of(kinds)
    if isinstance(expected, str):
        with pytest.raises(GameError) as refusal:
            game(game_end, hands)
        assert refusal.value.code == expected
    else:
        assert replay(game(game_end, hands)).finished is expected


@pytest.mark.parametrize("redeals", [1, 7, MAX_REDEALS])
def test_a_hands_game_not_over_always_takes_its_next_played_hand(redeals: int) -> None:
    """However many deals scored nothing, the Nth scored hand can be recorded."""
    before = [MISDEAL] * redeals + played(MAX_HANDS - 1)
    assert not replay(game("hands:1000", before)).finished
    assert replay(game("hands:1000", [*before, *played(1)])).finished


def test_past_the_redeal_bound_the_deal_is_played() -> None:
    before = [PASSED] * MAX_REDEALS
    with pytest.raises(GameError, match="this deal is played"):
        game("target", [*before, MISDEAL])
    assert len(game("target", [*before, *played(1)]).hands) == MAX_REDEALS + 1

"""Each hand taken apart (``engine.explain``): every side's terms add up to the points
the replay scored, and in check the chips earned, paid out between the sides, come to
the replay's chips; the terms never fall back to the bare figure on any shared case or
on random games of every preset."""

from __future__ import annotations

import random

import pytest

from scorekeeper.engine.cards import Suit
from scorekeeper.engine.explain import Term, explain
from scorekeeper.engine.game import Game, Hand, Side, new_game
from scorekeeper.engine.gamefile import from_document
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import with_options
from scorekeeper.engine.scoring import replay
from scorekeeper.engine.simulate import random_game
from tests.conftest import case_files, load_case

SIDES = [Side("Us", ("Ann", "Cal")), Side("Them", ("Bea", "Dan"))]


def explained_in_full(game: Game) -> None:
    result = replay(game)
    for index, scored in enumerate(result.hands):
        why = explain(result, index)
        assert why.number == scored.number and why.outcome == scored.outcome
        for side, part in enumerate(why.sides):
            assert sum(term.amount for term in part.points) == scored.points[side]
            assert [term.code for term in part.points] != ["points"], (index, part)
            if scored.chips is not None:
                assert part.net == scored.chips[side]
        if scored.chips is not None and any(scored.chips):
            assert any(part.chips for part in why.sides), (index, why)


@pytest.mark.parametrize("path", case_files("games"), ids=lambda path: path.stem)
def test_every_shared_game_is_explained_hand_by_hand(path: object) -> None:
    explained_in_full(from_document(load_case(path)["game"]))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", list(PRESETS))
@pytest.mark.parametrize("seed", range(8))
def test_random_games_of_every_preset_are_explained(name: str, seed: int) -> None:
    options = {} if PRESETS[name].is_auction else {"target": 100_000}
    rules = with_options(PRESETS[name], options)
    explained_in_full(random_game(rules, random.Random(seed), hands=25))


# (options, the hand, the bidders' terms, the other side's terms)
HANDS = [
    ({}, dict(meld=(190, 60), counters=(150, 100)),
     [Term("meld", 190), Term("counters", 150)], [Term("meld", 60), Term("counters", 100)]),
    ({}, dict(meld=(60, 60), counters=(150, 100)),  # 210 of 300: set
     [Term("bid_lost", -300)], [Term("meld", 60), Term("counters", 100)]),
    ({}, dict(meld=(190, 60), counters=(250, 0)),  # the others took no trick point
     [Term("meld", 190), Term("counters", 250)], [Term("not_saved", 0, 60)]),
    ({"shoot_the_moon": "points:250"}, dict(meld=(80, 60), counters=(250, 0), moon=True),
     [Term("meld", 80), Term("counters", 250), Term("moon_won", 250)], [Term("not_saved", 0, 60)]),
    ({}, dict(meld=(190, 60), thrown_in=True, bid=500),
     [Term("bid_lost", -500)], [Term("meld", 60)]),
    ({}, dict(meld=(190, 60), renege=1),  # the others reneged: every counter to the bidders
     [Term("meld", 190), Term("every_counter", 250)], [Term("reneged", 0, 60)]),
]  # fmt: skip


@pytest.mark.parametrize(("options", "typed", "bidders", "others"), HANDS)
def test_a_hand_taken_apart(
    options: dict[str, object], typed: dict[str, object], bidders: list[Term], others: list[Term]
) -> None:
    rules = with_options(PRESETS["partnership"], options)
    hand = Hand(**{"bidder": "Cal", "bid": 300, "trump": Suit.HEARTS, **typed})  # type: ignore[arg-type]
    why = explain(replay(new_game(rules, SIDES, hands=[hand])), 0)
    assert [list(part.points) for part in why.sides] == [bidders, others]

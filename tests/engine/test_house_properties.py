"""Properties of the house rules (rules.md §7) that hold for every game (Hypothesis).

Games come from ``scorekeeper.engine.simulate``'s hands, with the house rules' events mixed in
as a table meets them: a misdeal, a renege by either side, a moon announced (shot or
not), time called. Every hand is scored by the engine as the game is built, and the
game stops where the engine says it ends, as ``simulate.random_game`` does.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.errors import GameError
from scorekeeper.engine.game import Game, Hand, new_game
from scorekeeper.engine.gamefile import from_document, to_document
from scorekeeper.engine.hand_score import score_hand
from scorekeeper.engine.presets import PRESETS, RuleSet
from scorekeeper.engine.race import after_hand
from scorekeeper.engine.rules import OPTIONS, with_options
from scorekeeper.engine.scoring import replay
from scorekeeper.engine.simulate import PLAYER_NAMES, default_sides, random_hand
from tests.conftest import examples

GAMES = settings(
    max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
BIDDING = [name for name, rules in PRESETS.items() if rules.bidding]
# the games played for points (auction pinochle pays each hand in chips: no floor there)
POINTS = [name for name in BIDDING if not PRESETS[name].is_auction]
EVENTS = ("misdeal", "renege", "moon", "time_called")


def with_event(game: Game, hand: Hand, rng: random.Random, events: tuple[str, ...]) -> Hand:
    """``hand``, or the same deal as one of ``events`` turned it (where the rules let it)."""
    rules = game.rules
    event = rng.choice(events)
    if event == "misdeal":
        return Hand(misdeal=True, time_called="time_called" in events and rng.random() < 0.1)
    if event == "time_called":
        return dataclasses.replace(hand, time_called=True)
    if hand.counters is None or hand.bidder is None:
        return hand  # not played: no renege, no moon
    if event == "renege":
        side = rng.randrange(rules.sides)
        return dataclasses.replace(
            hand, counters=None, renege=side, took_trick=None, all_tricks=None
        )
    if rules.shoot_the_moon == "off":
        return hand
    bidders = game.side_of[hand.bidder]
    if rng.random() < 0.5:  # every trick: every counter, and in check all of them recorded
        total = rules.counters.total
        counters = tuple(total if side == bidders else 0 for side in range(rules.sides))
        took = None if hand.took_trick is None else tuple(s == bidders for s in range(rules.sides))
        sweep = bidders if rules.chip_table is not None else None
        hand = dataclasses.replace(hand, counters=counters, took_trick=took, all_tricks=sweep)
    return dataclasses.replace(hand, moon=True)


def house_game(
    rules: RuleSet, seed: int, hands: int, chance: float = 0.2, events: tuple[str, ...] = EVENTS
) -> Game:
    """A game of at most ``hands`` hands that stops where the engine ends it."""
    rng = random.Random(seed)
    seating = PLAYER_NAMES[: rules.players]
    game = new_game(rules, default_sides(rules), seating, rng.choice(seating))
    played: list[Hand] = []
    totals, target, scored = (0,) * rules.sides, rules.target, 0
    while len(played) < hands:
        so_far = game.with_hands(played)  # the dealer counts the misdeals so far
        hand = random_hand(so_far, len(played), rng, show=0.1)
        if rng.random() < chance:
            hand = with_event(game, hand, rng, events)
        played.append(hand)
        score = score_hand(game, hand, len(played))
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
        if standing.ended:
            break
        target = standing.target
    return game.with_hands(played)


@st.composite
def house_rules(
    draw: st.DrawFn, preset: str | None = None, presets: list[str] = BIDDING
) -> RuleSet:
    """A preset with bidding (of ``presets``), some of the house rules on: those that
    apply to it."""
    rules = PRESETS[preset or draw(st.sampled_from(presets))]
    total = rules.counters.total
    choices: dict[str, list[object]] = {
        "save_meld": ["always"],
        "lose_below": [-2 * total, -6 * total],
        "game_end": ["hands:4", "hands:12"],
        "marriage_to_bid": ["required"],
        "min_meld_to_play": [rules.meld_table.marriage * 5],
        "shoot_the_moon": ["game", f"points:{total}"],
        "all_pass": ["redeal"],
    }
    overrides = {
        name: draw(st.sampled_from(values))
        for name, values in choices.items()
        if draw(st.booleans()) and OPTIONS[name].applies(rules) is None
    }
    return with_options(rules, overrides)


@GAMES
@given(scale=st.sampled_from(["seed", "bicycle"]), rules=house_rules("check"), seed=seeds)
def test_check_chips_stay_zero_sum_with_the_house_rules(
    scale: str, rules: RuleSet, seed: int
) -> None:
    rules = with_options(rules, {"check_scale": scale})
    result = replay(house_game(rules, seed, hands=60, chance=0.3))
    assert result.chips is not None
    for scored in result.hands:
        assert scored.chips is not None and sum(scored.chips) == 0, scored
    assert sum(result.chips) == 0
    columns = zip(*(scored.chips or () for scored in result.hands), strict=True)
    assert result.chips == tuple(sum(column) for column in columns)
    if result.finished:  # the winner has more chips, or it is a draw
        top = max(result.chips)
        assert result.winner == "draw" or result.chips[int(result.winner or 0)] == top


@GAMES
@given(
    name=st.sampled_from(list(PRESETS)),
    hands=st.integers(min_value=1, max_value=12),
    seed=seeds,
    target=st.sampled_from([None, 1]),
)
def test_a_hands_game_has_exactly_its_hands_unless_time_is_called(
    name: str, hands: int, seed: int, target: int | None
) -> None:
    """``game_end: hands:N``: N scored hands (passed out and misdealt ones not counted),
    even where every hand crosses the target; fewer only when time is called."""
    rules = with_options(PRESETS[name], {"game_end": f"hands:{hands}"})
    if target is not None and not rules.is_auction:  # auction pinochle has no target
        rules = with_options(rules, {"target": target})
    events = ("misdeal", "renege", "time_called")
    game = house_game(rules, seed, hands=3 * hands + 10, chance=0.25, events=events)
    result = replay(game)
    scored = [scored for scored in result.hands if scored.outcome not in ("passed_out", "misdeal")]
    assert result.finished
    assert not any(hand.time_called for hand in game.hands[:-1])
    if result.ended_by == "time_called":  # before the Nth: on the Nth, the N hands end it
        assert game.hands[-1].time_called
        assert len(scored) < hands
    else:
        assert result.ended_by == "hands"
        assert len(scored) == hands
    top = max(result.totals)
    leaders = [side for side, total in enumerate(result.totals) if total == top]
    if rules.chip_table is None:
        assert result.winner == (leaders[0] if len(leaders) == 1 else "draw")
    with pytest.raises(GameError) as refused:  # the replay refuses a hand after the end
        replay(game.with_hands([*game.hands, Hand(misdeal=True)]))
    assert refused.value.code == "hand_after_end"


@GAMES
@given(rules=house_rules(presets=POINTS), seed=seeds, floor=st.integers(min_value=1, max_value=6))
def test_lose_below_ends_the_game_on_the_hand_that_crosses_it(
    rules: RuleSet, seed: int, floor: int
) -> None:
    lowest = -floor * rules.counters.total
    rules = with_options(rules, {"lose_below": lowest, "target": 100_000, "game_end": "target"})
    if rules.shoot_the_moon == "game":
        rules = with_options(rules, {"shoot_the_moon": "off"})
    events = ("misdeal", "renege", "moon")  # no time called: only the floor ends it
    result = replay(house_game(rules, seed, hands=80, chance=0.3, events=events))
    crossed = [i for i, scored in enumerate(result.hands) if min(scored.totals) <= lowest]
    if not crossed:
        assert not result.finished
        return
    assert crossed[0] == len(result.hands) - 1  # the first hand at the floor is the last
    assert result.ended_by == "lose_below"
    losers = {side for side, total in enumerate(result.totals) if total <= lowest}
    assert result.went_out not in losers


@GAMES
@given(rules=house_rules(), seed=seeds)
def test_a_house_rules_game_survives_its_file_and_adds_up(rules: RuleSet, seed: int) -> None:
    game = house_game(rules, seed, hands=30)
    again = from_document(to_document(game))
    assert again == game
    result = replay(again)
    assert result == replay(game)
    columns = zip(*(scored.points for scored in result.hands), strict=True)
    assert result.totals == tuple(sum(column) for column in columns)
    misdeals = sum(hand.misdeal for hand in game.hands)
    seats = game.seating.index(result.next_dealer) - game.seating.index(game.first_dealer)
    assert seats % len(game.seating) == (len(game.hands) - misdeals) % len(game.seating)

"""Elo ratings (engine.ratings) and bid levels (RuleSet.bid_level, bid_band): tables of cases."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.ratings import expected_score, rating_changes

EVEN = [1500.0, 1500.0]


@pytest.mark.parametrize(
    ("sides", "winner", "draw", "expected"),
    [
        # equal sides: the winners gain K/2, the losers lose it
        ([EVEN, EVEN], 0, False, [[16.0, 16.0], [-16.0, -16.0]]),
        ([EVEN, EVEN], 1, False, [[-16.0, -16.0], [16.0, 16.0]]),
        ([EVEN, EVEN], None, True, [[0.0, 0.0], [0.0, 0.0]]),
        # a side's strength is its players' mean: 1600 against 1400, the favourite wins
        ([[1700.0, 1500.0], [1400.0, 1400.0]], 0, False, [[7.69, 7.69], [-7.69, -7.69]]),
        # ... and the favourite loses
        ([[1700.0, 1500.0], [1400.0, 1400.0]], 1, False, [[-24.31, -24.31], [24.31, 24.31]]),
        # a draw moves the favourite down
        ([[1600.0], [1400.0]], None, True, [[-8.31], [8.31]]),
        # cutthroat: each pair of players scored as a game, the changes added
        ([[1500.0], [1500.0], [1500.0]], 2, False, [[-16.0], [-16.0], [32.0]]),
        # (A beats B: +11.52; A beats C: +7.69; B and C, neither won: -4.48 and +4.48)
        ([[1600.0], [1500.0], [1400.0]], 0, False, [[19.21], [-16.0], [-3.21]]),
    ],
)
def test_rating_changes(
    sides: list[list[float]], winner: int | None, draw: bool, expected: list[list[float]]
) -> None:
    changes = rating_changes(sides, winner, draw)
    assert [[round(change, 2) for change in side] for side in changes] == expected


@given(
    st.lists(st.floats(800, 2400), min_size=2, max_size=3),
    st.integers(0, 2),
    st.booleans(),
)
def test_ratings_are_zero_sum_between_single_players(
    ratings: list[float], winner: int, draw: bool
) -> None:
    changes = rating_changes([[rating] for rating in ratings], winner % len(ratings), draw)
    assert sum(side[0] for side in changes) == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize(("strength", "against", "share"), [(1500, 1500, 0.5), (1900, 1500, 0.909)])
def test_expected_score(strength: float, against: float, share: float) -> None:
    assert expected_score(strength, against) == pytest.approx(share, abs=1e-3)


@pytest.mark.parametrize(
    ("preset", "bid", "level"),
    [
        ("partnership", 250, 250),
        ("partnership", 290, 250),
        ("partnership", 300, 300),
        ("partnership", 510, 500),
        ("check", 37, 35),
        ("cutthroat", 320, 300),
        ("two-hand", 50, 50),
        ("double-deck", 50, 50),
        ("double-deck", 74, 50),
        ("double-deck", 75, 75),
    ],
)
def test_bid_levels(preset: str, bid: int, level: int) -> None:
    assert PRESETS[preset].bid_level(bid) == level


@pytest.mark.parametrize(
    ("preset", "level", "band"),
    [  # the first and last bid on the ladder a level counts
        ("check", 20, (20, 24)),
        ("check", 25, (25, 29)),
        ("partnership-tenths", 30, (30, 34)),
        ("partnership", 250, (250, 290)),
        ("cutthroat", 300, (300, 340)),
        ("auction", 300, (300, 340)),
        ("two-hand", 0, (0, 40)),
        ("double-deck", 50, (50, 70)),  # 50 to 59 by ones, then 60, 65, 70
        ("double-deck", 75, (75, 95)),
    ],
)
def test_bid_bands(preset: str, level: int, band: tuple[int, int]) -> None:
    rules = PRESETS[preset]
    assert rules.bid_band(level) == band
    assert {rules.bid_level(bid) for bid in range(band[0], band[1] + 1)} == {level}


@pytest.mark.parametrize(
    ("presets", "same_scale"),
    [  # bids and points are added up only within one scale
        (("partnership", "cutthroat", "two-hand"), True),  # a hand's counters: 250
        (("check", "partnership-tenths"), True),  # 25
        (("partnership", "check"), False),
        (("check", "double-deck"), False),  # 25 and 50
        (("cutthroat", "auction"), False),  # points and chips
    ],
)
def test_point_scales(presets: tuple[str, ...], same_scale: bool) -> None:
    assert (len({PRESETS[name].point_scale for name in presets}) == 1) == same_scale

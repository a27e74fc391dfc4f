"""A table stopped by the clock (issue 30, item 5): a game its round was closed on
before it was over counts by the event's ``unfinished_tables`` rule, in the standings
(and, through the same function, in the season's figures: tests/club/test_stopped.py)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from fractions import Fraction

import pytest

from scorekeeper.engine.club.events import from_document, to_document
from scorekeeper.engine.club.standings import standings
from scorekeeper.engine.club.unfinished import (
    AHEAD_WINS,
    NOTHING_COUNTS,
    STOPPED,
    TOTALS_COUNT,
    stopped,
)
from scorekeeper.engine.game import Hand, Side, new_game
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.scoring import DRAW, replay
from tests.engine.club.test_events import Doc, _set, changed, night

US_THEM = [Side("Us", ("Ann", "Cal")), Side("Them", ("Bea", "Dan"))]
# Ann bids 250 in hearts: meld and counters for Us, then for Them
MADE = Hand("Ann", 250, "H", (100, 40), (150, 100))  # Us 250, Them 140
LEVEL = Hand("Ann", 250, "H", (100, 150), (150, 100))  # Us 250, Them 250
SET = Hand("Ann", 350, "H", (100, 40), (150, 100))  # Us -350, Them 140
MISDEAL = Hand(misdeal=True)  # dealt again: no totals

# (the hands so far, the rule) -> what the game counts for: (winner, drawn sides), or
# None when it counts nothing
CASES = [
    ([MADE], AHEAD_WINS, (0, ())),
    ([SET], AHEAD_WINS, (1, ())),
    ([LEVEL], AHEAD_WINS, (DRAW, (0, 1))),
    ([MADE], TOTALS_COUNT, (None, ())),
    ([LEVEL], TOTALS_COUNT, (None, ())),
    ([MADE], NOTHING_COUNTS, None),
    ([], AHEAD_WINS, None),  # no hand: no totals to stand
    ([MISDEAL, MISDEAL], AHEAD_WINS, None),  # no hand played: 0 to 0 is not a draw
    ([MISDEAL, MADE], AHEAD_WINS, (0, ())),
    ([], TOTALS_COUNT, None),
]


@pytest.mark.parametrize(("hands", "rule", "counts"), CASES)
def test_a_stopped_game_counts_by_the_rule(
    hands: list[Hand], rule: str, counts: tuple[object, tuple[int, ...]] | None
) -> None:
    result = replay(new_game(PRESETS["partnership"], US_THEM, hands=hands))
    assert not result.finished
    found = stopped(result, rule)
    if counts is None:
        assert found is None
        return
    assert found is not None
    assert (found.winner, found.drawn_sides) == counts
    assert found.finished and found.ended_by == STOPPED
    assert found.totals == result.totals  # the totals as they stand


@pytest.mark.parametrize("rule", [AHEAD_WINS, TOTALS_COUNT, NOTHING_COUNTS])
def test_a_game_that_is_over_counts_as_it_is(rule: str) -> None:
    game = new_game(PRESETS["partnership"], US_THEM, hands=[MADE] * 6)
    result = replay(game)
    assert result.finished
    assert stopped(result, rule) is result


def cut_short(document: Doc) -> None:
    """Round 3's only table stopped after its first hand: Cal & Eve 280, Dan & Ann 120."""
    game = document["rounds"][2]["tables"][0]["game"]
    game["hands"] = game["hands"][:1]


# the night of five with round 3 cut short and closed, against the same night where that
# game counts nothing: each entrant's (games, wins, points) more
MORE = {
    AHEAD_WINS: {
        "Cal": (1, 1, 280),
        "Eve": (1, 1, 280),
        "Dan": (1, 0, 120),
        "Ann": (1, 0, 120),
        "Bea": (0, 0, 280),  # her bye: the round's one winning total
    },
    TOTALS_COUNT: {
        "Cal": (1, 0, 280),
        "Eve": (1, 0, 280),
        "Dan": (1, 0, 120),
        "Ann": (1, 0, 120),
        "Bea": (0, 0, 0),  # no winner in the round: the bye's win, worth 0
    },
    NOTHING_COUNTS: dict.fromkeys(("Cal", "Eve", "Dan", "Ann", "Bea"), (0, 0, 0)),
}


def figures(document: Doc) -> tuple[bool, dict[str, tuple[int, Fraction, int]]]:
    table = standings(from_document(document))
    return table.provisional, {row.entrant: (row.games, row.wins, row.points) for row in table.rows}


@pytest.mark.parametrize("rule", list(MORE))
def test_the_standings_count_a_closed_rounds_unfinished_table_by_the_rule(rule: str) -> None:
    def closed_by(rule: str) -> Doc:
        document = changed(night, cut_short)
        document["rounds"][2]["closed"] = True
        document["unfinished_tables"] = rule
        return document

    provisional, base = figures(closed_by(NOTHING_COUNTS))
    assert not provisional
    provisional, found = figures(closed_by(rule))
    assert not provisional  # the round is closed: nothing will change
    more = {
        name: (games - base[name][0], wins - base[name][1], points - base[name][2])
        for name, (games, wins, points) in found.items()
    }
    assert more == MORE[rule]


def test_a_round_still_open_counts_its_unfinished_table_as_nothing_yet() -> None:
    cut = changed(night, _set("unfinished_tables", AHEAD_WINS))
    cut_short(cut)
    provisional, found = figures(cut)
    assert provisional
    cut_and_closed = copy.deepcopy(cut)
    cut_and_closed["rounds"][2]["closed"] = True
    provisional, closed = figures(cut_and_closed)
    assert not provisional
    assert found["Cal"][0] == closed["Cal"][0] - 1  # by ahead_wins, once closed


def test_a_file_without_the_rule_counts_a_stopped_table_as_nothing() -> None:
    """What a file meant before the rule existed: no change to its standings."""
    cut = changed(night, cut_short)
    cut["rounds"][2]["closed"] = True
    assert from_document(cut).unfinished_tables == NOTHING_COUNTS
    explicit = copy.deepcopy(cut)
    explicit["unfinished_tables"] = NOTHING_COUNTS
    assert figures(cut) == figures(explicit)


def later_round(hands: int | None) -> Callable[[Doc], None]:
    """Round 3 cut short, then a round 4 at round 1's table: its game with ``hands`` of
    round 1's game's hands recorded (0: begun, no hand yet), or only planned (None)."""

    def change(document: Doc) -> None:
        cut_short(document)
        document["unfinished_tables"] = AHEAD_WINS
        table = copy.deepcopy(document["rounds"][0]["tables"][0])
        if hands is None:
            table["game"] = None
        else:
            table["game"]["hands"] = table["game"]["hands"][:hands]
        document["rounds"].append({"round": 4, "tables": [table]})

    return change


def test_a_later_round_played_closes_the_round_before_it() -> None:
    closed = changed(night, later_round(1))
    closed["rounds"][2]["closed"] = True
    assert figures(changed(night, later_round(1))) == figures(closed)
    assert figures(closed)[0]  # round 4 is being played
    stopped_counts = figures(closed)[1]["Cal"][0] - figures(changed(night, cut_short))[1]["Cal"][0]
    assert stopped_counts == 1  # round 3's game, by ahead_wins (round 4's counts once over)


@pytest.mark.parametrize("hands", [0, None], ids=["seated, no hand yet", "only planned"])
def test_a_later_round_with_no_hand_closes_nothing(hands: int | None) -> None:
    provisional, found = figures(changed(night, later_round(hands)))
    assert provisional
    assert found == figures(changed(night, cut_short))[1]


@pytest.mark.parametrize("rule", [AHEAD_WINS, TOTALS_COUNT, NOTHING_COUNTS])
def test_the_rule_and_a_closed_round_read_back_from_the_file(rule: str) -> None:
    document = changed(night, _set("unfinished_tables", rule))
    document["rounds"][2]["closed"] = True
    event = from_document(document)
    assert (event.unfinished_tables, event.rounds[2].closed) == (rule, True)
    written = to_document(event)
    assert written.get("unfinished_tables") == (None if rule == NOTHING_COUNTS else rule)
    assert [round_.get("closed") for round_ in written["rounds"]] == [None, None, True]
    assert from_document(written) == event

"""Tables stopped by the clock (issue 30, item 5): a round the director closes while a
table plays counts that table's game by the night's rule, in the standings, the
exported file and the season's statistics alike; for every player of every game of the
night, the stats page's figures and the standings' agree. On SQLite, and on PostgreSQL
with scripts/with-postgres."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from typing import Any

import pytest
from flask import Flask

from scorekeeper.club.events import engine_event, event_standings, export_event, get_event
from scorekeeper.club.events import import_event as stored_import
from scorekeeper.club.rounds import close_round
from scorekeeper.engine.club import events as engine
from scorekeeper.engine.club.standings import outcomes, standings
from scorekeeper.engine.club.unfinished import AHEAD_WINS, NOTHING_COUNTS, TOTALS_COUNT
from scorekeeper.extensions import db
from scorekeeper.games.hands import Correction, add_hand, delete_hand
from scorekeeper.games.lifecycle import create_game
from scorekeeper.reports.stats import find_period, player_stats
from scorekeeper.store.club_models import Event
from scorekeeper.store.models import Game, GameOutcome, PlayerOutcome
from tests.club.test_events_store import EVENTS, app  # noqa: F401 (a fixture)

RULES = [AHEAD_WINS, TOTALS_COUNT, NOTHING_COUNTS]
# a casual game's hand: Cal bids 300 and makes it (+340 to his side, +160 to the other)
PLAYED = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]}


def cut_short_night(rule: str, closed: bool = False) -> dict[str, Any]:
    """The worked night of five, round 3's table stopped after its first hand (Cal & Eve
    280, Dan & Ann 120), under ``rule``; round 3 ``closed`` in the file, or left open."""
    document: dict[str, Any] = json.loads((EVENTS / "club-night.json").read_text("utf-8"))
    document = copy.deepcopy(document)
    game = document["rounds"][2]["tables"][0]["game"]
    game["hands"] = game["hands"][:1]
    document["unfinished_tables"] = rule
    if closed:
        document["rounds"][2]["closed"] = True
    return document


def fresh(event: Event) -> Event:
    db.session.expire_all()
    found = get_event(event.id)
    assert found is not None
    return found


def stats_by_player() -> dict[str, tuple[int, Fraction, int]]:
    """The stats page's games, wins (a draw a half) and points of every player."""
    return {
        entry.name: (entry.games, entry.wins + Fraction(entry.draws, 2), entry.points)
        for entry in player_stats(find_period(None))
    }


def night_by_player(event: Event) -> dict[str, tuple[int, Fraction, int]]:
    """The same three from the night's games as its standings count them (byes and
    adjustments left out: they are the night's, not a game's)."""
    figures: dict[str, tuple[int, Fraction, int]] = {}
    for outcome in outcomes(engine_event(event)):
        games, wins, points = figures.get(outcome.entrant, (0, Fraction(0), 0))
        figures[outcome.entrant] = (games + 1, wins + outcome.win, points + outcome.points)
    return figures


@pytest.mark.parametrize("rule", RULES)
def test_closing_a_round_counts_its_stopped_table_by_the_rule_everywhere(
    app: Flask,  # noqa: F811
    rule: str,
) -> None:
    event = stored_import(cut_short_night(rule))
    assert fresh(event).rounds[2].closed_at is None  # a table still plays
    assert event_standings(fresh(event)).provisional
    close_round(fresh(event), 3, "the hall closes at eleven")
    event = fresh(event)
    table = event_standings(event)
    assert not table.provisional
    # the exported file says the round is closed and the rule: its standings are the app's
    document = export_event(event)
    assert document["rounds"][2].get("closed") is True
    assert standings(engine.from_document(document)) == table
    assert standings(engine.from_document(cut_short_night(rule, closed=True))) == table
    # and the season's statistics count every game of the night as the standings do
    assert stats_by_player() == night_by_player(event)
    game = event.rounds[2].tables[0].game
    assert game is not None and game.stopped == rule
    stopped_rows = db.session.execute(
        db.select(GameOutcome.finished, GameOutcome.winner).where(GameOutcome.game_id == game.id)
    ).all()
    expected = {AHEAD_WINS: [(True, 0)], TOTALS_COUNT: [(True, None)], NOTHING_COUNTS: []}
    assert [tuple(row) for row in stopped_rows] == expected[rule]
    moved = db.session.execute(
        db.select(PlayerOutcome.rating_change).where(PlayerOutcome.game_id == game.id)
    ).scalars()
    # rated as the win it counts as; a game nobody won, not as a draw: not at all
    assert {change != 0 for change in moved} == {
        AHEAD_WINS: {True},
        TOTALS_COUNT: {False},
        NOTHING_COUNTS: set(),
    }[rule]


@pytest.mark.parametrize("rule", RULES)
def test_a_night_imported_with_the_round_closed_counts_it_so(
    app: Flask,  # noqa: F811
    rule: str,
) -> None:
    event = fresh(stored_import(cut_short_night(rule, closed=True)))
    assert event.rounds[2].closed_at is not None
    assert event.unfinished_tables == rule
    assert stats_by_player() == night_by_player(event)
    assert event_standings(event) == standings(
        engine.from_document(cut_short_night(rule, closed=True))
    )


def later_ratings() -> list[float | None]:
    """The rating changes of the games after the night (a casual game, played since)."""
    last = db.session.execute(db.select(db.func.max(Game.id))).scalar_one()
    return list(
        db.session.execute(
            db.select(PlayerOutcome.rating_change)
            .where(PlayerOutcome.game_id == last)
            .order_by(PlayerOutcome.player_id)
        ).scalars()
    )


def test_a_finished_game_corrected_into_one_that_counts_nothing_moves_the_later_ratings(
    app: Flask,  # noqa: F811
) -> None:
    """A closed round's game over at first (rated), then a hand deleted by the director:
    under nothing_counts it leaves the figures, and every game after it is rated again."""
    document = cut_short_night(NOTHING_COUNTS)
    full: dict[str, Any] = json.loads((EVENTS / "club-night.json").read_text("utf-8"))
    document["rounds"][2]["tables"][0]["game"] = full["rounds"][2]["tables"][0]["game"]
    event = fresh(stored_import(document))
    assert event.rounds[2].closed_at is not None  # every game over: closed on import
    game = event.rounds[2].tables[0].game
    assert game is not None and game.stopped == NOTHING_COUNTS
    # the night's winners of that game against its losers: their ratings stand apart by it
    sides = [("Us", ["Cal", "Eve"]), ("Them", ["Dan", "Ann"])]
    later = create_game("partnership", {"game_end": "hands:2"}, sides)
    for hand in (PLAYED, PLAYED):
        add_hand(later, hand)
    rated = later_ratings()
    assert None not in rated
    delete_hand(game, 2, correction=Correction("a hand entered twice"))
    assert (
        db.session.execute(
            db.select(db.func.count()).where(PlayerOutcome.game_id == game.id)
        ).scalar_one()
        == 0
    )  # the night's game counts nothing now
    assert None not in later_ratings() and later_ratings() != rated  # rated again without it


def test_a_table_with_no_hand_counts_nothing_whatever_the_rule(app: Flask) -> None:  # noqa: F811
    document = cut_short_night(AHEAD_WINS)
    document["rounds"][2]["tables"][0]["game"]["hands"] = []
    event = stored_import(document)
    before = event_standings(fresh(event))
    close_round(fresh(event), 3, "nobody came")
    after = event_standings(fresh(event))
    assert [row.as_dict() for row in after.rows] == [row.as_dict() for row in before.rows]
    assert stats_by_player() == night_by_player(fresh(event))

"""The season stats pages: standings, sorting, seasons, head to head, CSV and the PDF report."""

from __future__ import annotations

import csv
import io
import random
import re
from datetime import date
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from scorekeeper.engine.gamefile import to_document
from scorekeeper.engine.scoring import DRAW, replay
from scorekeeper.engine.simulate import demo_games
from scorekeeper.extensions import db
from scorekeeper.games.hands import add_hand
from scorekeeper.games.lifecycle import create_game
from scorekeeper.games.listing import recent_games
from scorekeeper.games.players import all_players
from scorekeeper.games.seasons import SeasonError, create_season
from scorekeeper.games.transfer import import_game
from scorekeeper.reports.bidding import bidding
from scorekeeper.reports.stats import Period, best_partners, find_period, player_stats
from scorekeeper.store.models import Season
from scorekeeper.web.stats import csv_cell
from tests.web.conftest import PLAYED_HAND, test_app

GAMES = demo_games(30, 6, random.Random(11), until=date(2026, 11, 29), days=500)


@pytest.fixture(scope="module")
def season_app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    """One app with ``GAMES`` stored, shared by the module's tests (they add no games)."""
    app = test_app(tmp_path_factory.mktemp("season") / "season.db")
    with app.app_context():
        for game in GAMES:
            import_game(to_document(game))
    return app


@pytest.fixture
def season(season_app: Flask) -> FlaskClient:
    return season_app.test_client()


def standings_names(html: str) -> list[str]:
    table = html.split('id="standings"', 1)[1].split("</table>", 1)[0]
    return re.findall(
        r'<td class="name">(?:<span class="rank">\d+</span>&nbsp;)?<a href="[^"]+">([^<]+)</a>',
        table,
    )


@pytest.mark.database
def test_standings_list_every_player_best_rating_first(
    season_app: Flask, season: FlaskClient
) -> None:
    with season_app.app_context():
        expected = [entry.name for entry in player_stats(Period())]
    response = season.get("/stats")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert standings_names(html) == expected
    assert html.count("<svg") >= 3  # rating over time, win rate, make rate by bid level


@pytest.mark.database
@pytest.mark.parametrize(
    ("sort", "direction", "key", "descending"),
    [
        ("name", "", "name", False),
        ("name", "rev", "name", True),
        ("games", "", "games", True),
        ("win_rate", "", "win_rate", True),
        ("avg_bid", "rev", "avg_bid", False),
        ("nonsense", "", "rating", True),  # an unknown column: the usual order
    ],
)
def test_standings_sort_by_any_column(
    season_app: Flask, season: FlaskClient, sort: str, direction: str, key: str, descending: bool
) -> None:
    """Of one rule set: with every rule set, win rates and bids are kept apart
    (tests/web/test_stats_rankings.py)."""
    html = season.get(f"/stats?ruleset=partnership&sort={sort}&sort_dir={direction}").get_data(
        as_text=True
    )
    with season_app.app_context():
        period = Period(ruleset="partnership")
        figures = {entry.name: getattr(entry, key) for entry in player_stats(period, 0)}
    shown = [figures[name] for name in standings_names(html)]
    assert shown == sorted(shown, reverse=descending)


@pytest.mark.database
def test_each_year_and_rule_set_is_its_own_period(season: FlaskClient) -> None:
    html = season.get("/stats?season=2026&ruleset=check").get_data(as_text=True)
    assert "Season stats: 2026 · Check pinochle" in html
    players = {name for game in GAMES for name in game.seating}
    assert set(standings_names(html)) <= players


@pytest.mark.database
@pytest.mark.parametrize(
    ("query", "sentence"),
    [
        ("season=Summer+1999", "unknown season &#39;Summer 1999&#39;"),
        ("ruleset=euchre", "euchre"),
    ],
)
def test_an_unknown_season_or_rule_set_is_refused(
    season: FlaskClient, query: str, sentence: str
) -> None:
    for page in ("/stats", "/stats/players.csv", "/stats/head-to-head", "/stats/report.pdf"):
        response = season.get(f"{page}?{query}")
        assert response.status_code == 400, page
        assert sentence in response.get_data(as_text=True), page


@pytest.mark.database
def test_a_player_page_shows_the_figures_and_the_rating_chart(
    season_app: Flask, season: FlaskClient
) -> None:
    with season_app.app_context():
        best = player_stats(Period())[0]
    html = season.get(f"/stats/players/{best.player_id}").get_data(as_text=True)
    assert best.name in html and f"{best.rating:.0f}" in html
    assert "<polyline" in html
    assert season.get("/stats/players/99999").status_code == 404


# --- seasons -----------------------------------------------------------------------------


@pytest.mark.database
def test_a_created_season_counts_the_games_played_in_it(
    season_app: Flask, season: FlaskClient
) -> None:
    form = {"name": "Winter 2026", "starts_on": "2025-12-01", "ends_on": "2026-02-28"}
    response = season.post("/stats/seasons", data=form)
    assert response.status_code == 302
    assert "season=Winter+2026" in response.headers["Location"]
    with season_app.app_context():
        period = find_period("winter 2026")
        assert (period.start, period.end, period.name) == (
            date(2025, 12, 1),
            date(2026, 2, 28),
            "Winter 2026",
        )
        in_season = {
            name
            for game in GAMES
            if date(2025, 12, 1) <= game.played_on <= date(2026, 2, 28)
            for name in game.seating
        }
        assert {entry.name for entry in player_stats(period)} == in_season
    html = season.get("/stats?season=Winter+2026").get_data(as_text=True)
    assert '<option value="Winter 2026" selected>' in html
    assert "Winter 2026" in season.get("/stats/seasons").get_data(as_text=True)


@pytest.mark.parametrize(
    ("form", "field", "sentence"),
    [  # form, the field the sentence is beside, a word of the sentence
        ({"name": "", "starts_on": "2026-01-01", "ends_on": "2026-02-01"}, "name", "required"),
        ({"name": "x" * 61, "starts_on": "2026-01-01", "ends_on": "2026-02-01"}, "name", "60"),
        ({"name": "2026", "starts_on": "2026-01-01", "ends_on": "2026-02-01"}, "name", "year"),
        ({"name": "All time", "starts_on": "2026-01-01", "ends_on": "2026-02-01"}, "name", "All"),
        ({"name": "Spring", "starts_on": "2026-05-01", "ends_on": "2026-02-01"}, "ends_on", "bef"),
        ({"name": "Spring", "starts_on": "someday", "ends_on": "2026-02-01"}, "starts_on", "date"),
        ({"name": "Old", "starts_on": "2026-01-01", "ends_on": "2026-02-01"}, "name", "already"),
        ({"name": "a\x01b", "starts_on": "2026-01-01", "ends_on": "2026-02-01"}, "name", "marks"),
    ],
)
def test_a_bad_season_is_refused_beside_its_field(
    app: Flask, client: FlaskClient, form: dict[str, str], field: str, sentence: str
) -> None:
    with app.app_context():
        create_season("old", date(2025, 1, 1), date(2025, 2, 1))
    response = client.post("/stats/seasons", data=form)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    errors = re.findall(rf'<p class="field-error" id="{field}-error">([^<]+)</p>', html)
    assert errors and sentence in " ".join(errors), html
    with app.app_context():
        assert db.session.query(Season).count() == 1


@pytest.mark.database
def test_deleting_a_season_keeps_its_games(season_app: Flask, season: FlaskClient) -> None:
    with season_app.app_context():
        created = create_season("Autumn", date(2026, 9, 1), date(2026, 11, 30))
        games = len(recent_games(1000))
        season_id = created.id
    assert season.post(f"/stats/seasons/{season_id}/delete").status_code == 302
    assert season.post(f"/stats/seasons/{season_id}/delete").status_code == 404
    assert season.get("/stats?season=Autumn").status_code == 400
    with season_app.app_context():
        assert len(recent_games(1000)) == games


# --- head to head ------------------------------------------------------------------------


RESULTS = [replay(game) for game in GAMES]


def expected_head_to_head(side_a: set[str], side_b: set[str]) -> tuple[int, int, int, int]:
    games = wins_a = wins_b = draws = 0
    for game, result in zip(GAMES, RESULTS, strict=True):
        sides = [set(side.players) for side in game.sides]
        at_a = [i for i, players in enumerate(sides) if side_a <= players]
        at_b = [i for i, players in enumerate(sides) if side_b <= players]
        if not result.finished or not at_a or not at_b or at_a == at_b:
            continue
        games += 1
        wins_a += result.winner == at_a[0]
        wins_b += result.winner == at_b[0]
        draws += result.winner == DRAW
    return games, wins_a, wins_b, draws


@pytest.mark.database
def test_head_to_head_counts_the_games_the_sides_met(
    season_app: Flask, season: FlaskClient
) -> None:
    with season_app.app_context():
        ids = {player.name: player.id for player in all_players()}
    names = sorted(ids)
    checked = 0
    for first in names:
        for second in names:
            if first == second:
                continue
            games, wins_a, wins_b, draws = expected_head_to_head({first}, {second})
            html = season.get(f"/stats/head-to-head?a={ids[first]}&b={ids[second]}").get_data(
                as_text=True
            )
            if games:
                checked += 1
                points = re.findall(r'<div class="points">(\d+)</div>', html)
                assert points == [str(wins_a), str(wins_b)], (first, second)
                assert f"{games} finished games, {draws} drawn." in html
            else:
                assert "have not played each other" in html
    assert checked > 5


@pytest.mark.database
def test_head_to_head_of_two_partnerships(season_app: Flask) -> None:
    from scorekeeper.reports.stats import head_to_head

    pairs = [
        (frozenset(game.sides[0].players), frozenset(game.sides[1].players))
        for game in GAMES
        if len(game.sides) == 2 and len(game.sides[0].players) == 2
    ]
    with season_app.app_context():
        ids = {player.name: player.id for player in all_players()}
        for side_a, side_b in pairs[:5]:
            got = head_to_head(Period(), [ids[n] for n in side_a], [ids[n] for n in side_b])
            games, wins_a, wins_b, draws = expected_head_to_head(set(side_a), set(side_b))
            assert (got.games, got.wins, got.draws) == (games, (wins_a, wins_b), draws)


@pytest.mark.database
@pytest.mark.parametrize(
    ("query", "sentence"),
    [
        ("a=1&b=1", "A player cannot be on both sides."),
        ("a=1&a2=2&b=2", "A player cannot be on both sides."),
        ("a=abc&b=1", "No player has the id abc."),
        ("a=1&b2=99999999999999999999", "No player has the id 99999999999999999999."),
        ("a=1&b=-3", "No player has the id -3."),
    ],
)
def test_head_to_head_refuses_odd_sides(season: FlaskClient, query: str, sentence: str) -> None:
    response = season.get(f"/stats/head-to-head?{query}")
    assert response.status_code == 400
    assert sentence in response.get_data(as_text=True)


# --- best partner ------------------------------------------------------------------------


def pair(a: str, b: str, games: int, wins: int) -> dict[str, Any]:
    return {"players": [a, b], "games": games, "wins": wins, "win_rate": round(wins / games, 4)}


@pytest.mark.parametrize(
    ("pairs", "expected"),
    [
        ([pair("Ann", "Bea", 4, 3), pair("Ann", "Cal", 5, 3)], {"Ann": "Bea", "Cal": "Ann"}),
        ([pair("Ann", "Bea", 2, 2), pair("Ann", "Cal", 5, 1)], {"Ann": "Cal", "Cal": "Ann"}),
        ([pair("Ann", "Bea", 4, 2), pair("Ann", "Cal", 6, 3)], {"Ann": "Cal", "Bea": "Ann"}),
        ([pair("Ann", "Cal", 4, 2), pair("Ann", "Bea", 4, 2)], {"Ann": "Bea", "Cal": "Ann"}),
        ([pair("Ann", "Bea", 1, 1)], {}),
    ],
)
def test_best_partner(pairs: list[dict[str, Any]], expected: dict[str, str]) -> None:
    best = best_partners(pairs)
    assert {name: best[name]["partner"] for name in expected} == expected
    if not expected:
        assert best == {}


# --- downloads ---------------------------------------------------------------------------


@pytest.mark.database
def test_csv_downloads_hold_the_tables(season_app: Flask, season: FlaskClient) -> None:
    response = season.get("/stats/players.csv?season=2026")
    assert response.mimetype == "text/csv"
    assert "pinochle-players-2026.csv" in response.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    with season_app.app_context():
        expected = player_stats(Period.named("2026"))
    assert [row["name"] for row in rows] == [entry.name for entry in expected]
    for row, entry in zip(rows, expected, strict=True):
        assert int(row["games"]) == entry.games and int(row["bids_made"]) == entry.bids_made
        assert float(row["rating"]) == entry.rating
    pairs = list(csv.reader(io.StringIO(season.get("/stats/partnerships.csv").get_data(True))))
    assert pairs[0] == ["player", "partner", "games", "wins", "win_rate"] and len(pairs) > 1
    levels = list(csv.DictReader(io.StringIO(season.get("/stats/bidding.csv").get_data(True))))
    assert levels and all(int(row["made"]) <= int(row["bids"]) for row in levels)
    assert sum(int(row["bids"]) for row in levels) == sum(
        entry.bids for entry in player_stats_all(season_app)
    )


def player_stats_all(app: Flask) -> list[Any]:
    with app.app_context():
        return player_stats(Period())


@pytest.mark.database
def test_the_season_report_prints(season_app: Flask, season: FlaskClient) -> None:
    response = season.get("/stats/report.pdf?season=2026")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "Pinochle season report: 2026" in text and "Standings" in text
    with season_app.app_context():
        for entry in player_stats(Period.named("2026")):
            assert entry.name in text
    assert f"page 1 of {len(reader.pages)}" in text


@pytest.mark.database
def test_a_season_name_with_quotes_prints_in_the_page_header(
    season_app: Flask, season: FlaskClient
) -> None:
    name = 'Kit\'s "cup" </style>'
    with season_app.app_context():
        create_season(name, date(2026, 1, 1), date(2026, 12, 31))
    response = season.get("/stats/report.pdf", query_string={"season": name})
    reader = PdfReader(io.BytesIO(response.data))
    header = reader.pages[0].extract_text()
    assert f"Pinochle season report · {name}" in header


@pytest.mark.database
@pytest.mark.parametrize("name", ["Été 2026", "зима", "冬"])
def test_a_season_named_in_any_alphabet(season_app: Flask, season: FlaskClient, name: str) -> None:
    """Found in any case; downloads named in ASCII with the real name beside it."""
    with season_app.app_context():
        create_season(name, date(2026, 1, 1), date(2026, 3, 31))
        with pytest.raises(SeasonError, match="already"):
            create_season(name.casefold(), date(2026, 1, 1), date(2026, 3, 31))
    for asked in (name, name.casefold(), name.upper()):
        html = season.get("/stats", query_string={"season": asked}).get_data(as_text=True)
        assert f"Season stats: {name}" in html, asked
    response = season.get("/stats/players.csv", query_string={"season": name})
    disposition = response.headers["Content-Disposition"]
    disposition.encode("latin-1")  # as a server sends it
    assert disposition.startswith('attachment; filename="pinochle-players-')
    assert "filename*=UTF-8''pinochle-players-" in disposition


@pytest.mark.database
@pytest.mark.parametrize("name", ["a\x00b", "tab\there", "x" * 500])
def test_odd_season_names_are_refused_before_any_query(season: FlaskClient, name: str) -> None:
    response = season.get("/stats", query_string={"season": name})
    assert response.status_code == 400
    expected = "holds a NUL character" if "\x00" in name else "unknown season"
    assert expected in response.get_data(as_text=True)


# --- formula injection ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        ('=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'),
        ("+1+cmd|'/C calc'!A0", "'+1+cmd|'/C calc'!A0"),
        ("-2+3", "'-2+3"),
        ("@SUM(1+1)", "'@SUM(1+1)"),
        ("\tAnn", "'\tAnn"),
        ("\rAnn", "'\rAnn"),
        ("-", "'-"),
        ("Ann", "Ann"),
        ("Ann=Bea", "Ann=Bea"),  # only the first character counts
        (" =1", " =1"),
        ("'quoted", "'quoted"),
        ("", ""),
        (-24, -24),  # numbers stay numbers, signs and all
        (-24.5, -24.5),
        (16.0, 16.0),
        (0, 0),
        (None, None),
    ],
)
def test_a_csv_cell_starting_like_a_formula_is_text(value: object, cell: object) -> None:
    assert csv_cell(value) == cell


def test_player_names_reach_the_csv_as_text(app: Flask) -> None:
    names = ['=HYPERLINK("http://x","y")', "+1+cmd|'/C calc'!A0", "-2+3", "@SUM(1+1)"]
    with app.app_context():
        game = create_game(
            "partnership", {}, [("Us", names[:2]), ("Them", names[2:])], first_dealer=names[0]
        )
        for _ in range(5):
            add_hand(game, {**PLAYED_HAND, "bidder": names[1]})
    client = app.test_client()
    players = list(csv.DictReader(io.StringIO(client.get("/stats/players.csv").get_data(True))))
    assert sorted(row["name"] for row in players) == sorted(f"'{name}" for name in names)
    changes = [float(row["rating_change"]) for row in players]  # still numbers
    assert any(change < 0 for change in changes) and any(change > 0 for change in changes)
    pairs = list(csv.reader(io.StringIO(client.get("/stats/partnerships.csv").get_data(True))))
    assert {cell for row in pairs[1:] for cell in row[:2]} == {f"'{name}" for name in names}
    assert all(float(row[4]) in (0.0, 1.0) for row in pairs[1:])


# --- labels and order --------------------------------------------------------------------


@pytest.mark.database
@pytest.mark.parametrize(
    ("ruleset", "span"),
    [  # a bid level's row says the bids it counts, first to last on the ladder
        ("check", 4),  # 20–24
        ("partnership", 40),  # 250–290
        ("cutthroat", 40),
        ("double-deck", 20),  # 50–70 (60, 65, 70 above 59), 75–95
    ],
)
def test_bid_levels_say_their_range(
    season_app: Flask, season: FlaskClient, ruleset: str, span: int
) -> None:
    with season_app.app_context():
        levels = bidding(Period(ruleset=ruleset))
    html = season.get(f"/stats?ruleset={ruleset}").get_data(as_text=True)
    bidding_part = html.split('id="bidding"', 1)[1]
    shown = re.findall(r'<tr><td class="name">([^<]+)</td>', bidding_part.split("<h3>", 2)[1])
    assert levels and shown == [level.band for level in levels]
    for level, label in zip(levels, shown, strict=True):
        assert label == f"{level.level}–{level.level + span}"
    assert "+</td>" not in bidding_part


def chart_labels(svg: str) -> list[str]:
    return re.findall(r'text-anchor="end">([^<]+)</text>', svg)


@pytest.mark.database
@pytest.mark.parametrize("query", ["?ruleset=partnership"])  # by players: test_stats_rankings.py
def test_the_win_rate_chart_sorts_by_win_rate(
    season_app: Flask, season: FlaskClient, query: str
) -> None:
    html = season.get(f"/stats{query}").get_data(as_text=True)
    chart = html.split("Win rate by player</h2>", 1)[1].split("</figure>", 1)[0]
    with season_app.app_context():
        period = Period(ruleset=query.split("=")[1])
        players = {entry.name: entry for entry in player_stats(period)}
    names = chart_labels(chart)
    assert names
    keys = [(-players[name].win_rate, -players[name].games, name) for name in names]
    assert keys == sorted(keys)

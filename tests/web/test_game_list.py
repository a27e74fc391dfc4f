"""The games list (home): games in progress first, then finished ones, 50 a page, found
by a player's or a side's name, every bit of it done by the database."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event, update

from scorekeeper.engine import scoring
from scorekeeper.extensions import db
from scorekeeper.games import hands as game_hands
from scorekeeper.games import lifecycle, stored
from scorekeeper.games.hands import add_hand
from scorekeeper.games.lifecycle import create_game
from scorekeeper.games.listing import like_pattern
from scorekeeper.games.stored import get_game
from scorekeeper.store.models import Game, Player
from tests.web.conftest import PLAYED_HAND, test_app

GAMES = 120
START = datetime(2026, 3, 1, 12, 0)
FIRST_DAY = date(2026, 1, 1)


@dataclass(frozen=True)
class Made:
    """A game the club holds: who sat, what its sides are called, how it stands."""

    id: int
    players: tuple[str, ...]
    sides: tuple[str, ...]
    finished: bool
    updated_at: datetime
    played_on: date


def players_of(index: int) -> list[str]:
    """Four players: a name of the game's own, a name shared by many games, and the
    awkward names the search must match exactly (case, accents, ``%`` and ``_``)."""
    own = f"Player {index:03d}"
    shared = "Tom" if index % 2 == 0 else "Ursula"
    awkward = ["Łucja", "Ann_Lee", "AnnxLee", "Zoë", "Bob"][index % 5]
    return [own, shared, awkward, f"Seat {index:03d}"]


def sides_of(index: int) -> list[str]:
    if index % 11 == 0:
        return ["50% Club", "Them"]
    if index % 13 == 0:
        return ["The Back\\Room", "Them"]
    return ["Us", "Them"]


def make_club(app: Flask, count: int) -> list[Made]:
    """``count`` games, every third one finished, changed and played on days that do
    not follow their ids (so the order is the list's, not the ids')."""
    made = []
    with app.app_context():
        for index in range(count):
            finished = index % 3 == 0
            players = players_of(index)
            names = sides_of(index)
            sides = [(names[0], [players[0], players[2]]), (names[1], [players[1], players[3]])]
            options = {"target": 300} if finished else {}
            game = create_game("partnership", options, sides, first_dealer=players[0])
            if finished:  # one hand of 340 reaches 300
                hand = {**PLAYED_HAND, "bidder": players[2]}
                add_hand(game, hand)
            updated_at = START + timedelta(minutes=(index * 53) % count)
            played_on = FIRST_DAY + timedelta(days=(index * 37) % 90)
            db.session.execute(
                update(Game)
                .where(Game.id == game.id)
                .values(updated_at=updated_at, played_on=played_on)
            )
            db.session.commit()
            made.append(
                Made(game.id, tuple(players), tuple(names), finished, updated_at, played_on)
            )
    return made


def expected_order(games: list[Made]) -> list[int]:
    """In progress, last changed first; then finished, last played first (then ids)."""
    playing = sorted((g for g in games if not g.finished), key=lambda g: g.updated_at)
    over = sorted((g for g in games if g.finished), key=lambda g: (g.played_on, g.id))
    return [g.id for g in reversed(playing)] + [g.id for g in reversed(over)]


@dataclass
class Club:
    app: Flask
    games: list[Made]


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Club:
    app = test_app(tmp_path_factory.mktemp("club") / "club.db")
    return Club(app, make_club(app, GAMES))


def listed(html: str) -> list[int]:
    """The game ids the page lists, in its order."""
    return [int(found) for found in re.findall(r'<li><a href="/games/(\d+)">', html)]


def headings(html: str) -> list[str]:
    return re.findall(r"<h2>([^<]+)</h2>", html)


def get(club: Club, url: str) -> Any:
    return club.app.test_client().get(url)


# --- the order and the pages -------------------------------------------------------------


@pytest.mark.database
def test_games_in_progress_come_first_then_finished_ones_50_a_page(club: Club) -> None:
    order = expected_order(club.games)
    pages = [get(club, url) for url in ("/", "/?page=2", "/?page=3")]
    assert [page.status_code for page in pages] == [200, 200, 200]
    assert [listed(page.text) for page in pages] == [order[:50], order[50:100], order[100:]]
    assert [headings(page.text) for page in pages] == [
        ["In progress"],  # 80 games in progress
        ["In progress", "Finished"],
        ["Finished"],
    ]
    assert "Page 1 of 3" in pages[0].text and "Page 3 of 3" in pages[2].text


@pytest.mark.database
@pytest.mark.parametrize(
    ("page", "previous", "following"),
    [("1", None, "/?page=2"), ("2", "/?page=1", "/?page=3"), ("3", "/?page=2", None)],
)
def test_each_page_links_the_pages_beside_it(
    club: Club, page: str, previous: str | None, following: str | None
) -> None:
    html = get(club, f"/?page={page}").text
    found = dict(re.findall(r'rel="(prev|next)" href="([^"]+)"', html))
    assert (found.get("prev"), found.get("next")) == (previous, following)


@pytest.mark.database
def test_a_game_moves_to_the_top_when_a_hand_is_recorded(tmp_path: Path) -> None:
    app = test_app(tmp_path / "moves.db")
    games = make_club(app, 6)
    order = expected_order(games)
    playing = [game for game in games if not game.finished]
    oldest = next(game for game in reversed(playing) if game.id == order[len(playing) - 1])
    assert listed(app.test_client().get("/").text) == order
    with app.app_context():
        add_hand(get_game(oldest.id), {**PLAYED_HAND, "bidder": oldest.players[2]})
    assert listed(app.test_client().get("/").text) == [
        oldest.id,
        *(game for game in order if game != oldest.id),
    ]


@pytest.mark.database
@pytest.mark.parametrize(
    "page",
    ["0", "4", "-1", "two", "1.5", "٢", "9" * 200, ""],
)
def test_a_page_out_of_range_is_400_with_a_sentence(club: Club, page: str) -> None:
    answer = get(club, f"/?page={page}")
    assert answer.status_code == 400
    shown = repr(page) if len(page) <= 20 else repr(page[:20]) + "…"
    sentence = f"Page is a whole number from 1 to 3, not {shown}."
    assert sentence.replace("'", "&#39;") in answer.text


@pytest.mark.database
def test_past_the_last_page_of_a_search_is_400(club: Club) -> None:
    answer = get(club, "/?q=zoe%CC%88&page=2")  # 24 games: one page
    assert answer.status_code == 400
    assert "Page is a whole number from 1 to 1, not &#39;2&#39;." in answer.text


# --- the search ----------------------------------------------------------------------------


def matching(club: Club, text: str) -> list[int]:
    """The ids a search for ``text`` lists, in the list's order: every game where a
    player's or a side's name holds it, as names are stored, without regard to case."""
    wanted = unicodedata.normalize("NFC", " ".join(text.split())).lower()
    found = [
        game
        for game in club.games
        if any(wanted in name.lower() for name in (*game.players, *game.sides))
    ]
    return expected_order(found)


SEARCHES = [
    # what is typed, how many games it finds
    ("Player 007", 1),
    ("player 00", 10),  # case does not matter
    ("tom", 60),  # past one page
    ("ŁUCJA", 24),  # nor for letters past A to Z
    ("łucja", 24),
    ("Zoe\u0308", 24),  # typed decomposed: stored composed (NFC)
    ("  ann_lee ", 24),  # spaces around as names drop them
    ("n_l", 24),  # "_" is itself: not AnnxLee
    ("nxl", 24),
    ("ann", 48),
    ("50%", 11),  # "%" is itself
    ("%", 11),
    ("0% c", 11),
    ("\\", 9),  # the escape character is itself too
    ("back\\room", 9),
    ("them", GAMES),  # a side's name
    ("%_", 0),
    ("nobody at all", 0),
]


@pytest.mark.database
@pytest.mark.parametrize(("text", "count"), SEARCHES)
def test_a_search_finds_games_by_a_players_or_a_sides_name(
    club: Club, text: str, count: int
) -> None:
    expected = matching(club, text)
    assert len(expected) == count
    client = club.app.test_client()
    pages = [client.get("/", query_string={"q": text})]
    while 'rel="next"' in pages[-1].text:
        pages.append(client.get("/", query_string={"q": text, "page": len(pages) + 1}))
    assert all(page.status_code == 200 for page in pages)
    assert [game for page in pages for game in listed(page.text)] == expected
    assert len(pages) == max(1, -(-count // 50))
    if not count:
        assert "No games match “" in pages[0].text


@pytest.mark.database
def test_the_search_is_kept_on_the_next_page_and_in_the_box(club: Club) -> None:
    html = get(club, "/?q=tom").text
    assert 'href="/?page=2&amp;q=tom"' in html
    assert 'name="q" value="tom"' in html
    assert "Names holding “tom”" in html
    second = get(club, "/?page=2&q=tom").text
    assert len(listed(second)) == 10 and 'href="/?page=1&amp;q=tom"' in second


def test_like_patterns_escape_what_like_reads() -> None:
    assert [like_pattern(text) for text in ("Ann", "50%", "a_b", "x\\y")] == [
        "%ann%",
        "%50\\%%",
        "%a\\_b%",
        "%x\\\\y%",
    ]


# --- one player's games ----------------------------------------------------------------------


def player_id(club: Club, name: str) -> int:
    with club.app.app_context():
        player = db.session.execute(db.select(Player).filter_by(name=name)).scalar_one()
        return int(player.id)


@pytest.mark.database
def test_a_players_stats_page_links_their_games(club: Club) -> None:
    ursula = player_id(club, "Ursula")
    page = get(club, f"/stats/players/{ursula}").text
    link = f'href="/?player={ursula}"'
    assert link in page and "Games of Ursula" in page
    pages = [get(club, f"/?player={ursula}"), get(club, f"/?player={ursula}&page=2")]
    ids = [game for answer in pages for game in listed(answer.text)]
    assert ids == expected_order([game for game in club.games if "Ursula" in game.players])
    assert "Games of Ursula" in pages[0].text
    assert f'href="/?page=2&amp;player={ursula}"' in pages[0].text


@pytest.mark.database
def test_a_search_within_a_players_games(club: Club) -> None:
    tom = player_id(club, "Tom")
    html = get(club, f"/?player={tom}&q=zo%C3%AB").text
    assert listed(html) == expected_order(
        [game for game in club.games if "Tom" in game.players and "Zoë" in game.players]
    )
    assert f'name="player" value="{tom}"' in html


@pytest.mark.database
@pytest.mark.parametrize(
    ("player", "status"), [("999999", 404), ("0", 400), ("x", 400), ("1" * 30, 400)]
)
def test_an_unknown_player_is_404_and_a_bad_number_400(
    club: Club, player: str, status: int
) -> None:
    answer = get(club, f"/?player={player}")
    assert answer.status_code == status
    if status == 400:
        assert "Player is a whole number from 1 to 2147483647" in answer.text


# --- the work: a count and one page, whatever the games stored ---------------------------------


def page_statements(app: Flask, url: str) -> list[str]:
    """The statements the page ``url`` sends."""
    sent: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        sent.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        assert app.test_client().get(url).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", note)
    return sent


@pytest.mark.database
def test_a_page_sends_as_many_statements_whatever_the_games_stored(
    club: Club, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    small = Club(test_app(tmp_path / "small.db"), [])
    small.games.extend(make_club(small.app, 12))

    def no_replay(*_args: Any) -> None:
        raise AssertionError("a game was replayed")

    for module in (scoring, stored, lifecycle, game_hands):  # wherever replay is looked up
        monkeypatch.setattr(module, "replay", no_replay)
    for games in (small, club):  # PostgreSQL is asked once whether it has ICU
        assert games.app.test_client().get("/?q=a").status_code == 200
    for url in ("/", "/?q=tom", "/?player={tom}", "/?player={tom}&q=z"):
        few, many = (
            page_statements(games.app, url.format(tom=player_id(games, "Tom")))
            for games in (small, club)
        )
        assert len(few) == len(many), url
        assert any(" LIMIT " in statement for statement in many), "one page is read"


@pytest.mark.database
@pytest.mark.parametrize(
    "typed",
    ["%FF", "%ED%A0%80", "%F0%9F%98%80", "x" * 500, "%E2%80%AE", "%09%09", "%20"],
    ids=["bad-utf8", "surrogate", "emoji", "long", "direction", "tabs", "space"],
)
def test_whatever_is_typed_is_a_page_never_an_error(club: Club, typed: str) -> None:
    answer = get(club, f"/?q={typed}")
    assert answer.status_code == 200
    assert len(listed(answer.text)) in (0, 50)  # nothing, or (spaces only) every game

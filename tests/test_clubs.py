"""Clubs as tenants (issue 33, items 1 and 4a): every table a club owns has its club, a
row is written in the current club (the default club unless told otherwise), what was
unique across the instance (a player's name, a season's name, a setting) is unique
within a club, and every ORM query reads the current club's rows only: a second club
with the same players' names, games, a night, a season and a competition changes
nothing the first one reads. On SQLite, and on PostgreSQL with scripts/with-postgres."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import delete, inspect, select, update
from sqlalchemy.exc import IntegrityError

from scorekeeper import create_app
from scorekeeper.accounts.clubs import ClubError, create_club
from scorekeeper.accounts.links import create_api_token, create_share_link
from scorekeeper.accounts.users import (
    AccountError,
    add_member,
    change_role,
    create_user,
    delete_user,
    user_named,
)
from scorekeeper.club.competitions import all_competitions, create_competition
from scorekeeper.club.events import events_page, get_event, import_event
from scorekeeper.club.results import results_settings, set_results
from scorekeeper.engine.club.league import LeagueRules
from scorekeeper.extensions import db
from scorekeeper.games.hands import add_hand
from scorekeeper.games.lifecycle import create_game
from scorekeeper.games.players import all_players, player_by_name
from scorekeeper.games.seasons import all_seasons, create_season, season_by_name
from scorekeeper.games.stored import get_game
from scorekeeper.reports.stats import Period, player_stats
from scorekeeper.store.club_models import ClubSetting
from scorekeeper.store.models import ApiToken, Club, Game, Player, Season, User
from scorekeeper.store.tenancy import ALL_CLUBS, DEFAULT_CLUB_ID, ClubOwned, in_club
from tests.databases import database_url

NIGHT = Path(__file__).parent / "data" / "events" / "club-night.json"
MADE = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]}

# the tables that are the instance's, not a club's: the clubs themselves, the accounts
# (a person may belong to several clubs), refused logins (by name and address, before
# anyone is known) and the API's idempotency keys (a user's)
INSTANCE_TABLES = {"club", "user_account", "login_failure", "idempotency_key"}
SIDES = [("Us", ["Ann", "Cal"]), ("Them", ["Bea", "Dan"])]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url(tmp_path / "clubs.db")})
    with app.app_context():
        db.create_all()
        yield app
        db.session.remove()
        db.engine.dispose()


def test_every_table_but_the_instances_own_belongs_to_a_club() -> None:
    """A new table is a club's unless it is named here: it must have its club."""
    import scorekeeper.store.club_models  # noqa: F401  (the club's tables, registered)

    for name, table in db.metadata.tables.items():
        if name in INSTANCE_TABLES:
            assert "club_id" not in table.c, name
            continue
        column = table.c.get("club_id")
        assert column is not None, f"{name} has no club_id"
        assert not column.nullable, name
        assert {key.column.table.name for key in column.foreign_keys} == {"club"}, name


def test_a_new_database_has_the_default_club_and_rows_go_to_it(app: Flask) -> None:
    (club,) = db.session.execute(select(Club)).scalars()
    assert (club.id, club.slug) == (DEFAULT_CLUB_ID, "club")
    game = create_game("partnership", {}, SIDES)
    db.session.commit()
    for name in ("player", "game", "game_side", "seat"):
        table = db.metadata.tables[name]
        owners = db.session.execute(select(table.c.club_id).distinct()).scalars().all()
        assert owners == [DEFAULT_CLUB_ID], name
    assert game.club_id == DEFAULT_CLUB_ID


def second_club() -> Club:
    club = Club(slug="riverside", name="Riverside Pinochle")
    db.session.add(club)
    db.session.commit()
    return club


def test_a_name_is_unique_within_a_club_not_across_clubs(app: Flask) -> None:
    other = second_club()
    db.session.add_all([Player(name="Ann"), Player(name="Ann", club_id=other.id)])
    db.session.add_all(
        [
            Season(name="Winter", starts_on=date(2026, 12, 1), ends_on=date(2027, 2, 28)),
            Season(
                name="Winter",
                starts_on=date(2026, 12, 1),
                ends_on=date(2027, 2, 28),
                club_id=other.id,
            ),
        ]
    )
    db.session.commit()
    twice = [
        Player(name="Ann", club_id=other.id),
        Season(name="Winter", starts_on=date(2027, 12, 1), ends_on=date(2028, 2, 28)),
    ]
    for again in twice:  # the same name twice in one club: refused
        db.session.add(again)
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()
    every_club = select(Player.club_id, Player.name).execution_options(**{ALL_CLUBS: True})
    names = db.session.execute(every_club.order_by(Player.club_id))
    assert names.all() == [(DEFAULT_CLUB_ID, "Ann"), (other.id, "Ann")]


def test_a_setting_is_a_clubs(app: Flask) -> None:
    """The default club's results settings are kept twice over (a merge, not a second
    row), and another club's row of the same name is its own."""
    other = second_club()
    set_results("public", hide_standings=True)
    set_results("members", hide_standings=False)
    db.session.add(ClubSetting(club_id=other.id, name="results", value="off"))
    db.session.commit()
    assert results_settings().audience == "members"
    kept = db.session.execute(
        select(ClubSetting.club_id, ClubSetting.value)
        .where(ClubSetting.name == "results")
        .execution_options(**{ALL_CLUBS: True})
    )
    assert sorted(kept.all()) == [(DEFAULT_CLUB_ID, "members"), (other.id, "off")]


def test_a_club_slug_is_unique(app: Flask) -> None:
    db.session.add(Club(slug="club", name="Another"))
    with pytest.raises(IntegrityError):
        db.session.commit()


# --- the current club: every query scoped in one place (item 4a) ---------------------------


def a_clubs_season(name: str, keeper: str) -> dict[str, int]:
    """A club's players, a game with a hand, a night, a season, a competition, a share
    link, an API token (``keeper``'s) and its results setting, all as the current
    club's: their ids."""
    game = create_game("partnership", {}, SIDES)
    add_hand(game, MADE)
    event = import_event(json.loads(NIGHT.read_text(encoding="utf-8")))
    season = create_season(name, date(2026, 12, 1), date(2027, 2, 28))
    competition = create_competition(f"{name} ladder", LeagueRules(), None, [event.id])
    link = create_share_link(game.id)
    create_api_token(create_user(keeper, "a long enough password", "owner"), "scores")
    set_results("public", hide_standings=False)
    db.session.commit()
    ids = {"game": game.id, "event": event.id, "season": season.id}
    ids |= {"competition": competition.id, "share_link": link.id}
    db.session.remove()
    return ids


def what_a_club_reads() -> dict[str, object]:
    """What the current club's pages are made of."""
    db.session.remove()
    read = {
        "players": sorted(player.name for player in all_players()),
        "nights": [event.name for event in events_page(50, 0)],
        "seasons": [season.name for season in all_seasons()],
        "competitions": [competition.name for competition in all_competitions()],
        "results": results_settings(),
        "stats": [(row.name, row.games, row.points) for row in player_stats(Period(), 0)],
    }
    db.session.remove()
    return read


def test_a_second_club_changes_nothing_the_first_reads(app: Flask) -> None:
    first = a_clubs_season("Winter", "Keeper one")
    alone = what_a_club_reads()
    ann = player_by_name("Ann")
    assert ann is not None
    ann_id = ann.id
    other = second_club().id
    with in_club(other):
        second = a_clubs_season("Winter", "Keeper two")  # the same names, the same night
        assert what_a_club_reads() == alone  # and the second club reads its own alike
    assert what_a_club_reads() == alone
    # the other club's rows by id: not found, as if there were none
    assert get_game(second["game"]) is None and get_game(first["game"]) is not None
    assert get_event(second["event"]) is None and get_event(first["event"]) is not None
    assert db.session.get(Season, second["season"]) is None
    with in_club(other):
        assert get_game(first["game"]) is None and get_game(second["game"]) is not None
        assert db.session.get(Season, first["season"]) is None
        theirs = player_by_name("Ann")
        assert theirs is not None and theirs.id != ann_id  # their own Ann
        assert season_by_name("Winter") is not None


def test_every_club_owned_model_is_scoped(app: Flask) -> None:
    """Each model with a club_id is a ClubOwned (so the criterion reaches it), and its
    query reads the current club's rows only, with the other club's rows stored."""
    a_clubs_season("Winter", "Keeper one")
    other = second_club().id
    with in_club(other):
        a_clubs_season("Winter", "Keeper two")
    for mapper in db.Model.registry.mappers:
        model = mapper.class_
        if "club_id" not in mapper.columns:
            continue
        assert issubclass(model, ClubOwned), model.__name__
        stored = db.session.execute(
            select(model.club_id).distinct().execution_options(**{ALL_CLUBS: True})
        ).scalars()
        clubs = set(stored)
        for club in (DEFAULT_CLUB_ID, other):
            with in_club(club):
                db.session.remove()
                read = {row.club_id for row in db.session.execute(select(model)).scalars()}
            assert read == ({club} & clubs), (model.__name__, club)
        assert clubs == {DEFAULT_CLUB_ID, other} or model.__tablename__ in SOMETIMES_EMPTY, (
            model.__name__,
            clubs,
        )


@pytest.mark.parametrize(
    "change",
    [update(Player).values(name="X"), delete(Player)],
    ids=["update", "delete"],
)
def test_every_clubs_rows_are_read_at_once_never_changed(app: Flask, change: Any) -> None:
    """``ALL_CLUBS`` is for the instance's own reads: a change by statement asked for
    every club is refused before it is sent, and changes nothing."""
    a_clubs_season("Winter", "Keeper one")
    names = select(Player.name).order_by(Player.name)
    before = db.session.execute(names).scalars().all()
    with pytest.raises(ValueError, match="ALL_CLUBS is for reads"):
        db.session.execute(change.execution_options(**{ALL_CLUBS: True}))
    db.session.rollback()
    assert db.session.execute(names).scalars().all() == before != []


# tables a club's season above leaves empty (no late arrival, no withdrawal, no bye...)
SOMETIMES_EMPTY = {"club_confirmation", "club_bye", "club_adjustment"}


def test_a_row_is_written_in_the_current_club(app: Flask) -> None:
    other = second_club().id
    with in_club(other):
        game = create_game("partnership", {}, SIDES)
        add_hand(game, MADE)
        db.session.commit()
    counts = db.session.execute(
        select(Game.club_id).execution_options(**{ALL_CLUBS: True})
    ).scalars()
    assert list(counts) == [other]
    with db.engine.connect() as connection:  # every row of the game: seats, hands, outcomes
        for table in ("player", "game_side", "seat", "hand", "hand_edit", "hand_outcome",
                      "game_outcome", "player_outcome", "bid_outcome"):  # fmt: skip
            owners = connection.exec_driver_sql(f"SELECT DISTINCT club_id FROM {table}")
            assert owners.scalars().all() == [other], table


@pytest.mark.parametrize("in_the_second_club", [False, True])
def test_a_change_by_statement_reaches_the_sessions_rows_of_the_current_club(
    app: Flask, in_the_second_club: bool
) -> None:
    """An ORM UPDATE or DELETE changes the current club's rows only, and the objects the
    session holds follow it (the session evaluates the statement's criteria, the
    club's among them, against its objects: the club must be the current one there too)."""
    other = second_club().id
    for club in (DEFAULT_CLUB_ID, other):
        with in_club(club):
            db.session.add_all([Player(name="Ann"), Player(name="Bea")])
            db.session.commit()
    with in_club(other if in_the_second_club else DEFAULT_CLUB_ID):
        ann, bea = db.session.execute(select(Player).order_by(Player.name)).scalars()
        db.session.execute(update(Player).where(Player.name == "Ann").values(name="Annie"))
        db.session.execute(delete(Player).where(Player.name == "Bea"))
        assert ann.name == "Annie"  # in the session's object, not read again
        assert bea in db.session.deleted or inspect(bea).was_deleted
        db.session.commit()
    every_club = select(Player.club_id, Player.name).execution_options(**{ALL_CLUBS: True})
    names = db.session.execute(every_club.order_by(Player.club_id, Player.name)).all()
    changed = other if in_the_second_club else DEFAULT_CLUB_ID
    kept = DEFAULT_CLUB_ID if in_the_second_club else other
    assert sorted(names) == sorted([(changed, "Annie"), (kept, "Ann"), (kept, "Bea")])


def named(name: str) -> User:
    user = user_named(name)
    assert user is not None
    return user


def test_a_user_removed_from_one_club_keeps_the_other(app: Flask) -> None:
    """A user of two clubs removed from one: their place and their tokens there go, the
    account and the other club's place and tokens stay; removed from the last, the
    account goes."""
    other = second_club().id
    create_user("Olga", "a long enough password", "owner")
    create_api_token(create_user("Sam", "a long enough password", "scorekeeper"), "here")
    with in_club(other):
        db.session.remove()
        create_user("Nell", "a long enough password", "owner")
        add_member(named("Sam"), "viewer")
        create_api_token(named("Sam"), "there")
        db.session.remove()
    delete_user(named("Sam"))
    every_club = {ALL_CLUBS: True}
    tokens = select(ApiToken.club_id, ApiToken.label).execution_options(**every_club)
    assert db.session.execute(tokens).all() == [(other, "there")]
    with in_club(other):
        db.session.remove()
        sam = named("Sam")
        assert sam.role == "viewer"
        delete_user(sam)
    assert db.session.execute(select(User.name).order_by(User.name)).scalars().all() == [
        "Nell",
        "Olga",
    ]


def test_a_night_file_whose_key_another_club_holds_gets_a_new_key(app: Flask) -> None:
    """Nights' keys are unique across the instance (they are in public addresses): a
    night exported from one club imports into another with a key of its own, not a
    refusal (nor the news that the key is taken elsewhere)."""
    document = {**json.loads(NIGHT.read_text(encoding="utf-8")), "key": "Tuesday-club-1"}
    assert import_event(document).key == "Tuesday-club-1"
    other = second_club().id
    with in_club(other):
        db.session.remove()
        there = import_event(document)
        assert there.key != "Tuesday-club-1"
        assert [night.id for night in events_page(50, 0)] == [there.id]


def test_a_slug_taken_meanwhile_is_refused_with_the_sentence(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two clubs made at once with one slug: the database's unique slug refuses the
    second, with the same sentence as the check before it."""
    monkeypatch.setattr("scorekeeper.accounts.clubs.club_by_slug", lambda slug: None)
    with pytest.raises(ClubError, match="already a club at 'club'"):
        create_club("club", "Again")
    assert db.session.execute(select(Club.name)).scalars().all() == ["Our club"]


def test_a_role_is_changed_for_a_member_only(app: Flask) -> None:
    """A user of another club has no role here to change."""
    other = second_club().id
    with in_club(other):
        db.session.remove()
        create_user("Nell", "a long enough password", "owner")
    db.session.remove()
    with pytest.raises(AccountError, match="'Nell' is no member"):
        change_role(named("Nell"), "viewer")

"""A table's totals confirmed once its game is over, and the lock that follows
(``club.confirm``): every change of the game's hands refused but the director's edit or
delete with a reason, which the history keeps; every refusal writes nothing."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest
from flask import Flask

from scorekeeper.club.confirm import Confirmer, confirm_totals, confirmation, locked
from scorekeeper.club.confirm import confirmed as confirmations
from scorekeeper.club.events import engine_event
from scorekeeper.club.rounds import close_round, unconfirmed_tables
from scorekeeper.engine.errors import PinochleError
from scorekeeper.games.hands import (
    Correction,
    add_hand,
    delete_hand,
    put_back,
    replace_hand,
    undo_last_hand,
)
from scorekeeper.games.lifecycle import create_game
from scorekeeper.store.club_models import Event
from scorekeeper.store.models import Game
from tests.club.test_events_store import app  # noqa: F401 (a fixture)
from tests.club.test_rounds import played, seated
from tests.club.test_seating import MADE
from tests.web.conftest import SIDES
from tests.web.test_access import database_fingerprint

DIRECTOR = Correction("the counters were swapped")
TAPPED = Confirmer(director="ann")  # the director's tap, on a player's behalf
CORRECTED = {**MADE, "counters": [160, 90]}


def table_game(event: Event) -> Game:
    game = event.rounds[0].tables[0].game
    assert game is not None
    return game


def confirmed() -> Game:
    game = table_game(played(seated()))
    confirm_totals(game, "Bea", TAPPED)
    return game


def test_a_finished_table_is_confirmed_by_a_player_seated_there(app: Flask) -> None:  # noqa: F811
    game = table_game(played(seated()))
    table = confirm_totals(game, " Bea ", TAPPED)
    assert (table.confirmed_by, table.confirmed_at is not None) == ("Bea", True)
    lock = locked(game)
    assert lock is not None and (lock.table, lock.confirmed_by, lock.closed) == (1, "Bea", False)


def test_an_open_table_and_a_game_of_its_own_are_not_locked(app: Flask) -> None:  # noqa: F811
    assert locked(table_game(seated())) is None
    alone = create_game("partnership", {}, SIDES)
    assert locked(alone) is None


# what is done first -> who confirms -> the engine's code, words of its sentence
NOT_CONFIRMED: list[tuple[str, Callable[[Event], Any], str, str, str]] = [
    ("a game still played", lambda e: e, "Bea", "event_table_playing",
     "table 1 is still playing"),
    ("a name not seated there", played, "Eve", "event_not_seated_here",
     "'Eve' is not seated at table 1: Ann, Bea, Cal, Dan"),
    ("a blank name", played, "  ", "event_not_seated_here", "is not seated at table 1"),
    ("confirmed twice", lambda e: (played(e), confirm_totals(table_game(e), "Bea", TAPPED))[0],
     "Dan", "event_confirmed_twice", "confirmed by Bea already"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("first", "name", "code", "words"),
    [case[1:] for case in NOT_CONFIRMED],
    ids=[case[0] for case in NOT_CONFIRMED],
)
def test_a_refused_confirmation_changes_nothing(
    app: Flask,  # noqa: F811
    first: Callable[[Event], Any],
    name: str,
    code: str,
    words: str,
) -> None:
    event = seated()
    first(event)
    before = database_fingerprint(app)
    with pytest.raises(PinochleError) as refused:
        confirm_totals(table_game(event), name, TAPPED)
    assert (refused.value.code, words in str(refused.value)) == (code, True)
    assert database_fingerprint(app) == before


def test_a_game_of_its_own_is_not_confirmed(app: Flask) -> None:  # noqa: F811
    alone = create_game("partnership", {}, SIDES)
    with pytest.raises(PinochleError) as refused:
        confirm_totals(alone, "Ann", TAPPED)
    assert refused.value.code == "event_not_a_table"


# a change of a confirmed table's game -> the engine's code
LOCKED: list[tuple[str, Callable[[Game], Any], str]] = [
    ("a new hand", lambda g: add_hand(g, MADE), "event_table_confirmed"),
    ("an edit", lambda g: replace_hand(g, 1, CORRECTED), "event_table_confirmed"),
    ("a delete", lambda g: delete_hand(g, 1), "event_table_confirmed"),
    ("an undo", undo_last_hand, "event_table_confirmed"),
    ("the director's edit without a reason",
     lambda g: replace_hand(g, 1, CORRECTED, correction=Correction("  ")),
     "event_correction_reason"),
    ("the director's delete without a reason",
     lambda g: delete_hand(g, 1, correction=Correction()), "event_correction_reason"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "code"), [case[1:] for case in LOCKED], ids=[case[0] for case in LOCKED]
)
def test_a_confirmed_table_refuses_changes(
    app: Flask,  # noqa: F811
    change: Callable[[Game], Any],
    code: str,
) -> None:
    game = confirmed()
    before = database_fingerprint(app)
    with pytest.raises(PinochleError) as refused:
        change(game)
    assert refused.value.code == code
    assert database_fingerprint(app) == before


def test_the_lock_names_the_table_and_who_confirmed(app: Flask) -> None:  # noqa: F811
    with pytest.raises(PinochleError) as refused:
        add_hand(confirmed(), MADE)
    assert str(refused.value).startswith("table 1's totals are confirmed by Bea; only the director")


def test_only_the_director_puts_a_deleted_hand_back_with_a_reason(app: Flask) -> None:  # noqa: F811
    game = confirmed()
    delete_hand(game, 2, correction=DIRECTOR)  # the director's, offered back
    deleted = game.edits[-1].id
    with pytest.raises(PinochleError) as refused:
        put_back(game, deleted)
    assert refused.value.code == "event_table_confirmed"
    put_back(game, deleted, correction=Correction("deleted the wrong hand"))
    assert (len(game.hands), game.edits[-1].reason) == (2, "deleted the wrong hand")


@pytest.mark.parametrize("closing", [False, True], ids=["confirmed", "round closed"])
def test_the_director_corrects_with_a_reason_the_history_keeps(
    app: Flask,  # noqa: F811
    closing: bool,
) -> None:
    event = played(seated())
    game = table_game(event)
    if closing:
        close_round(event, 1, unconfirmed=True)
    else:
        confirm_totals(game, "Bea", TAPPED)
    replace_hand(game, 1, CORRECTED, correction=DIRECTOR)
    delete_hand(game, 2, correction=Correction("  counted twice "))
    assert [(e.action, e.reason) for e in game.edits[-2:]] == [
        ("edited", "the counters were swapped"),
        ("deleted", "counted twice"),
    ]
    assert locked(game) is not None  # a correction leaves the table locked


def test_a_closed_round_refuses_a_new_hand_with_its_own_sentence(app: Flask) -> None:  # noqa: F811
    event = seated()
    close_round(event, 1, "the hall closes")
    with pytest.raises(PinochleError) as refused:
        add_hand(table_game(event), MADE)
    assert refused.value.code == "event_round_closed"


# --- who confirms -----------------------------------------------------------------------

# the player a table code's phone said it is -> the names it may tap (Ann and Cal sit
# North and South, Bea and Dan East and West)
OTHER_SIDE = [
    ("North's phone", "Ann", ("Bea", "Dan")),
    ("East's phone", "Bea", ("Ann", "Cal")),
    ("South's phone", "Cal", ("Bea", "Dan")),
    ("West's phone", "Dan", ("Ann", "Cal")),
]


def phone_of(event: Event, name: str) -> Confirmer:
    """The confirmer of a table code's phone that said it is ``name``."""
    return Confirmer(entrant=next(e.id for e in event.entrants if e.name == name))


@pytest.mark.parametrize(
    ("keeper", "others"), [case[1:] for case in OTHER_SIDE], ids=[c[0] for c in OTHER_SIDE]
)
def test_a_phone_confirms_only_by_the_other_side(
    app: Flask,  # noqa: F811
    keeper: str,
    others: tuple[str, str],
) -> None:
    event = played(seated())
    game = table_game(event)
    phone = phone_of(event, keeper)
    partner = {"Ann": "Cal", "Cal": "Ann", "Bea": "Dan", "Dan": "Bea"}[keeper]
    before = database_fingerprint(app)
    for own_side in (keeper, partner):
        with pytest.raises(PinochleError) as refused:
            confirm_totals(game, own_side, phone)
        assert refused.value.code == "event_confirm_own_side"
        assert f"by the other side ({', '.join(others)})" in str(refused.value)
    assert database_fingerprint(app) == before
    table = confirm_totals(game, others[1], phone)
    assert table.confirmed_by == others[1]
    assert [(c.name, c.director) for c in table.confirmations] == [(others[1], None)]


def test_the_directors_tap_is_kept_as_the_directors(app: Flask) -> None:  # noqa: F811
    game = table_game(played(seated()))
    table = confirm_totals(game, "Ann", TAPPED)  # any name seated there
    assert [(c.name, c.director) for c in table.confirmations] == [("Ann", "ann")]
    state = confirmations(table)
    assert (state.by, state.director, state.again, state.corrected) == ("Ann", "ann", False, ())


def test_a_correction_after_confirmation_asks_for_another(app: Flask) -> None:  # noqa: F811
    event = played(seated())
    game = table_game(event)
    table = confirm_totals(game, "Bea", phone_of(event, "Ann"))
    replace_hand(game, 1, CORRECTED, correction=DIRECTOR)
    state = confirmations(table)
    assert state.again and state.corrected == ((1, "edited", "the counters were swapped"),)
    assert locked(game) is not None  # still the director's only
    with pytest.raises(PinochleError) as refused:  # the side that kept score, still not
        confirm_totals(game, "Cal", phone_of(event, "Ann"))
    assert refused.value.code == "event_confirm_own_side"
    table = confirm_totals(game, "Dan", phone_of(event, "Ann"))
    state = confirmations(table)
    assert (state.by, state.again) == ("Dan", False)
    assert state.corrected == ((1, "edited", "the counters were swapped"),)  # still listed
    assert [c.name for c in table.confirmations] == ["Bea", "Dan"]  # both kept
    with pytest.raises(PinochleError) as refused:
        confirm_totals(game, "Bea", phone_of(event, "Ann"))
    assert refused.value.code == "event_confirmed_twice"


def test_a_correction_before_any_confirmation_is_not_after_one(app: Flask) -> None:  # noqa: F811
    event = played(seated())
    game = table_game(event)
    close_round(event, 1, unconfirmed=True)
    replace_hand(game, 1, CORRECTED, correction=DIRECTOR)
    table = confirm_totals(game, "Bea", TAPPED)
    assert confirmations(table).corrected == ()


def test_closing_a_round_asks_about_its_unconfirmed_tables(app: Flask) -> None:  # noqa: F811
    event = played(seated())
    assert unconfirmed_tables(event.rounds[0], engine_event(event), 1) == [1]
    before = database_fingerprint(app)
    with pytest.raises(PinochleError) as refused:
        close_round(event, 1)
    assert refused.value.code == "event_round_unconfirmed"
    assert str(refused.value).startswith("round 1: table 1 has no confirmation of its totals")
    assert database_fingerprint(app) == before
    assert close_round(event, 1, unconfirmed=True).closed_at is not None


def test_a_round_of_confirmed_tables_closes_at_once(app: Flask) -> None:  # noqa: F811
    event = played(seated())
    confirm_totals(table_game(event), "Bea", TAPPED)
    assert close_round(event, 1).closed_at is not None


def test_a_fixed_teams_table_is_confirmed_by_a_player_of_the_other_team(
    app: Flask,  # noqa: F811
) -> None:
    from scorekeeper.club.events import import_event
    from tests.club.test_events_store import NIGHTS, document

    night = document(NIGHTS[1])
    night["rounds"][0]["tables"][0]["game"]["hands"] = []  # table 1 not played yet
    night["rounds"] = night["rounds"][:1]
    event = import_event(night)
    table = event.rounds[0].tables[0]
    assert table.game is not None
    played(event)  # Ann & Cal against Bea & Dan, two hands: over
    keeper = next(e for e in event.entrants if e.name == "Ann & Cal")
    phone = Confirmer(entrant=keeper.id)
    state = confirmation(table.game, phone)
    assert state is not None and state.players == ("Bea", "Dan")  # each by name
    assert confirmation(table.game, TAPPED).players == ("Ann", "Cal", "Bea", "Dan")
    assert confirmation(table.game, Confirmer()).players == ()  # a phone that said nobody
    assert confirm_totals(table.game, "Dan", phone).confirmed_by == "Dan"


def test_two_phones_confirming_at_once_keep_the_first(
    app: Flask,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The other phone's tap lands between this one's checks and its write: this one is
    refused with the other's name, and writes nothing."""
    import scorekeeper.club.confirm as confirm_module
    from scorekeeper.extensions import db

    game = table_game(played(seated()))
    replayed = confirm_module.replay_game

    def meanwhile(found: Game) -> Any:
        # the other tap, as the guarded write will find it (the write lock held here
        # keeps a second connection out, so it is written in this transaction)
        db.session.execute(
            db.text("UPDATE club_table SET confirmed_at = :at, confirmed_by = 'Dan'"),
            {"at": datetime(2026, 12, 5, 20, 0)},
        )
        return replayed(found)

    monkeypatch.setattr(confirm_module, "replay_game", meanwhile)
    with pytest.raises(PinochleError) as refused:
        confirm_totals(game, "Bea", TAPPED)
    assert refused.value.code == "event_confirmed_twice" and "by Dan" in str(refused.value)
    assert db.session.execute(db.text("SELECT count(*) FROM club_confirmation")).scalar() == 0
    assert locked(game) is None  # the other tap was this test's: rolled back with it


def test_the_side_that_recorded_the_hands_kept_score_whoever_asks(
    app: Flask,  # noqa: F811
) -> None:
    """North's phone recorded: East's own phone offers East-West too, and a phone that
    says it is someone else changes nothing; both sides recorded: the director only."""
    from scorekeeper.club.confirm import note_keeper

    event = played(seated())
    game = table_game(event)
    note_keeper(game.id, phone_of(event, "Ann").entrant or 0)  # North's phone saved hands
    for asking in ("Ann", "Bea", "Cal", "Dan"):
        state = confirmation(game, phone_of(event, asking))
        assert state is not None and state.players == ("Bea", "Dan"), asking
    note_keeper(game.id, phone_of(event, "Dan").entrant or 0)  # and West's phone one
    before = database_fingerprint(app)
    with pytest.raises(PinochleError) as refused:
        confirm_totals(game, "Bea", phone_of(event, "Bea"))
    assert refused.value.code == "event_confirm_director"
    assert str(refused.value) == (
        "both sides kept score at table 1 on their phones: the director confirms its totals"
    )
    assert database_fingerprint(app) == before
    assert confirm_totals(game, "Bea", TAPPED).confirmed_by == "Bea"

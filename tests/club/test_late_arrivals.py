"""Late arrivals (issue 30, item 4; docs/club.md, "Late arrivals and withdrawals"): a
late arrival sits out before anyone who was there from the start, unless the director
lets them play at once; the rounds seated stay as they are."""

from __future__ import annotations

import pytest
from flask import Flask

from scorekeeper.club.entrants import add_entrant, next_round_seating
from scorekeeper.club.events import engine_event, get_event, import_event
from scorekeeper.club.rounds import close_round
from scorekeeper.club.seating import record_seating
from scorekeeper.store.club_models import Event
from tests.club.test_events_store import app  # noqa: F401 (a fixture)
from tests.web.conftest import tuesday_night

TWELVE = [f"Player {letter}" for letter in "ABCDEFGHIJKL"]  # three tables, nobody out
THIRTEEN = [*TWELVE, "Player M"]  # one out each round


def fresh(event: Event) -> Event:
    found = get_event(event.id)
    assert found is not None
    return found


def after_round_1(names: list[str]) -> Event:
    """The night of ``names`` over 3 rounds, round 1 seated by the movement and closed."""
    event = import_event(tuesday_night(names, rounds=3))
    seating, _even = next_round_seating(event, engine_event(event), 1)
    record_seating(event, 1, seating)
    close_round(fresh(event), 1, "a test: no hands")
    return fresh(event)


def byes_of_round_2(event: Event) -> list[str]:
    seating, _even = next_round_seating(event, engine_event(event), 2)
    return sorted(seating["byes"])


# the night, who arrives, plays at once? -> who sits out round 2 (None: an on-time player)
LATE = [
    ("twelve and one late: the latecomer waits", TWELVE, ["Zed"], False, ["Zed"]),
    ("twelve and one late, at once: one of the twelve waits", TWELVE, ["Zed"], True, None),
    ("twelve and two late: both wait", TWELVE, ["Yan", "Zed"], False, ["Yan", "Zed"]),
    ("twelve and four late: a fourth table, nobody waits", TWELVE,
     ["Wes", "Xia", "Yan", "Zed"], False, []),
    ("thirteen and one late: the latecomer and one of the thirteen", THIRTEEN, ["Zed"],
     False, "Zed and one"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("names", "late", "at_once", "out"), [c[1:] for c in LATE], ids=[c[0] for c in LATE]
)
def test_a_late_arrival_sits_out_before_anyone_there_from_the_start(
    app: Flask,  # noqa: F811
    names: list[str],
    late: list[str],
    at_once: bool,
    out: list[str] | str | None,
) -> None:
    event = after_round_1(names)
    for name in late:
        add_entrant(fresh(event), name, plays_at_once=at_once)
    byes = byes_of_round_2(fresh(event))
    if out is None:  # one of those there from the start, not the latecomer
        assert len(byes) == 1 and byes[0] in names
    elif isinstance(out, str):
        assert len(byes) == 2 and "Zed" in byes and set(byes) - {"Zed"} <= set(names)
    else:
        assert byes == out


def test_a_waiting_latecomer_is_seated_once_the_tables_have_room(app: Flask) -> None:  # noqa: F811
    """Four latecomers make a table of their own: nobody sits out."""
    event = after_round_1(TWELVE)
    for name in ("Wes", "Xia", "Yan", "Zed"):
        add_entrant(fresh(event), name)
    seating, _even = next_round_seating(fresh(event), engine_event(fresh(event)), 2)
    seated = {name for table in seating["tables"] for name in table["seats"]}
    assert {"Wes", "Xia", "Yan", "Zed"} <= seated and len(seating["tables"]) == 4


def test_before_the_first_round_nobody_is_late(app: Flask) -> None:  # noqa: F811
    """Added before round 1 is seated, an entrant is there from the start: "plays at
    once" means nothing and is not kept (the page does not offer it then)."""
    event = import_event(tuesday_night(TWELVE, rounds=3))
    assert add_entrant(event, "Zed", plays_at_once=True).plays_at_once is False
    seating, _even = next_round_seating(fresh(event), engine_event(fresh(event)), 1)
    assert len(seating["byes"]) == 1  # thirteen on time: the movement's own bye

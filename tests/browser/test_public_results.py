"""The club's public results in a phone with no account (issue 32, "done when"): a night
made public is read while it is played (provisional), follows a hand and the round's
close without a reload to its final standings; a correction to a finished table changes
the night's table and the competition's at once; switching the results off gives 404 to
the public addresses, the followed page included. At 360 px, no word is split and
nothing scrolls sideways. The pages' clocks are Playwright's (``until_followed``)."""

from __future__ import annotations

import json
from typing import Any

from scorekeeper.club.competitions import create_competition
from scorekeeper.club.events import event_by_key, import_event
from scorekeeper.club.results import OFF, PUBLIC, set_results
from scorekeeper.club.rounds import close_round
from scorekeeper.engine.club.league import LeagueRules
from scorekeeper.games.hands import Correction, add_hand, replace_hand
from scorekeeper.games.stored import get_game, hand_document
from tests.browser.conftest import NARROW, LiveServer, expect, horizontal_overflow, until_followed
from tests.browser.test_display import EVENTS
from tests.browser.words import SPLIT_WORDS

FOLLOWED = 3_000  # ms a tick's requests may take, on a busy machine (until_followed)


def night_being_played(live_server: LiveServer) -> tuple[str, str, int, int, dict[str, Any]]:
    """The worked night of five, its last round's game one hand short (being played),
    and a competition of it: the night's key, the competition's, the last game, the
    first round's game and the hand still to play."""
    document = json.loads((EVENTS / "club-night.json").read_text("utf-8"))
    last = document["rounds"][2]["tables"][0]["game"]
    still = last["hands"].pop()
    with live_server.app.app_context():
        set_results(PUBLIC, False)
        event = import_event(document)
        competition = create_competition("Winter ladder", LeagueRules(), None, [event.id])
        games = [round_.tables[0].game_id for round_ in event.rounds]
        return event.key, competition.key, games[2], games[0], still


def change(live_server: LiveServer, what: Any) -> None:
    with live_server.app.app_context():
        what()


def test_a_public_night_followed_by_a_phone_with_no_account(
    new_context: Any, live_server: LiveServer
) -> None:
    key, competition_key, last_game, first_game, still = night_being_played(live_server)
    phone = new_context(login=False, **NARROW).new_page()
    phone.clock.install()
    loads: list[str] = []
    phone.on("load", lambda _page: loads.append(phone.url))
    phone.goto(f"{live_server.url}/results/{key}")
    heading = phone.locator("main h2").first
    expect(heading).to_have_text("Standings (provisional)")
    assert phone.evaluate(SPLIT_WORDS) == []
    assert horizontal_overflow(phone) == 0

    def last_hand() -> None:
        game = get_game(last_game)
        assert game is not None
        add_hand(game, still)

    change(live_server, last_hand)
    table_3 = phone.locator("#round-3 .muted").first
    until_followed(lambda: expect(table_3).to_contain_text("finished", timeout=FOLLOWED), phone)
    change(live_server, lambda: close_round(stored(key), 3, unconfirmed=True))
    until_followed(lambda: expect(heading).to_have_text("Final standings", timeout=FOLLOWED), phone)
    assert len(loads) == 1  # followed: never loaded again

    # a correction to round 1's finished table: the night's table and the competition's
    standings = phone.locator("table.standings tbody")
    before = standings.inner_text()
    ladder = new_context(login=False, **NARROW).new_page()
    ladder.goto(f"{live_server.url}/results/competitions/{competition_key}")
    ladder_before = ladder.locator("table.competition tbody").inner_text()

    def corrected() -> None:
        game = get_game(first_game)
        assert game is not None
        first = hand_document(game.hands[0])
        replace_hand(game, 1, {**first, "meld": [first["meld"][0] + 200, first["meld"][1]]},
                     correction=Correction("meld miscounted"))  # fmt: skip

    change(live_server, corrected)
    until_followed(lambda: expect(standings).not_to_have_text(before, timeout=FOLLOWED), phone)
    ladder.reload()
    assert ladder.locator("table.competition tbody").inner_text() != ladder_before
    assert "meld miscounted" not in phone.content()
    assert len(loads) == 1

    # the results switched off: 404 everywhere, the followed page too
    change(live_server, lambda: set_results(OFF, False))
    gone = phone.locator("main")
    until_followed(lambda: expect(gone).to_contain_text("Not found", timeout=FOLLOWED), phone)
    assert ladder.goto(f"{live_server.url}/results/competitions/{competition_key}").status == 404
    assert ladder.goto(f"{live_server.url}/results").status == 404


def stored(key: str) -> Any:
    event = event_by_key(key)
    assert event is not None
    return event

"""Several phones recording hands in one game at once, through a live server.

Every hand the server acknowledged (a redirect to the scoreboard) is stored;
the numbers run 1..N without a gap; the stored outcomes equal the replay. A
hand that lost the race is refused with a sentence, never a server error.
"""

from __future__ import annotations

import threading
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.engine.errors import GameError
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import with_options
from scorekeeper.games.hands import add_hand, replace_hand
from scorekeeper.games.lifecycle import create_game
from scorekeeper.games.listing import recent_games
from scorekeeper.games.stored import get_game, hand_document, version
from tests.web.conftest import SIDES, test_app
from tests.web.test_outcomes import assert_outcomes_match

pytestmark = pytest.mark.database  # every test here makes its own database

PHONES = 6
HANDS_EACH = 8
FORM = {
    "bidder": "Cal",
    "bid": "300",
    "trump": "H",
    "meld_0": "190",
    "meld_1": "60",
    "counters_0": "150",
    "counters_1": "100",
}


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Flask, str]]:
    app = test_app(tmp_path / "race.db")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield app, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


def test_phones_recording_at_once_lose_no_hand(served: tuple[Flask, str]) -> None:
    app, url = served
    with app.app_context():
        target = with_options(PRESETS["partnership"], {"target": 100_000}).target
        game = create_game("partnership", {"target": target}, SIDES, first_dealer="Ann")
        game_id = game.id
    opener = urllib.request.build_opener(NoRedirect, urllib.request.ProxyHandler({}))
    answers: Counter[int] = Counter()
    sentences: Counter[str] = Counter()

    numbers = iter(range(PHONES * HANDS_EACH))  # each hand its own meld: no hand repeats

    def phone() -> None:
        for _ in range(HANDS_EACH):
            meld = {"meld_1": str(10 * next(numbers))}
            body = urllib.parse.urlencode({**FORM, **meld}).encode()
            request = urllib.request.Request(f"{url}/games/{game_id}/hands/new", data=body)
            try:
                with opener.open(request, timeout=30) as response:
                    answers[response.status] += 1
            except urllib.error.HTTPError as error:
                answers[error.code] += 1
                page = error.read().decode()
                if 'class="field-error' in page:
                    sentences[page.split('class="field-error', 1)[1].split(">", 1)[1][:60]] += 1

    phones = [threading.Thread(target=phone) for _ in range(PHONES)]
    for each in phones:
        each.start()
    for each in phones:
        each.join()

    assert set(answers) <= {302, 400}, answers  # saved, or refused with a sentence
    assert sum(answers.values()) == PHONES * HANDS_EACH
    with app.app_context():
        stored = get_game(game_id)
        assert stored is not None
        assert [hand.number for hand in stored.hands] == list(range(1, answers[302] + 1))
        assert len(stored.edits) == answers[302]  # each saved hand in the history, once
        assert_outcomes_match(stored)
    assert answers[302] >= HANDS_EACH  # the race let hands through
    assert sum(sentences.values()) == answers[400], sentences


def test_rematch_asked_for_by_several_phones_at_once_is_one_game(
    served: tuple[Flask, str],
) -> None:
    app, url = served
    with app.app_context():
        game = create_game("partnership", {"target": 300}, SIDES, first_dealer="Ann")
        add_hand(game, {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60],
                                 "counters": [150, 100]})  # fmt: skip
        game_id = game.id
    opener = urllib.request.build_opener(NoRedirect, urllib.request.ProxyHandler({}))
    places: Counter[str] = Counter()
    start = threading.Barrier(PHONES)

    def phone() -> None:
        start.wait()
        try:
            opener.open(urllib.request.Request(f"{url}/games/{game_id}/rematch", data=b""))
        except urllib.error.HTTPError as error:
            places[f"{error.code} {error.headers.get('Location')}"] += 1

    phones = [threading.Thread(target=phone) for _ in range(PHONES)]
    for each in phones:
        each.start()
    for each in phones:
        each.join()
    assert places == Counter({f"302 /games/{game_id + 1}": PHONES})
    with app.app_context():
        assert len(recent_games()) == 2


def test_phones_correcting_one_hand_at_once_lose_no_update(served: tuple[Flask, str]) -> None:
    """Every phone opened the correction at the same version: one saves, the others
    are told the game changed, and the history holds just the one correction."""
    app, url = served
    with app.app_context():
        game = create_game("partnership", {}, SIDES, first_dealer="Ann")
        add_hand(
            game,
            {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]},
        )
        game_id, opened_at = game.id, version(game)
    opener = urllib.request.build_opener(NoRedirect, urllib.request.ProxyHandler({}))
    answers: dict[int, int] = {}

    def phone(counters: int) -> None:
        form = {
            **FORM,
            "counters_0": str(counters),
            "counters_1": str(250 - counters),
            "version": str(opened_at),
        }
        body = urllib.parse.urlencode(form).encode()
        request = urllib.request.Request(f"{url}/games/{game_id}/hands/1/edit", data=body)
        try:
            with opener.open(request, timeout=30) as response:
                answers[counters] = response.status
        except urllib.error.HTTPError as error:
            answers[counters] = error.code
            page = error.read().decode()
            if error.code == 400:
                assert "changed on another phone" in page, page

    phones = [threading.Thread(target=phone, args=(160 + 10 * n,)) for n in range(PHONES)]
    for each in phones:
        each.start()
    for each in phones:
        each.join()

    saved = [counters for counters, status in answers.items() if status == 302]
    assert len(saved) == 1, answers
    assert sorted(answers.values()) == [302] + [400] * (PHONES - 1)
    with app.app_context():
        stored = get_game(game_id)
        assert stored is not None
        assert [edit.action for edit in stored.edits] == ["added", "edited"]
        assert hand_document(stored.hands[0])["counters"] == [saved[0], 250 - saved[0]]
        assert_outcomes_match(stored)


def test_a_change_read_before_another_phone_saved_is_refused(tmp_path: Path) -> None:
    """The game's row is written with the version it was read at: a change computed
    from an older read (the other phone saved in between) is refused, not applied."""
    app = test_app(tmp_path / "stale.db")
    # the other phone: the same database through a connection of its own
    other = create_app(dict(app.config))
    with app.app_context():
        game = create_game("partnership", {}, SIDES, first_dealer="Ann")
        hand = {
            "bidder": "Cal",
            "bid": 300,
            "trump": "H",
            "meld": [190, 60],
            "counters": [150, 100],
        }
        add_hand(game, hand)
        game_id = game.id
        game = get_game(game_id)
        assert game is not None
        read_at = version(game)
        with other.app_context():
            elsewhere = get_game(game_id)
            assert elsewhere is not None
            replace_hand(elsewhere, 1, {**hand, "counters": [200, 50]}, read_at)
        with pytest.raises(GameError, match="changed on another phone"):
            replace_hand(game, 1, {**hand, "counters": [100, 150]}, read_at)
    with other.app_context():
        stored = get_game(game_id)
        assert stored is not None
        assert hand_document(stored.hands[0])["counters"] == [200, 50]
        assert [edit.action for edit in stored.edits] == ["added", "edited"]

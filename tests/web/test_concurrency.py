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

from scorekeeper import services
from scorekeeper.engine.rules import PRESETS, with_options
from tests.web.conftest import SIDES, test_app
from tests.web.test_outcomes import assert_outcomes_match

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
        game = services.create_game("partnership", {"target": target}, SIDES, first_dealer="Ann")
        game_id = game.id
    opener = urllib.request.build_opener(NoRedirect, urllib.request.ProxyHandler({}))
    answers: Counter[int] = Counter()
    sentences: Counter[str] = Counter()

    def phone() -> None:
        for _ in range(HANDS_EACH):
            body = urllib.parse.urlencode(FORM).encode()
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
        stored = services.get_game(game_id)
        assert stored is not None
        assert [hand.number for hand in stored.hands] == list(range(1, answers[302] + 1))
        assert len(stored.edits) == answers[302]  # each saved hand in the history, once
        assert_outcomes_match(stored)
    assert answers[302] >= HANDS_EACH  # the race let hands through
    assert sum(sentences.values()) == answers[400], sentences

"""Table cards that work in the room (issue 30, item 7): the codes carry the server's
public address (the ``PUBLIC_ADDRESS`` setting, shown on the director's page), and a
card or a code on screen that would send phones to an address only this machine can
open (localhost, 127.x, ::1) is refused with the sentence naming the setting while the
server has a network address; each seat and its name on a line of their own."""

from __future__ import annotations

import io
import re
from datetime import date
from typing import Any

import pytest
import segno
from flask import Flask
from pypdf import PdfReader

from scorekeeper.web import public_address
from scorekeeper.web.public_address import checked_setting
from tests.web.test_access import database_fingerprint
from tests.web.test_events_pages import club_night, imported, text

LAN = "192.168.1.20"


@pytest.fixture
def on_a_network(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(public_address, "lan_addresses", lambda: [LAN])


def seated_night(app: Flask, names: list[str] | None = None) -> tuple[Any, str]:
    """The worked night imported, its round 4 seated: the client and the night's page."""
    client = app.test_client()
    document = club_night()
    document["date"] = date.today().isoformat()  # its codes open today
    if names is not None:  # other entrants' names, in the same seats
        for entrant, name in zip(document["entrants"], names, strict=True):
            entrant["name"] = name
        document["rounds"] = [{"round": 1}]
        document["adjustments"] = []
    event = imported(client, document).headers["Location"]
    number = 1 if names is not None else 4
    assert client.post(f"{event}/rounds/{number}/seat").status_code == 302
    return client, event


@pytest.mark.parametrize(
    "host", ["localhost", "127.0.0.1", "127.0.1.1", "[::1]"], ids=["name", "127", "127.x", "::1"]
)
def test_cards_for_an_address_only_this_machine_opens_are_refused(
    app: Flask, on_a_network: None, host: str
) -> None:
    client, event = seated_night(app)
    before = database_fingerprint(app)
    base = f"http://{host}:5101"
    refused = client.get(f"{event}/rounds/4/cards.pdf", base_url=base)
    assert refused.status_code == 400 and refused.mimetype == "text/html"
    said = text(refused.text)
    assert f"The codes would send phones to {base}, which only this machine can open." in said
    assert f"Open this page at http://{LAN}:5101" in said and "set PUBLIC_ADDRESS" in said
    screen = client.get(f"{event}/rounds/4/tables/1/code", base_url=base)
    assert screen.status_code == 400 and "<svg" not in screen.text
    assert "set PUBLIC_ADDRESS" in text(screen.text)
    page = text(client.get(event, base_url=base).text)
    assert f"Table cards and codes send phones to {base}" in page
    assert "set PUBLIC_ADDRESS" in page  # said before the cards are asked for
    assert database_fingerprint(app) == before


def test_cards_asked_for_at_the_network_address_carry_it(app: Flask, on_a_network: None) -> None:
    client, event = seated_night(app)
    cards = client.get(f"{event}/rounds/4/cards.pdf", base_url=f"http://{LAN}:5101")
    assert cards.status_code == 200
    words = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(cards.data)).pages)
    assert re.search(rf"http://{LAN}:5101/t/[\w.-]+", words.replace("\n", ""))


def test_the_public_address_setting_goes_on_the_cards_the_codes_and_the_page(
    app: Flask, on_a_network: None
) -> None:
    app.config["PUBLIC_ADDRESS"] = "https://club.example.org"
    client, event = seated_night(app)
    cards = client.get(f"{event}/rounds/4/cards.pdf")  # asked at localhost: not refused
    assert cards.status_code == 200
    reader = PdfReader(io.BytesIO(cards.data))
    words = reader.pages[0].extract_text().replace("\n", "")
    found = re.search(r"https://club\.example\.org/t/[0-9]+-[\w-]{12}", words)
    assert found
    # the QR code drawn is that address's: each run of dark modules one line of the page
    runs = segno.make(found[0], micro=False).svg_inline(scale=4, border=2, omitsize=True)
    drawn = reader.pages[0].get_contents().get_data().decode("latin-1")
    assert len(re.findall(r" l\b", drawn)) == len(re.findall(r"[hH]", runs.split(' d="')[1]))
    screen = client.get(f"{event}/rounds/4/tables/1/code")
    assert screen.status_code == 200 and 'href="https://club.example.org/t/' in screen.text
    page = text(client.get(event).text)
    assert "Table cards and codes send phones to https://club.example.org" in page
    assert "the PUBLIC_ADDRESS setting" in page


def test_without_a_network_address_localhost_is_all_there_is(app: Flask) -> None:
    client, event = seated_night(app)  # (the tests' machine has none: tests/conftest.py)
    assert client.get(f"{event}/rounds/4/cards.pdf").status_code == 200


@pytest.mark.parametrize(
    ("value", "kept"),
    [
        (None, None),
        ("", None),
        ("http://192.168.1.20:5000/", "http://192.168.1.20:5000"),
        (" https://club.example.org/pinochle ", "https://club.example.org/pinochle"),
    ],
)
def test_the_setting_is_an_http_address(value: str | None, kept: str | None) -> None:
    assert checked_setting(value) == kept


@pytest.mark.parametrize(
    "value",
    ["192.168.1.20:5000", "ftp://club", "http://", "http://a b", "http://club:99999", "http://:80"],
)
def test_a_setting_that_is_not_an_http_address_stops_the_start(value: str) -> None:
    with pytest.raises(ValueError, match="PUBLIC_ADDRESS must be the http:// or https:// address"):
        checked_setting(value)


LONG = "Bartholomew Featherstonehaugh-Cholmondeley"  # 42 characters: the card's small type


def test_each_seat_and_name_on_a_line_of_their_own_never_split(app: Flask) -> None:
    names = ["Ann", "Dan Meyer", "Cal", LONG, "Eve"]
    client, event = seated_night(app, names)
    cards = client.get(f"{event}/rounds/1/cards.pdf")
    assert cards.status_code == 200
    printed = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(cards.data)).pages)
    seated = re.findall(r"(North|East|South|West) ([^\n]+)", printed)
    assert sorted(seat for seat, _name in seated) == ["East", "North", "South", "West"]
    for seat, name in seated:
        assert name.strip() in names, (seat, name)  # the whole name on its seat's line

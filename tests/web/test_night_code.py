"""The QR code of a night's public results page on the room's display and on the result
sheet (issue 32, item 1; web/night_qr.py): drawn for the address phones open, only when
someone outside the director's pages may read the results and phones can reach it."""

from __future__ import annotations

import io

import pytest
import segno
from pypdf import PdfReader

from scorekeeper.club.results import MEMBERS, OFF, PUBLIC
from scorekeeper.reports import pdf
from scorekeeper.web import public_address
from tests.web.test_results import Club, club  # noqa: F401  # the club and its fixture

pytestmark = pytest.mark.database

LAN = "192.168.1.20"
CAPTION = "Results on your phone"

# the club's setting, its PUBLIC_ADDRESS, the machine's network addresses -> the
# address the code opens (None: no code)
CODES = [
    (PUBLIC, "http://192.168.1.20:5000", [LAN], "http://192.168.1.20:5000/results/{key}"),
    (MEMBERS, "https://club.example.org", [LAN], "https://club.example.org/results/{key}"),
    (OFF, "https://club.example.org", [LAN], None),
    (PUBLIC, None, [LAN], None),  # asked at localhost: phones would be sent nowhere
    (PUBLIC, None, [], "http://localhost/results/{key}"),  # all this machine has
]  # fmt: skip


@pytest.mark.parametrize(("audience", "setting", "lan", "opens"), CODES)
def test_the_display_and_the_sheet_carry_the_nights_public_address(
    club: Club,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    audience: str,
    setting: str | None,
    lan: list[str],
    opens: str | None,
) -> None:
    monkeypatch.setattr(public_address, "lan_addresses", lambda: lan)
    club.app.config["PUBLIC_ADDRESS"] = setting
    club.settings(audience)
    director = club.client("Olga Owner")
    display = director.get(f"/events/{club.event}/display").text
    if opens is None:
        assert "display-qr" not in display
        return
    address = opens.format(key=club.key)
    drawn = segno.make(address, micro=False).svg_inline(scale=4, border=2, omitsize=True)
    assert drawn in display and f'aria-label="{address}"' in display and CAPTION in display
    # the sheet draws it as the display does (web/night_qr.py); read back for one case
    if audience == PUBLIC and setting is not None:
        sheet = director.get(f"/events/{club.event}/results.pdf")
        pages = PdfReader(io.BytesIO(sheet.data)).pages
        assert CAPTION in " ".join(page.extract_text() for page in pages)


def test_results_made_public_put_the_code_on_a_sheet_made_before(
    club: Club,  # noqa: F811
) -> None:
    club.app.config["PUBLIC_ADDRESS"] = "https://club.example.org"
    director = club.client("Olga Owner")
    before = director.get(f"/events/{club.event}/results.pdf").data
    club.settings(PUBLIC)
    after = director.get(f"/events/{club.event}/results.pdf").data
    assert CAPTION not in PdfReader(io.BytesIO(before)).pages[0].extract_text()
    assert CAPTION in PdfReader(io.BytesIO(after)).pages[0].extract_text()


@pytest.mark.parametrize("setting", [None, "https://club.example.org"])
def test_a_public_print_draws_the_code_from_the_setting_only(
    club: Club,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    setting: str | None,
) -> None:
    """A stranger's made-up ``Host`` neither puts its address on the public print nor
    makes a new print: one render for any number of hosts."""
    made: list[str] = []
    rendered = pdf.html_to_pdf
    monkeypatch.setattr(pdf, "html_to_pdf", lambda html: (made.append(html), rendered(html))[1])
    monkeypatch.setattr(public_address, "lan_addresses", lambda: [])
    club.app.config["PUBLIC_ADDRESS"] = setting
    club.settings(PUBLIC)
    stranger = club.client()
    for host in ("evil.example", "other.example", "192.168.1.99:8000"):
        answer = stranger.get(f"/results/{club.key}/results.pdf", headers={"Host": host})
        assert answer.status_code == 200 and answer.data.startswith(b"%PDF")
        assert host not in "".join(made)
    assert len(made) == 1
    assert (CAPTION in made[0]) is (setting is not None)
    if setting is not None:
        address = f"{setting}/results/{club.key}"
        assert (
            segno.make(address, micro=False).svg_inline(scale=4, border=2, omitsize=True) in made[0]
        )

"""A new club by its own people on a phone (issue 33, item 3), where the deployment
allows it: a visitor finds it from the login page, makes the club and their account by
tapping each field and typing, and lands on the club's first page; a taken address is
said beside its field. At 360 and 390 px, light and dark: nothing wider than the phone,
no word split over two lines, every tap target big."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.browser.conftest import (
    NARROW,
    PHONE,
    LiveServer,
    expect,
    horizontal_overflow,
    keep_screenshot,
    served,
    too_small,
)
from tests.browser.words import SPLIT_WORDS

PASSWORD = "a long enough password"


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of these tests' own, clubs allowed to start: the clubs they start stay
    off the shared server (whose games list would gain the switcher a second club
    brings, and the language tests an untranslated-looking "Clubs" with it)."""
    with served(tmp_path_factory.mktemp("club-start")) as server:
        server.app.config["SELF_SERVICE_CLUBS"] = True
        yield server


TAPPED = ["main a", "main button", "main input:not([type=hidden])"]


def look(page: Any, name: str, tapped: list[str] = TAPPED) -> None:
    assert horizontal_overflow(page) == 0
    assert page.evaluate(SPLIT_WORDS) == []
    assert [problem for selector in tapped for problem in too_small(page, selector)] == []
    keep_screenshot(page, f"club-start-{name}.png")


def type_into(page: Any, label: str, text: str) -> None:
    page.get_by_label(label, exact=True).tap()  # as a person does: tap the field, type
    page.keyboard.type(text)


@pytest.mark.parametrize(
    ("size", "scheme"), [("360", "light"), ("390", "dark")], ids=["360-light", "390-dark"]
)
def test_a_visitor_starts_a_club_from_the_login_page(
    new_context: Callable[..., Any],
    live_server: LiveServer,
    size: str,
    scheme: str,
) -> None:
    options = NARROW if size == "360" else PHONE
    page = new_context(login=False, color_scheme=scheme, **options).new_page()
    page.goto(live_server.url + "/login")
    # (the login's own fields are the login tests'; its "remember me" box is tapped by
    # its label)
    look(page, f"login-{size}-{scheme}", tapped=["main a"])
    page.get_by_role("link", name="Start a club, with your account").tap()
    page.wait_for_url(live_server.url + "/clubs/new")
    look(page, f"form-{size}-{scheme}")
    slug = f"north-side-{size}"
    type_into(page, "The club's name", "North Side Pinochle")
    type_into(page, "Its address", "club")  # the default club's: taken
    type_into(page, "Your name", f"Greta {size}")
    type_into(page, "Password", PASSWORD)
    type_into(page, "The password again", PASSWORD)
    page.get_by_role("button", name="Make the club").tap()
    expect(page.locator("#slug-error")).to_have_text("There is already a club at 'club'.")
    look(page, f"refused-{size}-{scheme}")
    page.get_by_label("Its address", exact=True).tap()
    page.keyboard.press("Control+A")  # the refused address selected and typed over
    page.keyboard.type(slug)
    type_into(page, "Password", PASSWORD)  # (a refused form gives no password back)
    type_into(page, "The password again", PASSWORD)
    page.get_by_role("button", name="Make the club").tap()
    page.wait_for_url(f"{live_server.url}/c/{slug}/")
    expect(page.get_by_text("Welcome to North Side Pinochle: you own it.")).to_be_visible()
    look(page, f"landed-{size}-{scheme}")
    page.get_by_role("link", name="Clubs", exact=True).tap()  # the switcher: their one club
    page.wait_for_url(f"{live_server.url}/c/{slug}/clubs")
    expect(page.get_by_role("link", name="North Side Pinochle")).to_be_visible()
    look(page, f"clubs-{size}-{scheme}")


@pytest.mark.parametrize("language", ["fr", "nl", "pl"])
def test_the_new_clubs_form_reads_whole_in_each_language(
    new_context: Callable[..., Any],
    live_server: LiveServer,
    language: str,
) -> None:
    page = new_context(login=False, **NARROW).new_page()
    page.goto(f"{live_server.url}/language/{language}?next=/clubs/new")
    page.wait_for_url(f"{live_server.url}/clubs/new")
    assert "Its address" not in page.content()  # the page's language, not English
    page.locator("form button[type=submit]").tap()  # nothing typed: every field refused
    expect(page.locator("#club_name-error")).to_be_visible()  # the refused page, loaded
    expect(page.locator(".field-error")).to_have_count(5)
    look(page, f"form-360-{language}-refused")

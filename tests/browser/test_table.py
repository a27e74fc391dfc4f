"""At the table: a whole game on a phone, hand by hand, with corrections and checked meld."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.browser.actions import SAVE, Person, bidder_on_the_scoreboard, chip, suit
from tests.browser.conftest import (
    HeldAnswers,
    LiveServer,
    expect,
    start_game,
    stored_game,
    tap_card,
    totals,
)

# Ann & Cal are "Us", Bea & Dan "Them"; Ann deals first.
HAND = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]}
ACTIONS_PER_HAND = 7  # from the scoreboard: bidder, bid, trump, meld, meld, counters, Save


def choice(page: Any, fieldset: str, name: str) -> Any:
    """The big button of a choice (a label around a radio) in ``fieldset`` (its id)."""
    radio = page.get_by_role("radio", name=name, exact=True)  # looked for inside each label
    return page.locator(f"#{fieldset} label", has=radio)


def side_field(page: Any, fieldset: str, side: str) -> Any:
    """A side's number field (``Us``) in the meld or counters group."""
    return page.locator(f"#{fieldset}").get_by_label(side, exact=True)


def save_button(page: Any) -> Any:
    return page.get_by_role("button", name=re.compile(r"^Save (hand \d+|the correction)$"))


def test_a_game_to_a_winner_in_seven_actions_a_hand(page: Any, live_server: LiveServer) -> None:
    """Each hand counted as a person counts (``actions.Person``), opening the form included."""
    start_game(page, live_server, target=1000)
    expect(page.get_by_text("Game to 1000")).to_be_visible()
    hands = [
        # bidder, bid, trump, meld (Us, Them), Us's counters -> totals after the hand
        ("Cal", 300, "hearts", (190, 60), 150, [340, 160]),
        ("Ann", 350, "spades", (250, 40), 180, [770, 270]),
        ("Cal", 300, "diamonds", (200, 50), 160, [1130, 410]),
    ]
    counted = []
    for bidder, bid, trump, meld, counters, expected in hands:
        person = Person(page)
        person.tap(bidder_on_the_scoreboard(bidder))
        person.tap(chip(bid))
        person.tap(suit(trump))
        for number in meld:  # Us's, then Them's
            person.type_number(str(number))
        person.type_number(str(counters), then_next=False)
        with page.expect_navigation():
            person.tap(SAVE)
        counted.append(person.count)
        assert totals(page) == expected
    assert all(count <= ACTIONS_PER_HAND for count in counted), counted
    expect(page.get_by_text("Us win!")).to_be_visible()
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()
    expect(page.locator("table.hands tbody tr")).to_have_count(3)
    expect(page.locator("table.hands tbody tr").last).to_contain_text("made")


def test_the_form_says_what_the_bidders_need_and_fills_the_other_counters(
    page: Any, live_server: LiveServer
) -> None:
    game_id = stored_game(live_server, [])
    page.goto(f"{live_server.url}/games/{game_id}/hands/new")
    bid = page.get_by_label("Bid", exact=True)
    expect(bid).to_have_value("250")  # pre-filled with the minimum
    assert bid.get_attribute("inputmode") == "numeric"
    choice(page, "bidder", "Cal").tap()
    page.get_by_role("button", name="Higher bid").tap()
    expect(bid).to_have_value("260")
    side_field(page, "meld", "Us").fill("190")
    expect(page.locator("#need")).to_have_text("Us need 70 of 250 counters")
    side_field(page, "counters", "Us").fill("150")
    expect(side_field(page, "counters", "Them")).to_have_value("100")


def test_a_changed_counter_is_not_refused_for_the_old_fill(
    page: Any, live_server: LiveServer
) -> None:
    """Type counters, see the other side fill, correct a typo and save before the page hears
    back about the correction (the table's wifi is slow)."""
    game_id = stored_game(live_server, [])
    page.goto(f"{live_server.url}/games/{game_id}/hands/new")
    answers = HeldAnswers(page, re.compile(r"/hands/preview"))
    choice(page, "bidder", "Cal").tap()
    choice(page, "trump", "hearts").tap()
    side_field(page, "meld", "Us").fill("190")
    side_field(page, "counters", "Us").fill("140")
    expect(side_field(page, "counters", "Them")).to_have_value("110")
    answers.holding = True
    side_field(page, "counters", "Us").fill("150")
    answers.wait_for_one()
    with page.expect_navigation():
        save_button(page).tap()
    answers.release()
    assert page.url.endswith(f"/games/{game_id}"), page.locator(".field-error").all_inner_texts()
    assert totals(page) == [340, 100]


def test_a_refused_hand_shows_the_engines_sentence_and_saves_nothing(
    page: Any, live_server: LiveServer
) -> None:
    game_id = stored_game(live_server, [])
    page.goto(f"{live_server.url}/games/{game_id}/hands/new")
    choice(page, "bidder", "Cal").tap()
    page.get_by_label("Bid", exact=True).fill("200")
    choice(page, "trump", "hearts").tap()
    side_field(page, "counters", "Us").fill("150")
    with page.expect_response(lambda response: response.request.method == "POST") as answer:
        save_button(page).tap()
    assert answer.value.status == 400
    expect(page.locator("#bid-error, .field-error").first).to_contain_text("250")
    page.goto(f"{live_server.url}/games/{game_id}")
    assert totals(page) == [0, 0]


def test_correct_a_hand_from_three_hands_ago(page: Any, live_server: LiveServer) -> None:
    game_id = stored_game(live_server, [HAND] * 4)
    page.goto(f"{live_server.url}/games/{game_id}")
    assert totals(page) == [1360, 640]
    page.get_by_role("link", name="Correct hand 1").tap()
    page.wait_for_url(re.compile(r"/hands/1/edit$"))
    expect(side_field(page, "meld", "Us")).to_have_value("190")
    expect(choice(page, "bidder", "Cal").get_by_role("radio")).to_be_checked()
    side_field(page, "meld", "Us").fill("90")  # it was 90, not 190: 240 of a 300 bid is set
    with page.expect_navigation():
        save_button(page).tap()
    assert page.url.endswith(f"/games/{game_id}")
    assert totals(page) == [1360 - 340 - 300, 640]
    expect(page.get_by_role("status")).to_contain_text("Hand 1 corrected")
    first = page.locator("table.hands tbody tr").first
    expect(first).to_contain_text("set")
    expect(first).to_contain_text("\u2212300")
    expect(page.locator("summary", has_text="History")).to_contain_text("5 changes")


def test_a_correction_that_would_end_the_game_early_is_refused(
    page: Any, live_server: LiveServer
) -> None:
    game_id = stored_game(live_server, [HAND] * 3)
    page.goto(f"{live_server.url}/games/{game_id}/hands/1/edit")
    side_field(page, "meld", "Us").fill("1500")
    with page.expect_response(lambda response: response.request.method == "POST") as answer:
        save_button(page).tap()
    assert answer.value.status == 400
    expect(page.locator(".field-error")).to_contain_text("before hands already played")
    page.goto(f"{live_server.url}/games/{game_id}")
    assert totals(page) == [1020, 480]


def test_undo_the_last_hand_in_one_tap(page: Any, live_server: LiveServer) -> None:
    game_id = stored_game(live_server, [HAND] * 2)
    page.goto(f"{live_server.url}/games/{game_id}")
    with page.expect_navigation():
        page.get_by_role("button", name="Undo hand 2").tap()
    assert totals(page) == [340, 160]
    expect(page.get_by_role("link", name="Record hand 2")).to_be_visible()


def test_meld_checked_from_the_hand_form_is_taken(page: Any, live_server: LiveServer) -> None:
    game_id = stored_game(live_server, [])
    page.goto(f"{live_server.url}/games/{game_id}/hands/new")
    choice(page, "bidder", "Cal").tap()
    choice(page, "trump", "hearts").tap()
    side_field(page, "meld", "Them").fill("60")
    page.get_by_role("button", name="Check Cal").tap()
    page.wait_for_url(re.compile(r"/meld\?"))
    for card in ("AH", "10H", "KH", "QH", "JH", "QS", "JD"):
        tap_card(page, card)
    expect(page.locator("#meld-total")).to_have_text("190")
    page.get_by_role("link", name="Use this meld for Cal").tap()
    page.wait_for_url(re.compile(r"/hands/new\?"))
    expect(side_field(page, "meld", "Us")).to_have_value("190")
    expect(side_field(page, "meld", "Them")).to_have_value("60")
    expect(choice(page, "bidder", "Cal").get_by_role("radio")).to_be_checked()
    side_field(page, "counters", "Us").fill("150")
    with page.expect_navigation():
        save_button(page).tap()
    assert totals(page) == [340, 160]


def test_a_hand_is_recorded_without_javascript(
    new_context: Callable[..., Any], live_server: LiveServer
) -> None:
    page = new_context(java_script_enabled=False).new_page()
    game_id = start_game(page, live_server)
    page.get_by_role("link", name="Record hand 1").click()
    choice(page, "bidder", "Cal").click()
    page.get_by_label("Bid", exact=True).fill("300")
    choice(page, "trump", "hearts").click()
    side_field(page, "meld", "Us").fill("190")
    side_field(page, "meld", "Them").fill("60")
    side_field(page, "counters", "Us").fill("150")  # Them's 100 is filled in by the server
    save_button(page).click()
    page.wait_for_url(f"**/games/{game_id}")
    assert totals(page) == [340, 160]

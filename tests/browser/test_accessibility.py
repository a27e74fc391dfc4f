"""Every page read by axe-core (axe-playwright-python) at 390 px in both themes: no serious
or critical violation; every control has a name; text at 200 % overlaps nothing.

"Many club players read without their glasses."
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Any

import pytest

from scorekeeper.accounts.links import create_share_link
from scorekeeper.games.players import all_players
from tests.browser.conftest import PHONE, LiveServer, keep_screenshot, stored_game
from tests.browser.test_layout import CUTTHROAT, DROPPED, THREE, game_of

HAND = {"bidder": "Cal", "bid": 300, "trump": "H", "meld": [190, 60], "counters": [150, 100]}
CHECK_HAND = {"bidder": "Ann", "bid": 25, "trump": "H", "meld": [19, 6], "counters": [15, 10]}
SCHEMES = ("light", "dark")
SERIOUS = {"serious", "critical"}


@pytest.fixture(scope="module")
def a11y_paths(live_server: LiveServer) -> dict[str, str]:
    """Every page a person sees, filled as in play."""
    partnership = stored_game(live_server, [HAND, HAND])
    cutthroat = game_of(live_server, "cutthroat", CUTTHROAT, THREE)
    check = game_of(live_server, "check", [CHECK_HAND, CHECK_HAND])
    double = game_of(live_server, "double-deck", [DROPPED])
    # the house rules' controls shown (the moon, min_meld_to_play's sentence) and the
    # rarer outcomes open (a renege's correction)
    house = stored_game(
        live_server,
        [{"bidder": "Cal", "bid": 300, "trump": "H", "meld": [200, 60], "renege": 1}],
        shoot_the_moon="game",
        min_meld_to_play=200,
    )
    with live_server.app.app_context():
        token = create_share_link(partnership).token
        players = sorted(player.id for player in all_players())
    first, second = players[:2]
    return {
        "home": "/",
        "new-game": "/games/new",
        "scoreboard": f"/games/{partnership}",
        "scoreboard-cutthroat": f"/games/{cutthroat}",
        "scoreboard-check": f"/games/{check}",
        "scoreboard-double-deck": f"/games/{double}",
        "hand-form": f"/games/{partnership}/hands/new",
        "hand-form-refused": f"/games/{partnership}/hands/new#refused",
        "hand-form-cutthroat": f"/games/{cutthroat}/hands/new",
        "hand-form-check": f"/games/{check}/hands/new",
        "edit-hand": f"/games/{partnership}/hands/1/edit",
        "hand-form-house-rules": f"/games/{house}/hands/new?bidder=Cal&bid=300&meld_0=150",
        "edit-renege": f"/games/{house}/hands/1/edit",
        "meld": "/meld",
        "meld-checked": "/meld?trump=H&c_AH=1&c_10H=1&c_KH=2&c_QH=2&c_JH=1&claim=run",
        "stats": "/stats",
        "stats-player": f"/stats/players/{first}",
        "stats-head-to-head": f"/stats/head-to-head?a={first}&b={second}",
        "seasons": "/stats/seasons",
        "sheets": "/sheets",
        "print-view": f"/games/{double}/sheet",
        "print-view-blank": "/sheets/blank?ruleset=cutthroat&hands=5",
        "login": "/login",
        "users": "/users",
        "account": "/account",
        "import": "/games/import",
        "share": f"/s/{token}",
    }


NAMES = [
    "home",
    "new-game",
    "scoreboard",
    "scoreboard-cutthroat",
    "scoreboard-check",
    "scoreboard-double-deck",
    "hand-form",
    "hand-form-refused",
    "hand-form-cutthroat",
    "hand-form-check",
    "edit-hand",
    "hand-form-house-rules",
    "edit-renege",
    "meld",
    "meld-checked",
    "stats",
    "stats-player",
    "stats-head-to-head",
    "seasons",
    "sheets",
    "print-view",
    "print-view-blank",
    "login",
    "users",
    "account",
    "import",
    "share",
]


def open_page(
    new_context: Callable[..., Any], server: LiveServer, path: str, **options: Any
) -> Any:
    """``path`` in a phone-sized context that lets the test inject axe-core (the app's CSP
    allows no script but its own); the login page is opened as a stranger."""
    context = new_context(login=path != "/login", bypass_csp=True, **{**PHONE, **options})
    page = context.new_page()
    refused = path.endswith("#refused")
    page.goto(server.url + path.removesuffix("#refused"))
    if refused:  # Save with nothing filled in: the server's refusal, sentences by the fields
        with page.expect_navigation():
            page.get_by_role("button", name=re.compile(r"^Save hand \d+$")).click()
        assert page.locator(".field-error").count() > 0
    return page


def serious_violations(page: Any) -> list[str]:
    """What axe-core finds serious or critical on ``page``, one line a rule and element."""
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        if os.environ.get("SCOREKEEPER_REQUIRE_BROWSER") == "1":
            raise
        pytest.skip("axe-playwright-python not installed: .venv/bin/pip install -e '.[test]'")

    results = Axe().run(page).response
    return [
        f"{violation['id']} ({violation['impact']}): {node['target']} {node['failureSummary']}"
        for violation in results["violations"]
        if violation["impact"] in SERIOUS
        for node in violation["nodes"]
    ]


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("name", NAMES)
def test_no_serious_accessibility_violation(
    new_context: Callable[..., Any],
    live_server: LiveServer,
    a11y_paths: dict[str, str],
    name: str,
    scheme: str,
) -> None:
    page = open_page(new_context, live_server, a11y_paths[name], color_scheme=scheme)
    assert serious_violations(page) == []


UNNAMED = """() => [...document.querySelectorAll(
        "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]")]
    .filter(e => e.getClientRects().length)
    .filter(e => {
        const label = e.getAttribute("aria-label") || e.labels?.[0]?.textContent
            || e.getAttribute("title") || e.textContent;
        return !/[\\p{L}\\p{N}]/u.test((label || "").replace(/[♠♥♦♣]/g, ""));
    })
    .map(e => e.outerHTML.slice(0, 120))"""


@pytest.mark.parametrize("name", ["hand-form", "hand-form-check", "meld", "scoreboard"])
def test_every_control_has_a_name_in_words(
    new_context: Callable[..., Any], live_server: LiveServer, a11y_paths: dict[str, str], name: str
) -> None:
    """A suit is read as "hearts", not as "♥" (which some screen readers skip)."""
    page = open_page(new_context, live_server, a11y_paths[name])
    assert page.evaluate(UNNAMED) == []
    if name.startswith("hand-form") or name == "meld":
        for suit in ("hearts", "spades", "diamonds", "clubs"):
            assert page.get_by_role("radio", name=suit, exact=True).count() == 1, suit


def test_the_suits_are_named_in_the_pages_language(
    new_context: Callable[..., Any], live_server: LiveServer, a11y_paths: dict[str, str]
) -> None:
    page = open_page(new_context, live_server, a11y_paths["hand-form"], locale="fr-FR")
    assert page.get_by_role("radio", name="cœur", exact=True).count() == 1


# --- text at 200 % ---------------------------------------------------------------------------

BIG_TEXT = "html { font-size: 200% !important; }"  # a phone's largest text setting
OVERLAPS = """selector => {
    // a bar that stays on screen (the hand form's Save) moves over the page by design
    const stuck = e => { for (let at = e; at; at = at.parentElement) {
        if (["sticky", "fixed"].includes(getComputedStyle(at).position)) return true; }
        return false; };
    const boxes = [...document.querySelectorAll(selector)]
        .filter(e => e.checkVisibility({visibilityProperty: true}) && e.textContent.trim())
        .filter(e => !stuck(e))
        .map(e => [e, e.getBoundingClientRect()]);
    const out = [];
    for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
            const [a, ra] = boxes[i], [b, rb] = boxes[j];
            if (a.contains(b) || b.contains(a)) continue;
            const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
            const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
            if (x > 1 && y > 1) out.push(`${a.textContent.trim().slice(0, 30)} / `
                                         + `${b.textContent.trim().slice(0, 30)}`);
        }
    }
    return out;
}"""
# the key text of each page: headings, labels, buttons, links, totals, hints, sentences
KEY = (
    "main h1, main h2, main label, main legend, main button, main a, main p, main summary,"
    " main .total .name, main .total .points, main .field-error, main dt, main dd,"
    " header a, footer a, footer strong"
)
OUTSIDE = """() => [...document.querySelectorAll("body *")]
    .filter(e => e.checkVisibility({visibilityProperty: true}))
    .filter(e => !e.closest(".table-wrap, .table-scroll, .visually-hidden, svg"))
    .filter(e => { const r = e.getBoundingClientRect();
                   return r.width && (r.right > innerWidth + 1 || r.left < -1); })
    .filter(e => getComputedStyle(e).position !== "absolute" || e.textContent.trim())
    .map(e => `${e.tagName.toLowerCase()}.${e.className}: ${e.textContent.trim().slice(0, 30)}`)"""


@pytest.mark.parametrize("name", NAMES)
def test_text_at_200_percent_overlaps_nothing(
    new_context: Callable[..., Any],
    live_server: LiveServer,
    a11y_paths: dict[str, str],
    name: str,
) -> None:
    page = open_page(new_context, live_server, a11y_paths[name])
    page.add_style_tag(content=BIG_TEXT)
    page.wait_for_timeout(50)
    keep_screenshot(page, f"big-text-{name}.png")
    if name.startswith("print-view"):
        selector = "h1, dt, dd, .screen-links a, .screen-links button, p"
    else:
        selector = KEY
    assert page.evaluate(OVERLAPS, selector) == []
    assert page.evaluate(OUTSIDE) == []
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0

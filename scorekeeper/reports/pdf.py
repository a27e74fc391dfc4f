"""Score sheets (a finished game, or blank sheets for the cabin) and season reports,
as HTML and PDF.

One template (``templates/pdf/sheet.html``) serves the PDF (WeasyPrint) and the
print view in the browser; everything on it comes from the engine's replay. The
season report (``templates/pdf/season.html``) prints the figures of ``stats``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from functools import cache
from typing import Any

from flask_babel import get_translations
from flask_babel import gettext as _
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from scorekeeper.club.events import TablePlace
from scorekeeper.engine.game import Game, Hand
from scorekeeper.engine.meld import meld_values
from scorekeeper.engine.names import display_name
from scorekeeper.engine.presets import PRESETS, RuleSet
from scorekeeper.engine.rules import overrides_of
from scorekeeper.engine.scoring import GameResult, HandResult, replay
from scorekeeper.engine.tables import ChipTable
from scorekeeper.i18n.endings import hand_words
from scorekeeper.i18n.formats import install_helpers
from scorekeeper.i18n.languages import DEFAULT as ENGLISH
from scorekeeper.i18n.languages import in_language
from scorekeeper.paths import ROOT
from scorekeeper.reports import one_page, render_processes
from scorekeeper.reports.charts import line_chart

PAPERS = {"a4": "A4", "letter": "letter"}
DEFAULT_BLANK_HANDS = 30
# a pad's worth: a long game of check pinochle runs to about 40 hands, and 60 rows are
# three pages (A4 or Letter); more is a stack of paper, and each sheet is a render
MAX_BLANK_HANDS = 60


@dataclass(frozen=True)
class Row:
    """One hand on the sheet, per side: meld, counters, points, total (and chips)."""

    number: int
    dealer: str
    bidder: str
    bid: int | None
    trump: str
    outcome: str
    meld: Sequence[int | None]
    counters: Sequence[int | None]
    points: Sequence[int]
    totals: Sequence[int]
    chips: Sequence[int] | None
    dropped: Sequence[bool] = ()  # per side: its meld did not count (under the minimum)
    # auction pinochle: the kitty's chips in the hand and its balance (None: no kitty)
    kitty: int | None = None
    kitty_total: int | None = None
    # what the outcome alone does not say: passed out, a misdeal, who reneged, a moon
    # that failed, time called (``endings.hand_words``); "" for a plain made or set hand
    note: str = ""


@dataclass(frozen=True)
class ScreenLinks:
    """What the print view has on screen and never on paper: the way back, the PDF and
    the script of its Print button (the PDF has none of them)."""

    back: str
    pdf: str
    script: str


def rows(game: Game, result: GameResult) -> list[Row]:
    """The sheet's rows: the recorded hand beside what the replay made of it (rendered in
    the sheet's language, for the words of each hand's note)."""
    out = []
    words = hand_words(result)
    for index, (hand, scored) in enumerate(zip(game.hands, result.hands, strict=True)):
        sides = range(len(game.sides))
        out.append(
            Row(
                number=scored.number,
                dealer=scored.dealer,
                bidder=hand.bidder or "",
                bid=hand.bid,
                trump=hand.trump.symbol if hand.trump else "",
                outcome=scored.outcome,
                meld=[hand.meld[i] if hand.meld else None for i in sides],
                counters=[hand.counters[i] if hand.counters else None for i in sides],
                points=scored.points,
                totals=scored.totals,
                chips=scored.chips,
                dropped=[bool(meld) for meld in scored.dropped_meld],
                kitty=scored.kitty,
                kitty_total=scored.kitty_total,
                note=_note(game.rules, hand, scored, words[index]),
            )
        )
    return out


def _note(rules: RuleSet, hand: Hand, scored: HandResult, words: str) -> str:
    """A row's words beyond the points: "" where the outcome says it all (made, set,
    thrown in: the points column marks a set), else what ``endings.hand_words`` says
    (auction pinochle's chips mark no bete: its single and double betes are said)."""
    plain = scored.outcome in (("made",) if rules.is_auction else PLAIN_OUTCOMES)
    if plain and hand.renege is None and not hand.moon and not hand.time_called:
        return ""
    return words


# outcomes the sheet's columns say without a note (a set is marked beside its points)
PLAIN_OUTCOMES = ("made", "set", "thrown_in", "scored")


def quick_reference(rules: RuleSet) -> list[tuple[str, int]]:
    """The meld values of ``rules``, for the margin of a blank sheet."""
    return [(display_name(name), points) for name, points in meld_values(rules).items()]


def bid_values(rules: RuleSet) -> list[tuple[str, int]]:
    """Auction pinochle: what each band of bids is worth in chips, for a blank sheet's
    margin (``300–340``, 3; ...; ``600+``, 30); empty in the points games.

    >>> bid_values(PRESETS["auction"])[:2], bid_values(PRESETS["auction"])[-1]
    ([('300–340', 3), ('350–390', 5)], ('600+', 30))
    """
    table = rules.bid_values
    return [] if table is None else _bid_bands(table.levels, rules)


def _bid_bands(levels: Sequence[tuple[int, int]], rules: RuleSet) -> list[tuple[str, int]]:
    """Levels ``(from bid, chips)`` as bands of the bids ``rules`` allows: ``300–340``."""
    bands = []
    ends = [start for start, _ in levels[1:]] + [None]
    for (start, chips), end in zip(levels, ends, strict=True):
        if end is not None and end <= rules.min_bid:
            continue  # a band wholly below the minimum bid
        first = max(start, rules.min_bid)
        bands.append((f"{first}+" if end is None else f"{first}–{rules.previous_bid(end)}", chips))
    return bands


@dataclass(frozen=True)
class ChipSheet:
    """Check pinochle's chip table for a blank sheet's margin (rules.md §4): the meld
    that pays chips, the bids in bands (``20–24``, 2; ``30+``, 7 then +3 per 5), and
    the table itself for the set, the twelve tricks and the game."""

    table: ChipTable
    meld: list[tuple[str, int]]
    bids: list[tuple[str, int]]


def chip_values(rules: RuleSet) -> ChipSheet | None:
    """The chip table of ``rules`` (None in a game without chips).

    >>> sheet = chip_values(PRESETS["check"])
    >>> sheet.bids, sheet.meld[0]
    ([('20–24', 2), ('25–29', 4), ('30+', 7)], ('run', 2))
    """
    table = rules.chip_table
    if table is None:
        return None
    bids = _bid_bands([(0, table.bid_base), *table.bid_levels], rules)
    return ChipSheet(table, [(display_name(name), chips) for name, chips in table.meld], bids)


@cache
def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(ROOT / "templates")),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    # the catalog of the language a sheet is rendered in (``in_language``), as the
    # pages' templates have it
    env.install_gettext_callables(  # type: ignore[attr-defined]
        lambda text: get_translations().ugettext(text),
        lambda text, plural, n: get_translations().ungettext(text, plural, n),
        newstyle=True,
    )
    env.filters["css_string"] = css_string
    install_helpers(env)
    return env


def css_string(text: object) -> Markup:
    r"""``text`` as a quoted CSS string (page-margin text): anything but letters, digits and
    a few marks written as a CSS escape, so no name can end the string or the style.

    >>> print(css_string('Kit "the Kid" </style>'))
    "Kit \22 the Kid\22  \3c \2f style\3e "
    """
    plain = set(" ·-_.,:()'")
    # text joined to a translated (already HTML-safe) string arrives HTML-escaped
    value = text.unescape() if isinstance(text, Markup) else str(text)
    escaped = "".join(c if c.isalnum() or c in plain else f"\\{ord(c):x} " for c in value)
    return Markup(f'"{escaped}"')


def _render(context: dict[str, Any], language: str, template: str = "pdf/sheet.html") -> str:
    """``template`` in ``language``: its words, the days and the figures."""
    with in_language(language):
        return _environment().get_template(template).render(**context, lang=language)


def game_sheet_html(
    game: Game,
    paper: str = "a4",
    language: str = ENGLISH,
    links: ScreenLinks | None = None,
    place: TablePlace | None = None,
    corrections: Sequence[tuple[int, str, str]] = (),
) -> str:
    """The score sheet of a game as one HTML document (the PDF's source, and with
    ``links`` the print view); a club night's table (``place``) says where it was
    played and has a line for each side's signature, and the director's
    ``corrections`` (hand, action, reason) marked under the totals."""
    result = replay(game)
    names = [side.name for side in game.sides]
    totals = [[0, *(hand.totals[i] for hand in result.hands)] for i in range(len(names))]
    highest = max((value for side in totals for value in side), default=0)
    # the target line helps while the race is on; a target far out of reach would
    # squash the lines flat, and a game of N hands races to no target (nor does auction
    # pinochle: chips, hand by hand)
    racing = game.rules.hands_to_play is None and not game.rules.is_auction
    target = result.target if racing and result.target <= 2 * max(highest, 1) else None
    with in_language(language):
        title = _("Totals after each hand")
        sheet_rows = rows(game, result)
    chart = line_chart(list(zip(names, totals, strict=True)), target=target, title=title)
    context = {
        "paper": PAPERS[paper],
        "game": game,
        "rules": game.rules,
        "overrides": overrides_of(game.rules),
        "result": result,
        "rows": sheet_rows,
        "chart": chart,
        "blank": False,
        "played_on": game.played_on or date.today(),
        "dropped_meld_rule": result.dropped_meld_rule,
        "links": links,
        "place": place,
        "corrections": corrections,
    }
    return _render(context, language)


def blank_sheet_html(
    ruleset_name: str,
    hands: int = DEFAULT_BLANK_HANDS,
    paper: str = "a4",
    language: str = ENGLISH,
    links: ScreenLinks | None = None,
) -> str:
    """An empty sheet for ``hands`` hands, with the target and the meld values in the margin
    (with ``links``, the print view)."""
    rules = PRESETS[ruleset_name]
    context = {
        "paper": PAPERS[paper],
        "game": None,
        "rules": rules,
        "overrides": {},
        "result": None,
        "rows": [],
        "blank_rows": range(1, hands + 1),
        "sides": rules.sides,
        "reference": quick_reference(rules),
        "bid_values": bid_values(rules),
        "chip_sheet": chip_values(rules),
        "blank": True,
        "played_on": None,
        "dropped_meld_rule": None,
        "links": links,
    }
    return _render(context, language)


def html_to_pdf(html: str) -> bytes:
    """The PDF of a sheet's HTML: in a render process when the server asked for one
    (``render_processes``), else here."""
    return render_processes.render(html, weasyprint_pdf)


def weasyprint_pdf(html: str) -> bytes:
    """The PDF of a sheet's HTML (WeasyPrint is imported on first use: it takes a moment)."""
    from weasyprint import HTML

    pdf: bytes = HTML(string=html, base_url=str(ROOT)).write_pdf()
    return pdf


def game_sheet_pdf(
    game: Game,
    paper: str = "a4",
    language: str = ENGLISH,
    place: TablePlace | None = None,
    corrections: Sequence[tuple[int, str, str]] = (),
) -> bytes:
    return html_to_pdf(game_sheet_html(game, paper, language, place=place, corrections=corrections))


def blank_sheet_pdf(
    ruleset_name: str,
    hands: int = DEFAULT_BLANK_HANDS,
    paper: str = "a4",
    language: str = ENGLISH,
) -> bytes:
    return html_to_pdf(blank_sheet_html(ruleset_name, hands, paper, language))


def season_report_html(language: str = ENGLISH, **figures: Any) -> str:
    """A season's standings, partnerships, bidding and charts as one HTML document.

    ``figures`` are what the stats page shows: ``period``, ``players``, ``pairs``,
    ``levels``, ``counters``, ``rating_chart``, ``win_chart``, ``level_charts``,
    ``printed_on``, and ``pair_rows`` (how many partnerships to list).
    """
    return _render({"paper": PAPERS["a4"], **figures}, language, "pdf/season.html")


def season_report_pdf(language: str = ENGLISH, **figures: Any) -> bytes:
    return html_to_pdf(season_report_html(language, **figures))


def event_results_html(language: str = ENGLISH, **night: Any) -> str:
    """A club night's result sheet as one HTML document: ``event`` (the engine's),
    ``standings``, ``results`` (each table's game replayed, by round and table) and
    ``counted`` (what each counts for: ``engine.club.standings.counted``)."""
    return _render({"paper": PAPERS["a4"], **night}, language, "pdf/event.html")


def event_results_pdf(language: str = ENGLISH, **night: Any) -> bytes:
    return html_to_pdf(event_results_html(language, **night))


def night_page_pdf(language: str = ENGLISH, **night: Any) -> bytes:
    """A club night's results on one A4 page: ``event`` (the engine's), ``standings``,
    ``final``, ``rounds_over``, ``night_code`` (None: no QR code), ``awards`` and
    ``prizes`` (engine/club/awards.py, prizes.py); ``standings`` None: they wait for the
    night's end."""
    standings, split = night["standings"], night.get("prizes")
    rows = 0 if standings is None else len(standings.rows)
    layout = one_page.fit(rows, prizes=0 if split is None else len(split.prizes))
    context = {"paper": PAPERS["a4"], "layout": layout, **night}
    return html_to_pdf(_render(context, language, "pdf/night_page.html"))


COMPETITION_COLUMNS = 3  # a name still reads whole beside five figures at 6 points


def competition_page_pdf(language: str = ENGLISH, **competition: Any) -> bytes:
    """A competition's table on one A4 page: ``competition`` (its row), ``rules`` and
    ``table`` (``engine.club.league.League``)."""
    layout = one_page.fit(len(competition["table"].rows), most_columns=COMPETITION_COLUMNS)
    context = {"paper": PAPERS["a4"], "layout": layout, **competition}
    return html_to_pdf(_render(context, language, "pdf/competition_page.html"))


def table_cards_pdf(language: str = ENGLISH, **round_: Any) -> bytes:
    """A round's table cards, one a page: ``event_name``, ``round`` and ``cards`` (each
    table's ``number``, its ``seats`` as (seat, name) pairs, its game's ``address`` and
    that address's QR code, ``qr``, an SVG)."""
    return html_to_pdf(_render({"paper": "a6", **round_}, language, "pdf/cards.html"))


def itineraries_pdf(language: str = ENGLISH, **night: Any) -> bytes:
    """Every entrant's itinerary, a block each to cut out and hand over: ``event`` (the
    engine's), ``night`` (``event_movement.Night``) and ``itineraries``."""
    return html_to_pdf(_render({"paper": PAPERS["a4"], **night}, language, "pdf/itineraries.html"))


def movement_sheet_pdf(language: str = ENGLISH, **night: Any) -> bytes:
    """The night's movement, rounds by tables, its byes and its evenness: ``event`` (the
    engine's), ``night`` (``event_movement.Night``) and ``tables`` (the most tables a
    round has)."""
    context = {"paper": "A4 landscape", **night}
    return html_to_pdf(_render(context, language, "pdf/movement.html"))

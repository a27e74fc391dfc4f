"""How a list of results fits one A4 page (a night's standings, a competition's table):
in one to four columns, its type from 9 down to 6 points, the largest that fits. The
page's own margins, heading, QR code and awards take their part first (``LIST_MM``).
A night's standings take up to four columns (``holds(4)``: 252 rows, and a night has
200 entrants at most); a competition's table, with one figure more a row and its
"Competition place" heading, up to three (``holds(3)``: 189 players); a longer one
runs on to a second page."""

from __future__ import annotations

import math
from dataclasses import dataclass

# the list's height on an A4 page: 297 mm less the margins (30 mm), the heading beside
# the code (30 mm) and a few lines of awards, with some to spare
LIST_MM = 220.0
POINT_MM = 25.4 / 72
LINE_HEIGHT = 1.3  # as the templates set it (pdf/_one_page.html)
ROW_EXTRA_MM = 0.65  # a row's padding and rule
# (columns, type size in points): the first that holds the list is used
PRIZES_HEADING_MM = 16.0  # the prizes' heading and the pot's line
# (fewer columns before smaller type: a column's names are cut short past its width)
STEPS = ((1, 9.0), (2, 8.0), (2, 7.0), (2, 6.0), (3, 6.0), (4, 6.0))


@dataclass(frozen=True)
class Layout:
    columns: int
    font_pt: float


def row_mm(font_pt: float) -> float:
    """A row's height at ``font_pt``, its head's too (one line each)."""
    return font_pt * POINT_MM * LINE_HEIGHT + ROW_EXTRA_MM


def fit(rows: int, most_columns: int = 4, prizes: int = 0) -> Layout:
    """The columns (``most_columns`` at most) and type size a list of ``rows`` fits one
    page in, with ``prizes`` rows of prizes below it in the same columns (the last step
    for a longer one, which runs on)."""
    steps = [(columns, font_pt) for columns, font_pt in STEPS if columns <= most_columns]
    for columns, font_pt in steps:
        lines = math.ceil(rows / columns) + 1  # and its head row
        if prizes:  # a heading, the prizes' rows and head row, the pot's line
            lines += math.ceil(prizes / columns) + 1
        if lines * row_mm(font_pt) + (PRIZES_HEADING_MM if prizes else 0) <= LIST_MM:
            return Layout(columns, font_pt)
    return Layout(*steps[-1])


def holds(most_columns: int) -> int:
    """The most rows one page holds in ``most_columns`` columns (at the smallest type)."""
    columns, font_pt = [step for step in STEPS if step[0] <= most_columns][-1]
    return columns * (math.floor(LIST_MM / row_mm(font_pt)) - 1)

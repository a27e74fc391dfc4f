"""Small charts drawn as SVG on the server: no JavaScript, prints the same everywhere.

Used by the score sheet (running totals) and by the season statistics (ratings
over time, win and make rates as bars).

>>> svg = line_chart([("Us", [0, 340, 440]), ("Them", [0, 160, -170])], target=1500)
>>> svg.startswith("<svg") and svg.count("<polyline") == 2
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from html import escape

# Distinct in colour and in black and white (dash patterns), for a printed sheet.
STYLES = (
    ("#1f6f4a", ""),
    ("#b3261e", "6 3"),
    ("#1d4f91", "2 3"),
    ("#7a4b00", "8 3 2 3"),
)


@dataclass(frozen=True)
class Frame:
    """Where the plot sits inside the picture, and the values it spans."""

    width: float
    height: float
    left: float
    right: float
    top: float
    bottom: float
    x_max: float
    y_min: float
    y_max: float

    def x(self, value: float) -> float:
        span = self.width - self.left - self.right
        return self.left + span * (value / self.x_max if self.x_max else 0)

    def y(self, value: float) -> float:
        span = self.height - self.top - self.bottom
        return self.top + span * (self.y_max - value) / (self.y_max - self.y_min)


def nice_step(span: float, ticks: int = 5) -> int:
    """A round step (1, 2, 5 × 10ⁿ) giving about ``ticks`` ticks over ``span``.

    >>> nice_step(1500), nice_step(100), nice_step(7)
    (500, 20, 2)
    """
    raw = max(span / ticks, 1)
    magnitude = 10 ** (len(str(int(raw))) - 1)
    for factor in (1, 2, 5, 10):
        if raw <= factor * magnitude:
            return factor * magnitude
    return 10 * magnitude


def line_chart(
    series: Sequence[tuple[str, Sequence[int]]],
    *,
    target: int | None = None,
    width: int = 480,
    height: int = 200,
    title: str = "",
) -> str:
    """Lines of values over hands 0..n, one per named series, with an optional target line."""
    values = [value for _, points in series for value in points] or [0]
    low = min(0, *values)
    high = max(values + ([target] if target is not None else []) + [1])
    step = nice_step(high - low)
    low, high = step * (low // step), step * -(-high // step)
    hands = max((len(points) - 1 for _, points in series), default=0)
    frame = Frame(width, height, 44, 8, 8, 34, max(hands, 1), low, high)
    parts = _open_svg(width, height, title)
    parts += _grid(frame, step, hands)
    if target is not None:
        y = frame.y(target)
        parts.append(
            f'<line x1="{frame.left}" x2="{width - frame.right}" y1="{y:.1f}" y2="{y:.1f}" '
            'stroke="#888" stroke-dasharray="1 2"/>'
        )
    for index, (name, points) in enumerate(series):
        parts += _line(frame, index, name, list(enumerate(points)), len(series))
    parts.append("</svg>")
    return "".join(parts)


def _open_svg(width: int, height: int, title: str) -> list[str]:
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{escape(title)}" '
        'font-family="DejaVu Sans, sans-serif" font-size="10">'
    ]
    if title:
        parts.append(f"<title>{escape(title)}</title>")
    return parts


def dated_chart(
    series: Sequence[tuple[str, Sequence[tuple[date, float]]]],
    *,
    width: int = 480,
    height: int = 200,
    title: str = "",
) -> str:
    """Lines of values over days (e.g. ratings after each game), one per named series.

    >>> svg = dated_chart([("Ann", [(date(2026, 1, 4), 1516.0), (date(2026, 3, 1), 1490.5)])])
    >>> svg.count("<polyline"), "2026-02" in svg
    (1, True)
    """
    days = [day for _, points in series for day, _ in points] or [date.today()]
    values = [value for _, points in series for _, value in points] or [0.0]
    first, last = min(days), max(days)
    step = nice_step(max(values) - min(values) or 1)
    low, high = step * (min(values) // step), step * -(-max(values) // step)
    if high == low:
        high = low + step
    span = max((last - first).days, 1)
    frame = Frame(width, height, 44, 8, 8, 34, span, low, high)
    parts = _open_svg(width, height, title)
    parts += _value_grid(frame, step)
    parts += _month_labels(frame, first, last)
    for index, (name, points) in enumerate(series):
        coordinates = [((day - first).days, value) for day, value in points]
        parts += _line(frame, index, name, coordinates, len(series))
    parts.append("</svg>")
    return "".join(parts)


def _month_labels(frame: Frame, first: date, last: date) -> list[str]:
    """``YYYY-MM`` under the first day of some months, about six labels in all."""
    months = (last.year - first.year) * 12 + last.month - first.month + 1
    every = max(1, -(-months // 6))
    parts = []
    year, month = first.year, first.month
    for index in range(months):
        day = date(year, month, 1)
        if index % every == 0 and day >= first:
            x = frame.x((day - first).days)
            parts.append(
                f'<text x="{x:.1f}" y="{frame.height - frame.bottom + 12}" '
                f'text-anchor="middle">{day:%Y-%m}</text>'
            )
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return parts


def bar_chart(bars: Sequence[tuple[str, float, str]], *, width: int = 480, title: str = "") -> str:
    """Horizontal bars of shares from 0 to 1, each with its label and a note after it.

    >>> svg = bar_chart([("Ann", 0.6, "6 of 10"), ("Bob", 0.25, "1 of 4")])
    >>> svg.count("<rect"), "60%" in svg
    (2, True)
    """
    row, left, right = 22, 96, 96
    height = row * len(bars) + 8
    parts = _open_svg(width, height, title)
    span = width - left - right
    for index, (label, share, note) in enumerate(bars):
        y = 4 + index * row
        length = span * min(max(share, 0.0), 1.0)
        parts.append(
            f'<text x="{left - 6}" y="{y + 14}" text-anchor="end">{escape(label[:16])}</text>'
            f'<rect x="{left}" y="{y + 3}" width="{length:.1f}" height="{row - 8}" '
            f'fill="{STYLES[0][0]}"/>'
            f'<text x="{left + length + 4:.1f}" y="{y + 14}">'
            f"{share * 100:.0f}% {escape(note)}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _value_grid(frame: Frame, step: int) -> list[str]:
    parts = []
    value = frame.y_min
    while value <= frame.y_max:
        y = frame.y(value)
        colour = "#444" if value == 0 else "#ddd"
        parts.append(
            f'<line x1="{frame.left}" x2="{frame.width - frame.right}" y1="{y:.1f}" '
            f'y2="{y:.1f}" stroke="{colour}" stroke-width="0.6"/>'
            f'<text x="{frame.left - 4}" y="{y + 3:.1f}" text-anchor="end">{value:.0f}</text>'
        )
        value += step
    return parts


def _grid(frame: Frame, step: int, hands: int) -> list[str]:
    parts = _value_grid(frame, step)
    every = max(1, nice_step(hands, 8)) if hands > 10 else 1
    for hand in range(0, hands + 1, every):
        x = frame.x(hand)
        parts.append(
            f'<text x="{x:.1f}" y="{frame.height - frame.bottom + 12}" '
            f'text-anchor="middle">{hand}</text>'
        )
    return parts


def _line(
    frame: Frame, index: int, name: str, points: Sequence[tuple[float, float]], count: int
) -> list[str]:
    colour, dashes = STYLES[index % len(STYLES)]
    coordinates = " ".join(f"{frame.x(x):.1f},{frame.y(y):.1f}" for x, y in points)
    dash = f' stroke-dasharray="{dashes}"' if dashes else ""
    legend_x = frame.left + index * (frame.width - frame.left) / max(count, 1)
    legend_y = frame.height - 6
    return [
        f'<polyline points="{coordinates}" fill="none" stroke="{colour}" '
        f'stroke-width="1.8"{dash}/>',
        f'<line x1="{legend_x:.1f}" x2="{legend_x + 18:.1f}" y1="{legend_y - 3}" '
        f'y2="{legend_y - 3}" stroke="{colour}" stroke-width="1.8"{dash}/>',
        f'<text x="{legend_x + 22:.1f}" y="{legend_y}">{escape(name)}</text>',
    ]

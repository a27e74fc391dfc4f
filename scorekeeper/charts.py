"""Small charts drawn as SVG on the server: no JavaScript, prints the same everywhere.

Used by the score sheet (running totals) and, later, by the stats pages.

>>> svg = line_chart([("Us", [0, 340, 440]), ("Them", [0, 160, -170])], target=1500)
>>> svg.startswith("<svg") and svg.count("<polyline") == 2
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{escape(title)}" '
        'font-family="DejaVu Sans, sans-serif" font-size="10">'
    ]
    if title:
        parts.append(f"<title>{escape(title)}</title>")
    parts += _grid(frame, step, hands)
    if target is not None:
        y = frame.y(target)
        parts.append(
            f'<line x1="{frame.left}" x2="{width - frame.right}" y1="{y:.1f}" y2="{y:.1f}" '
            'stroke="#888" stroke-dasharray="1 2"/>'
        )
    for index, (name, points) in enumerate(series):
        parts += _line(frame, index, name, points, len(series))
    parts.append("</svg>")
    return "".join(parts)


def _grid(frame: Frame, step: int, hands: int) -> list[str]:
    parts = []
    value = frame.y_min
    while value <= frame.y_max:
        y = frame.y(value)
        colour = "#444" if value == 0 else "#ddd"
        parts.append(
            f'<line x1="{frame.left}" x2="{frame.width - frame.right}" y1="{y:.1f}" '
            f'y2="{y:.1f}" stroke="{colour}" stroke-width="0.6"/>'
            f'<text x="{frame.left - 4}" y="{y + 3:.1f}" text-anchor="end">{value}</text>'
        )
        value += step
    every = max(1, nice_step(hands, 8)) if hands > 10 else 1
    for hand in range(0, hands + 1, every):
        x = frame.x(hand)
        parts.append(
            f'<text x="{x:.1f}" y="{frame.height - frame.bottom + 12}" '
            f'text-anchor="middle">{hand}</text>'
        )
    return parts


def _line(frame: Frame, index: int, name: str, points: Sequence[int], count: int) -> list[str]:
    colour, dashes = STYLES[index % len(STYLES)]
    coordinates = " ".join(f"{frame.x(i):.1f},{frame.y(v):.1f}" for i, v in enumerate(points))
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

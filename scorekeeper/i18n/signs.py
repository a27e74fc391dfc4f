"""Numbers with a true minus sign (U+2212), as pages and sheets print them: totals,
points, chips and the rules' negative numbers ("−500 or below"). The CSV, the JSON API
and game files keep plain numbers."""

from __future__ import annotations

MINUS = "\u2212"  # the minus sign: a hyphen is no minus in print (the CSV keeps ASCII)


def minus(value: int) -> str:
    """A whole number with a true minus sign: -260 is "−260" (U+2212), as totals read.

    >>> minus(-260), minus(0), minus(1500)
    ('\u2212260', '0', '1500')
    """
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A hand's points with their sign: "+330", "−260" (U+2212), "0".

    >>> signed(330), signed(-260), signed(0)
    ('+330', '\u2212260', '0')
    """
    return f"+{value}" if value > 0 else minus(value)

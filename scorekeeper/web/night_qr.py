"""The QR code of a night's public results page (web/results.py), which the result sheet
and the room's display carry: a phone scans it and follows the night from its seat or
from home. Only when someone without the director's pages may read the results (the
club's setting is public, or members: they log in) and when phones can open the address
(web/public_address.py: an address only this machine can open draws no code)."""

from __future__ import annotations

from dataclasses import dataclass

import segno

from scorekeeper.club.results import OFF, results_settings
from scorekeeper.web.public_address import public_base, public_url, unreachable


@dataclass(frozen=True)
class NightCode:
    address: str
    qr: str  # an SVG with a viewBox and no size of its own: it fills its box


def night_code_kind() -> str:
    """What the code depends on, for the name of a kept page or print: the club's
    setting and the public address (a query, no drawing)."""
    return f"qr-{results_settings().audience}-{public_base()}"


def night_code(key: str | None, scale: int = 4) -> NightCode | None:
    """The night's public page's address and its QR code, or None when there is none
    to give (results off, a night without a key, or an address phones cannot open)."""
    if key is None or results_settings().audience == OFF or unreachable() is not None:
        return None
    address = public_url("results.night", key=key)
    qr = segno.make(address, micro=False).svg_inline(scale=scale, border=2, omitsize=True)
    return NightCode(address, qr)

"""The QR code of a night's public results page (web/results.py), which the result sheet,
the one-page print and the room's display carry: a phone scans it and follows the night
from its seat or from home. Only when someone without the director's pages may read the
results (the club's setting is public, or members: they log in) and when phones can open
the address (web/public_address.py: an address only this machine can open draws no
code). A print a stranger may ask for (``setting_only``) draws it from the
``PUBLIC_ADDRESS`` setting only, never from the address the request names: a made-up
``Host`` would otherwise make a new print each time."""

from __future__ import annotations

from dataclasses import dataclass

import segno
from flask import current_app

from scorekeeper.club.results import OFF, results_settings
from scorekeeper.web.public_address import SETTING, public_base, public_url, unreachable


@dataclass(frozen=True)
class NightCode:
    address: str
    qr: str  # an SVG with a viewBox and no size of its own: it fills its box


def _base(setting_only: bool) -> str | None:
    """The address the code opens, None when there is none to draw (a query, no drawing)."""
    if results_settings().audience == OFF:
        return None
    if setting_only:
        setting: str | None = current_app.config.get(SETTING)
        return setting or None
    return public_base() if unreachable() is None else None


def night_code_kind(setting_only: bool = False) -> str:
    """What the code depends on, for the name of a kept page or print: the address it
    opens, or none."""
    return f"qr-{_base(setting_only) or 'none'}"


def night_code(key: str | None, scale: int = 4, setting_only: bool = False) -> NightCode | None:
    """The night's public page's address and its QR code, or None when there is none
    to give (results off, a night without a key, or no address phones can open)."""
    if key is None or _base(setting_only) is None:
        return None
    address = public_url("results.night", key=key)
    qr = segno.make(address, micro=False).svg_inline(scale=scale, border=2, omitsize=True)
    return NightCode(address, qr)

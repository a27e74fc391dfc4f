"""The address phones reach the server at, for what a phone scans or opens from paper:
a table's card and code, a shared scoreboard's link. The ``PUBLIC_ADDRESS`` setting
(``SCOREKEEPER_PUBLIC_ADDRESS``, or ``PUBLIC_ADDRESS`` in instance/config.py: e.g.
``http://192.168.1.20:5000`` or ``https://club.example.org``) when set, else the
address this page was asked at. An address only this machine can open (``localhost``,
127.x, ``::1``) is refused for table cards and codes while the server has a network
address the phones could use: a card printed so sends every phone nowhere."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request, url_for
from flask_babel import gettext as _

from scorekeeper.network import is_loopback, lan_addresses
from scorekeeper.network import url as host_url
from scorekeeper.web.clubs import served_under

SETTING = "PUBLIC_ADDRESS"
# http or https, a host (and port), and a path prefix when the app is served under one
_ADDRESS = re.compile(r"https?://[^/\s?#]+(/[^\s?#]*)?", re.IGNORECASE)


def checked_setting(value: object) -> str | None:
    """The setting as the app keeps it (no slash at the end), or None when unset;
    ``ValueError`` with the sentence when it is not an http or https address."""
    if value in (None, ""):
        return None
    problem = ValueError(
        f"{SETTING} must be the http:// or https:// address phones open the app at, "
        f"such as http://192.168.1.20:5000, not {value!r}"
    )
    if not isinstance(value, str) or not _ADDRESS.fullmatch(value.strip()):
        raise problem
    parts = urlsplit(value.strip())
    try:
        parts.port  # noqa: B018  # a port out of range or not a number raises here
    except ValueError:
        raise problem from None
    if not parts.hostname:
        raise problem
    return value.strip().rstrip("/")


def public_base() -> str:
    """Where phones open the app: the setting, else this request's address (with the
    path the app is served under)."""
    setting: str | None = current_app.config.get(SETTING)
    if setting:  # (and the club's /c/<slug>, which is the club's, not the server's)
        return setting + request.script_root.removeprefix(served_under())
    return request.host_url.rstrip("/") + request.script_root


def public_url(endpoint: str, **values: Any) -> str:
    """``url_for(endpoint)`` at the public address: the setting (which holds the path
    the app is served under, if any) and the route's own path, else this request's."""
    path = url_for(endpoint, **values)  # the path the app is served under, then the route's
    setting: str | None = current_app.config.get(SETTING)
    if setting:  # (the club's /c/<slug> kept: it is the club's address, not the server's)
        return setting + path.removeprefix(served_under())
    return request.host_url.rstrip("/") + path


def unreachable() -> str | None:
    """Why phones cannot open the public address, as a sentence, or None when they can
    (or when this machine has no other address to offer: then it is all there is)."""
    base = public_base()
    parts = urlsplit(base)
    if not is_loopback(parts.hostname or ""):
        return None
    found = lan_addresses()
    if not found:
        return None
    default = 443 if parts.scheme == "https" else 80
    suggested = host_url(found[0], parts.port or default).replace("http://", f"{parts.scheme}://")
    return _(
        "The codes would send phones to %(address)s, which only this machine can open. "
        "Open this page at %(suggested)s (this machine on the network), or set "
        "%(setting)s to the address the phones use (docs/club-nights.md).",
        address=base,
        suggested=suggested,
        setting=SETTING,
    )

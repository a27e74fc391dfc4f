"""Where phones find the app: the links to print (this machine's network addresses,
``scorekeeper.network``), a QR code of the first, and the banner ``scorekeeper serve``
prints. Standard library only at import (segno is imported when a QR code is drawn),
so the command line's parser can read ``DEFAULT_HOST`` without the web stack."""

from __future__ import annotations

from io import StringIO

from scorekeeper import network
from scorekeeper.network import is_loopback, url

DEFAULT_HOST = "0.0.0.0"  # every address of this machine: phones on its network can connect

WILDCARDS = {"", "0.0.0.0", "::"}


# --- addresses --------------------------------------------------------------------------


def listen_urls(host: str, port: int, addresses: list[str] | None = None) -> list[str]:
    """The addresses to print: each LAN address and loopback when listening on all
    interfaces (``addresses`` defaults to ``lan_addresses()``), else ``host`` itself.
    """
    if host not in WILDCARDS:
        return [url(host, port)]
    lan = network.lan_addresses() if addresses is None else addresses
    return [url(address, port) for address in lan] + [url("127.0.0.1", port)]


def qr_text(link: str) -> str:
    """A QR code of ``link`` drawn with Unicode half blocks, for a terminal.

    A full QR code (phone cameras do not read Micro QR), light modules as blocks,
    so it reads on the usual dark terminal; the quiet zone is part of the text.
    """
    import segno

    out = StringIO()
    segno.make(link, micro=False).terminal(out=out, compact=True)
    return out.getvalue()


def banner(host: str, port: int, urls: list[str], database: str) -> str:
    """What ``serve`` prints before it serves: the addresses, a QR code, how to stop."""
    lines = ["Pinochle scorekeeper", f"database  {database}", ""]
    lan = host in WILDCARDS and len(urls) > 1
    if lan:
        lines.append("Open on a phone on the same network:")
    elif host in WILDCARDS:
        lines.append("No network address found: only this machine can open the app.")
    else:
        lines.append("Open:")
    lines += [f"  {link}" for link in urls]
    if is_loopback(host):
        lines.append(f"(only this machine can: use --host {DEFAULT_HOST} for phones)")
    if lan or host not in WILDCARDS:
        lines += ["", f"Scan to open {urls[0]}:", qr_text(urls[0]).rstrip("\n")]
    lines += ["", "Press Ctrl-C to stop."]
    return "\n".join(lines)

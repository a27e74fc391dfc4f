"""Where phones find the app: this machine's network addresses, the links to print, a
QR code of the first, and the banner ``scorekeeper serve`` prints. Standard library
only at import (segno is imported when a QR code is drawn), so the command line's
parser can read ``DEFAULT_HOST`` without the web stack."""

from __future__ import annotations

import ipaddress
import socket
from io import StringIO

DEFAULT_HOST = "0.0.0.0"  # every address of this machine: phones on its network can connect

# Connecting a UDP socket only picks the route to an address: nothing is sent.
# Any private (RFC 1918) address will do; nothing needs to be there.
ROUTE_PROBE = ("10.254.254.254", 1)
WILDCARDS = {"", "0.0.0.0", "::"}


# --- addresses --------------------------------------------------------------------------


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that others on its networks can reach.

    The address of the default route comes first (the one phones on the same
    Wi-Fi most likely share), then the others the host name resolves to;
    loopback, link-local and unspecified addresses are left out. Nothing is
    sent anywhere: the UDP socket is only connected, never written to.
    """
    found = [_route_address(), *_hostname_addresses()]
    usable = [address for address in found if address is not None and _reachable(address)]
    return list(dict.fromkeys(usable))


def _route_address() -> str | None:
    """The local address the operating system would use to reach a private network."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(ROUTE_PROBE)
            address: str = probe.getsockname()[0]
            return address
    except OSError:  # no network at all
        return None


def _hostname_addresses() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
    except OSError:  # the host name does not resolve
        return []
    return [str(info[4][0]) for info in infos]


def _reachable(address: str) -> bool:
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def url(host: str, port: int) -> str:
    """``http://host:port``, with an IPv6 address in brackets."""
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def listen_urls(host: str, port: int, addresses: list[str] | None = None) -> list[str]:
    """The addresses to print: each LAN address and loopback when listening on all
    interfaces (``addresses`` defaults to ``lan_addresses()``), else ``host`` itself.
    """
    if host not in WILDCARDS:
        return [url(host, port)]
    lan = lan_addresses() if addresses is None else addresses
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
    if _is_loopback(host):
        lines.append(f"(only this machine can: use --host {DEFAULT_HOST} for phones)")
    if lan or host not in WILDCARDS:
        lines += ["", f"Scan to open {urls[0]}:", qr_text(urls[0]).rstrip("\n")]
    lines += ["", "Press Ctrl-C to stop."]
    return "\n".join(lines)


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False

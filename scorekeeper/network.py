"""This machine on its networks: the addresses others can reach it at, and whether an
address is one only this machine can open. Standard library only, and nothing of the
project: the command line's banner (cli/addresses.py) and the table cards' check
(web/public_address.py) both use it."""

from __future__ import annotations

import ipaddress
import socket

# Connecting a UDP socket only picks the route to an address: nothing is sent.
# Any private (RFC 1918) address will do; nothing needs to be there.
ROUTE_PROBE = ("10.254.254.254", 1)


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


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, IPv6 in brackets or not) is this machine
    alone: ``localhost`` (and its subdomains), 127.x.x.x, ``::1``.

    >>> [is_loopback(h) for h in ("localhost", "127.0.1.1", "[::1]", "192.168.1.20")]
    [True, True, True, False]
    >>> is_loopback("club.example.org"), is_loopback("::ffff:127.0.0.1")
    (False, True)
    """
    name = host.strip("[]").rstrip(".").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    mapped = getattr(address, "ipv4_mapped", None)  # ::ffff:127.0.0.1
    return address.is_loopback or (mapped is not None and mapped.is_loopback)


def url(host: str, port: int) -> str:
    """``http://host:port``, with an IPv6 address in brackets."""
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"

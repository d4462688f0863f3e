"""One webhook POST: the URL checked, the connection pinned to a checked address, the body signed.

Every delivery is one POST of the event's JSON with these headers:

    GTR-Event: your_turn
    GTR-Delivery: 1234                      (the same on each retry of one delivery)
    GTR-Signature: t=1700000000,v1=<hex>    HMAC-SHA256(secret, "<t>.<body>")

A receiver recomputes the signature with its hook's secret.
It refuses a `t` more than five minutes off its clock: that may be a replayed request.

Requests go only to public addresses.
The host is resolved and every address checked.
Loopback, private, link-local, multicast, reserved and unspecified addresses are refused.
The connection goes to an address that was checked.
So no second resolution can change it (DNS rebinding).
GTR_WEBHOOKS_ALLOW_PRIVATE lifts this, and the https requirement, for tests.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import ipaddress
import json
import socket
import ssl
import time
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator

from games.models import Webhook


class UrlRefused(Exception):
    """The URL may not be called (scheme, host, address)."""


def check_url(url: str) -> tuple[str, str, int, list[str]]:
    """Returns (scheme, host, port, addresses to connect to) for a URL a webhook may call.

    Raises UrlRefused for a URL it may not call.
    """
    allow_private = settings.GTR_WEBHOOKS_ALLOW_PRIVATE
    schemes = ("https", "http") if allow_private else ("https",)
    try:
        URLValidator(schemes=["https", "http"])(url)
    except ValidationError as exc:
        raise UrlRefused("That is not a valid URL.") from exc
    parts = urlsplit(url)
    if parts.scheme not in schemes:
        raise UrlRefused("A webhook URL must use https.")
    if not parts.hostname or parts.username or parts.password:
        raise UrlRefused("A webhook URL names a host, and no user or password.")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as exc:
        raise UrlRefused("The URL's port is not a number.") from exc
    try:
        found = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise UrlRefused(f"The host {parts.hostname} cannot be resolved.") from exc
    addresses = sorted({str(info[4][0]) for info in found})
    if not allow_private:
        for address in addresses:
            if not is_public(address):
                raise UrlRefused(f"{parts.hostname} resolves to {address}, which is not public.")
    return parts.scheme, parts.hostname, port, addresses


# IPv6 prefixes whose last 32 bits are an IPv4 address: IPv4-compatible (deprecated),
# IPv4-translated (SIIT) and the well-known NAT64 prefix. A gateway may forward to that address.
IPV4_IN_LAST_BITS = tuple(
    ipaddress.IPv6Network(net) for net in ("::/96", "::ffff:0:0:0/96", "64:ff9b::/96")
)
# Local-use NAT64 (RFC 8215): where its IPv4 address sits depends on the network. Never public.
LOCAL_NAT64 = ipaddress.IPv6Network("64:ff9b:1::/48")


def embedded_ipv4(ip: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address carries, which a tunnel or gateway may reach."""
    found = [a for a in (ip.ipv4_mapped, ip.sixtofour) if a is not None]
    if ip.teredo is not None:
        found += ip.teredo  # the Teredo server and the client behind it
    if any(ip in net for net in IPV4_IN_LAST_BITS):
        found.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
    return found


def is_public(address: str) -> bool:
    """Whether a webhook may connect to `address`: a global unicast address.

    An IPv6 address that carries an IPv4 one (mapped, 6to4, Teredo, NAT64, compatible) is public
    only if every IPv4 address it carries is.
    """
    ip = ipaddress.ip_address(address.split("%")[0])
    if isinstance(ip, ipaddress.IPv4Address):
        return _global(ip)
    if ip in LOCAL_NAT64:
        return False
    embedded = embedded_ipv4(ip)
    if embedded:
        return all(_global(a) for a in embedded)
    return _global(ip)


def _global(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_unspecified)


def check_peer(sock: socket.socket) -> None:
    """Refuse a connection whose peer is not public (unless private addresses are allowed).

    The address was checked before connecting; this checks the one actually reached.
    """
    if settings.GTR_WEBHOOKS_ALLOW_PRIVATE:
        return
    peer = str(sock.getpeername()[0])
    if not is_public(peer):
        sock.close()
        raise UrlRefused(f"The connection reached {peer}, which is not public.")


class PinnedHTTPSConnection(http.client.HTTPSConnection):
    """HTTPS to an address already checked, with the certificate checked for the host name."""

    def __init__(self, host: str, address: str, port: int, timeout: float) -> None:
        self.tls = ssl.create_default_context()
        super().__init__(host, port, timeout=timeout, context=self.tls)
        self.address = address

    def connect(self) -> None:
        sock = socket.create_connection((self.address, self.port), self.timeout)
        check_peer(sock)
        self.sock = self.tls.wrap_socket(sock, server_hostname=self.host)


class PinnedHTTPConnection(http.client.HTTPConnection):
    def __init__(self, host: str, address: str, port: int, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)
        check_peer(self.sock)


def signature(secret: str, timestamp: int, body: bytes) -> str:
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={mac.hexdigest()}"


def post(hook: Webhook, delivery_id: int, event: dict[str, Any]) -> int:
    """Makes one attempt and returns the HTTP status.

    Raises UrlRefused, or OSError when no answer came.
    """
    scheme, host, port, addresses = check_url(hook.url)
    parts = urlsplit(hook.url)
    body = json.dumps(event, separators=(",", ":")).encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "gtr-webhooks/1",
        "GTR-Event": str(event["type"]),
        "GTR-Delivery": str(delivery_id),
        "GTR-Signature": signature(hook.secret, int(time.time()), body),
    }
    kind = PinnedHTTPSConnection if scheme == "https" else PinnedHTTPConnection
    conn = kind(host, addresses[0], port, settings.GTR_WEBHOOK_TIMEOUT_SECONDS)
    try:
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        conn.request("POST", path, body=body, headers=headers)
        response = conn.getresponse()
        response.read(64 * 1024)
        return int(response.status)
    finally:
        conn.close()

"""The address guard: which URLs and addresses a fetch may reach.

URLs come from manuscripts and model output, so they are hostile until checked. The guard refuses
anything but plain http(s) URLs without credentials, resolves the host, and refuses unless every
address it resolves to is public. It then connects to the address it checked (the request goes to
the IP, with the original Host header and TLS server name), so a second DNS answer cannot swap in
an internal address between the check and the connection.

The check lives in ``GuardTransport``, an ``httpx.AsyncBaseTransport`` wrapper: every request the
client sends, redirect hops included, passes through it, and tests can swap the inner transport.
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import ipaddress
import re
import socket
from collections.abc import Awaitable, Callable, Iterable
from urllib.parse import urlsplit

import httpx

from quote_tui.engine.errors import ErrorCode, FetchError, Recovery

__all__ = [
    "GuardTransport",
    "IPAddress",
    "Resolver",
    "address_refusal",
    "check_url",
    "guarded_client",
    "system_resolver",
]

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
Resolver = Callable[[str, int], Awaitable[list[str]]]
"""Resolves (host, port) to address strings; raises ``socket.gaierror`` when the name is unknown."""

# Ranges refused by name, so the error says which rule applied. ``is_global`` catches the rest.
_SHARED = ipaddress.IPv4Network("100.64.0.0/10")  # carrier-grade NAT (RFC 6598)
_THIS_NETWORK = ipaddress.IPv4Network("0.0.0.0/8")
# IETF assignments, documentation and benchmarking nets: named here because the standard
# library's tables for them changed between patch releases.
_SPECIAL_V4 = tuple(
    ipaddress.IPv4Network(n)
    for n in ("192.0.0.0/24", "192.0.2.0/24", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24")
)
_NAT64 = (ipaddress.IPv6Network("64:ff9b::/96"), ipaddress.IPv6Network("64:ff9b:1::/48"))
_SIX_TO_FOUR = ipaddress.IPv6Network("2002::/16")
_IPV4_COMPATIBLE = ipaddress.IPv6Network("::/96")
# Any host spelled only with digits, dots and hex markers is a number to the C resolver
# (inet_aton accepts 127.1, 0x7f.1, 017700000001, 2130706433); only dotted-quad decimal is honest.
_NUMERIC_HOST = re.compile(r"^(?:0x[0-9a-f]*|[0-9]+)(?:\.(?:0x[0-9a-f]*|[0-9]+))*\.?$", re.I)
_DOTTED_QUAD = re.compile(
    r"^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$"
)


def _blocked(url: str, reason: str, **details: object) -> FetchError:
    return FetchError(
        f"Refused to fetch {url}: its host is not a public internet address ({reason}).",
        code=ErrorCode.BLOCKED_ADDRESS,
        recovery=Recovery.CHECK_URL,
        details={"url": url, "reason": reason, **details},
    )


def _bad_url(url: str, why: str) -> FetchError:
    return FetchError(
        f"The URL {url!r} cannot be fetched: {why}.",
        code=ErrorCode.BAD_URL,
        recovery=Recovery.CHECK_URL,
        details={"url": url},
    )


def _ipv4_refusal(ip: ipaddress.IPv4Address) -> str | None:
    checks = (
        (ip.is_unspecified or ip in _THIS_NETWORK, "unspecified"),
        (ip.is_loopback, "loopback"),
        (ip.is_link_local, "link_local"),
        (ip.is_multicast, "multicast"),
        (ip in _SHARED, "shared"),
        (any(ip in net for net in _SPECIAL_V4), "special_purpose"),
        (ip.is_reserved, "reserved"),
        (ip.is_private, "private"),
    )
    for hit, reason in checks:
        if hit:
            return reason
    return None if ip.is_global else "not_global"


def address_refusal(ip: IPAddress) -> str | None:
    """Why an address must not be contacted, or None when it is public.

    Args:
        ip: a parsed IPv4 or IPv6 address.

    Returns:
        A short reason (``loopback``, ``private``, ``ipv4_mapped``, ...) or None.
    """
    if isinstance(ip, ipaddress.IPv4Address):
        return _ipv4_refusal(ip)
    # IPv6 forms that carry an IPv4 address: a legitimate public server never publishes the
    # mapped or compatible forms, and the tunnelled forms are judged by the address inside.
    if ip.ipv4_mapped is not None:
        return "ipv4_mapped"
    if ip in _IPV4_COMPATIBLE and not (ip.is_unspecified or ip.is_loopback):
        return "ipv4_compatible"
    for net in _NAT64:
        if ip in net:
            inner = _ipv4_refusal(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
            return f"nat64_{inner}" if inner else None
    if ip in _SIX_TO_FOUR:
        sixtofour = ip.sixtofour
        inner = _ipv4_refusal(sixtofour) if sixtofour is not None else "reserved"
        return f"6to4_{inner}" if inner else None
    if ip.teredo is not None:
        return "teredo"
    checks = (
        (ip.is_unspecified, "unspecified"),
        (ip.is_loopback, "loopback"),
        (ip.is_link_local, "link_local"),
        (ip.is_site_local, "site_local"),
        (ip.is_multicast, "multicast"),
        (ip.is_private, "private"),
        (ip.is_reserved, "reserved"),
    )
    for hit, reason in checks:
        if hit:
            return reason
    return None if ip.is_global else "not_global"


def check_url(url: str | httpx.URL) -> httpx.URL:
    """Refuse URLs no fetch should ever send, before any DNS look-up.

    Args:
        url: an absolute URL.

    Returns:
        The parsed URL, fragment removed.

    Raises:
        FetchError: ``bad_url`` (scheme, credentials, no host, bad port) or ``blocked_address``
            (an unusual numeric spelling of an IPv4 address).
    """
    text = str(url)
    try:
        early_host = urlsplit(text).hostname or ""
    except ValueError:
        early_host = ""
    # Checked before httpx parses the URL, which rejects some spellings as malformed: they are
    # still attempts at an address and are reported as such.
    if _NUMERIC_HOST.match(early_host) and not _DOTTED_QUAD.match(early_host.rstrip(".")):
        raise _blocked(text, "numeric_spelling", host=early_host)
    try:
        parsed = httpx.URL(text)
    except (httpx.InvalidURL, TypeError, ValueError) as exc:
        raise _bad_url(text, f"it is malformed ({exc})") from exc
    if parsed.scheme not in ("http", "https"):
        raise _bad_url(text, "only http and https URLs are fetched")
    if parsed.userinfo:
        raise _bad_url(text, "it embeds credentials")
    host = parsed.host
    if not host:
        raise _bad_url(text, "it has no host")
    port = parsed.port
    if port is not None and not 0 < port < 65536:
        raise _bad_url(text, "its port is out of range")
    bare = host.rstrip(".")
    if _NUMERIC_HOST.match(host) and not _DOTTED_QUAD.match(bare):
        raise _blocked(text, "numeric_spelling", host=host)
    return parsed.copy_with(fragment=None)


async def system_resolver(host: str, port: int) -> list[str]:
    """Resolve with the system resolver, without blocking the event loop."""
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [str(info[4][0]) for info in infos]


def _port_of(url: httpx.URL) -> int:
    return url.port or (443 if url.scheme == "https" else 80)


class GuardTransport(httpx.AsyncBaseTransport):
    """Checks every request's host and connects to the checked address only.

    Args:
        inner: the transport that does the I/O (an ``httpx.AsyncHTTPTransport``).
        allow_addresses: exact (ip, port) pairs exempt from the address check. Tests use it
            for their own loopback server and nothing else; empty in real use.
        resolver: how host names become addresses; the system resolver by default.
        trusted: base URLs the user configured (a registry mirror): a request under one of
            them (same scheme, host and port, its path below the base's) is not address
            checked, as the user's own file is not.
    """

    def __init__(
        self,
        inner: httpx.AsyncBaseTransport,
        *,
        allow_addresses: Iterable[tuple[str, int]] = (),
        resolver: Resolver | None = None,
        trusted: Iterable[str] = (),
    ) -> None:
        self._inner = inner
        self._trusted = tuple(httpx.URL(base) for base in trusted)
        self._allow = frozenset(
            (str(ipaddress.ip_address(ip)), int(p)) for ip, p in allow_addresses
        )
        self._resolve = resolver or system_resolver

    async def checked_address(self, url: httpx.URL) -> str:
        """The first address of the URL's host, after every address passed the check.

        Raises:
            FetchError: ``bad_url``, ``blocked_address`` or ``dns_error``.
        """
        url = check_url(url)
        host = url.host.rstrip(".")
        port = _port_of(url)
        trusted = self._is_trusted(url)
        try:
            literal: IPAddress | None = ipaddress.ip_address(host)
        except ValueError:
            literal = None
        if literal is not None:
            addresses = [str(literal)]
        else:
            try:
                addresses = await self._resolve(url.raw_host.decode("ascii").rstrip("."), port)
            except (socket.gaierror, UnicodeError) as exc:
                raise FetchError(
                    f"The host {host} could not be found ({exc}).",
                    code=ErrorCode.DNS_ERROR,
                    recovery=Recovery.CHECK_URL,
                    details={"url": str(url), "host": host},
                ) from exc
            if not addresses:
                raise FetchError(
                    f"The host {host} has no address.",
                    code=ErrorCode.DNS_ERROR,
                    recovery=Recovery.CHECK_URL,
                    details={"url": str(url), "host": host},
                )
        for address in addresses:
            # Scope ids (fe80::1%eth0) are dropped before parsing; the address is still link-local.
            ip = ipaddress.ip_address(address.split("%", 1)[0])
            # The test exemption needs the literal address in the URL: a name that happens to
            # resolve to it (localhost) is still refused.
            if trusted or (literal is not None and (str(ip), port) in self._allow):
                continue
            reason = address_refusal(ip)
            if reason is not None:
                raise _blocked(str(url), reason, address=str(ip))
        return str(ipaddress.ip_address(addresses[0].split("%", 1)[0]))

    def _is_trusted(self, url: httpx.URL) -> bool:
        path = url.path
        if "/../" in path + "/" or "/./" in path + "/":
            return False  # dot segments could climb out of the base's path
        return any(
            url.scheme == base.scheme
            and url.host.rstrip(".") == base.host.rstrip(".")
            and _port_of(url) == _port_of(base)
            and path.startswith(base.path)
            for base in self._trusted
        )

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        address = await self.checked_address(request.url)
        extensions = dict(request.extensions)
        if request.url.scheme == "https":
            # TLS verifies the certificate against the real host name, not the address.
            extensions["sni_hostname"] = request.url.raw_host.decode("ascii").rstrip(".")
        pinned = httpx.Request(
            request.method,
            request.url.copy_with(host=address),
            headers=request.headers,  # keeps the original Host header
            stream=request.stream,
            extensions=extensions,
        )
        return await self._inner.handle_async_request(pinned)

    async def aclose(self) -> None:
        await self._inner.aclose()


def guarded_client(
    *,
    user_agent: str,
    timeout: float,
    allow_addresses: Iterable[tuple[str, int]] = (),
    resolver: Resolver | None = None,
    inner: httpx.AsyncBaseTransport | None = None,
    max_connections: int = 20,
    trusted: Iterable[str] = (),
) -> httpx.AsyncClient:
    """An ``httpx.AsyncClient`` that goes through the guard and keeps nothing between requests.

    Redirects are left to the caller (each hop must be re-checked), proxies and other settings
    from the environment are ignored, and cookies are refused rather than stored.

    Args:
        user_agent: the User-Agent header.
        timeout: the per-phase httpx timeout (the caller also holds a whole-fetch deadline).
        allow_addresses: test-only (ip, port) exemptions, see ``GuardTransport``.
        resolver: replaces the system resolver (tests).
        inner: replaces the I/O transport (tests).
        max_connections: the pool's overall cap; per-host caps are the caller's semaphores.
        trusted: base URLs the user configured, see ``GuardTransport``.

    Returns:
        A client the caller must close.
    """
    transport = GuardTransport(
        inner
        or httpx.AsyncHTTPTransport(
            trust_env=False,
            limits=httpx.Limits(max_connections=max_connections, max_keepalive_connections=10),
        ),
        allow_addresses=allow_addresses,
        resolver=resolver,
        trusted=trusted,
    )
    no_cookies = http.cookiejar.CookieJar(
        policy=http.cookiejar.DefaultCookiePolicy(allowed_domains=[])
    )
    return httpx.AsyncClient(
        transport=transport,
        follow_redirects=False,
        trust_env=False,
        cookies=no_cookies,
        timeout=httpx.Timeout(timeout),
        headers={"User-Agent": user_agent},
    )

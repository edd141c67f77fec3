"""The address guard: the refusal list address by address, numeric spellings, and pinning.

These are the security tests that scripts/mutation_check_guard.py runs against a copy of the
package with the address check disabled: they must fail there.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket

import httpx
import pytest

from quote_tui.engine.errors import FetchError
from quote_tui.sources.net.fetch import Fetcher
from quote_tui.sources.net.guard import GuardTransport, address_refusal, check_url, guarded_client
from tests.net_fixtures import LoopbackServer

REFUSED = [
    ("0.0.0.0", "unspecified"),
    ("0.1.2.3", "unspecified"),
    ("127.0.0.1", "loopback"),
    ("127.255.255.254", "loopback"),
    ("10.0.0.1", "private"),
    ("172.16.0.1", "private"),
    ("172.31.255.255", "private"),
    ("192.168.1.1", "private"),
    ("169.254.169.254", "link_local"),
    ("224.0.0.1", "multicast"),
    ("239.255.255.250", "multicast"),
    ("100.64.0.1", "shared"),
    ("100.127.255.254", "shared"),
    ("240.0.0.1", "reserved"),
    ("255.255.255.255", "reserved"),
    ("192.0.0.8", "special_purpose"),
    ("192.0.2.1", "special_purpose"),
    ("198.18.0.1", "special_purpose"),
    ("198.51.100.7", "special_purpose"),
    ("203.0.113.9", "special_purpose"),
    ("::", "unspecified"),
    ("::1", "loopback"),
    ("fe80::1", "link_local"),
    ("fec0::1", "site_local"),
    ("fc00::1", "private"),
    ("fd12:3456::1", "private"),
    ("ff02::1", "multicast"),
    ("2001:db8::1", "private"),
    ("100::1", "private"),
    ("::ffff:127.0.0.1", "ipv4_mapped"),
    ("::ffff:10.0.0.1", "ipv4_mapped"),
    ("::ffff:8.8.8.8", "ipv4_mapped"),
    ("::127.0.0.1", "ipv4_compatible"),
    ("::10.0.0.1", "ipv4_compatible"),
    ("64:ff9b::7f00:1", "nat64_loopback"),
    ("64:ff9b::a00:1", "nat64_private"),
    ("64:ff9b::a9fe:a9fe", "nat64_link_local"),
    ("64:ff9b:1::a00:1", "nat64_private"),
    ("2002:7f00:1::1", "6to4_loopback"),
    ("2002:a00:1::1", "6to4_private"),
    ("2002:a9fe:a9fe::1", "6to4_link_local"),
    ("2002:6440:1::1", "6to4_shared"),
    ("2001::1", "teredo"),
]
PUBLIC = ["8.8.8.8", "1.1.1.1", "93.184.216.34", "2606:4700:4700::1111", "64:ff9b::808:808"]
NUMERIC_SPELLINGS = [
    "http://2130706433/",
    "http://0x7f.1/",
    "http://0x7f000001/",
    "http://017700000001/",
    "http://0177.0.0.1/",
    "http://127.1/",
    "http://127.0.1/",
    "http://0x7f.0x0.0x0.0x1/",
    "http://10.1/",
    "http://3232235777/",  # 192.168.1.1
    "http://0xa9fea9fe/",  # 169.254.169.254
    "http://127.000.000.001/",
]


@pytest.mark.parametrize(("address", "reason"), REFUSED)
def test_every_non_public_range_is_refused(address: str, reason: str) -> None:
    assert address_refusal(ipaddress.ip_address(address)) == reason


@pytest.mark.parametrize("address", PUBLIC)
def test_public_addresses_pass(address: str) -> None:
    assert address_refusal(ipaddress.ip_address(address)) is None


@pytest.mark.parametrize("url", NUMERIC_SPELLINGS)
def test_unusual_numeric_spellings_are_refused(url: str) -> None:
    with pytest.raises(FetchError) as info:
        check_url(url)
    assert info.value.code == "blocked_address"
    assert info.value.details["reason"] == "numeric_spelling"


@pytest.mark.parametrize(
    "url",
    [
        "ftp://example.com/file",
        "file:///etc/passwd",
        "gopher://example.com/",
        "javascript:alert(1)",
        "http://user:secret@example.com/",
        "https://token@example.com/",
        "http:///no-host",
        "http://[::1/",
    ],
)
def test_bad_urls_are_refused_before_any_lookup(url: str) -> None:
    with pytest.raises(FetchError) as info:
        check_url(url)
    assert info.value.code == "bad_url"
    assert info.value.recovery == "check_url"


def _fake_resolver(table: dict[str, list[str]], calls: list[str] | None = None):
    async def resolve(host: str, port: int) -> list[str]:
        if calls is not None:
            calls.append(host)
        if host not in table:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return table[host]

    return resolve


def _recording_inner(seen: list[httpx.Request]) -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, text="ok")

    return httpx.MockTransport(handler)


@pytest.mark.parametrize(("address", "reason"), REFUSED)
async def test_a_name_resolving_to_a_refused_address_is_refused(address: str, reason: str) -> None:
    seen: list[httpx.Request] = []
    guard = GuardTransport(
        _recording_inner(seen), resolver=_fake_resolver({"inside.test": [address]})
    )
    async with httpx.AsyncClient(transport=guard) as client:
        with pytest.raises(FetchError) as info:
            await client.get("http://inside.test/")
    assert info.value.code == "blocked_address"
    assert info.value.details["reason"] == reason
    assert seen == []


async def test_every_resolved_address_must_be_public() -> None:
    seen: list[httpx.Request] = []
    resolver = _fake_resolver({"mixed.test": ["8.8.8.8", "10.0.0.5"]})
    guard = GuardTransport(_recording_inner(seen), resolver=resolver)
    async with httpx.AsyncClient(transport=guard) as client:
        with pytest.raises(FetchError) as info:
            await client.get("https://mixed.test/")
    assert info.value.details["address"] == "10.0.0.5"
    assert seen == []


async def test_the_request_goes_to_the_checked_address_with_host_and_sni() -> None:
    seen: list[httpx.Request] = []
    calls: list[str] = []
    resolver = _fake_resolver({"example.test": ["93.184.216.34"]}, calls)
    guard = GuardTransport(_recording_inner(seen), resolver=resolver)
    async with httpx.AsyncClient(transport=guard) as client:
        response = await client.get("https://Example.test:8443/a?b=1")
    assert response.status_code == 200
    [sent] = seen
    assert sent.url.host == "93.184.216.34"
    assert sent.url.port == 8443
    assert sent.headers["host"] == "example.test:8443"
    assert sent.extensions["sni_hostname"] == "example.test"
    assert calls == ["example.test"]  # one look-up: nothing can re-resolve behind the check


async def test_a_second_dns_answer_cannot_swap_in_an_internal_address() -> None:
    answers = [["93.184.216.34"], ["127.0.0.1"]]

    async def rebinding(host: str, port: int) -> list[str]:
        return answers.pop(0) if answers else ["127.0.0.1"]

    seen: list[httpx.Request] = []
    guard = GuardTransport(_recording_inner(seen), resolver=rebinding)
    async with httpx.AsyncClient(transport=guard) as client:
        await client.get("http://rebind.test/")
        with pytest.raises(FetchError):
            await client.get("http://rebind.test/")
    assert [r.url.host for r in seen] == ["93.184.216.34"]


async def test_unknown_host_is_dns_error() -> None:
    guard = GuardTransport(_recording_inner([]), resolver=_fake_resolver({}))
    async with httpx.AsyncClient(transport=guard) as client:
        with pytest.raises(FetchError) as info:
            await client.get("http://no-such-host.invalid/")
    assert info.value.code == "dns_error"
    assert info.value.recovery == "check_url"


def _fetcher(client: httpx.AsyncClient) -> Fetcher:
    slots: dict[str, asyncio.Semaphore] = {}
    return Fetcher(
        client,
        timeout=3.0,
        max_bytes=1 << 20,
        max_redirects=5,
        host_slot=lambda host: slots.setdefault(host, asyncio.Semaphore(2)),
    )


async def test_without_the_exemption_no_request_reaches_the_loopback_server() -> None:
    with LoopbackServer() as server:
        server.route("/", "<p>hello</p>")
        async with guarded_client(user_agent="t", timeout=3.0) as client:
            for url in (server.url("/"), f"http://localhost:{server.port}/"):
                with pytest.raises(FetchError) as info:
                    await _fetcher(client).get(url, check_robots=False)
                assert info.value.code == "blocked_address"
        assert server.total_hits == 0


async def test_the_exemption_covers_only_the_exact_address_and_port() -> None:
    with LoopbackServer() as server, LoopbackServer() as other:
        server.route("/", "<p>hello</p>")
        other.route("/", "<p>internal</p>")
        server.redirect("/to-other", other.url("/"))
        server.redirect("/to-localhost", f"http://localhost:{server.port}/")
        server.redirect("/to-metadata", "http://169.254.169.254/latest/meta-data/")
        server.redirect("/to-decimal", f"http://2130706433:{server.port}/")
        server.redirect("/to-mapped", f"http://[::ffff:127.0.0.1]:{server.port}/")
        async with guarded_client(
            user_agent="t", timeout=3.0, allow_addresses={server.address}
        ) as client:
            fetcher = _fetcher(client)
            ok = await fetcher.get(server.url("/"), check_robots=False)
            assert ok.body == b"<p>hello</p>"
            for path in ("/to-other", "/to-localhost", "/to-metadata", "/to-decimal", "/to-mapped"):
                with pytest.raises(FetchError) as info:
                    await fetcher.get(server.url(path), check_robots=False)
                assert info.value.code == "blocked_address", path
        assert other.total_hits == 0

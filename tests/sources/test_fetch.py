"""Guarded fetching against a real loopback server: redirects, deadlines, caps, error codes."""

from __future__ import annotations

import asyncio
import gzip
import zlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest

from quote_tui.engine.errors import FetchError
from quote_tui.sources.net.fetch import Fetcher, parse_retry_after
from quote_tui.sources.net.guard import guarded_client
from quote_tui.sources.net.robots import RobotsCache
from quote_tui.sources.net.walls import wall_reason
from tests.net_fixtures import (
    LoopbackServer,
    chunked_endless,
    closed_port,
    gzip_bomb,
    short_body,
    stalling_body,
)

UA = "quote_tui/test (+https://github.com/quote-tui/quote_tui)"


@pytest.fixture
def server():
    with LoopbackServer() as srv:
        yield srv


@asynccontextmanager
async def fetcher_for(
    *allowed: tuple[str, int],
    timeout: float = 3.0,
    max_bytes: int = 1 << 20,
    robots: bool = False,
) -> AsyncIterator[Fetcher]:
    slots: dict[str, asyncio.Semaphore] = {}
    async with guarded_client(user_agent=UA, timeout=timeout, allow_addresses=allowed) as client:
        fetcher = Fetcher(
            client,
            timeout=timeout,
            max_bytes=max_bytes,
            max_redirects=5,
            host_slot=lambda host: slots.setdefault(host, asyncio.Semaphore(2)),
        )
        if robots:

            async def fetch_robots(url: str) -> tuple[int, bytes]:
                try:
                    got = await fetcher.get(url, check_robots=False, check_walls=False)
                except FetchError as exc:
                    if exc.code == "http_error":
                        return int(exc.details["status"]), b""
                    raise
                return got.http_status, got.body

            cache = RobotsCache(fetch_robots, user_agent=UA)
            fetcher = Fetcher(
                client,
                timeout=timeout,
                max_bytes=max_bytes,
                max_redirects=5,
                host_slot=lambda host: slots.setdefault(host, asyncio.Semaphore(2)),
                before_hop=cache.check,
            )
        yield fetcher


async def _error(fetcher: Fetcher, url: str) -> FetchError:
    with pytest.raises(FetchError) as info:
        await fetcher.get(url)
    return info.value


async def test_a_page_and_its_retrieval_facts(server: LoopbackServer) -> None:
    server.route(
        "/doc",
        "<html><title>T</title><p>Body</p></html>",
        content_type="text/html; charset=ISO-8859-1",
        headers={"ETag": '"abc"', "Last-Modified": "Wed, 21 Oct 2015 07:28:00 GMT"},
    )
    async with fetcher_for(server.address) as fetcher:
        got = await fetcher.get(server.url("/doc#section-2"))
    assert got.http_status == 200
    assert got.content_type == "text/html"
    assert got.charset == "iso-8859-1"
    assert got.etag == '"abc"'
    assert got.last_modified == "Wed, 21 Oct 2015 07:28:00 GMT"
    assert got.redirects == ()
    assert got.final_url == server.url("/doc")  # the fragment is never sent
    assert len(got.content_sha256) == 64
    assert got.retrieved_at.endswith("Z")
    [(path, headers)] = server.seen_headers
    assert path == "/doc"
    assert headers["user-agent"] == UA


async def test_redirect_chain_is_followed_by_hand_and_recorded(server: LoopbackServer) -> None:
    server.redirect("/a", "/b", 301)
    server.redirect("/b", server.url("/c?x=1"), 307)
    server.redirect("/c", "d", 308)
    server.route("/d", "<p>end</p>")
    async with fetcher_for(server.address) as fetcher:
        got = await fetcher.get(server.url("/a"))
    assert got.final_url == server.url("/d")
    assert [(r.url, r.status) for r in got.redirects] == [
        (server.url("/a"), 301),
        (server.url("/b"), 307),
        (server.url("/c?x=1"), 308),
    ]


async def test_five_redirects_pass_and_six_are_too_many(server: LoopbackServer) -> None:
    for i in range(7):
        server.redirect(f"/r{i}", f"/r{i + 1}")
    server.route("/r7", "<p>end</p>")
    server.redirect("/loop", "/loop")
    async with fetcher_for(server.address) as fetcher:
        assert len((await fetcher.get(server.url("/r2"))).redirects) == 5
        error = await _error(fetcher, server.url("/r1"))
        assert error.code == "too_many_redirects"
        assert error.recovery == "check_url"
        assert (await _error(fetcher, server.url("/loop"))).code == "too_many_redirects"


async def test_redirect_to_another_scheme_is_bad_url(server: LoopbackServer) -> None:
    server.redirect("/ftp", "ftp://example.com/file")
    server.redirect("/creds", "http://user:pw@example.com/")
    async with fetcher_for(server.address) as fetcher:
        assert (await _error(fetcher, server.url("/ftp"))).code == "bad_url"
        assert (await _error(fetcher, server.url("/creds"))).code == "bad_url"


async def test_one_deadline_covers_the_whole_fetch(server: LoopbackServer) -> None:
    server.route("/slow-headers", "<p>late</p>", delay=3.0)
    server.route("/stall", handler=stalling_body(server, 3.0))
    # Each hop is quick, but together they pass the deadline.
    for i in range(5):
        server.route(f"/hop{i}", status=302, headers={"Location": f"/hop{i + 1}"}, delay=0.15)
    server.route("/hop5", "<p>end</p>")
    async with fetcher_for(server.address, timeout=0.5) as fetcher:
        loop = asyncio.get_running_loop()
        for path in ("/slow-headers", "/stall", "/hop0"):
            start = loop.time()
            error = await _error(fetcher, server.url(path))
            assert error.code == "timeout", path
            assert error.recovery == "retry_later"
            assert loop.time() - start < 1.5


async def test_declared_length_over_the_cap_is_refused_unread(server: LoopbackServer) -> None:
    server.route("/big", b"x" * 5000, content_type="text/plain")
    async with fetcher_for(server.address, max_bytes=4000) as fetcher:
        error = await _error(fetcher, server.url("/big"))
    assert error.code == "too_large"
    assert error.details["declared_bytes"] == 5000
    assert error.recovery == "use_supplied_text"


async def test_streamed_body_stops_at_the_cap(server: LoopbackServer) -> None:
    server.route("/endless", handler=chunked_endless(server, b"y" * 4096))
    async with fetcher_for(server.address, max_bytes=100_000) as fetcher:
        assert (await _error(fetcher, server.url("/endless"))).code == "too_large"


async def test_gzip_bomb_stops_at_the_cap_after_decompression(server: LoopbackServer) -> None:
    bomb = gzip_bomb(50_000_000)
    assert len(bomb) < 100_000
    server.route("/bomb", bomb, content_type="text/plain", headers={"Content-Encoding": "gzip"})
    async with fetcher_for(server.address, max_bytes=1_000_000) as fetcher:
        error = await _error(fetcher, server.url("/bomb"))
    assert error.code == "too_large"


async def test_compressed_bodies_are_decoded(server: LoopbackServer) -> None:
    text = "Call me Ishmael. " * 200
    server.route("/gz", gzip.compress(text.encode()), headers={"Content-Encoding": "gzip"})
    server.route("/zl", zlib.compress(text.encode()), headers={"Content-Encoding": "deflate"})
    raw = zlib.compressobj(wbits=-15)
    server.route(
        "/raw",
        raw.compress(text.encode()) + raw.flush(),
        headers={"Content-Encoding": "deflate"},
    )
    server.route("/br", b"\x0b\x02", headers={"Content-Encoding": "br"})
    async with fetcher_for(server.address) as fetcher:
        for path in ("/gz", "/zl", "/raw"):
            assert (await fetcher.get(server.url(path))).body.decode() == text
        assert (await _error(fetcher, server.url("/br"))).code == "unsupported_type"


async def test_body_shorter_than_declared_is_a_connection_error(server: LoopbackServer) -> None:
    server.route("/short", handler=short_body(1000, b"only this"))
    async with fetcher_for(server.address) as fetcher:
        error = await _error(fetcher, server.url("/short"))
    assert error.code == "connect_error"
    assert error.details["reason"] == "incomplete_body"


async def test_429_reports_retry_after_without_sleeping(server: LoopbackServer) -> None:
    server.route("/busy", "slow down", status=429, headers={"Retry-After": "120"})
    when = format_datetime(datetime.now(UTC) + timedelta(seconds=90), usegmt=True)
    server.route("/busy-date", "slow down", status=503, headers={"Retry-After": when})
    async with fetcher_for(server.address) as fetcher:
        start = asyncio.get_running_loop().time()
        error = await _error(fetcher, server.url("/busy"))
        assert asyncio.get_running_loop().time() - start < 1.0
        assert error.code == "rate_limited"
        assert error.recovery == "retry_later"
        assert error.details["retry_after"] == 120
        dated = await _error(fetcher, server.url("/busy-date"))
        assert dated.code == "rate_limited"
        assert 80 <= dated.details["retry_after"] <= 90
    assert server.hits["/busy"] == 1


def test_parse_retry_after_forms() -> None:
    now = datetime(2024, 1, 1, tzinfo=UTC)
    assert parse_retry_after("7") == 7
    assert parse_retry_after("Mon, 01 Jan 2024 00:01:00 GMT", now=now) == 60
    assert parse_retry_after("soon") is None
    assert parse_retry_after(None) is None


@pytest.mark.parametrize(
    ("status", "recovery"),
    [
        (404, "check_url"),
        (410, "check_url"),
        (403, "use_supplied_text"),
        (500, "retry_later"),
        (502, "retry_later"),
    ],
)
async def test_http_errors_carry_the_status(
    server: LoopbackServer, status: int, recovery: str
) -> None:
    server.route("/err", "nope", status=status, content_type="text/plain")
    async with fetcher_for(server.address) as fetcher:
        error = await _error(fetcher, server.url("/err"))
    assert error.code == "http_error"
    assert error.details["status"] == status
    assert error.recovery == recovery


CHALLENGE = (
    "<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>"
    "<noscript>Enable JavaScript and cookies to continue</noscript>"
    "<script src='/cdn-cgi/challenge-platform/h/b/orchestrate/jsch/v1'></script></body></html>"
)
WALLS = {
    "bot_challenge": CHALLENGE,
    "captcha": "<html><title>Verify</title><div class='g-recaptcha' data-sitekey='x'></div>"
    "<p>Please confirm you are not a robot.</p></html>",
    "access_denied": "<html><head><title>Access Denied</title></head><body><h1>Access Denied</h1>"
    "You don't have permission to access this server. Reference #18.1</body></html>",
    "login_page": "<html><title>Journal</title><form><label>Email</label><input name=u>"
    "<input type='password' name=p><button>Sign in</button></form></html>",
    "cookie_wall": "<html><title>Cookie consent</title><p>We use cookies. Accept all cookies to "
    "continue to the site.</p><button>Accept</button></html>",
}


@pytest.mark.parametrize("reason", sorted(WALLS))
async def test_walls_served_with_200_are_no_text(server: LoopbackServer, reason: str) -> None:
    server.route("/page", WALLS[reason])
    async with fetcher_for(server.address) as fetcher:
        error = await _error(fetcher, server.url("/page"))
    assert error.code == "no_text"
    assert error.details["reason"] == reason
    assert error.recovery == "use_supplied_text"


async def test_a_challenge_behind_403_is_reported_as_the_challenge(server: LoopbackServer) -> None:
    server.route("/cf", CHALLENGE, status=403)
    server.route("/attention", "<title>Attention Required! | Cloudflare</title>", status=503)
    async with fetcher_for(server.address) as fetcher:
        for path in ("/cf", "/attention"):
            error = await _error(fetcher, server.url(path))
            assert error.code == "no_text"
            assert error.details["reason"] == "bot_challenge"
            assert error.details["status"] in (403, 503)


def test_real_articles_are_not_walls(corpus_dir) -> None:
    pages = sorted((corpus_dir / "html").glob("*.html"))
    assert len(pages) > 40
    assert [p.name for p in pages if wall_reason(p.read_bytes())] == []


async def test_tls_to_a_plain_http_server_is_a_tls_error(server: LoopbackServer) -> None:
    server.route("/", "<p>plain</p>")
    async with fetcher_for(server.address) as fetcher:
        error = await _error(fetcher, f"https://127.0.0.1:{server.port}/")
    assert error.code == "tls_error"
    assert error.recovery == "check_url"


async def test_nothing_listening_is_a_connect_error() -> None:
    port = closed_port()
    async with fetcher_for(("127.0.0.1", port)) as fetcher:
        error = await _error(fetcher, f"http://127.0.0.1:{port}/")
    assert error.code == "connect_error"
    assert error.recovery == "retry_later"


async def test_cookies_are_never_sent_back(server: LoopbackServer) -> None:
    server.route("/set", "<p>a</p>", headers={"Set-Cookie": "session=abc; Path=/"})
    server.route("/next", "<p>b</p>")
    async with fetcher_for(server.address) as fetcher:
        await fetcher.get(server.url("/set"))
        await fetcher.get(server.url("/next"))
    assert all("cookie" not in headers for _, headers in server.seen_headers)


async def test_proxies_from_the_environment_are_ignored(
    server: LoopbackServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    port = closed_port()
    for name in ("HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "ALL_PROXY"):
        monkeypatch.setenv(name, f"http://127.0.0.1:{port}")
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    server.route("/", "<p>direct</p>")
    async with fetcher_for(server.address) as fetcher:
        assert (await fetcher.get(server.url("/"))).body == b"<p>direct</p>"


async def test_robots_denial_is_its_own_error(server: LoopbackServer) -> None:
    server.route(
        "/robots.txt",
        "User-agent: quote_tui\nDisallow: /private\n\nUser-agent: *\nDisallow:\n",
        content_type="text/plain",
    )
    server.route("/private/doc", "<p>secret</p>")
    server.route("/public", "<p>open</p>")
    server.redirect("/jump", "/private/doc")
    async with fetcher_for(server.address, robots=True) as fetcher:
        assert (await fetcher.get(server.url("/public"))).body == b"<p>open</p>"
        for path in ("/private/doc", "/jump"):
            error = await _error(fetcher, server.url(path))
            assert error.code == "robots_denied"
            assert error.recovery == "respect_robots"
    assert server.hits["/robots.txt"] == 1
    assert server.hits["/private/doc"] == 0


@pytest.mark.parametrize(("status", "allowed"), [(404, True), (403, True), (500, False)])
async def test_robots_status_rules(server: LoopbackServer, status: int, allowed: bool) -> None:
    server.route("/robots.txt", "", status=status, content_type="text/plain")
    server.route("/doc", "<p>doc</p>")
    async with fetcher_for(server.address, robots=True) as fetcher:
        if allowed:
            assert (await fetcher.get(server.url("/doc"))).body == b"<p>doc</p>"
        else:
            assert (await _error(fetcher, server.url("/doc"))).code == "robots_denied"

"""RemoteSession on a loopback server: dispatch, records, snapshots, dedup, politeness."""

from __future__ import annotations

import asyncio
import hashlib
import time
from pathlib import Path

import httpx
import pytest

from quote_tui.engine.errors import SourceError
from quote_tui.sources.net.remote import RemoteSession
from quote_tui.sources.net.session import IntervalPacer
from quote_tui.sources.net.settings import RemoteSettings
from quote_tui.sources.records import RefKind, Representation
from quote_tui.sources.refs import ParsedRef, parse_ref
from tests.net_fixtures import LoopbackServer


@pytest.fixture
def server():
    with LoopbackServer() as srv:
        yield srv


def settings(server: LoopbackServer, tmp_path: Path, **kw: object) -> RemoteSettings:
    base: dict[str, object] = {
        "timeout": 5.0,
        "store_path": tmp_path / "snapshots.sqlite3",
        "allow_addresses": frozenset({server.address}),
    }
    base.update(kw)
    return RemoteSettings(**base)  # type: ignore[arg-type]


async def load(s: RemoteSettings, ref: str, max_chars: int = 1_000_000):
    async with RemoteSession(s) as session:
        return await session.load(parse_ref(ref), max_chars=max_chars)


async def test_html_page_with_a_full_retrieval_record(
    server: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    body = (corpus_dir / "html" / "ebb-org.html").read_bytes()
    server.route("/post", body, headers={"ETag": '"v1"'})
    server.redirect("/old", "/post", 301)
    loaded = await load(settings(server, tmp_path), server.url("/old#frag"))
    r = loaded.retrieval
    assert r.kind is RefKind.URL
    assert r.representation in (Representation.HTML_MAIN_TEXT, Representation.HTML_FULL_TEXT)
    assert r.final_url == server.url("/post")
    assert [(h.url, h.status) for h in r.redirects] == [(server.url("/old"), 301)]
    assert r.http_status == 200
    assert r.content_type == "text/html"
    assert r.etag == '"v1"'
    assert r.content_sha256 == hashlib.sha256(body).hexdigest()
    assert r.retrieved_at and r.retrieved_at.endswith("Z")
    assert r.title
    assert not r.from_snapshot
    assert "Kuhn" in loaded.text or len(loaded.text) > 1000


@pytest.mark.parametrize(
    ("name", "content_type", "representation"),
    [
        ("pdf/ferrario-review-2021.pdf", "application/pdf", Representation.PDF_TEXT_LAYER),
        ("pdf/ferrario-review-2021.pdf", "application/octet-stream", Representation.PDF_TEXT_LAYER),
        ("text/entre-nous-pg44157-latin1.txt", "text/plain", Representation.PLAIN_TEXT),
        (
            "text/opensource-guide-how-to-contribute.md",
            "text/markdown; charset=utf-8",
            Representation.MARKDOWN_TEXT,
        ),
        ("pubmed/efetch-pubmed-27797938.xml", "text/xml", Representation.PUBMED_ABSTRACT),
        ("html/la-nacion.html", "text/html", Representation.HTML_MAIN_TEXT),
    ],
)
async def test_content_type_dispatch(
    server: LoopbackServer,
    tmp_path: Path,
    corpus_dir: Path,
    name: str,
    content_type: str,
    representation: Representation,
) -> None:
    server.route("/doc", (corpus_dir / name).read_bytes(), content_type=content_type)
    loaded = await load(settings(server, tmp_path), server.url("/doc"))
    assert loaded.retrieval.representation is representation
    assert loaded.text.strip()


async def test_latin1_without_declared_charset_is_decoded(
    server: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    data = (corpus_dir / "text" / "entre-nous-pg44157-latin1.txt").read_bytes()
    server.route("/latin1", data, content_type="text/plain")
    loaded = await load(settings(server, tmp_path), server.url("/latin1"))
    assert "é" in loaded.text
    assert "\ufffd" not in loaded.text


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b"PK\x03\x04zipdata", "application/zip"),
        (b"\x89PNG\r\n\x1a\nxxxx", "image/png"),
        (b'{"a": 1}', "application/json"),
        (b"\x00\x01\x02\x03binary", "application/octet-stream"),
    ],
)
async def test_other_types_are_unsupported(
    server: LoopbackServer, tmp_path: Path, body: bytes, content_type: str
) -> None:
    server.route("/thing", body, content_type=content_type)
    with pytest.raises(SourceError) as info:
        await load(settings(server, tmp_path), server.url("/thing"))
    assert info.value.code == "unsupported_type"
    assert info.value.recovery == "use_supplied_text"


async def test_snapshot_is_reused_refreshed_and_used_offline(
    server: LoopbackServer, tmp_path: Path
) -> None:
    server.route("/page", "<html><title>v1</title><body><p>" + "First text. " * 80 + "</p>")
    s = settings(server, tmp_path)
    first = await load(s, server.url("/page"))
    assert server.hits["/page"] == 1
    again = await load(s, server.url("/page"))
    assert again.retrieval.from_snapshot
    assert again.text == first.text
    assert again.prepared.sha256 == first.prepared.sha256
    assert server.hits["/page"] == 1
    server.route("/page", "<html><title>v2</title><body><p>" + "Second text. " * 80 + "</p>")
    offline = await load(settings(server, tmp_path, offline=True), server.url("/page"))
    assert offline.retrieval.from_snapshot and "First text" in offline.text
    fresh = await load(settings(server, tmp_path, refresh=True), server.url("/page"))
    assert "Second text" in fresh.text and not fresh.retrieval.from_snapshot
    assert server.hits["/page"] == 2
    latest = await load(s, server.url("/page"))
    assert "Second text" in latest.text
    # Another size limit is re-read from the stored bytes, not fetched.
    short = await load(s, server.url("/page"), max_chars=50)
    assert short.prepared.truncated and len(short.text) <= 50
    assert server.hits["/page"] == 2


async def test_offline_without_snapshot_never_touches_the_network(
    server: LoopbackServer, tmp_path: Path
) -> None:
    server.route("/never", "<p>x</p>")
    for ref in (server.url("/never"), "doi:10.1234/abc", "pmid:123"):
        with pytest.raises(SourceError) as info:
            await load(settings(server, tmp_path, offline=True), ref)
        assert info.value.code == "offline"
        assert info.value.recovery == "retry_later"
    assert server.total_hits == 0


async def test_fifty_urls_each_fetched_once_and_politely(
    server: LoopbackServer, tmp_path: Path
) -> None:
    for i in range(50):
        server.route(f"/doc{i}", f"<html><body><p>Document number {i}. " * 20, delay=0.02)
    refs = [server.url(f"/doc{i}") for i in range(50)]
    refs += [f"{r}#again" for r in refs]  # the same URLs again, fragments ignored
    async with RemoteSession(settings(server, tmp_path)) as session:
        loaded = await asyncio.gather(
            *(session.load(parse_ref(r), max_chars=100_000) for r in refs)
        )
    assert all(f"Document number {i}." in loaded[i].text for i in range(50))
    assert {server.hits[f"/doc{i}"] for i in range(50)} == {1}
    assert server.hits["/robots.txt"] == 1
    assert server.max_in_flight <= 2


async def test_concurrent_fetches_of_one_url_share_one_request(
    server: LoopbackServer, tmp_path: Path
) -> None:
    server.route("/slow", "<p>" + "slow words " * 50, delay=0.3)
    async with RemoteSession(settings(server, tmp_path)) as session:
        results = await asyncio.gather(*(session.fetch(server.url("/slow")) for _ in range(5)))
    assert len({r.content_sha256 for r in results}) == 1
    assert server.hits["/slow"] == 1


async def test_robots_denial_through_the_session(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/robots.txt", "User-agent: *\nDisallow: /\n", content_type="text/plain")
    server.route("/doc", "<p>text</p>")
    with pytest.raises(SourceError) as info:
        await load(settings(server, tmp_path), server.url("/doc"))
    assert info.value.code == "robots_denied"
    assert server.hits["/doc"] == 0
    loaded = await load(settings(server, tmp_path, respect_robots=False), server.url("/doc"))
    assert "text" in loaded.text


async def test_path_refs_are_not_network_sources(tmp_path: Path) -> None:
    async with RemoteSession(RemoteSettings(store_path=tmp_path / "s.sqlite3")) as session:
        with pytest.raises(SourceError) as info:
            await session.load(ParsedRef(RefKind.PATH, "/etc/hosts"), max_chars=10)
    assert info.value.code == "bad_ref"


async def test_ncbi_pacer_keeps_the_rate() -> None:
    loop = asyncio.get_running_loop()
    for rate, n in ((3.0, 4), (10.0, 11)):
        pacer = IntervalPacer(1 / rate)
        start = loop.time()
        for _ in range(n):
            await pacer.wait()
        assert loop.time() - start >= (n - 1) / rate - 0.02


async def test_crawl_delay_spaces_the_requests_to_one_host(
    server: LoopbackServer, tmp_path: Path
) -> None:
    # Request-rate 5/1 asks for 0.2 s between requests; Crawl-delay is whole seconds only
    server.route(
        "/robots.txt",
        "User-agent: *\nRequest-rate: 5/1\nCrawl-delay: 0\nAllow: /\n",
        content_type="text/plain",
    )
    for i in range(4):
        server.route(f"/doc{i}", f"<html><body><p>Document number {i}. " * 20)
    arrivals: list[tuple[str, float]] = []
    record = server.record

    def timed(path: str, headers: dict[str, str]) -> None:
        arrivals.append((path, time.monotonic()))
        record(path, headers)

    server.record = timed  # type: ignore[method-assign]
    async with RemoteSession(settings(server, tmp_path)) as session:
        await asyncio.gather(
            *(session.load(parse_ref(server.url(f"/doc{i}")), max_chars=100_000) for i in range(4))
        )
    docs = sorted(t for path, t in arrivals if path.startswith("/doc"))
    assert len(docs) == 4
    gaps = [b - a for a, b in zip(docs, docs[1:], strict=False)]
    # the client spaces request starts by 0.2 s; arrivals jitter a little on a busy machine
    assert docs[-1] - docs[0] >= 0.55 and min(gaps) >= 0.1, gaps


async def test_crawl_delay_is_read_for_our_agent(server: LoopbackServer, tmp_path: Path) -> None:
    server.route(
        "/robots.txt",
        "User-agent: quote_tui\nCrawl-delay: 7\n\nUser-agent: *\nCrawl-delay: 1\n",
        content_type="text/plain",
    )
    async with RemoteSession(settings(server, tmp_path, timeout=2.0)) as session:
        robots = session._robots
        assert robots is not None and robots.crawl_delay("127.0.0.1") == 0.0  # not read yet
        await robots.check(httpx.URL(server.url("/doc")))
        assert robots.crawl_delay("127.0.0.1") == 7.0
        assert robots.crawl_delay("elsewhere.example") == 0.0

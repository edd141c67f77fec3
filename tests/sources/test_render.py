"""Pages built by scripts, rendered in headless Chromium with every request through the guard.

The page is served by one loopback server (the only address exempted from the guard); it names a
second loopback server for an image, a script, a fetch, a frame, a WebSocket, a pop-up and a
redirect. The guard must refuse every one of those before it connects: the second server sees no
request.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from quote_tui import api
from quote_tui.batch.specs import Settings
from quote_tui.engine.errors import ErrorCode, SourceError
from quote_tui.sources.net.render import find_chromium, render_page
from quote_tui.sources.net.settings import RemoteSettings
from quote_tui.sources.readers.html import needs_script
from tests.net_fixtures import LoopbackServer

# CI installs Chromium (.ci/run), so there these tests run and fail rather than skip.
needs_chromium = pytest.mark.skipif(
    not any(shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome"))
    and not os.environ.get("CI"),
    reason="Chromium is not installed (apt-get install chromium; .ci/run installs it)",
)

SENTENCE = "The keeper's letters were written by lamplight in the winter of 1893."

SHELL = """<!doctype html><html><head><title>Letters</title>
<script src="/app.js"></script>
<script src="http://127.0.0.1:{other}/tracker.js"></script></head>
<body><div id="root"></div>
<noscript>You need to enable JavaScript to run this app.</noscript>
<img src="http://127.0.0.1:{other}/pixel.png">
<img src="/hop">
<iframe src="http://127.0.0.1:{other}/frame.html"></iframe>
<script>
fetch('http://127.0.0.1:{other}/data.json').catch(() => {{}});
try {{ new WebSocket('ws://127.0.0.1:{other}/socket'); }} catch (e) {{}}
try {{ window.open('http://127.0.0.1:{other}/popup.html'); }} catch (e) {{}}
try {{ navigator.serviceWorker.register('/sw.js').catch(() => {{}}); }} catch (e) {{}}
</script></body></html>"""

APP_JS = (
    "document.addEventListener('DOMContentLoaded', () => {"
    " document.getElementById('root').innerHTML ="
    f" '<article><h1>Letters</h1><p>' + {json.dumps(SENTENCE)} + '</p></article>'; }});"
)


@pytest.fixture
def servers() -> Iterator[tuple[LoopbackServer, LoopbackServer]]:
    with LoopbackServer() as page, LoopbackServer() as other:
        page.route("/", SHELL.format(other=other.port))
        page.route("/app.js", APP_JS, content_type="application/javascript")
        page.redirect("/hop", other.url("/pixel.png"))
        for path in (
            "/tracker.js",
            "/pixel.png",
            "/frame.html",
            "/data.json",
            "/socket",
            "/popup.html",
        ):
            other.route(path, "x")
        yield page, other


def _settings(page: LoopbackServer, store: Path, render: str) -> Settings:
    remote = RemoteSettings(
        timeout=10.0,
        allow_addresses=frozenset({page.address}),
        store_path=store,
        respect_robots=False,
        render=render,
    )
    return Settings(remote=remote)


def test_a_script_page_needs_script() -> None:
    assert needs_script(SHELL.format(other=1).encode()) == "thin_text"
    plea = (
        "<html><body><nav>" + "menu item " * 60 + "</nav><div id='root'></div>"
        "<noscript>Please enable JavaScript.</noscript></body></html>"
    )
    assert needs_script(plea.encode()) == "noscript"
    article = "<html><body><article>" + "<p>A sentence of the article.</p>" * 80
    assert needs_script((article + "</article></body></html>").encode()) is None


def test_without_rendering_the_script_page_is_not_found(servers, tmp_path: Path) -> None:
    page, _ = servers
    checked = asyncio.run(
        api.check_quote(SENTENCE, page.url("/"), settings=_settings(page, tmp_path / "s", "never"))
    )
    assert checked.status in ("not_found", "unavailable")


@needs_chromium
@pytest.mark.parametrize("mode", ["auto", "always"])
def test_a_script_page_is_checked_through_chromium(servers, tmp_path: Path, mode: str) -> None:
    page, other = servers
    settings = _settings(page, tmp_path / "store.sqlite", mode)
    checked = asyncio.run(api.check_quote(SENTENCE, page.url("/"), settings=settings))
    assert checked.status == "exact", checked.report
    retrieval = checked.source["retrieval"]
    assert retrieval["rendered"] is True
    assert "Chrom" in retrieval["renderer"]
    # the second loopback server, named by the page, never saw a request
    assert other.total_hits == 0, dict(other.hits)
    assert page.hits["/"] == 1 and page.hits["/app.js"] == 1
    assert page.hits["/hop"] == 1  # the redirect was asked for; its target was refused
    assert "/sw.js" not in page.hits  # service workers cannot register
    # the snapshot keeps the rendered HTML: offline, the sentence is still there
    offline = Settings(remote=RemoteSettings(store_path=tmp_path / "store.sqlite", offline=True))
    again = asyncio.run(api.check_quote(SENTENCE, page.url("/"), settings=offline))
    assert again.status == "exact"
    assert again.source["retrieval"]["rendered"] is True


@needs_chromium
def test_render_refuses_what_the_guard_refuses(servers) -> None:
    page, other = servers
    refused: list[str] = []

    async def fetch(url: str):
        refused.append(url)
        from quote_tui.engine.errors import FetchError

        raise FetchError("refused", code=ErrorCode.BLOCKED_ADDRESS)

    html = SHELL.format(other=other.port)
    document = _body(html)
    rendered = asyncio.run(render_page(document.url, document=document, fetch=fetch))
    assert "root" in rendered.html and rendered.browser
    assert other.total_hits == 0 and page.total_hits == 0
    assert any("tracker.js" in url for url in rendered.refused)


def _body(html: str):
    from quote_tui.sources.net.bodies import local_page

    return local_page("page.html", html.encode())


def test_without_chromium_the_error_is_renderer_missing(servers, tmp_path: Path) -> None:
    page, _ = servers
    settings = _settings(page, tmp_path / "s", "always")
    remote = settings.remote
    assert remote is not None
    import dataclasses

    settings = dataclasses.replace(
        settings, remote=dataclasses.replace(remote, chromium="no-such-browser-here")
    )
    checked = asyncio.run(api.check_quote(SENTENCE, page.url("/"), settings=settings))
    assert checked.status == "unavailable"
    error = checked.source["error"]
    assert error["code"] == "renderer_missing"
    assert error["recovery"] == "install_renderer"
    assert "apt-get install chromium" in error["message"]
    assert "install Chromium (apt-get install chromium)" in api.render(checked.report, "terminal")


def test_find_chromium_names_the_install_command() -> None:
    with pytest.raises(SourceError) as caught:
        find_chromium("no-such-browser-here")
    assert caught.value.code == ErrorCode.RENDERER_MISSING
    assert "apt-get install chromium" in str(caught.value)


@needs_chromium
def test_a_local_script_page_renders_with_the_network_blocked(servers, tmp_path: Path) -> None:
    page, other = servers
    (tmp_path / "app.js").write_text(APP_JS, encoding="utf-8")
    local = tmp_path / "letters.html"
    # the page's own script sits beside it, but its relative link leads nowhere: inline it
    local.write_text(
        SHELL.format(other=other.port).replace(
            '<script src="/app.js"></script>', f"<script>{APP_JS}</script>"
        ),
        encoding="utf-8",
    )
    settings = _settings(page, tmp_path / "store.sqlite", "auto")
    checked = asyncio.run(api.check_quote(SENTENCE, str(local), settings=settings))
    assert checked.status == "exact", checked.report
    assert checked.source["retrieval"]["rendered"] is True
    assert checked.source["retrieval"]["kind"] == "path"
    assert other.total_hits == 0 and page.total_hits == 0


def test_a_local_page_is_read_as_it_stands_without_rendering(tmp_path: Path) -> None:
    local = tmp_path / "letters.html"
    local.write_text(SHELL.format(other=1), encoding="utf-8")
    checked = asyncio.run(api.check_quote(SENTENCE, str(local)))
    assert checked.status in ("not_found", "unavailable")


@needs_chromium
def test_a_page_that_never_finishes_loading_is_read_at_the_deadline() -> None:
    from quote_tui.sources.net.remote import RemoteSession
    from quote_tui.sources.net.render import RenderLimits

    with LoopbackServer() as page:
        page.route(
            "/",
            "<html><body><div id='root'></div><img src='/slow.png'>"
            f"<script>{APP_JS}</script></body></html>",
        )
        page.route("/slow.png", b"x", content_type="image/png", delay=20)
        settings = RemoteSettings(
            timeout=30, allow_addresses=frozenset({page.address}), respect_robots=False
        )

        async def run():
            async with RemoteSession(settings) as session:
                document = await session.fetch_resource(page.url("/"))
                return await render_page(
                    page.url("/"),
                    document=document,
                    fetch=session.fetch_resource,
                    limits=RenderLimits(timeout=6),
                )

        rendered = asyncio.run(run())
        assert SENTENCE.replace("'", "&#39;") in rendered.html or SENTENCE in rendered.html
        assert rendered.seconds < 6


@needs_chromium
def test_a_stored_unrendered_page_is_rendered_when_asked(servers, tmp_path: Path) -> None:
    page, other = servers
    # readable without a browser ("Loading…"), so its static text is stored as a snapshot
    page.route(
        "/loading.html",
        "<html><body><p>Loading…</p><div id='root'></div>"
        '<script src="/app.js"></script></body></html>',
    )
    store = tmp_path / "store.sqlite"
    url = page.url("/loading.html")
    plain = asyncio.run(api.check_quote(SENTENCE, url, settings=_settings(page, store, "never")))
    assert plain.status == "not_found"
    assert plain.source["retrieval"]["rendered"] is False
    rendered = asyncio.run(api.check_quote(SENTENCE, url, settings=_settings(page, store, "auto")))
    assert rendered.status == "exact"
    assert rendered.source["retrieval"]["rendered"] is True
    assert rendered.source["retrieval"]["from_snapshot"] is False
    assert other.total_hits == 0


def test_a_browser_that_dies_at_once_is_render_failed() -> None:
    from quote_tui.engine.errors import FetchError

    with pytest.raises(FetchError) as caught:
        asyncio.run(
            render_page("http://page.invalid/", document=_body("<p>x</p>"), executable="true")
        )
    assert caught.value.code == ErrorCode.RENDER_FAILED


@needs_chromium
def test_a_batch_source_names_its_own_render_mode(tmp_path: Path) -> None:
    local = tmp_path / "letters.html"
    local.write_text(
        f"<html><body><div id='root'></div><script>{APP_JS}</script></body></html>",
        encoding="utf-8",
    )
    batch = api.parse_batch(
        {
            "sources": [
                {"id": "drawn", "ref": str(local), "render": "always"},
                {"id": "plain", "ref": str(local)},
                {"id": "odd", "ref": str(local), "render": "sometimes"},
            ],
            "citations": [
                {"id": f"c-{s}", "source": s, "quote": SENTENCE} for s in ("drawn", "plain", "odd")
            ],
        },
        base_dir=tmp_path,
    )
    report = asyncio.run(api.check_batch(batch))
    status = {c["id"]: c["status"] for c in report["citations"]}
    assert status["c-drawn"] == "exact"
    assert status["c-plain"] in ("not_found", "unavailable")
    odd = next(s for s in report["sources"] if s["id"] == "odd")
    assert odd["error"]["code"] == "bad_option"


WEBRTC = """<!doctype html><html><head><title>Calls</title></head><body><p id=out>waiting</p>
<script>
const servers = [
  {{urls: 'stun:127.0.0.1:{port}'}},
  {{urls: 'turn:127.0.0.1:{port}?transport=udp', username: 'u', credential: 'p'}},
];
const done = [];
for (let i = 0; i < 3; i++) {{
  try {{
    const pc = new RTCPeerConnection({{iceServers: servers}});
    pc.createDataChannel('d' + i);
    pc.onicecandidate = (e) => {{ if (!e.candidate) done.push(i); }};
    pc.createOffer().then((offer) => pc.setLocalDescription(offer)).catch(() => {{}});
  }} catch (e) {{}}
}}
setTimeout(() => {{ document.getElementById('out').textContent = 'gathered ' + done.length; }},
           2500);
</script></body></html>"""


@needs_chromium
def test_webrtc_sends_no_udp_to_an_address_the_page_names() -> None:
    """WebRTC's STUN and TURN go over UDP past the request interception; Chromium's policy
    flags must keep every datagram in (they once reached a listener on loopback)."""
    import socket

    listener = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    listener.bind(("127.0.0.1", 0))
    listener.settimeout(0.2)
    port = listener.getsockname()[1]

    async def fetch(url: str):
        from quote_tui.engine.errors import FetchError

        raise FetchError("refused", code=ErrorCode.BLOCKED_ADDRESS)

    from quote_tui.sources.net.render import RenderLimits

    document = _body(WEBRTC.format(port=port))
    try:
        rendered = asyncio.run(
            render_page(
                document.url, document=document, fetch=fetch, limits=RenderLimits(timeout=8)
            )
        )
        assert rendered.browser
        datagrams = 0  # the datagrams wait in the socket's buffer until read
        while True:
            try:
                listener.recvfrom(2048)
            except TimeoutError:
                break
            datagrams += 1
    finally:
        listener.close()
    assert datagrams == 0

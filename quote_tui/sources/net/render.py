"""Pages built by scripts: render them in headless Chromium, every request through the guard.

Chromium is driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``: file
descriptors 3 and 4, messages separated by NUL bytes), so no port is opened and no extra package
is needed. The browser itself never reaches the network:

- every request the page makes pauses in the ``Fetch`` domain; this module fetches it with the
  run's guarded client (the address check, hand-followed redirects each re-checked, the byte cap)
  and answers it with ``Fetch.fulfillRequest``, or refuses it with ``Fetch.failRequest`` before
  any connection is made. Documents, scripts, styles, images, fetch/XHR and frames all pause.
- what does not pause (WebSockets, a service worker's own requests, a pop-up window, anything a
  future Chromium routes around the interception) meets a proxy that does not exist
  (``--proxy-server`` at a name in ``.invalid``, with no bypass, loopback included) in a browser
  whose resolver answers nothing (``--host-resolver-rules=MAP * ~NOTFOUND``): it cannot connect.
  WebSocket URLs are also blocked by name (``Network.setBlockedURLs``).
- service workers cannot register (``navigator.serviceWorker.register`` rejects), downloads are
  denied, and the profile is a fresh temporary folder in an isolated browser context that is
  deleted afterwards: no cookies or storage are kept between pages.
- the whole render has a time budget, a cap on the requests a page may make and on the bytes
  they bring, and the rendered HTML has the fetch's byte cap.

Errors: ``renderer_missing`` (no Chromium; the message says how to install it), ``render_failed``
(the browser died or broke the protocol), ``timeout`` and ``too_large``.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import os
import shutil
import signal
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from quote_tui.engine.errors import ErrorCode, FetchError, QuoteTuiError, Recovery, SourceError
from quote_tui.sources.net.fetch import FetchedBody

__all__ = [
    "INSTALL_COMMAND",
    "RenderLimits",
    "RenderMode",
    "Rendered",
    "find_chromium",
    "render_page",
]

INSTALL_COMMAND = "apt-get install chromium"
"""How to install the browser on Debian and Ubuntu (the package this module is tested with)."""

_CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
# A proxy whose name never resolves (RFC 6761), in a browser whose resolver answers nothing:
# anything that escapes the interception has nowhere to connect, not even the proxy.
_DEAD_PROXY = "http://no-proxy.invalid:9"
_NO_SERVICE_WORKERS = """
(() => {
  try {
    if (navigator.serviceWorker) {
      Object.defineProperty(navigator.serviceWorker, 'register', {
        value: () => Promise.reject(new DOMException('service workers are off', 'SecurityError')),
      });
    }
  } catch (e) {}
})();
"""


class RenderMode(StrEnum):
    """When a page is rendered in a browser before its text is read."""

    NEVER = "never"
    AUTO = "auto"  # only when the static text is thin or the page says it needs script
    ALWAYS = "always"


@dataclass(frozen=True, slots=True)
class RenderLimits:
    """The budget of one render.

    Attributes:
        timeout: seconds for the whole render, browser start included.
        max_requests: requests the page may make; later ones are refused.
        max_bytes: bytes all its requests may bring together, and the rendered HTML's cap.
        settle: seconds without a request in flight after the load event before the DOM is read.
    """

    timeout: float = 30.0
    max_requests: int = 200
    max_bytes: int = 20 * 1024 * 1024
    settle: float = 0.5


@dataclass(frozen=True, slots=True)
class Rendered:
    """A rendered page: its DOM as HTML, the browser that made it, and what was refused."""

    html: str
    browser: str
    refused: tuple[str, ...] = ()
    requests: int = 0
    seconds: float = 0.0
    screenshot: bytes | None = field(default=None, repr=False)  # PNG, when asked for


Fetch = Callable[[str], Awaitable[FetchedBody]]
"""Fetches one URL through the guard (the run's session); raises ``FetchError``."""


def find_chromium(path: str | None = None) -> str:
    """The Chromium executable to run.

    Args:
        path: an explicit executable (a setting); otherwise ``QUOTE_TUI_CHROMIUM``, then the
            usual names on ``PATH``.

    Raises:
        SourceError: ``renderer_missing``, with the install command.
    """
    chosen = path or os.environ.get("QUOTE_TUI_CHROMIUM")
    if chosen:
        found = shutil.which(chosen)
        if found:
            return found
    else:
        for name in _CANDIDATES:
            found = shutil.which(name)
            if found:
                return found
    where = f" at {chosen!r}" if chosen else ""
    raise SourceError(
        f"Rendering pages needs Chromium, which was not found{where}. Install it "
        f"({INSTALL_COMMAND}), or check without rendering (--render never).",
        code=ErrorCode.RENDERER_MISSING,
        recovery=Recovery.INSTALL_RENDERER,
        details={"install": INSTALL_COMMAND},
    )


def _flags(profile: str) -> list[str]:
    flags = [
        "--headless=new",
        "--remote-debugging-pipe",
        f"--user-data-dir={profile}",
        f"--proxy-server={_DEAD_PROXY}",
        "--host-resolver-rules=MAP * ~NOTFOUND",
        "--proxy-bypass-list=<-loopback>",
        # WebRTC's STUN and TURN go over UDP, beside the proxy and the request interception,
        # to any address a page names (loopback included): only proxied UDP, that is none
        "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
        "--webrtc-ip-handling-policy=disable_non_proxied_udp",
        "--enforce-webrtc-ip-permission-check",
        "--no-first-run",
        "--no-default-browser-check",
        "--no-pings",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-domain-reliability",
        "--disable-breakpad",
        "--disable-sync",
        "--disable-extensions",
        "--disable-default-apps",
        "--disable-client-side-phishing-detection",
        "--disable-features=MediaRouter,OptimizationHints,Translate,DialMediaRouteProvider",
        "--metrics-recording-only",
        "--mute-audio",
        "--hide-scrollbars",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1280,2000",
        "about:blank",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        # Chromium refuses to start its sandbox as root; CI runs as root.
        flags.insert(0, "--no-sandbox")
    return flags


def _render_failed(message: str, **details: Any) -> FetchError:
    return FetchError(
        f"The page could not be rendered: {message}.",
        code=ErrorCode.RENDER_FAILED,
        recovery=Recovery.USE_SUPPLIED_TEXT,
        details=details,
    )


@dataclass
class _Browser:
    """One Chromium process and its protocol pipe."""

    process: asyncio.subprocess.Process
    reader: asyncio.StreamReader
    write: Callable[[bytes], None]
    ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    waiting: dict[int, asyncio.Future[dict[str, Any]]] = field(default_factory=dict)
    listeners: list[Callable[[dict[str, Any]], None]] = field(default_factory=list)
    closed: FetchError | None = None  # set once the pipe is gone: later calls fail at once

    async def call(
        self, method: str, params: dict[str, Any] | None = None, session: str | None = None
    ) -> dict[str, Any]:
        if self.closed is not None:
            raise self.closed
        ident = next(self.ids)
        message: dict[str, Any] = {"id": ident, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        future = asyncio.get_running_loop().create_future()
        self.waiting[ident] = future
        self.write(json.dumps(message).encode() + b"\0")
        return await future

    async def pump(self) -> None:
        """Reads messages until the pipe closes; answers go to callers, events to listeners."""
        try:
            while True:
                raw = await self.reader.readuntil(b"\0")
                message = json.loads(raw[:-1])
                ident = message.get("id")
                if ident is not None:
                    future = self.waiting.pop(ident, None)
                    if future is not None and not future.done():
                        if "error" in message:
                            future.set_exception(
                                _render_failed(str(message["error"].get("message", "error")))
                            )
                        else:
                            future.set_result(message.get("result", {}))
                    continue
                for listener in list(self.listeners):
                    listener(message)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError) as exc:
            self.closed = _render_failed("the browser closed its protocol pipe", reason=str(exc))
        finally:
            if self.closed is None:
                self.closed = _render_failed("the protocol pipe was abandoned")
            pending = list(self.waiting.values())
            self.waiting.clear()
            for future in pending:
                if not future.done():
                    future.set_exception(self.closed)


async def _launch(executable: str, profile: str, limit: int) -> _Browser:
    to_browser_r, to_browser_w = os.pipe()
    from_browser_r, from_browser_w = os.pipe()
    try:
        # The browser reads commands on fd 3 and writes answers on fd 4; bash only moves the two
        # pipe ends there before it becomes the browser (dash cannot name descriptors over 9).
        process = await asyncio.create_subprocess_exec(
            "/bin/bash",
            "-c",
            f'exec "$0" "$@" 3<&{to_browser_r} 4>&{from_browser_w} '
            f"{to_browser_r}<&- {from_browser_w}>&-",
            executable,
            *_flags(profile),
            pass_fds=(to_browser_r, from_browser_w),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
            start_new_session=True,
        )
    except OSError as exc:
        for fd in (to_browser_r, to_browser_w, from_browser_r, from_browser_w):
            os.close(fd)
        raise _render_failed(f"Chromium did not start ({exc})") from exc
    os.close(to_browser_r)
    os.close(from_browser_w)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=limit)
    await loop.connect_read_pipe(
        lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(from_browser_r, "rb", 0)
    )
    writer, _ = await loop.connect_write_pipe(asyncio.Protocol, os.fdopen(to_browser_w, "wb", 0))
    return _Browser(process=process, reader=reader, write=writer.write)


async def _stop(browser: _Browser, pump: asyncio.Task[None]) -> None:
    with contextlib.suppress(QuoteTuiError, OSError, asyncio.TimeoutError):
        await asyncio.wait_for(browser.call("Browser.close"), 2)
    if browser.process.returncode is None:
        try:
            await asyncio.wait_for(browser.process.wait(), 3)
        except TimeoutError:
            # the browser leads its own process group: its helpers go with it
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(browser.process.pid, signal.SIGKILL)
            await browser.process.wait()
    pump.cancel()
    with contextlib.suppress(asyncio.CancelledError, QuoteTuiError):
        await pump


@dataclass(eq=False)
class _Page:
    """Answers one page's paused requests through the guard, within the budget."""

    browser: _Browser
    session: str
    url: str
    document: FetchedBody | None
    fetch: Fetch | None
    limits: RenderLimits
    requests: int = 0
    bytes: int = 0
    refused: list[str] = field(default_factory=list)
    in_flight: int = 0
    last_activity: float = field(default_factory=lambda: asyncio.get_running_loop().time())
    loaded: asyncio.Event = field(default_factory=asyncio.Event)
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

    def on_message(self, message: dict[str, Any]) -> None:
        if message.get("sessionId") != self.session:
            return
        method = message.get("method")
        if method == "Fetch.requestPaused":
            task = asyncio.ensure_future(self._answer(message["params"]))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        elif method == "Page.loadEventFired":
            self.loaded.set()

    async def _answer(self, params: dict[str, Any]) -> None:
        request_id = params["requestId"]
        request = params.get("request", {})
        url = request.get("url", "")
        self.in_flight += 1
        try:
            try:
                answer = await self._resolve(url, request.get("method", "GET"))
            except FetchError as exc:
                self.refused.append(url)
                reason = "BlockedByClient" if exc.code == ErrorCode.BLOCKED_ADDRESS else "Failed"
                await self._call("Fetch.failRequest", requestId=request_id, errorReason=reason)
                return
            status, headers, body = answer
            await self._call(
                "Fetch.fulfillRequest",
                requestId=request_id,
                responseCode=status,
                responseHeaders=headers,
                body=base64.b64encode(body).decode("ascii"),
            )
        except QuoteTuiError:
            pass  # the browser is gone or the request was cancelled; the render decides
        finally:
            self.in_flight -= 1
            self.last_activity = asyncio.get_running_loop().time()

    async def _call(self, method: str, **params: Any) -> None:
        await self.browser.call(method, params, self.session)

    async def _resolve(self, url: str, method: str) -> tuple[int, list[dict[str, str]], bytes]:
        if self.document is not None and url.split("#", 1)[0] == self.url.split("#", 1)[0]:
            doc, self.document = self.document, None  # the page itself, fetched already
            return 200, _headers(doc.content_type, doc.charset), doc.body
        self.requests += 1
        if method not in ("GET", "HEAD"):
            raise _refused(url, "only GET requests are made while rendering")
        if self.requests > self.limits.max_requests:
            raise _refused(url, f"the page made more than {self.limits.max_requests} requests")
        if self.fetch is None:
            raise _refused(url, "the network is off for this render")
        got = await self.fetch(url)
        self.bytes += len(got.body)
        if self.bytes > self.limits.max_bytes:
            raise _refused(url, f"the page's requests passed {self.limits.max_bytes:,} bytes")
        return 200, _headers(got.content_type, got.charset), got.body

    async def settled(self, deadline: float) -> None:
        """Waits for the load event, then for a quiet spell with no request in flight; at the
        deadline (a page that never stops loading, a long poll), the DOM is read as it stands."""
        loop = asyncio.get_running_loop()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.loaded.wait(), max(0.0, deadline - loop.time()))
        while loop.time() < deadline:
            quiet = loop.time() - self.last_activity
            if self.in_flight == 0 and quiet >= self.limits.settle:
                return
            await asyncio.sleep(max(0.05, min(self.limits.settle - quiet, 0.25)))


def _refused(url: str, why: str) -> FetchError:
    return FetchError(
        f"Refused {url} while rendering: {why}.",
        code=ErrorCode.TOO_LARGE,
        recovery=Recovery.USE_SUPPLIED_TEXT,
        details={"url": url},
    )


def _headers(content_type: str | None, charset: str | None) -> list[dict[str, str]]:
    value = content_type or "application/octet-stream"
    if charset:
        value += f"; charset={charset}"
    return [{"name": "Content-Type", "value": value}]


async def render_page(
    url: str,
    *,
    document: FetchedBody | None = None,
    fetch: Fetch | None = None,
    limits: RenderLimits | None = None,
    executable: str | None = None,
    screenshot: bool = False,
) -> Rendered:
    """Render a page in headless Chromium and return its DOM as HTML.

    Args:
        url: the page's address (for a local file, a made-up address under ``.invalid``, which
            no resolver answers).
        document: the page's bytes, fetched already: the first request for ``url`` is answered
            with them, so the page is fetched once.
        fetch: fetches every other request through the guard; None refuses them all.
        limits: the render's budget.
        executable: the Chromium executable (``find_chromium`` by default).
        screenshot: also capture the window as a PNG (what a reader would see first).

    Returns:
        The rendered HTML, the browser's version and the refused URLs.

    Raises:
        SourceError: ``renderer_missing``.
        FetchError: ``render_failed``, ``timeout`` or ``too_large``.
    """
    limits = limits or RenderLimits()
    binary = find_chromium(executable)
    loop = asyncio.get_running_loop()
    started = loop.time()
    profile = tempfile.mkdtemp(prefix="quote-tui-render-")
    try:
        async with asyncio.timeout(limits.timeout):
            browser = await _launch(binary, profile, limit=2 * limits.max_bytes + 1_000_000)
            pump = asyncio.ensure_future(browser.pump())
            try:
                return await _drive(
                    browser, url, document, fetch, limits, started, screenshot=screenshot
                )
            finally:
                await asyncio.shield(_stop(browser, pump))
    except TimeoutError as exc:
        raise FetchError(
            f"{url} was not rendered within {limits.timeout:g} s.",
            code=ErrorCode.TIMEOUT,
            recovery=Recovery.RETRY_LATER,
            details={"url": url, "timeout": limits.timeout, "reason": "render"},
        ) from exc
    finally:
        shutil.rmtree(profile, ignore_errors=True)


async def _drive(
    browser: _Browser,
    url: str,
    document: FetchedBody | None,
    fetch: Fetch | None,
    limits: RenderLimits,
    started: float,
    *,
    screenshot: bool = False,
) -> Rendered:
    version = (await browser.call("Browser.getVersion")).get("product", "Chromium")
    context = (await browser.call("Target.createBrowserContext", {"disposeOnDetach": True}))[
        "browserContextId"
    ]
    await browser.call(
        "Browser.setDownloadBehavior", {"behavior": "deny", "browserContextId": context}
    )
    target = (
        await browser.call(
            "Target.createTarget", {"url": "about:blank", "browserContextId": context}
        )
    )["targetId"]
    session = (await browser.call("Target.attachToTarget", {"targetId": target, "flatten": True}))[
        "sessionId"
    ]
    page = _Page(browser, session, url=url, document=document, fetch=fetch, limits=limits)
    browser.listeners.append(page.on_message)
    try:
        await browser.call("Network.enable", {}, session)
        await browser.call(
            "Network.setBlockedURLs", {"urls": ["ws://*", "wss://*", "ftp://*"]}, session
        )
        await browser.call("Network.setCacheDisabled", {"cacheDisabled": True}, session)
        await browser.call(
            "Fetch.enable", {"patterns": [{"urlPattern": "*", "requestStage": "Request"}]}, session
        )
        await browser.call("Page.enable", {}, session)
        await browser.call(
            "Page.addScriptToEvaluateOnNewDocument", {"source": _NO_SERVICE_WORKERS}, session
        )
        navigated = await browser.call("Page.navigate", {"url": url}, session)
        if navigated.get("errorText"):
            raise _render_failed(f"the browser could not open {url} ({navigated['errorText']})")
        # the DOM is read by three quarters of the budget, whatever the page is still doing
        await page.settled(started + 0.75 * limits.timeout)
        result = await browser.call(
            "Runtime.evaluate",
            {"expression": "document.documentElement.outerHTML", "returnByValue": True},
            session,
        )
        shot = None
        if screenshot:
            captured = await browser.call("Page.captureScreenshot", {"format": "png"}, session)
            shot = base64.b64decode(captured.get("data", ""))
    finally:
        browser.listeners.remove(page.on_message)
        for task in list(page.tasks):
            task.cancel()
    html = str(result.get("result", {}).get("value") or "")
    if len(html.encode("utf-8")) > limits.max_bytes:
        raise FetchError(
            f"The rendered page {url} is larger than the {limits.max_bytes:,}-byte limit.",
            code=ErrorCode.TOO_LARGE,
            recovery=Recovery.USE_SUPPLIED_TEXT,
            details={"url": url, "max_bytes": limits.max_bytes},
        )
    return Rendered(
        html="<!DOCTYPE html>\n" + html,
        browser=version,
        refused=tuple(page.refused),
        requests=page.requests,
        seconds=asyncio.get_running_loop().time() - started,
        screenshot=shot,
    )

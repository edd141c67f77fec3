"""``quote-tui demo --web``: the same app in headless Chromium, over the DevTools protocol.

The page is loaded from the real server (``python -m quote_tui demo --web``) by a real browser
whose resolver answers nothing but loopback, so a page that asked a CDN for a font or a script
is seen asking (every request is recorded) and gets nothing. What the app draws reaches the page
over a WebSocket as terminal output; a script added before the page's own records it, which is
what the page's terminal (xterm.js, drawn on a canvas) paints.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

aiohttp = pytest.importorskip(
    "aiohttp", reason="--web needs textual-serve: pip install -e '.[web]'"
)

CHROMIUM = next(
    (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)),
    None,
)
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None and not os.environ.get("CI"),
    reason="Chromium is not installed (apt-get install chromium; .ci/run installs it)",
)

# Collects the terminal output the page receives: the page's terminal paints exactly these bytes.
RECORD_SCREEN = """
window.__screen = "";
const Native = window.WebSocket;
const decoder = new TextDecoder();
window.WebSocket = function (url, protocols) {
  const socket = new Native(url, protocols);
  socket.addEventListener("message", (event) => {
    if (typeof event.data !== "string") {
      window.__screen += decoder.decode(new Uint8Array(event.data), {stream: true});
    }
  });
  return socket;
};
window.WebSocket.prototype = Native.prototype;
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _listening(port: int) -> None:
    """Wait until the server accepts connections (it says where it serves just before)."""
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _env(tmp: Path) -> dict[str, str]:
    home = tmp / "home"
    return {
        **os.environ,
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_CACHE_HOME": str(home / "cache"),
    }


def _start(argv: list[str], tmp: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "quote_tui", *argv],
        env=_env(tmp),
        cwd=tmp,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )


# A file name the shell would run a command from, were the tab's command not quoted word by word.
HOSTILE_NAME = "my paper $(touch pwned) `touch pwned2`; touch pwned3.json"


@pytest.fixture(params=["demo", "open", "demo with a key"])
def web_demo(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """``quote-tui demo --web``, ``open FILE --web`` on a small batch, or the demo with
    ``--api-key``, on a free loopback port; yields its address and the page's query."""
    port = _free_port()
    argv, query = ["demo"], ""
    if request.param == "demo with a key":
        argv, query = ["demo", "--api-key", "s3cret"], "?key=s3cret"
    if request.param == "open":
        (tmp_path / "notes.txt").write_text(
            "Four score and seven years ago our fathers brought forth a nation.\n"
            + "".join(f"Line {n} of the notes.\n" for n in range(12)),
            encoding="utf-8",
        )
        citations = [
            {"id": f"c{n}", "source": "notes", "quote": "Four score and seven years ago"}
            for n in range(1, 14)
        ]
        batch = {"sources": [{"id": "notes", "ref": "notes.txt"}], "citations": citations}
        (tmp_path / HOSTILE_NAME).write_text(json.dumps(batch), encoding="utf-8")
        argv = ["open", HOSTILE_NAME]
    server = _start([*argv, "--web", "--port", str(port)], tmp_path)
    assert server.stdout is not None
    line = server.stdout.readline()
    assert "served at" in line, line + server.stdout.read()
    _listening(port)
    try:
        yield f"http://127.0.0.1:{port}", query
    finally:
        os.killpg(server.pid, 15)  # the server and the app each tab started
        server.wait(timeout=20)


class Browser:
    """One headless Chromium page driven over the DevTools protocol."""

    def __init__(self, socket_: Any) -> None:
        self._socket = socket_
        self._ids = itertools.count(1)
        self.requests: list[str] = []
        self.console: list[str] = []

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        number = next(self._ids)
        await self._socket.send_json({"id": number, "method": method, "params": params})
        async for message in self._socket:
            data = json.loads(message.data)
            if data.get("id") == number:
                assert "error" not in data, data
                return dict(data.get("result", {}))
            self._event(data)
        raise AssertionError("the browser closed the connection")

    def _event(self, data: dict[str, Any]) -> None:
        params = data.get("params", {})
        if data.get("method") == "Network.requestWillBeSent":
            self.requests.append(params["request"]["url"])
        elif data.get("method") == "Network.webSocketCreated":
            self.requests.append(params["url"])
        elif data.get("method") == "Log.entryAdded":
            self.console.append(params["entry"].get("text", ""))

    async def evaluate(self, expression: str) -> Any:
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result["result"].get("value")

    async def screen_until(self, pattern: str, deadline: float) -> str:
        """The terminal output so far, once it holds ``pattern`` (escapes stripped)."""
        text = ""
        while time.monotonic() < deadline:
            text = _plain(await self.evaluate("window.__screen") or "")
            if re.search(pattern, text):
                return text
            await asyncio.sleep(0.25)
        raise AssertionError(f"{pattern!r} never painted; the page got: {text[-2000:]!r}")

    async def press(self, key: str) -> None:
        await self.evaluate("document.querySelector('.xterm-helper-textarea').focus()")
        for kind in ("keyDown", "keyUp"):
            await self.call("Input.dispatchKeyEvent", type=kind, key=key, text=key)


def _plain(terminal: str) -> str:
    """Terminal output without its escape sequences."""
    return re.sub(r"\x1b\[[0-9;?<>=$]*[A-Za-z~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)", "", terminal)


async def _drive(url: str, tmp: Path, check: Any, query: str = "") -> None:
    assert CHROMIUM is not None, "Chromium is not installed"
    chromium = await asyncio.create_subprocess_exec(
        CHROMIUM,
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--remote-debugging-port=0",
        f"--user-data-dir={tmp / 'profile'}",
        # nothing but this machine resolves: a page asking a CDN is seen asking, and gets nothing
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
        "--window-size=1200,800",
        "about:blank",
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        assert chromium.stderr is not None
        devtools = ""
        while "DevTools listening on" not in devtools:
            devtools = (await asyncio.wait_for(chromium.stderr.readline(), 30)).decode()
        port = re.search(r"ws://127\.0\.0\.1:(\d+)/", devtools).group(1)  # type: ignore[union-attr]
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{port}/json/list") as answer:
                pages = [t for t in await answer.json() if t["type"] == "page"]
            async with session.ws_connect(pages[0]["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                browser = Browser(ws)
                for domain in ("Network", "Page", "Runtime", "Log"):
                    await browser.call(f"{domain}.enable")
                await browser.call("Page.addScriptToEvaluateOnNewDocument", source=RECORD_SCREEN)
                await browser.call("Page.navigate", url=url + "/" + query)
                await check(browser)
    finally:
        chromium.kill()
        await chromium.wait()


@needs_chromium
def test_the_demo_in_a_browser_paints_and_takes_keys(
    web_demo: tuple[str, str], tmp_path: Path
) -> None:
    """The page paints the list and takes a key; with a key, the WebSocket carries the cookie
    the page's address set."""
    address, query = web_demo

    async def check(browser: Browser) -> None:
        deadline = time.monotonic() + 90
        screen = await browser.screen_until(r"Citations[\s\S]*c13", deadline)
        assert "Four score and seven years ago" in screen
        assert await browser.evaluate("document.body.classList.contains('-first-byte')")
        await browser.press("?")
        await browser.screen_until(r"Help · keys by pane", deadline)
        shot = await browser.call("Page.captureScreenshot", format="png")
        (tmp_path / "web.png").write_bytes(base64.b64decode(shot["data"]))
        own = (address + "/", address.replace("http", "ws", 1) + "/", "data:")
        outside = [u for u in browser.requests if not u.startswith(own)]
        assert outside == [], f"the page loaded from outside this machine: {outside}"
        assert not [c for c in browser.console if "Content Security Policy" in c], browser.console

    asyncio.run(_drive(address, tmp_path, check, query))
    assert not list(tmp_path.glob("pwned*"))


def _quote_tui(argv: list[str], tmp: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "quote_tui", *argv],
        env=_env(tmp),
        cwd=tmp,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_off_loopback_the_web_app_needs_a_key(tmp_path: Path) -> None:
    done = _quote_tui(["demo", "--web", "--host", "0.0.0.0", "--port", "1"], tmp_path)
    assert done.returncode == 2
    assert "--api-key" in done.stderr and "exposes" in done.stderr


def test_a_key_without_web_is_refused(tmp_path: Path) -> None:
    done = _quote_tui(["demo", "--api-key", "k"], tmp_path)
    assert done.returncode == 2
    assert "--api-key and --insecure-no-auth are for --web" in done.stderr


def test_the_page_loads_nothing_from_outside() -> None:
    from quote_tui.server.web_app import local_page

    static = "http://127.0.0.1:9/static/"
    page = (
        f'<link rel="stylesheet" href="{static}css/xterm.css" />\n'
        '<link\n  rel="stylesheet"\n  href="https://fonts.googleapis.com/css?family=Roboto%20Mono"\n/>'
        '<svg xmlns="http://www.w3.org/2000/svg"></svg>'
    )
    served = local_page(page, static)
    assert "googleapis" not in served
    assert f"url('{static}fonts/RobotoMono-VariableFont_wght.ttf')" in served
    for outside in ('<script src="https://cdn.example/x.js">', "<style>a{b:url(//cdn.example/f)}"):
        with pytest.raises(Exception, match="outside this machine"):
            local_page(page + outside, static)


@pytest.fixture
def keyed(tmp_path: Path) -> Iterator[str]:
    """``quote-tui demo --web --api-key secret`` on loopback."""
    port = _free_port()
    server = _start(["demo", "--web", "--port", str(port), "--api-key", "secret"], tmp_path)
    assert server.stdout is not None
    line = server.stdout.readline()
    assert "served at" in line and "?key=KEY" in line, line
    _listening(port)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        os.killpg(server.pid, 15)
        server.wait(timeout=20)


def test_the_key_comes_once_in_the_address_then_in_a_cookie(keyed: str) -> None:
    async def run() -> None:
        # the cookie jar keeps cookies of an IP address only when told to
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(cookie_jar=jar) as session:
            async with session.get(f"http://{keyed}/") as answer:
                assert answer.status == 401
                assert "/?key=KEY" in await answer.text()
            async with session.get(f"http://{keyed}/?key=wrong") as answer:
                assert answer.status == 401
            async with session.get(f"http://{keyed}/static/js/textual.js") as answer:
                assert answer.status == 401
            async with session.get(f"http://{keyed}/?key=secret") as answer:
                assert answer.status == 200
                cookie = answer.cookies["quote_tui_key"]
                assert cookie["httponly"] and cookie["samesite"] == "Strict"
                assert "default-src 'self'" in answer.headers["Content-Security-Policy"]
            async with session.get(f"http://{keyed}/static/js/textual.js") as answer:
                assert answer.status == 200
            # a WebSocket is not bound by the same-origin rule: the guard is
            for origin, status in (("http://evil.example", 403), ("http://localhost:1", 403)):
                async with session.get(
                    f"http://{keyed}/ws", headers={"Origin": origin, "Upgrade": "websocket"}
                ) as answer:
                    assert answer.status == status, origin
            async with session.get(f"http://{keyed}/", headers={"Host": "evil.example"}) as answer:
                assert answer.status == 421

    asyncio.run(run())


def test_a_file_that_cannot_be_opened_is_said_before_serving(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    done = _quote_tui(["open", "broken.json", "--web", "--port", str(_free_port())], tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "served at" not in done.stdout
    assert "broken.json" in done.stderr


def test_each_browser_tab_gets_a_demo_of_its_own(tmp_path: Path) -> None:
    """textual-serve starts one app per tab: each tab's demo lives in its own temporary folder,
    so a second tab neither resets the first one's demo nor writes over its edits."""
    port = _free_port()
    temp = tmp_path / "temp"
    temp.mkdir()
    env = {**_env(tmp_path), "TMPDIR": str(temp)}
    server = subprocess.Popen(
        [sys.executable, "-m", "quote_tui", "demo", "--web", "--port", str(port)],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    _listening(port)

    def demos() -> list[Path]:
        return sorted(temp.glob("quote-tui-demo-*/demo/demo.json"))

    async def two_tabs() -> None:
        async with aiohttp.ClientSession() as session:
            url = f"http://127.0.0.1:{port}/ws?width=100&height=30"
            async with session.ws_connect(url) as first, session.ws_connect(url) as second:
                deadline = time.monotonic() + 60
                while len(demos()) < 2 and time.monotonic() < deadline:
                    for tab in (first, second):  # the apps stall when their output is not read
                        with contextlib.suppress(asyncio.TimeoutError):
                            await tab.receive(timeout=0.1)
                assert len(demos()) == 2, list(temp.rglob("*"))

    try:
        asyncio.run(two_tabs())
    finally:
        os.killpg(server.pid, 15)
        server.wait(timeout=20)
    assert demos()[0].parent.parent != demos()[1].parent.parent
    # the user's own demo (the terminal's) is not touched by a tab
    assert not list((tmp_path / "home").rglob("demo.json"))


def test_a_tabs_command_runs_this_copy_not_the_working_folders(tmp_path: Path) -> None:
    # textual-serve runs the command in the folder the server was started in, which may hold
    # another checkout of quote_tui (here a broken one)
    from quote_tui.server.web_app import app_command

    other = tmp_path / "quote_tui"
    other.mkdir()
    (other / "__init__.py").write_text("raise ImportError('the working folder copy')\n")
    done = subprocess.run(
        shlex.split(app_command(["--version"])),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "quote_tui" in done.stdout

"""Run hostile clients against a local ``quote-tui serve`` and check it still answers.

    python scripts/soak.py [--silent 200] [--slow 50] [--header-timeout S] [--body-timeout S]

Starts ``quote-tui serve --root DIR`` on a free loopback port (never any other address), then,
one attack at a time: connections that send nothing, headers sent a byte at a time, bodies sent
a byte at a time, reads of a FIFO and a socket under the root, lone surrogates, JSON nested
200,000 deep. After each, a normal request must get its answer. Prints one line of figures per
attack and exits 1 if any check failed. ``tests/hostile/test_soak.py`` runs a small slice.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
TEXT = "It is a truth universally acknowledged, that a single man in possession of a good fortune."
BATCH = {
    "sources": [{"id": "s", "text": TEXT}],
    "citations": [{"id": "c", "source": "s", "quote": "a truth universally acknowledged"}],
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def request(port: int, method: str, path: str, body: bytes = b"", timeout: float = 30) -> tuple:
    """One HTTP/1.1 request on a fresh connection: (status, parsed JSON body or None)."""
    head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n"
    head += f"Content-Length: {len(body)}\r\n\r\n"
    with socket.create_connection((HOST, port), timeout=timeout) as s:
        s.sendall(head.encode() + body)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    header, _, payload = data.partition(b"\r\n\r\n")
    status = int(header.split(b" ", 2)[1]) if header else 0
    try:
        return status, json.loads(payload)
    except ValueError:
        return status, None


def normal(port: int) -> bool:
    """A normal check answers 200 with the exact verdict."""
    status, report = request(port, "POST", "/v1/check", json.dumps(BATCH).encode())
    return status == 200 and report["citations"][0]["status"] == "exact"


def _closed(socks: list[socket.socket], within: float) -> int:
    deadline = time.monotonic() + within
    closed = 0
    for s in socks:
        s.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            while s.recv(4096):
                pass
            closed += 1
        except OSError:
            pass
        finally:
            s.close()
    return closed


def _connect(port: int, count: int, first: bytes = b"") -> list[socket.socket]:
    """``count`` connections, each having sent ``first`` (the start of a request) and no more."""
    socks = []
    for _ in range(count):
        s = socket.create_connection((HOST, port), timeout=5)
        if first:
            s.sendall(first)
        socks.append(s)
    return socks


def _answered_while_held(port: int, socks: list[socket.socket], within: float) -> dict[str, Any]:
    """A normal request is answered while ``socks`` are held open, and the server closes them."""
    answered = normal(port)  # no ticket is held by a connection still sending
    start = time.monotonic()
    closed = _closed(socks, within)
    return {
        "ok": answered and closed == len(socks),
        "closed": f"{closed}/{len(socks)}",
        "seconds": round(time.monotonic() - start, 1),
    }


def silent(port: int, count: int, within: float) -> dict[str, Any]:
    return _answered_while_held(port, _connect(port, count), within)


def slow_headers(port: int, count: int, within: float) -> dict[str, Any]:
    socks = _connect(port, count, b"POST /v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    deadline = time.monotonic() + within
    alive = list(socks)
    while alive and time.monotonic() < deadline:  # a byte a second each
        for s in list(alive):
            try:
                s.sendall(b"a")
            except OSError:
                alive.remove(s)
        time.sleep(1)
    closed = _closed(socks, 2)
    return {"ok": closed == count and normal(port), "closed": f"{closed}/{count}"}


def slow_bodies(port: int, count: int, within: float) -> dict[str, Any]:
    head = b"POST /v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n{"
    return _answered_while_held(port, _connect(port, count, head), within)


def special_files(port: int, root: Path) -> dict[str, Any]:
    codes = {}
    for name in ("pipe.txt", "sock.txt"):
        start = time.monotonic()
        status, read = request(port, "POST", "/v1/read", json.dumps({"ref": name}).encode())
        error = (read or {}).get("source", {}).get("error") or {}
        codes[name] = (status, error.get("code"), round(time.monotonic() - start, 2))
    ok = all(c[:2] == (200, "not_a_file") for c in codes.values()) and normal(port)
    return {"ok": ok, **{k: f"{v[1]} in {v[2]} s" for k, v in codes.items()}}


def surrogates(port: int) -> dict[str, Any]:
    body = (
        b'{"sources": [{"id": "s\\ud800", "text": "a \\ud800 b c d e"}], "citations": '
        b'[{"id": "c", "source": "s\\ufffd", "quote": "x \\udfff y"}]}'
    )
    status, report = request(port, "POST", "/v1/check", body)
    code = report["citations"][0]["error"]["code"] if status == 200 else None
    return {"ok": status == 200 and code == "decode_error" and normal(port), "status": status}


def deep_json(port: int) -> dict[str, Any]:
    body = b"[" * 200_000 + b"]" * 200_000
    status, error = request(port, "POST", "/v1/check", body[: 60 * 1024])
    status2, _ = request(port, "POST", "/v1/check", b'{"sources": ' + b"[" * 30_000)
    ok = status == 400 and status2 == 400 and normal(port)
    return {"ok": ok, "statuses": f"{status}, {status2}"}


def start_server(root: Path, port: int, *, header_timeout: float, body_timeout: float) -> Any:
    command = [
        sys.executable,
        "-m",
        "quote_tui",
        "serve",
        "--host",
        HOST,
        "--port",
        str(port),
        "--root",
        str(root),
        "--offline",
        "--header-timeout",
        str(header_timeout),
        "--body-timeout",
        str(body_timeout),
    ]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(Path(__file__).resolve().parents[1]), env.get("PYTHONPATH")) if p
    )
    server = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    for _ in range(300):
        try:
            if request(port, "GET", "/v1/health", timeout=1)[0] == 200:
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


def run(
    *,
    silent_count: int = 200,
    slow_count: int = 50,
    header_timeout: float = 5.0,
    body_timeout: float = 10.0,
    out: Callable[[str], None] = print,
) -> bool:
    """Run every attack once; True when the server held and answered after each."""
    with tempfile.TemporaryDirectory(prefix="quote_tui-soak-") as folder:
        root = Path(folder)
        os.mkfifo(root / "pipe.txt")
        listener = socket.socket(socket.AF_UNIX)
        listener.bind(str(root / "sock.txt"))
        port = _free_port()
        server = start_server(root, port, header_timeout=header_timeout, body_timeout=body_timeout)
        wait = header_timeout + 10
        attacks: list[tuple[str, Callable[[], dict[str, Any]]]] = [
            ("silent connections", lambda: silent(port, silent_count, wait)),
            ("slow headers", lambda: slow_headers(port, slow_count, wait)),
            ("slow bodies", lambda: slow_bodies(port, slow_count, body_timeout + 10)),
            ("FIFO and socket", lambda: special_files(port, root)),
            ("lone surrogates", lambda: surrogates(port)),
            ("deep JSON", lambda: deep_json(port)),
        ]
        held = True
        try:
            for name, attack in attacks:
                start = time.monotonic()
                figures = attack()
                held = held and bool(figures.pop("ok"))
                shown = ", ".join(f"{k} {v}" for k, v in figures.items())
                verdict = "held" if held else "FAILED"
                out(f"{name:<20} {verdict:<6} {time.monotonic() - start:5.1f} s  {shown}")
        finally:
            server.terminate()
            server.wait(10)
            listener.close()
        return held


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--silent", type=int, default=200, help="silent connections")
    parser.add_argument("--slow", type=int, default=50, help="slow headers and slow bodies")
    parser.add_argument("--header-timeout", type=float, default=5.0)
    parser.add_argument("--body-timeout", type=float, default=10.0)
    args = parser.parse_args()
    held = run(
        silent_count=args.silent,
        slow_count=args.slow,
        header_timeout=args.header_timeout,
        body_timeout=args.body_timeout,
    )
    print("the server held" if held else "the server did NOT hold")
    return 0 if held else 1


if __name__ == "__main__":
    sys.exit(main())

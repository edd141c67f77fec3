"""Run the attacks of the last security probe against this machine's loopback and check each holds.

    python scripts/probe.py [--races 5000] [--hog 1000] [--citations 1000000] [--skip NAME ...]

Every attack runs on 127.0.0.0/8 only, in a temporary folder, bounded in count and time, and
stops by itself: outputs to a device node, a FIFO, a symlink and ``/dev/stdout``; a folder
swapped for a symlink while ``/v1/read`` requests run (``--root``); local paths named by a model
answer, an agent list and a bibliography; WebRTC from a rendered page to a UDP listener (when
Chromium is installed); raw HTML in a reference, terminal escapes in a text, lone surrogates in
references; a model answer of ``--citations`` citations (time and peak memory); one client
reconnecting ``--hog`` times while another probes; ``--clients`` heavy requests at once, whose
503s must not overstate the wait. Prints one line of figures per attack and
exits 1 if any failed. ``tests/hostile/test_probe.py`` runs a small slice in CI.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import soak  # noqa: E402  (its loopback request helper and server start)

HOST = soak.HOST
SECRET = "hunter2-the-secret-word"
ESCAPES = "\x1b]52;c;aGVsbG8=\x07\x1b]0;pwned\x07\x1b[2J\x1b[H"
HEALTH = f"GET /v1/health HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode()
PROSE = "The keeper wrote his letters by lamplight in the winter of that year. " * 20


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(Path(__file__).resolve().parents[1]), env.get("PYTHONPATH")) if p
    )
    return env


def _cli(*args: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "quote_tui", *args],
        capture_output=True,
        timeout=timeout,
        cwd=cwd,
        env=_env(),
    )


def _serve(root: Path, *extra: str) -> tuple[subprocess.Popen[bytes], int]:
    port = soak._free_port()
    command = [sys.executable, "-m", "quote_tui", "serve", "--host", HOST, "--port", str(port)]
    command += ["--root", str(root), "--offline", *extra]
    server = subprocess.Popen(
        command, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    for _ in range(300):
        with contextlib.suppress(OSError):
            if soak.request(port, "GET", "/v1/health", timeout=1)[0] == 200:
                return server, port
        time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


def _stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(10)


def _batch(folder: Path) -> Path:
    (folder / "t.txt").write_text("the words of the source\n", encoding="utf-8")
    batch = {
        "sources": [{"id": "s1", "ref": "t.txt"}],
        "citations": [{"id": "c1", "source": "s1", "quote": "the words"}],
    }
    (folder / "b.json").write_text(json.dumps(batch), encoding="utf-8")
    return folder / "b.json"


# -- the attacks: each returns {"ok": bool, figures...}


def outputs(folder: Path) -> dict[str, Any]:
    """``-o`` to a device node, a FIFO, a symlink and ``/dev/stdout`` keeps each what it was."""
    batch = _batch(folder)
    kinds: dict[str, bool] = {}
    null = folder / "null"
    try:
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        _cli("check", str(batch), "-o", str(null), cwd=folder)
        kinds["device"] = stat.S_ISCHR(os.lstat(null).st_mode)
    except PermissionError:
        kinds["device"] = True  # not root: no device node to make (and none to break)
    fifo = folder / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    _cli("check", str(batch), "-o", str(fifo), cwd=folder)
    reader.join(30)
    kinds["fifo"] = stat.S_ISFIFO(os.lstat(fifo).st_mode) and b'"citations"' in b"".join(got)
    target = folder / "real.json"
    target.write_text("old", encoding="utf-8")
    link = folder / "link.json"
    link.symlink_to(target)
    _cli("check", str(batch), "-o", str(link), cwd=folder)
    kinds["symlink"] = link.is_symlink() and '"citations"' in target.read_text(encoding="utf-8")
    # the same link /dev/stdout is, made in the probe's own folder: no system path is named
    stdout = folder / "stdout"
    stdout.symlink_to("/proc/self/fd/1")
    done = _cli("check", str(batch), "-o", str(stdout), cwd=folder)
    kinds["stdout"] = done.returncode == 0 and b'"citations"' in done.stdout
    return {"ok": all(kinds.values()), **{k: "kept" if v else "BROKEN" for k, v in kinds.items()}}


def _swap(root: Path, outside: Path, stop: threading.Event, counted: list[int]) -> None:
    sub, held = root / "sub", root / ".held"
    while not stop.is_set():
        os.rename(sub, held)
        os.symlink(outside, sub)
        time.sleep(0.0005)
        os.unlink(sub)
        os.rename(held, sub)
        counted[0] += 1
        time.sleep(0.0005)


def raced_reads(folder: Path, count: int) -> dict[str, Any]:
    """``count`` ``/v1/read`` requests while a thread swaps a folder under the root for a link
    out of it: none may return the file outside."""
    root, outside = folder / "root", folder / "outside"
    (root / "sub").mkdir(parents=True)
    outside.mkdir()
    (root / "sub" / "f.txt").write_text("inside the root\n", encoding="utf-8")
    (outside / "f.txt").write_text(SECRET + "\n", encoding="utf-8")
    server, port = _serve(root, "--max-concurrent", "8", "--max-waiting", "1024")
    stop, swaps = threading.Event(), [0]
    swapper = threading.Thread(target=_swap, args=(root, outside, stop, swaps), daemon=True)
    swapper.start()
    codes: dict[str, int] = {}
    leaked = 0
    lock = threading.Lock()
    body = json.dumps({"ref": "sub/f.txt"}).encode()

    def reads(n: int) -> None:
        nonlocal leaked
        for _ in range(n):
            status, answer = soak.request(port, "POST", "/v1/read", body)
            error = ((answer or {}).get("source") or {}).get("error")
            key = error["code"] if error else ("read" if status == 200 else str(status))
            with lock:
                codes[key] = codes.get(key, 0) + 1
                leaked += SECRET in str((answer or {}).get("text"))

    try:
        workers = [threading.Thread(target=reads, args=(count // 4,)) for _ in range(4)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
    finally:
        stop.set()
        swapper.join(10)
        _stop(server)
    return {"ok": leaked == 0, "leaked": leaked, "swaps": swaps[0], "answers": codes}


def untrusted_paths(folder: Path) -> dict[str, Any]:
    """A model answer, an agent list and a ``.bib`` naming files outside the manuscript's
    folder read none of them."""
    home, work = folder / "home", folder / "work"
    home.mkdir()
    work.mkdir()
    (home / "notes.txt").write_text(f"my bank password is {SECRET}\n", encoding="utf-8")
    notes = str(home / "notes.txt")
    text = "my bank password is"
    cites = [notes, "file://" + notes, "~/notes.txt"]
    answer = {
        "object": "response",
        "output": [
            {
                "type": "message",
                "content": [
                    {
                        "type": "output_text",
                        "text": text,
                        "annotations": [
                            {"type": "url_citation", "url": u, "start_index": 0, "end_index": 19}
                            for u in cites
                        ],
                    }
                ],
            }
        ],
    }
    (work / "answer.json").write_text(json.dumps(answer), encoding="utf-8")
    agent = [{"quote": text, "source": notes}, {"quote": text, "url": "../home/notes.txt"}]
    (work / "agent.json").write_text(json.dumps(agent), encoding="utf-8")
    (work / "refs.bib").write_text(
        f"@misc{{a, title = {{A}}, file = {{{notes}}}}}\n"
        "@misc{b, title = {B}, file = {~/notes.txt}}\n"
        "@misc{c, title = {C}, file = {../home/notes.txt}}\n",
        encoding="utf-8",
    )
    (work / "paper.md").write_text(
        f'"{text}" [@a]. And "{text}" [@b]. And "{text}" [@c].\n', encoding="utf-8"
    )
    env_home = os.environ.get("HOME")
    os.environ["HOME"] = str(home)
    leaks: dict[str, int] = {}
    try:
        for name, args in (
            ("answer", ["check", "answer.json"]),
            ("agent list", ["check", "agent.json"]),
            ("bib", ["check", "paper.md", "--bib", "refs.bib"]),
        ):
            done = _cli(*args, "--json", "--offline", cwd=work)
            # no report at all would leak nothing and prove nothing: count it as a failure
            leaks[name] = (
                done.stdout.count(SECRET.encode()) if b'"citations"' in done.stdout else -1
            )
    finally:
        if env_home is None:
            os.environ.pop("HOME", None)
        else:
            os.environ["HOME"] = env_home
    return {"ok": not any(leaks.values()), **{f"{k} leaks": v for k, v in leaks.items()}}


def webrtc(folder: Path) -> dict[str, Any]:
    """A rendered page opening RTCPeerConnections with STUN and TURN to a loopback UDP
    listener sends it nothing."""
    if not any(shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")):
        return {"ok": True, "skipped": "no Chromium"}
    listener = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    listener.bind((HOST, 0))
    listener.settimeout(0.3)
    port = listener.getsockname()[1]
    page = folder / "calls.html"
    page.write_text(
        "<html><body><p>"
        + PROSE
        + "</p><script>for (let i = 0; i < 3; i++) { try { const pc = new RTCPeerConnection("
        f"{{iceServers: [{{urls: 'stun:{HOST}:{port}'}}, {{urls: 'turn:{HOST}:{port}"
        "?transport=udp', username: 'u', credential: 'p'}]}); pc.createDataChannel('d');"
        " pc.createOffer().then(o => pc.setLocalDescription(o)); } catch (e) {} }</script>"
        "</body></html>",
        encoding="utf-8",
    )
    _cli("text", str(page), "--render", "always", cwd=folder, timeout=120)
    datagrams = 0
    try:
        while True:
            listener.recvfrom(2048)
            datagrams += 1
    except TimeoutError:
        pass
    finally:
        listener.close()
    return {"ok": datagrams == 0, "datagrams": datagrams}


def escaping(folder: Path) -> dict[str, Any]:
    """Raw HTML in a reference stays text; ``text`` writes no escape sequence; a lone
    surrogate in a reference gets a report over the CLI and 200 over HTTP."""
    bib = folder / "refs.bib"
    bib.write_text(
        "@article{k, title = {T <img src=x onerror=alert(1)>}, year = {2000}, doi = {10.1/x}}\n",
        encoding="utf-8",
    )
    md = folder / "refs.md"
    _cli("refs", str(bib), "--offline", "-o", str(md), cwd=folder)
    raw_html = md.read_text(encoding="utf-8").count("<img") - md.read_text(encoding="utf-8").count(
        "\\<img"
    )
    page = folder / "escapes.txt"
    page.write_text(f"{PROSE}{ESCAPES}{PROSE}", encoding="utf-8")
    done = _cli("text", str(page), cwd=folder)
    raw_escapes = done.stdout.count(b"\x1b")
    csl = folder / "refs.json"
    csl.write_text('[{"id": "k\\ud800", "title": "T\\udc00", "DOI": "10.1/\\ud800"}]')
    refs = _cli("refs", str(csl), "--offline", "--format", "json", cwd=folder)
    server, port = _serve(folder)
    try:
        body = b'{"csl": [{"id": "k\\ud800", "title": "T", "DOI": "10.1/\\ud800"}]}'
        status, _ = soak.request(port, "POST", "/v1/references", body)
    finally:
        _stop(server)
    ok = raw_html == 0 and raw_escapes == 0 and refs.returncode == 0 and status == 200
    return {
        "ok": ok,
        "raw html": raw_html,
        "raw escapes": raw_escapes,
        "refs exit": refs.returncode,
        "http": status,
    }


_MEASURED = (
    "import resource, sys; from quote_tui.cli import main; code = main(sys.argv[1:]); "
    "sys.stderr.write(f'\\nmaxrss {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\\n'); "
    "sys.exit(code)"
)


def answer_cap(folder: Path, citations: int, cap: int = 10_000) -> dict[str, Any]:
    """An answer of ``citations`` citations gives a report with a cap warning; wall time and
    the child's peak memory are the figures (the goal: 10^6 in 60 s and 1 GiB)."""
    (folder / "doc.txt").write_text(PROSE, encoding="utf-8")
    with (folder / "answer.json").open("w", encoding="utf-8") as handle:
        handle.write("[")
        handle.write(
            ",".join('{"quote": "letters by lamplight", "source": 0}' for _ in range(citations))
        )
        handle.write("]")
    start = time.monotonic()
    # the check runs in a child that reports its own peak (RUSAGE_CHILDREN would count every
    # child this script ever waited for)
    done = subprocess.run(
        [sys.executable, "-c", _MEASURED, "check", "answer.json", "--document", "doc.txt"]
        + ["--max-answer-citations", str(cap), "-o", "r.json"],
        capture_output=True,
        timeout=600,
        cwd=folder,
        env=_env(),
    )
    seconds = time.monotonic() - start
    peak_kib = int(done.stderr.rsplit(b"maxrss ", 1)[-1].split()[0] or 0)
    report = (
        json.loads((folder / "r.json").read_text(encoding="utf-8")) if done.returncode == 0 else {}
    )
    warned = any("--max-answer-citations" in w for w in report.get("warnings", ()))
    peak_mib = peak_kib / 1024
    ok = warned == (citations > cap) and seconds < 60 and peak_mib < 1024
    return {
        "ok": ok,
        "citations": citations,
        "seconds": f"{seconds:.1f}",
        "peak MiB": f"{peak_mib:.0f}",
        "warned": warned,
    }


def fairness(folder: Path, hog_count: int) -> dict[str, Any]:
    """One client reconnecting ``hog_count`` times while another (127.0.0.2) probes 12 times."""
    server, port = _serve(folder, "--max-connections", "64", "--header-timeout", "30")
    held: list[socket.socket] = []
    stop = threading.Event()
    opened = [0]

    def hog() -> None:
        while opened[0] < hog_count and not stop.is_set():
            try:
                s = socket.create_connection((HOST, port), timeout=2)
            except OSError:
                continue
            opened[0] += 1
            s.setblocking(False)
            held.append(s)
            for old in list(held):
                try:
                    if old.recv(1) == b"":
                        old.close()
                        held.remove(old)
                except BlockingIOError:
                    pass
                except OSError:
                    old.close()
                    held.remove(old)

    worker = threading.Thread(target=hog, daemon=True)
    worker.start()
    answered = 0
    try:
        while len(held) < 16 and worker.is_alive():
            time.sleep(0.01)
        for _ in range(12):
            try:
                with socket.create_connection(
                    (HOST, port), timeout=3, source_address=("127.0.0.2", 0)
                ) as s:
                    s.sendall(HEALTH)
                    answered += s.recv(64).startswith(b"HTTP/1.1 200")
            except OSError:
                pass
            time.sleep(0.05)
        worker.join(60)
    finally:
        stop.set()
        for s in held:
            s.close()
        _stop(server)
    return {"ok": answered >= 11, "hog connections": opened[0], "probes answered": f"{answered}/12"}


def retry_after(folder: Path, clients: int, idle: float = 10.0) -> dict[str, Any]:
    """``clients`` heavy requests at once: a 503's Retry-After may not promise a wait much longer
    than the queue took to drain (it once said 63 s of a server idle 6 s later)."""
    server, port = _serve(folder)
    words = PROSE.split()
    text = " ".join(words[(i * 7) % len(words)] for i in range(6_000))
    batch = {
        "sources": [{"id": "s", "text": text}],
        "citations": [
            {"id": f"c{n}", "source": "s", "quote": f"lamplight winter keeper {n} letters wrote"}
            for n in range(40)
        ],
    }
    body = json.dumps(batch).encode()
    answers: list[tuple[float, int, int | None]] = []
    lock = threading.Lock()

    def one(n: int) -> None:
        head = f"POST /v1/check HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n"
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        data = b""
        # eight loopback addresses, so the per-client cap does not shed these ones first
        source = (f"127.0.0.{1 + n % 8}", 0)
        with (
            contextlib.suppress(OSError),
            socket.create_connection((HOST, port), 120, source_address=source) as s,
        ):
            s.sendall(head.encode() + body)
            while chunk := s.recv(65536):
                data += chunk
        header = data.partition(b"\r\n\r\n")[0].decode("latin-1")
        status = int(header.split(" ", 2)[1]) if header.startswith("HTTP/") else 0
        wait = next(
            (
                int(line.split(":", 1)[1])
                for line in header.split("\r\n")
                if line.lower().startswith("retry-after:")
            ),
            None,
        )
        with lock:
            answers.append((time.monotonic(), status, wait))

    try:
        # a request, then the server sits idle: the pause must not read as a slow drain later
        one(0)
        answers.clear()
        time.sleep(idle)
        threads = [threading.Thread(target=one, args=(n,)) for n in range(clients)]
        for t in threads:
            t.start()
            time.sleep(0.01)  # arriving over a few seconds, as clients do
        for t in threads:
            t.join(180)
    finally:
        _stop(server)
    served = [at for at, status, _ in answers if status == 200]
    idle = max(served, default=time.monotonic())
    busy = [(at, wait) for at, status, wait in answers if status == 503 and wait is not None]
    # how much longer than the real drain each 503 told its client to wait
    over = max((at + wait - idle for at, wait in busy), default=0.0)
    waits = sorted(wait for _, wait in busy)
    return {
        "ok": over <= 10,
        "answered": len(served),
        "busy": len(busy),
        "Retry-After max": waits[-1] if waits else None,
        "overstated by s": f"{max(over, 0):.1f}",
    }


def run(
    *,
    races: int = 5_000,
    hog: int = 1_000,
    citations: int = 1_000_000,
    cap: int = 10_000,
    clients: int = 300,
    skip: tuple[str, ...] = (),
    out: Callable[[str], None] = print,
) -> bool:
    """Run every attack not skipped once; True when each held."""
    attacks: list[tuple[str, Callable[[Path], dict[str, Any]]]] = [
        ("outputs", outputs),
        ("raced reads", lambda f: raced_reads(f, races)),
        ("untrusted paths", untrusted_paths),
        ("webrtc", webrtc),
        ("escaping", escaping),
        ("answer cap", lambda f: answer_cap(f, citations, cap)),
        ("fairness", lambda f: fairness(f, hog)),
        ("retry-after", lambda f: retry_after(f, clients)),
    ]
    held = True
    for name, attack in attacks:
        if name in skip:
            continue
        with tempfile.TemporaryDirectory(prefix="quote_tui-probe-") as folder:
            start = time.monotonic()
            figures = attack(Path(folder))
            ok = bool(figures.pop("ok"))
            held = held and ok
            shown = ", ".join(f"{k} {v}" for k, v in figures.items())
            verdict = "held" if ok else "FAILED"
            out(f"{name:<16} {verdict:<6} {time.monotonic() - start:6.1f} s  {shown}")
    return held


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=5_000, help="raced /v1/read requests")
    parser.add_argument("--hog", type=int, default=1_000, help="connections of the hog client")
    parser.add_argument("--clients", type=int, default=300, help="heavy requests at once")
    parser.add_argument("--citations", type=int, default=1_000_000, help="citations in the answer")
    parser.add_argument(
        "--skip", action="append", default=[], metavar="NAME", help="an attack to skip"
    )
    args = parser.parse_args()
    held = run(
        races=args.races,
        hog=args.hog,
        citations=args.citations,
        clients=args.clients,
        skip=tuple(args.skip),
    )
    print("every attack held" if held else "an attack did NOT hold")
    return 0 if held else 1


if __name__ == "__main__":
    sys.exit(main())

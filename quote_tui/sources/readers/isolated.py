"""PDF, HTML and XML read in child processes, so a native crash or a hang costs one source.

Local files are read from their path (``ReaderPool.read``); fetched bodies are sent to the child
with their facts (``ReaderPool.read_body``), so a page from the network is parsed as safely as
a file on disk.

PyMuPDF and lxml run C code. PyMuPDF runs MuPDF with one shared context and no locks
(``reinit_singlethreaded``) and calls back into Python for every MuPDF warning; during such a
callback the interpreter may hand the GIL to another thread, which then enters MuPDF on the same
context. Reading in child processes keeps each MuPDF to one thread, and when a reader aborts or
segfaults anyway only its child dies: the source becomes ``unavailable`` with
``reader_crashed`` and the batch goes on. A read past its budget is ended by killing the child.

How: one small server process (``python -m quote_tui.sources.readers.isolated``), single-threaded,
imports the readers once and warms them up, then forks one child per read. A fork of a warm
process costs milliseconds where a fresh interpreter costs a second of imports, and forking is
safe there because the server runs no other thread (forking the caller itself, which runs
threads, is not). ``multiprocessing`` is not used: its ``spawn`` re-imports the caller's main
module in every worker, which re-runs a script that lacks an ``if __name__ == "__main__"``
guard. The parent reaches the server over a Unix socket in a private folder, authenticated with
a random key, and each read's child answers on that read's own connection. The matching indexes
are built in the parent: only the text and its page facts cross the socket.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import os
import select
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from multiprocessing.connection import Client, Connection, answer_challenge, deliver_challenge
from pathlib import Path
from typing import Any, Unpack

from quote_tui._fork import fork_child
from quote_tui.engine.errors import ErrorCode, QuoteTuiError, Recovery, SourceError
from quote_tui.sources.readers.files import DEFAULT_MAX_FILE_BYTES
from quote_tui.sources.readers.local import (
    BodyFacts,
    PageProgress,
    native,
    read_bytes,
    read_path,
    read_timeout_error,
)
from quote_tui.sources.readers.ocr_budget import STALL
from quote_tui.sources.readers.read_budget import ChildTime
from quote_tui.sources.records import LoadedSource

__all__ = [
    "FAULT_ENV",
    "ReaderPool",
    "UnexpectedReaderError",
    "isolation_available",
    "native",
    "shared_pool",
]

FAULT_ENV = "QUOTE_TUI_TEST_READER_FAULT"
"""Test hook: ``abort:NAME``, ``hang:NAME``, ``spin:NAME`` or ``crawl:NAME`` makes the child
reading a file named NAME (or a fetched body whose URL path's last segment is NAME) abort
(SIGABRT), hang, spin (an endless loop in a reader, on the processor) or crawl (given a little
processor time at a time for 3 s on the clock, half a second in all, as on a loaded machine,
then read), standing in for a native crash, a stuck or endless reader, or a starved one."""
_CRAWL = (3.0, 0.02, 0.1)
"""A crawling child's seconds on the clock, and each step's processor seconds and sleep."""

# The folder holding the quote_tui package, so the server imports this very copy of it.
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
_LATER = 3.0
"""Seconds past a scan's OCR's stall limit the parent still waits: the reader stops at it
(``ocr_budget.STALL``) and its answer is on the way."""
_START_TIMEOUT = 60.0


class UnexpectedReaderError(Exception):
    """A reader raised something other than a ``QuoteTuiError`` (a reader bug) in its child."""


def isolation_available() -> bool:
    """Whether this platform can fork a reader per file (POSIX with Unix sockets)."""
    return hasattr(os, "fork") and hasattr(socket, "AF_UNIX")


# --- the server and its children -----------------------------------------------------------


def _fault(path: str, spec: str) -> None:
    action, _, name = spec.partition(":")
    if not name or Path(path).name != name:
        return
    if action == "abort":
        os.abort()
    if action == "hang":
        threading.Event().wait()
    if action == "spin":
        while True:
            pass
    if action == "crawl":
        until, step, rest = time.monotonic() + _CRAWL[0], _CRAWL[1], _CRAWL[2]
        while time.monotonic() < until:
            spent = time.process_time() + step
            while time.process_time() < spent:
                pass
            time.sleep(rest)


@dataclass(frozen=True, slots=True)
class _BodyRequest:
    """A fetched body to read in a child, with what ``local.read_bytes`` needs to know of it."""

    data: bytes
    facts: BodyFacts


def _read_request(request: Any, fault: str, progress: PageProgress | None) -> LoadedSource:
    if isinstance(request, _BodyRequest):
        _fault(request.facts["name"], fault)
        return read_bytes(request.data, progress=progress, **request.facts)
    path, max_chars, ref, password, max_bytes, timeout, beneath = request
    _fault(path, fault)
    deadline = None if timeout is None else time.monotonic() + timeout
    return read_path(
        path,
        max_chars=max_chars,
        ref=ref,
        password=password,
        max_bytes=max_bytes,
        deadline=deadline,
        beneath=beneath,
        progress=progress,
    )


def _leave_when_unheard(conn: Connection) -> None:
    """Ends this child once the one waiting for its answer is gone.

    The parent sends nothing after its request, so the connection turns readable only when the
    parent closes it or dies (killed, or ended by a signal that runs no exit handler): a scan's
    OCR would otherwise read on for minutes for nobody, its workers with it (they stop once
    their parent, this child, is gone).
    """

    def watch() -> None:
        poller = select.poll()  # no limit on the descriptor's number, as select() has
        poller.register(conn.fileno(), select.POLLIN | select.POLLHUP)
        while not poller.poll():
            pass
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _read_one(conn: Connection) -> None:
    """A child's work: read the one requested file or body; send back the source or the error,
    and before it ("progress", n, m) as OCR reads page n of a scan's m: the parent's wait goes
    on while pages come (``ocr_budget``), whether or not it passes them on."""
    request, fault, _ = conn.recv()
    _leave_when_unheard(conn)
    sending = threading.Lock()  # OCR's workers are counted from several threads

    def progress(n: int, m: int) -> None:
        with sending:
            conn.send(("progress", n, m))

    reply: tuple[Any, ...]
    try:
        reply = ("ok", _read_request(request, fault, progress))
    except QuoteTuiError as exc:
        reply = ("error", exc.message, exc.code, exc.recovery, exc.details)
    except Exception as exc:  # a reader bug: the parent reports it as such
        reply = ("bug", f"{type(exc).__name__}: {exc}")
    conn.send(reply)


def _warm_up() -> None:
    """Import the readers and run each once, so every forked child starts warm."""
    import pymupdf

    from quote_tui.sources.readers.local import read_bytes

    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Warm up the PDF reader.")
    read_bytes(doc.tobytes(), name="warm.pdf")
    doc.close()
    html = b"<html><head><title>t</title></head><body><p>Warm up the HTML reader, " * 4
    read_bytes(html + b"</p></body></html>", name="warm.html")


def _serve(address: str, key: bytes) -> None:
    """The server's loop: fork a child per connection until the parent goes away."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listener.bind(address)
    except OSError:
        # the parent is gone (its private folder with it) or cannot be served: it sees the
        # closed pipe instead of "ready", and says so itself
        return
    listener.listen(64)
    # children are reaped by the kernel; the parent learns of a crash from the closed socket
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    print("ready", flush=True)
    # PyMuPDF prints its messages on stdout; after the handshake nobody reads it
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    selector.register(sys.stdin, selectors.EVENT_READ)
    while True:
        for event, _ in selector.select():
            if event.fileobj is sys.stdin:
                return  # the parent closed our stdin, or exited
            sock, _ = listener.accept()
            fork_child(functools.partial(_child, selector, listener, sock, key))
            sock.close()


def _child(
    selector: selectors.BaseSelector, listener: socket.socket, sock: socket.socket, key: bytes
) -> int:
    """A forked child's run: authenticate on its connection, read, answer; its exit code."""
    selector.close()
    listener.close()
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    try:
        conn = Connection(sock.detach())
        deliver_challenge(conn, key)
        answer_challenge(conn, key)
        conn.send(os.getpid())
        _read_one(conn)
    except BaseException:
        return 1
    return 0


def _main() -> int:
    """The server's entry point; the parent writes the socket path and key on stdin."""
    # Ctrl-C in a terminal reaches the whole process group; the parent decides what stops.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    address = sys.stdin.readline().strip()
    key = bytes.fromhex(sys.stdin.readline().strip())
    _warm_up()
    _serve(address, key)
    return 0


# --- the parent's side -----------------------------------------------------------------------


class ReaderPool:
    """Reads local files and fetched bodies in forked children, at most ``size`` at once (None:
    no limit of its own; callers bound their reads); the reads block.

    Thread-safe. The server starts on the first read; ``close`` stops it and any child still
    reading.
    """

    def __init__(self, size: int | None) -> None:
        self._slots: Any = (
            contextlib.nullcontext() if size is None else threading.BoundedSemaphore(max(1, size))
        )
        self._lock = threading.Lock()
        self._server: subprocess.Popen[str] | None = None
        self._folder: tempfile.TemporaryDirectory[str] | None = None
        self._address = ""
        self._key = b""
        self._children: set[int] = set()
        self._closed = False

    def read(
        self,
        path: str | os.PathLike[str],
        *,
        max_chars: int,
        ref: str | None = None,
        password: str | None = None,
        timeout: float | None = None,
        max_bytes: int = DEFAULT_MAX_FILE_BYTES,
        beneath: Path | None = None,
        progress: PageProgress | None = None,
    ) -> LoadedSource:
        """Read one local file in a child (see ``sources.readers.local.read_path``);
        ``progress`` is told (page n, of m) as OCR reads a scan, in the calling thread.

        Raises:
            SourceError: the reader's own error; ``reader_crashed`` when the child died while
                reading; ``timeout`` when the read took longer than ``timeout`` seconds.
            UnexpectedReaderError: a reader bug (any other exception in the child).
        """
        shown = os.fspath(path)
        request = (shown, max_chars, ref, password, max_bytes, timeout, beneath)
        return self._exchange(request, shown, timeout, progress)

    def read_body(
        self,
        data: bytes,
        *,
        timeout: float | None = None,
        progress: PageProgress | None = None,
        **facts: Unpack[BodyFacts],
    ) -> LoadedSource:
        """Read a document held in memory in a child (see ``sources.readers.local.read_bytes``).

        The bytes travel over the child's connection: nothing is written to disk. ``progress``
        as for ``read``.

        Raises:
            SourceError: as ``read`` does.
            UnexpectedReaderError: a reader bug (any other exception in the child).
        """
        shown = facts.get("url") or facts.get("location") or facts["name"]
        request = _BodyRequest(data, facts)
        return self._exchange(request, shown or "the fetched document", timeout, progress)

    def _exchange(
        self,
        request: Any,
        shown: str,
        timeout: float | None,
        progress: PageProgress | None = None,
    ) -> LoadedSource:
        """Send one request to a fresh child and wait for its answer, at most ``timeout`` s,
        passing on its progress reports."""
        with self._slots:
            self._start()
            conn = Client(self._address, family="AF_UNIX", authkey=self._key)
            pid = 0
            try:
                pid = conn.recv()
                with self._lock:
                    self._children.add(pid)
                # the test hook travels with each read: the server may predate the setting
                conn.send((request, os.environ.get(FAULT_ENV, ""), progress is not None))
                ends = None if timeout is None else time.monotonic() + timeout
                used = None if timeout is None else ChildTime(pid, timeout)
                while True:
                    left = None if ends is None else max(0.0, ends - time.monotonic())
                    if not conn.poll(left):
                        # the budget is processor time: a child a loaded machine gave less
                        # is waited for on, and so is this read by those waiting on it
                        more = 0.0 if used is None else used.more()
                        if more > 0:
                            ends = time.monotonic() + more
                            if progress is not None:
                                with contextlib.suppress(Exception):
                                    progress(0, 0)
                            continue
                        _kill(pid)
                        raise read_timeout_error(shown, timeout, stopped=True)
                    reply = conn.recv()
                    if reply[0] != "progress":
                        break
                    if ends is not None:  # OCR, counted in processor time, goes on
                        ends = max(ends, time.monotonic() + STALL + _LATER)
                    if progress is not None:
                        with contextlib.suppress(Exception):  # a listener's fault costs no read
                            progress(reply[1], reply[2])
            except (EOFError, OSError) as exc:
                raise SourceError(
                    f"The reader crashed on {shown}: the file may be damaged in a way that trips "
                    "the native library. Paste its text, or convert the file, and check again.",
                    code=ErrorCode.READER_CRASHED,
                    recovery=Recovery.USE_SUPPLIED_TEXT,
                ) from exc
            finally:
                conn.close()
                with self._lock:
                    self._children.discard(pid)
        kind, *rest = reply
        if kind == "ok":
            loaded: LoadedSource = rest[0]
            return loaded
        if kind == "error":
            message, code, recovery, details = rest
            raise SourceError(message, code=code, recovery=recovery, details=details)
        raise UnexpectedReaderError(rest[0])

    def close(self) -> None:
        """Stop the server and kill any child still reading."""
        # set before taking the lock, which a read may hold while a server starts: the reads
        # waiting behind it must not start another one
        self._closed = True
        with self._lock:
            server, self._server = self._server, None
            children, self._children = set(self._children), set()
        for pid in children:
            _kill(pid)
        if server is not None:
            if server.stdin is not None:
                server.stdin.close()  # the server's cue to leave
            try:
                server.wait(5)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        if self._folder is not None:
            self._folder.cleanup()
            self._folder = None

    def _start(self) -> None:
        with self._lock:
            if self._closed:
                raise RuntimeError("the reader pool is closed")
            if self._server is not None and self._server.poll() is None:
                return
            if self._folder is None:
                # a private folder: only this user can reach the socket, and the key proves
                # the caller is this process
                self._folder = tempfile.TemporaryDirectory(prefix="quote_tui-")
            self._address = str(Path(self._folder.name) / f"readers-{os.getpid()}.sock")
            Path(self._address).unlink(missing_ok=True)
            self._key = os.urandom(32)
            env = dict(os.environ)
            env["PYTHONPATH"] = os.pathsep.join(
                p for p in (_PACKAGE_ROOT, env.get("PYTHONPATH")) if p
            )
            # ``-m`` puts the working folder first on the path: a run started inside another
            # copy of quote_tui (a checkout beside the installed one) read with that copy
            env["PYTHONSAFEPATH"] = "1"
            server = subprocess.Popen(
                [sys.executable, "-m", "quote_tui.sources.readers.isolated"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                env=env,
            )
            assert server.stdin is not None and server.stdout is not None
            server.stdin.write(f"{self._address}\n{self._key.hex()}\n")
            server.stdin.flush()
            line = _read_line(server.stdout, _START_TIMEOUT)
            if line.strip() != "ready":
                server.kill()
                server.wait()
                raise SourceError(
                    "The reader process could not start.",
                    code=ErrorCode.READER_CRASHED,
                    recovery=Recovery.RETRY_LATER,
                )
            server.stdout.close()  # the server writes nothing more there
            self._server = server


_shared: ReaderPool | None = None
_shared_pid = 0
_shared_lock = threading.Lock()


def shared_pool() -> ReaderPool:
    """This process's one reader pool, stopped when the process exits.

    Every service in a process reads through it, so a long-lived process that opens a service per
    request (the MCP and HTTP servers, a cluster worker checking source after source) starts the
    server once rather than paying a second of imports per call. A forked process gets its own:
    the parent's server answers only its parent.
    """
    global _shared, _shared_pid
    with _shared_lock:
        if _shared is None or _shared_pid != os.getpid():
            _shared, _shared_pid = ReaderPool(None), os.getpid()
            atexit.register(_shared.close)
        return _shared


def _read_line(stream: Any, timeout: float) -> str:
    selector = selectors.DefaultSelector()
    selector.register(stream, selectors.EVENT_READ)
    try:
        if not selector.select(timeout):
            return ""
        return str(stream.readline())
    finally:
        selector.close()


def _kill(pid: int) -> None:
    if pid <= 0:
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, signal.SIGKILL)


if __name__ == "__main__":
    # Serve from the module under its package name, not as __main__: the requests the children
    # unpickle are instances of its classes, and isinstance must recognise them.
    from quote_tui.sources.readers import isolated

    sys.exit(isolated._main())

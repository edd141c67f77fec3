"""One door from a source to its checked text: ``Loader.load`` (``load`` for a single source).

Given a source (a ``batch.specs.SourceSpec`` or anything shaped like it) and the read settings,
the loader returns the checked text, its indexes built, and the record of how it was obtained,
in one trip. It decides everything between a ref and a text: supplied text against a ref,
confinement of local paths to a root, reading local files (PDF, HTML and XML in worker processes
under the read budget), the run's one network session, and printed page numbers. Blocking reads
run in daemon threads (``quote_tui._threads``), so a read past its budget never holds the run.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, Unpack

from quote_tui import _waits
from quote_tui._threads import margin
from quote_tui._untrusted import has_lone_surrogate, scrub
from quote_tui.engine.check import warm
from quote_tui.engine.errors import (
    BatchInputError,
    ErrorCode,
    QuoteTuiError,
    Recovery,
    SourceError,
)
from quote_tui.sources.net.settings import RemoteSettings, render_mode
from quote_tui.sources.pages_told import page_listener
from quote_tui.sources.readers.files import DEFAULT_MAX_FILE_BYTES, read_file_bytes
from quote_tui.sources.readers.local import (
    DEFAULT_MAX_CHARS,
    BodyFacts,
    BodyReader,
    format_by_name,
    native,
    read_path,
    read_timeout_error,
    supplied_text,
)
from quote_tui.sources.readers.ocr_budget import STALL
from quote_tui.sources.records import LoadedSource, RefKind, Representation
from quote_tui.sources.refs import parse_ref

if TYPE_CHECKING:
    import asyncio

    from quote_tui.engine.text import PreparedText
    from quote_tui.sources.net.remote import RemoteSession

__all__ = [
    "DEFAULT_MAX_FILE_BYTES",
    "DEFAULT_READ_TIMEOUT",
    "Loader",
    "ReadSettings",
    "SourceRef",
    "load",
    "reads_in_loop",
]

DEFAULT_READ_TIMEOUT = 60.0
"""Seconds per local source read: a 1,000-page PDF takes a few seconds."""


def reads_in_loop(ref: str | None, render: str = "never") -> bool:
    """Whether reading this ref waits in asyncio's loop: on the network (a URL, ``doi:``,
    ``pmid:``), or on headless Chromium rendering a local HTML page (``render`` other than
    ``never``). A supplied text (no ref), another local file or a ref that does not parse (its
    read reports that) is read without a loop. The steps this names are the ones that call
    ``_waits.need_loop``.
    """
    if not ref:
        return False
    try:
        parsed = parse_ref(ref)
    except QuoteTuiError:
        return False
    if parsed.kind is not RefKind.PATH:
        return True
    return render != "never" and format_by_name(parsed.value) == "html"


class SourceRef(Protocol):
    """What the loader reads: a ref (path, URL, ``doi:``, ``pmid:``) or a supplied text.

    ``batch.specs.SourceSpec`` is one; ``extra`` may carry ``unavailable`` (a manuscript scan's
    reason there is no text) and ``bib_pages`` (the bibliography's page range).
    """

    @property
    def id(self) -> str: ...

    @property
    def ref(self) -> str | None: ...

    @property
    def text(self) -> str | None: ...

    @property
    def title(self) -> str | None: ...

    @property
    def truncated(self) -> bool: ...

    @property
    def extra(self) -> Mapping[str, Any]: ...


@dataclass(frozen=True, slots=True)
class ReadSettings:
    """How sources are read (``batch.specs.Settings.read`` builds one from a run's settings).

    Attributes:
        max_source_chars: longer checked texts are truncated (absence becomes inconclusive).
        concurrency: how many local files are read in worker processes at once.
        remote: network settings; None means network sources use their defaults.
        root: when set, local paths must lie under it (the MCP server's ``--root``).
        allowed: more folders (``--allow-path``) a local path named inside a document (a
            source with ``confined_to``: a bibliography's ``file`` field, an agent list's
            source) may lie under.
        allow_local: False forbids local paths entirely (MCP server without ``--root``).
        read_timeout: seconds reading one local source, or parsing one fetched PDF or HTML body
            in a worker process, may take before it fails with ``timeout``; None for no budget.
        isolate_readers: read local files, and fetched PDF and HTML, in worker processes, so a
            reader that crashes or hangs in native code costs only its own source.
        max_file_bytes: largest local file read; a larger one is ``too_large`` before a byte
            of it is read.
    """

    max_source_chars: int = DEFAULT_MAX_CHARS
    concurrency: int = 4
    remote: RemoteSettings | None = None
    root: Path | None = None
    allowed: tuple[Path, ...] = ()
    allow_local: bool = True
    read_timeout: float | None = DEFAULT_READ_TIMEOUT
    isolate_readers: bool = True
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES


class Loader:
    """Reads sources for one run; holds the run's network session once a source needs one.

    Use as an async context manager so the network session (if any) is closed::

        async with Loader(settings) as loader:
            loaded = await loader.load(spec, base_dir=folder)
    """

    def __init__(self, settings: ReadSettings | None = None, *, build_indexes: bool = True) -> None:
        self.settings = settings or ReadSettings()
        # a read for a check builds the text's indexes in the reading thread; a read only to
        # place quotations exactly (a second pass) leaves them to be built if ever needed
        self.build_indexes = build_indexes
        self._remote: RemoteSession | None = None
        self._remote_lock: asyncio.Lock | None = None
        # bounds the reads waiting on the worker processes, as the batch bounds its sources
        self._reads = threading.BoundedSemaphore(max(1, self.settings.concurrency))
        # a loader for each other render mode the batch's sources name, opened once for the run
        self._other_modes: dict[str, Loader] = {}

    async def __aenter__(self) -> Loader:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the network session, if one was opened.

        The reader processes outlive the loader: they are shared by every loader in the process
        (``readers.isolated.shared_pool``) and stop when it exits.
        """
        if self._remote is not None:
            remote, self._remote = self._remote, None
            await remote.__aexit__(None, None, None)
        others, self._other_modes = self._other_modes, {}
        for other in others.values():
            await other.aclose()

    async def load(self, source: SourceRef, *, base_dir: Path | None = None) -> LoadedSource:
        """Read one source: its checked text with indexes built, and its retrieval record.

        Args:
            source: the ref or supplied text to read.
            base_dir: where relative paths resolve (the batch file's folder).

        Returns:
            The checked text and its record; a paged source carries its printed page numbers.

        Raises:
            SourceError: the readers' and the network's codes, ``outside_root``, ``timeout``
                (past ``read_timeout``) and ``reader_crashed`` (a worker process died).
            BatchInputError: a source with both or neither of ``ref`` and ``text``.
        """
        try:
            loaded = await self._load(source, base_dir)
        except TimeoutError:
            raise read_timeout_error(source.ref or source.id, self.settings.read_timeout) from None
        return _with_printed_pages(loaded, source)

    async def _load(self, source: SourceRef, base_dir: Path | None) -> LoadedSource:
        max_chars = self.settings.max_source_chars
        if source.text is not None:
            if source.ref is not None:
                raise BatchInputError(
                    f"source {source.id!r} has both 'ref' and 'text'; give one",
                    code=ErrorCode.BAD_BATCH,
                    recovery=Recovery.FIX_INPUT,
                )
            text = source.text
            if has_lone_surrogate(text):
                raise SourceError(
                    f"the text of source {scrub(source.id)!r} holds a lone surrogate (an escape "
                    "such as \\ud800 that stands for no character); fix its encoding",
                    code=ErrorCode.DECODE_ERROR,
                    recovery=Recovery.FIX_INPUT,
                )
            truncated = source.truncated
            if len(text) > max_chars:
                text, truncated = text[:max_chars], True
            return supplied_text(
                text, title=source.title, truncated=truncated, ref=f"text:{source.id}"
            )
        unavailable = source.extra.get("unavailable")
        if isinstance(unavailable, dict) and not source.ref:
            # a manuscript scan found the work but no way to its text: say so in its words
            raise SourceError(
                str(unavailable.get("message") or f"no text for source {source.id!r}"),
                code=str(unavailable.get("code") or ErrorCode.NO_TEXT),
                recovery=str(unavailable.get("recovery") or Recovery.REVIEW_SOURCE),
            )
        if not source.ref:
            raise BatchInputError(
                f"source {source.id!r} needs a 'ref' or a 'text'",
                code=ErrorCode.MISSING_FIELD,
                recovery=Recovery.FIX_INPUT,
            )
        own = self._own_render(source)
        if own is not None:
            # a source that names its own render mode is read by the run's loader of that mode
            mode = own.remote.render if own.remote is not None else "never"
            if mode not in self._other_modes:
                self._other_modes[mode] = Loader(own, build_indexes=self.build_indexes)
            other = self._other_modes[mode]
            return await other._load(source, base_dir)
        parsed = parse_ref(source.ref)
        if parsed.kind is RefKind.PATH:
            confined = source.extra.get("confined_to")
            folders = tuple(Path(str(f)) for f in confined) if isinstance(confined, list) else None
            path, beneath = self._local_path(parsed.value, base_dir, confined_to=folders)
            rendered = await self._render_local(path, max_chars, source.ref, beneath)
            if rendered is not None:
                return rendered
            return await self._read_local(path, max_chars, source.ref, beneath)
        session = await self._remote_session()
        loaded = await session.load(parsed, max_chars=max_chars)
        import asyncio  # loaded by the network session already

        await asyncio.to_thread(self._indexed, loaded)
        return loaded

    def _own_render(self, source: SourceRef) -> ReadSettings | None:
        """The read settings for a source whose ``render`` (a batch field) differs from the run's;
        None when it names none or the same.

        Raises:
            BatchInputError: ``bad_option`` for a mode that does not exist.
        """
        wanted = source.extra.get("render")
        if wanted is None:
            return None
        render_mode(wanted, f"source {scrub(source.id)!r}: 'render'")
        remote = self.settings.remote or RemoteSettings()
        if wanted == remote.render:
            return None
        return dataclasses.replace(self.settings, remote=dataclasses.replace(remote, render=wanted))

    def _local_path(
        self, value: str, base_dir: Path | None, *, confined_to: tuple[Path, ...] | None = None
    ) -> tuple[Path, Path | None]:
        """The file a local ref names, and the resolved folder it must be opened beneath (None
        for a path the user gave, read as named).

        A path named inside a document the user did not write line by line (a bibliography's
        ``file`` field, an agent list's source: ``confined_to`` the folders the user named) is
        read only beneath those and ``allowed`` (``--allow-path``), or ``root`` when set, and
        its ``~`` is not expanded: it would be this user's home.

        Raises:
            SourceError: ``outside_root``.
        """
        untrusted = confined_to is not None
        path = Path(value) if untrusted else Path(value).expanduser()
        if not path.is_absolute() and base_dir is not None:
            path = base_dir / path
        if not self.settings.allow_local:
            raise SourceError(
                "local files are not readable here; pass the text itself instead",
                code=ErrorCode.OUTSIDE_ROOT,
                recovery=Recovery.USE_SUPPLIED_TEXT,
            )
        root = self.settings.root
        if root is None and not untrusted:
            return path, None
        roots = (root,) if root is not None else (*(confined_to or ()), *self.settings.allowed)
        # resolve() follows symlinks, so neither '..' nor a link can lead outside the root; the
        # open then follows none (open_beneath), so a link swapped in after this cannot either
        try:
            real = path.resolve()
        except OSError as exc:  # a link on the way vanished while it was being followed
            raise SourceError(
                f"{value!r} changed while it was being looked up ({exc.strerror or exc})",
                code=ErrorCode.FILE_NOT_FOUND,
                recovery=Recovery.FIX_INPUT,
            ) from exc
        for folder in roots:
            real_root = folder.resolve()
            if real.is_relative_to(real_root):
                return real, real_root
        if root is not None:
            raise SourceError(
                f"{value!r} lies outside the allowed folder",
                code=ErrorCode.OUTSIDE_ROOT,
                recovery=Recovery.USE_SUPPLIED_TEXT,
            )
        raise SourceError(
            f"{value!r}, named inside a document, lies outside the folders local files are read "
            "from (the manuscript's or batch's folder, --pdfs, --zotero, --root); allow its "
            "folder with --allow-path DIR",
            code=ErrorCode.OUTSIDE_ROOT,
            recovery=Recovery.FIX_INPUT,
            details={"allow_with": "--allow-path"},
        )

    async def _read_local(
        self, path: Path, max_chars: int, ref: str, beneath: Path | None
    ) -> LoadedSource:
        """Read a local file (PDF, HTML and XML in a child process, unless isolation is off)
        and index it.

        The child is killed at the read budget; the wait here stops a little later still, so
        even indexing a huge text, or a read in this process, cannot hold the batch.
        """
        budget = self.settings.read_timeout
        max_bytes = self.settings.max_file_bytes
        isolate = self.settings.isolate_readers
        reads = self._reads
        indexed = self._indexed
        # taken here, in the read's own context: the thread below runs in none
        listener = page_listener()
        # a scan's OCR is given processor time by its pages (``ocr_budget``), however long the
        # clock runs: told as OCR starts (page 0, for this wait only) and as each page is read,
        # the wait below goes on while pages come
        scan_ends: list[float] = []

        def told(n: int, m: int) -> None:
            scan_ends[:] = [time.monotonic() + STALL]
            if listener is not None and n:
                listener(n, m)

        def more() -> float:
            if not scan_ends or budget is None:
                return 0.0
            return max(0.0, scan_ends[0] + margin(budget) - time.monotonic())

        def read() -> LoadedSource:
            # Everything, even the sniffing open, runs in this daemon thread under the budget:
            # on the loop's shared executor a stuck open would starve every later read.
            deadline = None if budget is None else time.monotonic() + budget
            if isolate and _isolated(path, beneath):
                # the pool's module loads only once a native format is read
                from quote_tui.sources.readers.isolated import shared_pool

                with reads:
                    # the pool ends its child at the budget in processor time (``read_budget``)
                    # or once it is given none: this wait is only the pool's backstop
                    told(0, 0)
                    left = None if deadline is None else max(0.0, deadline - time.monotonic())
                    loaded = shared_pool().read(
                        path,
                        max_chars=max_chars,
                        ref=ref,
                        timeout=left,
                        max_bytes=max_bytes,
                        beneath=beneath,
                        progress=told,
                    )
            else:
                loaded = read_path(
                    path,
                    max_chars=max_chars,
                    ref=ref,
                    max_bytes=max_bytes,
                    deadline=deadline,
                    beneath=beneath,
                    progress=told,
                )
            return indexed(loaded)

        wait = None if budget is None else budget + margin(budget)
        return await _waits.in_thread(read, wait, more=more)

    async def _render_local(
        self, path: Path, max_chars: int, ref: str, beneath: Path | None
    ) -> LoadedSource | None:
        """A local HTML page rendered in headless Chromium, when ``render`` asks for it.

        The page is served to the browser under a made-up ``.invalid`` address, so its relative
        links lead nowhere; what it names elsewhere goes through the run's guarded session, as a
        fetched page's requests do. None when the page is not rendered (``never``, not HTML,
        too large, or ``auto`` finding the static text sufficient).
        """
        remote = self.settings.remote
        mode = remote.render if remote is not None else "never"
        if mode == "never" or format_by_name(path) != "html":
            return None
        _waits.need_loop()  # the browser and the network session wait in the loop
        import asyncio

        try:
            data = await asyncio.to_thread(
                read_file_bytes, path, max_bytes=self.settings.max_file_bytes, beneath=beneath
            )
        except (OSError, SourceError):
            return None  # the plain read reports it
        if not data:
            return None
        from quote_tui.sources.net.bodies import local_page, mark_rendered, maybe_render
        from quote_tui.sources.readers.local import read_bytes

        session = await self._remote_session()
        document = local_page(path.name, data)
        rendered = await maybe_render(session, document)
        if rendered is None:
            return None
        loaded = await asyncio.to_thread(
            read_bytes,
            rendered.html.encode("utf-8"),
            name=path.name,
            content_type="text/html; charset=utf-8",
            max_chars=max_chars,
            ref=ref,
            kind=RefKind.PATH,
            location=str(path),
        )
        await asyncio.to_thread(self._indexed, loaded)
        return mark_rendered(loaded, rendered)

    def _indexed(self, loaded: LoadedSource) -> LoadedSource:
        """``loaded`` with its indexes built, when this loader builds them."""
        if self.build_indexes:
            warm(loaded.prepared)
        return loaded

    def _body_reader(self) -> BodyReader | None:
        """What parses fetched PDF and HTML: a reader child, as for local files, under the same
        read budget; None (this process) when isolation is off or cannot fork here."""
        from quote_tui.sources.readers.isolated import isolation_available, shared_pool

        if not (self.settings.isolate_readers and isolation_available()):
            return None
        pool, timeout = shared_pool(), self.settings.read_timeout

        def reader(data: bytes, /, **facts: Unpack[BodyFacts]) -> LoadedSource:
            # called in a thread asyncio.to_thread started: it runs in a copy of the read's
            # context, so the read's page listener is the one set around it
            listener = page_listener()

            def told(n: int, m: int) -> None:
                if listener is not None and n:  # page 0: OCR starts, for the pool's wait
                    listener(n, m)

            return pool.read_body(data, timeout=timeout, progress=told, **facts)

        return reader

    async def _remote_session(self) -> RemoteSession:
        _waits.need_loop()  # the network is waited on in asyncio's loop
        import asyncio

        if self._remote_lock is None:
            self._remote_lock = asyncio.Lock()
        async with self._remote_lock:
            if self._remote is None:
                try:
                    # httpx loads only when a run reads a network source
                    from quote_tui.sources.net.remote import RemoteSession
                except ImportError as exc:
                    raise SourceError(
                        "network sources are not available in this installation",
                        code=ErrorCode.NOT_SUPPORTED_YET,
                        recovery=Recovery.USE_SUPPLIED_TEXT,
                    ) from exc
                session = RemoteSession(
                    self.settings.remote or RemoteSettings(), body_reader=self._body_reader()
                )
                await session.__aenter__()
                self._remote = session
            return self._remote


async def load(
    source: SourceRef, settings: ReadSettings | None = None, *, base_dir: Path | None = None
) -> LoadedSource:
    """Read one source with a loader of its own (see ``Loader.load``); a run of several
    sources should share one ``Loader``, and so one network session."""
    async with Loader(settings) as loader:
        return await loader.load(source, base_dir=base_dir)


def _isolated(path: Path, beneath: Path | None) -> bool:
    """Whether a local file goes to a reader process: a native format, where one can fork.

    The pool's module (multiprocessing with it) loads only once a native format is read. The
    sniff is confined as the read is (``beneath``).
    """
    if not native(path, beneath=beneath):
        return False
    from quote_tui.sources.readers.isolated import isolation_available

    return isolation_available()


def _page_texts(prepared: PreparedText) -> list[str]:
    """Each page's lines top to bottom, where running heads and feet stand.

    A PDF's checked text sets a page's asides (its running heads among them) after the whole
    body, so its lines are gathered from the line boxes, which keep page and position.
    """
    if not prepared.line_boxes:
        starts = (*prepared.page_starts, len(prepared.text))
        return [prepared.text[a:b] for a, b in zip(starts, starts[1:], strict=False)]
    lines: list[list[tuple[float, float, str]]] = [[] for _ in prepared.page_starts]
    for start, end, page, x0, y0, _x1, _y1 in prepared.line_boxes:
        if 1 <= page <= len(lines):
            lines[page - 1].append((y0, x0, prepared.text[start:end]))
    return ["\n".join(t for _, _, t in sorted(page)) for page in lines]


def _with_printed_pages(loaded: LoadedSource, source: SourceRef) -> LoadedSource:
    """Attach printed page numbers to a paged source (labels, running heads, bib range)."""
    prepared = loaded.prepared
    if not prepared.paged or loaded.retrieval.representation == Representation.EPUB_TEXT:
        return loaded  # a book's chapters are labelled from its table of contents
    try:
        from quote_tui.sources.readers.printed_pages import derive_printed_pages
    except ImportError:
        return loaded
    page_texts = _page_texts(prepared)
    bib_pages = source.extra.get("bib_pages")
    derived = derive_printed_pages(
        page_texts,
        pdf_labels=prepared.page_labels,
        bib_pages=bib_pages if isinstance(bib_pages, str) else None,
    )
    if derived.method is None:
        return loaded
    prepared.page_labels = tuple(derived.labels)
    retrieval = dataclasses.replace(loaded.retrieval, page_number_source=derived.method)
    return dataclasses.replace(loaded, retrieval=retrieval)

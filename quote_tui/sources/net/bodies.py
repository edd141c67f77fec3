"""Fetched and stored bodies to checked text: the reader for the body's type, plus the network
facts of its retrieval, and the URL resolver that reads a plain web address."""

from __future__ import annotations

import asyncio
import hashlib
from dataclasses import replace
from urllib.parse import quote, urlsplit

from quote_tui.engine.errors import ErrorCode, FetchError, Recovery
from quote_tui.engine.text import PreparedText
from quote_tui.sources.net.fetch import FetchedBody, utc_now
from quote_tui.sources.net.render import Rendered, RenderLimits, RenderMode, render_page
from quote_tui.sources.net.session import NetSession
from quote_tui.sources.readers import jats, pubmed
from quote_tui.sources.readers.local import MEDIA_TYPES, NATIVE_FORMATS, BodyReader, read_bytes
from quote_tui.sources.records import LoadedSource, RefKind, Representation, Retrieval

__all__ = [
    "load_url",
    "local_page",
    "mark_rendered",
    "maybe_render",
    "prepare_text",
    "read_fetched",
    "read_fetched_async",
    "rendered_body",
    "reread",
]


def prepare_text(text: str, max_chars: int) -> PreparedText:
    """A PreparedText cut at ``max_chars`` (flagged truncated) for text-only readers."""
    if len(text) > max_chars:
        return PreparedText(text[:max_chars], truncated=True)
    return PreparedText(text)


async def load_url(
    session: NetSession, url: str, *, ref: str, max_chars: int
) -> tuple[LoadedSource, bytes]:
    """Read a web address: fetch it and read the body with the reader for its type.

    Args:
        session: the run's network session.
        url: the absolute http(s) URL.
        ref: the store key.
        max_chars: the checked text's size limit.

    Returns:
        The loaded source and the raw bytes that were checked.
    """
    fetched = await session.fetch(url)
    rendered = await maybe_render(session, fetched)
    if rendered is not None:
        fetched = rendered_body(fetched, rendered)
    loaded = await read_fetched_async(
        session, fetched, ref=ref, kind=RefKind.URL, max_chars=max_chars
    )
    if rendered is not None:
        loaded = mark_rendered(loaded, rendered)
    return loaded, fetched.body


def local_page(name: str, data: bytes) -> FetchedBody:
    """A local HTML file as the browser is given it: under a made-up address in ``.invalid``
    (RFC 6761: never resolves), so its relative links reach nothing."""
    url = f"http://local-file.invalid/{quote(name)}"
    return FetchedBody(
        url=url,
        final_url=url,
        http_status=200,
        redirects=(),
        content_type="text/html",
        charset=None,
        etag=None,
        last_modified=None,
        body=data,
        content_sha256=hashlib.sha256(data).hexdigest(),
        retrieved_at=utc_now(),
    )


async def maybe_render(session: NetSession, fetched: FetchedBody) -> Rendered | None:
    """Render an HTML page in headless Chromium when the settings ask for it.

    ``always`` renders every HTML page; ``auto`` only a page whose static text is thin or that
    says it needs script (``readers.html.needs_script``); ``never`` none. Every request the page
    makes goes through the session's guarded client.

    Raises:
        SourceError: ``renderer_missing`` when a render is due and Chromium is absent.
        FetchError: ``render_failed``, ``timeout``, ``too_large``.
    """
    mode = RenderMode(session.settings.render)
    if mode is RenderMode.NEVER or _body_format(fetched.content_type, fetched.body) != "html":
        return None
    if mode is RenderMode.AUTO:
        # lxml and readability load only when a page is judged
        from quote_tui.sources.readers.html import needs_script

        reason = await asyncio.to_thread(
            needs_script, fetched.body, declared_charset=fetched.charset
        )
        if reason is None:
            return None
    s = session.settings
    return await render_page(
        fetched.final_url,
        document=fetched,
        fetch=session.fetch_resource,
        limits=RenderLimits(timeout=s.render_timeout, max_bytes=s.max_bytes),
        executable=s.chromium,
    )


def rendered_body(fetched: FetchedBody, rendered: Rendered) -> FetchedBody:
    """The fetch with the rendered DOM in place of the static bytes (what snapshots keep)."""
    body = rendered.html.encode("utf-8")
    return replace(
        fetched,
        body=body,
        content_type="text/html",
        charset="utf-8",
        content_sha256=hashlib.sha256(body).hexdigest(),
    )


def mark_rendered(loaded: LoadedSource, rendered: Rendered) -> LoadedSource:
    """The record says the text came from a rendered page, and which browser rendered it."""
    return replace(
        loaded, retrieval=replace(loaded.retrieval, rendered=True, renderer=rendered.browser)
    )


async def read_fetched_async(
    session: NetSession, fetched: FetchedBody, *, ref: str, kind: RefKind, max_chars: int
) -> LoadedSource:
    """``read_fetched`` in a thread, with the session's body reader.

    The readers block (PyMuPDF, lxml, or a wait on an isolated child), so they run off the event
    loop.

    Args:
        session: the run's network session (its ``body_reader`` parses the body).
        fetched: what the session's ``fetch`` returned.
        ref: the store key of the ref being read.
        kind: the ref's kind.
        max_chars: the checked text's size limit.

    Returns:
        The checked text and a complete Retrieval record.
    """
    return await asyncio.to_thread(
        read_fetched,
        fetched,
        ref=ref,
        kind=kind,
        max_chars=max_chars,
        reader=session.body_reader,
    )


# Servers that do not know what they hold; the bytes decide.
_UNKNOWN = frozenset(
    {None, "application/octet-stream", "binary/octet-stream", "application/download"}
)


def _body_format(content_type: str | None, body: bytes) -> str | None:
    fmt = MEDIA_TYPES.get(content_type or "")
    if fmt is None and content_type in _UNKNOWN:
        head = body[:1024].lstrip().lower()
        if body[:1024].lstrip().startswith(b"%PDF-"):
            return "pdf"
        if head.startswith((b"<!doctype html", b"<html")):
            return "html"
    return fmt


def _read_core(
    data: bytes,
    fmt: str,
    *,
    content_type: str | None,
    charset: str | None,
    url: str | None,
    ref: str,
    kind: RefKind,
    max_chars: int,
    reader: BodyReader,
) -> LoadedSource:
    if fmt == "xml" and jats.looks_like_jats(data):
        return jats.read_jats(data, ref=ref, max_chars=max_chars)
    media = {"pdf": "application/pdf", "html": "text/html"}.get(fmt, content_type or "text/plain")
    if charset:
        media += f"; charset={charset}"
    # text and Markdown run no native code: reading them here spares a child process
    read = reader if fmt in NATIVE_FORMATS else read_bytes
    return read(
        data,
        name=urlsplit(url).path if url else "",
        content_type=media,
        max_chars=max_chars,
        ref=ref,
        kind=kind,
        location=url,
        url=url,
    )


def read_fetched(
    fetched: FetchedBody,
    *,
    ref: str,
    kind: RefKind,
    max_chars: int,
    representation: Representation | None = None,
    metadata: tuple[tuple[str, str], ...] | None = None,
    reader: BodyReader = read_bytes,
) -> LoadedSource:
    """Read a fetched body with the core reader for its type; fill in the network facts.

    Args:
        fetched: what the session's ``fetch`` returned.
        ref: the store key of the ref being read.
        kind: the ref's kind.
        max_chars: the checked text's size limit.
        representation: overrides the reader's (``doi_landing_page``, ``pmc_full_text``).
        metadata: overrides the reader's metadata (a DOI landing page's citation_* tags).
        reader: parses PDF, HTML and XML bodies (the session's ``body_reader``).

    Returns:
        The checked text and a complete Retrieval record.

    Raises:
        FetchError: ``unsupported_type`` for types no reader handles.
        SourceError: the readers' codes (``no_text``, ``broken_file``, ...).
    """
    fmt = _body_format(fetched.content_type, fetched.body)
    if fmt is None:
        raise FetchError(
            f"{fetched.final_url} is {fetched.content_type or 'of no declared type'}, which is "
            "not a readable document type (HTML, PDF, plain text, Markdown or PubMed XML).",
            code=ErrorCode.UNSUPPORTED_TYPE,
            recovery=Recovery.USE_SUPPLIED_TEXT,
            details={"url": fetched.final_url, "content_type": fetched.content_type},
        )
    loaded = _read_core(
        fetched.body,
        fmt,
        content_type=fetched.content_type,
        charset=fetched.charset,
        url=fetched.final_url,
        ref=ref,
        kind=kind,
        max_chars=max_chars,
        reader=reader,
    )
    base = loaded.retrieval
    retrieval = replace(
        base,
        ref=ref,
        kind=kind,
        representation=representation or base.representation,
        **fetched.retrieval_facts(),
        metadata=base.metadata if metadata is None else metadata,
        from_snapshot=False,
    )
    return replace(loaded, retrieval=retrieval)


def reread(
    raw: bytes, retrieval: Retrieval, *, max_chars: int, reader: BodyReader = read_bytes
) -> LoadedSource:
    """Re-read stored bytes with another size limit; the stored retrieval record is kept.

    Args:
        raw: the snapshot's bytes.
        retrieval: the snapshot's record (it says which reader made the text).
        max_chars: the new size limit.
        reader: parses PDF, HTML and XML bodies (the session's ``body_reader``).

    Returns:
        The re-read text with the stored record.
    """
    if retrieval.representation is Representation.PUBMED_ABSTRACT:
        prepared = prepare_text(pubmed.extract_pubmed_xml(raw).text, max_chars)
        return LoadedSource(retrieval, prepared)
    if retrieval.representation is Representation.PMC_FULL_TEXT:
        return LoadedSource(
            retrieval, jats.read_jats(raw, ref=retrieval.ref, max_chars=max_chars).prepared
        )
    fmt = _body_format(retrieval.content_type, raw) or "text"
    loaded = _read_core(
        raw,
        fmt,
        content_type=retrieval.content_type,
        charset=retrieval.encoding,
        url=retrieval.final_url,
        ref=retrieval.ref,
        kind=retrieval.kind,
        max_chars=max_chars,
        reader=reader,
    )
    return replace(loaded, retrieval=retrieval)

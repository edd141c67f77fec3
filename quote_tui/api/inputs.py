"""What a user hands in: a batch file, a JSONL batch, a manuscript, or another tool's file.

``open_input`` is the one place that tells them apart, so the CLI, the app and the servers agree
on what a file is.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from quote_tui._untrusted import loads
from quote_tui.batch.batchfile import load_batch, parse_batch
from quote_tui.batch.jsonl import JsonlBatch, load_jsonl_batch
from quote_tui.batch.specs import Batch
from quote_tui.engine.errors import QuoteTuiError

__all__ = [
    "Input",
    "JsonlBatch",
    "answer_input",
    "is_jsonl_input",
    "load_batch",
    "load_jsonl_batch",
    "open_input",
    "parse_batch",
    "scan_manuscript",
]


@dataclass(frozen=True, slots=True)
class Input:
    """A file handed in, ready to check.

    Attributes:
        path: the file as named.
        batch: the batch in memory; None for a JSONL batch, which is read as it is checked.
        jsonl: the JSONL batch, when the input is one.
        scan: for a manuscript or another tool's file, the scan it came from (its quotations'
            places, its references); None for a batch file.
        warnings: what the scan noticed that the user should know.
    """

    path: Path
    batch: Batch | None
    jsonl: JsonlBatch | None = None
    scan: Any = None
    warnings: tuple[str, ...] = ()

    def whole(self) -> Batch:
        """The batch in memory (a JSONL batch read whole)."""
        if self.batch is not None:
            return self.batch
        assert self.jsonl is not None
        return load_jsonl_batch(self.jsonl)


def is_jsonl_input(path: Path, sources: Path | None = None) -> bool:
    """A JSONL batch: a ``.jsonl`` file, a folder of them, or citations with a sources file."""
    return sources is not None or path.is_dir() or path.suffix.lower() == ".jsonl"


def _read_json(path: Path) -> Any:
    try:
        return loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None


def answer_input(
    answer: Any,
    documents: Sequence[str | dict[str, Any]],
    *,
    base_dir: Path | None = None,
    max_citations: int | None = None,
) -> tuple[Batch, tuple[str, ...]]:
    """A language model's answer with citations as a batch: each cited text against its document.

    Args:
        answer: the decoded answer: an Anthropic Messages response, an OpenAI Responses object
            or a list of ``{quote, source}`` (``quote_tui.manuscripts.answers``).
        documents: the documents the model was given, in ``document_index`` order: refs
            (paths, URLs, ``doi:``, ``pmid:``) or batch source objects (``{"text": ...}``).
        base_dir: where relative paths resolve.
        max_citations: the most citations taken (None: ``MAX_ANSWER_CITATIONS``); the
            warnings count the rest.

    Returns:
        The batch (the claimed places in its citations' ``claimed``, settled by the check) and
        warnings.

    Raises:
        BatchInputError: the answer is none of the three shapes.
    """
    from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery
    from quote_tui.manuscripts.answers import MAX_ANSWER_CITATIONS, answer_batch

    docs = []
    for n, doc in enumerate(documents):
        if not isinstance(doc, str | dict):
            raise BatchInputError(
                f"document #{n + 1} must be a ref (a string) or an object with 'ref' or 'text'",
                code=ErrorCode.BAD_BATCH,
                recovery=Recovery.FIX_INPUT,
            )
        docs.append({"ref": doc} if isinstance(doc, str) else dict(doc))
    cap = MAX_ANSWER_CITATIONS if max_citations is None else max_citations
    data, warnings = answer_batch(answer, docs, max_citations=cap)
    return parse_batch(data, base_dir=base_dir), tuple(warnings)


def _is_import(data: Any) -> bool:
    """Another tool's JSON (a cite-gate claims file, an agent's list), not a batch."""
    return isinstance(data, list) or (
        isinstance(data, dict) and isinstance(data.get("sections"), list)
    )


def scan_manuscript(
    path: Path,
    *,
    bib: tuple[Path, ...] = (),
    pdfs: Path | None = None,
    zotero: Path | None = None,
    min_words: int = 4,
    max_quotes: int | None = None,
    max_seconds: float | None = None,
) -> Any:
    """A manuscript (``.md``, ``.tex``, ``.docx``, ``.txt``) or another tool's file as a scan:
    its quotations, references and sources; ``.to_batch_dict()`` is the batch file.
    ``max_quotes`` and ``max_seconds`` bound it (None: the scan's defaults)."""
    from quote_tui.manuscripts.scan import scan

    bounds: dict[str, Any] = {} if max_quotes is None else {"max_quotes": max_quotes}
    if max_seconds is not None:
        bounds["max_seconds"] = max_seconds
    within = _trusted_folders(path, bib, pdfs, zotero)
    return scan(
        path, bib=bib, pdfs=pdfs, zotero=zotero, min_words=min_words, within=within, **bounds
    )


def _trusted_folders(
    path: Path, bib: tuple[Path, ...], pdfs: Path | None, zotero: Path | None
) -> tuple[Path, ...]:
    """The folders the user named, which files a bibliography names are read from."""
    folders = (path.parent, *(b.parent for b in bib), pdfs, zotero, *reference_manager_folders())
    return tuple(f for f in folders if f is not None)


def open_input(
    path: Path,
    *,
    sources: Path | None = None,
    bib: tuple[Path, ...] = (),
    pdfs: Path | None = None,
    zotero: Path | None = None,
    min_words: int = 4,
    max_quotes: int | None = None,
    documents: Sequence[Path] = (),
    max_answer_citations: int | None = None,
    max_seconds: float | None = None,
) -> Input:
    """Open what a user names: a batch (JSON or JSONL), a manuscript, another tool's file, or
    a language model's answer with citations (with ``documents``, or in Anthropic's or
    OpenAI's shape).

    Args:
        path: the file (or a folder holding ``sources.jsonl`` and ``citations.jsonl``).
        sources: a JSONL batch's sources file, when its citations come in ``path``.
        bib: bibliographies of a manuscript (BibTeX, CSL-JSON).
        pdfs: a folder of the cited PDFs.
        zotero: a Zotero data folder.
        min_words: the shortest quotation a manuscript scan takes, in words.
        max_quotes: the most quotations taken from a manuscript (None: the scan's default).
        documents: the documents a model's answer cites, in ``document_index`` order.
        max_answer_citations: the most citations taken from a model's answer.
        max_seconds: the longest a manuscript's quotations are looked for (None: the default).

    Raises:
        QuoteTuiError: the file cannot be read, or is not any of these.
    """
    if path.suffix.lower() == ".json":
        from quote_tui.manuscripts.answers import answer_format

        data = _read_json(path)
        if data is None:
            return Input(path, load_batch(path))  # which says what is wrong with the file
        if documents or answer_format(data) is not None:
            refs = [str(d.expanduser().resolve()) for d in documents]
            batch, warnings = answer_input(
                data,
                refs,
                base_dir=path.resolve().parent,
                max_citations=max_answer_citations,
            )
            return Input(path, batch, warnings=warnings)
        if not _is_import(data):
            return Input(path, parse_batch(data, base_dir=path.resolve().parent))
    if is_jsonl_input(path, sources):
        return Input(path, None, JsonlBatch.at(path, sources=sources))
    result = scan_manuscript(
        path,
        bib=bib,
        pdfs=pdfs,
        zotero=zotero,
        min_words=min_words,
        max_quotes=max_quotes,
        max_seconds=max_seconds,
    )
    batch = parse_batch(result.to_batch_dict(), base_dir=path.resolve().parent)
    batch = confine_untrusted(batch, _trusted_folders(path, bib, pdfs, zotero))
    return Input(path, batch, scan=result, warnings=tuple(getattr(result, "warnings", ())))


UNTRUSTED_ORIGINS = frozenset({"bib_file", "path", "url"})
"""How a scan found a source whose local path was written by someone else: a bibliography's
``file`` field (an exported library, a colleague's ``.bib``), an agent list's ``source`` or
``url``. Sources found by searching ``--pdfs`` or ``--zotero`` lie in those folders already."""


def reference_manager_folders() -> tuple[Path, ...]:
    """Where reference managers keep attachments, when it exists: Zotero and Better BibTeX
    write absolute paths into its data folder, and a researcher's own ``.bib`` must keep
    working."""
    zotero = Path.home() / "Zotero"
    return (zotero,) if zotero.is_dir() else ()


def confine_untrusted(batch: Batch, folders: tuple[Path, ...]) -> Batch:
    """``batch`` with each local source of an untrusted origin marked ``confined_to`` the
    folders the user named, which the loader then reads it beneath (``--allow-path`` adds).

    Args:
        batch: a scan's batch.
        folders: the manuscript's folder, ``--bib`` folders, ``--pdfs``, ``--zotero`` and the
            reference manager's own storage.
    """
    import dataclasses

    from quote_tui.sources.refs import RefKind, parse_ref

    shown = [str(f.resolve()) for f in folders]
    sources = []
    for spec in batch.sources:
        if spec.ref and spec.extra.get("found_by") in UNTRUSTED_ORIGINS:
            try:
                local = parse_ref(spec.ref).kind is RefKind.PATH
            except (QuoteTuiError, ValueError):
                local = False
            if local:
                spec = dataclasses.replace(spec, extra={**spec.extra, "confined_to": shown})
        sources.append(spec)
    return dataclasses.replace(batch, sources=tuple(sources))

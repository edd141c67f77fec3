"""The MCP front end: quote_tui's checks as tools an agent can call, over stdio.

Three tools, all through the same service as the CLI: ``check_quote`` (one quotation against one
source or a supplied text), ``check_citations`` (the batch format) and ``read_source`` (the checked
text, its hash and retrieval record). Results are the report's JSON. A fourth, ``check_numbers``,
is the claims gate's number rule on a piece of prose and its quotations (pure text, no source).
Failures come back as tool errors carrying the error's code and recovery hint.

Agents pass URLs and paths they found in documents, so: network sources go through the address
guard like everything else, and no local file is read unless it lies under the folder named with
``--root`` (resolved, so neither ``..`` nor a symlink leads out). Without ``--root`` no local file
is read at all.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from quote_tui._version import __version__
from quote_tui.batch.batchfile import parse_batch
from quote_tui.batch.report import build_report
from quote_tui.batch.service import Service
from quote_tui.batch.specs import (
    DEFAULT_CITATION_TIMEOUT,
    DEFAULT_READ_TIMEOUT,
    Batch,
    CitationSpec,
    Settings,
    SourceSpec,
)
from quote_tui.engine.errors import BatchInputError, ErrorCode, QuoteTuiError, Recovery
from quote_tui.sources.net.settings import RemoteSettings

__all__ = ["build_server", "confine", "main", "run"]

_VERDICTS = """Verdicts (citation "status"):
- exact: the quotation stands verbatim in the checked text.
- normalized: the same words; only typography or layout differs (whitespace, line breaks, curly
  quotes, dashes, ligatures, hyphenation, accents composed differently, a marked ellipsis or
  [bracketed] change). "rules" says which. If "critical" is true, the ellipsis or bracket
  leaves out a negation or a number (see "differences"): treat it as a misquotation too.
- near: NOT a match. The closest passage differs in words, numbers, signs or negation (also a
  quotation that starts right after its number's minus or "<" sign); "differences" lists them
  and flags critical ones. Treat it as a misquotation to fix, not as support.
- not_found: nothing close in the checked text. Look at the source's "representation": an
  abstract (pubmed_abstract) or a landing page (doi_landing_page) is not the whole work.
- inconclusive: the checked text was truncated (reason "truncated"), so absence proves nothing,
  or the check ran past its time budget (reason "time_budget"; pass a larger
  citation_timeout in seconds).
- unavailable: the source could not be read; its error has a code and a recovery hint.
What a match means: the words are present in the text that was retrieved and checked (see the
source's retrieval record and representation). It does NOT mean the claim is true, that the
source supports the argument it is cited for, that the words are the source author's own rather
than a quotation of someone else, or that the source is the original. Report the location (page,
line, offsets) rather than paraphrasing it."""

_CHECK_QUOTE = f"""Check whether a quotation really stands in a source, and where.

Give the quotation and exactly one of: `source` (a URL, doi:10.x/y, pmid:123, or a path under the
server's --root folder) or `source_text` (the source's text itself; set `truncated` when it is
only part of the source). Returns the report JSON: "citations"[0] holds the verdict, the matches
(offsets, line and page numbers, context) and any differences; "sources"[0] says which text was
checked (representation, checked_text_sha256, retrieval record).

{_VERDICTS}"""

_CHECK_CITATIONS = f"""Check many quotations against their sources in one call (the batch format).

`sources`: a list of {{"id", "ref"}} or {{"id", "text", "truncated"?}} objects; `citations`: a
list of {{"id", "source" (a source id), "quote", "locator"? (e.g. "p. 12")}}. Each source is read
once. Returns the report JSON with a verdict per citation; problems with single entries are
reported in those entries, the rest of the batch still runs.

{_VERDICTS}"""

_READ_SOURCE = """Read a source and return the exact text quote_tui checks quotations against.

`ref`: a URL, doi:10.x/y, pmid:123 or a path under the server's --root folder. Returns the
checked text, its SHA-256 (checked_text_sha256: cite it to pin which text was checked), the
representation (e.g. html_main_text, pdf_text_layer, pubmed_abstract, pmc_full_text,
doi_landing_page), page starts, whether it was truncated, and the retrieval record (final URL,
redirects, HTTP status, retrieval time, content hash, whether it came from a stored snapshot).
A landing page or abstract is not the full work; say so when you rely on it."""


_CHECK_NUMBERS = """Check the numbers in a piece of prose against the quotations that back it.

`text`: the prose you wrote; `quotes`: the quotations it rests on. Every number written in digits
in the prose must stand in one of the quotations (1,000 counts as 1000); a number you worked out
yourself (a sum, a difference, a year counted back) is a claim of your own and fails. Returns
"passed", "missing_numbers" and "findings" (code number_not_in_quotes, severity failure, the
words concerned and their offsets in `text`). Check the quotations themselves with check_quote."""


def _tool_error(exc: QuoteTuiError) -> ToolError:
    return ToolError(json.dumps(exc.to_dict(), ensure_ascii=False))


def _first_error(report: dict[str, Any]) -> dict[str, Any] | None:
    for item in (*report["sources"], *report["citations"]):
        if item.get("error"):
            return item["error"]
    return None


class _Tools:
    """The tools' implementations, bound to the server's settings."""

    def __init__(self, settings: Settings, root: Path | None) -> None:
        self.settings = settings
        self.root = root

    def _budgeted(self, citation_timeout: float | None) -> Settings:
        """The server's settings with a call's own citation budget, when it gives one."""
        if citation_timeout is None or citation_timeout <= 0:
            return self.settings
        return dataclasses.replace(self.settings, citation_timeout=citation_timeout)

    async def _run(self, batch: Batch, citation_timeout: float | None = None) -> dict[str, Any]:
        async with Service(self._budgeted(citation_timeout)) as service:
            report = await service.check_batch(batch)
        return build_report(report)

    async def check_quote(
        self,
        quote: str,
        source: str | None = None,
        source_text: str | None = None,
        truncated: bool = False,
        citation_timeout: float | None = None,
    ) -> dict[str, Any]:
        if (source is None) == (source_text is None):
            raise _tool_error(
                BatchInputError(
                    "give exactly one of 'source' (a ref) and 'source_text' (the text itself)",
                    code=ErrorCode.BAD_BATCH,
                    recovery=Recovery.FIX_INPUT,
                )
            )
        spec = SourceSpec(id="source", ref=source, text=source_text, truncated=truncated)
        batch = Batch((spec,), (CitationSpec(id="quote", source="source", quote=quote),), self.root)
        report = await self._run(batch, citation_timeout)
        error = _first_error(report)
        if error is not None:
            raise ToolError(json.dumps(error, ensure_ascii=False))
        return report

    async def check_citations(
        self,
        sources: list[dict[str, Any]],
        citations: list[dict[str, Any]],
        citation_timeout: float | None = None,
    ) -> dict[str, Any]:
        try:
            batch = parse_batch({"sources": sources, "citations": citations}, base_dir=self.root)
        except QuoteTuiError as exc:
            raise _tool_error(exc) from exc
        return await self._run(batch, citation_timeout)

    async def check_numbers(self, text: str, quotes: list[str]) -> dict[str, Any]:
        from quote_tui.gate.prose import number_issues

        issues = number_issues(text, quotes)
        missing = [word.replace(",", "") for issue in issues for word in issue.words]
        return {
            "passed": not issues,
            "missing_numbers": missing,
            "findings": [
                {
                    "code": str(i.code),
                    "severity": str(i.severity),
                    "words": list(i.words),
                    "start": i.start,
                    "end": i.end,
                    "message": i.message,
                }
                for i in issues
            ],
        }

    async def read_source(self, ref: str) -> dict[str, Any]:
        async with Service(self.settings) as service:
            outcome = await service.load_source(
                SourceSpec(id="source", ref=ref), base_dir=self.root
            )
        if outcome.error is not None or outcome.loaded is None:
            error = outcome.error or QuoteTuiError(
                "the source could not be read", code=ErrorCode.INTERNAL_ERROR
            )
            raise _tool_error(error)
        loaded = outcome.loaded
        prepared = loaded.prepared
        return {
            "ref": ref,
            "representation": str(loaded.retrieval.representation),
            "title": loaded.retrieval.title,
            "checked_text_sha256": prepared.sha256,
            "characters": len(prepared.text),
            "truncated": prepared.truncated,
            "page_starts": list(prepared.page_starts),
            "page_labels": list(prepared.page_labels),
            "retrieval": loaded.retrieval.to_dict(),
            "text": prepared.text,
        }


def confine(settings: Settings, root: Path | None) -> Settings:
    """``settings`` reading local files only under ``root``, and none at all without it.

    The root is resolved here, and the service resolves each path before comparing, so neither
    ``..`` nor a symlink leads out. Every front end that takes paths from others (this server,
    the HTTP API) confines its settings through this one function.
    """
    real_root = root.expanduser().resolve() if root is not None else None
    return dataclasses.replace(settings, root=real_root, allow_local=real_root is not None)


def build_server(
    *,
    root: Path | None = None,
    remote: RemoteSettings | None = None,
    citation_timeout: float | None = DEFAULT_CITATION_TIMEOUT,
    read_timeout: float | None = DEFAULT_READ_TIMEOUT,
) -> MCPServer:
    """The MCP server with its four tools.

    Args:
        root: the only folder whose files may be read (None: no local files at all).
        remote: network settings (snapshot store, timeouts); defaults otherwise.
        citation_timeout: seconds per citation's check (None: no budget); a call may pass its
            own ``citation_timeout``.
        read_timeout: seconds per source read, local or fetched PDF/HTML (None: no budget).

    Returns:
        An ``MCPServer``; call ``.run("stdio")``.
    """
    settings = confine(
        Settings(
            remote=remote or RemoteSettings(),
            citation_timeout=citation_timeout,
            read_timeout=read_timeout,
        ),
        root,
    )
    tools = _Tools(settings, settings.root)
    server = MCPServer(
        name="quote_tui",
        version=__version__,
        instructions=(
            "Checks whether quoted words really stand in a cited source, and where. A match is "
            "textual presence in the retrieved text, not evidence that a claim is true."
        ),
    )
    server.tool(name="check_quote", description=_CHECK_QUOTE)(tools.check_quote)
    server.tool(name="check_citations", description=_CHECK_CITATIONS)(tools.check_citations)
    server.tool(name="read_source", description=_READ_SOURCE)(tools.read_source)
    server.tool(name="check_numbers", description=_CHECK_NUMBERS)(tools.check_numbers)
    return server


def run(
    root: Path | None = None,
    *,
    remote: RemoteSettings | None = None,
    citation_timeout: float | None = DEFAULT_CITATION_TIMEOUT,
    read_timeout: float | None = DEFAULT_READ_TIMEOUT,
) -> int:
    """Serve MCP over stdio until the client closes the connection.

    Args:
        root: see ``build_server``.
        remote: network settings; the CLI passes its own (``--offline``, ``--store``, ...).
        citation_timeout: see ``build_server``.
        read_timeout: see ``build_server``.

    Returns:
        The exit code (0).
    """
    build_server(
        root=root, remote=remote, citation_timeout=citation_timeout, read_timeout=read_timeout
    ).run("stdio")
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m quote_tui.mcp_server [--root DIR] [--store PATH] [--offline]``."""
    parser = argparse.ArgumentParser(prog="quote-tui mcp", description=__doc__)
    parser.add_argument("--root", type=Path, help="folder whose files agents may read")
    parser.add_argument("--store", type=Path, help="snapshot store file")
    parser.add_argument("--offline", action="store_true", help="use stored snapshots only")
    parser.add_argument("--timeout", type=float, default=20.0, metavar="SECONDS")
    parser.add_argument(
        "--citation-timeout", type=float, default=DEFAULT_CITATION_TIMEOUT, metavar="SECONDS"
    )
    parser.add_argument(
        "--read-timeout", type=float, default=DEFAULT_READ_TIMEOUT, metavar="SECONDS"
    )
    args = parser.parse_args(argv)
    remote = RemoteSettings(store_path=args.store, offline=args.offline, timeout=args.timeout)
    return run(
        args.root,
        remote=remote,
        citation_timeout=args.citation_timeout or None,
        read_timeout=args.read_timeout or None,
    )


if __name__ == "__main__":
    sys.exit(main())

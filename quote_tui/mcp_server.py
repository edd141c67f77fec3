"""The MCP front end: quote_tui's checks as tools an agent can call, over stdio.

Three tools, all through the same service as the CLI: ``check_quote`` (one quotation against one
source or a supplied text), ``check_citations`` (the batch format) and ``read_source`` (the checked
text, its hash and retrieval record). Results are the report's JSON. A fourth, ``check_numbers``,
is the claims gate's number rule on a piece of prose and its quotations (pure text, no source).
A fifth, ``check_references``, checks a bibliography against Crossref and PubMed. A sixth,
``check_answer``, checks the citations of a language model's answer in the documents it was given.
Failures come back as tool errors carrying the error's code and recovery hint.

Agents pass URLs and paths they found in documents, so: network sources go through the address
guard like everything else, and no local file is read unless it lies under the folder named with
``--root`` (resolved, so neither ``..`` nor a symlink leads out). Without ``--root`` no local file
is read at all.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from quote_tui import api
from quote_tui._version import __version__

__all__ = ["build_server", "run"]

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
  citation_timeout in seconds), or the text was read by OCR (reason "ocr"), or a font left
  the PDF's text unreadable (reason "unmapped_font"; "note" names the glyphs when the
  quotation differs only at them). NOT a misquotation: say why it cannot be settled.
- unavailable: the source could not be read; its error has a code and a recovery hint.
Each citation's "outcome" says the verdict with what must not be missed: its "label" names a
critical difference in any tier ("‼ Normalized — critical omission": not faithful, whatever the
status), its "notices" a cited page that differs, a claimed place that disagrees, text outside
the main text or the words found in another source. The report's "outcomes" counts them.
What a match means: the words are present in the text that was retrieved and checked (see the
source's retrieval record and representation). It does NOT mean the claim is true, that the
source supports the argument it is cited for, that the words are the source author's own rather
than a quotation of someone else, or that the source is the original. Report the location (page,
line, offsets) rather than paraphrasing it."""

_CHECK_QUOTE = f"""Check whether a quotation really stands in a source, and where.

Give the quotation and exactly one of: `source` (a URL, doi:10.x/y, arxiv:2106.09685, pmid:123,
pmcid:PMC1234567, or a path under the server's --root folder) or `source_text` (the source's text
itself; set `truncated` when it is only part of the source). Returns the report JSON:
"citations"[0] holds the verdict, the matches (offsets, line and page numbers, context) and any
differences; "sources"[0] says which text was
checked (representation, checked_text_sha256, retrieval record).
`render` ("never", "auto" or "always") renders an HTML page in headless Chromium first, for
pages whose text a script builds; the server's --render is the default. A quotation found on the
page but outside its main text (a caption, a sidebar) carries "outside_main_text": true.
A DOI is read through the open copies OpenAlex and Europe PMC list for it (a repository PDF,
PubMed Central, arXiv) around the publisher's page; the source's "copy" names the one read and
its version. `open_copies` false reads only the publisher's page.

{_VERDICTS}"""

_CHECK_CITATIONS = f"""Check many quotations against their sources in one call (the batch format).

`sources`: a list of {{"id", "ref"}} or {{"id", "text", "truncated"?}} objects; `citations`: a
list of {{"id", "source" (a source id), "quote", "locator"? (e.g. "p. 12")}}. A ref is a URL,
doi:10.x/y, arxiv:2106.09685, pmid:123, pmcid:PMC1234567 or a path under the server's --root.
Each source is read once. Returns the report JSON with a verdict per citation; problems with
single entries are reported in those entries, the rest of the batch still runs. `render` and
`open_copies` as for check_quote, for every source of the call.

{_VERDICTS}"""

_READ_SOURCE = """Read a source and return the exact text quote_tui checks quotations against.

`ref`: a URL, doi:10.x/y, arxiv:2106.09685, pmid:123, pmcid:PMC1234567 (read as Europe PMC's
full-text XML) or a path under the server's --root folder. Returns "text"
(the checked text), "page_starts" and "page_labels", and "source", the report's entry for the
source: its SHA-256 (checked_text_sha256: cite it to pin which text was checked), the
representation (e.g. html_main_text, pdf_text_layer, pubmed_abstract, pmc_full_text,
doi_landing_page), whether it was truncated, and the retrieval record (final URL, redirects, HTTP
status, retrieval time, content hash, whether it came from a stored snapshot). A landing page or
abstract is not the full work; say so when you rely on it. `render` as for check_quote
(the record then says "rendered": true and which browser); `open_copies` as for check_quote."""


_CHECK_NUMBERS = """Check the numbers in a piece of prose against the quotations that back it.

`text`: the prose you wrote; `quotes`: the quotations it rests on. Every number written in digits
in the prose must stand in one of the quotations (1,000 counts as 1000); a number you worked out
yourself (a sum, a difference, a year counted back) is a claim of your own and fails. Returns
"passed", "missing_numbers" and "findings" (code number_not_in_quotes, severity failure, the
words concerned and their offsets in `text`). Check the quotations themselves with check_quote."""


_CHECK_REFERENCES = """Check the references of a bibliography against Crossref and PubMed.

Give `bibtex` (the text of a .bib file) or `csl` (a list of CSL-JSON items), or both. Each
reference is looked up by its DOI at Crossref, its PMID at PubMed, or by a bibliographic search
when it has neither, and gets one status: verified; metadata_mismatch (the fields that differ,
with the registered values: title, first_author, year, journal, pages, doi); retracted,
corrected or expression_of_concern (from Crossref's update metadata and PubMed's publication
types); unverifiable (no identifier and nothing close, or a service that could not answer, with
the reason); not_found (the identifier resolves to nothing and nothing close was found). A close
match is named in close_match. A reference that does not match is a miscitation to look into,
never evidence that the work does not exist. Returns {"summary": ..., "references": [...]}.

Optional: `registries`, the registries asked (crossref, datacite, pubmed, europepmc, arxiv,
biorxiv, openalex, dblp, semanticscholar, openreview, web; or ["all"]); `baseline`, an earlier
report of this tool: `changes` then lists what is newly retracted, corrected, mismatched or
fixed, and with `fail_on_change` true, `failed_on_change` says whether any change is for the
worse; `reviews`, a review file's content ({"reviews": [...]}): a reviewed finding is marked
`review` and no longer counts as failing; `date`, the manuscript's date (YYYY-MM-DD): each
retracted reference then says in `retraction_timing` whether it is cited before or after the
retraction."""


def _tool_error(exc: api.QuoteTuiError, root: Path | None = None) -> ToolError:
    return _error_of(exc.to_dict(), root)


def _error_of(error: dict[str, Any], root: Path | None) -> ToolError:
    """A tool error carrying ``error``, its message naming files relative to the root: the
    agent named them so, and the server's own folders are none of its business."""
    message = str(error.get("message", ""))
    if root is not None:
        shown = str(root)
        message = message.replace(shown + os.sep, "").replace(shown, "the root folder")
    # ASCII escapes: a lone surrogate in a message cannot break the reply
    return ToolError(json.dumps({**error, "message": message}))


_CHECK_ANSWER = f"""Check the citations of a language model's answer in the documents it was given.

`answer`: an Anthropic Messages response (its text blocks' citations: char_location,
page_location, content_block_location), an OpenAI Responses object (its output_text annotations:
file_citation, url_citation) or a list of {{"quote", "source" (a document's position or file
name), "start"?, "end"?, "pages"?}}. `documents`: the documents in document_index order, each a
URL, a path under the server's --root folder, or {{"text", "title"?}}. Each cited text is checked
in its document, a citation per cited text. A place the citation claims comes back as "claimed"
with "agrees": true when the text stands there, false when it does not (it stands elsewhere, in
another document: see "found_in", or nowhere), null with a "reason" when that cannot be told
(offsets into a PDF's extracted text are not offsets into the text the model saw).
`render` and `open_copies` as for check_quote, for every document given as a ref.

{_VERDICTS}"""


def _first_error(report: dict[str, Any]) -> dict[str, Any] | None:
    for item in (*report["sources"], *report["citations"]):
        if item.get("error"):
            return item["error"]
    return None


class _Tools:
    """The tools' implementations, bound to the server's settings."""

    def __init__(self, settings: api.Settings) -> None:
        self.settings = settings
        self.root = settings.root

    def _budgeted(
        self,
        citation_timeout: float | None,
        render: str | None = None,
        open_copies: bool | None = None,
    ) -> api.Settings:
        """The server's settings with a call's own citation budget, render mode and choice of
        open copies, when it gives them."""
        settings = self.settings
        if citation_timeout is not None and citation_timeout > 0:
            settings = dataclasses.replace(settings, citation_timeout=citation_timeout)
        try:
            return api.with_open_copies(api.with_render(settings, render), open_copies)
        except api.BatchInputError as exc:
            raise _tool_error(exc) from exc

    async def check_quote(
        self,
        quote: str,
        source: str | None = None,
        source_text: str | None = None,
        truncated: bool = False,
        citation_timeout: float | None = None,
        render: str | None = None,
        open_copies: bool | None = None,
    ) -> dict[str, Any]:
        if (source is None) == (source_text is None):
            raise _tool_error(
                api.BatchInputError(
                    "give exactly one of 'source' (a ref) and 'source_text' (the text itself)",
                    code=api.ErrorCode.BAD_BATCH,
                    recovery=api.Recovery.FIX_INPUT,
                )
            )
        spec = api.SourceSpec(id="source", ref=source, text=source_text, truncated=truncated)
        batch = api.Batch(
            (spec,), (api.CitationSpec(id="quote", source="source", quote=quote),), self.root
        )
        settings = self._budgeted(citation_timeout, render, open_copies)
        report = await api.check_batch(batch, settings=settings)
        error = _first_error(report)
        if error is not None:
            raise _error_of(error, self.root)
        return report

    async def check_citations(
        self,
        sources: list[dict[str, Any]],
        citations: list[dict[str, Any]],
        citation_timeout: float | None = None,
        render: str | None = None,
        open_copies: bool | None = None,
    ) -> dict[str, Any]:
        settings = self._budgeted(citation_timeout, render, open_copies)
        try:
            batch = api.parse_batch(
                {"sources": sources, "citations": citations}, base_dir=self.root
            )
        except api.QuoteTuiError as exc:
            raise _tool_error(exc, self.root) from exc
        return await api.check_batch(batch, settings=settings)

    async def check_answer(
        self,
        answer: dict[str, Any] | list[dict[str, Any]],
        documents: list[str | dict[str, Any]],
        citation_timeout: float | None = None,
        render: str | None = None,
        open_copies: bool | None = None,
    ) -> dict[str, Any]:
        settings = self._budgeted(citation_timeout, render, open_copies)
        try:
            batch, warnings = api.answer_input(answer, documents, base_dir=self.root)
        except api.QuoteTuiError as exc:
            raise _tool_error(exc, self.root) from exc
        report = await api.check_batch(batch, settings=settings)
        if warnings:
            report["warnings"] = list(warnings)
        return report

    async def check_numbers(self, text: str, quotes: list[str]) -> dict[str, Any]:
        return api.number_check(text, quotes)

    async def check_references(
        self,
        bibtex: str | None = None,
        csl: list[dict[str, Any]] | None = None,
        registries: list[str] | None = None,
        baseline: dict[str, Any] | None = None,
        fail_on_change: bool = False,
        reviews: dict[str, Any] | None = None,
        date: str | None = None,
    ) -> dict[str, Any]:
        try:
            entries = api.parse_references(bibtex=bibtex, csl=csl)
            if fail_on_change and baseline is None:
                raise api.BatchInputError(
                    "fail_on_change needs a baseline (an earlier references report).",
                    code=api.ErrorCode.BAD_OPTION,
                    recovery=api.Recovery.FIX_INPUT,
                )
            report = await api.check_references(
                entries,
                settings=self.settings,
                registries=api.registry_names(registries) if registries is not None else None,
                baseline=baseline,
                reviews=reviews,
                date=date,
            )
        except api.QuoteTuiError as exc:
            raise _tool_error(exc, self.root) from exc
        if fail_on_change:
            report["failed_on_change"] = api.changed_for_worse(report)
        return report

    async def read_source(
        self, ref: str, render: str | None = None, open_copies: bool | None = None
    ) -> dict[str, Any]:
        settings = self._budgeted(None, render, open_copies)
        read = await api.read_source(ref, settings=settings, base_dir=self.root)
        error = read["source"].get("error")
        if error:
            raise _error_of(error, self.root)
        return read


def build_server(settings: api.Settings | None = None, *, root: Path | None = None) -> MCPServer:
    """The MCP server with its six tools.

    Args:
        settings: the run settings (budgets, network, matching), as the CLI builds them; a
            call may pass its own ``citation_timeout``.
        root: the only folder whose files may be read (None: no local files at all).

    Returns:
        An ``MCPServer``; call ``.run("stdio")``.
    """
    # a server runs threads: a large source is split across spawned workers, never by forking
    tools = _Tools(api.confine(api.server_settings(settings or api.Settings()), root))
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
    server.tool(name="check_answer", description=_CHECK_ANSWER)(tools.check_answer)
    server.tool(name="read_source", description=_READ_SOURCE)(tools.read_source)
    server.tool(name="check_numbers", description=_CHECK_NUMBERS)(tools.check_numbers)
    server.tool(name="check_references", description=_CHECK_REFERENCES)(tools.check_references)
    return server


def run(settings: api.Settings | None = None, *, root: Path | None = None) -> int:
    """Serve MCP over stdio until the client closes the connection.

    Args:
        settings: see ``build_server``.
        root: see ``build_server``.

    Returns:
        The exit code (0).
    """
    build_server(settings, root=root).run("stdio")
    return 0

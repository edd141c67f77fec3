"""LaTeX manuscripts: ``\\input``/``\\include`` followed, csquotes, quote environments, cites.

Each file is its own document (locations name the file that holds the quotation). Comments and
verbatim environments are blanked out before quotations are looked for; ``thebibliography``
entries (``\\bibitem{key}``) serve cites when no .bib file is given.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery
from quote_tui.manuscripts.bibliography import delatex
from quote_tui.manuscripts.document import Block, Document, FootnoteSpan, Manuscript, blank_out
from quote_tui.manuscripts.latex_files import (
    INPUT,
    child_files,
    false_branches,
    inline_code,
    style_files,
)
from quote_tui.manuscripts.latex_keyed import keyed_quote_blocks, trimmed
from quote_tui.manuscripts.latex_macros import cite_macros, expand_cite_macros
from quote_tui.manuscripts.latex_marks import mark_commands
from quote_tui.manuscripts.latex_notes import detached_notes
from quote_tui.manuscripts.latex_signs import typeset_signs
from quote_tui.manuscripts.latex_words import text_macros
from quote_tui.manuscripts.locators import parse_locator
from quote_tui.manuscripts.model import BibEntry
from quote_tui.manuscripts.reflist import entry_from_text, find_reference_list
from quote_tui.manuscripts.refs import Mention, find_mentions

__all__ = ["csquotes_blocks", "latex_to_text", "own_quote_blocks", "read_latex"]

_COMMENT = re.compile(r"(?<!\\)%[^\n]*")
# Code, and drawings and pseudo-code whose labels and strings are the figure's (TikZ's
# `\node {"…"}`, algorithmic's `\State print "…"`), hold no quotation of a source.
_VERBATIM = re.compile(
    r"\\begin\{(verbatim|lstlisting|minted|comment|Verbatim|tikzpicture|pgfpicture|circuitikz|"
    r"algorithmic|algorithmicx)\*?\}"
)
# (and the quoting package's environment, and a writer's own, named for what it sets:
# \newenvironment{zitat}{\begin{quote}\itshape}{\end{quote}}, {longquote}, {myquote}; abnTeX2's
# {citacao}, Italian {citazione})
_ENV = re.compile(
    r"\\begin\{(quote|quotation|verse|displayquote|displaycquote|foreigndisplayquote|"
    r"foreigndisplaycquote|hyphendisplayquote|hyphendisplaycquote|quoting|"
    r"[A-Za-z]*(?:[Qq]uote|[Zz]itat|[Cc]ita[tcz]|[Cc]itation)[A-Za-z]*)\}"
)
_CSQ = re.compile(
    r"\\(?P<cmd>enquote|textquote|textcquote|foreignquote|foreigntextquote|foreigntextcquote|"
    r"hyphenquote|hyphentextquote|hyphentextcquote|blockquote|blockcquote|foreignblockquote|"
    r"foreignblockcquote|hyphenblockquote|hyphenblockcquote|hybridblockquote|hybridblockcquote)"
    r"\*?(?![a-zA-Z])"
)
# An interlinear example's free translation, the writer's, in marks by convention (gb4e's and
# langsci's \glt ‘…’, expex's \glft and \trans): linguistic data, not a quotation.
# (\trans only at a line's head: a paper's math writes a transpose \trans too.)
_GLOSS_TRANSLATION = re.compile(
    r"\\(?:glt|glft|gltr)(?![A-Za-z])[^\n]*|^[ \t]*\\(?:trans|ltrans)(?![A-Za-z])[^\n]*", re.M
)
_THEBIB = re.compile(r"\\begin\{(thebibliography)\}")
_BIBITEM = re.compile(
    r"\\bibitem\s*(?:\[[^\]]*\])?\s*\{([^}]+)\}([^\\]*(?:\\(?!bibitem|end\{thebibliography)[^\\]*)*)"
)
_FOOTNOTE = re.compile(r"\\footnote\s*(?:\[[^\]]*\])?\s*(?=\{)")
_MAX_FILES = 200


def _bad(message: str) -> BatchInputError:
    return BatchInputError(message, code=ErrorCode.BAD_MANUSCRIPT, recovery=Recovery.FIX_INPUT)


def _closed(begin: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    """Spans from each ``\\begin`` that ``begin`` finds (group 1: the environment's name) to
    the end of the first ``\\end`` of that name after it, not overlapping.

    This is what ``\\begin{NAME}.*?\\end{NAME}`` finds, in linear time: that regular
    expression searches the rest of the text again from each ``\\begin`` left unclosed.
    """
    ends: dict[str, list[tuple[int, int]]] = {}
    spans: list[tuple[int, int]] = []
    for m in begin.finditer(text):
        if spans and m.start() < spans[-1][1]:
            continue
        name = m.group(1)
        if name not in ends:
            closing = re.compile(r"\\end\{" + re.escape(name) + r"\*?\}")
            ends[name] = [(e.start(), e.end()) for e in closing.finditer(text)]
        k = bisect_left(ends[name], (m.end(), -1))
        if k < len(ends[name]):
            spans.append((m.start(), ends[name][k][1]))
    return spans


def _group(text: str, i: int, open_ch: str, close_ch: str) -> tuple[int, int] | None:
    """The span inside the bracket group opening at ``i`` (after spaces), or None."""
    while i < len(text) and text[i] in " \t\n":
        i += 1
    if i >= len(text) or text[i] != open_ch:
        return None
    close = _closing(text, open_ch, close_ch).get(i)
    return (i + 1, close) if close is not None else None


@lru_cache(maxsize=8)
def _closing(text: str, open_ch: str, close_ch: str) -> dict[int, int]:
    """Where each bracket of a kind closes, in one pass over the text.

    Searching forward from every command instead costs the rest of the text for each
    unclosed group, which is quadratic: thousands of ``\\enquote{`` before one stray ``{``
    took minutes. A backslash escapes the next character, as in the forward search.
    """
    pairs: dict[int, int] = {}
    stack: list[int] = []
    for m in re.finditer(r"\\.|[" + re.escape(open_ch + close_ch) + "]", text, re.S):
        if m.group() == open_ch:
            stack.append(m.start())
        elif m.group() == close_ch and stack:
            pairs[stack.pop()] = m.start()
    return pairs


def _args(text: str, i: int, spec: str) -> tuple[list[tuple[int, int] | None], int]:
    """Arguments after a command: ``spec`` is a string of 'o' (optional) and 'm' (mandatory)."""
    out: list[tuple[int, int] | None] = []
    for kind in spec:
        span = _group(text, i, "[", "]") if kind == "o" else _group(text, i, "{", "}")
        out.append(span)
        if span is not None:
            i = span[1] + 1
        elif kind == "m":
            return out, i
    return out, i


@dataclass(frozen=True, slots=True)
class _Spec:
    """The arguments of a csquotes command or environment, in order: 'o' optional, 'm' mandatory.

    ``key`` is the index of the citation key (the ``c`` forms, whose [prenote][postnote] are
    the two optionals before it); ``cite`` the index of the free-text [cite] argument; the
    quoted text is the last argument of a command and the body of an environment.
    """

    args: str
    key: int | None = None
    cite: int | None = None


# csquotes' manual, sections 3-5: every quotation command and environment, with its arguments.
_CMD_SPECS = {
    "enquote": _Spec("m"),
    "foreignquote": _Spec("mm"),
    "hyphenquote": _Spec("mm"),
    "textquote": _Spec("oom", cite=0),
    "foreigntextquote": _Spec("moom", cite=1),
    "hyphentextquote": _Spec("moom", cite=1),
    "textcquote": _Spec("oomom", key=2),
    "foreigntextcquote": _Spec("moomom", key=3),
    "hyphentextcquote": _Spec("moomom", key=3),
    "blockquote": _Spec("oom", cite=0),
    "foreignblockquote": _Spec("moom", cite=1),
    "hyphenblockquote": _Spec("moom", cite=1),
    "hybridblockquote": _Spec("moom", cite=1),
    "blockcquote": _Spec("oomom", key=2),
    "foreignblockcquote": _Spec("moomom", key=3),
    "hyphenblockcquote": _Spec("moomom", key=3),
    "hybridblockcquote": _Spec("moomom", key=3),
}
_ENV_SPECS = {
    "quote": _Spec(""),
    "quotation": _Spec(""),
    # Verse is quoted without marks: a poem's lines set off as a block.
    "verse": _Spec(""),
    "displayquote": _Spec("oo", cite=0),
    "foreigndisplayquote": _Spec("moo", cite=1),
    "hyphendisplayquote": _Spec("moo", cite=1),
    "displaycquote": _Spec("oomo", key=2),
    "foreigndisplaycquote": _Spec("moomo", key=3),
    "hyphendisplaycquote": _Spec("moomo", key=3),
    "quoting": _Spec("o"),  # [leftmargin=…]
}
_OWN_ENV = _Spec("")


def _spec_mention(
    text: str, spec: _Spec, args: list[tuple[int, int] | None], start: int
) -> Mention | None:
    """The citation a csquotes command carries: its key with [pre][post], or its [cite]."""
    if spec.key is not None:
        key_span = args[spec.key] if len(args) > spec.key else None
        if key_span is None:
            return None
        key = text[key_span[0] : key_span[1]].split(",")[0].strip()
        if not key:
            return None
        # One optional is the postnote, two are [prenote][postnote] (biblatex's rule).
        notes = [a for a in args[spec.key - 2 : spec.key] if a is not None]
        loc = parse_locator(text[notes[-1][0] : notes[-1][1]]) if notes else None
        raw = text[start : key_span[1] + 1]
        return Mention(start, key_span[1] + 1, "latex", raw, key=key, locator=loc)
    if spec.cite is not None and len(args) > spec.cite and args[spec.cite] is not None:
        a, b = args[spec.cite]  # type: ignore[misc]
        found = find_mentions(text, a, b, latex=True)
        return found[0] if found else None
    return None


def _csquotes_blocks(text: str, scan: str, file_kind: str) -> list[Block]:
    blocks = []
    for m in _CSQ.finditer(scan):
        cmd = m.group("cmd")
        spec = _CMD_SPECS[cmd]
        args, after = _args(text, m.end(), spec.args)
        if not args or args[-1] is None or len(args) < len(spec.args):
            continue
        body = args[-1]
        mention = _spec_mention(text, spec, args, m.start())
        blocks.append(Block(body[0], body[1], after, mention, inline="block" not in cmd))
    return blocks


# A class's or writer's own quotation command, named for what it sets: \blockzitat{...},
# \zitat{...}, \longquote{...}. Its one argument is the quoted text; a citation at its end is
# the quotation's (extract reads it off the block's end). csquotes' own names are read above.
# (and the dirtytalk package's \say{…}, which sets its argument in marks)
_OWN_QUOTE = re.compile(
    r"\\(?P<cmd>say|[A-Za-z]*(?:quote|Quote|zitat|Zitat|citat|Citat)[A-Za-z]*)\*?(?=[ \t]*\{)"
)
# Block forms; the others quote inside a sentence, as \enquote does.
_OWN_BLOCK = re.compile(r"block|display|long|lang|absatz", re.I)


def csquotes_blocks(text: str) -> list[Block]:
    """The csquotes commands typed as raw LaTeX in a Markdown file (Pandoc passes them on)."""
    return _csquotes_blocks(text, text, "markdown")


def own_quote_blocks(text: str, scan: str) -> list[Block]:
    """The quotations set with a quotation command that is neither csquotes' nor LaTeX's."""
    blocks = []
    for m in _OWN_QUOTE.finditer(scan):
        cmd = m.group("cmd")
        if cmd in _CMD_SPECS or cmd in _ENV_SPECS or "cite" in cmd.lower():
            continue
        body = _group(text, m.end(), "{", "}")
        if body is None or not text[body[0] : body[1]].strip():
            continue
        start, end = trimmed(text, body)
        blocks.append(Block(start, end, body[1] + 1, inline=not _OWN_BLOCK.search(cmd)))
    return blocks


# An epigraph set with the epigraph package's or memoir's command, its source the second
# argument: \epigraph{Whatever you can do …}{--- Anster, \textit{Faustus}}; \qitem in an
# epigraphs environment likewise.
_EPIGRAPH = re.compile(r"\\(?:epigraph|qitem)\*?(?=\s*\{)")


def _epigraphs(text: str, scan: str) -> list[Block]:
    blocks = []
    for m in _EPIGRAPH.finditer(scan):
        args, after = _args(text, m.end(), "mm")
        if len(args) == 2 and args[0] is not None and args[1] is not None:
            start, end = args[0]
            while start < end and text[start] in " \t\n":
                start += 1
            while end > start and text[end - 1] in " \t\n":
                end -= 1
            if start < end:
                blocks.append(Block(start, end, after, signed=args[1]))
    return blocks


def _env_blocks(text: str, scan: str) -> list[Block]:
    blocks = []
    # The positions of each environment's \end, found once: searching the rest of the text
    # from every \begin is quadratic when thousands of them are never closed.
    ends: dict[str, list[int]] = {}
    for m in _ENV.finditer(scan):
        name = m.group(1)
        if name not in ends:
            closing = re.escape(f"\\end{{{name}}}")
            ends[name] = [e.start() for e in re.finditer(closing, scan)]
        k = bisect_left(ends[name], m.end())
        if k == len(ends[name]):
            continue
        end = ends[name][k]
        start = m.end()
        spec = _ENV_SPECS.get(name, _OWN_ENV)
        args, after_args = _args(text, start, spec.args)
        mention = None
        if len(args) == len(spec.args) and after_args <= end:
            mention = _spec_mention(text, spec, args, m.start())
            start = after_args
        while start < end and text[start] in " \t\n":
            start += 1
        body_end = end
        while body_end > start and text[body_end - 1] in " \t\n":
            body_end -= 1
        blocks.append(Block(start, body_end, end + len(name) + 6, mention))
    return blocks


def _bibitems(text: str) -> dict[str, BibEntry]:
    out = {}
    for start, end in _closed(_THEBIB, text):
        for m in _BIBITEM.finditer(text[start:end]):
            out[m.group(1).strip()] = entry_from_text(m.group(1).strip(), latex_to_text(m.group(2)))
    return out


def _files(main: Path) -> list[tuple[Path, str]]:
    root = main.resolve().parent
    seen: set[Path] = set()
    out: list[tuple[Path, str]] = []

    def visit(path: Path) -> None:
        path = path.resolve()
        if path in seen or len(out) >= _MAX_FILES:
            return
        seen.add(path)
        try:
            text = path.read_text(encoding="utf-8-sig", errors="replace")
        except OSError as exc:
            if not out:
                raise _bad(f"The manuscript {path} cannot be read: {exc.strerror or exc}.") from exc
            return
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        out.append((path, text))
        scan = _COMMENT.sub(lambda m: " " * len(m.group(0)), text)
        scan = blank_out(scan, false_branches(scan))
        for candidates in child_files(scan, root, path.parent):
            child = next((c for c in candidates if _is_file(c)), None)
            if child is not None:
                visit(child)

    visit(main)
    return out


def _styles(files: list[tuple[Path, str]], root: Path) -> list[tuple[Path, str]]:
    """The writer's own class and package files the manuscript loads, read for their
    command definitions only."""
    out = []
    for path in dict.fromkeys(
        p for _, text in files for p in style_files(_COMMENT.sub("", text), root)
    ):
        if _is_file(path):
            try:
                out.append((path, path.read_text(encoding="utf-8-sig", errors="replace")))
            except OSError:
                continue
    return out


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name the file system refuses, too long or empty
        return False


def read_latex(text: str, path: Path) -> Manuscript:
    """Read a LaTeX manuscript and the files it includes.

    Args:
        text: the main file's text (read again from ``path`` with the included files).
        path: the main file.

    Returns:
        One document per file, with csquotes and environment quotations as blocks.
    """
    root = path.resolve().parent
    documents = []
    keyed: dict[str, BibEntry] = {}
    listed: list[BibEntry] = []
    warnings: list[str] = []
    footnotes: dict[str, FootnoteSpan] = {}
    files = _files(path)
    # A writer's own cite command may be defined in the main file and used in an included one.
    # (or in a class or package of the writer's beside the manuscript)
    sources = [_COMMENT.sub("", text) for _, text in [*files, *_styles(files, root)]]
    macros = cite_macros(sources)
    words = text_macros(sources)
    for file_path, file_text in files:
        file_text = expand_cite_macros(file_text, macros)
        hidden = [(m.start(), m.end()) for m in _COMMENT.finditer(file_text)]
        hidden += _closed(_VERBATIM, file_text)
        hidden += [(m.start(), m.end()) for m in INPUT.finditer(file_text)]
        hidden += false_branches(blank_out(file_text, hidden))
        hidden += inline_code(blank_out(file_text, hidden))
        hidden += [(m.start(1), m.end(1)) for m in _OPTIONS.finditer(file_text)]
        hidden += [(m.start(), m.end()) for m in _GLOSS_TRANSLATION.finditer(file_text)]
        # Marks set as commands (\glqq…\grqq{}, "`…"') are quotations of their own.
        scan, marked = mark_commands(blank_out(file_text, hidden))
        bib_spans = _closed(_THEBIB, scan)
        keyed.update(_bibitems(scan))
        if not bib_spans:
            # A list typed under a heading (\section*{Literatur}): notes and author-date
            # citations name its entries
            reflist = find_reference_list(scan)
            listed.extend(reflist.listed)
            bib_spans += [reflist.span] if reflist.span else []
        blocks = _env_blocks(file_text, scan) + _csquotes_blocks(file_text, scan, "latex")
        blocks += own_quote_blocks(file_text, scan) + _epigraphs(file_text, scan)
        blocks += keyed_quote_blocks(file_text, scan)
        try:
            name = str(file_path.relative_to(root))
        except ValueError:
            name = file_path.name
        notes = tuple(
            span
            for m in _FOOTNOTE.finditer(scan)
            if (span := _group(file_text, m.end(), "{", "}")) is not None
        )
        # \footnotemark's notes stand apart: a \footnotetext{} or a list typed at the end
        anchors, detached = detached_notes(
            file_text, scan, name, lambda i, t=file_text: _group(t, i, "{", "}")
        )
        for note_name, (start, end) in detached.items():
            footnotes[note_name] = FootnoteSpan(len(documents), start, end)
        documents.append(
            Document(
                file=name,
                text=file_text,
                kind="latex",
                scan_text=scan,
                blocks=tuple(sorted(blocks + marked, key=lambda b: b.start)),
                anchors=anchors,
                skip=tuple(bib_spans),
                notes=notes,
                macros=words,
            )
        )
    return Manuscript(
        documents=tuple(documents),
        footnotes=footnotes,
        keyed=keyed,
        listed=tuple(listed),
        warnings=tuple(warnings),
    )


# A command's or environment's optional arguments (`\begin{itemize}[topsep=0pt]`,
# `\item[(a)]`, `label=``(\alph*)''`) set layout, never quoted words. Citation and csquotes
# commands are the exception: their pre- and postnotes hold locators and may quote. Only a
# bracket right after the name is an option: "\ldots [T]he" is an editor's bracket.
_OPTIONS = re.compile(
    r"\\(?:begin\{(?![^}]*quote)[^}]*\}|(?![A-Za-z]*(?:cite|quote|dots|ellipsis))[A-Za-z]+\*?)"
    r"((?:\[[^\[\]\n]*(?:\[[^\[\]\n]*\][^\[\]\n]*)*\])+)"
)
_DROP_WITH_ARGS = re.compile(
    r"\\(?:footnote|cite[a-zA-Z]*|[Pp]arencite|[Tt]extcite|[Aa]utocite|footcite|label|ref|"
    r"index|cites)\*?(?:\s*\[[^\]]*\])*(?:\s*\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\})+"
)
_PAIRS = {"‘": "’", "“": "”", "„": "“", "«": "»", "‚": "‘"}
_WRAPPING_COMMAND = re.compile(
    r"\\(?:foreignlanguage\{[^{}]*\}|(?!(?:enquote|textquote|foreignquote|hyphenquote|href|url|"
    r"begin|end)\b)[A-Za-z]{2,}\*?)\{([^{}\\]{2,})\}"
)
_QUOTE_CMD = re.compile(r"\\(?:enquote|textquote)\*?\s*\{")


# csquotes' marks of an editor's hand inside a quotation, as they print: \textelp{} an
# omission "[…]", \textelp{words} an omission then words put in, \textelp*{words} the words
# then the omission, \textins{words} words put in, \textins*{W} a letter changed, \textdel{words}
# words left out. The engine reads brackets and ellipses as the editor's.
_EDITED = re.compile(
    r"\\text(?P<cmd>elp|ins|del)(?P<star>\*?)\s*\{(?P<arg>[^{}]*(?:\{[^{}]*\}[^{}]*)*)\}"
)


def _edited(m: re.Match[str]) -> str:
    arg = m["arg"].strip()
    if m["cmd"] == "del" or (m["cmd"] == "elp" and not arg):
        return "[…]"
    if m["cmd"] == "ins":
        return f"[{arg}]"
    return f"[{arg}] […]" if m["star"] else f"[…] [{arg}]"


def latex_to_text(raw: str) -> str:
    """A LaTeX quotation as its reader sees it: commands dropped, quotes and dashes typeset."""
    # (texdecode loads pylatexenc: only where LaTeX is read, as delatex below does)
    from quote_tui.manuscripts.texdecode import letters_to_text

    s = _COMMENT.sub("", raw)
    # letters first: the braces are dropped below, and \oe{}uvre must not become \oeuvre
    s = typeset_signs(letters_to_text(s))
    s = _EDITED.sub(_edited, s)
    s = _OPTIONS.sub(lambda m: m.group(0)[: m.start(1) - m.start(0)], s)
    s = _DROP_WITH_ARGS.sub("", s)
    # A writer's own command around words (\eng{closeness centrality}, a language or style
    # switch) keeps them: an accent's argument is one letter, a macro's words are the quote's.
    s = _WRAPPING_COMMAND.sub(r"\1", s)
    s = _QUOTE_CMD.sub("\x01", s)  # nested csquotes: the closing brace becomes a closing mark
    out, depth_marks = [], []
    for ch in s:
        if ch == "\x01":
            out.append("‘")
            depth_marks.append(True)
        elif ch == "{":
            depth_marks.append(False)
        elif ch == "}":
            if depth_marks and depth_marks.pop():
                out.append("’")
        else:
            out.append(ch)
    s = "".join(out)
    s = s.replace("``", "“").replace("''", "”").replace("`", "‘")
    s = re.sub(r"\\(?:ldots|dots|textellipsis)\b\s?(\{\})?", "…", s)
    s = s.replace("---", "—").replace("--", "–").replace("\\\\", " ")
    s = re.sub(r"\\[,;:! ]", " ", s).replace("\\-", "")
    s = s.replace("~", " ")
    s = re.sub(r"\\(?:emph|textit|textbf|textsc|textup|textrm|textsf|texttt|mbox|text)\*?", "", s)
    s = delatex(s)
    s = re.sub(r"\\[a-zA-Z]+\*?", "", s)
    s = " ".join(s.split())
    # A quotation environment around \enquote{...}: the marks are the block's own, not a
    # quotation inside it.
    if len(s) > 2 and _PAIRS.get(s[0]) == s[-1] and s.count(s[0]) == 1:
        s = s[1:-1].strip()
    elif s[:1] in ("„", "«") and _PAIRS[s[0]] not in s:
        s = s[1:].strip()  # its closing mark stood after the citation the words end at
    return s

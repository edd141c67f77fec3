"""Markdown (Pandoc flavour) and plain-text manuscripts.

Code (fenced, indented after a blank line, inline; not knitr's asis or bookdown's block chunks,
which hold prose), YAML front matter and HTML comments are blanked out before quotations are
looked for, keeping offsets. Block quotes are ``>`` lines; footnotes are ``[^id]: text``
definitions. In plain text an indented paragraph is a block quote.
"""

from __future__ import annotations

import re
from dataclasses import replace

from quote_tui.manuscripts.document import (
    Block,
    Document,
    FootnoteSpan,
    Manuscript,
    blank_out,
)
from quote_tui.manuscripts.indented_quotes import indented_quote_spans
from quote_tui.manuscripts.latex import csquotes_blocks, own_quote_blocks
from quote_tui.manuscripts.markdown_refs import metadata_blocks, yaml_references
from quote_tui.manuscripts.model import Anchor
from quote_tui.manuscripts.notelinks import LINK_OPEN, NOTE_BACK, NOTE_NUMBER, note_link_id
from quote_tui.manuscripts.notes import inline_notes
from quote_tui.manuscripts.reflist import find_reference_list
from quote_tui.manuscripts.tagged_marks import marks_to_words
from quote_tui.manuscripts.typednotes import find_typed_notes

__all__ = ["clean_markdown_quote", "read_markdown", "read_plaintext"]

# YAML front matter, or Hugo's TOML front matter between "+++" lines (title = "…").
_FRONT_MATTER = re.compile(r"\A(?:---\n.*?\n(?:---|\.\.\.)|\+\+\+\n.*?\n\+\+\+)[ \t]*\n", re.S)
# A fenced block, or Jekyll's and Liquid's code block ({% highlight python %} … {% endhighlight
# %}), whose strings are a program's.
_FENCE = re.compile(
    r"^(```|~~~)[^\n]*\n.*?^\1[^\n]*$"
    r"|\{%-?[ \t]*highlight\b[^%\n]*%\}.*?\{%-?[ \t]*endhighlight[ \t]*-?%\}",
    re.S | re.M,
)
_INLINE_CODE = re.compile(r"`[^`\n]+`")
# knitr's asis engine and bookdown's custom blocks (```{asis, eval = book}, ```{block2,
# type="rmdnote"}) hold prose the document shows: only their fence lines are code.
_PROSE_FENCE = re.compile(r"(?:```|~~~)[ \t]*\{[ \t]*(?:asis|block2?)\b")
# HTML's comments and Liquid's ({% comment %} … {% endcomment %}): text the page never shows.
_COMMENT = re.compile(
    r"<!--.*?-->|\{%-?[ \t]*comment[ \t]*-?%\}.*?\{%-?[ \t]*endcomment[ \t]*-?%\}", re.S
)
# A "> " line's paragraph goes on over the lines after it that do not repeat the ">" (a lazy
# continuation, as CommonMark and Pandoc read it), up to a blank line or another block.
_BLOCKQUOTE = re.compile(
    r"(?:^ {0,3}>[ \t]*\S[^\n]*(?:\n|$)(?:(?! {0,3}(?:>|#|```|~~~|[-*+][ \t]|\d+[.)][ \t]))"
    r"[ \t]*\S[^\n]*(?:\n|$))*|^ {0,3}>[^\n]*(?:\n|$))+",
    re.M,
)
# A definition may be indented up to three spaces, as a list of notes at a text's end often is;
# the next definition ends it. A line typed on without indent continues its paragraph, as in
# Pandoc ("… See,\nChun, Wendy Hui Kyong. “On Software.” Grey Room 18 (2005).").
_FOOTDEF = re.compile(
    r"^ {0,3}\[\^(?P<id>[^\]\s]+)\]:[ \t]*(?P<body>.*(?:\n(?! {0,3}\[\^[^\]\s]+\]:)"
    r"(?:[ \t]+\S.*|(?![#<>|`]|[-*+][ \t]|\d+[.)][ \t])\S.*|[ \t]*(?=\n[ \t]+\S)))*)",
    re.M,
)
# A note's text as Word's web-page export writes it (and converters carry into Markdown): a
# paragraph, perhaps inside the export's <div id="ftn12">, that opens with the link back to the
# note's mark, [\[12\]](#_ftnref12) or [12](#fnref12); the mark links to the same name
# without "ref" (notelinks.NOTE_LINK). Mammoth opens a note's list item with its anchor instead,
# "1. <a id="footnote-1"></a>…", and ends it with a link back ([↑](#footnote-ref-1)).
_LINKED_NOTE = re.compile(
    r"^[ \t]*(?:</?div\b[^>\n]*>[ \t]*)*(?:<sup>)?(?:"
    + NOTE_NUMBER
    + LINK_OPEN
    + r"(?P<id>"
    + NOTE_BACK
    + r")\)"
    r"(?:\{[^{}\n]*\})?(?:</sup>)?|(?:\d{1,4}\.[ \t]+)?<a\s+(?:id|name)="
    r"\"(?P<anchor>_?(?:ftn|edn|fn|footnote-?|endnote-?)\d{1,4})\"\s*>\s*</a>)[ \t]*"
    r"(?P<body>\S[^\n]*(?:\n(?![ \t]*\n|[ \t]*</?div\b|[ \t]*\d{1,4}\.[ \t]+<a\s)[^\n]*)*)",
    re.M,
)
_BACK_LINK = re.compile(r"\s*\[[↑^]?\]\(#[^)\s]*ref[^)\s]*\)\s*$|\s*\[↑\]\(#[^)\s]+\)\s*$")
_INDENTED = re.compile(r"(?:(?<=\n\n)|\A)((?:(?: {4}|\t)[^\n]+\n?)+)")
# What holds no quotation of a source: an HTML tag with its attributes (alt="..."), a link's
# target and title ([text](url "Title")), a heading (quoted words there name a topic), and
# a template's tags and placeholders ({{total}}, {% raw %}).
# (not the inner brackets of guillemets typed as <<…>>)
_HTML_TAG = re.compile(r"(?<!<)</?[A-Za-z][^<>]{0,2000}>(?!>)")
_LINK_TARGET = re.compile(r"\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+(?:\"[^\"\n]*\"|'[^'\n]*'))?\)")
_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t][^\n]*", re.M)
# A reference link's definition, "[label]: URL" and its title in marks, on the same line or
# the next (CommonMark): the title is the link's tooltip, markup, not a quotation (the label
# stays, caretless_marks reads it). The URL may be Jekyll's {% post_url … %}.
_LINK_DEFINITION = re.compile(
    r"^ {0,3}\[(?!\^)[^\]\n]{1,200}\]:[ \t]*(?:\{%[^%\n]*%\}|<?\S+>?)"
    r"(?:[ \t]+|[ \t]*\n[ \t]*)(?P<title>\"[^\"\n]*\"|'[^'\n]*'|\([^()\n]*\))[ \t]*$",
    re.M,
)
# An image's or embedded medium's text (`![…](…)`, LiaScript's video `!?[…](…)`, audio
# `?[…](…)` and page `??[…](…)`) describes the picture, even set in marks; it quotes nobody.
_MEDIA_TEXT = re.compile(r"(?:!\??|\?\??)\[[^\[\]\n]*\](?=\()")
# An admonition's first line in MkDocs and Python-Markdown, its title in marks: '!!! note "…"',
# '???+ tip "…"' (a box's heading, as a heading's quoted words are).
_ADMONITION = re.compile(
    r"^[ \t]*(?:!!!|\?\?\?\+?)[ \t]+[\w-]+(?:[ \t]+[\w-]+)*[ \t]+\"[^\"\n]*\"", re.M
)
# Static sites set figures with tags whose quoted attributes are captions and file names, as
# often one attribute a line as on one line: Jekyll's and Liquid's "{% include figure.html
# caption="…" image-url="x.jpg" %}", Hugo's shortcodes "{{< figure src="…" caption="…" >}}" and
# "{{% notice %}}". A tag may hold a placeholder ("{{ site.url }}") and span lines, a blank one
# too (a writer's include ends "image-url=…", a blank line, "%}"); it never holds another tag.
_TEMPLATE = re.compile(
    r"\{%(?!-?[ \t]*blockquote\b)(?:[^%{]|%(?!\})|\{(?!%)){0,4000}?%\}"
    # (a blockquote tag's arguments sign its words: only its keyword and closing are markup)
    r"|\{%-?[ \t]*blockquote\b|-?%\}"
    r"|\{\{[<%](?:[^{]|\{(?!\{)){0,4000}?[>%]\}\}"
    r"|\{\{(?:[^{}\n]|\n(?![ \t]*\n)){0,400}?\}\}"
)
_HTML_QUOTE = re.compile(r"<blockquote\b[^>]*>(.*?)</blockquote>", re.S | re.I)
# HTML's inline quotation, <q>…</q>: the browser sets the marks, so the source has none.
# (its words may carry inline markup: <sub>, <em>, <a>, as HTML allows inside <q>)
_HTML_Q = re.compile(r"<q\b[^>]*>((?:[^<]|<(?!/?q\b)[^<>]{0,200}>){1,2000}?)</q>", re.I)


def _code_spans(m: re.Match[str]) -> list[tuple[int, int]]:
    """What of a fenced block or comment is code: all of it, or a prose fence's two lines."""
    if not _PROSE_FENCE.match(m.group()):
        return [(m.start(), m.end())]
    body = m.string.index("\n", m.start()) + 1
    return [(m.start(), body), (m.string.rindex("\n", m.start(), m.end()) + 1, m.end())]


# A GitHub alert or an Obsidian callout set in ">" lines ("> [!NOTE]", "> [!warning]- Title"):
# a box for the writer's own text, not a quotation; a "[!quote]" or "[!cite]" callout is one,
# its first line the box's title.
_CALLOUT = re.compile(r"\[!(?P<kind>[A-Za-z-]+)\][-+]?[^\n]*(?:\n|\Z)")
_QUOTING_CALLOUTS = frozenset(("quote", "cite", "zitat"))


def _blockquotes(text: str) -> list[Block]:
    blocks = []
    spans = [m.span() for m in _BLOCKQUOTE.finditer(text)]
    if ">" in text:
        spans = sorted(spans + indented_quote_spans(text))
    for m_start, m_end in spans:
        body_start = m_start + len(re.match(r"[ \t]*>\s?", text[m_start:m_end]).group(0))  # type: ignore[union-attr]
        titled = None  # a quoting callout's title names its source: "> [!quote] Smith, *Rivers*"
        if (callout := _CALLOUT.match(text, body_start)) is not None:
            if callout["kind"].casefold() not in _QUOTING_CALLOUTS:
                continue
            title = callout.group(0).rstrip("\n")
            lead = len(title) - len(title.split("]", 1)[1].lstrip("-+ \t"))
            if lead < len(title):
                titled = (body_start + lead, body_start + len(title))
            body_start = callout.end() + len(re.match(r" {0,3}>?\s?", text[callout.end() :])[0])  # type: ignore[index]
        body_end = m_end
        while body_end > body_start and text[body_end - 1] in " \n":
            body_end -= 1
        tail = _SIGNED.search(text, body_start, body_end) or _SIGNED_LINE.search(
            text, body_start, body_end
        )
        signed, after = None, m_end
        if tail is not None:
            signed = (tail.start(), body_end)
            body_end = tail.start()
        elif (below := _SIGNATURE_BELOW.match(text, m_end)) is not None:
            signed, after = below.span(1), below.end()
        signed = signed or titled
        if alone := _SIGNATURE_ALONE.fullmatch(text, body_start, body_end):
            # "> — Name" set as a block of its own after a blank line signs the block before
            # it; it quotes nothing.
            if blocks and not text[blocks[-1].after : m_start].strip(" \t\n>"):
                words = (alone.start(1), body_end)
                blocks[-1] = replace(blocks[-1], signed=words, after=m_end)
            continue
        blocks.append(Block(body_start, body_end, after, signed=signed))
    return blocks


_SIGNATURE_ALONE = re.compile(r"(?:-{2,3}|–|—|―)[ \t]?([A-ZÄÖÜ][^\n]{1,150})")

# A block quotation that opens a list item ("- > …", "    + >…", "1. > …"): CommonMark reads
# the ">" after the item's marker as a block quote inside the item, as slides and notes set a
# quotation under the point it supports. It runs over the lines after it, lazily or each with
# its own ">", up to a blank line, the next item, a heading or a fence.
_ITEM_QUOTE = re.compile(
    r"^[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+>[ \t]?(?=\S)(?P<body>[^\n]*"
    r"(?:\n(?![ \t]*(?:(?:[-*+]|\d{1,3}[.)])[ \t]|#|```|~~~|\n|\Z))[^\n]*\S[^\n]*)*)",
    re.M,
)


def _item_blockquotes(text: str) -> list[Block]:
    blocks = []
    for m in _ITEM_QUOTE.finditer(text):
        start, end = m.start("body"), m.end("body")
        while end > start and text[end - 1] in " \t":
            end -= 1
        blocks.append(Block(start, end, m.end()))
    return blocks


# A block signed at its end, as an epigraph is: "> … evidence. -Brown University researcher
# Willoughby Britton." The signature names the speaker; it is not the quoted words.
_SIGNED = re.compile(r"(?<=[.!?”\"’])[ \t]*(?:--?|–|—|―)[ \t]?(?=[A-Z])[^\n.!?]{1,100}\.?\Z")
# The signature on the block's last line of its own ("> — Goethe"), or on the line right after
# the block ("— Goethe, *Faust*"): a dash, not a hyphen, which would be a list's item.
# or a name alone on the last line, set in emphasis as a signature is ("> _Oliver Sacks_")
_SIGNED_LINE = re.compile(
    r"\n(?:[ \t]*>[ \t]*\n)*[ \t]*>?[ \t]*(?:(?=(?:--|–|—|―))[^\n]{3,120}"
    r"|(?P<em>\*{1,2}|_{1,2})[A-ZÄÖÜ][\w.'’-]*(?:[ \t]+[A-ZÄÖÜ][\w.'’-]*){0,4}(?P=em)[ \t]*)\Z"
)
_SIGNATURE_BELOW = re.compile(
    r"(?:[ \t]*\n)?[ \t]*((?:--|–|—|―)[ \t]?[A-ZÄÖÜ*_][^\n]{1,118})[ \t]*(?:\n[ \t]*\n|\n?\Z)"
)


# Slide decks whose HTML comments are the presenter's notes, shown beside each slide: Marp
# ("marp: true") and Slidev (a layout with its transition or other deck settings).
_DECK = re.compile(
    r"^marp:[ \t]*true\b|^(?:transition|drawings|mdc|highlighter|lineNumbers):[^\n]*\n"
    r"(?:.*\n)*?(?:layout|theme):|^(?:layout|theme):[^\n]*\n(?:.*\n)*?"
    r"(?:transition|drawings|mdc|highlighter|lineNumbers):",
    re.M,
)
_COMMENT_DELIMITER = re.compile(r"<!--|-->")

# Pandoc's and Quarto's attributes ({#fig-a fig-cap="…"}, ::: {.callout-note title="…"}): their
# quoted values are settings and captions, not quotations.
_ATTRIBUTES = re.compile(r"\{[^{}\n]*=[ \t]*[\"'][^{}\n]*\}")
_VALUE = re.compile(r"=[ \t]*(\"[^\"\n]*\"|'[^'\n]*')")


def _attribute_values(scan: str) -> list[tuple[int, int]]:
    return [
        (a.start() + v.start(1), a.start() + v.end(1))
        for a in _ATTRIBUTES.finditer(scan)
        for v in _VALUE.finditer(a.group(0))
    ]


def _common(text: str, file: str, kind: str, blocks: list[Block]) -> Manuscript:
    hidden: list[tuple[int, int]] = []
    fm = _FRONT_MATTER.match(text)
    if fm:
        hidden.append((0, fm.end()))
    # A metadata block elsewhere that holds the references: its titles are no quotations.
    hidden.extend(metadata_blocks(text) if kind == "markdown" else ())
    for pattern in (_FENCE, _COMMENT) if kind == "markdown" else ():
        if pattern is _COMMENT and fm and _DECK.search(fm.group()):
            # a slide deck's comments are its speaker notes: only their delimiters are markup
            hidden.extend(m.span() for m in _COMMENT_DELIMITER.finditer(text))
            continue
        hidden.extend(span for m in pattern.finditer(text) for span in _code_spans(m))
    if kind == "markdown" and "<blockquote" in text:
        hidden.extend(m.span() for m in _EMBEDDED_POST.finditer(text))
    scan = blank_out(text, hidden)
    if kind == "markdown":
        scan = blank_out(scan, [(m.start(), m.end()) for m in _INLINE_CODE.finditer(scan)])
    # The list is found by its heading, so before headings are blanked out.
    reflist = find_reference_list(scan)
    linked = scan  # the notes' links back to their marks are markup blanked out below
    if kind == "markdown":
        markup = [_HTML_TAG, _LINK_TARGET, _HEADING, _TEMPLATE, _ADMONITION, _MEDIA_TEXT]
        tags = list(_HTML_TAG.finditer(scan))
        titles = [m.span("title") for m in _LINK_DEFINITION.finditer(scan)]
        scan = blank_out(scan, [m.span() for p in markup for m in p.finditer(scan)] + titles)
        scan = marks_to_words(scan, tags)
        scan = blank_out(scan, _attribute_values(scan))
    blocks = [b for b in blocks if not any(a <= b.start < e for a, e in hidden)]
    skip = (reflist.span,) if reflist.span else ()
    footnotes = {}
    for m in _FOOTDEF.finditer(scan):
        footnotes[m.group("id")] = FootnoteSpan(0, m.start("body"), m.end("body"))
    for m in _LINKED_NOTE.finditer(linked) if kind == "markdown" else ():
        note_id = note_link_id(m.group("anchor") or m.group("id"))
        end = m.end("body")
        back = _BACK_LINK.search(text, m.start("body"), end)
        footnotes.setdefault(
            note_id, FootnoteSpan(0, m.start("body"), back.start() if back else end)
        )
    typed = find_typed_notes(linked)
    for name, (start, end) in typed.spans().items():
        footnotes.setdefault(name, FootnoteSpan(0, start, end))
    anchors = tuple(Anchor(a, b, footnote=n) for a, b, n in typed.marks(linked))
    doc = Document(
        file=file,
        text=text,
        kind=kind,
        scan_text=scan,
        blocks=tuple(blocks),
        skip=skip,
        anchors=anchors,
        notes=inline_notes(scan) if kind == "markdown" else (),
    )
    return Manuscript(
        documents=(doc,),
        footnotes=footnotes,
        numbered=reflist.numbered or {},
        listed=reflist.listed,
        keyed=yaml_references(text) if kind == "markdown" else {},
    )


# The footer that signs a quotation, with a <cite> around the work perhaps (the tags are markup).
_FOOTER = re.compile(r"<footer\b[^>]*>\s*([^<]*(?:<(?!/footer)[^<]*)*)</footer>|<footer\b", re.I)


# A social post embedded as its platform's code gives it ("<blockquote class="twitter-tweet"
# …>", Instagram's, TikTok's, Mastodon's, Bluesky's, Reddit's): the post shown as it stands,
# its author and date in the markup, not words the writer quotes from a source.
_EMBEDDED_POST = re.compile(
    r"<blockquote\b[^>]*\bclass=[\"'][^\"']*\b(?:twitter-tweet|twitter-video|instagram-media|"
    r"tiktok-embed|mastodon-embed|bluesky-embed|reddit-embed-bq|reddit-card|text-post-media)\b"
    r".*?</blockquote>",
    re.I | re.S,
)


def _html_blockquotes(text: str) -> list[Block]:
    """``<blockquote>`` elements (Markdown allows raw HTML): the text inside, without a
    ``<footer>`` that names the author."""
    blocks = []
    for m in _HTML_QUOTE.finditer(text):
        start, end = m.start(1), m.end(1)
        footer = _FOOTER.search(text, start, end)
        if footer:
            end = footer.start()
        while start < end and text[start] in " \t\n":
            start += 1
        while end > start and text[end - 1] in " \t\n":
            end -= 1
        if start < end:
            signed = footer.span(1) if footer and footer.group(1) is not None else None
            blocks.append(Block(start, end, m.end(), signed=signed))
    blocks.extend(
        Block(m.start(1), m.end(1), m.end(), inline=True)
        for m in _HTML_Q.finditer(text)
        if m.group(1).strip()
    )
    return blocks


# Octopress's and Hexo's block quotation, "{% blockquote Author, Source https://… %} … {%
# endblockquote %}": its arguments sign the words between the tags.
_LIQUID_QUOTE = re.compile(
    r"\{%-?[ \t]*blockquote\b[ \t]*(?P<args>[^%\n]*?)[ \t]*-?%\}(?P<body>.{1,20000}?)"
    r"\{%-?[ \t]*endblockquote[ \t]*-?%\}",
    re.S,
)


def _liquid_blockquotes(text: str) -> list[Block]:
    blocks = []
    for m in _LIQUID_QUOTE.finditer(text):
        start, end = m.span("body")
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if start < end:
            signed = m.span("args") if m["args"] else None
            blocks.append(Block(start, end, m.end(), signed=signed))
    return blocks


# An epigraph: a paragraph set wholly in emphasis, a sentence, with its author alone on the
# paragraph after ("**Gesundheit ist nicht alles, …**" then "(Arthur Schopenhauer)" or
# "— Goethe"). A heading in bold is no sentence, and a bold line with no author is the writer's.
_EPIGRAPH = re.compile(
    r"^[ \t]*(\*{1,2}|_{1,2})(?=\S)([^\n*_]{10,400}?[.!?…])\1[ \t]*\n(?:[ \t]*\n)+[ \t]*"
    r"(?:\(\s*|(?:[—–]|--?-?)[ \t]*)[A-ZÄÖÜ][\w.'’-]+(?:[ \t]+[A-ZÄÖÜ][\w.'’-]+){0,3}\s*\)?[ \t]*$",
    re.M,
)


def _epigraphs(text: str) -> list[Block]:
    """Epigraphs set in emphasis with their author's name on the next paragraph."""
    return [
        Block(m.start(2), m.end(2), m.end(), signed=(m.end(2) + len(m.group(1)), m.end()))
        for m in _EPIGRAPH.finditer(text)
    ]


# Posts a blog moved from WordPress to Jekyll or Hugo keep WordPress's character references for
# its typographic marks (“&#8220;…&#8221;”, "&rsquo;", "&mdash;"): they are the marks the reader
# sees. Only punctuation is decoded; "&lt;" stays text that is no tag.
_PUNCTUATION = {
    "ldquo": "“", "rdquo": "”", "lsquo": "‘", "rsquo": "’", "bdquo": "„", "sbquo": "‚",
    "laquo": "«", "raquo": "»", "lsaquo": "‹", "rsaquo": "›", "quot": '"', "apos": "'",
    "ndash": "–", "mdash": "—", "hellip": "…", "nbsp": "\u00a0",
}  # fmt: skip
_QUOTING_CODES = frozenset(map(ord, "“”‘’„‚«»‹›\"'–—…\u00a0"))
_REFERENCE = re.compile(r"&(?:#(\d{2,5})|#[xX]([0-9a-fA-F]{2,4})|([a-z]{3,6}));")


def _punctuation(m: re.Match[str]) -> str:
    if m[3] is not None:
        return _PUNCTUATION.get(m[3], m[0])
    code = int(m[1]) if m[1] is not None else int(m[2], 16)
    return chr(code) if code in _QUOTING_CODES else m[0]


# A play's dialogue quoted as its script sets it, one speaker a line, with the page after the
# last line: "Vladimir: Well? Shall we go?" / "Estragon: Yes, let's go." / "They do not move."
# (163). Two lines opened by a speaker's name at least; a stage direction or two may follow.
_SPEAKER_LINE = re.compile(r"[ \t]*[A-Z][\w.'’-]+(?:[ \t][A-Z][\w.'’-]+)?:[ \t]+\S[^\n]*")
_PAGE_ENDS = re.compile(r"[ \t]*\((?:(?:p|pp|S)\.[ \t]*)?\d{1,3}(?:[-–]\d{1,3})?\)[.,;]?[ \t]*$")
_DIRECTIONS = 3


def _dialogue_blocks(text: str) -> list[Block]:
    blocks = []
    lines, at = [], 0
    for line in text.split("\n"):
        lines.append((at, at + len(line)))
        at += len(line) + 1
    k = 0
    while k < len(lines):
        run = k
        while run < len(lines) and _SPEAKER_LINE.fullmatch(text, *lines[run]):
            run += 1
        if run - k >= 2:
            for last in range(run - 1, min(run + _DIRECTIONS, len(lines))):
                if not text[slice(*lines[last])].strip():
                    break  # the paragraph ended without a page
                if page := _PAGE_ENDS.search(text, *lines[last]):
                    start = lines[k][0]
                    while text[start] in " \t":
                        start += 1
                    blocks.append(Block(start, page.start(), page.start()))
                    break
        k = max(run, k + 1)
    return blocks


def read_markdown(text: str, file: str) -> Manuscript:
    """Read a Markdown manuscript.

    Args:
        text: the file's text (line breaks normalized to ``\\n``).
        file: the name shown in locations.

    Returns:
        The manuscript: one document, its block quotes, footnotes and numbered reference list.
    """
    if "&" in text:
        text = _REFERENCE.sub(_punctuation, text)
    blocks = _blockquotes(text) + _html_blockquotes(text) + _epigraphs(text)
    if ">" in text:
        blocks += _item_blockquotes(text)
    if "{%" in text:
        blocks += _liquid_blockquotes(text)
    blocks += _dialogue_blocks(text)
    if "\\" in text:
        # Pandoc passes raw LaTeX through: csquotes (\enquote{…}), a class's quotation
        # command (\blockzitat{...})
        blocks += csquotes_blocks(text) + own_quote_blocks(text, text)
    return _common(text, file, "markdown", blocks)


def read_plaintext(text: str, file: str) -> Manuscript:
    """Read a plain-text manuscript; indented paragraphs are block quotations."""
    blocks = []
    for m in _INDENTED.finditer(text):
        start = m.start(1) + len(m.group(1)) - len(m.group(1).lstrip())
        end = m.end(1)
        while end > start and text[end - 1] in " \n":
            end -= 1
        blocks.append(Block(start, end, m.end(1)))
    return _common(text, file, "plain", blocks + _dialogue_blocks(text))


def clean_markdown_quote(raw: str) -> str:
    """A quotation as the reader sees it: no ``>`` prefixes, list markers, emphasis marks,
    escapes, notes' marks or comments; dashes typed as Pandoc, kramdown and Hugo set them."""
    s = _QUOTE_COMMENT.sub(" ", raw)
    s = re.sub(r"\n[ \t]*(?:>[ \t]?)+", "\n", s)
    # a list inside the quotation: the reader sees its bullets, not the "-" or "*" typed
    s = re.sub(r"(?m)^[ \t]*[-*+][ \t]+(?=\S)", "", s)
    s = re.sub(r"<br\s*/?>", " ", s)
    s = re.sub(r"\\\n", "\n", s)  # a hard line break
    # emphasis may run over the quotation's lines (a poem set in italics)
    s = " ".join(s.split())
    for _ in range(3):  # emphasis inside emphasis ("_**[Mixed-Methods](…)**_")
        s, n = _EMPHASIS.subn(r"\2", s)
        if not n:
            break
    # any ASCII punctuation escaped ("51,8 \\% der Befragten"), as CommonMark and Pandoc read it
    s = re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", s)
    s = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", s)  # a link keeps its words
    s = _CUT_LINK.sub("", s)
    # emphasis the span's bounds cut in two ("… not getting_ _it,"): its marks are markup too
    s = _EMPHASIS_LEFT.sub("", s)
    s = re.sub(r"</?[A-Za-z][^<>]*>", "", s)
    s = re.sub(r"(?<![-!<])---(?!-)", "—", s)
    s = re.sub(r"(?<![-!<])--(?![->])", "–", s)
    return " ".join(s.rstrip("\\").split())


_EMPHASIS_LEFT = re.compile(r"(?<=[\w.,;:!?])[*_]{1,3}(?=\s|\Z)|(?:(?<=\s)|\A)[*_]{1,3}(?=\w)")
_EMPHASIS = re.compile(r"(?<!\w)(\*{1,3}|_{1,3})(?=\S)(.+?)(?<=\S)\1(?!\w)")
# A link the quotation's span ends in, cut before its target: the source's name, linked after
# the words ("… der Typografie. [Wikipedia](https://…)"), not the source's words.
_CUT_LINK = re.compile(r"\s*\[[^\]]{1,80}\]\(\s*\Z")
# An HTML comment in the quotation, or one it runs into at its end ("… computation. <!--").
_QUOTE_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)|<!-?-?\s*\Z", re.S)

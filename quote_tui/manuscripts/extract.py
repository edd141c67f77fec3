"""From a read manuscript to quotations with the reference that applies to each."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import partial

from quote_tui.manuscripts import addressed
from quote_tui.manuscripts.addressed import addresses_reader, in_box, writers_note
from quote_tui.manuscripts.attribute import cited_at_page
from quote_tui.manuscripts.attribute import resolve as _resolve
from quote_tui.manuscripts.block_found import block_found, lead_in
from quote_tui.manuscripts.cited_paragraphs import split_cited
from quote_tui.manuscripts.clauses import enclosing_cite as _enclosing_cite
from quote_tui.manuscripts.clauses import paged as _paged
from quote_tui.manuscripts.commentary import commented_author
from quote_tui.manuscripts.concepts import defined_after, kind_after, names_concept
from quote_tui.manuscripts.context import context_link, introduced_block
from quote_tui.manuscripts.deadline import Deadline
from quote_tui.manuscripts.document import Manuscript
from quote_tui.manuscripts.evidence import (
    cites_nothing,
    is_own_title,
    own_title,
    unsupported,
)
from quote_tui.manuscripts.found import Found
from quote_tui.manuscripts.glosses import is_gloss
from quote_tui.manuscripts.imagined import imagined_speech
from quote_tui.manuscripts.inscriptions import inscribed
from quote_tui.manuscripts.interrupted import join_interrupted
from quote_tui.manuscripts.led_paragraph import led_paragraph
from quote_tui.manuscripts.linguistic import is_notation
from quote_tui.manuscripts.narrative_page import page_named_later
from quote_tui.manuscripts.notecite import cited_inside
from quote_tui.manuscripts.notedauthor import paged_source
from quote_tui.manuscripts.noteibid import ibid_in_note
from quote_tui.manuscripts.notequote import cite_in_note
from quote_tui.manuscripts.numbered import number_blocks, own_items
from quote_tui.manuscripts.phrase_cites import (
    cited_right_after,
    paged_right_before,
    sentence_cite,
)
from quote_tui.manuscripts.phrases import WORD_WORDS, borrowed, ends_noted
from quote_tui.manuscripts.quotes import find_quotes, has_words
from quote_tui.manuscripts.refs import Mention, sentence_window
from quote_tui.manuscripts.reported import coined_by_cited, reported_by_name
from quote_tui.manuscripts.reviewed import with_reviewed_work
from quote_tui.manuscripts.spans import Cover as _Cover
from quote_tui.manuscripts.spans import in_note_title as _in_note_title
from quote_tui.manuscripts.spans import outermost
from quote_tui.manuscripts.subjects import Subjects, paragraph_person
from quote_tui.manuscripts.titled import (
    Titles,
    cites_by_title,
    dated_title,
    italic_titles,
    named_with_year,
)
from quote_tui.manuscripts.voice import (
    Repeats,
    authors_own,
    introduced_example,
    is_title,
    names_a_work,
    presents_own,
)
from quote_tui.manuscripts.yearpage import year_page_source

__all__ = ["Found", "extract"]

_TERMINAL = re.compile(r"[.!?…][\"'”’»]?\s*$")
# Longer "quotations" are markup left open (an unclosed \enquote{ or quotation mark), not text
# anyone quoted: 2.5 times the engine's default limit. Keeping them made the scan of a file of
# many nested unclosed quotations quadratic in time and memory (each held a copy of the rest).
_MAX_QUOTE_SPAN = 50_000
# Quotations nested thousands deep repeat the same text thousands of times; past this many
# quoted characters per character of the document the rest are such repeats, and cleaning them
# all made a scan's time grow with the square of the file.
_QUOTED_PER_CHAR = 4


# A page or line typed right after the closing mark, its kind named ("„Der Wind am Hute
# Pfiff“(Z. 81)", "(S. 12)"): capitalised words placed so are quoted, not a title named (a
# title's bracket gives its year).
_TYPED_PLACE = re.compile(
    r"[\"'”’»“]*\s*[.,;]?\s*\((?:vgl\.\s*)?(?:pp?\.|S\.|Seite|ll?\.|Z\.|Zeilen?|Vers|V\.|lines?)"
    r"\s*\d"
)
# A word of two letters at least: numbers and signs in marks ("the lot number “1 • 847,”")
# are an identifier, not anyone's words.
_LETTERS = re.compile(r"[^\W\d_]{2,}")
# The quoted words set in italics inside their marks (a title set in italics stands outside)
_ITALIC = re.compile(r"\s*(?:\\(?:textit|emph|textsl)\s*\{|[*_](?![*_\s]))")


def extract(
    ms: Manuscript,
    *,
    min_words: int = 4,
    limit: int | None = None,
    cites: bool = False,
    titles: Iterable[str | None] = (),
    deadline: Deadline | None = None,
) -> list[Found]:
    """Every quotation in the manuscript with the reference that applies to it.

    Args:
        ms: the manuscript as a reader delivered it.
        min_words: quotations with fewer words are scare quotes or titles, not citations.
        limit: stop once more than this many are found (so ``limit + 1`` come back when there
            were more): resolving each one's reference is the costly part.
        cites: the writer gave a bibliography, so the text cites whether or not it shows it.
        titles: the bibliography's titles (words in marks that are one name the work).
        deadline: when extraction stops; the quotations found before it come back, and the
            deadline holds where it stopped.

    Returns:
        The quotations in document order (blocks and inline quotations interleaved by offset).
    """
    out: list[tuple[int, int, Found]] = []
    ends: dict[tuple[int, int], int] = {}  # an inline quotation's closing mark's end
    bare = not cites and cites_nothing(ms)
    subjects = None if cites else Subjects(ms)
    commented = commented_author(ms)
    title = own_title(ms)
    found_spans = [
        find_quotes(
            doc.scan_text if doc.scan_text is not None else doc.text,
            min_words=min(min_words, WORD_WORDS),
            latex=doc.kind == "latex",
            note_marks=[a.start for a in doc.anchors if a.footnote],
        )
        for doc in ms.documents
    ]
    # A title the text names once as one ("published as “…”", *in italics*) is that work's
    # name wherever its words stand in marks again.
    named = [
        text[q.start : q.end]
        for doc, spans in zip(ms.documents, found_spans, strict=True)
        if doc.kind in ("markdown", "latex", "plain")
        for text in [doc.scan_text if doc.scan_text is not None else doc.text]
        for q in spans
        if q.parent is None and names_a_work(text, q.start, q.end)
    ]
    italic = [
        t
        for d in ms.documents
        if d.kind in ("markdown", "latex")
        for t in italic_titles(d.scan_text if d.scan_text is not None else d.text)
    ]
    listed = Titles([*titles, *(entry.title for entry in ms.listed), *named])
    known = Titles([*titles, *(entry.title for entry in ms.listed), *italic, *named])
    spent = deadline.passed if deadline is not None else _never
    for index, doc in enumerate(ms.documents):
        if (limit is not None and len(out) > limit) or spent(partial(doc.location, 0)):
            break
        scan = doc.scan_text if doc.scan_text is not None else doc.text
        lacks = partial(unsupported, doc.text, cites_nothing=bare)
        about = partial(subjects.at, index) if subjects is not None else _nobody
        # a short phrase is a topic's only when the topic is a person (Subjects.person_at)
        whose = partial(subjects.person_at, index) if subjects is not None else _nobody
        quoted, budget = 0, _QUOTED_PER_CHAR * len(doc.text) + _MAX_QUOTE_SPAN
        skipped = _Cover(doc.skip)
        # a block in a reference list (a bibliography styled as indented quotation) is an entry
        outer_blocks = [b for b in outermost(doc.blocks) if b.start not in skipped]
        outer_blocks = split_cited(doc, outer_blocks)  # paragraphs cited each on their own
        outer_blocks, labels = number_blocks(doc.text, scan, outer_blocks)
        # Display blocks are resolved first: an uncited one's words, quoted again later without
        # a citation, are its repetition (a cited one's are a quotation of its source).
        resolved = {
            b.start: block_found(ms, doc, b, min_words)
            for b in outer_blocks
            if not b.inline and b.end - b.start <= _MAX_QUOTE_SPAN
        }
        block_starts = sorted(resolved)
        # Words of a cited quotation said again are that source's words, however short; a block
        # closed by a note address is cited, though the note's text be in another file.
        taken = [b for b in outer_blocks if b.start in resolved]
        own = {
            b.start
            for b in taken
            if (resolved[b.start].mention, resolved[b.start].reference) == (None, None)
            and not ends_noted(doc.text, b.end)
        }
        numbered = own_items(scan, outer_blocks, labels, own)
        mine = partial(addressed.own_when_repeated, doc.text, scan, numbered=numbered)
        repeats = Repeats(doc.text, [(b.start, b.end) for b in taken if b.start in own and mine(b)])
        cited = Repeats(doc.text, [(b.start, b.end) for b in taken if b.start not in own])
        # Every quotation taken so far, cited or linked by context: a longer phrase said again
        # after it ("Listen to the wind blow, watch the sun rise." … to "watch the sun rise.")
        # is its source's words again.
        said = Repeats(doc.text, [(b.start, b.end) for b in taken if b.start not in own])
        for block in outer_blocks:
            if spent(partial(doc.location, block.start)):
                break
            if block.end - block.start > _MAX_QUOTE_SPAN:
                continue
            # (capitalised words cited at once with a page are quoted words: \enquote{Arbeit
            # des Begriffs}\footcite[48]{hegel})
            if (
                is_title(doc.text, block.start, block.end)
                and not cited_at_page(ms, doc, block.mention, block.after)
                and not (block.mention is None and sentence_cite(doc, ms, block.after) == "paged")
            ):
                continue
            if block.inline and (
                names_a_work(doc.text, block.start, block.end)
                or names_concept(doc.text, block.start, block.end)
            ):
                continue
            short = not has_words(doc.text, block.start, block.end, min_words)
            # A csquotes command that carries its own citation (\textcquote[178]{key}{Plot-
            # Phänomene}) marks a quotation by the writer's own hand, however short.
            if (
                short
                and block.mention is None
                and not borrowed(
                    doc,
                    block.start,
                    block.end,
                    block.after,
                    cited,
                    ms=ms,
                    about=whose(block.start),
                    commented=commented,
                )
            ):
                continue
            quoted += block.end - block.start
            if quoted > budget:
                continue
            if block.inline and block.mention is None:
                raw = doc.text[block.start : block.end]
                immediate = bool(_TERMINAL.search(raw)) and _next_is_capital(doc.text, block.after)
                window_end = sentence_window(doc.text, block.after)
                mention, reference, locator = _resolve(
                    ms, doc, block.after, window_end, block.start, immediate
                )
                if (mention, reference) == (None, None) and (
                    noted := cited_inside(ms, doc, block.start, block.end)
                ):
                    raw = doc.text[block.start : noted.cut].rstrip()
                    mention, reference, locator = noted.mention, noted.reference, noted.locator
                if (listed if locator and _ITALIC.match(raw) else known).named(
                    raw, _note_text(mention)
                ):
                    continue
                if (mention, reference) == (None, None) and (
                    authors_own(doc.text, block.start, block.end, block.end)
                    or repeats(block.start, block.end)
                    or is_own_title(title, raw)
                ):
                    continue
                if (mention, reference) == (None, None):
                    mention, locator = context_link(doc, block.start, block.end, locator, ms.listed)
                # A source named earlier in the paragraph is evidence enough.
                if (
                    (mention, reference) == (None, None)
                    and not short
                    and lacks(block.start, block.end, block.after, said, about=about(block.start))
                    and not (
                        not bare
                        and borrowed(
                            doc,
                            block.start,
                            block.end,
                            block.after,
                            cited,
                            ms=ms,
                            commented=commented,
                        )
                    )
                ):
                    continue
                if locator is None and reference is None:
                    locator = page_named_later(doc, mention, block.after)
                found = Found(raw, doc, doc.location(block.start), mention, reference, locator)
                out.append((index, block.start, found))
                ends[index, block.start] = block.after
                said.add(block.start, block.end)
                continue
            found = resolved.get(block.start) or block_found(ms, doc, block, min_words)
            if (found.mention, found.reference) == (None, None) and (
                presents_own(scan, block.start, block.end)
                or block.start in numbered
                or writers_note(scan, block.start, block.end)
            ):
                continue
            # (a box's own link is no citation of its words: "> **Merke:** … [Link](https://…)")
            linked = found.mention is not None and found.mention.style == "url"
            if (
                not block.inline
                and (linked or (found.mention, found.reference) == (None, None))
                and addresses_reader(doc.text, block.start, block.end, linked=linked)
            ):
                continue
            out.append((index, block.start, found))
            # A cited inline quotation's words said again later are its source's.
            if block.inline and found.mention is not None:
                cited.add(block.start, block.end)
                said.add(block.start, block.end)
        block_spans = {(b.start, b.end) for b in doc.blocks}
        spans = found_spans[index]
        in_blocks = _Cover((b.start, b.end) for b in doc.blocks)
        notes = _Cover(
            [(f.start, f.end) for f in ms.footnotes.values() if f.doc == index] + list(doc.notes)
        )
        for span in spans:
            if (limit is not None and len(out) > limit) or spent(partial(doc.location, span.start)):
                break
            if span.start in skipped or _in_note_title(notes, doc, span):
                continue
            if (span.start, span.end) in block_spans or span.end - span.start > _MAX_QUOTE_SPAN:
                continue
            quoted += span.end - span.start
            if quoted > budget:
                continue
            # A quotation inside another, or inside a block quotation, is part of the quoted
            # text: checking the outer one checks it, and listing it again is a second claim.
            if span.parent is not None or span.start in in_blocks:
                continue
            if (
                names_a_work(scan, span.start, span.end)
                or cites_by_title(doc.text, span.start, span.end, span.close_end)
                or is_notation(doc.text, span.start, span.end)
                or names_concept(doc.text, span.start, span.end)
                or kind_after(doc.text, span.start, span.end, span.close_end)
                or (  # (a term someone named is said to use stays theirs)
                    defined_after(doc.text, span.start, span.end, span.close_end)
                    and not reported_by_name(doc, span.start)
                )
                or not _LETTERS.search(doc.text, span.start, span.end)
                or dated_title(doc.text, span.start, span.end)
                or named_with_year(doc.text, span.start, span.close_end)
                or is_gloss(doc.text, span.start, span.close_end)
            ):
                continue
            # A phrase shorter than min_words is a source's only on evidence (phrases.py).
            short = not has_words(doc.text, span.start, span.end, min_words)
            if short and not borrowed(
                doc,
                span.start,
                span.end,
                span.close_end,
                cited,
                ms=ms,
                about=whose(span.start),
                commented=commented,
            ):
                continue
            raw = doc.text[span.start : span.end]
            window_start = span.close_end
            window_end = sentence_window(doc.text, window_start)
            immediate = bool(_TERMINAL.search(raw)) and _next_is_capital(doc.text, window_start)
            mention = _enclosing_cite(doc, span.start)
            reference, locator = None, mention.locator if mention else None
            if mention is None:
                mention, reference, locator = _resolve(
                    ms, doc, window_start, window_end, span.start, immediate
                )
                # "\cite[12]{k}: ,,…''" in a note: the words the citation just gave, unless
                # a citation of their own follows right after them
                before = paged_right_before(doc, span.start)
                if before is not None and not cited_right_after(doc, span.close_end):
                    mention, reference, locator = before, None, before.locator
                if mention is not None and introduced_example(
                    doc.text, span.start, span.end, span.close_end, mention.start
                ):
                    continue
                if reference is None and (mention is None or mention.style == "locator"):
                    # MLA's '"…" (737)': the work of the author the text last named
                    named, locator = paged_source(
                        ms, doc, span.start, span.end, window_end, locator
                    )
                    mention = named or mention
                if mention is None and (dated := year_page_source(doc, span.close_end)):
                    # APA's '"…" (1987, p. 21)': the paragraph's citation of that year
                    mention, locator = dated, dated.locator
            if (mention, reference) == (None, None) and (
                noted := cited_inside(ms, doc, span.start, span.end)
            ):
                raw = doc.text[span.start : noted.cut].rstrip()
                mention, reference, locator = noted.mention, noted.reference, noted.locator
            # ("A skeptic might ask, “…” [@a]": the writer's words, the citation the point's)
            if locator is None and imagined_speech(doc.text, span.start):
                continue
            if (mention, reference) == (None, None) and (
                typed := cite_in_note(doc, notes, span.start, span.close_end)
            ):
                mention, locator = typed, typed.locator
            if (mention, reference) == (None, None) and (
                ibid := ibid_in_note(ms, doc, span.start, span.close_end)
            ):
                mention, reference, locator = ibid
            if (
                is_title(doc.text, span.start, span.end)
                and not _paged(doc, span, mention, locator)
                and not coined_by_cited(doc.text, span.start)
                and not _TYPED_PLACE.match(doc.text, span.close_end)
                and not inscribed(doc.text, span.start)
            ):
                continue
            # (words set in italics and cited at a page are quoted, no italic title: French sets
            # a quotation in another language so, "\enquote{\textit{…}\footcite[p.~23]{k}}")
            if (listed if locator and _ITALIC.match(raw) else known).named(
                raw, _note_text(mention)
            ):
                continue
            if (mention, reference) == (None, None) and (
                (
                    authors_own(doc.text, span.start, span.end, span.close_end)
                    and not coined_by_cited(doc.text, span.start)
                )
                or repeats(span.start, span.end)
                or is_own_title(title, raw)
                # LaTeX's single `...' marks mentions and scare quotes as often as quotations:
                # only a citation makes one a quotation.
                or span.mark == "`"
                or (doc.kind == "markdown" and in_box(doc.text, span.start))
            ):
                continue
            if (mention, reference) == (None, None):  # "… ressaltam:" then "“…”" alone
                mention, reference, locator = led_paragraph(doc, span, locator, lead_in)
            if (mention, reference) == (None, None):
                mention, locator = context_link(doc, span.start, span.end, locator, ms.listed)
            lead = introduced_block(doc.text, span.end, block_starts)
            if (mention, reference) == (None, None) and lead is not None:
                found = resolved[lead]
                mention, reference, locator = found.mention, found.reference, found.locator
            # A source named earlier in the paragraph is evidence enough.
            if (
                (mention, reference) == (None, None)
                and not short
                and lacks(
                    span.start,
                    span.end,
                    span.close_end,
                    said,
                    about=about(span.start)
                    or (None if bare else paragraph_person(doc.text, span.start)),
                )
                and not (
                    not bare
                    and borrowed(
                        doc, span.start, span.end, span.close_end, cited, ms=ms, commented=commented
                    )
                )
            ):
                continue
            if locator is None and reference is None:
                # "@a betonen, „…“ … . [@a, Seite 223]": the page the paragraph gives its work
                locator = page_named_later(doc, mention, span.close_end)
            found = Found(raw, doc, doc.location(span.start), mention, reference, locator)
            out.append((index, span.start, found))
            ends[index, span.start] = span.close_end
            said.add(span.start, span.end)
            # (MLA's page alone, "“…” (25-26)", cites the work the text is reading)
            if (mention, reference) != (None, None) or locator is not None:
                cited.add(span.start, span.end)
    out.sort(key=lambda t: (t[0], t[1]))
    return with_reviewed_work(ms, join_interrupted(out, ends))


def _note_text(mention: Mention | None) -> str | None:
    """The prose of the note that cites a quotation, which may name the work it quotes."""
    return mention.raw if mention is not None and mention.style == "note" else None


def _never(where: object) -> bool:
    """No time limit."""
    return False


def _nobody(pos: int) -> None:
    """No author a text is about (a text that cites says whose words each are)."""
    return None


def _next_is_capital(text: str, pos: int) -> bool:
    rest = text[pos : pos + 40].lstrip()
    return bool(rest[:1].isupper())

"""Block quotations in a Word paragraph that is set like any other: no quote style, no
indentation. A writer who sets a pasted passage in a plain paragraph still introduces it with
a lead-in's colon and closes it with its citation, as a reader sees at once ("Ein Lexikon
definiert den Begriff so:" and "… bezeichnet. [1]"; "Quotation 2:" and "… (Wonderland
3.34-37)"). Either alone is common in the writer's own paragraphs; both together are a
quotation's frame."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from quote_tui.manuscripts.blockcite import closing_citation
from quote_tui.manuscripts.document import Block, Document
from quote_tui.manuscripts.refs import find_mentions

__all__ = [
    "Join",
    "inset_after_colon",
    "introduced_and_cited",
    "join_candidate",
    "joined_blocks",
    "set_like_blocks",
    "source_after_marks",
    "source_after_words",
    "with_sources_cut",
]


# A citation closing the paragraph: a parenthesis naming a source (letters and a year, a page
# or a locator: "(Meyer, 2004, S. 12)", "(Wonderland 3.14-15)") or a bracketed number ("[1]").
_CLOSING_CITE = re.compile(
    r"(?:\((?=[^()]*[^\W\d_]{2})(?=[^()]*(?:\d{4}|\b(?:pp?|S)\.\s*\d|[A-Z][\w'’-]+,?\s+\d))"
    r"[^()]{1,120}\)|\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\])[.;]?\s*$"
)
# The writer's own item or a source's line, not a passage: an enumeration's label ("I. Die
# Synapsen", "3) Parallelmontage"), an address ("Online unter:" and the link), a figure or table
# named in the closing parenthesis ("(Figure 7.3)", "(siehe Abb. 2)").
_NOT_PASSAGE = re.compile(
    r"^\s*(?:[IVX]{1,4}|\d{1,2}|[a-z])[.)]\s|https?://|www\.|"
    r"\((?:see\s+|siehe\s+|vgl\.\s+)?(?:Fig(?:ure)?|Table|Tab(?:elle)?|Abb(?:ildung)?)\.?\s*\d",
    re.I,
)
# A citation inside the paragraph too: "(Watson, 2008)", "(Colaizzi, 1978)".
_INNER_CITE = re.compile(r"\([^()]*\b(?:1[5-9]|20)\d\d[a-z]?\b[^()]*\)")
_WORDS = 8  # a passage worth quoting, not a label and its page
# APA's block quotation, its citation in the lead-in right before the colon ("según Stone
# (1999):") and none after it: a passage of 40 words or more, as APA sets them apart.
_CITED_COLON = re.compile(r"\((?=[^()]*\b(?:1[5-9]|20)\d\d)[^()]{1,60}\)\s*:\s*$")
_APA_BLOCK_WORDS = 40
# Digits past this share of the characters are data (program output, a table's row), not prose.
_DIGITS = 0.15


def introduced_and_cited(lead_in: str, text: str) -> bool:
    """Whether the plain paragraph ``text``, after the paragraph ``lead_in``, is a block
    quotation: the lead-in ends in a colon and the paragraph, prose of a sentence's length,
    ends in its own citation."""
    body = text.strip()
    closing = _CLOSING_CITE.search(body)
    if not lead_in.rstrip().endswith(":"):
        return False
    if closing is None and not (
        _CITED_COLON.search(lead_in) and len(body.split()) >= _APA_BLOCK_WORDS
    ):
        return False
    if _INNER_CITE.search(body, 0, closing.start() if closing else len(body)):
        return False  # the writer's own summary of several works, each cited in turn
    if len(re.findall(r"[^\W\d_]{2,}", body)) < _WORDS or _NOT_PASSAGE.search(body):
        return False
    return sum(ch.isdigit() for ch in body) <= _DIGITS * len(body)


# A paragraph set in from both margins by a centimetre or more (Word's "indent both sides", the
# block quotation of Chicago and of many a style sheet) right after a lead-in's colon is the
# passage the lead-in introduces, whatever its verb: "Paul Schrader brings attention to a
# contemporary review of such an example:", "Shiller makes the following comment after
# presenting his graph:", "And God spoke all these words:". Indented on the left alone, the
# same place holds the writer's own definitions, steps and code as often.
_BOTH_SIDES = 567
# What the rule leaves to others: a paragraph in its own marks (they say where the quotation
# ends, and its citation follows them) and an entry opened by its label and a colon, as a
# glossary, a timeline or a list of points sets them ("Relic: (Latin: …) a piece of …",
# "June 4th, 1989: …", "Motivation: …").
_OWN_MARKS = re.compile(r"^[“\"„«‘'‚»]")
_LABELLED = re.compile(r"^[^\s:]+(?:\s+[^\s:]+){0,3}:\s")


def inset_after_colon(right: int, lead_in: str, text: str) -> bool:
    """Whether the paragraph ``text`` (indented on the left already, and by ``right`` from the
    right margin), after the paragraph ``lead_in``, is set in from the right margin too, and is
    a passage of a sentence's length after the lead-in's colon (not itself a lead-in ending in
    one)."""
    if not lead_in.rstrip().endswith(":"):
        return False
    body = text.strip()
    if right < _BOTH_SIDES or body.endswith(":") or _NOT_PASSAGE.search(body):
        return False
    if _OWN_MARKS.match(body) or _LABELLED.match(body):
        return False
    return len(re.findall(r"[^\W\d_]{2,}", body)) >= _WORDS


# An indented paragraph set like two of the document's block quotations or more (within a
# point of their indentation), of a sentence's length, is one too: a writer who sets quotations
# off by indentation does so for every one, though the citation of this one is in the text
# before it ("Milani locates her feminism in her writing." and the indented passage).
_SAME_INDENT = 20
_SET_OFF_WORDS = 8


def set_like_blocks(
    set_off: list[tuple[int, Block]], block_indents: list[int], text: str
) -> list[Block]:
    """The indented paragraphs (``set_off``: indentation and paragraph) set like the blocks
    read by their citation or lead-in (``block_indents``)."""
    out = []
    for left, block in set_off:
        like = sum(1 for k in block_indents if abs(k - left) <= _SAME_INDENT)
        # More paragraphs set so than quotations read there: the indentation is the layout of
        # the writer's own text (a chapter's body set in by 1 cm), not a quotation's.
        unlike = sum(1 for k, _ in set_off if abs(k - left) <= _SAME_INDENT)
        words = text[block.start : block.end]
        long_enough = len(words.split()) >= _SET_OFF_WORDS and not words.endswith(":")
        if like >= max(2, unlike) and long_enough:
            out.append(block)
    return out


# A block paragraph in its own marks, its source typed after the closing mark as the writer
# wrote it, in a parenthesis or brackets: "“Thirteen students are working … circulation.” (Janet
# Long: GSC Librarian begins Work. IN: The Glenville Mercury, 13.02.1963, S. 1/4)".
_SOURCE_TAIL = re.compile(
    r"(?P<mark>[”\"»“])[ \t]*(?P<source>\((?:[^()]|\([^()]*\))*\)|\[[^\[\]]*\])[.;,]?\s*$"
)
_CLOSERS = '”"»'


def source_after_marks(text: str) -> tuple[int, int] | None:
    """Where the quoted words of the paragraph ``text`` end (its closing mark) and where the
    source typed after them begins, when the paragraph is one quotation in its marks followed
    by a source no citation reader reads ("(Janet Long: … 13.02.1963, S. 1/4)"); None else.
    The words are the quotation's and the parenthesis its source's, though no author-date
    form reads it: before, the block ran to the paragraph's end, its source inside it."""
    body = text.rstrip()
    lead = len(body) - len(body.lstrip())
    if not _OWN_MARKS.match(body[lead:]):
        return None
    m = _SOURCE_TAIL.search(body)
    if m is None:
        return None
    inner = body[lead + 1 : m.start("mark")]
    if any(c in inner for c in _CLOSERS) or (body[lead] == '"' and '"' in inner):
        return None  # more than one quotation in the paragraph
    source = m.group("source")
    if find_mentions(source, markdown=True):
        return None  # a citation the readers know: the block's closing citation reads it
    return m.start("mark"), m.start("source")


# A block set off by its style or indentation, no marks of its own, its source typed after its
# last words in a form no citation reader takes: ABNT's "… no seu smartphone (GOOGLE, [2015?]).",
# a statute's "… beeinträchtigt wird. [§1 Absatz 1 BDSG]". The parenthesis or brackets open on a
# capital or a section sign (a name, an institution, a law), not on the writer's "(sic)" or an
# ellipsis "(...)", which belong to the words.
_SOURCE_END = re.compile(r"[ \t]+(?P<source>\((?:[^()]|\([^()]*\))*\)|\[[^\[\]]*\])[.;]?\s*$")
_SOURCE_OPENS = re.compile(r"[(\[]\s*(?:[A-ZÀ-Þ][\w'’.-]*\b|§)")


def source_after_words(text: str) -> int | None:
    """Where the source typed after an unmarked block's words begins (see ``_SOURCE_END``),
    when no citation reader reads it; None else."""
    m = _SOURCE_END.search(text.rstrip())
    if m is None or _OWN_MARKS.match(text.lstrip()):
        return None
    source = m.group("source")
    if not _SOURCE_OPENS.match(source) or re.fullmatch(r"[(\[]\s*sic\b.*", source, re.I):
        return None
    words = text[: m.start()]
    if len(re.findall(r"[^\W\d_]{2,}", words)) < _WORDS or find_mentions(source, markdown=True):
        return None  # a line, not a passage; or a citation the block's closing reader reads
    return m.start("source")


def with_sources_cut(doc: Document, tails: dict[int, int]) -> Document:
    """``doc`` with each unmarked block in ``tails`` (its start, where its typed source begins)
    ending before that source, the source its signature, when the block's closing citation
    reader does not read it ("(Wonderland 3.19-20)" it reads; "(GOOGLE, [2015?])" it does
    not)."""
    blocks = list(doc.blocks)
    for i, block in enumerate(blocks):
        at = tails.get(block.start)
        if at is None:
            continue
        _, mention, anchor, _ = closing_citation(doc, block)
        if mention is None and anchor is None:
            words_end = len(doc.text[:at].rstrip())
            blocks[i] = replace(block, end=words_end, signed=(at, block.end))
    return replace(doc, blocks=tuple(blocks)) if blocks != list(doc.blocks) else doc


# A passage quoted over several paragraphs, each set in as far as the others, its citation
# closing the last ("Art. 1º … passa a vigorar com a seguinte redação:", "“Art. 32”. Praticar
# …", "...", "§ 3° … (BRASIL, 2018)."): ABNT, APA and most style sheets set a long quotation so,
# and the reader sees one block. The paragraphs before the cited one join it, when nothing set
# otherwise stands between them and the body is not itself set in that far.
_JOIN_AT_MOST = 4


@dataclass(frozen=True)
class Join:
    """A cited block (by its start) and the uncited paragraphs set in before it."""

    start: int
    members: tuple[Block, ...]
    left: int


def join_candidate(
    run: list[tuple[int, Block]], block: Block, left: int, words: str
) -> Join | None:
    """The paragraphs right before ``block`` (indented by ``left``, its ``words``) in ``run``
    (the indented paragraphs no block took, in a row) that are set in as far as it; None when
    there are none or too many to be one passage, or when the cited paragraph is a line, not a
    passage's last sentences (a title page's "Prof. Reinaldo C. da Silva²")."""
    if len(re.findall(r"[^\W\d_]{2,}", words)) < _WORDS:
        return None
    members: list[Block] = []
    for k, member in reversed(run):
        if member == block:
            continue
        if abs(k - left) > _SAME_INDENT:
            break
        members.append(member)
    if not members or len(members) > _JOIN_AT_MOST - 1:
        return None
    return Join(block.start, tuple(reversed(members)), left)


def joined_blocks(
    blocks: list[Block],
    joins: list[Join],
    block_indents: list[int],
    set_off: list[tuple[int, Block]],
) -> list[Block]:
    """``blocks`` with each join's paragraphs taken into its cited block, where the
    indentation is the blocks' own: the paragraphs set in that far that are neither a block
    (``block_indents``) nor a joined one (``set_off``: the indented paragraphs no block took)
    are no more than the blocks. Else the writer's own text is set in so (a chapter's body at
    1 cm, its paragraphs citing as they go) and its paragraphs are no passage."""
    joined = {m for join in joins for m in join.members}
    out = list(blocks)
    for join in joins:
        like = sum(1 for k in block_indents if abs(k - join.left) <= _SAME_INDENT)
        unlike = sum(
            1 for k, b in set_off if abs(k - join.left) <= _SAME_INDENT and b not in joined
        )
        at = next((i for i, b in enumerate(out) if b.start == join.start), None)
        if at is None or unlike > like:
            continue
        out[at] = replace(out[at], start=join.members[0].start)
        out = [b for b in out if b not in join.members]
    return out

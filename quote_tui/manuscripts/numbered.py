"""Block quotations the writer numbers: examples, premises, principles and formulas.

Philosophy, linguistics and logic set their own numbered items off as block quotations, each
opening on its label in brackets ("> (1) Snow is white.", "> (P1) ...", "> (Link) sφp → sφ?p")
and referred to by it in the prose ("In (2), Sydney ..."). Such a block is the writer's, not a
source's, when nothing cites it. A principle the writer takes from a source is set in marks
after its label ("> (Link∀φ) “For any verb V, ...”"): the words in the marks are the quotation,
the label is the writer's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from quote_tui.manuscripts.document import Block

__all__ = ["Label", "block_label", "marked_body", "number_blocks", "numbered_own", "own_items"]

# The label at the block's head, in the text as scanned (inline markup is blank there, so
# "(V<sub>?</sub>)" reads "(V     ?      )"): a number, a letter, a roman numeral or a short
# capitalised name, maybe with a prime, star, sign or subscript after it; LaTeX may set it in
# bold or italics ("\\textbf{(P1)}").
_HEAD = re.compile(
    r"[ \t\n>*_]*(?:\\(?:textbf|textit|emph|textsc)\{)?\((?P<label>[^()\n]{1,40}?)\)\}?"
)
_CORE = re.compile(
    r"(?:\d{1,3}(?:\.\d{1,2})*[a-z]?|[a-h]|[ivx]{1,4}|[IVX]{1,4}|[A-Z][A-Za-z]{0,10}(?:-?\d{1,2}(?:\.\d)?)?)"
    r"(?:\\?[^\sA-Za-z0-9()\\]|[A-Z])*"
)
_LONGEST = 14
# A transcript's stage direction or an editor's word in brackets opens a quoted block too.
_NOT_LABELS = re.compile(
    r"laughter|laughs|applause|pause|music|silence|inaudible|crosstalk|lachen|beifall|applaus|"
    r"gelächter|rires|applaudissements|risas|aplausos|excerpt|abridged|translation|original|sic"
)
# Signs of logic and set theory: a line holding two of them is a formula, not prose.
_FORMULA_SIGNS = re.compile(r"[→↔⇒⇔∧∨¬∀∃◇□⊢⊨≡∈⊂⊆∩∪]")
_OPENING = "“\"„«‘'‚"
_CLOSING = {"“": '”"', '"': '"”', "„": '“”"', "«": "»", "‘": "’'", "'": "'’", "‚": "‘’"}


@dataclass(frozen=True, slots=True)
class Label:
    """A block's label: its compact text ("V?↔") and where the words after it begin."""

    name: str
    after: int


def block_label(text: str, scan: str, start: int, end: int) -> Label | None:
    """The label the block ``start:end`` opens on, or None. ``scan`` is the text with inline
    markup blanked (same offsets)."""
    m = _HEAD.match(scan, start, end)
    if m is None:
        return None
    name = re.sub(r"\s+", "", m.group("label"))
    # A label is one token: "(emphasis added)" and "(Translation mine)" are words.
    raw = re.sub(r"<[^<>]*>", "", text[m.start("label") : m.end("label")])
    if not name or len(name) > _LONGEST or re.search(r"\s", raw):
        return None
    if not _CORE.fullmatch(name) or _NOT_LABELS.fullmatch(name.casefold()):
        return None
    return Label(name, m.end())


def marked_body(scan: str, label: Label, end: int) -> tuple[int, int] | None:
    """The words in marks when all that follows the label is one quotation in marks (a note
    mark or its blanked markup may follow the closing mark): their span, else None."""
    i = label.after
    while i < end and scan[i] in " \t*_":
        i += 1
    if i >= end or scan[i] not in _OPENING:
        return None
    j = end
    while j > i and (scan[j - 1].isspace() or scan[j - 1] in "*_.,;"):
        j -= 1
    closing = _CLOSING[scan[i]]
    if j - i < 3 or scan[j - 1] not in closing:
        return None
    inner = scan[i + 1 : j - 1]
    # one pair: no other closing mark of the kind inside, no paragraph break
    if any(c in inner for c in closing if c != scan[i]) or "\n\n" in inner:
        return None
    return i + 1, j - 1


def _referred_to(scan: str, name: str, start: int, end: int) -> bool:
    """Whether the prose outside the block names its label in brackets: "In (2), Sydney"."""
    pattern = r"(?<![\w)])\(\s*" + r"\s*".join(map(re.escape, name)) + r"\s*\)"
    return any(not start <= m.start() < end for m in re.finditer(pattern, scan))


# A lead-in that sets an example before the reader: "Consider:", "Compare the following case:".
_CONSIDER = re.compile(
    r"\b(?:Consider|Compare|Contrast|Imagine|Suppose|Take|Betrachten\s+Sie|Man\s+betrachte|"
    r"Vergleiche|Considérons|Considérez|Comparez|Considere|Considera|Supongamos)\b[^.!?:\n]{0,80}"
    r":[\s>]*\Z"
)
# Several uncited labelled blocks are a numbering of the writer's; two may be two paragraphs of
# laws quoted apart ("(1) Jeder hat …", "(3) Kunst und Wissenschaft …").
_SEVERAL = 3


def numbered_own(scan: str, label: Label, start: int, end: int, labelled: int) -> bool:
    """Whether the uncited block ``start:end`` opening on ``label`` is the writer's numbered
    item: its label named in the prose, a formula on its first line, a lead-in that sets an
    example ("Consider:"), or one of several uncited blocks of the document that open on a
    label (``labelled`` counts them)."""
    first = scan[label.after : end].lstrip().split("\n", 1)[0]
    return (
        labelled >= _SEVERAL
        or len(_FORMULA_SIGNS.findall(first)) >= 2
        or _referred_to(scan, label.name, start, end)
        or _CONSIDER.search(scan[max(0, start - 200) : start]) is not None
    )


def number_blocks(
    text: str, scan: str, blocks: list[Block]
) -> tuple[list[Block], dict[int, Label]]:
    """The blocks with a labelled principle in marks cut to its marked words, and the label of
    each other display block that opens on one (by its start)."""
    out: list[Block] = []
    labels: dict[int, Label] = {}
    for block in blocks:
        label = None if block.inline else block_label(text, scan, block.start, block.end)
        body = marked_body(scan, label, block.end) if label is not None else None
        if body is not None:
            block = replace(block, start=body[0], end=body[1])
        elif label is not None:
            labels[block.start] = label
        out.append(block)
    return out, labels


def own_items(
    scan: str, blocks: list[Block], labels: dict[int, Label], uncited: set[int]
) -> set[int]:
    """The starts of the uncited labelled blocks that are the writer's numbered items."""
    count = sum(1 for start in labels if start in uncited)
    return {
        b.start
        for b in blocks
        if b.start in labels
        and b.start in uncited
        and numbered_own(scan, labels[b.start], b.start, b.end, count)
    }

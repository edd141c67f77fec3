"""Double quotes set apart from their words in old type, as OCR reads them.

Type set before the 1950s often put a space inside quotation marks (`` “ computable ” ``), and
an OCR layer reads that space as a word space: the checked text says ``the " computable "
numbers`` where a reader sees, and quotes, ``the "computable" numbers``, and the quotation
stands nowhere. Two double quotes on a line that each stand alone between spaces (the second
may be followed by a stop or comma), with words between them and no other double quote, and
an even number of double quotes before them on the line, are such a pair: each is joined to
the words inside. A mark glued to a word is left as it is, and
so is a lone mark without such a partner (OCR's reading of a mangled formula: ``c ' 5 "``).
Curly marks are not trusted to tell opening from closing (OCR reads an opening “ as ” often
enough). Only OCR text is touched.
"""

from __future__ import annotations

import re
from dataclasses import replace

from quote_tui.sources.readers.pdf_layout import Block, PageBlocks

__all__ = ["close_quotes"]

_MARKS = '"\u201c\u201d\u201e'
_PAIR = re.compile(
    rf"(?:(?<=[\s(\[])|^)([{_MARKS}]) ([^{_MARKS}]*?[^\W_][^{_MARKS}]*?)"
    rf" ([{_MARKS}])(?=[\s.,;:!?)\]]|$)"
)
"""Two lone double quotes on a line with words between them."""


def _line(text: str) -> str:
    out: list[str] = []
    at = 0  # text[:at] is done
    found = _PAIR.search(text)
    while found is not None:
        start = found.start()
        if sum(text.count(m, 0, start) for m in _MARKS) % 2:
            # an odd mark before it: this one closes a pair ('"A " followed ... " B "')
            found = _PAIR.search(text, start + 1)
            continue
        out += [text[at:start], found.group(1), found.group(2), found.group(3)]
        at = found.end()
        found = _PAIR.search(text, at)
    return "".join(out) + text[at:]


def _block(block: Block) -> Block:
    lines = tuple(line._replace(text=_line(line.text)) for line in block.lines)
    if all(a is b or a.text == b.text for a, b in zip(lines, block.lines, strict=True)):
        return block
    return replace(block, lines=lines)


def close_quotes(pages: list[PageBlocks | None]) -> list[PageBlocks | None]:
    """The pages of an OCR text with each pair of double quotes set apart by spaces joined to
    the words inside them."""
    return [
        None if page is None else replace(page, blocks=tuple(_block(b) for b in page.blocks))
        for page in pages
    ]

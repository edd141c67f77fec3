"""Word tables: a cell holds data, not quotations, unless it cites.

A table's cells hold data, survey items and answers, examples, glossed translations and a
model's prompts. Across the labelled sets' Word documents no quotation of a source stands in a
table uncited (every span labelled there is no quotation), nor does any of the 20 words in
marks found in docx-extra's tables. A cell that cites ("(Smith, 2020, p. 4)", "[3]", a
manager's field or a note mark) may quote its source, as a literature table does.
"""

from __future__ import annotations

import re

from lxml import etree

__all__ = ["in_table", "typed_cite"]

_TC = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}tc"
_TYPED_CITE = re.compile(
    r"\([^()]{0,80}\b(?:1[5-9]|20)\d\d[a-z]?\b[^()]{0,40}\)|\[\d{1,3}(?:[-–,]\s*\d{1,3})*\]"
)


def in_table(p: etree._Element) -> bool:
    """Whether the paragraph stands in a table's cell."""
    return any(a.tag == _TC for a in p.iterancestors())


def typed_cite(text: str) -> bool:
    """Whether the text types a citation: an author-date parenthesis or a numbered bracket."""
    return bool(_TYPED_CITE.search(text))

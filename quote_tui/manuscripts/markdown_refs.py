"""The ``references:`` list of a Pandoc YAML metadata block, as Pandoc's citeproc reads it.

A writer without a .bib file keeps the references in the manuscript itself, in a metadata
block (at its top or, as Pandoc allows, anywhere, often after the last heading). The entries
are CSL items in YAML. Hand-written YAML often aligns values with tabs, which a YAML parser
refuses; the subset citeproc entries use (scalars, a list of people, a date's parts) is read
here line by line, tabs or not.
"""

from __future__ import annotations

import re
from typing import Any

from quote_tui.manuscripts.bibjson import entry_from_csl
from quote_tui.manuscripts.model import BibEntry

__all__ = ["metadata_blocks", "yaml_references"]

# A metadata block: "---" on a line of its own, not followed by a blank line (that would be a
# horizontal rule), up to "---" or "...".
_BLOCK = re.compile(r"^---[ \t]*\n(?![ \t]*\n)(.*?)\n(?:---|\.\.\.)[ \t]*$", re.S | re.M)
_REFS = re.compile(r"^references:[ \t]*$", re.M)
_LINE = re.compile(
    r"^(?P<indent>[ ]*)(?P<dash>-[ \t]+)?(?P<key>[\w-]+):[ \t]*(?P<value>.*?)[ \t]*$"
)
# No manuscript cites more; past it a block is data, not a reference list, and is read no further.
_MAX_ENTRIES = 5_000


def metadata_blocks(text: str) -> list[tuple[int, int]]:
    """Where YAML metadata blocks that hold a ``references:`` list stand."""
    return [(m.start(), m.end()) for m in _BLOCK.finditer(text) if _REFS.search(m.group(1))]


def _scalar(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def _items(lines: list[str]) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    item: dict[str, Any] = {}
    field: str | None = None
    base: int | None = None
    for line in lines:
        # an indent typed with tabs counts each as two spaces (values after the colon keep theirs)
        m = _LINE.match(re.sub(r"^[ \t]+", lambda w: w.group(0).expandtabs(2), line))
        if m is None:
            continue
        indent, dash = len(m.group("indent")), bool(m.group("dash"))
        key, value = m.group("key"), _scalar(m.group("value"))
        if dash and (base is None or indent <= base):
            if len(items) >= _MAX_ENTRIES:
                break
            base = indent
            item = {key: value}
            items.append(item)
            field = None
        elif base is None:
            continue
        elif indent <= base + 2 and not dash:
            field = key
            item[key] = value if value else None
        elif field is None:
            continue
        elif dash:  # a person of a list: "- family: Schroer"
            people = item.get(field)
            if not isinstance(people, list):
                people = item[field] = []
            people.append({key: value})
        else:  # "given:" of that person, or "year:" of a date
            held = item.get(field)
            if isinstance(held, list) and held:
                held[-1][key] = value
            else:
                if not isinstance(held, dict):
                    held = item[field] = {}
                held[key] = value
    return items


def yaml_references(text: str) -> dict[str, BibEntry]:
    """The entries of every ``references:`` list in the text's metadata blocks, by their id."""
    out: dict[str, BibEntry] = {}
    for start, end in metadata_blocks(text):
        block = text[start:end]
        refs = _REFS.search(block)
        if refs is None:
            continue
        for item in _items(block[refs.end() :].split("\n")):
            key = item.get("id")
            if isinstance(key, str) and key:
                out.setdefault(key, entry_from_csl(item, key=key))
    return out

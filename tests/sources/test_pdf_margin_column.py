"""A margin's column of small labels beside an abstract set in small type (ReScience's, PeerJ's
and Frontiers' first pages: "Edited by", "Reviewed by", "Received", "DOI" down the left margin):
both are asides, and the abstract's lines are read together, not cut by the margin's labels
standing level with them."""

from __future__ import annotations

import textwrap

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf

_ABSTRACT = (
    "The goal of a learning agent is to maximize external returns by understanding the "
    "structure of the world it explores. Taking inspiration from developmental sciences which "
    "show that infants spontaneously explore their environment in the absence of extrinsic "
    "rewards, intrinsically motivated learning investigates how agents can explore their "
    "environments with little extrinsic motivation, and how they choose where to look next."
)
_BODY = " ".join(
    f"In the year {1800 + i} the herdsmen of the valley counted {7 * i + 3} cattle on the "
    f"common land, and the grass of the {i}th field grew back."
    for i in range(30)
)
_MARGIN = ["Edited by", "(Editor)", "Reviewed by", "(Reviewer 1)", "Received", "Published", "DOI"]


def _first_page() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((130, 110), "A Replication of Exploration by Learning Progress", fontsize=16)
    # drawn in the order of their places down the page, as a producer writes them: the
    # abstract's lines fall into blocks between the margin's labels
    placed = [((50, 214 + 14 * i), label) for i, label in enumerate(_MARGIN)]
    placed += [((130, 210 + 12 * i), ln) for i, ln in enumerate(textwrap.wrap(_ABSTRACT, 95))]
    for point, text in sorted(placed, key=lambda p: p[0][1]):
        page.insert_text(point, text, fontsize=8)
    for i, line in enumerate(textwrap.wrap(_BODY, 80)):
        page.insert_text((130, 340 + 14 * i), line, fontsize=10)
    return doc.tobytes()


def test_an_abstract_beside_a_margins_labels_reads_whole() -> None:
    read = extract_pdf(_first_page())
    quote = (
        "to maximize external returns by understanding the structure of the world it explores. "
        "Taking inspiration from developmental sciences which show that infants spontaneously "
        "explore their environment in the absence of extrinsic rewards"
    )
    result = check_text(PreparedText(read.text), quote)
    assert result.status in (Status.EXACT, Status.NORMALIZED)
    # the margin's labels are read as a column of their own, in their order
    places = [read.text.index(label) for label in _MARGIN]
    assert places == sorted(places)


def test_a_reference_lists_keys_level_with_their_entries_stay_with_them() -> None:
    """Keys in small type beside their entries ("[Kel90]" level with "Bernhard Keller. ...")
    part by a gap no block crosses as a margin's labels do, but each starts level with its
    entry: a list's rows, read across, each key before its entry."""
    entries = [
        ("[Kel90]", "Bernhard Keller. Chain complexes and stable categories. 1990."),
        ("[Lan13]", "Saunders Mac Lane. Categories for the Working Mathematician. 2013."),
        ("[Qui73]", "Daniel Quillen. Higher algebraic K-theory. Springer, Berlin, 1973."),
    ]
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for i, line in enumerate(textwrap.wrap(_BODY, 80)):
        page.insert_text((130, 100 + 14 * i), line, fontsize=10)
    for i, (key, entry) in enumerate(entries):
        page.insert_text((50, 600 + 30 * i), key, fontsize=8)
        page.insert_text((130, 600 + 30 * i), entry, fontsize=8)
    text = extract_pdf(doc.tobytes()).text
    places = [text.index(part) for pair in entries for part in pair]
    assert places == sorted(places)

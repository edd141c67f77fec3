"""One hardened XML parser for every XML that comes from outside.

PubMed and PMC records, E-utilities answers and the parts of a Word file are written by others:
no DTD is loaded, no entity expanded, nothing fetched, no text node may pass libxml2's size
limit, and comments and processing instructions are dropped so they never reach a checked text.
"""

from __future__ import annotations

from lxml import etree

__all__ = ["xml_parser"]


def xml_parser(*, recover: bool = False) -> etree.XMLParser:
    """A new hardened parser (lxml parsers are not shared between threads).

    Args:
        recover: read on past errors, for fragments that are not whole documents (a field
            instruction's embedded XML in a Word file).

    Returns:
        The parser to pass to ``etree.fromstring``.
    """
    return etree.XMLParser(
        recover=recover,
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
    )

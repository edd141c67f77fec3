"""Fields every bibliography format shares: DOIs in all their spellings, and years of dates.

A DOI's suffix may hold any printable character: SICIs keep ``<`` and ``>``
(``10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O``), and a shortDOI
(``10/abcd``) is a DOI too. They come bare, as ``doi:``, ``info:doi/`` or as a resolver URL
(percent-encoded there). Dates come as BibTeX years (``{2001}``, ``2001a``), biblatex ISO
dates and ranges (``2019-05-03/2019-06``) and CSL dates in each of CSL's forms.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

__all__ = ["clean_doi", "csl_year", "doi_in_url", "split_outside_braces", "year_of"]

_DOI = re.compile(r"(?:10\.\d{4,9}|10)/\S+")
_DOI_PREFIX = re.compile(
    r"^\s*(?:doi\s*:\s*|info:doi/|https?://(?:dx\.|www\.)?doi\.org/|https?://hdl\.handle\.net/)",
    re.I,
)
_DOI_TEX = re.compile(
    r"(?P<u>\{\\(?:textunderscore\s*|_)\}|\\textunderscore(?![A-Za-z])\s*)"
    r"|\\(?P<c>[_%#&])|\$\\\$|[{}$]"
)
"""TeX in a DOI field: ``\\_`` and ``{\\textunderscore}`` (Mendeley's and Zotero's exports of
``_``), ``\\%``, braces, and the ``$\\$`` a Mendeley library doubles before an underscore. No DOI
holds a brace or a ``$``; the backslash stayed in the DOI (``10.1007/978-3-319-51741-4\\_2``)."""
_YEAR = re.compile(r"(?<!\d)(1\d{3}|2\d{3})(?!\d)")
_UNSPECIFIED = re.compile(r"(?<![\w-])([12]\d[\dXu]{2})(?![\w])")
"""EDTF's unspecified digits (``199u``, ``19XX``): the decade's or century's first year, as
biblatex-csl-converter reads them."""
_CENTURY = re.compile(r"^\s*(1\d|20)--\s*$")
"""``19--``, a century as Zotero users write it; Better BibTeX exports it as circa 1901."""
_BRACKETED = re.compile(r"\[[^\]]*\]")
"""``[1990] 2002``: the bracketed year is the original's; the year printed is the edition's."""
_BCE = re.compile(r"^\s*-\d")


_DOI_IN_URL = re.compile(
    r"^https?://(?:dx\.)?doi\.org/"
    r"|^https?://[^/]+(?:/[^/?#]+)*/doi/(?:(?:abs|full|pdf|epdf|epub|book|reader)/)?(?=10\.)"
    r"|^https?://link\.springer\.com/(?:article|chapter|book|referenceworkentry|protocol)/(?=10\.)",
    re.I,
)
"""A resolver URL, or a publisher's page whose path is the DOI (Wiley, Taylor & Francis, SAGE,
ACS, ACM, Springer: ``link.springer.com/chapter/10.1007/978-3-322-99962-7_7``)."""


def doi_in_url(url: str | None) -> str | None:
    """The DOI a URL names, where it names one as its path; None for any other URL."""
    m = _DOI_IN_URL.search(url.strip()) if url else None
    if m is None:
        return None
    if "doi.org" in m.group(0).lower():
        return clean_doi(url)  # a resolver's URL is all DOI (a SICI's ``#`` comes encoded)
    return clean_doi(re.split(r"[?#]", url.strip(), maxsplit=1)[0])  # a page's query is not


def clean_doi(value: str | None) -> str | None:
    """The DOI in a field, lower case (DOIs are case-insensitive), or None.

    Args:
        value: a DOI field, a ``doi:`` reference or a resolver URL.

    Returns:
        ``10.prefix/suffix`` or a shortDOI ``10/code``, trailing sentence punctuation removed.
    """
    if not value:
        return None
    text = value.strip()
    if "\\" in text or "{" in text or "$" in text:
        text = _DOI_TEX.sub(lambda m: "_" if m.group("u") else m.group("c") or "", text)
    prefixed = _DOI_PREFIX.match(text)
    if prefixed:
        text = text[prefixed.end() :]
        if "%" in text:
            text = unquote(text)  # a resolver URL percent-encodes ``<``, ``>`` and ``;``
    m = _DOI.search(text)
    if m is None:
        return None
    doi = m.group(0).rstrip(".,;\"'")
    if doi.endswith(")") and doi.count(")") > doi.count("("):
        doi = doi[:-1]  # ``(doi:10.1/x)``: the bracket is the sentence's
    if doi.startswith("10/") and not re.fullmatch(r"10/[A-Za-z0-9]+", doi):
        return None  # ``10/`` followed by prose is not a shortDOI
    return doi.lower()


def year_of(value: Any) -> str | None:
    """The year (1000-2999) of a date as bibliographies write it, as four digits.

    The first year written (``2019-05-03/2020``, ``2001a``), except a bracketed original's
    (``[1990] 2002`` is 2002); EDTF's unspecified digits as zeros (``199u`` is 1990); ``19--``
    as 1901; none for a year before the common era (``-0044``, EDTF's astronomical numbering).
    """
    if value is None:
        return None
    text = str(value)
    if _BCE.match(text):
        return None
    century = _CENTURY.match(text)
    if century:
        return century.group(1) + "01"
    if "[" in text:
        unbracketed = _YEAR.search(_BRACKETED.sub(" ", text))
        if unbracketed:
            return unbracketed.group(1)
    m = _YEAR.search(text)
    if m is None:
        vague = _UNSPECIFIED.search(text)
        return vague.group(1).replace("X", "0").replace("u", "0") if vague else None
    return m.group(1)


def csl_year(issued: Any) -> str | None:
    """The year of a CSL date in any of its forms.

    ``{"date-parts": [[2020, 5]]}`` (numbers or strings), ``{"raw": "May 2020"}``,
    ``{"literal": "Spring 2020"}``, a bare string (``"2020-05-01"``) as some exporters write it,
    and the old ``[{"year": 2020}]`` / ``{"year": 2020}``. Files edited by hand hold any JSON
    here, so every level is checked.
    """
    if isinstance(issued, (str, int)):
        return year_of(issued)
    if isinstance(issued, list):
        return next((y for y in map(csl_year, issued) if y), None)
    if not isinstance(issued, dict):
        return None
    parts = issued.get("date-parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
        year = year_of(parts[0][0])
        if year:
            return year
    for key in ("raw", "literal", "year", "iso-8601", "edtf"):
        year = year_of(issued.get(key)) if isinstance(issued.get(key), (str, int)) else None
        if year:
            return year
    return None


def split_outside_braces(value: str, sep: str) -> list[str]:
    """``value`` split at the character ``sep`` where it stands outside braces and quotes."""
    parts, depth, quoted, start = [], 0, False, 0
    for i, ch in enumerate(value):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth = max(0, depth - 1)
        elif ch == '"' and depth == 0:
            quoted = not quoted
        elif ch == sep and depth == 0 and not quoted:
            parts.append(value[start:i])
            start = i + 1
    parts.append(value[start:])
    return parts

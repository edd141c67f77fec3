"""From a quotation's written reference to a bibliography entry, and from there to a source."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from quote_tui.manuscripts.attachments import PdfFolder, ZoteroLibrary, attached_file
from quote_tui.manuscripts.bibliography import Bibliography
from quote_tui.manuscripts.clauses import cited_keys
from quote_tui.manuscripts.document import Manuscript
from quote_tui.manuscripts.extract import Found
from quote_tui.manuscripts.model import BibEntry, Reference, ScannedSource, Unavailable
from quote_tui.manuscripts.notecite import OP_CIT
from quote_tui.manuscripts.reflist import (
    match_author,
    match_author_year,
    match_name,
    match_title,
    miss_reason,
)
from quote_tui.manuscripts.refs import Mention
from quote_tui.manuscripts.shortnotes import AUTHOR_ONLY

__all__ = ["Resolver", "source_name"]

_UNSAFE = re.compile(r"[^\w.:+-]+")
# MLA's short title and page, without the author: "(Citizen 7)", "(*Citizen* 7)"
_TITLE_PAGE = re.compile(
    r"\(\s*[*_\"“]*(?P<title>[^\d()*_\"”,]{2,60}?)[*_\"”]*,?\s+(?:pp?\.\s*)?\d"
)
# MLA's author, short title and page: "(Rankine, Lonely 12)", "(Walsh, Unkind, 11)"
_MLA_SHORT = re.compile(r"\([^,()]{2,80},\s*(?P<short>[^,()\d]{1,60}?),?\s+(?:pp?\.\s*)?\d")
# A site or body named alone in brackets, as a citation: "(Wikipedia)", "(vgl. Duden)"
_SITE_ONLY = re.compile(r"\((?:[^()\s]+\s+){0,3}[^()\s]+\)")
_MAX_NAME = 40
"""Longest bib key taken as a source id: longer keys are not readable in a list column."""


def source_name(key: str | None) -> str | None:
    """A readable source id made from a bib key (``nist2024``), or None when the key is unfit:
    spaces become hyphens (``Lo 2020`` -> ``Lo-2020``); an empty, bare-number or overlong key is
    left to the ``s1``, ``s2`` ... numbering, which reads better than ``1`` or a sentence."""
    if not key:
        return None
    name = _UNSAFE.sub("-", key.strip()).strip("-")
    if not name or name.isdigit() or len(name) > _MAX_NAME:
        return None
    return name


def reference_from_mention(
    mention: Mention, bibliography: Bibliography, ms: Manuscript
) -> Reference:
    """The ``Reference`` a mention stands for, with its bibliography entry when one is found."""
    bib: BibEntry | None = None
    why: str | None = None
    key = mention.key
    if mention.style in ("pandoc", "latex") and key and mention.names:
        key = _named_key(mention, bibliography, ms) or key
    if mention.style in ("pandoc", "latex") and key:
        bib = bibliography.by_key(key) or ms.keyed.get(key)
        if bib is not None and bib.doi and bib.key in ms.keyed:
            bib = bibliography.merge(bib)
    elif mention.style == "author_date" and mention.year:
        # a republished work, "(Piaget, 1966/2000)": the edition read, else the first one
        for year in reversed(mention.year.split("/")):
            bib = bib or bibliography.by_author_year(mention.names, year)
        for year in reversed(mention.year.split("/")):
            # No bibliography file has it: the manuscript's own typed list may.
            listed = None if bib else match_author_year(ms.listed, mention.names, year)
            bib = bibliography.merge(listed) if listed is not None else bib
        if bib is None and len(mention.names) == 1:
            # "(BBC, 2021)": the body or site that published a work listed without author
            named = match_name(ms.listed, mention.names[0], mention.year.split("/")[-1])
            bib = bibliography.merge(named) if named is not None else None
        if bib is None and not mention.year[:1].isdigit():
            # "(Google, n.d.)": the one work of that author a bibliography file gives no year
            undated = match_author([e for e in bibliography.entries if not e.year], mention.names)
            bib = bibliography.merge(undated) if undated is not None else None
        if bib is None:
            entries = [*bibliography.entries, *ms.listed]
            why = miss_reason(entries, mention.names, mention.year.split("/")[-1])
        key = bib.key if bib else " & ".join(mention.names) + " " + mention.year
    elif mention.style == "author_date" and mention.names:
        # MLA names the author and the page, not the year: the one work of that author.
        # MLA's "(Rankine, Lonely 12)": a short title picks one of the author's works
        short = _MLA_SHORT.match(mention.raw)
        title = short.group("short") if short else None
        bib = match_author(ms.listed, mention.names, title, near=True) or match_author(
            bibliography.entries, mention.names, title, near=True
        )
        if bib is None and len(mention.names) == 1:
            bib = match_name(ms.listed, mention.names[0])  # "(BBC, p. 4)", as "(BBC)" is
        if bib is None and (alone := _TITLE_PAGE.match(mention.raw)) is not None:
            # MLA's short title alone, the author named in the sentence: "(Citizen 7)"
            bib = match_title(ms.listed, alone.group("title"), "") or _titled(
                ms.listed, alone.group("title")
            )
        key = bib.key if bib else " & ".join(mention.names)
        if bib is None and mention.locator and mention.locator.label in ("line", "paragraph"):
            why = (
                f"it cites {key} at a {mention.locator.label} of a transcript or interview, "
                "which no list holds; check it against the transcript"
            )
    elif mention.style == "note" and key:
        bib = bibliography.by_title(key)
        if bib is None:
            # The work a note names by title may be in the manuscript's own typed list.
            listed = match_title(ms.listed, key, mention.raw)
            if listed is None and (op_cit := OP_CIT.match(mention.raw)) is not None:
                # "Clifford Geertz, op. cit., 10." with no earlier note: his one listed work
                listed = match_author(ms.listed, (op_cit.group("author"),))
            if listed is None and (short := AUTHOR_ONLY.match(mention.raw)) is not None:
                # "Creider, pp. 262-263." with no earlier note in full: the author's one work
                listed = match_author(ms.listed, (short.group("author"),))
            if listed is None and _SITE_ONLY.fullmatch(mention.raw):
                # "(Wikipedia)": the one listed work that site published
                listed = match_name(ms.listed, key)
            bib = bibliography.merge(listed) if listed is not None else None
        key = bib.key if bib and bib.key else key
    elif mention.style == "numbered" and mention.number:
        key = mention.number
        bib = ms.numbered.get(mention.number)
        if bib is not None:
            bib = bibliography.merge(bib)
    return Reference(
        raw=mention.raw,
        style=mention.style,
        key=key,
        bib=bib,
        locator=mention.locator,
        target=mention.target,
        why=why,
    )


def _titled(entries: tuple[BibEntry, ...], short: str) -> BibEntry | None:
    """The one entry whose title holds every word of an MLA short title ("Historical" for "A
    Brief Historical Sketch of the Invention of the Art")."""
    words = set(re.findall(r"[^\W_]+", short.casefold()))
    found = [
        e
        for e in entries
        if e.title and words and words <= set(re.findall(r"[^\W_]+", e.title.casefold()))
    ]
    return found[0] if len(found) == 1 else None


def _named_key(mention: Mention, bibliography: Bibliography, ms: Manuscript) -> str | None:
    """Of a citation's several keys, the one whose work the lead-in's speaker wrote ("Emil
    Post writes: \\cite{Urquhart2009, Post1943}" is Post's): by the entry's authors, else by a
    key that starts with the surname."""
    keys = cited_keys(mention)
    if len(keys) < 2:
        return None
    wanted = {n.casefold() for n in mention.names}
    for k in keys:
        bib = bibliography.by_key(k) or ms.keyed.get(k)
        if bib is not None and wanted & {a.casefold() for a in bib.authors}:
            return k
    return next((k for k in keys if any(k.casefold().startswith(n) for n in wanted)), None)


@dataclass(slots=True)
class Resolver:
    """Finds each cited work's text, once per work, and names each source by its bib key
    (``nist2024``) or, without a usable key, numbers it ``s1``, ``s2``, ..."""

    bibliography: Bibliography
    pdfs: PdfFolder | None = None
    zotero: ZoteroLibrary | None = None
    listed: tuple[BibEntry, ...] = ()  # the manuscript's own reference list
    # folders an attached file may lie in (None: anywhere); see attachments.attached_file
    within: tuple[Path, ...] | None = None
    sources: list[ScannedSource] = field(default_factory=list)
    _ids: dict[str, str] = field(default_factory=dict)

    def _add(self, identity: str, key: str | None = None, **kwargs: object) -> str:
        if identity in self._ids:
            return self._ids[identity]
        taken = set(self._ids.values())
        sid = source_name(key) or f"s{len(self.sources) + 1}"
        # Two works under one key (a key typed twice, or a key that reads like a number) still
        # get ids of their own: the second takes a suffix.
        base, n = sid, 1
        while sid in taken:
            n += 1
            sid = f"{base}-{n}"
        self._ids[identity] = sid
        self.sources.append(ScannedSource(id=sid, **kwargs))  # type: ignore[arg-type]
        return sid

    def source_for(self, reference: Reference) -> str:
        """The id of the source that holds ``reference``'s work (added on first use)."""
        if reference.target and reference.bib is None:
            return self._add(reference.target, ref=reference.target, how=reference.style)
        bib = reference.bib
        if bib is None:
            what = f"{reference.style} reference {reference.key or reference.raw!r}"
            message = f"The {what} matches no entry of the bibliography or reference list."
            if reference.why:
                message = f"The {what} matches no single entry: {reference.why}."
            elif not self.bibliography.entries and not self.listed:
                message = (
                    f"No bibliography was given and the manuscript has no reference list "
                    f"that the {what} could point to. Add the bibliography (--bib, or b in "
                    "the app)."
                )
            elif not self.bibliography.entries:
                message = (
                    f"No bibliography was given, and none of the {len(self.listed)} entries "
                    f"of the manuscript's own reference list is the {what}. Add the "
                    "bibliography (--bib, or b in the app)."
                )
            return self._add(
                f"unknown:{reference.style}:{reference.key or reference.raw}",
                _key_of(reference),
                title=reference.key or reference.raw,
                unavailable=Unavailable("unknown_reference", message),
            )
        return self._for_entry(bib, reference)

    def _for_entry(self, bib: BibEntry, reference: Reference) -> str:
        title = bib.title
        key = bib.key or _key_of(reference)
        common = {"title": title, "bib_pages": bib.pages, "key": key}
        path = attached_file(bib, self.within)
        how = "bib_file"
        if path is None and self.pdfs is not None:
            path, how = self.pdfs.find(bib), "pdfs_dir"
        if path is None and self.zotero is not None:
            path, how = self.zotero.find(bib), "zotero"
        if path is not None:
            return self._add(str(Path(path)), ref=str(path), how=how, **common)
        if bib.doi:
            return self._add("doi:" + bib.doi, ref="doi:" + bib.doi, how="doi", **common)
        if bib.pmid:
            return self._add("pmid:" + bib.pmid, ref="pmid:" + bib.pmid, how="pmid", **common)
        if bib.url:
            return self._add(bib.url, ref=bib.url, how="url", **common)
        if reference.target:
            return self._add(reference.target, ref=reference.target, how=reference.style, **common)
        name = bib.key or title or reference.raw
        return self._add(
            f"nosource:{name}",
            key,
            title=title or name,
            bib_pages=bib.pages,
            unavailable=Unavailable(
                "no_source",
                f"No attached file, PDF, DOI, PMID or URL leads to the text of {name!r}.",
            ),
        )

    def reference_for(self, found: Found, ms: Manuscript) -> Reference | None:
        """The reference of a found quotation, completed from the bibliography."""
        if found.reference is not None:
            ref = found.reference
            if ref.bib is not None:
                merged = self.bibliography.merge(ref.bib)
                ref = Reference(
                    ref.raw, ref.style, ref.key or merged.key, merged, ref.locator, ref.target
                )
            return ref
        if found.mention is None or found.mention.style in ("locator", "footnote"):
            return None
        return reference_from_mention(found.mention, self.bibliography, ms)


def _key_of(reference: Reference) -> str | None:
    """The key the manuscript wrote, when it wrote one (``@nist2024``, ``\\cite{nist2024}``)."""
    return reference.key if reference.style in ("pandoc", "latex") else None

"""People in a BibTeX name list, split as BibTeX and biber split them.

bibtexparser's splitter does BibTeX's own rules: ``and`` only outside braces (so
``{Centers for Disease Control and Prevention}`` is one author), the three comma forms, von
parts told by their lower-case first letter, and a braced group as one word (``Yann {Le Cun}``
has the surname ``Le Cun``). biber's extended name format (``family=Pina-Cabral, given=João,
prefix=de``) is read here, since BibTeX does not know it. The surname kept is the von part with
the last name (``van Beethoven``), as BibTeX's rule, JabRef and Better BibTeX give it, as Zotero
stores ``van Beethoven, Ludwig`` and as author-date citations write it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bibtexparser.middlewares.names import (
    InvalidNameError,
    parse_single_name_into_parts,
    split_multiple_persons_names,
)

from quote_tui.manuscripts.bibfields import split_outside_braces
from quote_tui.manuscripts.texdecode import latex_to_text

__all__ = ["plain_surname", "surnames"]

_EXTENDED = re.compile(r"^\s*(?:family|given|prefix|suffix|useprefix)\s*=", re.I)
_AND = re.compile(r"\s+and\s+", re.I)
_PARTICLE_WORDS = (
    "von van de der den del della delle dei degli di da das dos do du des la le les lo ten ter "
    "te zu zum zur vom vander af av al el bin ibn ben bint abu y e a à"
)
_PARTICLES = frozenset(_PARTICLE_WORDS.split())
"""Words that begin a surname in the names people bear (``van``, ``de la``, ``al``)."""
_QUALIFIER = re.compile(r"(?:\s+[(\[][^()\[\]{}]*[)\]])+$")
"""A role or place written after a name (``Alfons Limbrunner (Hrsg.)``, ``Emerson Foulke
(ed.)``, ``... Chronic Conditions (UK)``): no part of the surname, which BibTeX's rule would make
``(Hrsg.)`` alone."""
_NUMBERED = re.compile(r"\s\d[^\s]*$")
"""A last word that begins with a digit (``60034-4-1``, ``704-e``)."""
_GLUED = re.compile(r"(?:(?<=\w-)|(?<=\b\w['’])) (?=\w)")
"""A space after a particle written against its name: one ending in a hyphen
(``el-{\\null} Sadat``) or an elided letter (``d' Este``); ``de' Medici`` keeps its space."""


def _is_particle(word: str) -> bool:
    """A name particle: ``van``, ``de``, one written against its name (``el-``, ``d'``), or a
    particle and a name joined (``al-Hakim``, ``d'Alembert``); ``imbalanced-learn`` is none."""
    bare = latex_to_text(word).casefold()
    if bare.rstrip("'’") in _PARTICLES or bare.endswith(("-", "'", "’")):
        return True
    return re.split(r"['’-]", bare, maxsplit=1)[0] in _PARTICLES


def _extended(person: str, useprefix: bool) -> str:
    """The surname of a biber extended name (``family=..., prefix=...``); ``useprefix`` is the
    entry's setting, which the name's own overrides."""
    fields: dict[str, str] = {}
    for part in split_outside_braces(person, ","):
        key, eq, val = part.partition("=")
        if eq:
            fields[key.strip().lower()] = val.strip().strip('"')
    family = fields.get("family", "")
    prefix = fields.get("prefix", "")
    own = fields.get("useprefix", "").strip("{} ").lower()
    if not prefix or own == "false" or (not useprefix and own != "true"):
        # ``useprefix=false`` makes the prefix a dropping particle: biblatex cites and sorts
        # ``Humboldt``, and biblatex-csl-converter keeps it out of the surname. Zotero and
        # JabRef do not read extended names at all.
        return latex_to_text(family)
    # ``al-`` and ``d'`` are written against the name they begin (``al-Hakim``).
    glue = "" if prefix.endswith(("-", "'", "’")) else " "
    return latex_to_text(f"{prefix}{glue}{family}")


@lru_cache(maxsize=16_384)
def _surname(person: str, useprefix: bool = True) -> str:
    if _EXTENDED.match(person):
        return _extended(person, useprefix)
    if person.endswith((")", "]")) and "," not in person:
        # Zotero steps back past such words to the last one that begins with a letter and keeps
        # them (``Limbrunner (Hrsg.)``); the surname alone is what citations and Crossref give.
        qualifier = _QUALIFIER.search(person)
        if qualifier is not None and person[: qualifier.start()].strip():
            person = person[: qualifier.start()]
    if _NUMBERED.search(person):
        # ``DIN EN IEC 60034-4-1``, ``MIL STD 704-e``: a standard or a report by its number,
        # written unbraced. A number is no surname; Zotero steps back to the last word that
        # begins with a letter and keeps the words after it, and so does this reader.
        words = person.split(" ")
        if "," not in person and "{" not in person and len(words) > 1:
            start = next((n for n in range(len(words) - 1, -1, -1) if words[n][:1].isalpha()), 0)
            return latex_to_text(" ".join(words[start:]))
    if "{" not in person and "\\" not in person:
        # The forms most names take, read as BibTeX's splitter reads them at a tenth of its
        # cost: ``von Last, First`` (the surname is all before the comma) and ``First Last``
        # with no lowercase word (the surname is the last word).
        head, comma, _ = person.partition(",")
        if comma and head.strip():
            return latex_to_text(head)
        words = person.split(" ")
        if not comma and not any(w[:1].islower() for w in words[:-1]):
            return latex_to_text(words[-1])
    try:
        parts = parse_single_name_into_parts(person, strict=False)
    except InvalidNameError:
        return latex_to_text(person)
    comma = len(split_outside_braces(person, ",")) > 1
    if parts.von and not comma and not all(map(_is_particle, parts.von)):
        # ``American Rights at Work``, an unbraced body: BibTeX's rule makes ``at`` a von part
        # and ``at Work`` the surname; Zotero, which reads people, keeps the last word. Neither
        # is the body's name; Zotero's is what the reference manager holds.
        return latex_to_text(parts.last[-1]) if parts.last else latex_to_text(person)
    surname = " ".join([*parts.von, *parts.last]) or " ".join(parts.first)
    return _GLUED.sub("", latex_to_text(surname)) if parts.von else latex_to_text(surname)


def surnames(
    field: str, memo: dict[str, str] | None = None, *, useprefix: bool = True
) -> tuple[str, ...]:
    """The surnames in a BibTeX ``author`` or ``editor`` field, in order.

    Args:
        field: the field as written (LaTeX, braces, ``and`` between people).
        memo: surnames already found in the same file, by person as written; the same people
            recur across a file's entries, and splitting a name is most of reading one.
        useprefix: ``False`` where the entry's biblatex ``options`` say ``useprefix=false``:
            an extended name's prefix (``family=Brandt, prefix=von``) is then left out of the
            surname. A von part written ``von Brandt, Ahasver`` is kept whatever the option:
            Zotero, JabRef and Better BibTeX ignore it there, and a citation written ``Brandt``
            still matches ``von Brandt`` by its last word.

    Returns:
        One decoded surname per person; ``others`` (``et al.``) is left out.
    """
    memo = {} if memo is None else memo
    out = []
    # Without braces, ``and`` between spaces is all BibTeX's splitter looks for.
    people = _AND.split(field) if "{" not in field else split_multiple_persons_names(field)
    if len(people) == 1 and ";" in field:
        # ``Adam Czarnecki; Cezary Orłowski;``: people parted by semicolons, as some exports
        # and hands write them; JabRef reads them as a list, BibTeX as one odd name.
        people = [p for p in split_outside_braces(field, ";") if p.strip()] or people
    for person in people:
        person = " ".join(person.split())
        if not person or person.lower() == "others":
            continue
        mkey = person if useprefix else f"\0{person}"
        name = memo.get(mkey)
        if name is None:
            name = memo[mkey] = _surname(person, useprefix)
        if name:
            out.append(name)
    return tuple(out)


def plain_surname(name: str) -> str:
    """The surname in a person's name written without LaTeX (RIS, EndNote): the part before a
    comma (``Baldwin,S.A.``), else the last word with any von part (``Ludwig van Beethoven``)."""
    name = " ".join(name.split())
    if "," in name:
        return name.split(",", 1)[0].strip()
    words = name.split(" ")
    start = len(words) - 1
    while start > 0 and words[start - 1][:1].islower():
        start -= 1
    return " ".join(words[start:])

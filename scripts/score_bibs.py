"""Score the bibliography readers against what a reference manager imports from the same files.

    python scripts/score_bibs.py FOLDER [FOLDER ...] [--show N] [--json]

Each folder holds pairs: a bibliography (``NAME.bib``, ``NAME.ris``, ``NAME.xml``, or a JSON
export such as Better BibTeX's as ``NAME.input.json``) and ``NAME.json``, the items a reference
manager made of it: Zotero items (a list, or Better BibTeX's ``{"items": [...]}``, as in
Zotero's and Better BibTeX's import tests) or CSL-JSON (as Better BibTeX's export tests hold).
Entries are paired by citation key (items sharing one key by their titles), else by title
where the expected items carry keys, else in file order.

Printed per folder and in all: entries expected and read, warnings, entries lost without a
warning, and the share of paired entries whose title (case, accents, punctuation and markup
aside), first author's surname, year and DOI agree with the expected item's, plus the
entries whose title or names keep a LaTeX command, brace or ``$``. Figures only; it asserts
nothing. The data is not part of the project: fetch it into a folder of your own.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from quote_tui.engine.errors import QuoteTuiError
from quote_tui.manuscripts import bibliography

INPUT_SUFFIXES = (".bib", ".ris", ".xml")
JSON_INPUT = ".input.json"
_NOT_WORKS = {"note", "attachment", "annotation"}
_LATEX_LEFT = re.compile(r"\\[A-Za-z]+|\\[\"'`^~=.]|[{}]|\$[^$]*\$")
"""A command or an accent's, a brace, or math between two ``$`` (one ``$`` is a dollar sign:
``\\$620``)."""
_TAG = re.compile(r"</?[a-zA-Z][^>]*>")
_PRIMARY = {
    "artwork": "artist",
    "audioRecording": "performer",
    "bill": "sponsor",
    "computerProgram": "programmer",
    "film": "director",
    "interview": "interviewee",
    "map": "cartographer",
    "patent": "inventor",
    "podcast": "podcaster",
    "presentation": "presenter",
    "radioBroadcast": "director",
    "tvBroadcast": "director",
    "videoRecording": "director",
}
"""Zotero's primary creator type where it is not ``author``: the creator Zotero shows first and
cites as the CSL author (its ``itemToCSLJSON`` maps the primary type, and only it, to author)."""
FIELDS = ("title", "first_author", "year", "doi")


def fold(text: str | None) -> str:
    """Lower case, no accents, no markup or format characters, punctuation and spacing reduced to
    single spaces."""
    if not text:
        return ""
    text = unicodedata.normalize("NFKD", _TAG.sub("", text))
    # A soft hyphen (``\\-``, which Better BibTeX keeps and this reader drops) is invisible:
    # format characters are no punctuation to part words at.
    text = "".join(
        c for c in text if not unicodedata.combining(c) and unicodedata.category(c) != "Cf"
    ).casefold()
    return " ".join(re.sub(r"[^\w]+", " ", text).replace("_", " ").split())


def _year(value: Any) -> str | None:
    if value and str(value).lstrip().startswith("-"):
        return None  # a year before the common era (-2000): no year of ours to compare
    m = re.search(r"(?<!\d)([12]\d{3})(?!\d)", str(value)) if value else None
    return m.group(1) if m else None


def _doi(value: Any) -> str | None:
    """The DOI in a value, whatever it is written with (``doi:``, a resolver URL)."""
    m = re.search(r"10(?:\.\d{4,9})?/\S+", str(value)) if value else None
    return m.group(0).rstrip(".,;").lower() if m else None


def _extra(item: dict[str, Any], name: str) -> str | None:
    extra = item.get("extra") or ""
    if isinstance(extra, list):
        extra = "\n".join(str(e) for e in extra)
    m = re.search(rf"^\s*{name}\s*:\s*(\S.*?)\s*$", str(extra), re.I | re.M)
    return m.group(1) if m else None


def expected_fields(item: dict[str, Any]) -> dict[str, Any]:
    """Key, title, first author, year and DOI of a Zotero item or a CSL-JSON item."""
    if "itemType" in item:
        creators = [c for c in item.get("creators") or () if isinstance(c, dict)]
        primary = _PRIMARY.get(str(item.get("itemType")), "author")
        authors = [c for c in creators if c.get("creatorType", "author") == primary] or creators
        first = authors[0] if authors else {}
        title = next((item.get(k) for k in ("title", "caseName", "nameOfAct") if item.get(k)), "")
        return {
            "key": item.get("citationKey") or _extra(item, "Citation Key"),
            "title": title,
            "first_author": first.get("lastName") or first.get("name"),
            "year": _year(item.get("date")),
            "doi": _doi(item.get("DOI") or _extra(item, "DOI")),
        }
    people = item.get("author") or item.get("editor") or []
    first = people[0] if people and isinstance(people[0], dict) else {}
    family = first.get("family")
    particle = first.get("non-dropping-particle")
    issued = item.get("issued") or {}
    parts = issued.get("date-parts") if isinstance(issued, dict) else None
    year = parts[0][0] if parts and parts[0] else issued
    return {
        "key": item.get("citation-key") or item.get("id"),
        "title": item.get("title"),
        "first_author": (f"{particle} {family}" if particle else family) or first.get("literal"),
        "year": _year(year),
        "doi": _doi(item.get("DOI")),
    }


@dataclass
class Score:
    """Counts for one folder (or all)."""

    expected: int = 0
    read: int = 0
    warnings: int = 0
    lost: int = 0
    failed_files: int = 0
    paired: Counter[str] = field(default_factory=Counter)
    equal: Counter[str] = field(default_factory=Counter)
    latex_left: int = 0
    unpaired: int = 0
    misses: list[str] = field(default_factory=list)

    def add(self, other: Score) -> None:
        for name in (
            "expected",
            "read",
            "warnings",
            "lost",
            "failed_files",
            "latex_left",
            "unpaired",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.paired.update(other.paired)
        self.equal.update(other.equal)
        self.misses.extend(other.misses)

    def line(self, label: str) -> str:
        shares = " ".join(
            f"{f}={100 * self.equal[f] / self.paired[f]:.1f}%({self.paired[f]})"
            if self.paired[f]
            else f"{f}=-"
            for f in FIELDS
        )
        return (
            f"{label}: expected {self.expected}, read {self.read}, warnings {self.warnings}, "
            f"lost without a warning {self.lost}, unreadable files {self.failed_files}, "
            f"LaTeX left {self.latex_left}, not paired {self.unpaired}; {shares}"
        )


def _read(path: Path) -> tuple[list[Any], int]:
    """The entries our reader makes of ``path`` and its warning count."""
    reader = getattr(bibliography, "read_bibliography", None)
    if reader is not None:
        got = reader(path)
        # Only warnings for entries left out account for a missing entry; an entry read in
        # part (a repeated field, an undefined macro) is still read.
        dropping = {"duplicate_key", "unparsable", "not_an_item", "commented_out"}
        return list(got.entries), sum(str(w.code) in dropping for w in got.warnings)
    return list(bibliography.load_bibliography(path)), 0  # before warnings existed


def score_pair(source: Path, expected_path: Path) -> Score:
    """Score one bibliography against its expected items."""
    data = json.loads(expected_path.read_text(encoding="utf-8"))
    items = data.get("items", []) if isinstance(data, dict) else data
    wanted = [
        expected_fields(i)
        for i in items
        if isinstance(i, dict) and str(i.get("itemType")) not in _NOT_WORKS
    ]
    score = Score(expected=len(wanted))
    try:
        entries, warnings = _read(source)
    except QuoteTuiError as exc:
        score.failed_files = 1
        score.lost = len(wanted)
        score.misses.append(f"{source.name}: unreadable: {exc}")
        return score
    score.read, score.warnings = len(entries), warnings
    score.lost = max(0, len(wanted) - len(entries) - warnings)
    by_key = {e.key: e for e in entries if e.key}
    by_title = {fold(e.title): e for e in reversed(entries) if e.title}
    keyed = any(w["key"] for w in wanted)
    key_count = Counter(w["key"] for w in wanted if w["key"])
    used: set[int] = set()
    order = {} if keyed else _in_order(entries, wanted)
    for n, want in enumerate(wanted):
        # By key; else, where the manager renamed keys, by title; by position only when the
        # expected items carry no keys at all (Zotero's own import tests). An entry pairs once:
        # a second item under a duplicate key (left out with a warning) stays unpaired.
        if keyed:
            got = by_key.get(want["key"]) or by_title.get(fold(want["title"]))
            titled = by_title.get(fold(want["title"]))
            if key_count[want["key"]] > 1 and got is not None:
                # Two items under one key (the reader keeps the first entry and warns of the
                # second; the manager imports both, in its own order): the title tells which
                # item the kept entry is, and the other stays unpaired.
                got = got if fold(got.title) == fold(want["title"]) else None
            elif got is not None and id(got) in used:
                got = titled
        else:
            at = order.get(n)
            got = entries[at] if at is not None else None
        if got is None or id(got) in used:
            score.unpaired += 1
            continue
        used.add(id(got))
        have = {
            "title": got.title,
            "first_author": got.authors[0] if got.authors else None,
            "year": got.year,
            "doi": (got.doi or "").lower() or None,
        }
        if any(_LATEX_LEFT.search(t or "") for t in (got.title, *got.authors)):
            score.latex_left += 1
            score.misses.append(f"{source.name}: LaTeX left: {got.title!r} {got.authors!r}")
        for name in FIELDS:
            if not want[name]:
                continue
            score.paired[name] += 1
            same = fold(have[name]) == fold(want[name])
            score.equal[name] += same
            if not same:
                score.misses.append(
                    f"{source.name} [{want['key'] or n}] {name}: {have[name]!r} != {want[name]!r}"
                )
    return score


def _last_word(name: Any) -> str:
    words = fold(name).split()
    return words[-1] if words else ""


def _in_order(entries: list[Any], wanted: list[dict[str, Any]]) -> dict[int, int]:
    """Without keys, expected items paired with entries: in file order, aligned on their titles
    (difflib), so a record the reader left out with a warning does not shift every pair after
    it; or, where that agrees on fewer titles and first authors' last words, by title wherever
    it stands (an exporter that sorts by key, as Better BibTeX does, writes its entries in
    another order than its items), items that share a title by their first author."""
    got = [fold(e.title) for e in entries]
    want = [fold(w["title"]) for w in wanted]
    words = [_last_word((e.authors or ("",))[0]) for e in entries]

    def agreeing(pairs: dict[int, int]) -> int:
        return sum(
            (want[n] == got[m]) + (_last_word(wanted[n]["first_author"]) == words[m])
            for n, m in pairs.items()
        )

    in_order = _aligned(want, got, list(range(len(want))), list(range(len(got))), {})
    got_count, want_count = Counter(got), Counter(want)
    at = {t: n for n, t in enumerate(got)}
    pairs = {n: at[t] for n, t in enumerate(want) if t and want_count[t] == 1 and got_count[t] == 1}
    free = [n for n in range(len(got)) if n not in set(pairs.values())]
    for n, t in enumerate(want):
        if n in pairs or (t and want_count[t] < 2):
            continue
        word = _last_word(wanted[n]["first_author"])
        m = next((m for m in free if got[m] == t and word and words[m] == word), None)
        if m is not None:
            pairs[n] = m
            free.remove(m)
    taken = set(pairs.values())
    rest_want = [n for n in range(len(want)) if n not in pairs]
    rest_got = [n for n in range(len(got)) if n not in taken]
    by_title = _aligned(want, got, rest_want, rest_got, pairs)
    return by_title if agreeing(by_title) > agreeing(in_order) else in_order


def _aligned(
    want: list[str],
    got: list[str],
    rest_want: list[int],
    rest_got: list[int],
    pairs: dict[int, int],
) -> dict[int, int]:
    """``pairs`` with the items ``rest_want`` aligned on ``rest_got`` in order (difflib)."""
    pairs = dict(pairs)
    i = j = 0
    blocks = difflib.SequenceMatcher(
        None, [want[n] for n in rest_want], [got[n] for n in rest_got], autojunk=False
    ).get_matching_blocks()
    for a, b, size in blocks:
        for k in range(min(a - i, b - j)):  # the gap before the block, by position
            pairs[rest_want[i + k]] = rest_got[j + k]
        for k in range(size):
            pairs[rest_want[a + k]] = rest_got[b + k]
        i, j = a + size, b + size
    return pairs


def _expected_for(source: Path) -> Path | None:
    if source.name.endswith(JSON_INPUT):
        return source.with_name(source.name[: -len(JSON_INPUT)] + ".json")
    if source.suffix.lower() in INPUT_SUFFIXES:
        return source.with_suffix(".json")
    return None


def score_folder(folder: Path) -> Score:
    total = Score()
    for source in sorted(folder.iterdir()):
        expected = _expected_for(source)
        if expected is not None and expected.is_file():
            total.add(score_pair(source, expected))
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--show", type=int, default=0, help="print the first N disagreements")
    parser.add_argument("--json", action="store_true", help="print the totals as JSON")
    args = parser.parse_args(argv)
    total = Score()
    for folder in args.folders:
        score = score_folder(folder)
        print(score.line(folder.name))
        total.add(score)
    print(total.line("all"))
    for miss in total.misses[: args.show]:
        print("  " + miss)
    if args.json:
        shares = {f: total.equal[f] / total.paired[f] for f in FIELDS if total.paired[f]}
        json.dump({"lost": total.lost, "latex_left": total.latex_left, **shares}, sys.stdout)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

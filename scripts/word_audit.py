"""Audit Word manuscripts the way a reader checks the scan: what it took and what it left.

    python scripts/word_audit.py OUTDIR FILE_LIST     (FILE_LIST: one .docx path a line)
    python scripts/word_audit.py --diff OLD_OUTDIR NEW_OUTDIR

For each document, OUTDIR/NNN.txt lists, one per line, tab-separated:

- ``EXT``   every extraction: its place, its reference (key or raw text), locator, quotation;
- ``MISSQ4`` / ``MISSQ2`` every span between quotation marks of any pair writers use (“…”,
  "…", „…“, „…”, «…», »…«, ‚…‘, ‘…’, '…') of four words or more / two or three, outside the
  reference list and the parts read but not searched (headings, captions, tables of contents),
  that no extraction covers, with its context;
- ``MISSB``  every paragraph set off as a quotation may be (a quote style, indented 1 cm or more
  and no list item, or in smaller type than the body) that no extraction covers;
- ``BLOCKOK`` such a paragraph that was taken.

OUTDIR/summary.tsv holds one line per document: extractions, MISSQ4 and MISSB counts. Read a
sample of each kind and sort it: real misses, right exclusions, false extractions. ``--diff``
prints the extractions one run adds and removes (run the two versions of the code with their own
``PYTHONPATH``), the count a rule changes outside the labelled sets, and those counts by
repository (the first folder of a document's path named ``owner+name``, as the corpora store
them).
"""

from __future__ import annotations

import argparse
import re
import sys
import zipfile
from collections import Counter
from pathlib import Path
from typing import Any

from lxml import etree

from quote_tui.manuscripts.scan import scan
from quote_tui.manuscripts.wordparts import word_parts

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
# each opening mark and the marks that may close it (straight quotes typed around curly ones)
PAIRS = {
    "“": '”“"',
    '"': '"”“',
    "„": '“”"',
    "«": "»",
    "»": "«",
    "‚": "‘’'",
    "‘": "’'",
    "'": "'’",
    "”": "”",
}
OPENING = re.compile(r"(?<![\w])([“\"„«»‚‘'”])")
SET_OFF_STYLE = re.compile(r"quot|zitat|cita|block|intense|epigr|motto", re.I)
NOT_BODY_STYLE = re.compile(r"list|head|toc|caption", re.I)
INDENT = 567  # 1 cm in twentieths of a point


def norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", text.casefold()).split())


def quote_spans(text: str) -> list[tuple[str, str, int]]:
    """(opening mark, inner text, offset) of each span in marks within a paragraph."""
    out = []
    i = 0
    while (m := OPENING.search(text, i)) is not None:
        mark, j = m.group(1), m.end()
        close = None
        for n in range(j, min(len(text), j + 1500)):
            if text.startswith("\n\n", n):
                break
            if text[n] in PAIRS[mark]:
                if mark in "'‘‚" and n + 1 < len(text) and text[n + 1].isalpha():
                    continue  # an apostrophe
                close = n
                break
        if close is None:
            i = j
            continue
        if text[j:close].strip():
            out.append((mark, text[j:close], j))
        i = close + 1
    return out


def paragraphs(path: Path) -> list[dict[str, Any]]:
    """The main part's paragraphs with text: style name, left indent, list item, type size."""
    zf = zipfile.ZipFile(path)
    where = word_parts(zf)
    if where.document is None:
        return []
    root = etree.fromstring(zf.read(where.document))
    styles: dict[str, str] = {}
    if where.styles:
        for st in etree.fromstring(zf.read(where.styles)).iter(f"{W}style"):
            name = st.find(f"{W}name")
            styles[st.get(f"{W}styleId", "")] = name.get(f"{W}val", "") if name is not None else ""
    out = []
    for p in root.iter(f"{W}p"):
        text = "".join(t.text or "" for t in p.iter(f"{W}t"))
        if not text.strip():
            continue
        ppr = p.find(f"{W}pPr")
        style, left, listed = "", 0, False
        if ppr is not None:
            ps = ppr.find(f"{W}pStyle")
            if ps is not None:
                style = styles.get(ps.get(f"{W}val", ""), ps.get(f"{W}val", ""))
            ind = ppr.find(f"{W}ind")
            if ind is not None:
                try:
                    left = int(ind.get(f"{W}left") or ind.get(f"{W}start") or 0) - int(
                        ind.get(f"{W}hanging") or 0
                    )
                except ValueError:
                    left = 0
            listed = ppr.find(f"{W}numPr") is not None
        sizes = [int(v) for s in p.iter(f"{W}sz") if (v := s.get(f"{W}val") or "").isdigit()]
        size = Counter(sizes).most_common(1)[0][0] if sizes else None
        table = any(a.tag == f"{W}tbl" for a in p.iterancestors())
        out.append(
            {
                "text": text,
                "style": style,
                "left": left,
                "listed": listed,
                "size": size,
                "table": table,
            }
        )
    return out


def audit(path: Path) -> tuple[list[str], tuple[int, int, int]]:
    result = scan(path)
    ms, _taken = result.read or (None, ())
    lines, taken = [], []
    for c in result.citations:
        ref = c.reference
        shown = (ref.key or ref.raw)[:50] if ref is not None else None
        locator = getattr(c.locator, "value", None) if c.locator is not None else None
        taken.append(norm(c.quote))
        lines.append(
            f"EXT\t{c.location.part}:{c.location.line}\t{shown}\t{locator}\t{c.quote[:160]}"
        )

    def covered(text: str) -> bool:
        n = norm(text)
        return not n or any(n in e or (len(e) > 15 and e in n) for e in taken)

    missed_quotes = 0
    for doc in ms.documents if ms is not None else ():
        searched = doc.scan_text or doc.text
        for mark, inner, at in quote_spans(doc.text):
            if any(a <= at < b for a, b in doc.skip) or not searched[at : at + len(inner)].strip():
                continue
            words = len(inner.split())
            if words < 2 or covered(inner):
                continue
            kind = "MISSQ4" if words >= 4 else "MISSQ2"
            missed_quotes += kind == "MISSQ4"
            context = doc.text[max(0, at - 60) : at + len(inner) + 60].replace("\n", " ")
            lines.append(f"{kind}\t{doc.part}\t{mark}\t{inner[:160]}\t<<{context[:320]}>>")
    paras = paragraphs(path)
    body = Counter(p["size"] for p in paras if p["size"]).most_common(1)
    body_size = body[0][0] if body else None
    missed_blocks = 0
    for p in paras:
        why = []
        if SET_OFF_STYLE.search(p["style"]):
            why.append("style:" + p["style"])
        if p["left"] >= INDENT and not p["listed"] and not NOT_BODY_STYLE.search(p["style"]):
            why.append(f"indent:{p['left']}")
        small = body_size and p["size"] and p["size"] < body_size
        if small and len(p["text"].split()) >= 15:
            why.append(f"small:{p['size']}/{body_size}")
        if not why or len(p["text"].split()) < 6 or p["table"]:
            continue
        head = norm(p["text"])[:60]
        if covered(p["text"]) or any(head in e or e[:60] in head for e in taken if len(e) > 30):
            lines.append(f"BLOCKOK\t{','.join(why)}\t{p['text'][:120]}")
            continue
        missed_blocks += 1
        lines.append(f"MISSB\t{','.join(why)}\t{p['text'][:240]}")
    return lines, (len(taken), missed_quotes, missed_blocks)


def diff(old: Path, new: Path) -> None:
    repos: dict[str, str] = {}

    def load(folder: Path) -> dict[str, set[str]]:
        out = {}
        for f in sorted(folder.glob("[0-9]*.txt")):
            head, *rest = f.read_text().splitlines()
            # a document is known by its path (two repositories hold "source/Intro.docx"), or
            # by its folder and name in outputs written before the path was
            name, _, path = head.partition("\t")
            if path:
                name = "# " + path
                repos[name] = repository(Path(path))
            out[name] = {line for line in rest if line.startswith("EXT")}
        return out

    a, b = load(old), load(new)
    added = removed = 0
    by_repo: Counter[tuple[str, str]] = Counter()
    for doc in sorted(a.keys() & b.keys()):
        repo = repos.get(doc, doc[2:].split("/")[0])
        for line in sorted(b[doc] - a[doc]):
            print("+", doc[-60:], line[:260])
            added += 1
            by_repo[repo, "+"] += 1
        for line in sorted(a[doc] - b[doc]):
            print("-", doc[-60:], line[:260])
            removed += 1
            by_repo[repo, "-"] += 1
    for repo in sorted({r for r, _ in by_repo}):
        print(f"repo {repo}\t+{by_repo[repo, '+']}\t-{by_repo[repo, '-']}")
    print("added", added, "removed", removed, "repositories", len({r for r, _ in by_repo}))


def repository(path: Path) -> str:
    """The repository a stored document comes from: the first folder of its path named
    ``owner+name``, else the folder it lies in."""
    return next((part for part in path.parts if "+" in part), path.parent.name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--diff", action="store_true", help="compare two output folders")
    parser.add_argument("first", type=Path)
    parser.add_argument("second", type=Path)
    args = parser.parse_args()
    if args.diff:
        diff(args.first, args.second)
        return 0
    out = args.first
    out.mkdir(parents=True, exist_ok=True)
    summary = []
    files = [Path(line) for line in args.second.read_text().splitlines() if line.strip()]
    for n, path in enumerate(files):
        name = f"{path.parent.name}/{path.name}"
        try:
            lines, counts = audit(path)
        except Exception as exc:  # a broken file is reported, the audit goes on
            summary.append(f"{name}\tERR\t{str(exc)[:80]}")
            continue
        head = f"# {name}\t{path.resolve()}"
        (out / f"{n:03d}.txt").write_text("\n".join([head, *lines]) + "\n")
        summary.append("\t".join([name, *map(str, counts)]))
        print(n, name, *counts, flush=True)
    (out / "summary.tsv").write_text("\n".join(summary) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Audit the scan of Markdown and LaTeX manuscripts against what pandoc's own readers see.

    python scripts/pandoc_audit.py OUT.tsv FILE_OR_DIR...              (scan in this process)
    python scripts/pandoc_audit.py OUT.tsv FILE_OR_DIR... --cmd quote-tui  (a CLI's scan)
    python scripts/pandoc_audit.py --diff OLD.tsv NEW.tsv

Needs Debian's ``pandoc`` on the PATH (it says so and exits 0 without it). Pandoc reads each
.md/.qmd/.rmd/.tex file to its JSON tree. A cited quotation, to pandoc, is a ``Quoted`` inline
followed by a ``Cite`` in its sentence (directly, or as the first citation of a footnote there),
or a ``BlockQuote`` with a ``Cite`` inside it or in the paragraph right after it. Each is matched
with the scan's quotation of the same words (``quote-tui scan FILE -o out.json``, or the scan
in this process) and given a row, tab-separated:

- ``OK``    same key, and the same locator where the cite has one;
- ``LINK``  the scan gives another key, or none;
- ``LOC``   the key agrees, the locator is missing or differs;
- ``MISS``  the scan did not extract it;
- ``EXTRA`` a quotation the scan gives a Pandoc or LaTeX key that pandoc does not see as cited
  (``q`` when pandoc sees it in marks, ``-`` when not).

A ``B`` after the status marks a block quotation. pandoc-crossref labels (``[@fig:…]``) are no
citations to either side.

Then the file, the line, pandoc's keys and locator, the scan's, the number of words and the
start of the text. Pandoc is not an oracle: a term in marks beside its coiner's citation is
"cited" to pandoc and rightly left by the scan; a block whose citation closes a long run of
paragraphs is one block to pandoc. Read every row before counting it a fault. ``--diff`` prints
the rows whose status two runs (two versions of the code) give differently.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SUFFIXES = {".md": "markdown", ".qmd": "markdown", ".rmd": "markdown", ".tex": "latex"}
_INLINE_CONTAINERS = {"Emph", "Strong", "Underline", "Strikeout", "SmallCaps", "Superscript"}
_SENTENCE_END = re.compile(r"[.!?]['\")\]]*$")
# pandoc-crossref's labels and unfilled template fields look like citations to pandoc
_NOT_A_KEY = re.compile(r"^(?:fig|tbl|sec|eq|lst|apx):|^\{")


@dataclass
class Cited:
    """A quotation pandoc sees as cited: its text, the keys and the first cite's locator."""

    text: str
    keys: tuple[str, ...]
    locator: str
    block: bool


def norm(text: str) -> str:
    """Letters and digits only, case folded: the words, whatever the markup."""
    return " ".join(re.sub(r"[\W_]+", " ", text.casefold()).split())


def stringify(node: Any) -> str:
    """The reader's text of a pandoc node (inlines, blocks or one element)."""
    if isinstance(node, list):
        return "".join(stringify(n) for n in node)
    if not isinstance(node, dict):
        return ""
    kind, content = node.get("t"), node.get("c")
    if kind == "Str":
        return str(content)
    if kind in ("Space", "SoftBreak", "LineBreak"):
        return " "
    if kind in ("Code", "Math", "RawInline"):
        return " " if kind == "RawInline" else str(content[1])
    if kind == "Quoted":
        return "“" + stringify(content[1]) + "”"
    if kind in ("Cite", "Note"):
        return ""
    if kind in ("Link", "Image", "Span"):
        return stringify(content[1])
    if kind in ("Para", "Plain", "Header"):
        text = stringify(content[-1] if kind == "Header" else content)
        return text + "\n"
    if kind == "Div":
        return stringify(content[1])
    return stringify(content) if isinstance(content, list) else ""


def _cite_of(node: dict[str, Any]) -> tuple[tuple[str, ...], str]:
    citations = [c for c in node["c"][0] if not _NOT_A_KEY.search(c["citationId"])]
    keys = tuple(c["citationId"] for c in citations)
    suffix = " ".join(stringify(citations[0].get("citationSuffix", [])).split()) if keys else ""
    return keys, suffix.strip(" ,")


def _first_cite(node: Any) -> dict[str, Any] | None:
    if isinstance(node, dict):
        if node.get("t") == "Cite":
            return node
        node = node.get("c")
    if isinstance(node, list):
        for child in node:
            if (found := _first_cite(child)) is not None:
                return found
    return None


def _last_cite(node: Any) -> dict[str, Any] | None:
    found = None
    if isinstance(node, dict):
        if node.get("t") == "Cite":
            return node
        node = node.get("c")
    if isinstance(node, list):
        for child in node:
            found = _last_cite(child) or found
    return found


def _flat(inlines: list[Any]) -> list[dict[str, Any]]:
    """The inlines of a paragraph in reading order, emphasis and spans opened."""
    out: list[dict[str, Any]] = []
    for node in inlines:
        if not isinstance(node, dict):
            continue
        kind = node.get("t")
        if kind in _INLINE_CONTAINERS:
            out.extend(_flat(node["c"]))
        elif kind in ("Span", "Link"):
            out.extend(_flat(node["c"][1]))
        else:
            out.append(node)
    return out


def _inline_quotes(inlines: list[Any], found: list[Cited], seen: list[str]) -> None:
    flat = _flat(inlines)
    for i, node in enumerate(flat):
        if node.get("t") != "Quoted":
            continue
        text = stringify(node["c"][1])
        seen.append(text)
        rest = flat[i + 1 :]
        # '"… incarnation." Reflection is …': the quotation closed its own sentence
        words = [n for n in rest if n.get("t") not in ("Space", "SoftBreak")]
        if (
            _SENTENCE_END.search(text.rstrip("”’\"' "))
            and words
            and words[0].get("t") == "Str"
            and str(words[0]["c"])[:1].isupper()
        ):
            continue
        for j, after in enumerate(rest):
            kind = after.get("t")
            ends = kind == "Str" and _SENTENCE_END.search(after["c"]) is not None
            # the note mark goes after the full stop: '"…".[^1]'
            if ends and j + 1 < len(rest) and rest[j + 1].get("t") == "Note":
                after, kind = rest[j + 1], "Note"
            cite = after if kind == "Cite" else _first_cite(after) if kind == "Note" else None
            if cite is not None:
                keys, locator = _cite_of(cite)
                if keys:
                    found.append(Cited(text, keys, locator, block=False))
                break
            if kind == "Note" or ends:
                break


def _walk_blocks(blocks: list[Any], found: list[Cited], seen: list[str]) -> None:
    for i, block in enumerate(blocks):
        if not isinstance(block, dict):
            continue
        kind, content = block.get("t"), block.get("c")
        if kind == "BlockQuote":
            cite = _last_cite(content)
            nxt = blocks[i + 1] if i + 1 < len(blocks) else None
            if cite is None and isinstance(nxt, dict) and nxt.get("t") in ("Para", "Plain"):
                lead = [n for n in _flat(nxt["c"]) if n.get("t") not in ("Space", "SoftBreak")]
                if lead and (lead[0].get("t") == "Cite" or stringify(lead[:1]) in ("(", "—")):
                    cite = _first_cite(lead[:3])
            text = stringify(content).strip()
            seen.append(text)
            keys, locator = _cite_of(cite) if cite is not None else ((), "")
            if keys:
                found.append(Cited(text, keys, locator, block=True))
            _walk_notes(content, found, seen)
            continue
        if kind in ("Para", "Plain"):
            _inline_quotes(content, found, seen)
            _walk_notes(content, found, seen)
        elif kind == "LineBlock":
            for line in content:
                _inline_quotes(line, found, seen)
        elif kind == "Header":
            continue
        elif isinstance(content, list):
            _walk_nested(content, found, seen)


def _walk_nested(content: list[Any], found: list[Cited], seen: list[str]) -> None:
    """Lists, divs, tables: every list of blocks inside, walked as blocks."""
    if content and all(isinstance(c, dict) and "t" in c for c in content):
        _walk_blocks(content, found, seen)
        return
    for child in content:
        if isinstance(child, list):
            _walk_nested(child, found, seen)
        elif isinstance(child, dict) and "t" in child:
            _walk_blocks([child], found, seen)


def _walk_notes(node: Any, found: list[Cited], seen: list[str]) -> None:
    if isinstance(node, dict):
        if node.get("t") == "Note":
            _walk_blocks(node["c"], found, seen)
            return
        node = node.get("c")
    if isinstance(node, list):
        for child in node:
            _walk_notes(child, found, seen)


def pandoc_quotes(path: Path) -> tuple[list[Cited], list[str]]:
    """Pandoc's cited quotations of a file, and the text of every span it sees in marks."""
    reader = SUFFIXES[path.suffix.lower()]
    done = subprocess.run(
        ["pandoc", "-f", reader, "-t", "json", str(path)],
        capture_output=True,
        timeout=120,
        check=True,
    )
    tree = json.loads(done.stdout)
    found: list[Cited] = []
    seen: list[str] = []
    _walk_blocks(tree["blocks"], found, seen)
    return found, seen


def scan_of(path: Path, cmd: str | None) -> dict[str, Any]:
    """The scan's batch for a file: from the given CLI, or from the package in this process."""
    if cmd is None:
        from quote_tui.manuscripts.scan import scan

        return scan(path).to_batch_dict()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.json"
        subprocess.run([cmd, "scan", str(path), "-o", str(out)], capture_output=True, check=True)
        return json.loads(out.read_text(encoding="utf-8"))


def same_words(a: str, b: str) -> bool:
    """The same quotation: one's words hold the other's, most of them or a long start."""
    if not a or not b:
        return False
    short, long_ = sorted((a, b), key=len)
    return (short in long_ and len(short) >= 0.6 * len(long_)) or (
        len(short) >= 30 and long_.startswith(short[:30])
    )


def locator_value(text: str) -> str:
    """The first number or roman numeral of a locator: what both sides must agree on."""
    found = re.search(r"\d+|\b[ivxlc]+\b", text.casefold())
    return found.group(0) if found else text.casefold()


def line_of(raw: str, text: str) -> int:
    words = norm(text).split()[:5]
    if not words:
        return 0
    found = re.search(r"\W+".join(map(re.escape, words)), raw, re.I)
    return raw.count("\n", 0, found.start()) + 1 if found else 0


def audit(path: Path, cmd: str | None) -> list[list[str]]:
    """The rows of one file."""
    cited, seen = pandoc_quotes(path)
    batch = scan_of(path, cmd)
    raw = path.read_text(encoding="utf-8", errors="replace")
    extracted = [
        (norm(c["quote"]), c, (c.get("reference") or {}).get("key"))
        for c in batch.get("citations", [])
    ]
    used: set[int] = set()
    rows = []
    for quote in cited:
        words = norm(quote.text)
        hit = next((i for i, (t, _, _) in enumerate(extracted) if same_words(t, words)), None)
        got_key, got_loc = "", ""
        if hit is None:
            status = "MISS"
        else:
            used.add(hit)
            citation, key = extracted[hit][1], extracted[hit][2]
            got_key = key or ""
            got_loc = (citation.get("locator") or {}).get("value", "")
            if key not in quote.keys:
                status = "LINK"
            elif quote.locator and locator_value(quote.locator) != locator_value(got_loc):
                status = "LOC"
            else:
                status = "OK"
        rows.append(
            [
                status + ("B" if quote.block else ""),
                str(path),
                str(line_of(raw, quote.text)),
                ";".join(quote.keys),
                quote.locator,
                got_key,
                got_loc,
                str(len(words.split())),
                " ".join(quote.text.split())[:160],
            ]
        )
    marked = [norm(s) for s in seen]
    for i, (text, citation, key) in enumerate(extracted):
        # only keys pandoc's reader can see: a typed "(Smith 2020)" is no Cite to it
        style = (citation.get("reference") or {}).get("style")
        if i in used or key is None or style not in ("pandoc", "latex"):
            continue
        in_marks = any(same_words(text, s) for s in marked)
        loc = (citation.get("locator") or {}).get("value", "")
        rows.append(
            [
                "EXTRA" + ("q" if in_marks else "-"),
                str(path),
                str(citation.get("location", {}).get("line", 0)),
                "",
                "",
                key,
                loc,
                str(len(text.split())),
                " ".join(citation["quote"].split())[:160],
            ]
        )
    return rows


def manuscripts(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            out.extend(sorted(p for p in path.rglob("*") if p.suffix.lower() in SUFFIXES))
        elif path.suffix.lower() in SUFFIXES:
            out.append(path)
    return [p for p in out if p.is_file()]


def diff(old: Path, new: Path) -> None:
    """The rows (by file, status-free text) whose status differs between two runs."""

    def read(path: Path) -> dict[tuple[str, str], str]:
        rows = [line.rstrip("\n").split("\t") for line in path.open(encoding="utf-8")]
        return {(r[1], r[-1]): r[0] for r in rows if len(r) >= 9}

    before, after = read(old), read(new)
    for key in sorted(set(before) | set(after)):
        if before.get(key) != after.get(key):
            print(before.get(key, "-"), "->", after.get(key, "-"), key[0], key[1], sep="\t")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", help="rows file (TSV); with --diff, the older rows file")
    parser.add_argument("paths", nargs="+", help="files or folders; with --diff, the newer rows")
    parser.add_argument("--cmd", help="a quote-tui executable to scan with (default: in process)")
    parser.add_argument("--diff", action="store_true", help="compare two rows files")
    args = parser.parse_args(argv)
    if args.diff:
        diff(Path(args.out), Path(args.paths[0]))
        return 0
    if shutil.which("pandoc") is None:
        print("pandoc_audit: pandoc is not installed (apt-get install pandoc); skipped.")
        return 0
    counts: Counter[str] = Counter()
    with open(args.out, "w", encoding="utf-8") as out:
        for path in manuscripts(args.paths):
            try:
                rows = audit(path, args.cmd)
            except (subprocess.SubprocessError, json.JSONDecodeError, OSError) as error:
                rows = [["FAIL", str(path), "0", "", "", "", "", "0", type(error).__name__]]
            for row in rows:
                counts[row[0]] += 1
                out.write("\t".join(cell.replace("\t", " ") for cell in row) + "\n")
    print(" ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())

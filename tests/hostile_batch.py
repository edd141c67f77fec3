"""A batch of the broken and hostile files users' folders hold, plus a few good entries.

``write_hostile_batch(folder, corpus)`` writes the files and ``batch.json`` into ``folder`` and
returns the batch path with what each citation should come to. ``python -m tests.hostile_batch
DIR`` writes it for a run by hand (``quote-tui check DIR/batch.json``).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

PHRASE = "the results were consistent across every sample we tested. "


@dataclass(frozen=True, slots=True)
class Expected:
    """What a citation should come to: its status(es) and, when unavailable, the codes allowed."""

    statuses: frozenset[str]
    codes: frozenset[str] = frozenset()


def write_hostile_batch(folder: Path, corpus: Path) -> tuple[Path, dict[str, Expected]]:
    folder.mkdir(parents=True, exist_ok=True)
    good_pdf = (corpus / "pdf" / "sainte-adele-pv-fr.pdf").resolve()
    good_html = (corpus / "html" / "ebb-org.html").resolve()
    (folder / "empty.pdf").write_bytes(b"")
    whole = (corpus / "pdf" / "shinyama-naacl2006.pdf").read_bytes()
    (folder / "truncated.pdf").write_bytes(whole[: len(whole) // 3])
    (folder / "deep.html").write_text(
        "<html><body>" + "<div>" * 60_000 + "deep words" + "</div>" * 60_000 + "</body></html>",
        encoding="utf-8",
    )
    (folder / "repeated.txt").write_text(PHRASE * 200_000, encoding="utf-8")
    (folder / "binary.txt").write_bytes(bytes(range(256)) * 64)
    (folder / "a-folder").mkdir(exist_ok=True)
    (folder / "good.txt").write_text(
        "Nothing a batch holds can keep the report from being written.", encoding="utf-8"
    )
    unreadable = frozenset({"unavailable"})
    read_or_not = frozenset({"unavailable", "exact", "normalized", "near", "not_found"})
    checked = frozenset({"exact", "normalized", "near", "not_found", "inconclusive"})
    sources = [
        ("empty", "empty.pdf"),
        ("truncated", "truncated.pdf"),
        ("deep", "deep.html"),
        ("repeated", "repeated.txt"),
        ("binary", "binary.txt"),
        ("folder", "a-folder"),
        ("missing", "no-such-file.pdf"),
        ("good_txt", "good.txt"),
        ("good_pdf", str(good_pdf)),
        ("good_html", str(good_html)),
    ]
    citations = [
        ("c_empty", "empty", "any words at all", Expected(unreadable, frozenset({"empty_file"}))),
        (
            "c_truncated",
            "truncated",
            "Preemptive Information Extraction",
            Expected(read_or_not, frozenset({"broken_file", "no_text"})),
        ),
        # past the parser's 256 levels: read from the markup, not lost
        ("c_deep", "deep", "deep words", Expected(frozenset({"exact"}))),
        # not in the text, but close to every repeat of it: the near tier's worst case
        (
            "c_repeated",
            "repeated",
            "the results were consistent across each sample we measured",
            Expected(checked),
        ),
        ("c_long", "good_txt", "word " * 6_000, Expected(frozenset({"error"}))),
        (
            "c_binary",
            "binary",
            "some words",
            Expected(read_or_not, frozenset({"unsupported_type", "decode_error", "no_text"})),
        ),
        ("c_folder", "folder", "some words", Expected(unreadable, frozenset({"is_directory"}))),
        (
            "c_missing",
            "missing",
            "some words",
            Expected(unreadable, frozenset({"file_not_found"})),
        ),
        (
            "c_good_txt",
            "good_txt",
            "keep the report from being written",
            Expected(frozenset({"exact"})),
        ),
        (
            "c_good_pdf",
            "good_pdf",
            _passage(good_pdf),
            Expected(frozenset({"exact", "normalized"})),
        ),
        (
            "c_good_html",
            "good_html",
            _passage(good_html),
            Expected(frozenset({"exact", "normalized"})),
        ),
    ]
    batch = {
        "sources": [{"id": sid, "ref": ref} for sid, ref in sources],
        "citations": [{"id": cid, "source": sid, "quote": q} for cid, sid, q, _ in citations],
    }
    path = folder / "batch.json"
    path.write_text(json.dumps(batch), encoding="utf-8")
    return path, {cid: expected for cid, _, _, expected in citations}


def _passage(path: Path) -> str:
    from quote_tui.sources.readers.local import read_path

    return " ".join(read_path(path).prepared.text.split()[20:32])


if __name__ == "__main__":
    root = Path(__file__).resolve().parents[1]
    out, _ = write_hostile_batch(Path(sys.argv[1]), root.parent / "shared" / "corpus")
    print(out)

"""Fuzz every reader with mutated real inputs; each must end in a verdict or a typed error.

    python scripts/fuzz_readers.py [--count 10000] [--seed 1] [--jobs 2] [--timeout 30]
    python scripts/fuzz_readers.py --only 4711      # replay one input here, with its traceback

Seeds are the corpus's PDFs (also with their streams decompressed, so mutations reach the
content), HTML pages, PubMed XML and MEDLINE files and some plain text, plus ``.docx``, ``.tex``,
``.bib``, CSL-JSON and batch files built like the tests build theirs. Each input is one seed
under one to three mutations (bit flips, truncation, splicing with another seed of its kind,
repeated chunks, deleted chunks, format tokens, deep nesting; inside the ZIP for ``.docx``;
on the decoded values for JSON) and is fed to the real entry point:

- sources: ``sources.readers.local.read_path`` and then a check of a quotation taken from the text;
- manuscripts and bibliographies: ``manuscripts.scan`` and the batch it yields;
- batch files: ``batch.batchfile.load_batch`` and a whole offline ``batch.pipeline.check_batch``
  run (local paths confined to the input's folder) and its report.

An input passes when it ends in a verdict or in a ``QuoteTuiError`` whose code is one of
``ErrorCode``. Anything else is a finding: an untyped exception, an ``internal_error`` in the
report (the service's name for an untyped exception it caught), a worker that dies (a native
crash) or one that runs past ``--timeout`` (a hang: seconds of the worker's processor time where
the system reports it, so a loaded machine does not turn a slow input into a hang; four times as
many seconds of wall time in any case). Inputs run in worker processes, so a
crash or a hang costs the worker, which is replaced, and not the fuzzer. Input ``i`` depends
only on ``--seed`` and ``i``, so every finding can be replayed with ``--only i``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import copy
import io
import json
import multiprocessing
import os
import random
import shutil
import sys
import tempfile
import time
import traceback
import zipfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
MAX_SIZE = 3_000_000  # mutated inputs are cut here: the point is malformed input, not size

# kind -> the file name the input is written under (the extension picks the reader)
SOURCE_NAMES = {
    "pdf": "input.pdf",
    "html": "input.html",
    "pubmed": "input.xml",
    "medline": "input.nbib",
    "text": "input.txt",
}
MANUSCRIPT_KINDS = ("docx", "tex", "bib", "csl")
CORPUS_KINDS = tuple(SOURCE_NAMES)
OCR_SECONDS = 10.0
"""How long a fuzzed PDF read as a scan is given for OCR."""
GENERATED_KINDS = (*MANUSCRIPT_KINDS, "batch")

# Tokens whose insertion makes parsers take rare paths.
TOKENS: dict[str, tuple[bytes, ...]] = {
    "pdf": (
        b"obj",
        b"endobj",
        b"stream\n",
        b"endstream",
        b"<<",
        b">>",
        b"%%EOF",
        b"xref",
        b"trailer",
        b"/Length 999999",
        b"/Filter /FlateDecode",
        b"(",
        b")",
        b"[",
        b"]",
        b"BT",
        b"ET",
        b"Tj",
        b"/Type /Page",
        b"0 0 R",
        b"\\",
        b"\x00",
        b"startxref\n0",
    ),
    "html": (
        b"<div>",
        b"</div>",
        b"<script>",
        b"<!--",
        b"-->",
        b"<![CDATA[",
        b"&#x0;",
        b"&amp",
        b"<meta charset=utf-16>",
        b'<meta charset="x-bogus">',
        b"<p>",
        b"<br/>",
        b"<table><tr><td>",
        b"<svg>",
        b"<math>",
        b"\x00",
        b"\xff\xfe",
        b"<",
        b">",
    ),
    "xml": (
        b"<Abstract>",
        b"</Abstract>",
        b'<AbstractText Label="X">',
        b"<!DOCTYPE x [",
        b'<!ENTITY e "eeeeeeeeee">',
        b"&e;",
        b"<![CDATA[",
        b"]]>",
        b"&#0;",
        b"<?xml",
        b"<PubmedArticle>",
        b"<ArticleTitle>",
        b"\x00",
        b"<",
        b'xmlns:x="y"',
    ),
    "text": (
        b"\x00",
        b"\xff\xfe",
        b"\xfe\xff",
        b"\xef\xbb\xbf",
        b"\r",
        "\u2028".encode(),
        b"\xc3",
        b"\xe2\x80",
        b"PMID- 1\n",
        b"AB  - ",
        b"\t",
    ),
    "tex": (
        b"\\begin{quote}",
        b"\\end{quote}",
        b"\\cite[",
        b"{",
        b"}",
        b"``",
        b"''",
        b"\\footnote{",
        b"\\input{chapter}",
        b"\\input{main}",
        b"%",
        b"\\verb|",
        b"\\begin{verbatim}",
        b"\\enquote{",
        b"\\textcquote[",
        b"$",
        b"\\\\",
        b"\x00",
    ),
    "bib": (
        b"@article{",
        b"@string{",
        b"@comment{",
        b"@preamble{",
        b"{",
        b"}",
        b'"',
        b"=",
        b"#",
        b",",
        b"file = {",
        b":application/pdf",
        b"\\",
        b"pages = {1--",
        b"\x00",
    ),
    "json": (
        b"{",
        b"}",
        b"[",
        b"]",
        b'"',
        b":",
        b",",
        b"null",
        b"1e999",
        b"-0",
        b"\\u0000",
        b"\\ud800",
        b"true",
        b'""',
        b'{"id":',
        b"\xff",
    ),
    "docx": (
        b"<w:p>",
        b"</w:p>",
        b"<w:r>",
        b"<w:t>",
        b'<w:fldChar w:fldCharType="begin"/>',
        b'<w:fldChar w:fldCharType="end"/>',
        b"<w:instrText>",
        b" ADDIN ZOTERO_ITEM ",
        b"CSL_CITATION {",
        b'<w:footnoteReference w:id="9"/>',
        b"<!DOCTYPE x [",
        b"\x00",
        b"<",
        b"&#0;",
    ),
}
TOKENS["pubmed"] = TOKENS["medline"] = TOKENS["xml"]
TOKENS["csl"] = TOKENS["batch"] = TOKENS["json"]
NESTING = {
    "pdf": (b"<<", b"["),
    "html": (b"<div>", b"<b>", b"<table><tr><td>"),
    "pubmed": (b"<a>",),
    "medline": (b"<a>",),
    "text": (b"(",),
    "tex": (b"{", b"\\begin{quote}", b"\\footnote{"),
    "bib": (b"{",),
    "csl": (b"[", b'{"a":'),
    "batch": (b"[", b'{"a":'),
    "docx": (b"<w:p>", b"<w:r>"),
}


# -- seeds ---------------------------------------------------------------------------------------


def _pdf_seeds(max_size: int) -> list[bytes]:
    import pymupdf

    files = sorted((CORPUS / "pdf").glob("*.pdf"))
    seeds = [f.read_bytes() for f in files]
    # Uncompressed copies, so that byte mutations land in content streams and not only in
    # deflated data that fails its checksum.
    for f in files:
        if 0 < f.stat().st_size < min(250_000, max_size // 2) and "password" not in f.name:
            try:
                with pymupdf.open(f) as doc:
                    seeds.append(doc.tobytes(expand=255, garbage=0))
            except Exception:
                continue
    return seeds


def _text_slices() -> list[bytes]:
    out = []
    for f in sorted((CORPUS / "text").glob("*")):
        data = f.read_bytes()
        out.append(data[len(data) // 2 : len(data) // 2 + 20_000])
    return out


def _docx_seeds(work: Path) -> list[bytes]:
    from tests.manuscripts import test_docx
    from tests.test_cli_manuscripts import _write_docx

    one = work / "one.docx"
    test_docx.build(one)
    two = _write_docx(work / "two.docx")
    return [one.read_bytes(), two.read_bytes()]


def _batch_seed() -> bytes:
    batch = {
        "sources": [
            {"id": "s1", "text": "It was the best of times, it was the worst of times."},
            {"id": "s2", "ref": "notes.txt", "title": "Notes"},
            {"id": "s3", "ref": "page.html"},
            {"id": "s4", "ref": "doi:10.1000/xyz"},
            {"id": "s5", "text": "r = -0.42 in the sample; p < 0.05.", "truncated": True},
        ],
        "citations": [
            {"id": "c1", "source": "s1", "quote": "the worst of times", "locator": "p. 4"},
            {"id": "c2", "source": "s2", "quote": "recorded 241 tides", "locator": "pp. 3-5"},
            {"id": "c3", "source": "s3", "quote": "the page says so", "locator": {"pages": [1]}},
            {"id": "c4", "source": "s4", "quote": "anything at all"},
            {"id": "c5", "source": "s5", "quote": "0.42 in the sample"},
            {"id": "c6", "source": "s1", "quote": "it was the best ... worst of times"},
            {"id": "c7", "source": None, "quote": "unreferenced words here"},
            {"id": "c8", "source": "s2"},
        ],
    }
    return json.dumps(batch, indent=1).encode()


def build_seeds(
    kinds: tuple[str, ...], work: Path, max_size: int = MAX_SIZE
) -> dict[str, list[bytes]]:
    """The unmutated inputs of each kind (PDFs are decompressed only when that fits)."""
    sys.path.insert(0, str(ROOT))
    from tests.manuscripts import test_docx, test_latex
    from tests.test_cli_manuscripts import _bib_case

    seeds: dict[str, list[bytes]] = {}
    for kind in kinds:
        if kind == "pdf":
            seeds[kind] = _pdf_seeds(max_size)
        elif kind == "html":
            seeds[kind] = [f.read_bytes() for f in sorted((CORPUS / "html").glob("*.html"))]
        elif kind == "pubmed":
            seeds[kind] = [f.read_bytes() for f in sorted((CORPUS / "pubmed").glob("*.xml"))]
        elif kind == "medline":
            seeds[kind] = [f.read_bytes() for f in sorted((CORPUS / "pubmed").glob("*.txt"))]
        elif kind == "text":
            seeds[kind] = _text_slices()
        elif kind == "docx":
            seeds[kind] = _docx_seeds(work)
        elif kind == "tex":
            seeds[kind] = [test_latex.MAIN.encode(), test_latex.CHAPTER.encode()]
        elif kind == "bib":
            case = work / "bibcase"
            case.mkdir(exist_ok=True)
            _paper, bib = _bib_case(case)
            seeds[kind] = [test_latex.BIB.encode(), bib.read_bytes()]
        elif kind == "csl":
            items = [test_docx.S2ORC, test_docx.NIST]
            seeds[kind] = [json.dumps(items, indent=1).encode(), json.dumps(items[:1]).encode()]
        elif kind == "batch":
            seeds[kind] = [_batch_seed()]
    return seeds


# -- mutations -----------------------------------------------------------------------------------


def _flip(rng: random.Random, data: bytes, kind: str, others: list[bytes]) -> bytes:
    buf = bytearray(data or b"\x00")
    for _ in range(rng.randint(1, 16)):
        i = rng.randrange(len(buf))
        buf[i] = rng.randrange(256) if rng.random() < 0.5 else buf[i] ^ (1 << rng.randrange(8))
    return bytes(buf)


def _truncate(rng: random.Random, data: bytes, kind: str, others: list[bytes]) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def _splice(rng: random.Random, data: bytes, kind: str, others: list[bytes]) -> bytes:
    other = rng.choice(others)
    return data[: rng.randrange(len(data) + 1)] + other[rng.randrange(len(other) + 1) :]


def _repeat(rng: random.Random, data: bytes, kind: str, others: list[bytes]) -> bytes:
    if not data:
        return data
    start = rng.randrange(len(data))
    chunk = data[start : start + rng.randint(1, 2048)]
    times = rng.choice((2, 10, 100, 1000, 20_000))
    times = max(2, min(times, MAX_SIZE // max(1, len(chunk))))
    return data[:start] + chunk * times + data[start:]


def _delete(rng: random.Random, data: bytes, kind: str, others: list[bytes]) -> bytes:
    if not data:
        return data
    start = rng.randrange(len(data))
    return data[:start] + data[start + rng.randint(1, 4096) :]


def _token(rng: random.Random, data: bytes, kind: str, others: list[bytes]) -> bytes:
    buf = data
    for _ in range(rng.randint(1, 8)):
        at = rng.randrange(len(buf) + 1)
        buf = buf[:at] + rng.choice(TOKENS[kind]) + buf[at:]
    return buf


def _nest(rng: random.Random, data: bytes, kind: str, others: list[bytes]) -> bytes:
    opener = rng.choice(NESTING[kind])
    depth = rng.choice((100, 1000, 10_000, 60_000))
    at = rng.randrange(len(data) + 1)
    return data[:at] + opener * depth + data[at:]


def _json_values(rng: random.Random, data: bytes, kind: str, others: list[bytes]) -> bytes:
    """Replace decoded values with values of other types (the byte mutators rarely keep JSON)."""
    try:
        value = json.loads(data)
    except ValueError:
        return _flip(rng, data, kind, others)
    wild: list[Any] = [
        None,
        0,
        -1,
        10**30,
        1.5,
        True,
        "",
        "x" * 70_000,
        [],
        {},
        [None],
        {"": 1},
        "\u0000",
        "\ud800",
        "../../etc/passwd",
        "/",
        "doi:",
        "pmid:0",
        "p. 99999999",
        "https://127.0.0.1/",
        {"pages": "x"},
        [[[]]],
        "\u202e",
    ]
    slots: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key in list(node):
                slots.append((node, key))
                walk(node[key])
        elif isinstance(node, list):
            for i in range(len(node)):
                slots.append((node, i))
                walk(node[i])

    walk(value)
    for _ in range(rng.randint(1, 4)):
        if not slots:
            value = rng.choice(wild)
            break
        parent, key = rng.choice(slots)
        parent[key] = rng.choice(wild)
    return json.dumps(value).encode()


def _xml_tree(rng: random.Random, data: bytes, kind: str, others: list[bytes]) -> bytes:
    """Mutate the element tree (PubMed XML must stay well-formed to get past the parser)."""
    from lxml import etree

    try:
        root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError:
        return _flip(rng, data, kind, others)
    elements = list(root.iter())
    for _ in range(rng.randint(1, 5)):
        el = rng.choice(elements)
        action = rng.randrange(5)
        if action == 0:
            el.text = rng.choice(["", " ", "x" * 50_000, "\u00ad\u200b", "-0.42", None])
        elif action == 1 and el.getparent() is not None:
            el.getparent().remove(el)
            elements = list(root.iter())
        elif action == 2 and el.getparent() is not None:
            for _copy in range(rng.choice((2, 50, 2000))):
                el.addnext(copy.deepcopy(el))
            elements = list(root.iter())
        elif action == 3:
            el.tag = rng.choice([e.tag for e in elements if isinstance(e.tag, str)])
        else:
            el.set("Label", rng.choice(["", "BACKGROUND", "x" * 1000]))
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")[:MAX_SIZE]


MUTATORS: tuple[Callable[[random.Random, bytes, str, list[bytes]], bytes], ...] = (
    _flip,
    _truncate,
    _splice,
    _repeat,
    _delete,
    _token,
    _nest,
)


def _mutate_bytes(
    rng: random.Random, data: bytes, kind: str, others: list[bytes], max_size: int = MAX_SIZE
) -> bytes:
    # Byte mutations of JSON and XML mostly end at the parser; most such inputs change values
    # or elements instead, so that the code after the parser is fuzzed too.
    structured = {"batch": _json_values, "csl": _json_values, "pubmed": _xml_tree}.get(kind)
    keep_shape = structured is not None and rng.random() < 0.6
    for _ in range(rng.choice((1, 1, 2, 3))):
        mutator = structured if keep_shape and structured else rng.choice(MUTATORS)
        data = mutator(rng, data, kind, others)[:max_size]
    return data


def _mutate_docx(rng: random.Random, data: bytes, others: list[bytes], max_size: int) -> bytes:
    """Half the time mutate one part inside the ZIP (so the XML parsers see it), else the ZIP."""
    if rng.random() < 0.3:
        return _mutate_bytes(rng, data, "docx", others, max_size)
    with zipfile.ZipFile(io.BytesIO(data)) as zin:
        parts = {name: zin.read(name) for name in zin.namelist()}
    xml_parts = [n for n in parts if n.endswith((".xml", ".rels"))]
    name = rng.choice([n for n in xml_parts if "document" in n or "footnotes" in n] + xml_parts)
    parts[name] = _mutate_bytes(rng, parts[name], "docx", [parts[name]], max_size)
    if rng.random() < 0.1:
        del parts[rng.choice(list(parts))]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for part, content in parts.items():
            zout.writestr(part, content)
    return out.getvalue()


def make_input(
    seeds: dict[str, list[bytes]], seed: int, index: int, max_size: int = MAX_SIZE
) -> tuple[str, bytes]:
    """Input ``index``: a kind (in turn) and one mutated seed of it, at most ``max_size`` bytes
    (seeds larger than that are left out while smaller ones exist)."""
    kinds = sorted(seeds)
    kind = kinds[index % len(kinds)]
    rng = random.Random(f"{seed}:{index}")
    pool = [s for s in seeds[kind] if len(s) <= max_size] or [min(seeds[kind], key=len)]
    data = rng.choice(pool)
    if kind == "docx":
        return kind, _mutate_docx(rng, data, pool, max_size)
    return kind, _mutate_bytes(rng, data, kind, pool, max_size)


# -- running one input ---------------------------------------------------------------------------

BIB_PAPER = """# A paper

"each entry was signed by the clerk on duty" [@marsh2021, p. 102] and "a large corpus of
scientific papers" [@lo2020, p. 4969], "words that nobody can check" [@lost1900; @nist].
As @council1999 put it, "the committee's report called the plan" [-@bierce1911, chap. 3].
"""


@dataclass
class Outcome:
    """How one input ended: ``verdict``, ``error`` (typed) or a finding."""

    kind: str
    outcome: str  # verdict | error | untyped | internal_error | crash | hang
    detail: str
    signature: str = ""
    seconds: float = 0.0


def _signature(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "quote_tui" in f.filename] or frames
    where = f"{Path(ours[-1].filename).name}:{ours[-1].lineno}" if ours else "?"
    return f"{type(exc).__name__} at {where}"


def _run_source(kind: str, data: bytes, case: Path) -> str:
    from quote_tui.engine.check import check
    from quote_tui.sources.readers import ocr_budget
    from quote_tui.sources.readers.local import read_path

    path = case / SOURCE_NAMES[kind]
    path.write_bytes(data)
    # a PDF whose text the fuzzer broke is read as a scan: OCR's time is its budget's, which
    # grows with the pages and has tests of its own; here it stops early, as a caller's
    # deadline stops it, so a slow OCR on a loaded machine is not taken for a reader's hang.
    # A deadline grows with a scan's pages (ocr_budget.grown): not in the fuzzer's workers.
    ocr_budget.PER_PAGE = 0.0
    loaded = read_path(path, deadline=time.monotonic() + OCR_SECONDS)
    text = loaded.prepared.text
    words = text[len(text) // 2 : len(text) // 2 + 120].split()[1:9] or text.split()[:8]
    return str(check(loaded.prepared, " ".join(words) or "the").status)


def _run_manuscript(kind: str, data: bytes, case: Path) -> str:
    sys.path.insert(0, str(ROOT))
    from quote_tui.manuscripts import scan
    from tests.manuscripts import test_latex

    if kind == "docx":
        target, bibs = case / "paper.docx", []
        target.write_bytes(data)
    elif kind == "tex":
        target = case / "main.tex"
        target.write_bytes(data)
        (case / "chapter.tex").write_text(test_latex.CHAPTER, encoding="utf-8")
        bib = case / "refs.bib"
        bib.write_text(test_latex.BIB, encoding="utf-8")
        bibs = [bib]
    else:
        target = case / "paper.md"
        target.write_text(BIB_PAPER, encoding="utf-8")
        bib = case / ("refs.json" if kind == "csl" else "refs.bib")
        bib.write_bytes(data)
        bibs = [bib]
    result = scan(target, bib=bibs)
    batch = result.to_batch_dict(case / "batch.json")
    json.dumps(batch)
    return f"{len(result.citations)} citations"


def _run_batch(data: bytes, case: Path) -> tuple[str, list[str]]:
    from quote_tui.batch.batchfile import load_batch
    from quote_tui.batch.pipeline import check_batch
    from quote_tui.batch.report import dumps
    from quote_tui.batch.specs import Settings
    from quote_tui.sources.net.settings import RemoteSettings

    (case / "notes.txt").write_text("In that year the ledger recorded 241 tides.", "utf-8")
    (case / "page.html").write_text("<html><body><p>The page says so.</p></body></html>", "utf-8")
    path = case / "batch.json"
    path.write_bytes(data)
    batch = load_batch(path)
    settings = Settings(
        root=case, remote=RemoteSettings(offline=True, store_path=case / "store.sqlite3")
    )

    report = asyncio.run(check_batch(batch, settings))
    dumps(report)
    internal = [
        entry["error"]["message"]
        for entry in (*report["sources"], *report["citations"])
        if entry.get("error") and entry["error"].get("code") == "internal_error"
    ]
    summary = ",".join(f"{k}={v}" for k, v in report["summary"].items() if v and k != "citations")
    return summary, internal


def run_one(kind: str, data: bytes, case: Path) -> Outcome:
    """Feed one input to its entry point and classify the end."""
    from quote_tui.engine.errors import ErrorCode, QuoteTuiError

    known = {str(c) for c in ErrorCode}
    start = time.perf_counter()
    try:
        if kind in SOURCE_NAMES:
            out = Outcome(kind, "verdict", _run_source(kind, data, case))
        elif kind == "batch":
            summary, internal = _run_batch(data, case)
            out = (
                Outcome(kind, "internal_error", internal[0], f"internal_error: {internal[0][:80]}")
                if internal
                else Outcome(kind, "verdict", summary)
            )
        else:
            out = Outcome(kind, "verdict", _run_manuscript(kind, data, case))
    except QuoteTuiError as exc:
        if exc.code in known and exc.code != ErrorCode.INTERNAL_ERROR:
            out = Outcome(kind, "error", exc.code)
        else:
            out = Outcome(kind, "untyped", repr(exc), f"code {exc.code!r}: {exc.message[:60]}")
    except Exception as exc:  # the very thing being hunted
        out = Outcome(kind, "untyped", traceback.format_exc(), _signature(exc))
    out.seconds = time.perf_counter() - start
    return out


def _worker(conn: Connection, work: str, memory_limit: int) -> None:
    import resource

    if memory_limit:
        resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
    sys.path.insert(0, str(ROOT))
    base = Path(work)
    while True:
        job = conn.recv()
        if job is None:
            return
        index, kind, data = job
        case = base / f"case-{index}"
        case.mkdir(parents=True)
        try:
            conn.send(run_one(kind, data, case))
        finally:
            shutil.rmtree(case, ignore_errors=True)


# -- the pool ------------------------------------------------------------------------------------


@dataclass
class Summary:
    """Counts per kind and outcome, and the findings (index, kind, outcome, signature)."""

    counts: Counter[tuple[str, str]] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    findings: list[tuple[int, str, str, str]] = field(default_factory=list)
    seconds: float = 0.0
    slowest: tuple[float, int, str] = (0.0, -1, "")
    busy: Counter[str] = field(default_factory=Counter)  # seconds spent per kind

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def unique_findings(self) -> dict[str, tuple[int, str, int]]:
        """signature -> (first index, kind, how many)."""
        out: dict[str, tuple[int, str, int]] = {}
        for index, kind, outcome, sig in self.findings:
            key = f"{outcome}: {sig}"
            first = out.get(key)
            out[key] = (first[0], first[1], first[2] + 1) if first else (index, kind, 1)
        return out


class _Slot:
    def __init__(self, ctx: Any, work: Path, memory_limit: int) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker, args=(child, str(work), memory_limit), daemon=True)
        self.proc.start()
        child.close()
        self.job: tuple[int, str] | None = None
        self.started = 0.0
        self.cpu_started: float | None = None

    def begin(self, job: tuple[int, str]) -> None:
        self.job, self.started = job, time.monotonic()
        self.cpu_started = _cpu_seconds(self.proc.pid)

    def late(self, timeout: float) -> bool:
        """Past the time an input may take: its processor time, else wall time, over ``timeout``;
        in any case four times ``timeout`` of wall time (a worker blocked without computing)."""
        wall = time.monotonic() - self.started
        if wall > 4 * timeout:
            return True
        now = _cpu_seconds(self.proc.pid)
        if self.cpu_started is None or now is None:
            return wall > timeout
        return now - self.cpu_started > timeout

    def stop(self) -> None:
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join(5)
        self.conn.close()


def _cpu_seconds(pid: int | None) -> float | None:
    """Processor time a process has used so far (user and system), where ``/proc`` tells it."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def run(
    count: int,
    *,
    seed: int = 1,
    jobs: int = 2,
    timeout: float = 30.0,
    kinds: tuple[str, ...] | None = None,
    findings_dir: Path | None = None,
    memory_limit: int = 4 << 30,
    max_size: int = MAX_SIZE,
    progress: Callable[[Summary], None] | None = None,
) -> Summary:
    """Run ``count`` mutated inputs in ``jobs`` worker processes.

    Args:
        count: how many inputs.
        seed: the run's seed (input ``i`` depends only on it and ``i``).
        jobs: worker processes.
        timeout: seconds one input may take before it counts as a hang.
        kinds: which kinds of input (default: all whose seeds are available).
        findings_dir: where inputs that gave a finding are written (none when None).
        memory_limit: address-space limit of each worker in bytes (0: none).
        max_size: the largest input (and seed) in bytes; the test suite's slice keeps it small.
        progress: called after each input.

    Returns:
        The summary.
    """
    if kinds is None:
        kinds = (*CORPUS_KINDS, *GENERATED_KINDS) if CORPUS.is_dir() else GENERATED_KINDS
    summary = Summary()
    start = time.perf_counter()
    ctx = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="fuzz-") as tmp:
        work = Path(tmp)
        seeds = build_seeds(kinds, work, max_size)
        slots = [_Slot(ctx, work, memory_limit) for _ in range(max(1, jobs))]
        pending = iter(range(count))
        inputs: dict[int, tuple[str, bytes]] = {}

        def finding(index: int, outcome: str, signature: str) -> None:
            kind, data = inputs[index]
            summary.findings.append((index, kind, outcome, signature))
            if findings_dir is not None:
                findings_dir.mkdir(parents=True, exist_ok=True)
                (findings_dir / f"{index:06d}-{kind}-{outcome}.bin").write_bytes(data)

        def feed(slot: _Slot) -> bool:
            index = next(pending, None)
            if index is None:
                return False
            kind, data = make_input(seeds, seed, index, max_size)
            inputs[index] = (kind, data)
            slot.begin((index, kind))
            slot.conn.send((index, kind, data))
            return True

        try:
            busy = [s for s in slots if feed(s)]
            while busy:
                # a worker's processor time is looked at again every few seconds (it runs slower
                # than the clock on a loaded machine)
                ready = wait([s.conn for s in busy], timeout=min(timeout, 2.0))
                for slot in list(busy):
                    assert slot.job is not None
                    index, kind = slot.job
                    late = slot.late(timeout)
                    if slot.conn in ready:
                        try:
                            out: Outcome = slot.conn.recv()
                        except (EOFError, OSError):
                            slot.proc.join(5)
                            code = slot.proc.exitcode
                            out = Outcome(kind, "crash", f"exit {code}", f"worker exit {code}")
                    elif late:
                        out = Outcome(kind, "hang", f"over {timeout:g} s", f"hang > {timeout:g} s")
                    else:
                        continue
                    summary.counts[(kind, out.outcome)] += 1
                    if out.outcome == "error":
                        summary.errors[f"{kind}:{out.detail}"] += 1
                    summary.busy[kind] += out.seconds
                    if out.seconds > summary.slowest[0]:
                        summary.slowest = (out.seconds, index, kind)
                    if out.outcome not in ("verdict", "error"):
                        finding(index, out.outcome, out.signature)
                        if out.outcome == "untyped":
                            print(f"\n--- input {index} ({kind})\n{out.detail}", file=sys.stderr)
                    inputs.pop(index, None)
                    if out.outcome in ("crash", "hang"):
                        slot.stop()
                        slots[slots.index(slot)] = fresh = _Slot(ctx, work, memory_limit)
                        busy.remove(slot)
                        slot = fresh
                    if progress is not None:
                        progress(summary)
                    if not feed(slot):
                        if slot in busy:
                            busy.remove(slot)
                    elif slot not in busy:
                        busy.append(slot)
        finally:
            for slot in slots:
                if slot.proc.is_alive():
                    with contextlib.suppress(OSError):
                        slot.conn.send(None)
                slot.stop()
    summary.seconds = time.perf_counter() - start
    return summary


def report(summary: Summary) -> str:
    """The summary as the lines the script prints."""
    lines = [f"{summary.total} inputs in {summary.seconds:.0f} s"]
    kinds = sorted({k for k, _ in summary.counts})
    outcomes = ("verdict", "error", "untyped", "internal_error", "crash", "hang")
    lines.append(f"{'kind':8} " + " ".join(f"{o:>14}" for o in outcomes) + "   mean s")
    for kind in kinds:
        row = " ".join(f"{summary.counts[(kind, o)]:>14}" for o in outcomes)
        n = sum(summary.counts[(kind, o)] for o in outcomes)
        lines.append(f"{kind:8} {row} {summary.busy[kind] / max(1, n):8.3f}")
    lines.append(f"findings: {len(summary.findings)}")
    for sig, (index, kind, n) in sorted(summary.unique_findings().items()):
        lines.append(f"  {n:>5} x {sig}  (first: --only {index}, {kind})")
    lines.append("typed errors: " + ", ".join(f"{k} {v}" for k, v in summary.errors.most_common()))
    seconds, index, kind = summary.slowest
    lines.append(f"slowest input: {seconds:.2f} s (--only {index}, {kind})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per input")
    parser.add_argument("--kinds", help="comma-separated kinds (default: all)")
    parser.add_argument("--findings", type=Path, help="folder to keep inputs that gave findings")
    parser.add_argument("--only", type=int, help="replay one input in this process")
    args = parser.parse_args(argv)
    kinds = tuple(args.kinds.split(",")) if args.kinds else None
    if args.only is not None:
        sys.path.insert(0, str(ROOT))
        chosen = kinds or (
            (*CORPUS_KINDS, *GENERATED_KINDS) if CORPUS.is_dir() else GENERATED_KINDS
        )
        with tempfile.TemporaryDirectory(prefix="fuzz-") as tmp:
            kind, data = make_input(build_seeds(chosen, Path(tmp)), args.seed, args.only)
            case = Path(tmp) / "case"
            case.mkdir()
            out = run_one(kind, data, case)
        print(f"input {args.only}: {kind}, {len(data)} bytes -> {out.outcome}: {out.detail}")
        return 0 if out.outcome in ("verdict", "error") else 1

    last = [time.monotonic()]

    def tick(summary: Summary) -> None:
        if time.monotonic() - last[0] > 10:
            last[0] = time.monotonic()
            print(f"{summary.total}/{args.count}, {len(summary.findings)} findings", flush=True)

    summary = run(
        args.count,
        seed=args.seed,
        jobs=args.jobs,
        timeout=args.timeout,
        kinds=kinds,
        findings_dir=args.findings,
        progress=tick,
    )
    print(report(summary))
    return 1 if summary.findings else 0


if __name__ == "__main__":
    sys.exit(main())

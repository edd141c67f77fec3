"""Speed of the engine and the PDF reader, each figure beside its plain baseline from the same run.

Run: python benchmarks/run.py [--size-mb 5] [--repeat 5] [--cpu]

Times are medians of wall time, or with ``--cpu`` the least CPU time of the repeats (what
docs/performance.md reports: a shared machine's load lengthens wall time, not CPU time). A long
text remembers where the quotations it was searched for stand (``engine.folded_view``), so a
repeated check is cheaper than a first one; the normalized and absent rows time both.

Prints figures only; nothing here passes or fails (wall clocks on shared machines vary).
"""

from __future__ import annotations

import argparse
import difflib
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import edlib

from quote_tui.engine import folded_view
from quote_tui.engine.check import check, warm
from quote_tui.engine.records import MatchOptions
from quote_tui.engine.text import PreparedText

WORDS = (
    "the",
    "of",
    "and",
    "to",
    "in",
    "a",
    "is",
    "that",
    "for",
    "it",
    "as",
    "was",
    "with",
    "be",
    "by",
    "on",
    "not",
    "he",
    "this",
    "are",
    "or",
    "his",
    "from",
    "at",
    "which",
    "but",
    "have",
    "an",
    "they",
    "you",
    "were",
    "her",
    "she",
    "there",
    "been",
    "one",
    "all",
    "we",
    "their",
    "has",
    "would",
    "when",
    "if",
    "so",
    "no",
    "will",
    "more",
    "can",
    "about",
    "said",
    "what",
    "out",
    "up",
    "them",
    "into",
    "some",
    "could",
    "time",
    "other",
    "than",
    "then",
    "only",
    "its",
    "two",
    "may",
    "first",
    "new",
    "these",
    "any",
    "people",
    "very",
    "over",
    "such",
    "after",
    "most",
    "also",
    "made",
    "many",
    "did",
    "before",
    "must",
    "through",
    "years",
    "where",
    "much",
    "your",
    "way",
    "well",
    "down",
    "should",
    "because",
    "each",
    "just",
    "those",
    "how",
    "too",
    "little",
    "state",
    "good",
    "very",
    "make",
    "world",
    "still",
    "own",
    "see",
    "men",
    "work",
    "long",
    "get",
    "here",
    "between",
    "both",
    "life",
    "being",
    "under",
    "never",
    "day",
    "same",
    "another",
    "know",
    "while",
    "last",
    "might",
    "us",
    "great",
    "old",
    "year",
    "off",
    "come",
    "since",
    "against",
    "go",
    "came",
    "right",
    "used",
    "take",
    "three",
    "analysis",
    "sample",
    "measured",
    "protein",
    "cell",
    "significant",
    "results",
    "observed",
    "patients",
    "treatment",
    "effect",
    "increase",
    "reduced",
    "higher",
    "lower",
    "group",
    "control",
    "study",
    "data",
    "model",
    "method",
)

QUIET = MatchOptions()


def synthetic_text(size: int, rng: random.Random) -> str:
    """English-like prose: sentences from a fixed vocabulary, one paragraph per line."""
    parts: list[str] = []
    total = 0
    while total < size:
        sentences = []
        for _ in range(rng.randint(3, 8)):
            words = [rng.choice(WORDS) for _ in range(rng.randint(8, 24))]
            if rng.random() < 0.1:
                words.insert(
                    rng.randint(0, len(words)), f"{rng.randint(1, 999)}.{rng.randint(0, 9)}%"
                )
            sentence = " ".join(words)
            sentences.append(sentence[0].upper() + sentence[1:] + ".")
        para = " ".join(sentences)
        parts.append(para)
        total += len(para) + 1
    return "\n".join(parts)[:size]


def zipf_text(size: int, rng: random.Random) -> str:
    """Prose whose word frequencies fall off as in natural language (many rare words)."""
    letters = "etaoinshrdlucmfwypvbgkqjxz"
    lexicon = [
        "".join(rng.choice(letters[: 8 + i % 18]) for _ in range(2 + i % 9)) for i in range(50_000)
    ]
    weights = [1.0 / (rank + 1) for rank in range(len(lexicon))]
    words = rng.choices(lexicon, weights, k=size // 5)
    return " ".join(words)[:size]


def absent_quote(text: str, length: int, rng: random.Random) -> str:
    """Sentences in the text's own vocabulary that occur nowhere in it."""
    while True:
        candidate = synthetic_text(length + 200, rng)
        candidate = candidate[: candidate.index(" ", length) if " " in candidate[length:] else None]
        if candidate not in text:
            return candidate.strip()


CPU_TIME = False
"""``--cpu``: time by the least CPU time of the repeats instead of the median wall time."""


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Median wall time (or least CPU time, ``CPU_TIME``) of ``repeat`` calls, in seconds."""
    clock = time.process_time if CPU_TIME else time.perf_counter
    times = []
    for _ in range(repeat):
        t0 = clock()
        fn()
        times.append(clock() - t0)
    return min(times) if CPU_TIME else statistics.median(times)


def first_check(prepared: PreparedText, quote: str) -> object:
    """A check as if the quotation were new to the text: its remembered places forgotten."""
    prepared.cache.pop(folded_view.FIRSTS_KEY, None)
    return check(prepared, quote, options=QUIET)


def mutate(text: str, rng: random.Random, changes: int) -> str:
    words = text.split(" ")
    for _ in range(changes):
        i = rng.randrange(1, len(words) - 1)
        words[i] = rng.choice(["qwerty", "zebra", "flux", "never", "42"])
    return " ".join(words)


def at_word(text: str, pos: int) -> int:
    return text.index(" ", pos) + 1


def row(label: str, ours: float, base: float | None, base_label: str = "") -> None:
    ms = ours * 1000
    if base is None:
        print(f"  {label:<46} {ms:10.2f} ms")
    else:
        ratio = ours / base if base else float("inf")
        print(
            f"  {label:<46} {ms:10.2f} ms   {base_label:<26} "
            f"{base * 1000:10.2f} ms  ({ratio:5.2f}x)"
        )


def bench_engine(size: int, repeat: int) -> None:
    rng = random.Random(20261202)
    text = synthetic_text(size, rng)
    how = "least CPU time" if CPU_TIME else "median wall time"
    print(f"Engine on {len(text):,} characters of synthetic prose ({how} of {repeat})")

    def prepare() -> PreparedText:
        prepared = PreparedText(text)
        warm(prepared)
        return prepared

    t_prep = timed(prepare, max(1, repeat // 2))
    prepared = prepare()
    row("prepare (normalization and indexes)", t_prep, None)
    if "near.pairs" in prepared.cache:
        print("    (includes the word-pair index this small-lexicon text needs)")
        rich = zipf_text(size, random.Random(5))
        row(
            "prepare, same size with a natural vocabulary",
            timed(lambda: warm(PreparedText(rich)), 1),
            None,
        )

    pos = at_word(text, int(len(text) * 0.6))
    exact_q = text[pos : at_word(text, pos + 200) - 1]
    # the same words in another layout: line breaks and a double space
    norm_q = exact_q.replace(" ", "\n", 3)
    cut = norm_q.index(" ", 40)
    norm_q = norm_q[:cut] + "  " + norm_q[cut:]
    row(
        "exact 200 (check)",
        timed(lambda: check(prepared, exact_q, options=QUIET), repeat),
        timed(lambda: text.find(exact_q), repeat),
        "baseline str.find",
    )
    row(
        "exact 200 (first check)",
        timed(lambda: first_check(prepared, exact_q), repeat),
        timed(lambda: text.find(exact_q), repeat),
        "baseline str.find",
    )
    assert check(prepared, exact_q).status == "exact"
    # a normalized variant: whitespace/newlines; the baseline cannot find it at all
    row(
        "normalized 200 (check)",
        timed(lambda: check(prepared, norm_q, options=QUIET), repeat),
        timed(lambda: text.find(norm_q), repeat),
        "baseline str.find",
    )
    row(
        "normalized 200 (first check)",
        timed(lambda: first_check(prepared, norm_q), repeat),
        timed(lambda: text.find(norm_q), repeat),
        "baseline str.find",
    )
    status = check(prepared, norm_q).status
    print(f"    (verdict {status})")

    for length, changes in ((200, 2), (2000, 4)):
        q = mutate(text[pos : at_word(text, pos + length) - 1], rng, changes)

        def raw_edlib(q: str = q) -> object:
            return edlib.align(q, text, mode="HW", task="locations")

        row(
            f"near {length} ({changes} words changed)",
            timed(lambda q=q: check(prepared, q, options=QUIET), repeat),
            timed(raw_edlib, max(1, repeat // 2)),
            "baseline raw edlib HW",
        )
        result = check(prepared, q)
        print(f"    (verdict {result.status}, similarity {result.best_similarity:.3f})")

    # an absent quotation in the text's own words: fresh sentences that occur nowhere in it
    absent = absent_quote(text, 200, rng)
    absent_base = timed(
        lambda: edlib.align(absent, text, mode="HW", task="locations"), max(1, repeat // 2)
    )
    row(
        "absent 200",
        timed(lambda: check(prepared, absent, options=QUIET), repeat),
        absent_base,
        "baseline raw edlib HW",
    )
    row(
        "absent 200 (first check)",
        timed(lambda: first_check(prepared, absent), repeat),
        absent_base,
        "baseline raw edlib HW",
    )
    print(f"    (verdict {check(prepared, absent).status})")

    q200 = mutate(text[pos : at_word(text, pos + 200) - 1], rng, 2)
    t0 = time.perf_counter()
    sm = difflib.SequenceMatcher(None, text, q200, autojunk=False)
    sm.find_longest_match(0, len(text), 0, len(q200))
    row("(for scale) difflib SequenceMatcher, near 200", time.perf_counter() - t0, None)

    quotes = []
    kinds = ["exact", "normalized", "near", "absent"]
    for i in range(100):
        kind = kinds[i % 4]
        length = rng.choice([50, 100, 200, 500, 1000, 2000])
        start = at_word(text, rng.randrange(0, len(text) - 3000))
        q = text[start : at_word(text, start + length) - 1]
        if kind == "normalized":
            q = q.replace(" ", "\n", 2)
        elif kind == "near":
            q = mutate(q, rng, 2)
        elif kind == "absent":
            q = absent_quote(text, length, rng)
        quotes.append(q)
    t0 = time.perf_counter()
    for q in quotes:
        check(prepared, q, options=QUIET)
    mixed = time.perf_counter() - t0
    t0 = time.perf_counter()
    for q in quotes:
        text.find(q)
    row("100 mixed quotations, in all", mixed, time.perf_counter() - t0, "baseline 100x str.find")


def timed_pair(
    fn: Callable[[], object], base: Callable[[], object], repeat: int
) -> tuple[float, float]:
    """``timed`` of two functions run in turn, so that a load that comes and goes on a shared
    machine weighs on both alike."""
    clock = time.process_time if CPU_TIME else time.perf_counter
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(repeat):
        for run, times in ((fn, ours), (base, theirs)):
            t0 = clock()
            run()
            times.append(clock() - t0)
    pick = min if CPU_TIME else statistics.median
    return pick(ours), pick(theirs)


PDF_NAMES = ("austen-pride-prejudice-pg1342.pdf", "nist-sp800-223.pdf", "s2orc-acl2020.pdf")
"""A 234-page novel (one column, one span a line), a report, a two-column paper (many spans)."""


def _generated_pdf(folder: Path) -> Path:
    import pymupdf

    path = folder / "generated.pdf"
    doc = pymupdf.open()
    rng = random.Random(7)
    for _ in range(240):
        page = doc.new_page()
        body = synthetic_text(3000, rng)
        page.insert_textbox(pymupdf.Rect(50, 50, 550, 800), body, fontsize=9)
    doc.save(path)
    return path


def bench_pdf(corpus: Path | None, repeat: int) -> None:
    import pymupdf

    # the reader's text-page flags but the CID one (no cost either way): no image blocks
    dict_flags = (
        pymupdf.TEXT_PRESERVE_LIGATURES
        | pymupdf.TEXT_PRESERVE_WHITESPACE
        | pymupdf.TEXT_MEDIABOX_CLIP
    )

    from quote_tui.sources.readers.pdf import extract_pdf

    with tempfile.TemporaryDirectory() as tmp:
        paths = [corpus / "pdf" / name for name in PDF_NAMES] if corpus else []
        paths = [path for path in paths if path.exists()] or [_generated_pdf(Path(tmp))]
        for path in paths:
            data = path.read_bytes()
            with pymupdf.open(stream=data) as doc:
                pages = doc.page_count

            def baseline(data: bytes = data) -> None:
                with pymupdf.open(stream=data) as doc:
                    for page in doc:
                        page.get_text()

            def dict_only(data: bytes = data) -> None:
                with pymupdf.open(stream=data) as doc:
                    for page in doc:
                        page.get_text("dict", flags=dict_flags)

            print(f"PDF extraction: {path.name}, {pages} pages")
            ours, base = timed_pair(lambda data=data: extract_pdf(data), baseline, repeat)
            row("extract_pdf (text, pages, boxes)", ours, base, "baseline page.get_text()")
            # the reader needs each span's size and flags: MuPDF's dict alone is its floor
            floor, base = timed_pair(dict_only, baseline, repeat)
            row("page.get_text('dict') alone", floor, base, "baseline page.get_text()")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size-mb", type=float, default=5.0)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cpu", action="store_true", help="least CPU time, not median wall time")
    parser.add_argument("--pdf-only", action="store_true", help="only the PDF reader's figures")
    args = parser.parse_args()
    global CPU_TIME
    CPU_TIME = args.cpu
    corpus = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
    if not args.pdf_only:
        bench_engine(int(args.size_mb * 1_000_000), args.repeat)
    bench_pdf(corpus if corpus.is_dir() else None, max(1, args.repeat // 2))


if __name__ == "__main__":
    main()

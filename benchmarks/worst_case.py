"""Worst cases: repetitive and small-alphabet texts, hostile quotations, and large sources.

Run: python benchmarks/worst_case.py [--size-mb 5] [--large-mb 40] [--edlib-cap 20]

For each adversarial text (one word repeated, one phrase repeated, one character repeated, random
DNA, a table of numbers) and each kind of quotation (present, near miss and absent; short, one
repeated word, 20,000 characters, all digits, all punctuation) it prints the time of one
``check`` beside the plain baseline measured in the same run: one ``edlib.align(mode="HW",
task="locations")`` of the quotation over the whole text. Where edlib itself is hopeless (a
location per repeat, each aligned back to its start) the baseline runs in a child process that
is stopped at ``--edlib-cap`` seconds and printed as ``>cap``.

Memory per source: the checked text plus every index a check builds (the line index, the folded
view, the near tier's seeding index and word-pair index), measured with tracemalloc, as a multiple
of the text's size in UTF-8 bytes. The large text (``--large-mb``) is prepared, measured and
checked once.

Prints figures only; nothing here passes or fails (wall clocks on shared machines vary).
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import random
import sys
import time
import tracemalloc
from collections.abc import Callable

import edlib

from quote_tui.engine.check import check, warm
from quote_tui.engine.records import MatchOptions
from quote_tui.engine.text import PreparedText

OPTIONS = MatchOptions()
LONG = 20_000
VOCABULARY = [
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
]


def _repeat_to(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def texts(size: int, rng: random.Random) -> dict[str, str]:
    """The adversarial texts, each ``size`` characters long."""
    rows = []
    total = 0
    while total < size:
        row = "\t".join(f"{rng.randint(0, 9999)}.{rng.randint(0, 99):02d}" for _ in range(8))
        rows.append(row)
        total += len(row) + 1
    return {
        "one word": _repeat_to("lorem ", size),
        "one phrase": _repeat_to("the quick brown fox jumps over the lazy dog. ", size),
        "one character": "a" * size,
        "DNA": "".join(rng.choices("ACGT", k=size)),
        "number table": "\n".join(rows)[:size],
    }


def _slice(text: str, start: int, length: int) -> str:
    """About ``length`` characters of ``text`` from ``start``, moved to whole words if any."""
    a = text.find(" ", start)
    a = start if a < 0 or a > start + 100 else a + 1
    b = text.rfind(" ", a, a + length)
    b = a + length if b <= a + length // 2 else b
    return text[a:b].strip()


def _near_miss(quote: str, rng: random.Random) -> str:
    """A few characters changed, about one per 40."""
    chars = list(quote)
    for _ in range(max(1, len(chars) // 40)):
        i = rng.randrange(len(chars))
        chars[i] = "x" if chars[i] != "x" else "y"
    return "".join(chars)


def prose(size: int, rng: random.Random) -> str:
    """English-like prose from a small vocabulary, a paragraph per line, with a number now and
    then (the texts a large source usually holds)."""
    parts: list[str] = []
    total = 0
    while total < size:
        words = [rng.choice(VOCABULARY) for _ in range(rng.randint(60, 200))]
        words.insert(rng.randrange(len(words)), f"{rng.randint(1, 999)}.{rng.randint(0, 9)}%")
        paragraph = " ".join(words).capitalize() + ".\n"
        parts.append(paragraph)
        total += len(paragraph)
    return "".join(parts)[:size]


def quotations(text: str, rng: random.Random) -> dict[str, str]:
    """The kinds of quotation checked against each text."""
    middle = len(text) // 2
    short = _slice(text, middle, 200)
    long = _slice(text, middle // 2, LONG)[:LONG]
    words = text[middle : middle + 200].split()
    word = words[len(words) // 2] if len(words) > 1 else "lorem"
    absent_long = " ".join(rng.choice(VOCABULARY) for _ in range(LONG // 4))[:LONG].strip()
    return {
        "short present": short,
        "short near miss": _near_miss(short, rng),
        "short absent": "a sentence that stands nowhere in this text at all, zebra",
        "repeated word": " ".join([word] * 40),
        "20,000 present": long,
        "20,000 near miss": _near_miss(long, rng),
        "20,000 absent": absent_long,
        "all digits": "31415926535897932384626433832795028841971693993751",
        "all punctuation": "... !!! ??? ;;; --- ,,, ::: ((( ))) ''' \"\"\" ... !!! ???",
    }


def _timed(fn: Callable[[], object]) -> tuple[float, object]:
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def _edlib_child(quote: bytes, data: bytes, conn: multiprocessing.connection.Connection) -> None:
    t = time.perf_counter()
    edlib.align(quote, data, mode="HW", task="locations")
    conn.send(time.perf_counter() - t)


def edlib_baseline(quote: str, text: str, cap: float) -> str:
    """Seconds for one plain edlib search of the whole text, or ``>cap`` when it is hopeless."""
    q = quote.encode("utf-8")
    data = text.encode("utf-8")
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_edlib_child, args=(q, data, child))
    proc.start()
    if parent.poll(cap):
        seconds = parent.recv()
        proc.join()
        return f"{seconds:8.3f}"
    proc.kill()
    proc.join()
    return f"{'>' + format(cap, 'g'):>8}"


def memory(text: str) -> tuple[float, float, float]:
    """(seconds to prepare, retained bytes, peak bytes) for the text with every index built."""
    gc.collect()
    prepare_s, _ = _timed(lambda: warm(PreparedText(text)))
    tracemalloc.start()
    prepared = PreparedText(text)
    warm(prepared)
    retained, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del prepared
    return prepare_s, retained + sys.getsizeof(text), peak + sys.getsizeof(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=float, default=5)
    parser.add_argument("--large-mb", type=float, default=40, help="0 skips the large text")
    parser.add_argument("--edlib-cap", type=float, default=20, help="seconds; 0 skips edlib")
    parser.add_argument("--only", help="run only the texts whose name contains this")
    args = parser.parse_args()
    rng = random.Random(9)
    size = int(args.size_mb * 1_000_000)
    worst = 0.0
    print(f"texts of {size:,} characters; times in seconds per citation\n")
    for name, text in texts(size, rng).items():
        if args.only and args.only not in name:
            continue
        nbytes = len(text.encode("utf-8"))
        prepare_s, retained, peak = memory(text)
        print(
            f"== {name}: prepare {prepare_s:.2f} s; memory {retained / nbytes:.1f}x the text "
            f"(peak while building {peak / nbytes:.1f}x)"
        )
        prepared = PreparedText(text)
        warm(prepared)
        print(f"   {'quotation':<18} {'chars':>6} {'check':>8} {'edlib':>8}  verdict")
        for kind, quote in quotations(text, rng).items():
            seconds, result = _timed(lambda q=quote, p=prepared: check(p, q, options=OPTIONS))
            worst = max(worst, seconds)
            base = edlib_baseline(quote, text, args.edlib_cap) if args.edlib_cap else "       -"
            print(
                f"   {kind:<18} {len(quote):>6} {seconds:8.3f} {base}  "
                f"{result.status.value} ({result.match_count}, best {result.best_similarity:.2f})"
            )
        print()
    print(f"worst time per citation: {worst:.2f} s")
    if args.large_mb:
        large = int(args.large_mb * 1_000_000)
        text = prose(large, random.Random(1))
        nbytes = len(text.encode("utf-8"))
        prepare_s, retained, peak = memory(text)
        prepared = PreparedText(text)
        warm(prepared)
        quote = _slice(text, len(text) - 5000, 200)
        seconds, result = _timed(lambda: check(prepared, _near_miss(quote, rng), options=OPTIONS))
        print(
            f"\n== prose of {nbytes:,} bytes: prepare {prepare_s:.2f} s; memory "
            f"{retained / nbytes:.1f}x the text (peak {peak / nbytes:.1f}x); near miss at its end "
            f"{seconds:.3f} s ({result.status.value}, truncated={prepared.truncated})"
        )


if __name__ == "__main__":
    main()

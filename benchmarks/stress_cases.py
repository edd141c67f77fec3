"""Generated labelled quotation cases on every corpus document, scored like the unseen cases.

Each document is read through the real readers (``read_path``); from its checked text the script
draws spans on word boundaries and turns them into quotations the way citing authors type them:

- ``exact``: a span within one line, verbatim (or inside quotation marks).
- ``normalized``: the span with typography or layout changed (line breaks collapsed, hyphenated
  breaks joined, quotes straightened or curled, dashes, ligatures, soft hyphens, NFC/NFD, an
  ellipsis for a middle run of words, a ``[bracketed]`` replacement, ``[T]he``).
- ``near``: one word changed to another word of the document, a digit changed, ``not`` dropped or
  added, a negating prefix added or removed.
- ``not_found``: a span of another document that shares no run of words with this one.

Cases are deterministic (seeded per document). The score mirrors the shared scorer: verdict,
span (modulo typography) and page (PDFs: the page where the passage starts). Prints figures and
failing examples; asserts nothing.

Usage: python benchmarks/stress_cases.py [--per-doc 30] [--seed 1] [--show 40] [--kind pdf]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import re
import sys
import time
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from quote_tui.engine.check import check
from quote_tui.engine.errors import QuoteTuiError
from quote_tui.engine.records import FOUND_STATUSES, CheckResult
from quote_tui.engine.text import PreparedText
from quote_tui.sources.readers.local import read_path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
SCORER = ROOT.parent / "shared" / "tools" / "score_cases.py"

_KINDS = {".pdf": "pdf", ".html": "html", ".xml": "pubmed-xml", ".txt": "text", ".md": "markdown"}
_PASSWORDS = {"password-example.pdf": "test"}
_WORD = re.compile(r"^[(\[\"'“‘«»]*[^\W\d_][\w'’\-\u00ad]*[.,;:!?)\]\"'”’»]*$")
_SPACELESS = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\t]")
_LIG_SPACE = ("ﬁ ", "ﬂ ", "ﬃ ", "ﬄ ")
_EDGE_OPEN = "([\"'“‘«"
_EDGE_CLOSE = ",;:)]\"'”’»"
_AUX = ("is", "are", "was", "were", "will", "can", "should", "would", "could", "has", "have",
        "does", "did", "may", "must", "had")  # fmt: skip
_FLIPS = (("significant", "insignificant"), ("likely", "unlikely"), ("known", "unknown"),
          ("possible", "impossible"), ("necessary", "unnecessary"), ("common", "uncommon"),
          ("able", "unable"), ("important", "unimportant"), ("clear", "unclear"),
          ("usual", "unusual"), ("complete", "incomplete"), ("correct", "incorrect"),
          ("relevant", "irrelevant"), ("consistent", "inconsistent"),
          ("legal", "illegal"))  # fmt: skip
_BRACKET_WORDS = ("it", "they", "this", "the author", "these", "the study")


@dataclass(frozen=True, slots=True)
class Case:
    """One generated quotation and its label."""

    id: str
    doc: str
    kind: str
    family: str
    quote: str
    expect: str
    expect_text: str | None
    expect_page: int | None
    critical: bool = False


@dataclass(slots=True)
class Doc:
    """A corpus document as checked, with what generation needs from it."""

    name: str
    kind: str
    prepared: PreparedText
    spaceless: bool
    words: list[tuple[int, int]] = field(default_factory=list)
    vocabulary: list[str] = field(default_factory=list)
    trigrams: set[tuple[str, ...]] = field(default_factory=set)


def _keys(text: str) -> list[str]:
    folded = unicodedata.normalize("NFKC", text).lower().replace("\u00ad", "")
    return re.findall(r"\w+", folded)


def load_documents(corpus: Path) -> list[Doc]:
    """Every readable corpus document, read as the CLI reads it."""
    docs = []
    for path in sorted(corpus.rglob("*")):
        kind = _KINDS.get(path.suffix)
        if kind is None or path.name.endswith(".expected.html") or path.parent == corpus:
            continue
        try:
            loaded = read_path(path, password=_PASSWORDS.get(path.name))
        except QuoteTuiError:
            continue  # empty, scanned: the readers' own tests cover these
        text = loaded.prepared.text
        spaceless = len(_SPACELESS.findall(text[:100_000])) > 0.2 * min(len(text), 100_000)
        doc = Doc(path.name, kind, loaded.prepared, spaceless)
        doc.words = [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]
        counts = Counter(w for w in re.findall(r"(?<![\w-])[^\W\d_]{3,}(?![\w-])", text))
        doc.vocabulary = sorted(w for w, n in counts.items() if n >= 2 and w.islower())
        keys = _keys(text)
        doc.trigrams = set(zip(keys, keys[1:], keys[2:], strict=False))
        docs.append(doc)
    return docs


def _page(doc: Doc, raw: str, start: int) -> int | None:
    if not doc.prepared.paged:
        return None
    first = doc.prepared.text.find(raw)
    return doc.prepared.page_of(first if 0 <= first <= start else start)


def _prose(text: str, tokens: list[tuple[int, int]]) -> bool:
    words = [text[a:b] for a, b in tokens]
    good = sum(1 for w in words if _WORD.match(w) and len(w) <= 24)
    return good >= 0.85 * len(words) and not any(len(w) > 40 for w in words)


def _span(doc: Doc, rng: random.Random, lo: int, hi: int, *, one_line: bool) -> tuple[int, int]:
    """A random prose span of lo..hi words on word boundaries, trimmed of edge punctuation."""
    text = doc.prepared.text
    words = doc.words
    for _ in range(400):
        n = rng.randint(lo, hi)
        if len(words) <= n:
            break
        i = rng.randrange(0, len(words) - n)
        tokens = words[i : i + n]
        s, e = tokens[0][0], tokens[-1][1]
        while s < e and text[s] in _EDGE_OPEN:
            s += 1
        while e > s and text[e - 1] in _EDGE_CLOSE:
            e -= 1
        raw = text[s:e]
        if e - s < 20 or e - s > 700 or (one_line and "\n" in raw) or _CONTROL.search(raw):
            continue
        if raw[-1] in "-\u00ad" or re.search(r"[-\u00ad][ \t]*\n[ \t]*$", text[max(0, s - 4) : s]):
            continue  # a word hyphenated across the edge
        if (
            text[max(0, s - 2) : s].rstrip() in ("ﬁ", "ﬂ", "ﬃ", "ﬄ")
            or text[e - 1 : e + 1] in _LIG_SPACE
        ):
            continue  # a word split by the PDF's stray space after a ligature
        if not (raw[0].isalnum() and (raw[-1].isalnum() or raw[-1] in ".!?")):
            continue
        if _prose(text, tokens):
            return s, e
    return -1, -1


def _cjk_span(doc: Doc, rng: random.Random, lo: int, hi: int) -> tuple[int, int]:
    text = doc.prepared.text
    for _ in range(400):
        n = rng.randint(lo, hi)
        s = rng.randrange(0, max(1, len(text) - n))
        raw = text[s : s + n]
        if "\n" in raw or _CONTROL.search(raw) or len(_SPACELESS.findall(raw)) < 0.6 * n:
            continue
        if _SPACELESS.match(raw[0]) and _SPACELESS.match(raw[-1]):
            return s, s + n
    return -1, -1


# --- typographic transformations: each returns the changed quotation, or None if it changes nothing


def _join_lines(raw: str, rng: random.Random) -> str:
    keep = rng.random() < 0.3

    def hyphen(m: re.Match[str]) -> str:
        return m.group(1) + ("-" if keep and m.group(2) == "-" else "") + m.group(3)

    out = re.sub(r"([^\W\d_])([-\u00ad])[ \t]*\r?\n\s*([^\W\d_])", hyphen, raw)
    return re.sub(r"\s+", " ", out)


def _straighten(q: str) -> str:
    q = re.sub("[“”„]", '"', q)
    return re.sub("[‘’]", "'", q)


def _curl(q: str) -> str:
    q = re.sub(r"(?<=\w)'(?=\w)", "’", q)
    q = re.sub(r'"([^"]*)"', r"“\1”", q)
    return re.sub(r"'([^']*)'", r"‘\1’", q)


def _dashes(q: str, rng: random.Random) -> str:
    q = q.replace("—", rng.choice(("--", "-", " - ")))
    q = q.replace("–", "-")
    return re.sub(r"(?<=\d)-(?=\d)", "–", q)


def _ligatures(q: str) -> str:
    q = re.sub("(?<=\\w)([ﬁﬂﬃﬄ]) (?=[a-zäöüß])", r"\1", q)  # the PDF's stray space after a glyph
    for lig, plain in (("ﬁ", "fi"), ("ﬂ", "fl"), ("ﬀ", "ff"), ("ﬃ", "ffi"), ("ﬄ", "ffl")):
        q = q.replace(lig, plain)
    return q


def _nf(q: str) -> str:
    nfd = unicodedata.normalize("NFD", q)
    return nfd if nfd != q else unicodedata.normalize("NFC", q)


def _typography(q: str, rng: random.Random) -> str:
    q = _straighten(q) if rng.random() < 0.7 else _curl(q)
    q = _dashes(q, rng)
    q = _ligatures(q).replace("\u00ad", "")
    if rng.random() < 0.3 and not q.isascii():
        q = _nf(q)
    return q


def _words(q: str) -> list[str]:
    return q.split(" ")


def _ellipsis(q: str, rng: random.Random) -> str | None:
    w = _words(q)
    if len(w) < 10:
        return None
    n = rng.randint(3, min(15, len(w) - 6))
    i = rng.randint(3, len(w) - 3 - n)
    mark = rng.choice((" ... ", " … ", " [...] ", " . . . "))
    return " ".join(w[:i]) + mark + " ".join(w[i + n :])


def _bracket(q: str, rng: random.Random) -> str | None:
    w = _words(q)
    if len(w) < 8:
        return None
    n = rng.randint(1, 3)
    i = rng.randint(2, len(w) - 2 - n)
    if not all(_WORD.match(x) and x[-1].isalpha() and x[0].isalpha() for x in w[i : i + n]):
        return None
    return " ".join([*w[:i], f"[{rng.choice(_BRACKET_WORDS)}]", *w[i + n :]])


def _case_bracket(q: str) -> str | None:
    if not q[:1].isalpha() or len(q) < 2 or not q[1].isalpha():
        return None
    head = q[0].lower() if q[0].isupper() else q[0].upper()
    return f"[{head}]{q[1:]}"


# --- misquotations


def _replace_word(q: str, doc: Doc, rng: random.Random, where: str) -> str | None:
    w = _words(q)
    index = {"first": [0], "last": [len(w) - 1]}.get(where) or list(range(1, len(w) - 1))
    index = [i for i in index if re.fullmatch(r"[^\W\d_]{3,}[.,;:]?", w[i])]
    if not index or not doc.vocabulary:
        return None
    i = rng.choice(index)
    word = w[i].rstrip(".,;:")
    for _ in range(20):
        new = rng.choice(doc.vocabulary)
        if new.lower() != word.lower() and abs(len(new) - len(word)) <= 3:
            new = new.capitalize() if word[0].isupper() else new
            w[i] = new + w[i][len(word) :]
            return " ".join(w)
    return None


def _change_number(q: str, rng: random.Random) -> str | None:
    digits = [m.start() for m in re.finditer(r"\d", q)]
    if not digits:
        return None
    i = rng.choice(digits)
    new = rng.choice([d for d in "0123456789" if d != q[i] and (d != "0" or i == 0)])
    return q[:i] + new + q[i + 1 :]


def _negate(q: str, rng: random.Random) -> str | None:
    if re.search(r"\bnot\W*$", q):
        return None  # dropping a closing "not" leaves a verbatim, shorter quotation
    if re.search(r"\bnot\b", q):
        return re.sub(r" ?\bnot\b", "", q, count=1)
    aux = [m for m in re.finditer(r"\b(" + "|".join(_AUX) + r") (?=[a-z])", q)]
    if not aux:
        return None
    m = rng.choice(aux)
    return q[: m.end()] + "not " + q[m.end() :]


def _flip(q: str) -> str | None:
    for a, b in _FLIPS:
        for x, y in ((b, a), (a, b)):
            if re.search(rf"\b{x}\b", q):
                return re.sub(rf"\b{x}\b", y, q, count=1)
    return None


def _two_changes(q: str, doc: Doc, rng: random.Random) -> str | None:
    if len(_words(q)) < 16:
        return None
    once = _replace_word(q, doc, rng, "middle")
    return None if once is None else _replace_word(once, doc, rng, "middle")


def _period(q: str, text: str, end: int) -> str | None:
    """The quotation closed with a full stop the source does not have there."""
    if not q[-1].isalnum() or text[end : end + 1] == ".":
        return None
    return q + "."


def _cjk_change(q: str, doc: Doc, rng: random.Random) -> str | None:
    spots = [i for i, c in enumerate(q) if _SPACELESS.match(c) and 0 < i < len(q) - 1]
    if not spots:
        return None
    i = rng.choice(spots)
    pool = _SPACELESS.findall(doc.prepared.text[:20_000])
    new = rng.choice(pool)
    return None if new == q[i] else q[:i] + new + q[i + 1 :]


# --- generation


def _absent_ok(doc: Doc, quote: str) -> bool:
    keys = _keys(quote)
    grams = list(zip(keys, keys[1:], keys[2:], strict=False))
    return bool(grams) and sum(g in doc.trigrams for g in grams) <= 0.1 * len(grams)


def _generate_doc(doc: Doc, others: list[Doc], per_doc: int, seed: int) -> Iterator[Case]:
    rng = random.Random(f"{seed}:{doc.name}")
    text = doc.prepared.text
    n = 0

    def case(family: str, quote: str | None, expect: str, s: int = -1, e: int = -1, crit=False):
        nonlocal n
        if quote is None or (s >= 0 and quote == text[s:e] and expect != "exact"):
            return None
        n += 1
        raw = text[s:e] if s >= 0 else None
        page = _page(doc, raw, s) if raw is not None else None
        return Case(f"{doc.name}#{n:02d}", doc.name, doc.kind, family, quote, expect, raw, page,
                    crit)  # fmt: skip

    plan = ["exact", "exact", "exact-quoted", "lines", "lines", "typo", "typo", "ellipsis",
            "bracket", "case", "near-word", "near-first", "near-last", "near-short", "number",
            "negate", "flip", "absent", "absent", "absent", "period", "typo-ellipsis",
            "near-two", "near-six", "absent-short"]  # fmt: skip
    made: list[Case] = []
    attempts = 0
    while len(made) < per_doc and attempts < per_doc * 8:
        family = plan[attempts % len(plan)]
        attempts += 1
        made_case = _one(doc, others, family, rng, case)
        if made_case is not None and made_case.quote.strip():
            made.append(made_case)
    yield from made


def _one(doc: Doc, others: list[Doc], family: str, rng: random.Random, case) -> Case | None:
    text = doc.prepared.text
    if family.startswith("absent"):
        other = rng.choice(others)
        if other.spaceless != doc.spaceless and rng.random() < 0.7:
            return None
        lo, hi = (6, 10) if family == "absent-short" else (8, 30)
        s, e = (_cjk_span(other, rng, 12, 40) if other.spaceless else
                _span(other, rng, lo, hi, one_line=False))  # fmt: skip
        if s < 0:
            return None
        quote = _join_lines(other.prepared.text[s:e], rng)
        return case("absent", quote, "not_found") if _absent_ok(doc, quote) else None
    if doc.spaceless:
        s, e = _cjk_span(doc, rng, 10, 40)
        if s < 0:
            return None
        raw = text[s:e]
        if family.startswith("exact"):
            return case(family, raw, "exact", s, e)
        if family in ("typo", "lines"):
            changed = unicodedata.normalize("NFKC", raw)
            return case("cjk-width", changed, "normalized", s, e)
        if family.startswith("near"):
            return case("cjk-near", _cjk_change(raw, doc, rng), "near", s, e)
        return None
    one_line = family in ("exact", "exact-quoted")
    lo, hi = {"near-short": (8, 14), "near-six": (6, 10)}.get(family, (8, 40))
    s, e = _span(doc, rng, lo, hi, one_line=one_line)
    if s < 0:
        return None
    raw = text[s:e]
    joined = _join_lines(raw, rng)
    transforms: dict[str, Callable[[], str | None]] = {
        "exact": lambda: raw,
        "exact-quoted": lambda: f"“{raw}”" if rng.random() < 0.5 else f'"{raw}"',
        "lines": lambda: joined,
        "typo": lambda: _typography(joined, rng),
        "ellipsis": lambda: _ellipsis(joined, rng),
        "bracket": lambda: _bracket(joined, rng),
        "case": lambda: _case_bracket(joined),
        "period": lambda: _period(joined, text, e),
        "typo-ellipsis": lambda: _ellipsis(_typography(joined, rng), rng),
    }
    if family in transforms:
        quote = transforms[family]()
        if quote is None:
            return None
        expect = "exact" if family.startswith("exact") else "normalized"
        if family in ("lines", "typo") and quote == raw:
            return None
        return case(family, quote, expect, s, e)
    changers: dict[str, Callable[[], str | None]] = {
        "near-word": lambda: _replace_word(joined, doc, rng, "middle"),
        "near-first": lambda: _replace_word(joined, doc, rng, "first"),
        "near-last": lambda: _replace_word(joined, doc, rng, "last"),
        "near-short": lambda: _replace_word(joined, doc, rng, "middle"),
        "number": lambda: _change_number(joined, rng),
        "negate": lambda: _negate(joined, rng),
        "flip": lambda: _flip(joined),
        "near-two": lambda: _two_changes(joined, doc, rng),
        "near-six": lambda: _replace_word(joined, doc, rng, "middle"),
    }
    quote = changers[family]()
    shortest = 6 if family == "near-six" else 8
    if quote is None or len(_words(quote)) < shortest or _present(doc, quote):
        return None
    return case(family, quote, "near", s, e, family in ("number", "negate", "flip"))


def _present(doc: Doc, quote: str) -> bool:
    """Whether a misquotation happens to stand in the document after all (skip it then)."""
    keys = " ".join(_keys(quote))
    return keys in " ".join(_keys(doc.prepared.text)) if len(doc.prepared.text) < 400_000 else False


def generate(docs: list[Doc], per_doc: int = 30, seed: int = 1) -> list[Case]:
    """Labelled cases for every document, deterministic for a seed."""
    out: list[Case] = []
    for doc in docs:
        others = [d for d in docs if d is not doc]
        out.extend(_generate_doc(doc, others, per_doc, seed))
    return out


# --- scoring


def _scorer() -> ModuleType:
    spec = importlib.util.spec_from_file_location("score_cases", SCORER)
    if spec is None or spec.loader is None:
        raise SystemExit(f"the shared scorer is missing: {SCORER}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the engine did on one case."""

    case: Case
    got: str
    verdict_ok: bool
    span_ok: bool
    page_ok: bool
    critical_ok: bool
    best: str


def score_case(case: Case, result: CheckResult, span_ok: Callable[[str | None, str], bool]):
    """Verdict, span, page and critical-flag agreement of one result with its label."""
    got = str(result.status)
    matches = result.matches
    cand = matches if case.expect in ("exact", "normalized") else matches[:1]
    s_ok = case.expect_text is None or any(span_ok(case.expect_text, m.text) for m in cand)
    p_ok = True
    if case.expect_page is not None:
        pcand = [m for m in matches if span_ok(case.expect_text, m.text)] or list(cand)
        p_ok = any(m.page_start == case.expect_page for m in pcand)
    c_ok = not case.critical or got != "near" or bool(matches and matches[0].critical)
    best = matches[0].text if matches else ""
    return Outcome(case, got, got == case.expect, s_ok, p_ok, c_ok, best)


def run(docs: list[Doc], cases: list[Case]) -> list[Outcome]:
    """Check every case against its document and score it."""
    span_ok = _scorer().span_ok
    by_name = {d.name: d for d in docs}
    return [score_case(c, check(by_name[c.doc].prepared, c.quote), span_ok) for c in cases]


def _clip(s: str) -> str:
    return repr(s) if len(s) <= 150 else f"{s[:70]!r}...{s[-70:]!r}"


def report(outcomes: list[Outcome], show: int) -> None:
    """Print the confusion matrix, per-kind and per-family figures and failing examples."""
    total = len(outcomes)
    confusion = Counter((o.case.expect, o.got) for o in outcomes)
    per: dict[str, Counter] = defaultdict(Counter)
    for o in outcomes:
        ok = o.verdict_ok and o.span_ok and o.page_ok
        for key in (f"verdict:{o.case.expect}", f"kind:{o.case.kind}", f"family:{o.case.family}"):
            per[key]["n"] += 1
            per[key]["verdict"] += o.verdict_ok
            per[key]["all"] += ok
    print("confusion (expected -> got):")
    for (e, g), k in sorted(confusion.items()):
        print(f"  {e:10} -> {g:12} {k}")
    for key in sorted(per):
        s = per[key]
        print(f"  {key:22} verdict {s['verdict']:4}/{s['n']:<4} all-right {s['all']:4}/{s['n']}")
    bad = [o for o in outcomes if not (o.verdict_ok and o.span_ok and o.page_ok and o.critical_ok)]
    for o in bad[:show]:
        c = o.case
        checks = (("verdict", o.verdict_ok), ("span", o.span_ok), ("page", o.page_ok),
                  ("critical", o.critical_ok))  # fmt: skip
        what = [x for x, ok in checks if not ok]
        print(f"- {c.id} [{c.family}] {c.expect}->{o.got} ({','.join(what)})")
        print(f"    quote: {_clip(c.quote)}")
        if c.expect_text is not None:
            print(f"   expect: {_clip(c.expect_text)} p{c.expect_page}")
        if o.best:
            print(f"      got: {_clip(o.best)}")
    found = {str(s) for s in FOUND_STATUSES}
    false_found = sum(1 for o in outcomes if o.got in found and o.case.expect not in found)
    false_near = sum(1 for o in outcomes if o.got == "near" and o.case.expect == "not_found")

    def pct(k: str) -> float:
        return 100.0 * sum(getattr(o, k) for o in outcomes) / max(total, 1)

    crit = sum(1 for o in outcomes if not o.critical_ok)
    print(
        f"cases={total} verdict={pct('verdict_ok'):.1f}% span={pct('span_ok'):.1f}% "
        f"page={pct('page_ok'):.1f}% false_found={false_found} false_near={false_near} "
        f"critical_missed={crit}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--per-doc", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=40)
    parser.add_argument("--kind", default=None, help="only documents of this kind")
    parser.add_argument("--family", default=None, help="only cases of this family")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    docs = load_documents(args.corpus)
    cases = generate(docs, args.per_doc, args.seed)
    if args.kind:
        cases = [c for c in cases if c.kind == args.kind]
    if args.family:
        cases = [c for c in cases if c.family == args.family]
    t1 = time.perf_counter()
    outcomes = run(docs, cases)
    t2 = time.perf_counter()
    report(outcomes, args.show)
    print(f"documents={len(docs)} read+generate={t1 - t0:.1f}s check={t2 - t1:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

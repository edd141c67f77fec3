"""Speed on short passages: one quotation checked against each of ~1,650 passages of ~500 chars.

Run: python benchmarks/short_passages.py [--count 1650] [--repeat 5] [--seed 28]

Agents, the MCP tools and the app's live finder check one quotation against one short text at a
time, so a check's fixed costs (the records, the fold, an index) weigh on every call. The
passages and quotations are generated here from a fixed seed (encyclopaedic prose with names,
years, decimals and percentages), one quotation per passage:

- a span of the passage as it stands;
- a span with a line break or a double space put in its words (whitespace);
- a span with curly quotation marks or a dash typed otherwise (typography);
- a span with one number changed;
- a span with a negation inserted;
- a span with one word dropped;
- a span of another passage (absent).

Timed over all of them: ``api.check_text`` as an agent calls it (a plain string each time),
beside the brute-force baseline of the same run: ``str.find``, then one edlib HW alignment
(``task="locations"``) where the quotation is not found as it stands. Every check also runs
through the engine's indexed path (``near.short.SHORT_TEXT_BYTES`` set to 0) and the two results are
compared field by field: any difference is printed and counted.

Prints figures only (the least of the repeats, wall and CPU time, the three taking turns on a
shared machine); nothing here passes or fails.

``--instructions`` counts instead, under valgrind's callgrind, the instructions of one warm pass
of ours and of one of the brute force (each in its own process), which no load can move. The
two ratios differ: edlib's bit-parallel loop runs about twice the instructions a cycle that the
interpreter does, so the same instruction ratio is a larger time ratio.
"""

from __future__ import annotations

import argparse
import collections
import functools
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

import edlib

from quote_tui import api


def _words(line: str) -> tuple[str, ...]:
    return tuple(line.split())


_NOUNS = _words(
    "river valley church harbour railway council village castle bridge museum college "
    "parliament province district island mountain forest library cathedral garrison market "
    "treaty election army navy company theatre festival dynasty empire kingdom republic "
    "population census species genus territory estate abbey canal colony mine factory "
    "hospital university observatory tunnel reservoir monastery parish county battalion"
)
_ADJECTIVES = _words(
    "northern southern eastern western ancient medieval modern royal local national "
    "former early late large small major minor coastal rural urban eventual original "
    "public private military civil religious central upper lower new old"
)
_VERBS = _words(
    "founded built opened closed rebuilt described recorded granted captured governed "
    "restored extended renamed abandoned surveyed designed financed replaced occupied "
    "established dissolved enlarged named elected appointed"
)
_NAMES = _words(
    "Henry Margaret Edward Johann Sofia Pedro Amalia Ivan Clara Tomas Ingrid Omar Lucia "
    "Arthur Beatrix Casimir Dagny Elias Fatima Gustav Helena Idris Jorge Katarina"
)
_SURNAMES = _words(
    "Whitcombe Alvarez Lindqvist Okafor Brandt Moreau Kowalski Ferreira Nakamura Duval "
    "Hartmann Petrov Castellano Eriksen Abernathy Ruiz Vasquez Holm Marchetti Sato"
)
_PLACES = _words(
    "Ardmore Belcastro Caldwell Dunmore Eskdale Fairhaven Glenrock Holloway Inverbay "
    "Kestrel Lowmoor Marston Northwick Oakhurst Penrose Queensferry Rydal Stanholt"
)
_LINKS = ("and", "but", "while", "although", "after", "before", "until", "because")
_AUXILIARIES = ("was", "is", "were", "had", "has", "could", "would", "did")


def _number(rng: random.Random) -> str:
    kind = rng.randrange(4)
    if kind == 0:
        return str(rng.randint(1200, 2020))
    if kind == 1:
        return f"{rng.randint(1, 99)}.{rng.randint(0, 9)} per cent"
    if kind == 2:
        return f"{rng.randint(2, 900):,}"
    return f"{rng.randint(1, 40)},{rng.randint(100, 999)}"


def _sentence(rng: random.Random) -> str:
    """One sentence of encyclopaedic prose: a subject, a verb phrase, a number, a clause."""
    subject = rng.choice(
        [
            f"The {rng.choice(_ADJECTIVES)} {rng.choice(_NOUNS)} of {rng.choice(_PLACES)}",
            f"{rng.choice(_NAMES)} {rng.choice(_SURNAMES)}",
            f"In {rng.randint(1200, 2020)} the {rng.choice(_NOUNS)}",
            f"The {rng.choice(_NOUNS)}",
        ]
    )
    verb = f"{rng.choice(_AUXILIARIES[:2])} {rng.choice(_VERBS)}"
    tail = rng.choice(
        [
            f"by {rng.choice(_NAMES)} {rng.choice(_SURNAMES)} in {rng.randint(1200, 2020)}",
            f"with {_number(rng)} {rng.choice(_NOUNS)}s in the {rng.choice(_ADJECTIVES)} "
            f"{rng.choice(_NOUNS)}",
            f"as the {rng.choice(_ADJECTIVES)} {rng.choice(_NOUNS)} of {rng.choice(_PLACES)}",
            f"for {_number(rng)} years",
        ]
    )
    clause = ""
    if rng.random() < 0.5:
        clause = (
            f", {rng.choice(_LINKS)} the {rng.choice(_NOUNS)} {rng.choice(_AUXILIARIES)} "
            f"{rng.choice(_VERBS)} ({rng.choice(_ADJECTIVES)} {rng.choice(_NOUNS)})"
        )
    if rng.random() < 0.15:
        clause += f" \u2014 the \u201c{rng.choice(_ADJECTIVES)} {rng.choice(_NOUNS)}\u201d"
    if rng.random() < 0.15:
        clause += f" of {rng.choice(_SURNAMES)}\u2019s {rng.choice(_NOUNS)}"
    return f"{subject} {verb} {tail}{clause}."


def passage(rng: random.Random, size: int = 500) -> str:
    """About ``size`` characters of sentences, sometimes broken over two lines."""
    out: list[str] = []
    total = 0
    while total < size:
        sentence = _sentence(rng)
        out.append(sentence)
        total += len(sentence) + 1
    text = " ".join(out)
    if rng.random() < 0.3:
        cut = text.find(" ", len(text) // 2)
        text = text[:cut] + "\n" + text[cut + 1 :]
    return text


def _span(text: str, rng: random.Random, words: tuple[int, int] = (5, 25)) -> list[str]:
    tokens = text.split()
    n = rng.randint(*words)
    n = min(n, len(tokens))
    start = rng.randrange(0, len(tokens) - n + 1)
    return tokens[start : start + n]


KINDS = ("span", "whitespace", "typography", "number", "negation", "dropped", "absent")


def quotation(kind: str, text: str, other: str, rng: random.Random) -> str:
    """A quotation of ``kind`` made from ``text`` (or, when absent, from ``other``)."""
    if kind == "absent":
        return " ".join(_span(other, rng))
    words = _span(text, rng)
    if kind == "whitespace" and len(words) > 2:
        i = rng.randrange(1, len(words))
        words[i] = rng.choice(["\n", "  ", " \n "]) + words[i]
        return " ".join(words).replace(" \n", "\n").replace("\n ", "\n", 1)
    if kind == "typography":
        joined = " ".join(words)
        swapped = (
            joined.replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'")
        ).replace("\u2014", "--")
        return swapped if swapped != joined else joined.replace(" ", "  ", 1)
    if kind == "number":
        digits = [i for i, w in enumerate(words) if any(c.isdigit() for c in w)]
        if digits:
            i = rng.choice(digits)
            word = words[i]
            at = rng.choice([k for k, c in enumerate(word) if c.isdigit()])
            changed = str((int(word[at]) + rng.randint(1, 8)) % 10)
            words[i] = word[:at] + changed + word[at + 1 :]
            return " ".join(words)
    if kind == "negation":
        auxiliaries = [i for i, w in enumerate(words) if w in _AUXILIARIES]
        if auxiliaries:
            i = rng.choice(auxiliaries)
            words.insert(i + 1, rng.choice(["not", "never"]))
            return " ".join(words)
    if kind in ("dropped", "number", "negation") and len(words) > 4:
        del words[rng.randrange(1, len(words) - 1)]
    return " ".join(words)


def cases(count: int, seed: int) -> list[tuple[str, str, str]]:
    """(kind, passage, quotation) for ``count`` passages, the same for the same seed."""
    rng = random.Random(seed)
    texts = [passage(rng) for _ in range(count)]
    out = []
    for i, text in enumerate(texts):
        kind = KINDS[i % len(KINDS)]
        other = texts[(i * 7 + 3) % count]
        out.append((kind, text, quotation(kind, text, other, rng)))
    return out


def brute_force(items: list[tuple[str, str, str]]) -> None:
    """``str.find``, then one edlib HW alignment where the quotation is not found as it stands."""
    for _, text, quote in items:
        if text.find(quote) < 0:
            edlib.align(quote, text, mode="HW", task="locations")


def ours(items: list[tuple[str, str, str]]) -> list[api.CheckResult]:
    return [api.check_text(text, quote) for _, text, quote in items]


Timing = tuple[float, float]
"""(wall seconds, CPU seconds), each the least of the repeats."""


def _timed(fns: dict[str, Callable[[], object]], repeat: int) -> dict[str, Timing]:
    """The least wall and CPU time of each function, the functions taking turns (on a shared
    machine the load drifts; taking turns gives each the same drift)."""
    walls: dict[str, list[float]] = {name: [] for name in fns}
    cpus: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(repeat):
        for name, fn in fns.items():
            wall, cpu = time.perf_counter(), time.process_time()
            fn()
            walls[name].append(time.perf_counter() - wall)
            cpus[name].append(time.process_time() - cpu)
    return {name: (min(walls[name]), min(cpus[name])) for name in fns}


def _indexed(items: list[tuple[str, str, str]]) -> list[api.CheckResult]:
    """The same checks through the engine's indexed path."""
    from quote_tui.engine.near import short

    kept = short.SHORT_TEXT_BYTES
    short.SHORT_TEXT_BYTES = 0
    try:
        return ours(items)
    finally:
        short.SHORT_TEXT_BYTES = kept


def _by_outcome(
    items: list[tuple[str, str, str]], results: list[api.CheckResult], repeat: int
) -> None:
    """Each verdict's checks timed apart, ours beside the brute force on the same items: which
    outcome keeps the whole from its goal (a near or absent check refines and snaps, where the
    brute force aligns once)."""
    groups: dict[str, list[tuple[str, str, str]]] = collections.defaultdict(list)
    for item, result in zip(items, results, strict=True):
        groups[str(result.status)].append(item)
    fns: dict[str, Callable[[], object]] = {}
    for status, group in groups.items():
        fns[f"ours {status}"] = lambda group=group: ours(group)
        fns[f"base {status}"] = lambda group=group: brute_force(group)
    timings = _timed(fns, repeat)
    ours_all = sum(timings[f"ours {s}"][1] for s in groups)
    base_all = sum(timings[f"base {s}"][1] for s in groups)
    print("  by verdict, each timed apart (CPU; share of ours, share of the brute force):")
    for status, group in groups.items():
        mine, theirs = timings[f"ours {status}"][1], timings[f"base {status}"][1]
        ratio = f"{mine / theirs:5.1f}x" if theirs else "   --"
        print(
            f"    {status:<11} {len(group):5} checks {mine / len(group) * 1e6:6.0f} us each"
            f"  {mine / ours_all * 100:5.1f} % / {theirs / base_all * 100:5.1f} %  {ratio}"
        )
    print(
        f"    all         {ours_all * 1000:.1f} ms against {base_all * 1000:.1f} ms"
        f" ({ours_all / base_all:.2f}x)"
    )


# The C function that runs the counted pass: callgrind collects only inside it
# (``--toggle-collect``), so imports, the cases and the warm-up passes are left out.
_COUNTED = "functools_reduce"


def _one_counted_pass(items: list[tuple[str, str, str]], which: str) -> None:
    """Two warm passes, then one inside ``functools.reduce`` (what ``_COUNTED`` names)."""
    fn = brute_force if which == "base" else ours
    fn(items)
    fn(items)
    functools.reduce(lambda _, __: fn(items), (0, 1))


def _instructions(args: argparse.Namespace) -> None:
    """Instructions of one warm pass of the brute force and of ours, each counted by callgrind
    in its own process (hash seed fixed: set orders, and so the work, are the same each run)."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        sys.exit("--instructions needs valgrind on the PATH")
    counts: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as folder:
        for which in ("base", "ours"):
            out = os.path.join(folder, f"{which}.out")
            command = [
                valgrind,
                "--tool=callgrind",
                "--collect-atstart=no",
                f"--toggle-collect={_COUNTED}",
                f"--callgrind-out-file={out}",
                sys.executable,
                os.path.abspath(__file__),
                f"--count={args.count}",
                f"--seed={args.seed}",
                f"--counted-pass={which}",
            ]
            env = {**os.environ, "PYTHONHASHSEED": "0"}
            subprocess.run(command, check=True, env=env, capture_output=True)
            with open(out, encoding="utf-8") as lines:
                totals = [line for line in lines if line.startswith(("totals:", "summary:"))]
            counts[which] = int(totals[0].split()[1])
    base, mine = counts["base"], counts["ours"]
    print(f"  instructions of one warm pass (callgrind): brute force {base / 1e9:.3f} billion,")
    print(f"  api.check_text {mine / 1e9:.3f} billion: {mine / base:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1650)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count one pass of each under callgrind (valgrind) instead of timing them",
    )
    parser.add_argument("--counted-pass", choices=("base", "ours"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    items = cases(args.count, args.seed)
    if args.counted_pass:
        _one_counted_pass(items, args.counted_pass)
        return
    if args.instructions:
        print(f"{len(items):,} passages, one quotation each")
        _instructions(args)
        return
    size = sum(len(t) for _, t, _ in items) / len(items)
    print(f"{len(items):,} passages of {size:.0f} characters on average, one quotation each")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    results = ours(items)  # once untimed: imports and first compilations
    timings = _timed(
        {
            "base": lambda: brute_force(items),
            "ours": lambda: ours(items),
            "indexed": lambda: _indexed(items),
        },
        args.repeat,
    )
    base = timings["base"]
    print("  (least of the runs, wall / CPU)")
    for name, label in (
        ("base", "brute force (str.find + edlib HW)"),
        ("ours", "api.check_text"),
        ("indexed", "api.check_text, indexed path"),
    ):
        wall, cpu = timings[name]
        ratio = "" if name == "base" else f"  ({wall / base[0]:4.1f}x / {cpu / base[1]:4.1f}x)"
        print(f"  {label:<36} {wall * 1000:7.1f} / {cpu * 1000:7.1f} ms{ratio}")
    per_kind = _timed(
        {kind: lambda kind=kind: ours([it for it in items if it[0] == kind]) for kind in KINDS},
        max(1, args.repeat // 2),
    )
    print("  per check, by kind of quotation (CPU):")
    count = collections.Counter(kind for kind, _, _ in items)
    print("    " + ", ".join(f"{k} {per_kind[k][1] / count[k] * 1e6:.0f} us" for k in KINDS))
    by_kind: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for (kind, _, _), result in zip(items, results, strict=True):
        by_kind[kind][str(result.status)] += 1
    for kind in KINDS:
        print(f"    {kind:<11} " + ", ".join(f"{s} {n}" for s, n in sorted(by_kind[kind].items())))
    _by_outcome(items, results, max(1, args.repeat // 2))
    indexed = _indexed(items)
    differ = [
        (kind, quote)
        for (kind, _, quote), a, b in zip(items, results, indexed, strict=True)
        if a.to_dict() != b.to_dict()
    ]
    print(f"  results that differ from the indexed path: {len(differ)}")
    for kind, quote in differ[:10]:
        print(f"    {kind}: {quote[:70]!r}")


if __name__ == "__main__":
    main()

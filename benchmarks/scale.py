"""A corpus-scale batch three ways in one run: the plain in-process batch, the streaming batch,
and Dask with a LocalCluster of two workers.

Run: python benchmarks/scale.py [--small] [--sources 2000] [--citations 50000] [--keep DIR]

It generates a corpus into a temporary folder (plain texts and PDFs made with PyMuPDF, from a
seeded random vocabulary), writes the batch as JSON and as JSON Lines, then runs each path in a
fresh process and prints wall time, citations per second and peak memory of the process and
every process it started, sampled every 50 ms, so the Dask workers and the reader processes
count: the summed resident sets (RSS), and on Linux the proportional set sizes (PSS), which
count a page shared by several processes once — forked readers share most of their pages with
the reader server, so the RSS sum counts those pages once per reader. The
three reports must agree on every verdict; the script says so. Figures only: nothing here passes
or fails, and wall clocks on a shared machine vary from run to run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import string
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

WORDS_PER_TEXT = (2500, 6000)
PDF_SHARE = 0.15


def _vocabulary(rng: random.Random, size: int) -> list[str]:
    common = ["the", "of", "and", "to", "in", "a", "is", "that", "for", "it", "as", "was"]
    made = {
        "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(3, 10)))
        for _ in range(size)
    }
    return common * 20 + sorted(made)


def _sentences(rng: random.Random, vocab: list[str], words: int) -> list[list[str]]:
    out: list[list[str]] = []
    while words > 0:
        n = rng.randint(9, 24)
        sentence = [rng.choice(vocab) for _ in range(n)]
        sentence[0] = sentence[0].capitalize()
        out.append(sentence)
        words -= n
    return out


def _pdf(path: Path, text: str) -> None:
    import pymupdf

    doc = pymupdf.open()
    chunk = 2800
    for at in range(0, len(text), chunk):
        page = doc.new_page()
        page.insert_textbox(pymupdf.Rect(50, 50, 545, 800), text[at : at + chunk], fontsize=9)
    doc.save(path)
    doc.close()


def generate(folder: Path, sources: int, citations: int, seed: int = 11) -> dict[str, int]:
    """Write ``docs/``, ``batch.json`` and ``batch.jsonl`` into ``folder``; returns counts."""
    rng = random.Random(seed)
    vocab = _vocabulary(rng, 4000)
    absent = _vocabulary(random.Random(seed + 1), 500)[-400:]
    docs = folder / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    per_source = [citations // sources] * sources
    for i in range(citations % sources):
        per_source[i] += 1
    src_items: list[dict[str, Any]] = []
    cit_items: list[dict[str, Any]] = []
    kinds = {"exact": 0, "normalized": 0, "near": 0, "absent": 0, "pdf": 0}
    for i in range(sources):
        sentences = _sentences(rng, vocab, rng.randint(*WORDS_PER_TEXT))
        text = "\n".join(" ".join(s) + "." for s in sentences)
        is_pdf = rng.random() < PDF_SHARE
        name = f"doc{i:05d}.{'pdf' if is_pdf else 'txt'}"
        if is_pdf:
            _pdf(docs / name, text)
            kinds["pdf"] += 1
        else:
            (docs / name).write_text(text, encoding="utf-8")
        src_items.append({"id": f"s{i}", "ref": f"docs/{name}"})
        for k in range(per_source[i]):
            sentence = rng.choice(sentences)
            n = min(len(sentence), rng.randint(6, 12))
            at = rng.randint(0, len(sentence) - n)
            words = sentence[at : at + n]
            roll = rng.random()
            if roll < 0.80:
                kind = "exact"
            elif roll < 0.90:
                kind, words = "normalized", [*words[:-1], " " + words[-1]]  # a doubled space
            elif roll < 0.97:
                kind = "near"
                words = list(words)
                words[len(words) // 2] = rng.choice(absent)
            else:
                kind, words = "absent", [rng.choice(absent) for _ in range(8)]
            kinds[kind] += 1
            cit_items.append({"id": f"c{i}-{k}", "source": f"s{i}", "quote": " ".join(words)})
    rng.shuffle(cit_items)  # a real batch does not arrive grouped by source
    (folder / "batch.json").write_text(
        json.dumps({"sources": src_items, "citations": cit_items}), encoding="utf-8"
    )
    with (folder / "batch.jsonl").open("w", encoding="utf-8") as handle:
        for item in src_items:
            handle.write(json.dumps({"type": "source", **item}) + "\n")
        for item in cit_items:
            handle.write(json.dumps({"type": "citation", **item}) + "\n")
    return {"sources": sources, "citations": citations, **kinds}


# -- one path, in a process of its own --------------------------------------------------------


def _run_plain(folder: Path) -> dict[str, int]:
    from quote_tui.batch.batchfile import load_batch
    from quote_tui.batch.pipeline import check_batch
    from quote_tui.batch.report import write_report
    from quote_tui.batch.specs import Settings

    report = asyncio.run(check_batch(load_batch(folder / "batch.json"), Settings()))
    write_report(report, folder / "plain.json")
    return report["summary"]


def _run_stream(folder: Path, cluster: bool) -> dict[str, int]:
    from quote_tui.batch.jsonl import JsonlBatch
    from quote_tui.batch.pipeline import stream_batch
    from quote_tui.batch.specs import Settings

    batch = JsonlBatch.at(folder / "batch.jsonl")
    settings = Settings()
    out = folder / ("dask.jsonl" if cluster else "stream.jsonl")

    async def go() -> dict[str, int]:
        if not cluster:
            return (await stream_batch(batch, settings, out)).summary
        from quote_tui.batch.cluster import ClusterOptions, dask_runner

        started = time.perf_counter()
        async with dask_runner(settings, ClusterOptions(workers=2)) as (runner, in_flight):
            print(f"cluster_start {time.perf_counter() - started:.2f}", file=sys.stderr)
            result = await stream_batch(batch, settings, out, runner=runner, in_flight=in_flight)
        return result.summary

    return asyncio.run(go())


def _child(mode: str, folder: Path) -> None:
    started = time.perf_counter()
    summary = _run_plain(folder) if mode == "plain" else _run_stream(folder, mode == "dask")
    seconds = time.perf_counter() - started
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps({"seconds": seconds, "summary": summary, "own_peak": own}))


def _measure(mode: str, folder: Path) -> dict[str, Any]:
    """Run one path in a fresh interpreter; sample the resident memory of its process tree."""
    import psutil

    proc = subprocess.Popen(
        [sys.executable, __file__, "--child", mode, str(folder)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    peak = peak_pss = 0
    stop = threading.Event()

    def sample() -> None:
        nonlocal peak, peak_pss
        parent = psutil.Process(proc.pid)
        while not stop.is_set():
            total = total_pss = 0
            for p in [parent, *_children(parent)]:
                try:
                    total += p.memory_info().rss
                    total_pss += _pss(p)
                except psutil.Error:
                    pass  # it ended between the listing and the reading
            peak, peak_pss = max(peak, total), max(peak_pss, total_pss)
            stop.wait(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, err = proc.communicate()
    stop.set()
    sampler.join()
    if proc.returncode != 0:
        raise SystemExit(f"{mode} failed:\n{err}")
    result = json.loads(out.strip().splitlines()[-1])
    result["tree_peak"] = max(peak, result["own_peak"])
    result["tree_pss"] = peak_pss
    for line in err.splitlines():
        if line.startswith("cluster_start "):
            result["cluster_start"] = float(line.split()[1])
    return result


def _children(parent: Any) -> list[Any]:
    import psutil

    try:
        return list(parent.children(recursive=True))
    except psutil.Error:
        return []


def _pss(process: Any) -> int:
    """Proportional set size (Linux), or 0 where the platform does not report it."""
    try:
        return int(getattr(process.memory_full_info(), "pss", 0))
    except (AttributeError, NotImplementedError):
        return 0


def _verdicts(folder: Path, mode: str) -> dict[str, tuple[str, float]]:
    """Each citation's status and best similarity, from the report a path wrote."""
    if mode == "plain":
        items = json.loads((folder / "plain.json").read_text(encoding="utf-8"))["citations"]
    else:
        with (folder / f"{mode}.jsonl").open(encoding="utf-8") as handle:
            items = [json.loads(line) for line in handle]
        items = [i for i in items if i["type"] == "citation"]
    return {i["id"]: (i["status"], i["best_similarity"]) for i in items}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--small", action="store_true", help="200 sources, 5,000 citations")
    parser.add_argument("--sources", type=int, default=2000)
    parser.add_argument("--citations", type=int, default=50_000)
    parser.add_argument("--keep", type=Path, help="generate into (and keep) this folder")
    parser.add_argument("--modes", default="plain,stream,dask")
    parser.add_argument("--child", nargs=2, metavar=("MODE", "DIR"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.child[0], Path(args.child[1]))
        return
    if args.small:
        args.sources, args.citations = 200, 5_000
    with tempfile.TemporaryDirectory(prefix="quote_tui-scale-") as scratch:
        folder = args.keep or Path(scratch)
        started = time.perf_counter()
        counts = generate(folder, args.sources, args.citations)
        print(
            f"corpus: {counts['sources']:,} sources ({counts['pdf']:,} PDFs), "
            f"{counts['citations']:,} citations (exact {counts['exact']:,}, normalized "
            f"{counts['normalized']:,}, near {counts['near']:,}, absent {counts['absent']:,}); "
            f"generated in {time.perf_counter() - started:.1f} s"
        )
        print(
            f"{'path':<28}{'wall s':>9}{'citations/s':>13}{'peak RSS MiB':>14}{'peak PSS MiB':>14}"
        )
        rows: dict[str, dict[str, Any]] = {}
        labels = {
            "plain": "plain in-process (JSON)",
            "stream": "streaming (JSONL)",
            "dask": "Dask LocalCluster, 2 workers",
        }
        for mode in args.modes.split(","):
            row = rows[mode] = _measure(mode, folder)
            rate = args.citations / row["seconds"]
            note = (
                f"  (cluster start {row['cluster_start']:.1f} s)" if "cluster_start" in row else ""
            )
            print(
                f"{labels[mode]:<28}{row['seconds']:>9.1f}{rate:>13,.0f}"
                f"{row['tree_peak'] / 2**20:>14,.0f}"
                f"{(format(row['tree_pss'] / 2**20, ',.0f') if row['tree_pss'] else '-'):>14}{note}"
            )
        verdicts = [_verdicts(folder, mode) for mode in rows]
        agree = all(v == verdicts[0] for v in verdicts) and len(verdicts[0]) == args.citations
        print("every citation's verdict agrees across paths:", "yes" if agree else "NO")
        if "plain" in rows and "dask" in rows:
            ratio = rows["dask"]["seconds"] / rows["plain"]["seconds"]
            print(f"Dask wall time / in-process wall time: {ratio:.2f}x")
        print("(figures from a shared machine vary between runs)")


if __name__ == "__main__":
    main()

"""Mutation check of the verdict rules: the tests must fail when a rule breaks.

Each target module is mutated one change at a time (``rules_mutants``: comparisons, ``and``/
``or``, ``any``/``all``, numbers moved by one, entries dropped from vocabularies, negated
conditions). Every mutant is written into a temporary copy of the package and the tests; the
working tree is never touched, and Ctrl-C leaves nothing behind. The target's tests (a fixed
selection per module, in ``TARGETS``) run once on the unmodified copy under a line tracer, which
maps each line to the tests that run it. A mutant then runs only the tests that reach its lines
(all of them for a line run on import), in a child forked from a process that has already
imported pytest and the libraries, stopping at the first failure: a failing run (or one past the
time limit) kills the mutant, a passing one lets it survive, and a mutant no test reaches
survives without a run.

Mutants no test can tell from the original (``EQUIVALENT``, each with its reason) are left out of
the score. One line per module, then the surviving mutants:

    MODULE score=NN% killed=K survived=S

Exit 1 when a module scores below ``--min-score`` (90), when the tests fail on the unmodified
copy, or when an entry of ``EQUIVALENT`` no longer names a mutant (update the table).

    python scripts/mutation_check_rules.py               # every mutant
    python scripts/mutation_check_rules.py --sample 30   # CI: a fixed sample per module
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

import hypothesis
import pytest
from rules_mutants import Mutant, Target, mutants

ROOT = Path(__file__).resolve().parents[1]


# The modules checked and their tests, fastest and most telling first (a run stops at the first
# failure). Re-point an entry here when a rule moves to another module.
TARGETS: tuple[Target, ...] = (
    Target(
        "quote_tui/engine/meaning.py",
        (
            "tests/engine/test_vocabularies.py",
            "tests/engine/test_number_words.py",
            "tests/engine/test_brackets.py",
            "tests/engine/test_signs_elisions.py",
            "tests/engine/test_diff.py",
        ),
        charsets=("MINUS_PLUS", "RELATIONS", "_DASHES", "_SIGN_SPACE"),
    ),
    Target(
        "quote_tui/engine/diff.py",
        (
            "tests/engine/test_diff_rules.py",
            "tests/engine/test_number_words.py",
            "tests/engine/test_vocabularies.py",
            "tests/engine/test_diff.py",
            "tests/engine/test_signs_elisions.py",
            "tests/engine/test_near_spans.py",
            "tests/engine/test_near.py",
            "tests/engine/test_diff_fast_paths.py",
            "tests/engine/test_diff_replaced_keys.py",
        ),
    ),
    Target(
        "quote_tui/engine/diff_opcodes.py",
        ("tests/engine/test_diff_fast_paths.py", "tests/engine/test_diff.py"),
    ),
    Target(
        "quote_tui/engine/quote_parts.py",
        (
            "tests/engine/test_brackets.py",
            "tests/engine/test_quote_parts.py",
            "tests/engine/test_editorial_notes.py",
            "tests/engine/test_exact.py",
            "tests/engine/test_signs_elisions.py",
            "tests/engine/test_vocabularies.py",
        ),
    ),
    Target(
        "quote_tui/engine/note_marks.py",
        ("tests/engine/test_note_marks.py", "tests/engine/test_exact.py"),
    ),
    Target("quote_tui/engine/near/starts.py", ("tests/engine/test_starts.py",)),
    Target(
        "quote_tui/engine/near/align.py",
        ("tests/engine/test_align_bounds.py",),
        scope=("beside_hits", "_SEPARATOR", "others_as_one"),
    ),
    Target(
        "quote_tui/engine/near/index.py",
        ("tests/engine/test_index_memory.py", "tests/engine/test_index_pairs.py"),
        scope=("_block_end", "_take_recorded", "_SEED_SPACE"),
    ),
    Target(
        "quote_tui/engine/near/pairs.py",
        (
            "tests/engine/test_index_memory.py",
            "tests/engine/test_index_pairs.py",
            "tests/engine/test_fast_paths.py",
        ),
        scope=(
            "_BlockRows",
            "_HELD",
            "_HELD_ROW",
            "_IS_HELD",
            "_Ids",
            "_between_lacking",
            "_FEW_LACKING",
        ),
    ),
    Target(
        "quote_tui/engine/text.py",
        ("tests/engine/test_text_offsets.py",),
        scope=("_after_each_newline",),
    ),
    Target(
        "quote_tui/batch/outcomes.py",
        ("tests/batch/test_strict_rule.py", "tests/test_meaning_traps.py"),
        scope=("PASSING", "Progress", "fails"),
    ),
)

# Mutants no test can tell from the original: "module | mutant" (as printed) -> why.
EQUIVALENT: dict[str, str] = {
    "quote_tui/engine/near/index.py | _SEED_SPACE: 256 -> 255 in `range(255)`": (
        "byte 0xFF is never made a space by the seeding view (it is no ASCII punctuation)"
    ),
    "quote_tui/engine/near/pairs.py | _HELD_ROW: 256 -> 257 in `bytes([_HELD]) * 257`": (
        "the row is sliced to the block's ids, never more than 248 (the ids and one other)"
    ),
    "quote_tui/engine/near/pairs.py | _HELD_ROW: 256 -> 255 in `bytes([_HELD]) * 255`": (
        "the row is sliced to the block's ids, never more than 248 (the ids and one other)"
    ),
    "quote_tui/engine/near/pairs.py | _BlockRows.__init__: 0 -> 1 in `self.first = 1`": (
        "the first row taken sets it before it is read"
    ),
    "quote_tui/engine/near/pairs.py | _BlockRows.__init__: 0 -> -1 in `self.first = -1`": (
        "the first row taken sets it before it is read"
    ),
    "quote_tui/engine/near/pairs.py | _FEW_LACKING: 8 -> 9 in `_FEW_LACKING = 9`": (
        "which of two ways packs a word's blocks: both give the same numbers"
    ),
    "quote_tui/engine/near/pairs.py | _FEW_LACKING: 8 -> 7 in `_FEW_LACKING = 7`": (
        "which of two ways packs a word's blocks: both give the same numbers"
    ),
    "quote_tui/engine/near/pairs.py | _BlockRows.take: < -> <= in "
    "`(count - holders) * _FEW_LACKING <= count`": (
        "which of two ways packs a word's blocks: both give the same numbers"
    ),
    "quote_tui/engine/near/align.py | beside_hits: 1 -> 2 in `k + 2`": (
        "a longer separator only makes an alignment across it dearer: k + 1 bytes already cost "
        "more than the bound"
    ),
    "quote_tui/engine/near/starts.py | first_spans: < -> <= in `cutting[before][2] <= e`": (
        "ends are distinct and the end being placed is not in the list yet: no span there ends "
        "at it"
    ),
    "quote_tui/engine/note_marks.py | _marks_inside: < -> <= in "
    "`bisect_right(view.at, start) <= bisect_left(view.at, end)`": (
        "a hit with no mark inside reads the same characters as the text where it maps, and the "
        "tiers before this one found nothing there; the check only spares the mapping"
    ),
    "quote_tui/engine/meaning.py | _SIGN_REACH: 3 -> 4 in `_SIGN_REACH = 4`": (
        "the window needs only the longest sign (three characters): the pattern is anchored at "
        "the number, so a wider window finds the same sign"
    ),
    "quote_tui/engine/meaning.py | sign_before: 0 -> -1 in `max(-1, pos - _SIGN_REACH)`": (
        "re reads a negative start as 0"
    ),
    "quote_tui/engine/quote_parts.py | edge_span: 0 -> -1 in `max(-1, start - _EDGE_REACH)`": (
        "re reads a negative start as 0"
    ),
    "quote_tui/engine/diff.py | _align: 1 -> 0 in `range(0, rows)`": (
        "cell (0, 0) is then written as a gap too; the trace back stops there, never reading it"
    ),
    "quote_tui/engine/diff.py | _align: 1 -> 0 in `range(0, cols)`": (
        "cell (0, 0) is then written as a gap too; the trace back stops there, never reading it"
    ),
    "quote_tui/engine/diff.py | _align: 0 -> 1 in `[1]`": (
        "every cell but (0, 0) is written before it is read; (0, 0)'s cost is in every path"
    ),
    "quote_tui/engine/diff.py | _align: 0 -> -1 in `[-1]`": (
        "every cell but (0, 0) is written before it is read; (0, 0)'s cost is in every path"
    ),
    "quote_tui/engine/diff.py | _align: 0 -> -1 in "
    "`(cost[i - 1][j - 1] + _cost(qs[i - 1], ss[j - 1]), -1)`": (
        "the pairing move is told apart from the gaps only by being neither 1 nor 2, and still "
        "wins ties as the smallest"
    ),
    "quote_tui/engine/diff.py | _align: 1 -> 2 in `-2`": (
        "-1 and -2 both mark the side without a token: only its sign is read"
    ),
    "quote_tui/engine/diff.py | _align: 1 -> 2 in `-2` #2": (
        "-1 and -2 both mark the side without a token: only its sign is read"
    ),
    "quote_tui/engine/quote_parts.py | _trim: > -> >= in `b >= a`": (
        "an empty fragment stays empty: an end below its start is skipped as an equal one is"
    ),
}

# Libraries the tests import, loaded once in the parent so each forked child starts warm.
_WARM = ("hypothesis", "rapidfuzz", "httpx", "textual", "rich", "pymupdf")


@dataclass(slots=True)
class Tally:
    killed: int = 0
    survived: list[Mutant] = field(default_factory=list)
    equivalent: list[Mutant] = field(default_factory=list)
    equivalent_killed: list[Mutant] = field(default_factory=list)
    timeouts: list[Mutant] = field(default_factory=list)


# --- running them


def _copy(dest: Path) -> None:
    shutil.copytree(
        ROOT / "quote_tui", dest / "quote_tui", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copytree(ROOT / "tests", dest / "tests", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "pyproject.toml", dest / "pyproject.toml")


class _LineMap:
    """pytest plugin for the unmodified run: which tests run which lines of the target."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.current = ""
        self.hits: dict[int, set[str]] = {}
        self.seconds: dict[str, float] = {}

    def _global(self, frame: FrameType, event: str, arg: object) -> Callable | None:
        return self._local if frame.f_code.co_filename == self.filename else None

    def _local(self, frame: FrameType, event: str, arg: object) -> Callable | None:
        if event == "line":
            self.hits.setdefault(frame.f_lineno, set()).add(self.current)
        return self._local

    def pytest_runtest_protocol(self, item: object, nextitem: object) -> None:
        self.current = item.nodeid  # type: ignore[attr-defined]
        # the engine may run in a worker thread (the service's to_thread)
        threading.settrace(self._global)
        sys.settrace(self._global)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.seconds[report.nodeid] = self.seconds.get(report.nodeid, 0.0) + report.duration

    def pytest_runtest_logfinish(self, nodeid: str, location: object) -> None:
        sys.settrace(None)
        threading.settrace(None)  # type: ignore[arg-type]


class _Only:
    """pytest plugin for a mutant's run: deselect every test but those that reach it, keeping
    the target's order (the likeliest killers first)."""

    def __init__(self, wanted: set[str] | None) -> None:
        self.wanted = wanted

    def pytest_collection_modifyitems(self, config: object, items: list) -> None:
        if self.wanted is not None:
            items[:] = [i for i in items if i.nodeid in self.wanted]


def _pytest_args(target: Target, files: tuple[str, ...] | None = None) -> list[str]:
    return ["-q", "-x", "-p", "no:cacheprovider", *(files or target.tests)]


def _fork(where: Path, body: Callable[[], int], log: Path | None = None) -> int:
    """Run ``body`` in a child forked in its own process group, working in ``where``, its
    output thrown away (or written to ``log``)."""
    pid = os.fork()
    if pid:
        return pid
    code = 70
    try:
        os.setsid()  # its own group, so a timeout kills whatever the tests started
        os.chdir(where)
        sys.path.insert(0, str(where))
        out = os.open(log or os.devnull, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(out, 1)
        os.dup2(out, 2)
        # Property tests run the same examples for every mutant and never fail on a clock: a
        # loaded machine (or the tracer) must not kill a mutant, nor one mutant's examples
        # another's.
        hypothesis.settings.register_profile(
            "mutants", deadline=None, derandomize=True, database=None
        )
        hypothesis.settings.load_profile("mutants")
        code = body()
    finally:
        os._exit(code)


def _line_map(
    where: Path, target: Target, timeout: float
) -> tuple[dict[int, set[str]], dict[str, float], float]:
    """Run the target's tests once on the unmodified copy, recording the tests per line and
    each test's seconds (traced, so slower than a mutant's run)."""
    out = where / "line-map.json"

    def body() -> int:
        plugin = _LineMap(str(where / target.module))
        code = int(pytest.main(_pytest_args(target), plugins=[plugin]))
        hits = {line: sorted(tests) for line, tests in plugin.hits.items()}
        data = {"code": code, "hits": hits, "seconds": plugin.seconds}
        out.write_text(json.dumps(data), encoding="utf-8")
        return code

    begun = time.monotonic()
    log = where / "baseline.log"
    pid = _fork(where, body, log)
    status = _wait(pid, timeout)
    seconds = time.monotonic() - begun
    if status != 0 or not out.is_file():
        print(log.read_text(encoding="utf-8", errors="replace")[-4000:])
        raise SystemExit(f"FAIL: the tests of {target.module} do not pass on the unmodified copy")
    data = json.loads(out.read_text(encoding="utf-8"))
    out.unlink()
    return {int(k): set(v) for k, v in data["hits"].items()}, data["seconds"], seconds


def _wait(pid: int, timeout: float) -> int | None:
    """The child's exit code, or None when it outlived ``timeout`` (then it is killed)."""
    deadline = time.monotonic() + timeout
    try:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                return os.waitstatus_to_exitcode(status)
            if time.monotonic() > deadline:
                _kill(pid)
                return None
            time.sleep(0.02)
    except KeyboardInterrupt:
        _kill(pid)
        raise


def _kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGKILL)
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)


@dataclass(slots=True)
class _Slot:
    where: Path
    pid: int = 0
    mutant: Mutant | None = None
    deadline: float = 0.0


def _install(where: Path, mutant: Mutant | None, originals: dict[str, str]) -> None:
    """Write a mutant (or, with None, the originals as copied) into a copy of the package;
    the targets' bytecode is dropped either way, so no run ever loads another one's."""
    for module in originals:
        cached = where / Path(module).parent / "__pycache__"
        for pyc in cached.glob(Path(module).stem + ".*.pyc"):
            pyc.unlink()
    if mutant is None:
        for module, text in originals.items():
            (where / module).write_text(text, encoding="utf-8")
        return
    (where / mutant.target.module).write_text(mutant.source, encoding="utf-8")


def _reaching(mutant: Mutant, hits: dict[int, set[str]]) -> set[str] | None:
    """The tests that run the mutated lines; None for all of them (a line run on import)."""
    if mutant.at_import:
        return None
    out: set[str] = set()
    for line in range(mutant.line, mutant.end_line + 1):
        out |= hits.get(line, set())
    return out


def _warm() -> None:
    """Import pytest, its plugins and the tests' libraries once, before any fork."""
    import importlib.metadata

    for ep in importlib.metadata.entry_points(group="pytest11"):
        with contextlib.suppress(Exception):
            ep.load()
    for module in _WARM:
        with contextlib.suppress(ImportError):
            __import__(module)


def run(
    targets: list[Target], sample: int, jobs: int
) -> tuple[dict[str, Tally], dict[str, list[Mutant]]]:
    """Map the tests to lines, then run each chosen mutant in ``jobs`` forked children at a
    time; tallies per module, and the mutants no test reaches."""
    tallies = {t.module: Tally() for t in targets}
    unreached: dict[str, list[Mutant]] = {t.module: [] for t in targets}
    _warm()
    with tempfile.TemporaryDirectory(prefix="rules-mutants-") as tmp:
        slots = [_Slot(Path(tmp) / f"copy{i}") for i in range(jobs)]
        for slot in slots:
            _copy(slot.where)
        # as copied: the working tree may change while the mutants run
        originals = {
            t.module: (slots[0].where / t.module).read_text(encoding="utf-8") for t in targets
        }
        queue: list[tuple[Mutant, set[str] | None, float]] = []
        for target in targets:
            hits, per_test, seconds = _line_map(slots[0].where, target, 900)
            print(f"ok: {target.module} tests pass unmodified ({seconds:.1f} s, traced)")
            for mutant in _sample(mutants(target), sample):
                wanted = _reaching(mutant, hits)
                if wanted is not None and not wanted:
                    unreached[target.module].append(mutant)
                    continue
                chosen = per_test.values() if wanted is None else (per_test[t] for t in wanted)
                # the traced run's time three times, and a start: the tracer alone makes a run
                # two to three times slower, so a run on a loaded machine (CI runs this beside
                # the tests) still fits, and a mutant's endless loop, which burns a core till it
                # is killed, is not waited for long
                queue.append((mutant, wanted, 10.0 + 3 * sum(chosen)))
        total, shown = len(queue), time.monotonic()
        try:
            while queue or any(s.pid for s in slots):
                if time.monotonic() - shown > 30:  # a sign of life in a long run's log
                    shown = time.monotonic()
                    print(f"  {total - len(queue)}/{total} mutants started", flush=True)
                for slot in slots:
                    if slot.pid or not queue:
                        continue
                    mutant, wanted, limit = queue.pop(0)
                    _install(slot.where, mutant, originals)
                    slot.pid = _fork(slot.where, _runner(mutant, wanted))
                    slot.mutant, slot.deadline = mutant, time.monotonic() + limit
                _reap(slots, tallies, originals)
        except KeyboardInterrupt:
            for slot in slots:
                if slot.pid:
                    _kill(slot.pid)
            raise
    return tallies, unreached


def _runner(mutant: Mutant, wanted: set[str] | None) -> Callable[[], int]:
    files = None
    if wanted is not None:
        files = tuple(t for t in mutant.target.tests if any(w.startswith(t) for w in wanted))

    def body() -> int:
        return int(pytest.main(_pytest_args(mutant.target, files), plugins=[_Only(wanted)]))

    return body


def _reap(slots: list[_Slot], tallies: dict[str, Tally], originals: dict[str, str]) -> None:
    time.sleep(0.02)
    for slot in slots:
        if not slot.pid or slot.mutant is None:
            continue
        mutant = slot.mutant
        pid, status = os.waitpid(slot.pid, os.WNOHANG)
        timed_out = False
        if pid == 0:
            if time.monotonic() < slot.deadline:
                continue
            _kill(slot.pid)
            timed_out, status = True, 1 << 8
        code = os.waitstatus_to_exitcode(status)
        tally = tallies[mutant.target.module]
        key = f"{mutant.target.module} | {mutant.name}"
        if code == 0:
            (tally.equivalent if key in EQUIVALENT else tally.survived).append(mutant)
        elif key in EQUIVALENT:
            tally.equivalent_killed.append(mutant)
        else:
            tally.killed += 1
            if timed_out:
                tally.timeouts.append(mutant)
        _install(slot.where, None, originals)
        slot.pid, slot.mutant = 0, None


def _sample(found: list[Mutant], size: int) -> list[Mutant]:
    """A fixed sample per module (the same on every run of the same code)."""
    if size <= 0 or len(found) <= size:
        return found
    picked = sorted(random.Random(34).sample(range(len(found)), size))
    return [found[i] for i in picked]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=0, help="mutants per module (0: all)")
    parser.add_argument("--jobs", type=int, default=2, help="mutants run at once")
    parser.add_argument("--min-score", type=float, default=90.0)
    parser.add_argument("--list", action="store_true", help="print the mutants and stop")
    parser.add_argument("--module", action="append", help="only this module (repeatable)")
    args = parser.parse_args(argv)
    targets = [t for t in TARGETS if not args.module or t.module in args.module]
    found = {t.module: mutants(t) for t in targets}
    if args.list:
        for ms in found.values():
            for m in ms:
                print(f"{m.target.module}:{m.line} | {m.name}")
        return 0
    names = {f"{m.target.module} | {m.name}" for ms in found.values() for m in ms}
    stale = [key for key in EQUIVALENT if key.split(" | ")[0] in found and key not in names]
    begun = time.monotonic()
    # a CI job cancelled (SIGTERM) cleans up as Ctrl-C does: children killed, copies removed
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even when started in background
    tallies, unreached = run(targets, args.sample, max(1, args.jobs))
    failed = bool(stale)
    for target in targets:
        tally = tallies[target.module]
        survived = len(tally.survived) + len(unreached[target.module])
        total = tally.killed + survived
        score = 100.0 * tally.killed / total if total else 100.0
        failed |= score < args.min_score
        print(f"{target.module} score={score:.0f}% killed={tally.killed} survived={survived}")
    for target in targets:
        tally = tallies[target.module]
        for m in unreached[target.module]:
            print(f"  survived (no test runs it): {m.target.module}:{m.line} | {m.name}")
        for m in tally.survived:
            print(f"  survived: {m.target.module}:{m.line} | {m.name}")
        for m in tally.equivalent_killed:
            print(f"  killed though listed as equivalent: {m.target.module} | {m.name}")
        if tally.equivalent:
            print(f"  {target.module}: {len(tally.equivalent)} equivalent mutants left out")
        for m in tally.timeouts:
            print(f"  killed by the time limit: {m.target.module}:{m.line} | {m.name}")
    for key in stale:
        print(f"FAIL: EQUIVALENT names no mutant any more (update the table): {key}")
    chosen = sum(len(_sample(found[t.module], args.sample)) for t in targets)
    print(f"{chosen} mutants in {time.monotonic() - begun:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

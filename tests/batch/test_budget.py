"""Time budgets and isolated readers: a check or a read that runs long or crashes costs only
itself, and the rest of the batch is checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.batch.pipeline import check_batch
from quote_tui.batch.report import citation_entry
from quote_tui.batch.runner import LocalRunner
from quote_tui.batch.service import Service
from quote_tui.batch.specs import Batch, CitationSpec, Settings, SourceSpec
from quote_tui.engine.budget import BudgetExceeded, armed, checkpoint
from quote_tui.engine.check import check
from quote_tui.engine.text import PreparedText
from quote_tui.sources.readers.isolated import FAULT_ENV, isolation_available

needs_fork = pytest.mark.skipif(not isolation_available(), reason="needs fork and Unix sockets")

REPEATED = "the committee approved the plan after a long debate. " * 2_000
ABSENT = "the board rejected every proposal without any debate at all"


def test_checkpoint_raises_only_once_the_budget_is_spent() -> None:
    spent = False
    with armed(lambda: spent):
        checkpoint()
        spent = True
        with pytest.raises(BudgetExceeded) as caught:
            checkpoint()
    assert caught.value.code == "time_budget"
    assert caught.value.recovery == "raise_time_budget"
    checkpoint()  # disarmed again outside the block


@pytest.mark.parametrize(
    "quote",
    [
        "the committee approved the plan after a long debate.",  # exact tier, many occurrences
        ABSENT,  # near tier
    ],
)
def test_engine_loops_reach_a_checkpoint(quote: str) -> None:
    prepared = PreparedText(REPEATED)
    assert check(prepared, quote).status  # unbudgeted, it finishes
    with armed(lambda: True), pytest.raises(BudgetExceeded):
        check(prepared, quote)


async def test_citation_past_its_budget_is_inconclusive(tmp_path: Path) -> None:
    (tmp_path / "repeated.txt").write_text(REPEATED, encoding="utf-8")
    (tmp_path / "good.txt").write_text("A short and quiet text.", encoding="utf-8")
    batch = Batch(
        (SourceSpec("r", ref="repeated.txt"), SourceSpec("g", ref="good.txt")),
        (CitationSpec("slow", "r", ABSENT), CitationSpec("ok", "g", "short and quiet")),
        base_dir=tmp_path,
    )
    # a budget of a microsecond is spent before the engine reaches its first checkpoint
    async with Service(Settings(citation_timeout=1e-6)) as service:
        source = await service.load_source(batch.sources[0], base_dir=tmp_path)
        slow = await service.check_citation(batch.citations[0], source)
    assert slow.status == "inconclusive"
    assert slow.error is not None and slow.error.code == "time_budget"
    report = await check_batch(batch, Settings(citation_timeout=30))
    ok = report["citations"][1]
    assert ok["status"] == "exact" and "reason" not in ok
    timed = citation_entry(slow, source)
    assert timed["reason"] == "time_budget"
    assert timed["error"]["code"] == "time_budget"


@needs_fork
async def test_reader_that_aborts_costs_only_its_source(
    corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pdf = corpus_dir / "pdf" / "sainte-adele-pv-fr.pdf"
    html = corpus_dir / "html" / "ebb-org.html"
    crashing = corpus_dir / "pdf" / "shinyama-naacl2006.pdf"
    pdf_quote = "à 16h00 à la salle du conseil"
    html_quote = "have been emailing, phoning, texting, tagging me on social media"
    monkeypatch.setenv(FAULT_ENV, f"abort:{crashing.name}")
    batch = Batch(
        (
            SourceSpec("pdf", ref=str(pdf)),
            SourceSpec("crash", ref=str(crashing)),
            SourceSpec("html", ref=str(html)),
        ),
        (
            CitationSpec("c1", "pdf", pdf_quote),
            CitationSpec("c2", "crash", "Preemptive Information Extraction"),
            CitationSpec("c3", "html", html_quote),
        ),
    )
    report = await check_batch(batch)
    sources = {s["id"]: s for s in report["sources"]}
    assert sources["crash"]["status"] == "unavailable"
    assert sources["crash"]["error"]["code"] == "reader_crashed"
    assert sources["pdf"]["status"] == sources["html"]["status"] == "readable"
    statuses = [c["status"] for c in report["citations"]]
    assert statuses[1] == "unavailable"
    assert statuses[0] in ("exact", "normalized") and statuses[2] in ("exact", "normalized")


@needs_fork
async def test_read_past_its_budget_is_stopped(
    corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hanging = corpus_dir / "html" / "heise.html"
    monkeypatch.setenv(FAULT_ENV, f"hang:{hanging.name}")
    batch = Batch(
        (SourceSpec("h", ref=str(hanging)), SourceSpec("t", text="Plain words here.")),
        (CitationSpec("c1", "h", "one time passwords"), CitationSpec("c2", "t", "Plain words")),
    )
    report = await check_batch(batch, Settings(read_timeout=1.0))
    source = report["sources"][0]
    assert source["status"] == "unavailable"
    assert source["error"]["code"] == "timeout"
    assert [c["status"] for c in report["citations"]] == ["unavailable", "exact"]


@needs_fork
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
async def test_a_read_starved_of_the_processor_is_waited_for(
    corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the child is given half a second of processor time over 3 s on the clock, as a loaded
    # machine gives it: a budget of 1 s is processor time, and the read is not cut
    page = corpus_dir / "html" / "heise.html"
    monkeypatch.setenv(FAULT_ENV, f"crawl:{page.name}")
    batch = Batch((SourceSpec("h", ref=str(page)),), (CitationSpec("c", "h", "Passwörter"),))
    report = await check_batch(batch, Settings(read_timeout=1.0))
    assert report["sources"][0]["status"] == "readable"


@needs_fork
async def test_a_read_that_spins_is_stopped_at_its_processor_budget(
    corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = corpus_dir / "html" / "heise.html"
    monkeypatch.setenv(FAULT_ENV, f"spin:{page.name}")
    batch = Batch((SourceSpec("h", ref=str(page)),), (CitationSpec("c", "h", "Passwörter"),))
    report = await check_batch(batch, Settings(read_timeout=1.0))
    assert report["sources"][0]["error"]["code"] == "timeout"


async def test_mcp_tools_take_a_citation_budget() -> None:
    from quote_tui.mcp_server import _Tools

    tools = _Tools(Settings(allow_local=False))
    sources = [{"id": "t", "text": REPEATED}]
    citations = [{"id": "c", "source": "t", "quote": ABSENT}]
    spent = await tools.check_citations(sources, citations, citation_timeout=1e-6)
    assert spent["citations"][0]["status"] == "inconclusive"
    assert spent["citations"][0]["reason"] == "time_budget"
    exact = [{"id": "c", "source": "t", "quote": "approved the plan after a long debate"}]
    whole = await tools.check_citations(sources, exact)
    assert whole["citations"][0]["status"] == "exact"


def test_cli_budget_options(tmp_path: Path) -> None:
    import subprocess
    import sys

    (tmp_path / "b.json").write_text(
        '{"sources": [{"id": "t", "text": "Plain words here."}],'
        ' "citations": [{"id": "c", "source": "t", "quote": "Plain words"}]}',
        encoding="utf-8",
    )
    base = [sys.executable, "-m", "quote_tui", "check", str(tmp_path / "b.json")]
    bad = subprocess.run([*base, "--citation-timeout", "-1"], capture_output=True, text=True)
    assert bad.returncode == 2 and "--citation-timeout" in bad.stderr
    out = tmp_path / "r.json"
    good = subprocess.run(
        [*base, "-o", str(out), "--citation-timeout", "5", "--read-timeout", "0"],
        capture_output=True,
        text=True,
    )
    assert good.returncode == 0, good.stderr
    import json

    settings = json.loads(out.read_text(encoding="utf-8"))["settings"]
    assert settings["citation_timeout"] == 5 and settings["read_timeout"] is None


async def test_check_that_never_reaches_a_checkpoint_is_abandoned(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import threading
    import time

    import quote_tui.batch.service as service_module

    def stuck(*args: object, **kwargs: object) -> None:
        threading.Event().wait(10)  # native code that never returns to a checkpoint

    monkeypatch.setattr(service_module, "engine_check", stuck)
    batch = Batch((SourceSpec("t", text="Plain words here."),), (CitationSpec("c", "t", "x"),))
    started = time.monotonic()
    report = await check_batch(batch, Settings(citation_timeout=0.2))
    assert time.monotonic() - started < 3  # the budget plus its margin, not the 10 s
    entry = report["citations"][0]
    assert entry["status"] == "inconclusive" and entry["reason"] == "time_budget"
    assert entry["error"]["code"] == "time_budget"


@needs_fork
async def test_services_in_one_process_share_one_reader_server(
    corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process that opens a service per request (MCP, HTTP, a cluster worker) starts the
    reader server once, and a crash in one read leaves it serving the next."""
    from quote_tui.sources.readers.isolated import shared_pool

    html = corpus_dir / "html" / "ebb-org.html"
    crashing = corpus_dir / "pdf" / "shinyama-naacl2006.pdf"
    servers = set()
    for _ in range(3):
        async with Service() as service:
            outcome = await service.load_source(SourceSpec("h", ref=str(html)))
        assert outcome.loaded is not None
        server = shared_pool()._server
        assert server is not None and server.poll() is None
        servers.add(server.pid)
    monkeypatch.setenv(FAULT_ENV, f"abort:{crashing.name}")
    async with Service() as service:
        crashed = await service.load_source(SourceSpec("c", ref=str(crashing)))
        again = await service.load_source(SourceSpec("h", ref=str(html)))
    assert crashed.error is not None and crashed.error.code == "reader_crashed"
    assert again.loaded is not None
    assert {shared_pool()._server.pid} == servers  # type: ignore[union-attr]


async def test_work_threads_are_reused_and_an_abandoned_one_is_replaced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import threading
    import time

    import quote_tui.batch.service as service_module

    def work_threads() -> int:
        return sum(t.name == "quote_tui-work" for t in threading.enumerate())

    sources = tuple(SourceSpec(f"s{i}", text=f"Source {i}: the sky is blue.") for i in range(20))
    citations = tuple(CitationSpec(f"c{i}", f"s{i}", "the sky is blue") for i in range(20))
    settings = Settings(concurrency=2)
    async with Service(settings) as service:
        runner = LocalRunner(service)
        for _ in range(5):  # 200 reads and checks
            report = await check_batch(Batch(sources, citations), settings, runner=runner)
            assert {c["status"] for c in report["citations"]} == {"exact"}
    before = work_threads()
    assert 1 <= before <= 12  # idle threads wait for work; a thread per call ended each one

    release = threading.Event()
    real = service_module.engine_check

    def stuck(*args: object, **kwargs: object) -> None:
        release.wait(10)  # native code that never returns to a checkpoint

    monkeypatch.setattr(service_module, "engine_check", stuck)
    one = Batch(sources[:1], citations[:1])
    budgeted = Settings(citation_timeout=0.2)
    async with Service(budgeted) as service:
        runner = LocalRunner(service)
        stalled = await check_batch(one, budgeted, runner=runner)
        monkeypatch.setattr(service_module, "engine_check", real)
        started = time.monotonic()
        after = await check_batch(one, budgeted, runner=runner)
    release.set()
    assert stalled["citations"][0]["status"] == "inconclusive"
    assert after["citations"][0]["status"] == "exact" and time.monotonic() - started < 3

"""Readers given malformed input end in a verdict or a typed error, and fast.

The first tests pin each finding of ``scripts/fuzz_readers.py`` at its cause (an untyped
exception, or a hang from work quadratic in the input); the last runs a fixed-seed slice of the
fuzzer itself, real worker processes included.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
import time
import zipfile
from pathlib import Path
from typing import Any

import pymupdf
import pytest
from hypothesis import given
from hypothesis import strategies as st

from quote_tui.batch.batchfile import load_batch
from quote_tui.engine.errors import BatchInputError
from quote_tui.manuscripts import scan
from quote_tui.manuscripts.bibliography import load_bibliography, parse_csl_json
from quote_tui.manuscripts.latex import read_latex
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pubmed import extract_medline
from quote_tui.workspace import WorkspaceCorruptError, load_workspace

ROOT = Path(__file__).resolve().parents[1]
DEEP = 200_000  # deeper than any recursion limit


def _fast(seconds: float, started: float) -> None:
    # The quadratic versions took minutes on these inputs; the bound only guards against that.
    assert time.perf_counter() - started < seconds


def _scan_tex(folder: Path, text: str, *, seconds: float) -> Any:
    """Scan ``text`` as a LaTeX manuscript, within a bound only a quadratic reader would miss."""
    path = folder / "main.tex"
    path.write_text(text, encoding="utf-8")
    started = time.perf_counter()
    result = scan(path)
    _fast(seconds, started)
    return result


def test_latex_many_unclosed_commands_and_environments_stay_linear(tmp_path: Path) -> None:
    text = (
        "\\documentclass{article}\\begin{document}\n"
        "Here ``a quotation of enough words to count'' \\cite[p.~4]{k1}.\n"
        + "\\enquote{" * 30_000
        + "\\begin{quote}" * 30_000
        + "\n\\end{document}\n"
    )
    path = tmp_path / "main.tex"
    path.write_text(text, encoding="utf-8")
    started = time.perf_counter()
    ms = read_latex(text, path)
    _fast(10, started)
    assert "a quotation of enough words to count" in ms.documents[0].text


def test_latex_groups_still_nest_and_escape(tmp_path: Path) -> None:
    text = "\\enquote{outer {inner} \\} still} after \\enquote{never closed"
    path = tmp_path / "x.tex"
    path.write_text(text, encoding="utf-8")
    ms = read_latex(text, path)
    doc = ms.documents[0]
    (block,) = [b for b in doc.blocks if b.inline]
    assert doc.text[block.start : block.end] == "outer {inner} \\} still"


def test_medline_with_a_very_long_field_is_read_in_linear_time() -> None:
    text = "PMID- 1\nTI  - A title\nAB  - The start\n" + "      and more words\n" * 100_000
    started = time.perf_counter()
    record = extract_medline(text)
    _fast(10, started)
    assert record.text.count("and more words") == 100_000
    assert "The start and more words and more words" in record.text


def test_pdf_page_tree_naming_missing_pages(tmp_path: Path) -> None:
    doc = pymupdf.open()
    for n in (1, 2):
        doc.new_page().insert_text((72, 72), f"Page {n} holds enough words to be a text layer.")
    data = doc.tobytes(expand=255)
    assert data.count(b"/Count 2") == 1
    pdf = extract_pdf(data.replace(b"/Count 2", b"/Count 5"))
    assert "Page 1 holds" in pdf.text and "Page 2 holds" in pdf.text
    assert len(pdf.page_starts) == pdf.page_count == 5  # the missing pages stay, empty


def test_bibtex_in_a_legacy_encoding(tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_bytes(
        "@book{k, title = {Caf\u00e9 society}, author = {M\u00fcller, A}}".encode("cp1252")
    )
    (entry,) = load_bibliography(bib)
    assert entry.title == "Caf\u00e9 society" and entry.authors == ("M\u00fcller",)


@pytest.mark.parametrize(
    "issued",
    [{"date-parts": 2020}, {"date-parts": {"0": [2020]}}, {"date-parts": [2020]}, 7, [5]],
)
def test_csl_items_of_the_wrong_shape(issued: object) -> None:
    text = json.dumps([{"id": "a", "title": "T", "issued": issued, "author": 5}])
    (entry,) = parse_csl_json(text)
    assert entry.key == "a" and entry.year is None and entry.authors == ()


def test_csl_raw_date_is_still_read() -> None:
    (entry,) = parse_csl_json('[{"id": "a", "issued": {"raw": "May 2019"}}]')
    assert entry.year == "2019"


def test_deeply_nested_json_is_a_typed_error_everywhere(tmp_path: Path) -> None:
    deep = "[" * DEEP + "]" * DEEP
    batch = tmp_path / "batch.json"
    batch.write_text(deep)
    with pytest.raises(BatchInputError) as raised:
        load_batch(batch)
    assert raised.value.code == "bad_batch"
    bib = tmp_path / "refs.json"
    bib.write_text(deep)
    with pytest.raises(BatchInputError) as raised:
        load_bibliography(bib)
    assert raised.value.code == "bad_manuscript"
    workspace = tmp_path / "ws.json"
    workspace.write_text(deep)
    with pytest.raises(WorkspaceCorruptError):
        load_workspace(workspace)
    claims = tmp_path / "claims.json"
    claims.write_text(deep)
    with pytest.raises(BatchInputError):
        scan(claims)


def _small_docx(path: Path) -> bytearray:
    sys.path.insert(0, str(ROOT))
    from tests.manuscripts import wordxml as wx

    d = wx.new_document()
    d.add_paragraph("Text with \u201ca quotation of several words\u201d in it.")
    d.save(str(path))
    return bytearray(path.read_bytes())


def _bad_manuscript(path: Path, data: bytearray) -> BatchInputError:
    path.write_bytes(bytes(data))
    with pytest.raises(BatchInputError) as raised:
        scan(path)
    assert raised.value.code == "bad_manuscript"
    return raised.value


def test_docx_with_a_damaged_part_header(tmp_path: Path) -> None:
    path = tmp_path / "paper.docx"
    data = _small_docx(path)
    with zipfile.ZipFile(path) as zf:
        offset = zf.getinfo("word/document.xml").header_offset
    data[offset : offset + 4] = b"JUNK"  # the part's local header signature
    assert "word/document.xml" in _bad_manuscript(path, data).message


def test_docx_whose_directory_claims_an_unknown_zip_version(tmp_path: Path) -> None:
    path = tmp_path / "paper.docx"
    data = _small_docx(path)
    entry = data.index(b"PK\x01\x02")  # the first central directory record
    data[entry + 6 : entry + 8] = (195).to_bytes(2, "little")  # version needed: 19.5
    _bad_manuscript(path, data)


def test_docx_with_broken_styles_still_reads(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from tests.manuscripts import wordxml as wx

    path = tmp_path / "paper.docx"
    d = wx.new_document()
    d.add_paragraph("She writes \u201ca quotation of several words here\u201d once.")
    d.save(str(path))
    with zipfile.ZipFile(path) as zin:
        parts = {n: zin.read(n) for n in zin.namelist()}
    parts["word/styles.xml"] = b"<w:styles><broken"
    with zipfile.ZipFile(path, "w") as zout:
        for name, content in parts.items():
            zout.writestr(name, content)
    result = scan(path)
    assert [c.quote for c in result.citations] == ["a quotation of several words here"]


def test_a_fixed_slice_of_the_fuzzer_has_no_findings() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    import fuzz_readers

    kinds = fuzz_readers.GENERATED_KINDS
    if fuzz_readers.CORPUS.is_dir():
        kinds = (*fuzz_readers.CORPUS_KINDS, *kinds)
    summary = fuzz_readers.run(
        40, seed=20_260_101, jobs=2, timeout=60, kinds=kinds, max_size=60_000
    )
    print(fuzz_readers.report(summary))
    assert summary.total == 40
    assert summary.findings == []
    outcomes = {outcome for _, outcome in summary.counts}
    assert outcomes == {"verdict", "error"}  # both ends are reached, so the slice tests something


def test_latex_many_unclosed_verbatim_and_bibliography_environments(tmp_path: Path) -> None:
    text = (
        "\\begin{document}\nThey say ``a quotation of enough words to count'' here.\n"
        "\\begin{verbatim}``hidden verbatim words are never quotations''\\end{verbatim}\n"
        + "\\begin{verbatim}\\begin{thebibliography}" * 15_000
        + "\n\\end{document}\n"
    )
    path = tmp_path / "main.tex"
    path.write_text(text, encoding="utf-8")
    started = time.perf_counter()
    ms = read_latex(text, path)
    _fast(10, started)
    result = scan(path)
    assert [c.quote for c in result.citations] == ["a quotation of enough words to count"]
    assert "verbatim" in ms.documents[0].text  # the text is kept; only the scan skips it


def test_word_counts_and_mentions_within_bounds_match_slices() -> None:
    from quote_tui.manuscripts.quotes import count_words, has_words
    from quote_tui.manuscripts.refs import find_mentions

    text = "See (Smith, 2020, p. 4) and doi:10.1000/xyz; it's a well-known [@key] claim 42."
    for start in range(0, len(text), 7):
        for end in range(start, len(text) + 1, 5):
            words = count_words(text[start:end])
            assert has_words(text, start, end, words) and not has_words(text, start, end, words + 1)
            sliced = [(m.start, m.end, m.style) for m in find_mentions(text[:end], start)]
            bounded = [(m.start, m.end, m.style) for m in find_mentions(text, start, end)]
            assert bounded == sliced


def test_cover_answers_membership_of_overlapping_spans() -> None:
    from quote_tui.manuscripts.extract import _Cover

    spans = [(10, 20), (15, 30), (40, 41), (5, 5), (50, 60), (0, 3)]
    cover = _Cover(spans)
    for pos in range(-2, 70):
        assert (pos in cover) == any(a <= pos < b for a, b in spans)


def test_a_file_name_too_long_is_unreadable_not_a_crash(tmp_path: Path) -> None:
    from quote_tui.engine.errors import SourceError
    from quote_tui.sources.readers.local import read_path

    with pytest.raises(SourceError) as raised:
        read_path(tmp_path / ("x" * 5_000))
    assert raised.value.code == "unreadable"


def test_quotations_nested_thousands_deep_are_bounded(tmp_path: Path) -> None:
    from quote_tui.manuscripts.extract import _MAX_QUOTE_SPAN, _QUOTED_PER_CHAR

    # One citation: a text that cites nothing lists no quotation without evidence.
    text = "\\enquote{four words in here " * 1_500 + "}" * 1_500 + "\n\nSee \\cite{lo}.\n"
    result = _scan_tex(tmp_path, text, seconds=20)
    quoted = sum(len(c.quote) for c in result.citations)
    assert result.citations  # the inner ones are still found
    assert quoted <= _QUOTED_PER_CHAR * len(text) + _MAX_QUOTE_SPAN
    assert all(len(c.quote) <= _MAX_QUOTE_SPAN for c in result.citations)


def test_latex_input_of_a_name_too_long_is_skipped(tmp_path: Path) -> None:
    text = "\\input{" + "x" * 5_000 + "}\\input{/}\nShe writes ``a quotation of several words''.\n"
    path = tmp_path / "main.tex"
    path.write_text(text, encoding="utf-8")
    assert [c.quote for c in scan(path).citations] == ["a quotation of several words"]


def test_a_ref_with_a_lone_surrogate_is_a_bad_ref() -> None:
    from quote_tui.engine.errors import SourceError
    from quote_tui.sources.refs import parse_ref

    with pytest.raises(SourceError) as raised:
        parse_ref("notes\ud800.txt")
    assert raised.value.code == "bad_ref"
    json.dumps(raised.value.to_dict(), ensure_ascii=False).encode("utf-8")  # reportable as is


def test_unclosed_footnotes_after_quotations_stay_linear(tmp_path: Path) -> None:
    """A ``\\footnote{`` never closed made the window after each quotation before it run to
    the end of the text, and each window was searched for references (a 3 MB fuzzed LaTeX file
    ran for minutes)."""
    text = (
        "\\documentclass{article}\\begin{document}\n"
        + "He said ``a quotation of enough words to count''.\\footnote{See \\cite{k1} " * 2_000
        + "see [12] and (Lo et al., 2020) and doi:10.1000/xyz.1 " * 10_000
        + "\n\\end{document}\n"
    )
    result = _scan_tex(tmp_path, text, seconds=30)
    assert len(result.citations) >= 2_000


@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 6)), max_size=40))
def test_first_of_overlapping_keeps_what_pairwise_comparison_keeps(
    spans: list[tuple[int, int]],
) -> None:
    from quote_tui.manuscripts.refs import Mention, first_of_overlapping

    mentions = [Mention(a, a + n, "numbered", "x" * n) for a, n in spans]
    kept: list[Mention] = []
    for mention in mentions:
        if not any(o.start < mention.end and mention.start < o.end for o in kept):
            kept.append(mention)
    assert first_of_overlapping(mentions) == kept


def test_a_paragraph_of_unclosed_quotation_marks_is_linear() -> None:
    """Each closing mark searched every quotation left open in its paragraph: tens of thousands
    of unclosed LaTeX openers made a 3 MB fuzzed manuscript take half a minute."""
    from quote_tui.manuscripts.quotes import find_quotes

    text = 'He wrote ``a quotation of enough words to count" in it. ' * 20_000
    started = time.perf_counter()
    whole = text + "Then ``a last quotation of enough words'' closed."
    spans = find_quotes(whole, latex=True)
    _fast(10, started)
    assert whole[spans[-1].start : spans[-1].end] == "a last quotation of enough words"


def test_a_hang_is_counted_in_the_worker_s_processor_time_not_the_clock_s() -> None:
    """On a loaded machine a slow input's wall time runs past the limit while its worker computes
    little; only a worker that computes past the limit (or waits four times as long) is a hang."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import fuzz_readers

    if fuzz_readers._cpu_seconds(os.getpid()) is None:
        pytest.skip("this system does not report a process's processor time in /proc")
    ctx = multiprocessing.get_context("spawn")
    slots = []
    for target, args in ((time.sleep, (120,)), (sum, (range(10**13),))):
        slot = object.__new__(fuzz_readers._Slot)
        slot.proc = ctx.Process(target=target, args=args, daemon=True)
        slot.proc.start()
        slot.begin((0, "test"))
        slots.append(slot)
    waiting, computing = slots
    try:
        deadline = time.monotonic() + 60
        while not computing.late(1.0) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert computing.late(1.0)
        time.sleep(max(0.0, 1.5 - (time.monotonic() - waiting.started)))
        assert not waiting.late(1.0)  # 1.5 s of the clock, almost no processor time
        assert waiting.late(0.3)  # four times the limit of the clock: a blocked worker
    finally:
        for slot in slots:
            slot.proc.kill()
            slot.proc.join(5)

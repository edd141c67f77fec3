"""The load dialog's source facts name the open copy a DOI was read from, and its version."""

from __future__ import annotations

from quote_tui.app.screens.load_source import describe_outcome
from quote_tui.batch.outcomes import SourceOutcome
from quote_tui.batch.specs import SourceSpec
from quote_tui.sources.net.bodies import prepare_text
from quote_tui.sources.records import LoadedSource, OpenCopy, RefKind, Representation, Retrieval


def _outcome(copy: OpenCopy | None) -> SourceOutcome:
    retrieval = Retrieval(
        "doi:10.3390/curroncol30030233",
        RefKind.DOI,
        Representation.PDF_TEXT_LAYER,
        "0" * 64,
        final_url="https://repository.example.edu/ki67.pdf",
        copy=copy,
    )
    loaded = LoadedSource(retrieval, prepare_text("Ki67 testing in breast cancer.", 1000))
    return SourceOutcome(SourceSpec("ki67", ref="doi:10.3390/curroncol30030233"), loaded)


def test_the_copy_read_is_named_with_its_version() -> None:
    copy = OpenCopy("https://repository.example.edu/ki67.pdf", "Zenodo", "acceptedVersion", "cc-by")
    shown = describe_outcome(_outcome(copy)).plain
    assert "Copy accepted manuscript at Zenodo (cc-by)" in shown
    assert "Copy" not in describe_outcome(_outcome(None)).plain


def test_a_verdict_on_a_preprint_carries_the_notice_in_the_app() -> None:
    from quote_tui.app.screens.work import verdict_of
    from quote_tui.batch.outcomes import CitationOutcome
    from quote_tui.batch.specs import CitationSpec

    checked = CitationOutcome(CitationSpec("c1", "ki67", "Ki67 testing"), "exact")
    verdict = verdict_of(checked, {"copy_version": "submittedVersion"})
    assert [n.kind for n in verdict.outcome().notices] == ["other_version"]
    assert verdict.to_dict()["copy_version"] == "submittedVersion"
    plain = verdict_of(checked, {"copy_version": "publishedVersion"})
    assert plain.copy_version is None and plain.outcome().notices == ()

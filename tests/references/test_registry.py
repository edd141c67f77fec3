"""The registries' politeness helpers and their parsers."""

from __future__ import annotations

from quote_tui.sources.net.registry import _interval, contact_user_agent
from quote_tui.sources.net.works import work_from_crossref, works_from_pubmed
from tests.references.registry_fixtures import PUBMED, WAKEFIELD, WATSON_CRICK


def test_contact_user_agent() -> None:
    ua = "quote_tui/1.0 (+https://example.org/q)"
    assert (
        contact_user_agent(ua, "a@b.org")
        == "quote_tui/1.0 (+https://example.org/q; mailto:a@b.org)"
    )
    assert contact_user_agent("tool/1", "a@b.org") == "tool/1 (mailto:a@b.org)"
    assert contact_user_agent(ua, None) == ua


def test_rate_limit_headers_set_the_interval() -> None:
    assert _interval((("x-rate-limit-limit", "50"), ("x-rate-limit-interval", "1s"))) == 0.02
    assert _interval((("x-rate-limit-limit", "5"), ("x-rate-limit-interval", "2000ms"))) == 0.4
    assert _interval((("x-rate-limit-limit", "nope"),)) is None
    assert _interval(()) is None


def test_crossref_record() -> None:
    work = work_from_crossref(WATSON_CRICK)
    assert work.authors == ("Watson", "Crick") and work.years == ("1953",)
    retracted = work_from_crossref(WAKEFIELD)
    (update,) = retracted.updates
    assert (update.kind, update.doi, update.date) == (
        "retraction",
        "10.1016/s0140-6736(10)60175-4",
        "2010-02-06",
    )
    notice = work_from_crossref(
        {"DOI": "10.1/n", "update-to": [{"DOI": "10.1/x", "type": "retraction"}]}
    )
    assert notice.updates[0].kind == "retraction_of"
    related = work_from_crossref(
        {"DOI": "10.1/y", "relation": {"is-retracted-by": [{"id-type": "doi", "id": "10.1/r"}]}}
    )
    assert related.updates[0].kind == "retraction"
    notice = work_from_crossref({"relation": {"retracts": [{"id-type": "doi", "id": "10.1/x"}]}})
    assert notice.updates[0].kind == "retraction_of"


def test_pubmed_record() -> None:
    (work,) = works_from_pubmed(PUBMED["9500320"])
    assert work.pmid == "9500320" and work.years == ("1998",)
    assert work.journals == ("Lancet (London, England)", "Lancet")
    assert work.pages == "637-41"
    kinds = {(u.kind, u.pmid) for u in work.updates}
    assert ("retraction", None) in kinds and ("retraction", "20137807") in kinds
    assert works_from_pubmed(b"<PubmedArticleSet/>") == ()

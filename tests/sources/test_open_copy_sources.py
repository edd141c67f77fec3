"""Open copies, continued: arXiv's PDF address as a setting, and the error that names every
copy tried when neither the publisher's page nor any copy can be read.

Registries and copies are served on loopback (``test_openaccess``'s answers and helpers); no
test names a public host it would fetch from.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from quote_tui.engine.errors import FetchError, SourceError
from quote_tui.sources.net.openaccess import open_copies
from quote_tui.sources.net.remote import RemoteSession
from quote_tui.sources.net.settings import REGISTRY_DEFAULTS
from tests.net_fixtures import LoopbackServer
from tests.sources.test_openaccess import (
    DOI,
    load,
    location,
    serve_walled_publisher,
    settings,
    work,
)


def test_arxiv_pdf_base_is_a_registry_setting() -> None:
    assert REGISTRY_DEFAULTS["arxiv_pdf"] == "https://arxiv.org/"
    from quote_tui.api import REGISTRY_ENV

    assert REGISTRY_ENV["arxiv_pdf"] == "QUOTE_TUI_ARXIV_PDF_URL"


async def test_an_arxiv_page_is_read_as_its_pdf_from_the_configured_base(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    serve_walled_publisher(web)
    registry.route(
        f"/openalex/works/doi:{DOI}",
        json.dumps(
            work(
                location(
                    page="https://arxiv.org/abs/2301.00001",
                    version="submittedVersion",
                    host="arXiv (Cornell University)",
                    licence=None,
                )
            )
        ),
        content_type="application/json",
    )
    web.route(
        "/arxiv/pdf/2301.00001",
        (corpus_dir / "pdf" / "faragalla-ki67-curroncol.pdf").read_bytes(),
        content_type="application/pdf",
    )
    s = settings(registry, web, tmp_path / "s.sqlite3", arxiv_pdf=web.url("/arxiv/"))
    loaded = await load(s)
    assert loaded.retrieval.copy is not None
    assert loaded.retrieval.copy.url == web.url("/arxiv/pdf/2301.00001")
    assert loaded.retrieval.copy.version == "submittedVersion"
    assert web.hits["/arxiv/pdf/2301.00001"] == 1


async def test_the_error_names_every_copy_tried_and_why(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path
) -> None:
    serve_walled_publisher(web)
    gone = web.url("/repository/gone.pdf")  # not served: 404
    abstract = web.url("/repository/record")
    web.route(
        "/repository/record",
        "<html><head><title>Ki67 testing</title></head><body><p>Abstract only.</p></body></html>",
        content_type="text/html; charset=utf-8",
    )
    registry.route(
        f"/openalex/works/doi:{DOI}",
        json.dumps(
            work(
                location(pdf=gone, version="publishedVersion"),
                location(page=abstract, version="acceptedVersion"),
            )
        ),
        content_type="application/json",
    )
    with pytest.raises((FetchError, SourceError)) as info:
        await load(settings(registry, web, tmp_path / "s.sqlite3"))
    error = info.value
    assert error.details.get("reason") == "bot_challenge"  # still the publisher's error
    tried = error.details["open_copies_skipped"]
    assert tried == [f"{gone} (http error)", f"{abstract} (only the abstract)"]
    assert gone in error.message and abstract in error.message
    assert "only the abstract" in error.message


async def test_with_only_published_copies_the_error_still_names_them(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path
) -> None:
    serve_walled_publisher(web)
    gone = web.url("/repository/gone.pdf")
    registry.route(
        f"/openalex/works/doi:{DOI}",
        json.dumps(work(location(pdf=gone, version="publishedVersion"))),
        content_type="application/json",
    )
    with pytest.raises((FetchError, SourceError)) as info:
        await load(settings(registry, web, tmp_path / "s.sqlite3"))
    assert info.value.details["open_copies_skipped"] == [f"{gone} (http error)"]
    assert "Open copies tried" in info.value.message


async def test_an_answer_that_is_no_json_is_not_kept_and_a_good_one_is(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path
) -> None:
    s = settings(registry, web, tmp_path / "s.sqlite3")
    path = f"/openalex/works/doi:{DOI}"
    registry.route(path, "<html>proxy error</html>", content_type="text/html")
    async with RemoteSession(s) as session:
        first = await open_copies(session, DOI)
    assert first.problems and "OpenAlex" in first.problems[0]
    pdf = web.url("/repository/ki67.pdf")
    registry.route(path, json.dumps(work(location(pdf=pdf))), content_type="application/json")
    for _ in range(2):
        async with RemoteSession(s) as session:
            listing = await open_copies(session, DOI)
        assert [c.url for c in listing.copies] == [pdf] and not listing.problems
    assert registry.hits[path] == 2  # the bad answer was asked again, the good one kept

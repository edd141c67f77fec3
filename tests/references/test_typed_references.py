"""``refs`` on a manuscript with its reference list typed in (no .bib): APA and Vancouver lists
are read as references and checked like a bibliography's entries, against loopback registries."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from quote_tui import api
from quote_tui.batch.specs import Settings
from quote_tui.manuscripts.reflist import entry_from_text
from tests.net_fixtures import LoopbackServer
from tests.references.registry_fixtures import registry_settings, serve_registries

APA = """# Deep learning, briefly

"Deep learning allows computational models that are composed of multiple processing layers
to learn representations of data" (LeCun et al., 2015, p. 436). The double helix was described
by Watson and Crick (1954).

# References

LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. *Nature*, 521, 436-444.
https://doi.org/10.1038/nature14539

Watson, J. D., & Crick, F. H. C. (1954). Molecular structure of nucleic acids: A structure for
deoxyribose nucleic acid. *Nature*, 171, 737-738. https://doi.org/10.1038/171737a0
"""

VANCOUVER = """# Deep learning, briefly

"Deep learning allows computational models that are composed of multiple processing layers
to learn representations of data" [1].

# References

1. LeCun Y, Bengio Y, Hinton G. Deep learning. Nature. 2015;521:436-44. doi:10.1038/nature14539
2. Watson JD, Crick FHC. Molecular structure of nucleic acids. Nature. 1954;171:737-8.
   doi:10.1038/171737a0
"""


@pytest.mark.parametrize(
    ("typed", "title"),
    [
        # Vancouver: the title is the sentence after the authors, not the volume after the year
        ("LeCun Y, Bengio Y, Hinton G. Deep learning. Nature. 2015;521:436-44.", "Deep learning"),
        (
            "Lo M, Smith J, et al. Quotation accuracy. J Things. 2023;12:3070-90.",
            "Quotation accuracy",
        ),
        ("Lo K. Another work. 2020.", "Another work"),
        # APA and Harvard: the sentence after the year
        (
            "Lo, K. A., & Smith, J. (2020a). A study: of things. J X, 3(2), 1-10.",
            "A study: of things",
        ),
        ("Lo, Kyle. 2020. The Book of Things. Chicago: University Press.", "The Book of Things"),
        # Chicago's books, the year at the end; initials are still the authors
        ("Lo, K. A. The Book of Things. Chicago: University Press, 2020.", "The Book of Things"),
        ("World Health Organization. Global report. Geneva: WHO; 2019.", "Global report"),
    ],
)
def test_the_title_of_a_typed_reference(typed: str, title: str) -> None:
    assert entry_from_text("1", typed).title == title


def test_an_apa_list_is_the_references_of_a_manuscript(tmp_path: Path) -> None:
    paper = tmp_path / "paper.md"
    paper.write_text(APA, encoding="utf-8")
    refs = dict(api.read_references(paper))
    assert list(refs) == ["LeCun 2015", "Watson 1954"]
    assert refs["LeCun 2015"].doi == "10.1038/nature14539"
    assert refs["LeCun 2015"].title == "Deep learning"
    assert refs["Watson 1954"].authors[:2] == ("Watson", "Crick")


def test_the_same_author_and_year_twice_are_two_references(tmp_path: Path) -> None:
    paper = tmp_path / "paper.md"
    paper.write_text(
        "# References\n\nSmith, J. (2020). First work. Journal.\n\n"
        "Smith, J. (2020). Second work. Journal.\n",
        encoding="utf-8",
    )
    refs = api.read_references(paper)
    assert [k for k, _ in refs] == ["Smith 2020", "Smith 2020-2"]
    assert refs.warnings == ()


@pytest.mark.parametrize("text", [APA, VANCOUVER])
def test_typed_references_are_checked_like_a_bibliographys(text: str, tmp_path: Path) -> None:
    paper = tmp_path / "paper.md"
    paper.write_text(text, encoding="utf-8")
    with LoopbackServer() as server:
        serve_registries(server)
        settings = Settings(remote=registry_settings(server, tmp_path / "store.sqlite3"))
        report = asyncio.run(api.check_references(api.read_references(paper), settings=settings))
    statuses = [r["status"] for r in report["references"]]
    # LeCun 2015 agrees with Crossref; Watson and Crick's paper is registered under 1953.
    assert statuses == ["verified", "metadata_mismatch"]

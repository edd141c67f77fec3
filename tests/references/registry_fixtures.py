"""A small Crossref and PubMed on loopback, for the reference checks.

The records describe real papers' public metadata (titles, authors, journals, years, pages,
DOIs). Wakefield et al. (1998) was retracted by The Lancet in 2010; the correction and the
expression of concern attached to two other records below are made up for these tests.
"""

from __future__ import annotations

import json
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from quote_tui.sources.net.settings import RemoteSettings
from tests.net_fixtures import LoopbackServer

DEEP_LEARNING = {
    "DOI": "10.1038/nature14539",
    "type": "journal-article",
    "title": ["Deep learning"],
    "author": [
        {"given": "Yann", "family": "LeCun"},
        {"given": "Yoshua", "family": "Bengio"},
        {"given": "Geoffrey", "family": "Hinton"},
    ],
    "issued": {"date-parts": [[2015, 5, 27]]},
    "container-title": ["Nature"],
    "page": "436-444",
}
WATSON_CRICK = {
    "DOI": "10.1038/171737a0",
    "type": "journal-article",
    "title": ["Molecular Structure of Nucleic Acids: A Structure for Deoxyribose Nucleic Acid"],
    "author": [{"given": "J. D.", "family": "Watson"}, {"given": "F. H. C.", "family": "Crick"}],
    "issued": {"date-parts": [[1953, 4]]},
    "container-title": ["Nature"],
    "page": "737-738",
}
WAKEFIELD = {
    "DOI": "10.1016/S0140-6736(97)11096-0",
    "type": "journal-article",
    "title": [
        "RETRACTED: Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive "
        "developmental disorder in children"
    ],
    "author": [{"given": "A.J.", "family": "Wakefield"}, {"given": "S.H.", "family": "Murch"}],
    "issued": {"date-parts": [[1998, 2]]},
    "container-title": ["The Lancet"],
    "short-container-title": ["The Lancet"],
    "page": "637-641",
    "updated-by": [
        {
            "DOI": "10.1016/S0140-6736(10)60175-4",
            "type": "retraction",
            "label": "Retraction",
            "source": "publisher",
            "updated": {"date-parts": [[2010, 2, 6]]},
        }
    ],
}
# the correction notice is made up for the test
ALPHAGO = {
    "DOI": "10.1038/nature16961",
    "type": "journal-article",
    "title": ["Mastering the game of Go with deep neural networks and tree search"],
    "author": [{"given": "David", "family": "Silver"}, {"given": "Aja", "family": "Huang"}],
    "issued": {"date-parts": [[2016, 1, 27]]},
    "container-title": ["Nature"],
    "page": "484-489",
    "updated-by": [
        {
            "DOI": "10.9999/test-correction",
            "type": "correction",
            "label": "Correction",
            "source": "publisher",
            "updated": {"date-parts": [[2016, 3, 1]]},
        }
    ],
}
WORKS = {w["DOI"].lower(): w for w in (DEEP_LEARNING, WATSON_CRICK, WAKEFIELD, ALPHAGO)}

# PubMed: the Wakefield record (retracted) and one made-up expression of concern on a real
# record (Jinek et al. 2012, Science, a programmable dual-RNA-guided DNA endonuclease).
PUBMED = {
    "9500320": b"""<?xml version="1.0"?>
<PubmedArticleSet><PubmedArticle><MedlineCitation Status="MEDLINE" Owner="NLM">
<PMID Version="1">9500320</PMID><Article PubModel="Print"><Journal>
<JournalIssue CitedMedium="Print"><Volume>351</Volume><Issue>9103</Issue>
<PubDate><Year>1998</Year><Month>Feb</Month><Day>28</Day></PubDate></JournalIssue>
<Title>Lancet (London, England)</Title><ISOAbbreviation>Lancet</ISOAbbreviation></Journal>
<ArticleTitle>Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive
developmental disorder in children.</ArticleTitle>
<Pagination><MedlinePgn>637-41</MedlinePgn></Pagination>
<AuthorList><Author><LastName>Wakefield</LastName><ForeName>A J</ForeName></Author>
<Author><LastName>Murch</LastName><ForeName>S H</ForeName></Author></AuthorList>
<PublicationTypeList><PublicationType UI="D016428">Journal Article</PublicationType>
<PublicationType UI="D016441">Retracted Publication</PublicationType></PublicationTypeList>
</Article>
<CommentsCorrectionsList><CommentsCorrections RefType="RetractionIn">
<RefSource>Lancet. 2010 Feb 6;375(9713):445</RefSource><PMID Version="1">20137807</PMID>
</CommentsCorrections></CommentsCorrectionsList></MedlineCitation>
<PubmedData><ArticleIdList><ArticleId IdType="pubmed">9500320</ArticleId>
<ArticleId IdType="doi">10.1016/s0140-6736(97)11096-0</ArticleId></ArticleIdList></PubmedData>
</PubmedArticle></PubmedArticleSet>""",
    "22745249": b"""<?xml version="1.0"?>
<PubmedArticleSet><PubmedArticle><MedlineCitation Status="MEDLINE" Owner="NLM">
<PMID Version="1">22745249</PMID><Article PubModel="Print-Electronic"><Journal>
<JournalIssue CitedMedium="Internet"><Volume>337</Volume><Issue>6096</Issue>
<PubDate><Year>2012</Year><Month>Aug</Month><Day>17</Day></PubDate></JournalIssue>
<Title>Science (New York, N.Y.)</Title><ISOAbbreviation>Science</ISOAbbreviation></Journal>
<ArticleTitle>A programmable dual-RNA-guided DNA endonuclease in adaptive bacterial
immunity.</ArticleTitle><Pagination><MedlinePgn>816-21</MedlinePgn></Pagination>
<AuthorList><Author><LastName>Jinek</LastName><ForeName>Martin</ForeName></Author>
<Author><LastName>Chylinski</LastName><ForeName>Krzysztof</ForeName></Author></AuthorList>
<PublicationTypeList><PublicationType UI="D016428">Journal Article</PublicationType>
</PublicationTypeList></Article>
<CommentsCorrectionsList><CommentsCorrections RefType="ExpressionOfConcernIn">
<RefSource>Test notice, made up for these tests</RefSource><PMID Version="1">99999999</PMID>
</CommentsCorrections></CommentsCorrectionsList></MedlineCitation>
<PubmedData><ArticleIdList><ArticleId IdType="pubmed">22745249</ArticleId>
</ArticleIdList></PubmedData></PubmedArticle></PubmedArticleSet>""",
}
EMPTY_PUBMED = b'<?xml version="1.0"?>\n<PubmedArticleSet></PubmedArticleSet>'

BIB = r"""
@article{lecun2015,
  author = {LeCun, Yann and Bengio, Yoshua and Hinton, Geoffrey},
  title = {Deep Learning},
  journal = {Nature},
  year = {2015},
  pages = {436--444},
  doi = {10.1038/NATURE14539}
}
@article{watson1954,
  author = {Watson, James D. and Crick, Francis H. C.},
  title = {Molecular structure of nucleic acids: a structure for deoxyribose nucleic acid},
  journal = {Nature},
  year = {1954},
  pages = {737--738},
  doi = {10.1038/171737a0}
}
@article{watsonNoDoi,
  author = {Watson, J. D. and Crick, F. H. C.},
  title = {Molecular structure of nucleic acids},
  journal = {Nature},
  year = {1954}
}
@article{wakefield1998,
  author = {Wakefield, A. J. and Murch, S. H.},
  title = {Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive
           developmental disorder in children},
  journal = {Lancet},
  year = {1998},
  pages = {637--41},
  doi = {10.1016/S0140-6736(97)11096-0},
  pmid = {9500320}
}
@article{silver2016,
  author = {Silver, David and Huang, Aja},
  title = {Mastering the game of {Go} with deep neural networks and tree search},
  journal = {Nature},
  year = {2016},
  pages = {484--489},
  doi = {10.1038/nature16961}
}
@article{jinek2012,
  author = {Jinek, Martin and Chylinski, Krzysztof},
  title = {A programmable dual-{RNA}-guided {DNA} endonuclease in adaptive bacterial immunity},
  journal = {Science},
  year = {2012},
  pmid = {22745249}
}
@article{typoDoi,
  author = {LeCun, Yann},
  title = {Deep learning},
  journal = {Nature},
  year = {2015},
  doi = {10.1038/nature14593}
}
@article{invented,
  author = {Nobody, A.},
  title = {A wholly invented survey of imaginary results in nonexistent fields},
  journal = {Journal of Nothing},
  year = {2021},
  doi = {10.5555/does-not-exist}
}
@book{nodoi,
  author = {Someone, S.},
  title = {Notes on an unlisted pamphlet about garden sheds},
  year = {1990}
}
"""

EXPECTED = {
    "lecun2015": "verified",
    "watson1954": "metadata_mismatch",
    "watsonNoDoi": "metadata_mismatch",
    "wakefield1998": "retracted",
    "silver2016": "corrected",
    "jinek2012": "expression_of_concern",
    "typoDoi": "metadata_mismatch",
    "invented": "not_found",
    "nodoi": "unverifiable",
}

RETRACTION_CSV = (
    "Record ID,Title,Subject,Institution,Journal,Publisher,Country,Author,URLS,ArticleType,"
    "RetractionDate,RetractionDOI,RetractionPubMedID,OriginalPaperDate,OriginalPaperDOI,"
    "OriginalPaperPubMedID,RetractionNature,Reason,Paywalled,Notes\n"
    '1,"Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental '
    'disorder in children",(HSC) Health Sciences,,The Lancet,Elsevier,United Kingdom,'
    "Andrew J Wakefield;Simon H Murch,,Research Article;,2/6/2010 0:00,"
    "10.1016/S0140-6736(10)60175-4,20137807,2/28/1998 0:00,10.1016/S0140-6736(97)11096-0,"
    "9500320,Retraction,+Falsification/Fabrication of Data;+Misconduct by Author;,No,\n"
)


def send_body(
    req: BaseHTTPRequestHandler, body: bytes, content_type: str, status: int = 200, headers=None
) -> None:
    """One whole answer: status, content type, any other headers, and ``body``."""
    req.send_response(status)
    req.send_header("Content-Type", content_type)
    for k, v in (headers or {}).items():
        req.send_header(k, v)
    req.send_header("Content-Length", str(len(body)))
    req.end_headers()
    req.wfile.write(body)


def _json(req: BaseHTTPRequestHandler, status: int, data: object, headers=None) -> None:
    send_body(req, json.dumps(data).encode(), "application/json", status, headers)


def _search(query: str) -> list[dict]:
    q = query.casefold()
    if "nucleic" in q:
        return [WATSON_CRICK, DEEP_LEARNING]
    if "deep learning" in q:
        return [DEEP_LEARNING]
    if "invented" in q:
        # Crossref always ranks something: here, works that are nothing alike
        return [WATSON_CRICK]
    return []


def serve_registries(server: LoopbackServer, *, crossref_down: bool = False) -> None:
    """Crossref at /crossref/, E-utilities at /eutils/."""

    def crossref(req: BaseHTTPRequestHandler) -> None:
        if crossref_down:
            _json(req, 503, {"status": "error"})
            return
        parts = urlsplit(req.path)
        rate = {"X-Rate-Limit-Limit": "50", "X-Rate-Limit-Interval": "1s"}
        if parts.path.startswith("/crossref/works/"):
            doi = unquote(parts.path[len("/crossref/works/") :]).lower()
            work = WORKS.get(doi)
            if work is None:
                req.send_response(404)
                req.send_header("Content-Type", "text/plain")
                req.send_header("Content-Length", "13")
                req.end_headers()
                req.wfile.write(b"Resource not found.")
                return
            _json(req, 200, {"status": "ok", "message": work}, rate)
            return
        query = parse_qs(parts.query).get("query.bibliographic", [""])[0]
        _json(req, 200, {"status": "ok", "message": {"items": _search(query)}}, rate)

    def eutils(req: BaseHTTPRequestHandler) -> None:
        pmid = parse_qs(urlsplit(req.path).query)["id"][0]
        body = PUBMED.get(pmid, EMPTY_PUBMED)
        send_body(req, body, "text/xml; charset=UTF-8")

    server.route("/crossref/works", handler=crossref)
    for doi in WORKS:
        server.route(f"/crossref/works/{doi}", handler=crossref)
    server.route("/eutils/efetch.fcgi", handler=eutils)


def registry_settings(server: LoopbackServer, store: Path, **kw: object) -> RemoteSettings:
    return RemoteSettings(
        timeout=5.0,
        store_path=store,
        # the configured base URLs are trusted as the user's own: no exemption is needed
        eutils_base=server.url("/eutils/"),
        crossref_api=server.url("/crossref/"),
        ncbi_email="refs@example.org",
        # asked by default for a DOI Crossref does not know: here it knows none of them, and
        # no test asks the public DataCite
        **{"datacite_api": server.url("/datacite/"), **kw},  # type: ignore[arg-type]
    )

"""Citation-side rules read off the thirteenth unseen set's misses and Word theses with
footnotes: a page typed after a bracketed key, a bracketed "ebd." in running text, a periodical
named in prose. Each test retypes the lines that showed the rule."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import quotes_found, write

_BIB = """@book{birkner2020, title = {Der Fluch der Willkommenskultur}, author = {Birkner, Thomas},
  year = 2020}
@book{haller2017, title = {Die Flüchtlingskrise in den Medien}, author = {Haller, Michael},
  year = 2017}
"""


def test_a_page_typed_after_a_bracketed_key_is_its_page(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    md = write(
        tmp_path,
        "a.md",
        "Die Silvesternacht bezeichnet ein Ereignis, bei dem „es in der Kölner Innenstadt zu "
        "Ausschreitungen kam, bei denen Frauen bedrängt wurden“ [@birkner2020] S. 53. "
        "Danach brach die Stimmung.\n",
    )
    got = quotes_found(md, bib)
    quote = "es in der Kölner Innenstadt zu Ausschreitungen kam, bei denen Frauen bedrängt wurden"
    assert got[quote] == ("birkner2020", "53")


def test_a_bracketed_ebd_in_running_text_repeats_the_work_cited_last(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    md = write(
        tmp_path,
        "a.md",
        "Erst zeigt @haller2017 die Lage. Dann kam es „zu einem Bruch der positiven "
        "Berichterstattung“ [@birkner2020, S. 53]. Die Medien stellten sich hinter Merkels "
        "viel zitierten Ausspruch „Wir schaffen das!“ [vgl. Ebd. S.54]. Andere folgten "
        "„dem Kurs der Regierung“ (cf. ibid., p. 55).\n",
    )
    got = quotes_found(md, bib)
    assert got["Wir schaffen das!"] == ("birkner2020", "54")
    assert got["dem Kurs der Regierung"] == ("birkner2020", "55")


def test_a_quotation_in_an_inline_note_cites_the_newspaper_the_note_names(
    tmp_path: Path,
) -> None:
    md = write(
        tmp_path,
        "a.md",
        "Mason was principal of a school at Denmark Hill.^[I found nothing else about him. The "
        "obituary of his wife in the West Sussex Gazette of 10 October 1912, page 4, mentions "
        'that Charles was "for many years the proprietor of a school at Denmark Hill". This '
        "obituary is available online, accessed 25 June 2026.] He wrote grammars.\n\n"
        "In German: ^[In der Frankfurter Allgemeinen Zeitung vom 3. Mai 2015, S. 7, hieß es, "
        "„dass sich die Politik der Stadt damit gewendet habe“.] Danach nichts.\n",
    )
    result = scan_cited(md)
    assert result["for many years the proprietor of a school at Denmark Hill"] == (
        "West Sussex Gazette of 10 October 1912, page 4",
        "4",
    )
    assert result["dass sich die Politik der Stadt damit gewendet habe"] == (
        "Frankfurter Allgemeinen Zeitung vom 3. Mai 2015, S. 7",
        "7",
    )


def test_a_place_named_with_a_year_is_no_periodical(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "He lived on.^[He moved to Berlin in Prussia of 1920, and wrote that it was "
        '"the loneliest winter of all my years there".]\n',
    )
    assert scan_cited(md)["the loneliest winter of all my years there"] == (None, None)


def scan_cited(path: Path) -> dict[str, tuple[str | None, str | None]]:
    return {
        c.quote: (c.reference.raw if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(path).citations
    }

"""Chicago notes-bibliography short notes ("Surname, *Short Title*, page.") joined to the full
note that gives the work's year, as art-history and history journals write them: past a short
note before them, with a comma set inside the italics, with a year that is the writer's remark
after the citation or part of a title, and in Word notes that lost the italics (and with them the
comma before the volume and page, and perhaps the composed accents)."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan

_Q = (
    "a small notebook bound in green paper with gilt edges",
    "sixty pages of sketches shared between father and daughter",
    "a very curious album offered to her brother",
    "several very old studies of horses by him",
)


def _raws(path: Path) -> list[str]:
    return [c.reference.raw if c.reference else "" for c in scan(path).citations]


def test_short_notes_find_the_full_note_with_the_year(tmp_path: Path) -> None:
    md = tmp_path / "article.md"
    notes = [
        # the full note, its work's year in it, after the writer's own sentence
        "The sale began on 30 May 1900. See Léon Roger-Milès, *Atelier Rosa Bonheur*, 2 vols."
        " (Paris: Georges Petit, 1900), 176.",
        # a comma set inside the italics
        "Roger-Milès, *Atelier Rosa Bonheur,* 2:79.",
        # a short note after a short note, then the writer's remark with its own year
        "Roger-Milès, *Atelier Rosa Bonheur* 2:177. Her copyist registration dates to 9 August"
        " 1838.",
        "Roger-Milès, *Atelier Rosa Bonheur*, 2:178.",
    ]
    text = " ".join(f"The catalogue lists “{q}.”[^{n}]" for n, q in enumerate(_Q, 1))
    listed = "\n".join(f"[^{n}]: {note}" for n, note in enumerate(notes, 1))
    md.write_text(f"# Sketchbook\n\n{text}\n\n{listed}\n", encoding="utf-8")
    raws = _raws(md)
    assert len(raws) == 4
    assert all("1900" in raw for raw in raws), raws


def test_a_title_holding_years_is_no_full_note(tmp_path: Path) -> None:
    md = tmp_path / "article.md"
    notes = [
        "Victor Champier, “La vie et l’oeuvre de Henri Bouilhet 1830–1910,” preface to"
        " *L’orfèvrerie française*, vol. 3 (Paris: H. Laurens, 1912), xvi.",
        "Champier, “La vie et l’oeuvre de Henri Bouilhet 1830–1910,” 3: xvii.",
    ]
    text = " ".join(f"He recalls “{q}.”[^{n}]" for n, q in enumerate(_Q[:2], 1))
    listed = "\n".join(f"[^{n}]: {note}" for n, note in enumerate(notes, 1))
    md.write_text(f"# Christofle\n\n{text}\n\n{listed}\n", encoding="utf-8")
    assert "1912" in _raws(md)[1]


def test_a_plain_short_note_with_a_volume_and_page_finds_its_work(tmp_path: Path) -> None:
    # Word text without italics: no comma between the short title and "3:101"; the full note
    # writes its accents decomposed ("e" and a combining grave)
    md = tmp_path / "article.md"
    full = "Henri Bouilhet, L’orfe\u0300vrerie franc\u0327aise aux XVIIIe et XIXe siècles,"
    notes = [
        f"{full} 3 vols. (Paris: H. Laurens, 1908–1912).",
        "Henri Bouilhet, Musée Centennal de la classe 94 (Saint-Cloud: Belin, 1908), 2.",
        "Bouilhet, L’orfèvrerie française 3:101–2.",
    ]
    text = " ".join(f"He writes “{q}.”[^{n}]" for n, q in enumerate(_Q[:3], 1))
    listed = "\n".join(f"[^{n}]: {note}" for n, note in enumerate(notes, 1))
    md.write_text(f"# Christofle\n\n{text}\n\n{listed}\n", encoding="utf-8")
    assert "XVIIIe" in _raws(md)[2]


def test_a_volume_before_the_page_stays_with_it(tmp_path: Path) -> None:
    # collected works cited by volume and page, as German notes and Chicago notes write them
    md = tmp_path / "article.md"
    notes = [
        "Korczak, Janusz (1998ff.): Sämtliche Werke. Gütersloh: Gütersloher Verlagshaus.",
        "Korczak (1998ff.), Bd. 14, S. 570.",
        "Victor Champier, “La vie et l’oeuvre de Henri Bouilhet,” preface to *L’orfèvrerie"
        " française*, vol. 3 (Paris: H. Laurens, 1912), xvi.",
        "Champier, “La vie et l’oeuvre de Henri Bouilhet,” 3: xvi–xvii.",
    ]
    text = " ".join(f"Er schreibt „{q}“.[^{n}]" for n, q in enumerate(_Q, 1))
    listed = "\n".join(f"[^{n}]: {note}" for n, note in enumerate(notes, 1))
    md.write_text(f"# Werke\n\n{text}\n\n{listed}\n", encoding="utf-8")
    locators = [c.locator for c in scan(md).citations]
    assert locators[1] is not None and locators[1].value == "Bd. 14, S. 570"
    assert locators[1].pages == (570,)
    assert locators[3] is not None and locators[3].value == "3: xvi–xvii"


def test_a_note_gives_its_first_works_page_not_the_page_of_what_follows(tmp_path: Path) -> None:
    md = tmp_path / "article.md"
    notes = [
        "Roger-Milès, *Atelier Rosa Bonheur,* 2:79. Rosa Bonheur sketchbook, Los Angeles,"
        " Getty Research Institute, 850837, hereafter cited as Bonheur sketchbook.",
        "Hemingway, *Artists on the Left,* 136. See also Helen A. Harrison, “John Reed Club"
        " Artists and the New Deal,” *Prospects* 5 (1980): 241.",
        "“The Artist,” 26. In the period, he painted murals for the federal projects.",
        "Baron, introductory essay in *1938: Dedicated to the New Deal*, n.p.",
    ]
    text = " ".join(f"She noted “{q}.”[^{n}]" for n, q in enumerate(_Q, 1))
    listed = "\n".join(f"[^{n}]: {note}" for n, note in enumerate(notes, 1))
    md.write_text(f"# Buck\n\n{text}\n\n{listed}\n", encoding="utf-8")
    got = [c.locator.value if c.locator else None for c in scan(md).citations]
    assert got == ["2:79", "136", "26", "n.p."]

"""A run of "Ebd." notes, as a thesis that reads one text closely cites it page after page: a
full note, then a dozen notes saying "Ebda." or "Ebda. S.186." Each quotation's work is the
full note's, however long the run; its page the last one given."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_WORK = "Polgar, Alfred: Die großen Boulevards. In: Kreislauf. Hamburg: Rowohlt 2004. S.185."
_WORDS = (
    "die Stadt stürzt Welle auf Welle",
    "brodelnde Großstadtmasse am Abend",
    "die Caféhäuser quellen breit ins Freie",
    "hoch oben rollen gigantische Feuerlettern",
    "wie vom Rennstart springen die Wagen los",
    "eine Riesenschlange hingewunden über Kilometer",
    "mehr als sie fassen kann, verschlingt sie",
    "der Lärm der Straße bellt und schreit",
    "ein Automobil nach dem anderen rollt vorbei",
    "die Menge schiebt sich durch die Nebengassen",
    "ein winziges Ritzerchen nur auf dem Stern",
    "das Antlitz des Planeten wäre noch dasselbe",
)
# the note of each quotation after the first, and the page it then has
_RUN = (
    [("Ebda.", "185"), ("Ebda. S.186.", "186")]
    + [("Ebda.", "186")] * 8
    + [
        ("Ebda. S.187.", "187"),
        ("Ebda.", "187"),
    ]
)


def _cited(path: Path) -> list[tuple[str, str | None]]:
    out = []
    for c in scan(path).citations:
        assert c.reference is not None, c.quote
        out.append(((c.reference.key or "").split(":")[0], c.locator.value if c.locator else None))
    return out


def test_a_long_run_of_ebd_notes_in_markdown_keeps_the_work(tmp_path: Path) -> None:
    notes = [_WORK] + [note for note, _ in _RUN[: len(_WORDS) - 1]]
    text = " ".join(f"Er schreibt „{w}“.[^{n}]" for n, w in enumerate(_WORDS, 1))
    listed = "\n".join(f"[^{n}]: {note}" for n, note in enumerate(notes, 1))
    path = tmp_path / "arbeit.md"
    path.write_text(f"# Analyse\n\n{text}\n\n{listed}\n", encoding="utf-8")
    pages = ["185"] + [page for _, page in _RUN[: len(_WORDS) - 1]]
    assert _cited(path) == [("Polgar, Alfred", page) for page in pages]


def test_a_long_run_of_ebd_notes_in_word_keeps_the_work(tmp_path: Path) -> None:
    path = tmp_path / "arbeit.docx"
    d = wx.new_document()
    parts: list[object] = []
    for n, words in enumerate(_WORDS, 1):
        parts += [f"Er schreibt „{words}“.", wx.footnote_ref(n), " "]
    wx.add_paragraph(d, parts)  # type: ignore[arg-type]
    d.save(str(path))
    notes = [_WORK] + [note for note, _ in _RUN[: len(_WORDS) - 1]]
    wx.add_footnotes_part(path, wx.footnotes_xml({n: [t] for n, t in enumerate(notes, 1)}))
    pages = ["185"] + [page for _, page in _RUN[: len(_WORDS) - 1]]
    assert _cited(path) == [("Polgar, Alfred", page) for page in pages]


def test_a_long_run_of_ebd_notes_in_latex_keeps_the_work(tmp_path: Path) -> None:
    notes = [_WORK] + [note for note, _ in _RUN[: len(_WORDS) - 1]]
    pairs = zip(_WORDS, notes, strict=True)
    text = " ".join(f"Er schreibt \\enquote{{{w}}}.\\footnote{{{note}}}" for w, note in pairs)
    path = tmp_path / "arbeit.tex"
    path.write_text(
        "\\documentclass{article}\n\\usepackage{csquotes}\n\\begin{document}\n"
        f"{text}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    pages = ["185"] + [page for _, page in _RUN[: len(_WORDS) - 1]]
    assert _cited(path) == [("Polgar, Alfred", page) for page in pages]


def test_a_run_of_ebd_notes_names_the_work_once(tmp_path: Path) -> None:
    # each note's reference reads "Ebda. S.187. [the full note]", not the whole run before it
    notes = [_WORK] + [note for note, _ in _RUN[: len(_WORDS) - 1]]
    text = " ".join(f"Er schreibt „{w}“.[^{n}]" for n, w in enumerate(_WORDS, 1))
    listed = "\n".join(f"[^{n}]: {note}" for n, note in enumerate(notes, 1))
    path = tmp_path / "arbeit.md"
    path.write_text(f"# Analyse\n\n{text}\n\n{listed}\n", encoding="utf-8")
    raws = [c.reference.raw for c in scan(path).citations if c.reference is not None]
    assert raws[1:] == [f"{note} [{_WORK}]" for note in notes[1:]]


def test_spanish_and_italian_notes_repeat_the_work_as_ibid_and_ivi(tmp_path: Path) -> None:
    notes = [
        "Paulo Freire, *Pedagogía del oprimido* (Montevideo: Tierra Nueva, 1970), 25.",
        "Ibíd., p. 31.",
        "Ivi, p. 40.",
    ]
    words = (
        "nadie educa a nadie, nadie se educa a sí mismo",
        "los hombres se educan entre sí con la mediación del mundo",
        "la educación verdadera es praxis, reflexión y acción",
    )
    text = " ".join(f"Freire escribe que “{w}”.[^{n}]" for n, w in enumerate(words, 1))
    listed = "\n".join(f"[^{n}]: {note}" for n, note in enumerate(notes, 1))
    path = tmp_path / "ensayo.md"
    path.write_text(f"# Ensayo\n\n{text}\n\n{listed}\n", encoding="utf-8")
    cits = scan(path).citations
    assert [("1970" in c.reference.raw) if c.reference else None for c in cits] == [True] * 3
    assert [c.locator.value if c.locator else None for c in cits] == ["25", "31", "40"]

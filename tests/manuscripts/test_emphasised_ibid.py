"""The Latin terms of notes set in italics, as older styles and many law and humanities writers
set them: a note "*Ibid.*" or "*Ibid*, p. 10." (Markdown), "\\textit{Ibid.}, p.~17." (LaTeX),
"*Id.* at 17", "Smith, *op. cit.*, p. 20", and a typed "(*ibid.*, p. 15)" after a quotation: the
work of the note or citation before, at the page given, as the same words in roman are."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan

_FULL = "John Smith, *The Harbour* (Oxford: Clarendon, 2019), 12."
_WORDS = (
    "the harbour had silted up long before the war began",
    "the merchants simply moved their trade up the coast",
    "no one in the town seemed to notice the change at first",
    "the council met only twice in the whole of that year",
    "the last merchant house closed its doors in the spring",
)


def _cited(path: Path) -> dict[str, tuple[str | None, str | None]]:
    out = {}
    for c in scan(path).citations:
        raw = c.reference.raw if c.reference else None
        out[c.quote.rstrip(".")] = (raw, c.locator.value if c.locator else None)
    return out


def test_markdown_notes_in_italics_repeat_the_work_before(tmp_path: Path) -> None:
    notes = (_FULL, "*Ibid*, p. 15.", "*Ibid.*", "*Id.* at 17.", "Smith, *op. cit.*, p. 20.")
    body = " ".join(f"Next: “{w}”.[^{i}]" for i, w in enumerate(_WORDS, 1))
    defs = "\n\n".join(f"[^{i}]: {n}" for i, n in enumerate(notes, 1))
    path = tmp_path / "harbour.md"
    path.write_text(f"# Harbour\n\n{body}\n\n{defs}\n", encoding="utf-8")
    got = _cited(path)
    for words, page in zip(_WORDS, ("12", "15", "15", "17", "20"), strict=True):
        raw, locator = got[words]
        assert raw is not None and _FULL in raw, words
        assert locator == page, words


def test_a_latex_note_in_italics_repeats_the_work_before(tmp_path: Path) -> None:
    path = tmp_path / "harbour.tex"
    path.write_text(
        "\\documentclass{article}\\begin{document}\n"
        f"One: ``{_WORDS[0]}''."
        "\\footnote{John Smith, \\emph{The Harbour} (Oxford, 2019), 12.}\n"
        f"Two: ``{_WORDS[1]}''.\\footnote{{\\textit{{Ibid.}}, p.~17.}}\n"
        f"Three: ``{_WORDS[2]}''.\\footnote{{\\emph{{ibid.}}}}\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    got = _cited(path)
    assert all((got[w][0] or "").endswith("(Oxford, 2019), 12.]") for w in _WORDS[1:3])
    assert [got[w][1] for w in _WORDS[:3]] == ["12", "17", "17"]


def test_a_typed_ibid_in_italics_takes_the_citation_before(tmp_path: Path) -> None:
    path = tmp_path / "harbour.md"
    path.write_text(
        f'# Harbour\n\nOne: "{_WORDS[0]}" (Smith 2019, p. 12). Two: "{_WORDS[1]}" '
        f'(*ibid.*, p. 15). Three: "{_WORDS[2]}" (*Ibid*., 17). Four: "{_WORDS[3]}" '
        f"(Smith, *op. cit.*, p. 20).\n\n## References\n\n"
        "Smith, J. (2019). *The Harbour*. Oxford UP.\n\nJones, M. (2020). *Records*. Penguin.\n",
        encoding="utf-8",
    )
    cites = {c.quote: c for c in scan(path).citations}
    for words, page in zip(_WORDS[:4], ("12", "15", "17", "20"), strict=True):
        c = cites[words]
        assert c.reference is not None and c.reference.key == "Smith 2019", words
        assert c.locator is not None and c.locator.value == page, words


def test_a_quotation_in_a_note_followed_by_ibid_in_italics(tmp_path: Path) -> None:
    path = tmp_path / "turing.md"
    path.write_text(
        "# Machines\n\nThe first programs were written by hand.[^1] Later ones were not.[^2]\n\n"
        "[^1]: Alan Turing, *Programmers' Handbook* (Manchester, 1951), 295.\n\n"
        "[^2]: Turing notes that the “technique of programming was still rather crude and "
        "laborious.” *Ibid.*, 296.\n",
        encoding="utf-8",
    )
    (c,) = scan(path).citations
    assert c.reference is not None and "Programmers' Handbook" in c.reference.raw
    assert c.locator is not None and c.locator.value == "296"


def test_idem_in_italics_names_the_same_author_s_other_work(tmp_path: Path) -> None:
    path = tmp_path / "docks.md"
    path.write_text(
        f"# Docks\n\nOne: “{_WORDS[0]}”.[^1] Two: “{_WORDS[1]}”.[^2]\n\n[^1]: {_FULL}\n\n"
        "[^2]: *Idem*, *The Docks* (London: Faber, 2021), 44.\n",
        encoding="utf-8",
    )
    got = _cited(path)
    raw, page = got[_WORDS[1]]
    assert raw is not None and raw.endswith("[John Smith]")  # the author of the note before
    assert page == "44"

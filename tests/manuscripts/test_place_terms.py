"""Places that are not a page, and a page with the entry it stands in, as written: MLA's
author with a paragraph, note or margin number ("(Smith, para. 4)", "(Lo, n. 3)", "(Palandt,
Rn. 5)": the term is no short title, the place no page), and a lexicon's page with its entry
("(Smith 2019, S. 701; Stichwort Haftung)", "\\footcite[S.~701; Stichwort Haftung]{k}", a note
"…, S. 702, Stichwort Verjährung."): kept whole, the page still the one compared."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.locators import parse_locator

_WORDS = (
    "the strike had closed every port in the region",
    "no ship had left the harbour for three days",
    "die Haftung setzt ein Verschulden des Schuldners voraus",
    "the rule applies only where the parties have agreed",
    "the king was bound by the law as every subject was",
)


def _places(path: Path) -> dict[str, tuple[str, str, tuple[int, ...]] | None]:
    return {
        c.quote: (c.locator.label, c.locator.value, c.locator.pages) if c.locator else None
        for c in scan(path).citations
    }


def test_a_place_term_after_the_author_is_no_short_title(tmp_path: Path) -> None:
    cites = ("(Smith, para. 4)", "(Smith, n. 3)", "(Smith, Rn. 5)", "(Smith, p. 7)", "(Smith 9)")
    body = " ".join(f'Next, "{w}" {c}.' for w, c in zip(_WORDS, cites, strict=True))
    path = tmp_path / "essay.md"
    path.write_text(
        f"# Essay\n\n{body}\n\n## Works Cited\n\nSmith, John. *Harbours*. Oxford UP, 2019.\n",
        encoding="utf-8",
    )
    got = _places(path)
    assert got[_WORDS[0]] == ("paragraph", "para. 4", ())
    assert got[_WORDS[1]] == ("note", "n. 3", ())
    assert got[_WORDS[2]] == ("paragraph", "Rn. 5", ())
    assert got[_WORDS[3]] == ("page", "7", (7,))
    assert got[_WORDS[4]] == ("page", "9", (9,))


def test_a_lexicon_entry_after_its_page_is_kept_with_it(tmp_path: Path) -> None:
    tex = tmp_path / "arbeit.tex"
    tex.write_text(
        "\\documentclass{article}\\begin{document}\n"
        f"Das Gericht: \\enquote{{{_WORDS[2]}}}\\footcite[S.~701; Stichwort Haftung]{{lex}}.\n"
        f"Ferner \\enquote{{{_WORDS[0]}}}\\footnote{{Smith, \\emph{{Lexikon des Rechts}}, "
        "S. 702, Stichwort Verjährung.}.\n"
        f"Und \\enquote{{{_WORDS[1]}}}\\footnote{{Smith, \\emph{{Lexikon des Rechts}}, S. 703.}}.\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    got = _places(tex)
    assert got[_WORDS[2]] == ("page", "701; Stichwort Haftung", (701,))
    assert got[_WORDS[0]] == ("page", "702, Stichwort Verjährung", (702,))
    assert got[_WORDS[1]] == ("page", "703", (703,))
    md = tmp_path / "arbeit.md"
    md.write_text(
        f"# Arbeit\n\nEs heißt: „{_WORDS[2]}“ (Smith 2019, S. 701; Stichwort Haftung).\n\n"
        "## Literatur\n\nSmith, J. (2019). *Lexikon des Rechts*. Beck.\n",
        encoding="utf-8",
    )
    assert _places(md)[_WORDS[2]] == ("page", "701; Stichwort Haftung", (701,))


def test_an_entry_term_is_read_only_after_a_page() -> None:
    found = parse_locator("p. 45, s.v. harbour")
    assert found is not None and (found.value, found.pages) == ("45, s.v. harbour", (45,))
    found = parse_locator("S. 12, Lemma Hafen.")
    assert found is not None and found.value == "12, Lemma Hafen"
    found = parse_locator("S. 12, und weiter")  # not an entry's term: the page alone
    assert found is not None and found.value == "12"


def test_a_note_s_place_of_several_parts_is_kept_whole(tmp_path: Path) -> None:
    """A note closing with a place of several parts, each with its term, gives all of it; the
    page compared is its first ("S. 12, Fn. 3" is page 12, not 3)."""
    notes = (
        "Müller, Die Stadt, Berlin 2001, S. 12, Fn. 3.",
        "Smith, The Town, ch. 2, § 4.",
        "Jones, Report on Traffic, Abschnitt III, Absatz C.",
        "Smith, Lexikon des Rechts, S. 701; Stichwort Haftung.",
        "Korczak, Werke, Bd. 14, S. 570.",
    )
    body = " ".join(f"Next: “{w}”.[^{i}]" for i, w in enumerate(_WORDS, 1))
    defs = "\n\n".join(f"[^{i}]: {n}" for i, n in enumerate(notes, 1))
    path = tmp_path / "notes.md"
    path.write_text(f"# Notes\n\n{body}\n\n{defs}\n", encoding="utf-8")
    got = _places(path)
    assert got[_WORDS[0]] == ("page", "12, Fn. 3", (12,))
    assert got[_WORDS[1]] == ("chapter", "ch. 2, § 4", ())
    assert got[_WORDS[2]] == ("section", "Abschnitt III, Absatz C", ())
    assert got[_WORDS[3]] == ("page", "701; Stichwort Haftung", (701,))
    assert got[_WORDS[4]] == ("page", "Bd. 14, S. 570", (570,))  # the volume stays

"""A work without a date cited in its place, as APA and its translations write it: "(Google,
n.d.)", "(Smith, n.d., p. 4)", Spanish "la RAE (s.f.)", French "(Dupont, s.d.)", German
"(Müller o.J., S. 4)". The citation is the undated entry of that author in the typed list."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan


def _cited(path: Path) -> dict[str, tuple[str | None, str | None, str | None]]:
    out = {}
    for c in scan(path).citations:
        ref = c.reference
        bib = ref.bib if ref else None
        out[c.quote] = (
            ref.key if ref else None,
            bib.title if bib else None,
            c.locator.value if c.locator else None,
        )
    return out


def test_apa_no_date_citations_find_the_undated_entry(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        'The guide says the toolkit "is the recommended way to build the interface" '
        "(Google, n.d.). A page of the handbook adds that "
        '"every service must be registered before it starts" (Smith, n.d., p. 4). '
        'As Smith (n.d.) puts it, "nothing runs before the registry answers".\n\n'
        "## References\n\n"
        "Google. (n.d.). *Jetpack Compose*. Android Developers.\n\n"
        "Smith, J. (n.d.). *The service handbook*. Example Press.\n\n"
        "Smith, J. (2019). *An older book*. Example Press.\n",
        encoding="utf-8",
    )
    got = _cited(md)
    assert got == {
        "is the recommended way to build the interface": (
            got["is the recommended way to build the interface"][0],
            "*Jetpack Compose*",
            None,
        ),
        "every service must be registered before it starts": (
            got["every service must be registered before it starts"][0],
            "*The service handbook*",
            "4",
        ),
        "nothing runs before the registry answers": (
            got["nothing runs before the registry answers"][0],
            "*The service handbook*",
            None,
        ),
    }


def test_spanish_french_and_german_undated_citations_are_citations(tmp_path: Path) -> None:
    md = tmp_path / "ensayo.md"
    md.write_text(
        "Razonar, según la RAE(s.f.), es “exponer razones para explicar o demostrar algo”. "
        "Pour l'auteur, « la mémoire est une reconstruction permanente » (Dupont, s.d.). "
        "Sie schreibt, „die Quelle gibt kein Jahr an und bleibt doch zitierbar“ "
        "(Müller o.J., S. 4).\n",
        encoding="utf-8",
    )
    got = _cited(md)
    assert got["exponer razones para explicar o demostrar algo"][0] == "RAE s.f."
    assert got["la mémoire est une reconstruction permanente"][0] == "Dupont s.d."
    assert got["die Quelle gibt kein Jahr an und bleibt doch zitierbar"][0::2] == (
        "Müller o.J.",
        "4",
    )


def test_no_date_finds_the_bibliography_entry_without_a_year(tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@online{compose,\n  author = {{Google}},\n  title = {Jetpack Compose},\n"
        "  url = {https://developer.android.com/jetpack/compose}\n}\n"
        "@book{google2019,\n  author = {{Google}},\n  title = {An Older Guide},\n"
        "  year = {2019}\n}\n",
        encoding="utf-8",
    )
    md = tmp_path / "essay.md"
    md.write_text(
        'The guide says the toolkit "is the recommended way to build the interface" '
        "(Google, n.d.).\n",
        encoding="utf-8",
    )
    (cit,) = scan(md, bib=[bib]).citations
    assert cit.reference is not None and cit.reference.bib is not None
    assert cit.reference.bib.key == "compose"

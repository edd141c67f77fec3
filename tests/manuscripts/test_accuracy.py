"""Extraction accuracy over every test manuscript: right quotation, reference key and locator,
and no apostrophe or scare quote taken for a quotation. Run with -s to see the figures."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import test_docx, test_latex, test_markdown
from tests.manuscripts.helpers import Expected, score

TRAPS = (
    "He is 5'10\" tall and 6\" wide; it's a boy's toy and the dogs' bowls hold rock ’n’ roll "
    "from the ’90s. The students’ essays and the teachers’ notes lay ’round the room.\n\n"
    'The "novel" method and the ‘so-called’ experts met the “key” people. O’Brien’s car.\n\n'
    "She said ‘I can’t believe it’s not really butter’ [@k1] and left.\n\n"
    'A quote "that would\n\ncross a paragraph break" is no quotation.\n'
)
TRAP_EXPECTED = [Expected("I can’t believe it’s not really butter", "k1")]


def test_overall_accuracy(tmp_path: Path) -> None:
    results: list[tuple[str, float, int, list[str]]] = []

    md_dir = tmp_path / "md"
    md_dir.mkdir()
    (md_dir / "refs.bib").write_text(test_markdown.BIB, encoding="utf-8")
    (md_dir / "paper.md").write_text(test_markdown.MANUSCRIPT, encoding="utf-8")
    acc, problems = score(
        scan(md_dir / "paper.md", bib=[md_dir / "refs.bib"]), test_markdown.EXPECTED
    )
    results.append(("markdown", acc, len(test_markdown.EXPECTED), problems))

    var_dir = tmp_path / "variants"
    var_dir.mkdir()
    (var_dir / "refs.bib").write_text(test_markdown.VARIANT_BIB, encoding="utf-8")
    (var_dir / "v.md").write_text(test_markdown.VARIANTS, encoding="utf-8")
    acc, problems = score(
        scan(var_dir / "v.md", bib=[var_dir / "refs.bib"]), test_markdown.VARIANTS_EXPECTED
    )
    results.append(
        ("citation syntax variants", acc, len(test_markdown.VARIANTS_EXPECTED), problems)
    )

    tex_dir = tmp_path / "tex"
    tex_dir.mkdir()
    (tex_dir / "main.tex").write_text(test_latex.MAIN, encoding="utf-8")
    (tex_dir / "chapter.tex").write_text(test_latex.CHAPTER, encoding="utf-8")
    (tex_dir / "refs.bib").write_text(test_latex.BIB, encoding="utf-8")
    acc, problems = score(
        scan(tex_dir / "main.tex", bib=[tex_dir / "refs.bib"]), test_latex.EXPECTED
    )
    results.append(("latex", acc, len(test_latex.EXPECTED), problems))

    docx_path = tmp_path / "paper.docx"
    test_docx.build(docx_path)
    acc, problems = score(scan(docx_path), test_docx.EXPECTED)
    results.append(("docx", acc, len(test_docx.EXPECTED), problems))

    traps = tmp_path / "traps.txt"
    traps.write_text(TRAPS, encoding="utf-8")
    acc, problems = score(scan(traps), TRAP_EXPECTED)
    results.append(("apostrophes and scare quotes", acc, len(TRAP_EXPECTED), problems))

    total = sum(n for _, _, n, _ in results)
    right = sum(round(a * n) for _, a, n, _ in results)
    for name, a, n, _ in results:
        print(f"{name}: {a:.0%} of {n} quotations")
    print(f"overall extraction accuracy: {right}/{total} = {right / total:.1%}")
    assert [p for *_, p in results] == [[]] * len(results)

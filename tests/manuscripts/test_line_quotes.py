"""A school essay on a novella quotes its text by line, typed right after the closing mark:
"…"(Z. 42 - 44), "…"(vgl. Z. 34f). An editor's ellipsis escaped by a Markdown editor (\\[...\\])
is no formula, capitalised words placed at a line are no title, and one word compared with a
line is the text's word. Written in the form of a German essay in Markdown (m12)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_ESSAY = (
    "# Aus dem Leben eines Taugenichts\n\n"
    'Die Novelle "Aus dem Leben eines Taugenichts" (1826) beginnt im Frühling.\n\n'
    'Der Held verlässt die Mühle und "sang dem Dorfe \\[...\\] ein Lied zu"(Z. 40 - 42), '
    'ohne sich umzusehen. Dass ihm "Die Sonne am Himmel Lachte"(Z. 75), zeigt seine Freude. '
    'Die Reise wird als "bummeln"(vgl. Z. 31f) beschrieben, nicht als "Arbeit".\n'
)


def test_words_typed_with_their_lines_are_quoted(tmp_path: Path) -> None:
    got = quotes_found(write(tmp_path, "essay.md", _ESSAY))
    assert set(got) == {"sang dem Dorfe [...] ein Lied zu", "Die Sonne am Himmel Lachte", "bummeln"}

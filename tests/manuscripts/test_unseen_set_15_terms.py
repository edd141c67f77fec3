"""A field's name the writer uses plainly all through a paper, taught by the fifteenth held-out
set (an essay on modernist studies): put in marks to talk about the phrase, it is the writer's
term, though a quotation cited nearby happens to hold the same words. Lines are retyped from
the labelled real essay."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts.scan import scan
from tests.manuscripts.helpers import write

_ESSAY = (
    "# Defining modernist studies\n\n"
    "For some time now, the dominant view in modernist studies has been that the subfield "
    "should have a highly expansive understanding of its object of study.\n\n"
    'Susan Squier mentions books that "aim to rectify the male-oriented nature of modernist '
    'studies" (75); Diane Chisholm chronicles feminist challenges to the view of H.D. in '
    '"modernist studies" (82).\n'
    'This pattern of usage suggests that "modernist studies" emerges as a key term, in part, by '
    "being made an object of canon-forming contention.\n"
    'Nonetheless, the establishment and persistence of "modernist studies" as a subfield label '
    "from the 1990s on suggests the predominance of the former strategy.\n\n"
    "# Works cited\n\n"
    "- Chisholm, Dianne. “H. D.’s Autoheterography.” *Tulsa Studies in Women’s Literature*, "
    "vol. 9, no. 1, 1990, pp. 79–106.\n"
    "- Squier, Susan M. “The Modern City and the Construction of Female Desire.” *Tulsa Studies "
    "in Women’s Literature*, vol. 8, no. 1, 1989, pp. 63–75.\n"
)


def _quotes(path: Path) -> list[str]:
    return [c.quote for c in scan(path).citations]


def test_a_term_said_plainly_in_marks_is_the_writers_not_a_repeat(tmp_path: Path) -> None:
    quotes = _quotes(write(tmp_path, "essay.md", _ESSAY))
    # Only the paged one, Chisholm's use of the phrase, is a quotation; the two later ones
    # mention the writer's own term.
    assert quotes.count("modernist studies") == 1
    assert "aim to rectify the male-oriented nature of modernist studies" in quotes


def test_a_term_shown_only_in_italics_is_not_said_plainly(tmp_path: Path) -> None:
    text = _ESSAY.replace("in modernist studies has", "in *modernist studies* has").replace(
        "# Defining modernist studies", "# Defining the field"
    )
    # Set in italics the words are still shown as words: the marked ones repeat the quotation.
    assert _quotes(write(tmp_path, "essay.md", text)).count("modernist studies") == 3


def test_words_voiced_by_someone_imagined_speaking_are_the_writers(tmp_path: Path) -> None:
    tex = write(
        tmp_path,
        "essay.tex",
        "\\documentclass{article}\n\\begin{document}\n"
        'Taking into account the next line: "My heart is steel, well you know" \\cite[258]{fagles} '
        "--- it sounds more like a rejection of her role within womanhood. The contempt expressed "
        'in these words read as if Clytemnestra is saying: "stop thinking of me as a mere woman, '
        'but rather as Clytemnestra. For I have done the deeds that you see before you."\n'
        "\\end{document}\n",
    )
    bib = write(
        tmp_path,
        "refs.bib",
        "@book{fagles,\n  author = {Aeschylus},\n  title = {The Oresteia},\n  year = {1984}\n}\n",
    )
    quotes = [c.quote for c in scan(tex, bib=(bib,)).citations]
    assert quotes == ["My heart is steel, well you know"]

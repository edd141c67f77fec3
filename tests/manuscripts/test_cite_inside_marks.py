"""A citation typed inside the closing mark before the quoted sentence's full stop:
``"… gerechtfertigt[@helfferich2022, S. 880]."``, ``„… vorzugeben [...]\\cite[S. 5]{k}.“``.

A Pandoc key or a LaTeX cite command is the writer's, never the source's, so no full stop is
needed before it to tell whose it is; a bare number (``"… as shown in [4]."``) still needs one.
"""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write


def test_a_pandoc_key_before_the_stop_inside_a_block_is_the_quotations(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "methode.md",
        "Leitfadeninterviews sind moderierte Erzählungen.\n\n"
        '>"Ein guter Leitfaden lässt den Befragten so viel Raum wie möglich\n'
        '>und fragt erst am Ende nach [...][@berg2019, S. 12]."\n\n'
        "Das heißt nicht, dass es keine Planung gibt.\n",
    )
    (c,) = scan(md).citations
    assert c.quote.startswith("Ein guter Leitfaden") and c.quote.endswith("[...]")
    assert c.reference.key == "berg2019"
    assert c.locator.value == "12"


def test_a_pandoc_key_before_the_stop_inline(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        'Sie schreibt: "Je offener die Frage, desto mehr erzählen die Leute von sich'
        '[@roth2001, S. 4]." Das gilt auch hier.\n',
    )
    (c,) = scan(md).citations
    assert c.quote == "Je offener die Frage, desto mehr erzählen die Leute von sich"
    assert (c.reference.key, c.locator.value) == ("roth2001", "4")


def test_a_latex_cite_before_the_stop_inside_the_marks(tmp_path: Path) -> None:
    tex = write(
        tmp_path,
        "a.tex",
        "Sie schreibt: ``Je offener die Frage, desto mehr erzählen die Leute von sich"
        "~\\cite[S.~4]{roth2001}.'' Das gilt auch hier.\n",
    )
    (c,) = scan(tex).citations
    assert c.reference.key == "roth2001"
    assert "cite" not in c.quote and "roth" not in c.quote


def test_a_number_inside_the_marks_without_a_stop_before_it_stays_the_sources(
    tmp_path: Path,
) -> None:
    md = write(
        tmp_path,
        "a.md",
        'The report says: "the method was first described by Miller and Cole in [4]." '
        "We use it too.\n",
    )
    (c,) = scan(md).citations
    assert c.quote.endswith("[4].")
    assert c.reference is None

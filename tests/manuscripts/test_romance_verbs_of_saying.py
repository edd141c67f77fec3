"""Spanish and French essays give words to their author with their own verbs of saying:
"Freire advertía que … un "amor al dinero" en lugar de un "amor al prójimo"", "selon Weil,
« l'attention est la forme la plus rare de la générosité »". An essay that cites nothing
needs such a verb to tell a source's words from its own."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write


def test_spanish_and_french_verbs_of_saying_are_evidence(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "ensayo.md",
        "Me preocupa el conformismo. Freire advertía que no basta con comer bien, porque eso "
        'genera un "amor al dinero fácil" en lugar de un "amor al prójimo cercano". '
        "Lo veo cada día.\n\n"
        "Et selon Weil, « l'attention est la forme la plus rare de la générosité ».\n",
    )
    quotes = {c.quote for c in scan(md).citations}
    assert quotes == {
        "amor al dinero fácil",
        "amor al prójimo cercano",
        "l'attention est la forme la plus rare de la générosité",
    }

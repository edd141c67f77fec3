"""German names a term in the passive without naming who does ("Wahrnehmungen wurden als
‚Sinnesdaten‘ bezeichnet"): the word is a term, not someone's word. With its namer ("Russell
bezeichnet die Wahrnehmungen als ‚Sinnesdaten‘") it stays his. Written in the form of a German
journal article in Pandoc Markdown (m16)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write


def test_a_term_named_in_the_passive(tmp_path: Path) -> None:
    text = (
        "Daten gelten oft als gegeben [@floridi2010]. Mit Beginn des 20. Jahrhunderts wurden\n"
        "unmittelbar zugängliche Wahrnehmungen als ‚Sinnesdaten‘ bezeichnet. Später hat\n"
        "Russell die Erinnerungen als ‚Gedächtnisbilder‘ bezeichnet.\n"
    )
    assert set(quotes_found(write(tmp_path, "paper.md", text))) == {"Gedächtnisbilder"}

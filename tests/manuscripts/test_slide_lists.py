"""Teaching slides in Markdown list a philosopher's works with their years, give an example
maxim after "Bsp.:", and set a quoted appeal in a block signed by a name on the next line:
the work and the example are no quotations, the signed block is one. Written in the form of
German reveal.js ethics slides (m16), not copied from them."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_SLIDES = (
    "# Kant\n"
    "* Königsberg\n"
    '* "Kritik der praktischen Vernunft" (1788)\n'
    '* "Grundlegung zur Metaphysik der Sitten" (1785), sein erstes Werk zur Ethik\n\n'
    "## Kategorischer Imperativ\n"
    "> Handle nur nach derjenigen Maxime, durch die du zugleich wollen kannst, dass sie ein "
    "allgemeines Gesetz werde.\n\n(GMS 421)\n\n"
    "## Hypothetische Imperative\n"
    "* Bsp.: „Verkaufe deine Aktien, bevor der Kurs fällt.“\n\n"
    "# Maxime der Flüchtlingspolitik\n\n"
    "> Denkt langfristig! Bezieht die Lage eurer Städte mit ein und prüft, was sich ändern "
    "könnte.\n\n"
    'Marc Beispielmann <!-- .element: class="rechts"-->\n'
)


def test_works_examples_and_a_signed_appeal(tmp_path: Path) -> None:
    got = quotes_found(write(tmp_path, "Kant.md", _SLIDES))
    assert set(got) == {
        "Handle nur nach derjenigen Maxime, durch die du zugleich wollen kannst, dass sie ein "
        "allgemeines Gesetz werde.",
        "Denkt langfristig! Bezieht die Lage eurer Städte mit ein und prüft, was sich ändern "
        "könnte.",
    }

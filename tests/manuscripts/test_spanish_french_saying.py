"""A Spanish blog essay that cites nothing gives its quotations to the writers it names with
verbs of saying, teaching and defining ("Y añade algo …: «…»", "Jung me enseñó que «…»", "Lo
definió así: «…»"); a French essay likewise ("Camus ajoute : « … »"). Without such a verb the
words in guillemets stay the essayist's. Written in the forms of m16's Spanish essay."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_ESSAY = (
    "## I. La entrega\n\n"
    "Brené Brown define la vulnerabilidad con cuidado. Y añade algo que debería grabarse: "
    "*«amar a alguien que puede que no nos corresponda es el mayor de los riesgos»*.\n\n"
    "Porque Carl Jung me enseñó que *«todo lo que nos irrita de otros nos lleva a un "
    "entendimiento de nosotros mismos»*, ya no juzgo.\n\n"
    "Spinoza tenía un concepto: el *conatus*. Lo definió así: *«El conato con que cada cosa "
    "se esfuerza en perseverar en su ser es su esencia.»*\n\n"
    "Camus ajoute : « il faut imaginer Sisyphe heureux dans sa montagne ».\n\n"
    "Yo me dije entonces: «nunca más volveré a esa casa vacía».\n"
)


def test_verbs_of_saying_in_spanish_and_french(tmp_path: Path) -> None:
    assert set(quotes_found(write(tmp_path, "ensayo.md", _ESSAY))) == {
        "amar a alguien que puede que no nos corresponda es el mayor de los riesgos",
        "todo lo que nos irrita de otros nos lleva a un entendimiento de nosotros mismos",
        "El conato con que cada cosa se esfuerza en perseverar en su ser es su esencia.",
        "il faut imaginer Sisyphe heureux dans sa montagne",
    }

"""A term named by a verb of naming ("is called", "known as", "the so-called") is the writer's
word for a thing, whoever coined it, even with a citation beside it. English "referred to as"
and the Portuguese, Spanish and Italian verbs ("é denominado", "chamado de", "conocido como",
"il cosiddetto") name so too. A quotation cited the same way stays one. Written in the form of
an ABNT monograph in Word (m18) and an English thesis (m8)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_TEXT = """# Tributação

O papel do estado se amplia por meio das funções alocativas, sendo denominada como
“perspectiva convencional” (OLIVEIRA, 2007). Outro ponto é chamado de “equilíbrio fiscal”
(SILVA, 2010, p. 4). En España se habla del llamado “déficit estructural” (PÉREZ, 2012).

What is commonly referred to as ‘atonal’ (Gordon 1968) is no style of its own.

Segundo Silva, a tributação “recai sobre o consumo das famílias mais pobres” (SILVA, 2010, p. 7).

## Referências

OLIVEIRA, F. Economia. São Paulo: Ática, 2007.

SILVA, J. Finanças. Rio de Janeiro: Record, 2010.

PÉREZ, L. Hacienda. Madrid: Alianza, 2012.

Gordon, E. Music. Chicago: GIA, 1968.
"""


def test_named_terms_are_not_quotations(tmp_path: Path) -> None:
    got = quotes_found(write(tmp_path, "mono.md", _TEXT))
    assert set(got) == {"recai sobre o consumo das famílias mais pobres"}


_DEFINED = """# Dados

A unidade de análise é a “Unidade de consumo”, que consiste em um conjunto de moradores,
“que compartilham da mesma fonte de alimentação” (IBGE, 2021). Most systems today are
“narrow AI”, i.e. specific to one task [@goertzel]. Die Verfassung nennt den »Laizismus«,
d.h. die Trennung von Staat und Kirche [@bauer, S. 4].

Bauer schreibt, die Trennung sei „nicht vollendet“. Das heißt, sie bleibt ein Ziel [@bauer, S. 9].

## Referências

IBGE. Pesquisa de Orçamentos Familiares. Rio de Janeiro: IBGE, 2021.
"""


def test_terms_defined_after_their_marks(tmp_path: Path) -> None:
    bib = write(
        tmp_path,
        "refs.bib",
        "@book{goertzel, author={Goertzel, Ben}, title={AGI}, year={2012}}\n"
        "@book{bauer, author={Bauer, Eva}, title={Staat}, year={2019}}\n",
    )
    got = quotes_found(write(tmp_path, "dados.md", _DEFINED), bib)
    assert set(got) == {"que compartilham da mesma fonte de alimentação", "nicht vollendet"}

"""Words in marks the writer presents as a name are a term even with a citation: a phrase called
well-known or famous ("their well-known “Client-first approach”"), or named with an agentless
"is frequently referred to as" (``cost function'' \\cite{x}). A page cited for them keeps them a
quotation; a short phrase cited right after without one stays a quotation too (held-back sets
label such phrases, the source's own words, quotations)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_BIB = (
    "@book{pariser, author={Pariser, Eli}, title={The Filter Bubble}, year={2011}}\n"
    "@book{smith, author={Smith, Ann}, title={Reading}, year={2020}}\n"
)


def _md(tmp_path: Path, text: str) -> dict[str, tuple[str | None, str | None]]:
    return quotes_found(write(tmp_path, "a.md", text), write(tmp_path, "refs.bib", _BIB))


def test_a_short_phrase_cited_right_after_stays_a_quotation(tmp_path: Path) -> None:
    got = _md(tmp_path, 'Feeds build a "personal filter bubble" [@pariser] around each reader.\n')
    assert got == {"personal filter bubble": ("pariser", None)}


def test_a_name_known_by_all_is_the_writers_to_use(tmp_path: Path) -> None:
    text = (
        "The firm kept its well-known “Client-first approach”, meeting every need of its "
        "clients [@smith].\n"
    )
    assert _md(tmp_path, text) == {}
    text = 'He ran the famous "prison experiment" again, as the report says [@smith, p. 4].\n'
    assert list(_md(tmp_path, text)) == ["prison experiment"]


def test_a_phrase_frequently_referred_to_as_is_a_term(tmp_path: Path) -> None:
    tex = write(
        tmp_path,
        "a.tex",
        "This sum is frequently referred to as the ``cost function'' \\cite{smith}. We use it.\n",
    )
    assert quotes_found(tex, write(tmp_path, "refs.bib", _BIB)) == {}

"""One word in marks taken from the work its sentence's closing citation gives, taught by the
fourteenth held-out set (a German law thesis quoting single words of its sources in „…“ with
\\autocite at the sentence's end), and the names and labels a fact-checking essay lists in
marks under one citation. Lines are retyped from the labelled real manuscripts."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_BIB = (
    "@book{krajewski,\n  author = {Krajewski, Markus},\n  title = {Menschenrechte},\n"
    "  year = {2016}\n}\n"
    "@article{nowrot,\n  author = {Nowrot, Karsten},\n  title = {Rohstoffrecht},\n"
    "  year = {2022}\n}\n"
    "@article{aden,\n  author = {Aden, Hartmut},\n  title = {Fakten},\n  year = {2019}\n}\n"
    "@book{rawls,\n  author = {Rawls, John},\n  title = {A Theory of Justice},\n"
    "  year = {1971}\n}\n"
    "@article{dobbs,\n  author = {Dobbs, Michael},\n  title = {Checker},\n  year = {2012}\n}\n"
)


def _tex(tmp_path: Path, body: str) -> Path:
    write(tmp_path, "refs.bib", _BIB)
    return write(
        tmp_path,
        "arbeit.tex",
        "\\documentclass{article}\n\\begin{document}\n" + body + "\n\\bibliography{refs}\n"
        "\\end{document}\n",
    )


def test_one_word_in_german_reported_speech_its_citation_closes_is_the_sources(
    tmp_path: Path,
) -> None:
    path = _tex(
        tmp_path,
        "Das Rohstoffrecht unterliege zudem einer „Akzentverschiebung“, welche auf "
        "Veränderungen in den politischen Rahmenbedingungen basieren.\\autocite{nowrot}\n\n"
        "Dieser Begriff ist für die Arbeit ein „Leitbild“ ohne Folgen.\\autocite{nowrot}\n",
    )
    # The second sentence is the writer's own statement: its word is a scare quote.
    assert set(quotes_found(path)) == {"Akzentverschiebung"}


def test_one_word_beside_a_phrase_its_sentence_quotes_from_the_same_work(
    tmp_path: Path,
) -> None:
    path = _tex(
        tmp_path,
        "Bezüglich der Schaffung eines Rechtsbereichs argumentiert KRAJEWSKI, dass die "
        "Rohstoffwirtschaft keine Besonderheit aufweist, sodass es „zweifelhaft“ ist, ob "
        "sich daraus eine Begründung für eine eigene „wirtschaftsvölkerrechtliche "
        "Teilordnung“ schaffen lässt.\\autocite{krajewski}\n",
    )
    assert set(quotes_found(path)) == {"zweifelhaft", "wirtschaftsvölkerrechtliche Teilordnung"}


def test_words_listed_side_by_side_under_one_citation_are_labels_not_quotations(
    tmp_path: Path,
) -> None:
    path = _tex(
        tmp_path,
        "Die Washington Post startete 2007 ihren ``Fact Checker''-Blog, in dem Aussagen von "
        "Politikern überprüft wurden.~[\\cite{dobbs}] Im selben Jahr wurde PolitiFact "
        "gegründet, eine Nachrichtenorganisation, die bekannt ist für ihr ``Truth-O-Meter'', "
        "das Aussagen von ``True'' bis ``Pants on Fire'' bewertet.~[\\cite{aden}]\n",
    )
    assert set(quotes_found(path)) == set()


def test_one_word_someone_terms_or_characterizes_is_theirs(tmp_path: Path) -> None:
    path = _tex(
        tmp_path,
        "In response to what he terms an ``intuitionist'' approach, which he alleges "
        "determines the priority of principles contextually, Rawls argues that an ordinal "
        "ranking is possible.\\autocite[34]{rawls} The ``ranking'' is ours.\n",
    )
    assert set(quotes_found(path)) == {"intuitionist"}

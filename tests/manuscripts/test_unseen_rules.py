"""Rules learnt from a fourth set of manuscripts nobody had labelled: German LaTeX theses with
biblatex (`„…``` under babel, `(Ebd., 142)`, a quotation in a cite's prenote, a block that ends
with its footnote), an English thesis in natbib whose ``…" closes with a straight mark and whose
own example maxims are quoted, and typed ibids in Word and Markdown. The lines are retyped from
those manuscripts (a political-science thesis on talk shows, a linguistics monograph, a thesis
on Kantian ethics, a German seminar paper in Word)."""

from __future__ import annotations

from pathlib import Path

import docx

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import quotes_found, write


def test_german_babel_marks_pair_in_latex(tmp_path: Path) -> None:
    tex = (
        "Oder anders gewendet: „difference of meaning correlates with difference of "
        "distribution`` \\autocite[156]{harris1954}.\n\n"
        "Sie werden durch Sprachgebrauchsmuster als ‚minimale Kristallisationskerne von "
        "Diskursen` \\autocite[40]{linke2003} ersetzt.\n"
    )
    got = quotes_found(write(tmp_path, "a.tex", tex))
    assert got == {
        "difference of meaning correlates with difference of distribution": ("harris1954", "156"),
        "minimale Kristallisationskerne von Diskursen": ("linke2003", "40"),
    }


def test_a_straight_mark_closes_a_latex_opening(tmp_path: Path) -> None:
    tex = (
        "Korsgaard argues that ``to will an end, rather than just wishing for it or wanting it, "
        'is to set yourself to be its cause" \\cite[38]{sources}. I formalize this idea.\n\n'
        "G\\\"odel held ``that the axioms force themselves upon us as being true'' "
        "\\cite[p.~4]{goedel}.\n"
    )
    got = quotes_found(write(tmp_path, "k.tex", tex))
    assert got == {
        "to will an end, rather than just wishing for it or wanting it, is to set yourself to "
        "be its cause": ("sources", "38"),
        "that the axioms force themselves upon us as being true": ("goedel", "4"),
    }


def test_a_quotation_in_a_prenote_is_the_cites(tmp_path: Path) -> None:
    tex = (
        "Die Grundannahme besteht darin, dass die ein Wort umgebenden Wörter Rückschlüsse auf "
        "dessen Bedeutung erlauben \\autocite[„You shall know a word by the company it keeps.``]"
        "[11]{firth1957} und dass Wörter, die ähnlich verteilt sind, Ähnliches bedeuten.\n"
    )
    got = quotes_found(write(tmp_path, "f.tex", tex))
    assert got == {"You shall know a word by the company it keeps.": ("firth1957", "11")}


def test_a_german_phrase_is_no_title_and_a_paged_one_is_quoted(tmp_path: Path) -> None:
    tex = (
        "Für wieder andere ist die Vielzahl an Polittalks nur ein Symptom für „die Schwäche des "
        "Nachrichtenjournalismus“ \\parencite{schloemann2012} in Deutschland.\n\n"
        "Fillmore nannte sie „Checklist Theories of Meaning`` \\autocite*[123]{fillmore1975}.\n\n"
        "Positiv ist hier das Buch „Die Geschichte der Talkshow in Deutschland“ von "
        "\\textcite{keller2009} hervorzuheben.\n"
    )
    got = quotes_found(write(tmp_path, "t.tex", tex))
    assert got == {
        "die Schwäche des Nachrichtenjournalismus": ("schloemann2012", None),
        "Checklist Theories of Meaning": ("fillmore1975", "123"),
    }


def test_a_narrative_cite_of_a_later_clause_leaves_the_quotation_to_the_one_before(
    tmp_path: Path,
) -> None:
    tex = (
        "In diesem Sinne attestiert \\textcite[13]{rossum2004} Sabine Christiansen „eine "
        "unschlagbare journalistische Unbedarftheit“ und machte dies mit dafür verantwortlich, "
        "dass die Sendung eine einseitige Botschaft vermittelt habe, eine Diagnose der sich auch "
        "\\textcite{mueller2006} anschließen.\n\n"
        "\\textcite{doerner2012} meint „eher die geringen Produktionskosten der Formate als der "
        "politische Mehrwert“ seien der Grund.\n"
    )
    got = quotes_found(write(tmp_path, "r.tex", tex))
    assert got == {
        "eine unschlagbare journalistische Unbedarftheit": ("rossum2004", "13"),
        "eher die geringen Produktionskosten der Formate als der politische Mehrwert": (
            "doerner2012",
            None,
        ),
    }


def test_a_typed_ibid_is_the_work_cited_last_at_its_own_page(tmp_path: Path) -> None:
    tex = (
        "So leisteten sie eine Orientierungsleistung "
        "\\parencite[139\\psq]{doerner2001} und damit „den Raum des legitimen Diskurses“ "
        "(Ebd., 142) absteckten.\n"
    )
    assert quotes_found(write(tmp_path, "e.tex", tex)) == {
        "den Raum des legitimen Diskurses": ("doerner2001", "142")
    }
    md = (
        "Integration ist ein Prozess [@morgan2022, S. 21]. Er soll „die Eingewanderten zu einem "
        "Bestandteil der Gesellschaft machen“ (ebd., S. 41).\n"
    )
    assert quotes_found(write(tmp_path, "e.md", md)) == {
        "die Eingewanderten zu einem Bestandteil der Gesellschaft machen": ("morgan2022", "41")
    }
    # A name that starts like "ibid" is no ibid: the name it is, not the work cited last.
    md = "Erst [@morgan2022, S. 21]. Die Firma sagt „wir bauen die Maschinen selbst“ (Ibsen).\n"
    assert quotes_found(write(tmp_path, "i.md", md)) == {
        "wir bauen die Maschinen selbst": ("Ibsen", None)
    }
    path = tmp_path / "e.docx"
    d = docx.Document()
    d.add_paragraph(
        "Integration wird als Prozess definiert (Georgi & Keküllüoglu, 2018, S. 40). Er soll "
        "„die Eingewanderten zu integralem Bestandteil der Gesellschaft machen“ (Ebd., S. 41)."
    )
    d.save(str(path))
    ((quote, (key, loc)),) = quotes_found(path).items()
    assert quote == "die Eingewanderten zu integralem Bestandteil der Gesellschaft machen"
    assert "Georgi" in (key or "") and loc == "41"


def test_a_block_that_ends_with_its_footnote_takes_its_address(tmp_path: Path) -> None:
    tex = (
        "Am 22. Februar 2020 berichtet die Tageszeitung \\textsc{Die} \\textsc{Welt}:\n\n"
        "\\begin{quote}\nDie Terrornacht von Hanau mit elf Toten wirkt sich auch auf das "
        "Wahlverhalten der Deutschen aus.\\footnote{Der Artikel ist unter "
        "\\url{https://www.welt.de/politik/article206062103.html} {[}18.12.2025{]} online "
        "verfügbar.}\n\\end{quote}\n"
    )
    (cit,) = scan(write(tmp_path, "w.tex", tex)).citations
    assert cit.quote == (
        "Die Terrornacht von Hanau mit elf Toten wirkt sich auch auf das Wahlverhalten der "
        "Deutschen aus."
    )
    assert cit.reference is not None
    assert "welt.de" in (cit.reference.target or cit.reference.raw)


def test_examples_and_labelled_words_are_the_writers_own(tmp_path: Path) -> None:
    tex = (
        "\\begin{example}[False Promising]\n  The example maxim reads, ``When I am broke, I "
        "will falsely promise to repay a loan.''\n\\end{example}\n\n"
        "A maxim is a tuple, such as ``(When I am broke, will falsely promise to repay a "
        "loan)''. For example, the circumstance ``when I am really broke'' is true at the real "
        "world. The action, ``will falsely promise to repay'' is an open sentence.\n\n"
        "Kant's formula reads ``act only according to that maxim by which you can will it'' "
        "\\citep{groundwork}.\n"
    )
    got = quotes_found(write(tmp_path, "m.tex", tex))
    assert got == {
        "act only according to that maxim by which you can will it": ("groundwork", None)
    }


def test_a_lead_in_speaker_picks_his_key_from_several(tmp_path: Path) -> None:
    block = (
        "\\begin{quote}\n``A fundamental problem is the question of the existence of absolutely "
        "undecidable propositions.''\n\\end{quote}\n"
    )
    tex = "Emil Post writes:~\\cite[p.~200]{Urquhart2009, Post1943}\n\n" + block
    assert list(quotes_found(write(tmp_path, "p.tex", tex)).values()) == [("Post1943", "200")]
    bib = write(
        tmp_path,
        "refs.bib",
        "@book{u09, author = {Urquhart, Alasdair}, title = {Emil Post}, year = {2009}}\n"
        "@article{p43, author = {Post, Emil L.}, title = {Formal Reductions of the General "
        "Combinatorial Decision Problem}, year = {1943}}\n",
    )
    tex = "Emil Post writes:~\\cite[p.~200]{u09, p43}\n\n" + block
    assert list(quotes_found(write(tmp_path, "q.tex", tex), bib).values()) == [("p43", "200")]


def test_word_footnote_titles_and_program_output_are_not_quotations(tmp_path: Path) -> None:
    from tests.manuscripts import wordxml as wx

    path = tmp_path / "g.docx"
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "„Prinzipiell ließe sich Git auch komplett ohne ein Web-Interface oder zentralen "
            "Server verwenden.“ ",
            wx.footnote_ref(1),
            " Die Konsole gibt die Antwort „Leeres Git-Repository in "
            "/home/timo/Schreibtisch/W-Seminar/.git/ initialisiert“.",
        ],
    )
    d.save(str(path))
    wx.add_footnotes_part(
        path,
        wx.footnotes_xml(
            {1: [" Moritz Stückler, „Was ist eigentlich GitHub?“, unter: http://t3n.de/news/x/"]}
        ),
    )
    cits = scan(path).citations
    assert [c.quote for c in cits] == [
        "Prinzipiell ließe sich Git auch komplett ohne ein Web-Interface oder zentralen Server "
        "verwenden."
    ]
    assert cits[0].reference is not None and "t3n.de" in cits[0].reference.raw


def test_a_german_text_named_by_its_kind_is_a_title(tmp_path: Path) -> None:
    tex = (
        "Exemplarisch steht Mahlos bis heute aktueller Text „Zur Diskussion um die Diskussion im "
        "Fernsehen“ \\parencite{mahlo1956}. Zweck sei „eine Mischung aus Bildung, Unterhaltung "
        "und Information“ \\parencite[103]{mahlo1956}.\n"
    )
    assert quotes_found(write(tmp_path, "m.tex", tex)) == {
        "eine Mischung aus Bildung, Unterhaltung und Information": ("mahlo1956", "103")
    }

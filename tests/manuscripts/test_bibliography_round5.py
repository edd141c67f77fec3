"""Bibliography rules found on a fifth round of sets the readers had not met: Zotero's own BibTeX
import run on real theses' and papers' .bib files, JabRef's importer tests read backwards (the
.bib JabRef writes from an MSBib, Medline, MODS or MARC XML record, checked against the record)
and JabRef's name-splitting tests. Entries retyped small from the real files, no code taken.
"""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts.bibliography import read_bibliography
from quote_tui.manuscripts.bibtex import read_bibtex

# --- nothing lost without a word ---------------------------------------------------------------


def test_an_entry_head_without_a_brace_is_a_warning_not_a_silent_loss() -> None:
    # JabRef's ``MarcXmlParserTestNotes.bib`` writes ``@Article,`` with no ``{``: BibTeX stops
    # there and so does bibtexparser, which takes the block for a comment between entries.
    text = (
        "@Article,\n  author     = {Sarda, Marie-Anne and Eude-Devaux, Caroline},\n"
        "  title      = {Livres de secrets},\n  year       = {2023},\n}\n\n"
        "@Comment{jabref-meta: databaseType:bibtex;}\n"
    )
    read = read_bibtex(text, file="notes.bib")
    assert read.entries == ()
    assert [(w.code.value, w.file, w.line) for w in read.warnings] == [
        ("unparsable", "notes.bib", 1)
    ]


def test_an_at_sign_in_prose_between_entries_is_no_warning() -> None:
    text = "Mail me@example.org, or write @ home, please.\n@book{a, title = {A}}\n"
    read = read_bibtex(text)
    assert [e.key for e in read.entries] == ["a"]
    assert read.warnings == ()


def test_an_entry_with_an_unpaired_escaped_brace_is_read_as_bibtex_counts_braces() -> None:
    # A Mendeley export in a real thesis: ``isbn = {{1023-4144|escape{\}}}``. BibTeX counts
    # every brace, escaped or not; bibtexparser alone stops here, Zotero runs on into the next.
    text = (
        "@article{Martin2011,\nauthor = {Martin, Marcel},\n"
        "isbn = {{1023-4144|escape{\\}}},\n"
        "title = {{Cutadapt removes adapter sequences from high-throughput sequencing reads}},\n"
        "year = {2011}\n}\n"
        "@article{McMurdie2013,\nauthor = {McMurdie, Paul J. and Holmes, Susan},\n"
        "title = {phyloseq},\nyear = {2013}\n}\n"
    )
    read = read_bibtex(text)
    assert [(e.key, e.authors[:1], e.year) for e in read.entries] == [
        ("Martin2011", ("Martin",), "2011"),
        ("McMurdie2013", ("McMurdie",), "2013"),
    ]
    assert read.entries[0].title == (
        "Cutadapt removes adapter sequences from high-throughput sequencing reads"
    )
    assert read.warnings == ()


def test_a_block_that_still_fails_with_braces_counted_is_a_warning() -> None:
    read = read_bibtex("@book{a,\n title = {A \\} B\n\n@book{b, title={B}}\n")
    assert [e.key for e in read.entries] == ["b"]
    assert [w.code.value for w in read.warnings] == ["unparsable"]


# --- LaTeX and names -----------------------------------------------------------------------------


def test_a_letter_written_for_math_and_for_text_is_read_once() -> None:
    # A real review's bibliography: ``\ifmmode`` gives math and text a letter each; pylatexenc
    # read both (``Engströöm``), Zotero neither.
    text = (
        "@article{Engstrom2013Dec,\n"
        '  author = {Engstr{\\ifmmode\\ddot{o}\\else\\"{o}\\fi}m, P{\\"a}r G. and '
        "Denzler, R{\\ifmmode\\acute{e}\\else\\'{e}\\fi}my},\n"
        "  title = {Systematic evaluation of spliced alignment programs for "
        "{RNA}-seq data: Akta{\\ifmmode\\mbox{\\c{s}}\\else\\c{s}\\fi}},\n"
        "  year = {2013}\n}\n"
    )
    (entry,) = read_bibtex(text).entries
    assert entry.authors == ("Engström", "Denzler")
    assert entry.title == (
        "Systematic evaluation of spliced alignment programs for RNA-seq data: Aktaş"
    )


def test_a_role_written_after_a_name_is_not_its_surname() -> None:
    # Real German and English theses: ``Alfons Limbrunner (Hrsg.)``, ``Emerson Foulke (ed.)``.
    # BibTeX's rule makes ``(Hrsg.)`` the surname; Zotero keeps ``Limbrunner (Hrsg.)``.
    text = (
        "@book{limbrunner93,\n\tAuthor = {Alfons Limbrunner (Hrsg.)},\n\tTitle = {Handbuch},\n"
        "\tYear = {1993}\n}\n"
        "@book{foulke:1986,\n  author = {Emerson Foulke (ed.)},\n  title = {Perception},\n}\n"
        "@book{who,\n  author = {{World Health Organization (WHO)}},\n  title = {Report},\n}\n"
    )
    assert [e.authors for e in read_bibtex(text).entries] == [
        ("Limbrunner",),
        ("Foulke",),
        ("World Health Organization (WHO)",),
    ]


def test_a_symbol_command_written_against_the_next_word_keeps_both() -> None:
    # A linguistics book's bibliography and a rehabilitation wiki's, read against Zotero's
    # import of them: to TeX each is one undefined command, and the word was lost.
    text = (
        "@incollection{scharloth2022,\n\ttitle = {Faltungen: {{D}}ie Schlie\\ssung des rechten "
        "Kommunikationssystems},\n\tauthor = {Scharloth, Joachim},\n}\n"
        "@article{rodatz2011,\n\ttitle = {\\guilsinglrightIntegration als "
        'Extremismuspr{\\"a}vention\\guilsinglleft: {{R}}assistische Effekte},\n}\n'
        "@article{kubler2001,\n  title = {{Brain\\textendashcomputer communication: "
        "Unlocking the locked in.}},\n}\n"
        "@article{known,\n  title = {\\ss{} and \\textquotedblleft x\\textquotedblright},\n}\n"
    )
    assert [e.title for e in read_bibtex(text).entries] == [
        "Faltungen: Die Schließung des rechten Kommunikationssystems",
        "›Integration als Extremismusprävention‹: Rassistische Effekte",
        "Brain–computer communication: Unlocking the locked in.",
        "ß and “x”",
    ]


def test_a_file_of_utf8_with_a_few_windows_1252_bytes_reads_both(tmp_path: Path) -> None:
    # A real paper's .bib: UTF-8 dashes (``Brain–Computer``) and, elsewhere, a byte of
    # Windows-1252; read whole as Windows-1252, every dash became ``â€“``.
    bib = tmp_path / "mybibfile.bib"
    bib.write_bytes(
        "@article{Renard2010,\n  title = {OpenViBE: Use Brain–Computer Interfaces},\n"
        "  author = {Renard, Yann},\n}\n".encode()
        + b"@article{b,\n  title = {Caf\xe9 \x96 Terrasse},\n  author = {M\xfcller, Anna},\n}\n"
    )
    read = read_bibliography(bib)
    assert [(e.title, e.authors) for e in read.entries] == [
        ("OpenViBE: Use Brain–Computer Interfaces", ("Renard",)),
        ("Café – Terrasse", ("Müller",)),
    ]


def test_a_hyphenated_lowercase_word_before_the_surname_is_no_particle() -> None:
    # A real manuscript cites ``The imbalanced-learn developers``: Zotero's import keeps the
    # last word, as this reader does for every von word that is no particle; ``al-`` and
    # ``d'`` still begin a surname.
    text = (
        "@misc{ImbalancedLearn,\n  author = {The imbalanced-learn developers},\n"
        "  title = {imbalanced-learn},\n}\n"
        "@book{hakim,\n  author = {Tawfiq al-Hakim},\n  title = {A},\n}\n"
        "@book{dalembert,\n  author = {Jean Le Rond d'Alembert},\n  title = {B},\n}\n"
    )
    assert [e.authors for e in read_bibtex(text).entries] == [
        ("developers",),
        ("al-Hakim",),
        ("d'Alembert",),
    ]


def test_zoteros_escaped_signs_and_rich_text_read_as_the_user_typed_them() -> None:
    # Zotero's BibTeX export, in two real theses: ``<``, ``>`` and ``|`` written as commands,
    # and Zotero's rich-text markup written with them. ``<3 Å`` lost its sign before.
    text = (
        "@article{fischer_structure_2015,\n\ttitle = {Structure of the {E}. coli ribosome at "
        "{\\textless}3 {\\AA} resolution},\n}\n"
        "@misc{book_lawrence_2000,\n\ttitle = {Lawrence Lessig on cyberspace {\\textbar} "
        "Harvard Magazine},\n}\n"
        '@article{muller_span_2021,\n\ttitle = {{\\textless}span style="font-variant:small-caps;'
        '"{\\textgreater}{NMR}{\\textless}/span{\\textgreater} Spectroscopic Investigation '
        "of Ribozymes},\n}\n"
    )
    assert [e.title for e in read_bibtex(text).entries] == [
        "Structure of the E. coli ribosome at <3 Å resolution",
        "Lawrence Lessig on cyberspace | Harvard Magazine",
        "NMR Spectroscopic Investigation of Ribozymes",
    ]

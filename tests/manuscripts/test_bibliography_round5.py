"""Bibliography rules found on a fifth set of fixtures the readers had not met: JabRef's importer
tests read backwards (jablib ``logic/importer/fileformat``: the .bib JabRef writes from an MSBib,
Medline, MODS or MARC XML record, checked against the record itself). Entries retyped small, no
code taken.
"""

from __future__ import annotations

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

"""Bibliography rules found on a fourth set of fixtures the readers had not met: pandoc's
biblatex and BibTeX reader tests (jgm/pandoc ``test/command``, each a .bib and the CSL pandoc
makes of it) and pandoc-citeproc's ``biblio2yaml`` tests, most of them entries of biblatex's own
``biblatex-examples.bib`` (entries retyped small, no code taken).
"""

from __future__ import annotations

import pytest

from quote_tui.manuscripts.bibtex import read_bibtex
from quote_tui.manuscripts.texdecode import latex_to_text

# --- names -----------------------------------------------------------------------------------

_BRANDT = """@incollection{brandt,
  author       = {von Brandt, Ahasver and Hoffmann, Erich},
  editor       = {Ferdinand Seibt},
  title        = {Die n{\\"o}rdischen L{\\"a}nder von der Mitte des 11.~Jahrhunderts bis 1448},
  date         = 1987,
  options      = {useprefix=false},
}
@thesis{geer,
  author       = {de Geer, Ingrid},
  title        = {Earl, Saint, Bishop, Skald~-- and Music},
  date         = 1985,
  options      = {useprefix=false},
}
@book{vangennep,
  author       = {van Gennep, Arnold},
  title        = {Les rites de passage},
  date         = 1909,
}
@book{aristotle,
  author       = {Aristotle and von Humboldt, Alexander},
  title        = {Physics},
  options      = {hyphenation=english, useprefix = false},
}
@book{pina,
  author       = {family=Pina-Cabral, given=João, prefix=de, useprefix=true},
  title        = {Between China and Europe},
  options      = {useprefix=false},
}
"""


def test_useprefix_false_in_an_entrys_options_keeps_the_von_part_as_the_managers_do() -> None:
    # biblatex cites ``Brandt`` and pandoc makes ``von`` a dropping particle, but Zotero's and
    # JabRef's imports, and Better BibTeX's, ignore the option and keep ``von Brandt`` (Zotero's
    # BibTeX import run on biblatex-examples.bib; 2026-12-05). Citations written ``Brandt``
    # still match: a surname is compared by its last word. A biber extended name keeps its
    # own ``useprefix``, which only biber-aware readers know.
    entries = {e.key: e for e in read_bibtex(_BRANDT).entries}
    assert entries["brandt"].authors == ("von Brandt", "Hoffmann")
    assert entries["geer"].authors == ("de Geer",)
    assert entries["vangennep"].authors == ("van Gennep",)
    assert entries["aristotle"].authors == ("Aristotle", "von Humboldt")
    assert entries["pina"].authors == ("de Pina-Cabral",)


def test_the_same_extended_name_in_two_entries_keeps_each_entrys_useprefix() -> None:
    # The names of a file are split once and remembered: the option must not leak between
    # entries through that memory.
    name = "family=Brandt, given=Ahasver, prefix=von"
    text = (
        f"@book{{a, author={{{name}}}, title={{A}}, options={{useprefix=false}}}}\n"
        f"@book{{b, author={{{name}}}, title={{B}}}}\n"
        f"@book{{c, author={{{name}}}, title={{C}}, options={{useprefix=false}}}}\n"
    )
    assert [e.authors for e in read_bibtex(text).entries] == [
        ("Brandt",),
        ("von Brandt",),
        ("Brandt",),
    ]


def test_a_single_letter_particle_stays_with_the_surname() -> None:
    # ``Jon a Pastor`` (Better BibTeX's import fixture #873): BibTeX and Zotero give ``a Pastor``.
    entry = read_bibtex("@article{p, author={Jon a Pastor and Donald P. McKay}, title={T}}")
    assert entry.entries[0].authors == ("a Pastor", "McKay")


# --- cross-references ------------------------------------------------------------------------

_NESTED = """@bookinbook{bookinbook-1,
    Crossref = {book-1},
    Title = {Macbeth},
    Pages = {100-200},
}
@book{book-1,
    Crossref = {mvbook-1},
    Date = {1975},
    Title = {Tragedies},
}
@mvbook{mvbook-1,
    Author = {Shakespeare},
    Date = {1970/1980},
    Title = {Collected Works},
}
"""


def test_a_crossref_chain_is_followed_to_the_entry_that_names_the_author() -> None:
    # biber's nested cross-references: the play takes its author from the multi-volume work
    # its book belongs to, its year from the book.
    entries = {e.key: e for e in read_bibtex(_NESTED).entries}
    assert entries["bookinbook-1"].authors == ("Shakespeare",)
    assert entries["bookinbook-1"].year == "1975"
    assert entries["bookinbook-1"].title == "Macbeth"
    assert entries["book-1"].authors == ("Shakespeare",)


def test_a_crossref_loop_ends() -> None:
    text = "@book{a, crossref={b}, title={A}}\n@book{b, crossref={a}, author={Xu, Li}}\n"
    entries = {e.key: e for e in read_bibtex(text).entries}
    assert entries["a"].authors == ("Xu",)
    assert entries["b"].authors == ("Xu",)


# --- text ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "text"),
    [
        (r"The Title: \bibstring{newseries}", "The Title: new series"),
        (r"\bibcpstring{reprintof} Kant", "Reprint of Kant"),
        # A key biblatex's English strings do not hold is kept, so no word is lost.
        (r"Letters \bibstring{unknownkey}", "Letters unknownkey"),
        (r"A \bibstring", "A"),
    ],
)
def test_a_bibstring_is_read_as_the_words_it_prints(field: str, text: str) -> None:
    assert latex_to_text(field) == text


def test_a_brace_ends_a_ligature() -> None:
    # ``--{--}``: TeX makes two en dashes (the brace breaks the ligature), as pylatexenc reads it.
    assert latex_to_text("1990--{--}1995") == "1990––1995"
    assert latex_to_text("a---b") == "a—b"


# --- warnings --------------------------------------------------------------------------------


def test_a_comment_holding_entries_is_no_warning_and_its_entries_are_read() -> None:
    # pandoc-citeproc's ``book-averroes``: an ``@comment{`` opened before the entries it adapts.
    text = (
        "@comment{\nadapted from biblatex-examples.bib\n\n"
        "@book{averroes/bland,\n  Author = {Averroes},\n  Date = 1982,\n"
        "  Title = {The Epistle on the Possibility of Conjunction}}\n\n"
        "@book{averroes/hannes,\n  Author = {Averroes},\n  Date = 1892,\n  Title = {Drei}}\n"
    )
    read = read_bibtex(text)
    assert [e.key for e in read.entries] == ["averroes/bland", "averroes/hannes"]
    assert read.warnings == ()


def test_a_block_that_is_no_comment_and_cannot_be_read_still_warns() -> None:
    read = read_bibtex("@book{a,\n title = {A}\n\n@book{b, title={B}}\n")
    assert [w.code.value for w in read.warnings] == ["unparsable"]


def test_an_entry_whose_head_is_commented_out_is_switched_off() -> None:
    # pandoc's test 7668: only ``%@Book{JW82,`` is commented; biber and pandoc read no JW82, and
    # a ``%`` inside a field still starts a comment there.
    text = (
        "%@Book{JW82,\n author   = {Richard A. Johnson and Dean W. Wichern},\n"
        " title    = {Applied Multivariate Statistical Analysis},\n year     = {1983}\n}\n"
        "@Book{JW83,\n  author = {Richard %A.\n    B. Johnson},\n"
        '%  title = {Multivariate Analysis},\n  year = "%\n  1983"\n}\n'
    )
    read = read_bibtex(text)
    assert [(e.key, e.authors, e.title, e.year) for e in read.entries] == [
        ("JW83", ("Johnson",), None, "1983")
    ]
    # Switched off, but not without a word (since 2026-12-05: Zotero and BibTeX read it).
    assert [(w.code.value, w.line) for w in read.warnings] == [("commented_out", 1)]

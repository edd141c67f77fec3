"""Bibliography rules found on a sixth round: Zotero's own BibTeX import run on real theses' and
libraries' .bib files not used before (Mendeley and Zotero exports among them). Entries retyped
small from the real files, no code taken.
"""

from __future__ import annotations

import pytest

from quote_tui.manuscripts import bibtex
from quote_tui.manuscripts.bibfields import clean_doi
from quote_tui.manuscripts.bibtex import read_bibtex
from quote_tui.manuscripts.texdecode import latex_to_text

# --- DOIs as exported, TeX escapes and all ----------------------------------------------------


@pytest.mark.parametrize(
    ("field", "doi"),
    [
        # A Zotero library in a dissertation: the underscore escaped as BibTeX needs it.
        ("10.1007/978-3-319-51741-4\\_2", "10.1007/978-3-319-51741-4_2"),
        ("10.1111/j.1365-2958.1995.mmi{\\_}17020333.x", "10.1111/j.1365-2958.1995.mmi_17020333.x"),
        # A Mendeley library in a book chapter: ``_`` as a command, once with a doubled ``$\\$``.
        ("10.1386/jots.6.1.29{\\textunderscore }1", "10.1386/jots.6.1.29_1"),
        ("10.1007/978-3-319-68606-6$\\${\\textunderscore }22", "10.1007/978-3-319-68606-6_22"),
        # A SICI with its escaped per cent signs: the escapes go, the encoding stays (as Zotero).
        (
            "10.1002/1520-6696(197707)13:3\\%3C267::aid-jhbs2300130307\\%3E3.0.co;2-f",
            "10.1002/1520-6696(197707)13:3%3c267::aid-jhbs2300130307%3e3.0.co;2-f",
        ),
    ],
)
def test_a_doi_field_loses_its_tex_escapes(field: str, doi: str) -> None:
    assert clean_doi(field) == doi
    entry = read_bibtex(f"@article{{k, title = {{T}}, doi = {{{field}}}}}\n").entries[0]
    assert entry.doi == doi


# --- titles --------------------------------------------------------------------------------------


def test_textunderscore_is_an_underscore() -> None:
    assert latex_to_text("mmi{\\textunderscore}17020333") == "mmi_17020333"


def test_an_accent_over_nothing_is_the_sign_and_keeps_the_words_apart() -> None:
    # A Russian dissertation's Mendeley library: the ``~`` typed into the title comes out so.
    title = "{Оптимальные процессы в{\\~{}}системах автоматического регулирования}"
    assert latex_to_text(title) == "Оптимальные процессы в~системах автоматического регулирования"
    assert latex_to_text("x{\\^{}}2") == "x^2"


def test_a_discretionary_hyphen_leaves_the_word_whole() -> None:
    title = "Theses and other Beautiful Documents with \\texttt{clas\\-sic\\-the\\-sis}"
    assert latex_to_text(title) == "Theses and other Beautiful Documents with classicthesis"


def test_display_math_in_a_title_is_read_inline() -> None:
    # A lab's Mendeley library: ``$$`` around one symbol parted the word.
    title = "{An Introduction to B$$\\epsilon$$-trees and Write-Optimization}"
    assert latex_to_text(title) == "An Introduction to Bϵ-trees and Write-Optimization"


@pytest.mark.parametrize(
    ("field", "title"),
    [
        # A bibliography kept in BibSonomy and exported by Zotero: ``\\emph{Media}`` escaped twice.
        (
            "Inside \\textbackslash{{emphMedia Psychology}}: {{The Story}} of an {{Emerging "
            "Discipline}}",
            "Inside Media Psychology: The Story of an Emerging Discipline",
        ),
        (
            "Checking {{Up}} on \\textbackslash{{emphThe Invasion}} from {{Mars}}",
            "Checking Up on The Invasion from Mars",
        ),
        ("\\emphMedia and \\textitPolitics", "Media and Politics"),
    ],
)
def test_a_font_command_glued_to_its_word_keeps_the_word(field: str, title: str) -> None:
    assert latex_to_text(field) == title


def test_a_known_command_that_starts_like_a_font_command_is_left_to_the_parser() -> None:
    assert latex_to_text("\\textbf{Bold} and \\emph{Media}") == "Bold and Media"


# --- blocks that name no work ---------------------------------------------------------------


def test_biblatex_control_entry_is_no_reference() -> None:
    # The whole of the ``-blx.bib`` file older biblatex writes beside a thesis.
    text = (
        "@Comment{$ biblatex control file $}\n@Comment{$ biblatex version 2.8 $}\n"
        "Do not modify this file!\n\n"
        "@Control{biblatex-control,\n  options = {2.8:0:0:1:0:1:1:0:0:0:0:1:3:1:79:+:nty},\n}\n"
        "@book{knuth, title = {The {\\TeX}book}, author = {Knuth, Donald E.}, year = 1984}\n"
    )
    read = read_bibtex(text)
    assert [e.key for e in read.entries] == ["knuth"]
    assert read.warnings == ()


# --- nothing lost for one broken field ------------------------------------------------------


def test_an_entry_whose_field_never_closes_keeps_the_fields_before_it() -> None:
    # A thesis's Mendeley library: the url's brace is never closed. BibTeX and Zotero run the
    # field on into the next entry and lose that one; the entry itself was dropped here.
    text = (
        "@article{Schwanhausser2011,\n"
        'author = {Schwanh{\\"{a}}usser, Bj{\\"{o}}rn and Busse, Dorothea},\n'
        "journal = {Nature},\n"
        "title = {{Global quantification of mammalian gene expression control}},\n"
        "url = {https://doi.org/10.1038/nature10098,\n"
        "volume = {473},\n"
        "year = {2011}\n"
        "}\n"
        "@article{Calabrese2015,\n"
        "author = {Calabrese, Evan and Badea, Alexandra},\n"
        "title = {{A Diffusion MRI Tractography Connectome of the Mouse Brain}},\n"
        "year = {2015}\n"
        "}\n"
    )
    read = read_bibtex(text, file="library.bib")
    assert [(e.key, e.authors[:1], e.year) for e in read.entries] == [
        ("Schwanhausser2011", ("Schwanhäusser",), None),
        ("Calabrese2015", ("Calabrese",), "2015"),
    ]
    assert read.entries[0].title == "Global quantification of mammalian gene expression control"
    assert [(w.code.value, w.line) for w in read.warnings] == [("read_in_part", 5)]
    assert "Schwanhausser2011" in read.warnings[0].message


def test_a_block_with_nothing_readable_is_still_unparsable() -> None:
    read = read_bibtex("@article{broken,\ntitle = {never closed\n@book{ok, title = {Fine}}\n")
    assert [e.key for e in read.entries] == ["ok"]
    assert [w.code.value for w in read.warnings] == ["unparsable"]


def test_a_keyword_ending_in_a_backslash_does_not_break_its_entry() -> None:
    # Better BibTeX in a psychology thesis: ``positive psychology\\`` as the last keyword.
    text = (
        "@article{bhattacharya2017,\n"
        "  title = {Humility: An Emerging Construct in Moral Psychology},\n"
        "  author = {Bhattacharya, Oindrila and Chatterjee, Amita},\n"
        "  year = {2017},\n"
        "  keywords = {Humility,moral psychology,positive psychology\\\\},\n"
        "  file = {C\\:\\\\Users\\\\s\\\\Zotero\\\\storage\\\\Z\\\\Humility.pdf}\n"
        "}\n"
        "@article{bialek2019, title = {Next}, author = {Bialek, Michal}, year = {2019}}\n"
    )
    read = read_bibtex(text)
    assert [(e.key, e.authors[:1], e.year) for e in read.entries] == [
        ("bhattacharya2017", ("Bhattacharya",), "2017"),
        ("bialek2019", ("Bialek",), "2019"),
    ]
    assert read.warnings == ()


# --- formulas -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "title"),
    [
        # Better BibTeX's export of formulas typed into Zotero titles (an astronomer's library,
        # a biology thesis, a particle physics thesis), every sign escaped.
        ("Photo-\\$z\\$ Bias Calibration", "Photo-z Bias Calibration"),
        (
            "A Non-Linear Solution to the \\$S\\_8\\$ Tension?",
            "A Non-Linear Solution to the S₈ Tension?",
        ),
        (
            "Discrepancies in \\$\\Omega\\_m\\$ and \\$H\\_0\\$ Across",
            "Discrepancies in Ωₘ and H₀ Across",
        ),
        (
            "Alignment-free \\$d\\_2{\\textasciicircum}*\\$ oligonucleotide",
            "Alignment-free d₂* oligonucleotide",
        ),
        ("Correlations in \\$e\\^+e\\^-\\$ Collisions", "Correlations in e⁺e⁻ Collisions"),
        (
            "Equation of State in (\\$2+1\\$)-Flavor {{QCD}}",
            "Equation of State in (2+1)-Flavor QCD",
        ),
        # Zotero's own export of the same title writes each ``$`` as ``{$\\$$}``.
        (
            "Equation of {{State}} in ({$\\$$}2+1{$\\$$})-{{Flavor}}",
            "Equation of State in (2+1)-Flavor",
        ),
    ],
)
def test_a_formula_between_escaped_dollars_is_math(field: str, title: str) -> None:
    assert latex_to_text(field) == title


@pytest.mark.parametrize(
    "field",
    ["costs \\$5 to \\$10 a day", "raised \\$5M, then \\$10M", "from \\$5-\\$10"],
)
def test_escaped_dollars_around_money_stay_dollar_signs(field: str) -> None:
    assert latex_to_text(field) == field.replace("\\$", "$")


@pytest.mark.parametrize(
    ("field", "title"),
    [
        ("Running of $\\alpha_s$ at the Z pole", "Running of αₛ at the Z pole"),
        ("Constraints on $\\Omega_m$", "Constraints on Ωₘ"),
        ("$\\sigma^2$ and $\\Delta^{+}$", "σ² and Δ⁺"),
    ],
)
def test_a_symbol_with_a_letter_script_keeps_the_symbol(field: str, title: str) -> None:
    # The script became a Unicode letter (``ₛ``) and was read as part of the command's name.
    assert latex_to_text(field) == title


@pytest.mark.parametrize(
    ("field", "title"),
    [
        (
            "Measuring \\$\\{{\\textbackslash}mathbb\\{{Z}\\}\\}\\_\\{2\\}\\$ topological",
            "Measuring ℤ₂ topological",
        ),
        (
            "Stress {{Testing}} \\$\\textbackslash{{Lambda}}\\${{CDM}} with",
            "Stress Testing ΛCDM with",
        ),
        (
            "{{Lyman-}}\\$\\textbackslash alpha\\$ Emission in a \\$z=10.60\\$ Luminous Galaxy",
            "Lyman-α Emission in a z=10.60 Luminous Galaxy",
        ),
    ],
)
def test_a_formula_escaped_twice_is_still_read_whole(field: str, title: str) -> None:
    # Its backslashes escaped too (``\\textbackslash``): read as text escaped twice, not as math.
    assert latex_to_text(field) == title


@pytest.mark.parametrize(
    ("field", "text"),
    [
        # An astronomer's Better BibTeX library: accents typed as LaTeX into Zotero, escaped once
        # more on export; the names kept ``\~`` and ``\'``.
        ("Gazta{\\textbackslash}{\\textasciitilde}naga", "Gaztañaga"),
        ("Fern{\\textbackslash}'andez-Garc{\\textbackslash}'ia", "Fernández-García"),
        # A dissertation's library through Zotero, Better BibTeX and Zotero again: thrice.
        ("Rodr{\\textbackslash}textbackslash'ıguez-Gironés", "Rodríguez-Gironés"),
        (
            '{{Quantum Many-Body Schr}}{\\textbackslash}"odinger {{Equation}}',
            "Quantum Many-Body Schrödinger Equation",
        ),
    ],
)
def test_an_accent_escaped_twice_is_the_letter(field: str, text: str) -> None:
    assert latex_to_text(field) == text


def test_a_broken_block_past_the_salvage_limit_is_only_named() -> None:
    # A brace never closed near a file's start runs to its end: one block, not one entry.
    filler = "".join(f"note{i} = {{{'x' * 1_000}}},\n" for i in range(150))
    text = "@article{runaway,\ntitle = {Read},\nurl = {never closed,\n" + filler
    assert len(text) > bibtex._SALVAGE_CHARS
    read = read_bibtex(text)
    assert read.entries == ()
    assert [(w.code.value, w.line) for w in read.warnings] == [("unparsable", 1)]

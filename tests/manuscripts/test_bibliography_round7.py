"""Bibliography rules found on a seventh round: German theses' .bib files (JabRef, Citavi,
Mendeley and hand-written ones) and Mendeley libraries run through Zotero's BibTeX import, and a
library's .bib beside the RIS its manager exported. Entries retyped small from the real files,
no code taken.
"""

from __future__ import annotations

import pytest

from quote_tui.manuscripts.bibnames import surnames
from quote_tui.manuscripts.bibtex import read_bibtex
from quote_tui.manuscripts.texdecode import latex_to_text

# --- Mendeley's escaped formulas -------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "text"),
    [
        # A physics thesis's Mendeley library: math typed into the title, every sign escaped
        # in braces and every backslash written ``\backslash``.
        (
            "{Observation of the Decay {\\$}B{\\^{}}{\\{}0{\\}} \\backslashto "
            "\\backslashpi{\\^{}}{\\{}0{\\}}\\backslashpi{\\^{}}{\\{}0{\\}}{\\$}}",
            "Observation of the Decay B⁰ →π⁰π⁰",
        ),
        (
            "{Measurement of Single Spin asymmetry in W Boson Production in polarized p + p "
            "collisions at {\\$}\\backslashsqrt{\\{}s{\\}}{\\$} = 500 GeV}",
            "Measurement of Single Spin asymmetry in W Boson Production in polarized p + p "
            "collisions at √(s) = 500 GeV",
        ),
        # The space after a closing ``{\$}`` is kept (``A_Lin 500``, ``GeVpolarized``).
        (
            "{Parity Violating Spin Asymmetry {\\$}A{\\_}L{\\$} in 500 GeV/{\\$}c{\\^{}}2{\\$} "
            "Polarized p+p Collisions}",
            "Parity Violating Spin Asymmetry AL in 500 GeV/c² Polarized p+p Collisions",
        ),
        (
            "{asymmetry of {\\$}W{\\^{}}{\\{}\\backslashpm{\\}}\\backslashrightarrow"
            "\\backslashmu{\\^{}}{\\{}\\backslashpm{\\}}{\\$} at forward/backward rapidities "
            "with PHENIX at {\\$}\\backslashsqrt{\\{}s{\\}}=500-510 GeV{\\$} polarized "
            "{\\$}p+p{\\$} collisions}",
            "asymmetry of W±→μ± at forward/backward rapidities with PHENIX at √(s)=500-510 GeV "
            "polarized p+p collisions",
        ),
        # A sign alone between the dollars is math all the same (it had kept ``$+$``).
        (
            "{spin asymmetries in W{\\$}{\\^{}}{\\{}\\backslashpm{\\}}{\\$} production in "
            "polarized p{\\$}+{\\$}p collisions}",
            "spin asymmetries in W± production in polarized p+p collisions",
        ),
    ],
)
def test_a_formula_mendeley_escaped_is_read_as_math(title: str, text: str) -> None:
    entry = read_bibtex(f"@article{{Okada2011a,\ntitle = {{{title}}},\nyear = {{2011}}\n}}\n")
    assert entry.entries[0].title == text


@pytest.mark.parametrize(
    ("field", "text"),
    [
        # Prices between two escaped dollars are dollar signs, braced as Mendeley writes them or
        # bare as Better BibTeX does; they had been read as a formula and the dollars dropped.
        ("US{\\$}179 631 vs. US{\\$}12 000", "US$179 631 vs. US$12 000"),
        ("US\\$179 631 vs. US\\$12 000", "US$179 631 vs. US$12 000"),
        ("from {\\$}58,000 in 1997 to {\\$}72,000", "from $58,000 in 1997 to $72,000"),
        # A formula with digits first is still one (the sixth round's rule holds).
        (
            "Equation of State in (\\$2+1\\$)-Flavor {{QCD}}",
            "Equation of State in (2+1)-Flavor QCD",
        ),
    ],
)
def test_a_price_between_escaped_dollars_keeps_its_dollar_signs(field: str, text: str) -> None:
    assert latex_to_text(field) == text


@pytest.mark.parametrize(
    ("field", "text"),
    [
        # A Mendeley library in a microbiology thesis (textgreek's letters).
        (
            "Engages Inside-Out and Outside-In Signaling by Integrin \\textbeta$_1$ and Talin1",
            "Engages Inside-Out and Outside-In Signaling by Integrin β₁ and Talin1",
        ),
        ("The \\textalpha-helix and \\textDelta G", "The α-helix and ΔG"),
    ],
)
def test_textgreek_letters_are_the_letters(field: str, text: str) -> None:
    assert latex_to_text(field) == text


# --- entries commented out ---------------------------------------------------------------------

_TEMPLATE = """%% Mögliche Typen
%%  @article{einstein,
%%    author = "Albert Einstein",
%%    title = "{Zur Elektrodynamik bewegter K{\\"o}rper}",
%%    year = "1905",
%%  }
%%
%%  @inbook{knuth-fa,
%%    author = "Donald E. Knuth",
%%    title = "Fundamental Algorithms",
%%  }

  @inbook{knuth-fa,
    author = "Donald E. Knuth",
    title = "Fundamental Algorithms",
    year = "1973",
  }
"""


def test_an_entry_commented_out_is_named_in_a_warning() -> None:
    # A German bachelor thesis's sources file, a template's examples left commented: Zotero's
    # import reads einstein, biber does not; this reader does not read it and says so.
    read = read_bibtex(_TEMPLATE, file="Quellen.bib")
    assert [e.key for e in read.entries] == ["knuth-fa"]
    assert [(w.code.value, w.line) for w in read.warnings] == [("commented_out", 2)]
    assert "einstein" in read.warnings[0].message
    assert str(read.warnings[0]).startswith("Quellen.bib:2: ")


def test_commented_prose_with_an_at_sign_is_no_entry() -> None:
    text = "% mail me at someone@example.org {for} the file\n@book{a, title = {T}}\n"
    read = read_bibtex(text)
    assert [e.key for e in read.entries] == ["a"]
    assert read.warnings == ()


# --- names -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "surname"),
    [
        # An electrical engineering thesis's Zotero library: standards as their authors.
        ("DIN EN IEC 60034-4-1", "IEC 60034-4-1"),
        ("MIL STD 704-e", "STD 704-e"),
        ("QW 91.9.179.4544-009", "QW 91.9.179.4544-009"),
        ("ISO 9001", "ISO 9001"),
        # People keep their surnames.
        ('Hans {Kleine B{\\"u}ning} and Theodor Lettmann', "Kleine Büning"),
        ("Doe, Jane", "Doe"),
    ],
)
def test_a_surname_is_never_a_bare_number(field: str, surname: str) -> None:
    assert surnames(field)[0] == surname


# --- chemistry --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "text"),
    [
        # A materials science thesis's Mendeley library writes its formulas with mhchem.
        (
            "Synthesis and luminescence properties of novel deep red emitting phosphors "
            "\\ce{Li2MgGeO4}:\\ce{Mn^4+}",
            "Synthesis and luminescence properties of novel deep red emitting phosphors "
            "Li₂MgGeO₄:Mn⁴⁺",
        ),
        ("Possible \\ce{Co^{3+}} Low Spin", "Possible Co³⁺ Low Spin"),
        ("{\\ce{Ca4(PO4)2O}: a phosphor", "Ca₄(PO₄)₂O: a phosphor"),
        (
            "sensitisation of \\ce{Eu3+} photoluminescence",
            "sensitisation of Eu³⁺ photoluminescence",
        ),
        ("\\ce{Y_{3-x}Gd_{x}Fe_{5}O_{12}} garnets", "Y₃₋ₓGdₓFe₅O₁₂ garnets"),
        ("\\ce{^{13}C} NMR of \\ce{CO2}", "¹³C NMR of CO₂"),
    ],
)
def test_mhchem_formulas_are_read_as_chemists_print_them(field: str, text: str) -> None:
    assert latex_to_text(field) == text


# --- a thesis's own macros ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "text"),
    [
        # A German master's thesis defines ``\Csharp`` in its preamble; the name had vanished.
        (
            "Visual \\Csharp{} 2017: Grundlagen, Profiwissen und Rezepte",
            "Visual Csharp 2017: Grundlagen, Profiwissen und Rezepte",
        ),
        ("Vererbung (\\Csharp-Programmierhandbuch)", "Vererbung (Csharp-Programmierhandbuch)"),
        (
            "\\FLIP: A Difference Evaluator for Alternating Images",
            "FLIP: A Difference Evaluator for Alternating Images",
        ),
        # Known commands, size commands, a symbol alone in math and a line break are no names.
        ("\\Large Title", "Title"),
        ("Long {{Live Jim Carey}}{$\\Exclam$}", "Long Live Jim Carey"),
        ("First line\\\\Second", "First line Second"),
        ('G{\\"o}del \\L{}ukasiewicz \\AA{}ngstr\\"om', "Gödel Łukasiewicz Ångström"),
        ("spaces $\\ell_1^n ({\\Bbb C})$", "spaces ℓ₁ⁿ (C)"),
        # Zotero's export of a typed double quote.
        (
            "How to check if hex color is {\\textquotedbl}too black{\\textquotedbl}?",
            'How to check if hex color is "too black"?',
        ),
    ],
)
def test_a_thesis_macro_for_a_name_keeps_the_name(field: str, text: str) -> None:
    assert latex_to_text(field) == text


def test_inline_math_in_parentheses_is_math() -> None:
    # A German master's thesis: ``\\(I^2\\)C`` had kept its caret.
    field = "Schnittstellen: Serielle Schnittstelle, USB, SPI, \\(I^2\\)C, 1-Wire etc."
    assert (
        latex_to_text(field) == "Schnittstellen: Serielle Schnittstelle, USB, SPI, I²C, 1-Wire etc."
    )
    assert latex_to_text("\\(\\alpha\\)-helix and line\\\\(a)") == "α-helix and line (a)"


def test_babel_german_shorthand_inside_a_word_is_the_umlaut() -> None:
    # A German bachelor thesis's literatur.bib, typed for babel's ngerman.
    text = (
        '@book{Schreiner2010,\n  Author = {M"uller, J"org and Schreiner, R"udiger},\n'
        '  Title = {Die Stra"se der Gr"o{\\ss}e},\n  Address = {M"unchen},\n  Year = {2010}\n}\n'
    )
    entry = read_bibtex(text).entries[0]
    assert entry.authors == ("Müller", "Schreiner")
    assert entry.title == "Die Straße der Größe"
    # A straight quote that opens or closes a quotation is left alone.
    assert latex_to_text('The "anchor" effect') == 'The "anchor" effect'
    # Nor a quote after a one-letter command (a breve in a broken field of a real thesis).
    assert "ä" not in latex_to_text('P\\u"a"r\\u"a"u')


@pytest.mark.parametrize(
    ("field", "text"),
    [
        # A Mendeley library in a medical informatics thesis: a line break pasted as ``\n``.
        (
            "Utilising temporal data abstraction for data validation and therapy "
            "planning{\\textbackslash}nfor artificially ventilated newborn infants.",
            "Utilising temporal data abstraction for data validation and therapy planning for "
            "artificially ventilated newborn infants.",
        ),
        # Commands escaped twice are still the commands.
        ("a{\\textbackslash}nabla b and x{\\textbackslash}rho", "a∇b and xρ"),
    ],
)
def test_an_escaped_line_break_keeps_the_word_after_it(field: str, text: str) -> None:
    assert latex_to_text(field) == text


def test_a_subtitle_after_a_question_is_kept_without_a_colon() -> None:
    # A German bachelor thesis's @online entries: the subtitle had been left out.
    text = (
        "@online{adobe-pdf-a,\n author = {{Adobe Inc.}},\n"
        " title = {PDF/A: Wie unterscheidet es sich von PDF?},\n"
        " subtitle = {Erfahre, was PDF/A-Dateien auszeichnet.}\n}\n"
    )
    assert read_bibtex(text).entries[0].title == (
        "PDF/A: Wie unterscheidet es sich von PDF? Erfahre, was PDF/A-Dateien auszeichnet."
    )


def test_citavis_escaped_formula_is_math() -> None:
    # A Citavi export in a fibre-optics paper: ``$\backslash$`` before the command's name.
    field = "1.0--1.7-{\\$}$\\backslash$mu{\\$}m Wavelength-Tunable Ultrashort-Pulse Generation"
    assert latex_to_text(field) == "1.0–1.7-μm Wavelength-Tunable Ultrashort-Pulse Generation"

"""French and German LaTeX as their writers type it: letters of their own written as commands
(``l'\\oe{}uvre``), and the cite typed inside ``\\enquote``'s braces, where French and German
typesetting put the note mark (before the closing guillemet). Excerpts from public mémoires."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.latex import latex_to_text
from quote_tui.manuscripts.texdecode import letters_to_text

BIB = """
@book{anneessurrealistes, title = {Les années surréalistes}, author = {Breton, André}, year = 1990}
@book{falvay1979, title = {L'enfant}, author = {Falvay, Marie}, year = 1979}
@book{kant1781, title = {Kritik der reinen Vernunft}, author = {Kant, Immanuel}, year = 1781}
"""


def _scan(tmp_path: Path, body: str) -> dict[str, tuple[str | None, str | None]]:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    path = tmp_path / "m.tex"
    path.write_text(
        "\\documentclass{article}\\usepackage{csquotes}\\begin{document}\n"
        f"{body}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    out = {}
    for c in scan(path, bib=[tmp_path / "refs.bib"]).citations:
        key = c.reference.key if c.reference else None
        out[c.quote] = (key, c.locator.value if c.locator else None)
    return out


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        # a mémoire on children in literature; a software manual; a memoir of flying
        ("dans l'\\oe{}uvre des poètes romantiques", "dans l'œuvre des poètes romantiques"),
        ("le nom des n\\oe{}uds qui les représentent", "le nom des nœuds qui les représentent"),
        ("le pilote man\\oe{}uvre l'appareil", "le pilote manœuvre l'appareil"),
        ("{\\oe}uvre et c\\oe ur", "œuvre et cœur"),
        ("\\OE{}dipe", "Œdipe"),
        ("\\ae{}sthetic", "æsthetic"),
        ("Ma\\l{}opolska", "Małopolska"),
        ('na\\"{\\i}ve', "naïve"),
        ('na\\"\\i ve', "naïve"),
        ("\\^{\\i}le", "île"),
        ("erschlie\\ss{}ende Wiedergabe", "erschließende Wiedergabe"),
    ],
)
def test_a_letter_command_keeps_the_word_it_stands_in(raw: str, text: str) -> None:
    assert latex_to_text(raw) == text


def test_text_without_letter_commands_is_left_as_it_was() -> None:
    raw = "\\enquote{ein \\emph{Wort}}\\footcite[S.~3]{kant1781} und \\ldots"
    assert letters_to_text(raw) == raw
    assert letters_to_text("no commands at all") == "no commands at all"


def test_the_quoted_words_keep_their_oe(tmp_path: Path) -> None:
    got = _scan(
        tmp_path,
        "Selon elle, \\enquote{Cet enfant, représenté surtout dans l'\\oe{}uvre des poètes "
        "romantiques}\\footcite[19]{falvay1979}, s'épanouit ailleurs.",
    )
    assert got == {
        "Cet enfant, représenté surtout dans l'œuvre des poètes romantiques": ("falvay1979", "19")
    }


def test_a_cite_inside_the_enquote_braces_is_the_quotations(tmp_path: Path) -> None:
    got = _scan(
        tmp_path,
        "Breton écrit alors~: \\enquote{Que cette agitation cesse et je ne serais plus "
        "révolutionnaire et je ne peindrais plus\\footcite[p. 102]{anneessurrealistes}}. "
        "La phrase suivante n'a rien à voir.\n\n"
        "Kant nennt den Raum \\enquote{kein empirischer Begriff, der von äußeren Erfahrungen "
        "abgezogen worden\\cite[S.~23]{kant1781}} und fährt fort.",
    )
    assert got == {
        "Que cette agitation cesse et je ne serais plus révolutionnaire et je ne peindrais plus": (
            "anneessurrealistes",
            "102",
        ),
        "kein empirischer Begriff, der von äußeren Erfahrungen abgezogen worden": (
            "kant1781",
            "23",
        ),
    }


def test_a_cite_of_the_source_inside_the_words_is_not_taken_for_the_writers(
    tmp_path: Path,
) -> None:
    # the cite stands mid-quotation, words follow it: not the closing cite
    got = _scan(
        tmp_path,
        "On lit \\enquote{comme le montre Breton\\cite{anneessurrealistes} dans son livre sur "
        "les années vingt} sans autre indication.",
    )
    assert all(key is None for key, _ in got.values())


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        # a didactics book chapter (German babel marks and \glq…\grq with a control space)
        (
            '"`Das Verhältnis zur Sprache, das als \\glq metasprachliche Kompetenz\\grq, durch '
            "\\glq Reflexion über Sprache\\grq\\ und \\glq Transfer\\grq\\ von den Lehrern.\"'",
            "Das Verhältnis zur Sprache, das als ‚metasprachliche Kompetenz‘, durch ‚Reflexion "
            "über Sprache‘ und ‚Transfer‘ von den Lehrern.",
        ),
        # a social-work thesis: babel's marks inside the quotation
        (
            'mit dem Ziel, "`Anschlussfähigkeit"\' zwischen den Funktionssystemen',
            "mit dem Ziel, „Anschlussfähigkeit“ zwischen den Funktionssystemen",
        ),
        # a French mémoire on music history
        (
            "des XVII\\textsuperscript{e} et XVIII\\textsuperscript{e} siècles",
            "des XVIIe et XVIIIe siècles",
        ),
        # an essay on Hebrews: plain TeX's \lq and \rq
        (
            "by calling this covenant \\lq{}new,\\rq\\ he has made",
            "by calling this covenant ‘new,’ he has made",
        ),
        ("H\\textsubscript{2}O und \\emph{a}", "H2O und a"),
        ('\\og texte\\fg{} et "<Wort">', "«texte» et «Wort»"),
    ],
)
def test_marks_and_scripts_typed_as_commands_read_as_printed(raw: str, text: str) -> None:
    assert latex_to_text(raw) == text


def test_a_lone_shorthand_mark_is_left_alone() -> None:
    # one "' with no "` before it: a straight quote and an apostrophe, not babel's pair
    assert latex_to_text("he said \"'tis so") == "he said \"'tis so"


def test_an_opening_babel_mark_closed_after_the_citation_is_the_blocks_own() -> None:
    # a social-work thesis: "`… Gemeinwesen \footcite[28]{Speck2007}."' in a quotation
    # environment, whose words end at the citation
    assert latex_to_text('"`Unter Schulsozialarbeit wird ein Angebot verstanden') == (
        "Unter Schulsozialarbeit wird ein Angebot verstanden"
    )
    assert latex_to_text('ein "`Wort mitten') == "ein „Wort mitten"


def test_italic_words_quoted_with_their_page_are_no_title(tmp_path: Path) -> None:
    # French sets a quotation in another language in italics inside the guillemets; the
    # italic words are the source's, cited at a page, not a title the text names
    got = _scan(
        tmp_path,
        "Kant le dit ainsi~: \\enquote{\\textit{Der Raum ist kein empirischer Begriff, der von "
        "äußeren Erfahrungen abgezogen worden}\\footcite[S.~23]{kant1781}}. Il traduit "
        "ensuite~: \\enquote{\\textit{Space is not an empirical concept derived from outer "
        "experiences}\\footcite[S.~23]{kant1781}}. La suite.",
    )
    assert got == {
        "Der Raum ist kein empirischer Begriff, der von äußeren Erfahrungen abgezogen worden": (
            "kant1781",
            "23",
        ),
        "Space is not an empirical concept derived from outer experiences": ("kant1781", "23"),
    }

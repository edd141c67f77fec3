"""LaTeX in bibliography fields, as the Unicode text a reader sees.

``pylatexenc`` parses the markup (accents, ``\\textendash``, math, ``\\rm``, ``\\relax``,
``\\cdot``, groups), so no command is mistaken for an accent: a hand-written decoder read
``\\kappa`` as ``\\k{a}ppa`` (``ąppa``). Around it, three things pylatexenc leaves to its caller:

- biblatex's wrappers (``\\mkbibemph``, ``\\mkbibquote`` ...) and ``\\url``/``\\href``, which it
  would render as ``<url>`` or fail on;
- sub- and superscripts in math (``Cu$_2$O``), written as the Unicode digits a reference
  manager stores (``Cu₂O``) where every character has one, else as plain text;
- a field it cannot parse at all: the braces and commands are then stripped by hand, so a
  title never keeps a command whatever it holds.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from typing import Any

from pylatexenc import latexwalker, macrospec
from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db

__all__ = ["latex_to_text", "letters_to_text"]

_SUB = str.maketrans("0123456789+-=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ")
_SUP = str.maketrans(
    "0123456789+-=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVW",
    "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂ",
)
_SCRIPT = re.compile(r"([_^])\s*(?:\{((?:[^{}$]|\{[^{}$]*\})*)\}|(\\[A-Za-z]+|[A-Za-z0-9+\-*]))")
_FONT = re.compile(
    r"\\(?:textrm|mathrm|text|mathit|textit|mathbf|textbf|rm|it|bf)\s*(?:\{([^{}]*)\}|\s)"
)
"""Font commands inside a script (``$_{\\textrm{2}}$``, ``$T_{\\rm eff}$``): their text is the
script's."""
_TEXT_SCRIPT = re.compile(
    r"\\(textsubscript|textsuperscript|mkbibsubscript|mkbibsuperscript)\s*\{([^{}$]*)\}"
)
_MATH = re.compile(r"(?<!\\)\$([^$]*)(?<!\\)\$")
_PLAIN_WRAPPERS = (
    "mkbibemph",
    "mkbibitalic",
    "mkbibbold",
    "mkbibparens",
    "mkbibbrackets",
    "mkbibsuperscript",
    "mkbibsubscript",
    "mkbibacro",
    "mkbibnormal",
    "NoCaseChange",
    "MakeUppercase",
    "MakeLowercase",
    "textsuperscript",
    "textsubscript",
    "textnormal",
    "textup",
    "textsl",
    "textsf",
    "texttt",
    "textmd",
    "uppercase",
    "lowercase",
    "nolinkurl",
    "path",
    "ensuremath",
    "Bbb",  # AMS's old blackboard bold (``$\\ell_1^n({\\Bbb C})$``)
    "mbox",
    "hbox",
    "text",
)
_QUOTING = ("mkbibquote", "enquote", "textquote")
_DROPPED = {
    **dict.fromkeys(
        ("cite", "citep", "citet", "parencite", "textcite", "autocite", "footcite"), "*[[{"
    ),
    **dict.fromkeys(
        ("ref", "eqref", "pageref", "label", "index", "noopsort", "sortnoop", "SortNoop"), "{"
    ),
    "footnote": "[{",
}
"""Commands whose text is not the field's (or the quotation's): references, labels, index
entries, footnotes, and the sort keys of ``\\noopsort{gogh}van Gogh``, which BibTeX styles
define to print nothing. pylatexenc would write ``<cit.>``, ``<ref>`` or the footnote in
brackets."""
_GREEK_NAMES = (
    "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
    "lambda", "mu", "nu", "xi", "omikron", "pi", "rho", "varsigma", "sigma", "tau", "upsilon",
    "phi", "chi", "psi", "omega",
)  # fmt: skip
_GREEK = {name: 0x3B1 + n for n, name in enumerate(_GREEK_NAMES)} | {
    # U+03A2, where a capital final sigma would stand, is unassigned.
    name.capitalize(): 0x391 + n
    for n, name in enumerate(_GREEK_NAMES)
    if name != "varsigma"
}
"""The Greek letters of the textgreek package, by name, as code points (α is U+03B1)."""
_NAMED = {
    "S": "§",
    "P": "¶",
    "LaTeX": "LaTeX",
    "TeX": "TeX",
    "BibTeX": "BibTeX",
    "LaTeXe": "LaTeX2ε",
    "slash": "/",
    "hyphen": "-",  # biblatex's breakable hyphen (``methodology\\hyphen independent``)
    "addcomma": ",",
    "addperiod": ".",
    "adddot": ".",
    "addcolon": ":",
    "addsemicolon": ";",
    "addspace": " ",
    "nopunct": "",
    "textslash": "/",
    "textbackslash": "\ue000",  # put back after the check for commands left over
    "textbraceleft": "\ue001",  # braces again where the text is read a second time
    "textbraceright": "\ue002",
    "textasciicircum": "^",
    "textasciitilde": "~",
    "textunderscore": "_",  # Mendeley's and Zotero's export of ``_`` (``mmi{\\textunderscore}1``)
    "-": "",  # a discretionary hyphen marks where a word may break; the word is whole
    # Zotero's BibTeX export writes ``<``, ``>`` and ``|`` so (``cyberspace {\\textbar} Harvard
    # Magazine``); pylatexenc drops them, and ``<3 Å`` became ``3 Å``.
    "textless": "<",
    "textgreater": ">",
    "textbar": "|",
    "textquotedbl": '"',  # Zotero's export of a typed ``"`` (``is {\\textquotedbl}too black``)
    # textgreek's letters (``Integrin \\textbeta$_1$``, ``\\textalpha-helix``): pylatexenc knows
    # none but ``\\textmu``, and the letter vanished.
    **{f"text{name}": chr(code) for name, code in _GREEK.items()},
}
_BIBSTRINGS = {
    "newseries": "new series",
    "oldseries": "old series",
    "jourser": "series",
    "andothers": "et al.",
    "andmore": "et al.",
    "and": "and",
    "reprint": "reprint",
    "reprintof": "reprint of",
    "reprintas": "reprinted as",
    "origpubin": "originally published in",
    "edition": "edition",
    "volume": "volume",
    "volumes": "volumes",
    "number": "number",
    "chapter": "chapter",
    "page": "page",
    "pages": "pages",
    "in": "in",
    "inpress": "in press",
    "submitted": "submitted",
    "forthcoming": "forthcoming",
    "bytranslator": "translated by",
    "byeditor": "edited by",
}
"""biblatex's ``\\bibstring{newseries}``: the words its English strings print for the keys
fields use; any other key is kept as written, so no word is lost."""
_BIBSTRING_MACROS = ("bibstring", "biblstring", "bibsstring", "bibcpstring", "bibucstring")
_UNESCAPED_PERCENT = re.compile(r"(?<!\\)%")
_DOUBLED_ACCENT = re.compile(r"\{\\\\([^\\{}\s]{1,3})\}")
"""``{\\\\"u}``, ``Swe{\\\\i}g``: an accent group whose backslash an export doubled. A line
break (``\\\\``) never stands alone in a brace group with a letter or two."""
_ELSEVIER_GLYPH = re.compile(r"\\ElsevierGlyph\s*\{([0-9A-Fa-f]{4,5})\}")
"""``\\ElsevierGlyph{2014}``: ScienceDirect's exports name a character by its code point."""
_IFMMODE = re.compile(
    r"\\ifmmode(?![A-Za-z])((?:(?!\\else(?![A-Za-z])|\\fi(?![A-Za-z])).)*)"
    r"(?:\\else(?![A-Za-z])(.*?))?\\fi(?![A-Za-z])",
    re.S,
)
"""``R{\\ifmmode\\acute{e}\\else\\'{e}\\fi}my``: a letter written for math and for text, as some
exports write accents (one real review's bibliography has 49 of them); a field is text, so the
``\\else`` branch is the letter. pylatexenc reads both branches (``Réémy``), Zotero neither."""
_GLUED_SYMBOL = re.compile(
    r"\\(ss|textendash|textemdash|guilsinglright|guilsinglleft|guillemotright|guillemotleft|"
    r"quotesinglbase|quotedblbase|textquoteleft|textquoteright|textquotedblleft|"
    r"textquotedblright|textless|textgreater|textbar)([A-Za-z]+)"
)
"""A symbol's command written against the next word (``Schlie\\ssung``,
``Brain\\textendashcomputer``, ``\\guilsinglrightIntegration``), as a real linguistics book's
bibliography and a rehabilitation wiki's have them: to TeX one undefined command, which would
drop the word; Zotero reads the symbol and the word, and so does this reader."""
_GLUED_FONT = re.compile(
    r"\\(emph|text(?:it|bf|sc|tt|sf|rm|up|sl|md)|math(?:rm|it|bf|cal|sf|tt))([A-Z][A-Za-z]*)"
)
"""A font command written against the word it marks (``\\emphMedia``), as a title escaped twice
on its way through an export reads once its braces are gone (``\\textbackslash{{emphMedia
Psychology}}``): to TeX one undefined command, which dropped the word; read as the word."""
_USER_MACRO = re.compile(r"(?<![\\$])\\([A-Za-z]*[A-Z][A-Za-z]*)(?![A-Za-z])(?:\{\})?(?!\s*[{$])")
"""A command no package defines, with a capital and no argument: a thesis's own macro for a
name (``Visual \\Csharp{} 2017``, ``\\FLIP: A Difference Evaluator``, ``\\CDBTune``), which the
document's preamble typesets. Zotero and JabRef keep it as written; its name is kept here (it
had vanished, leaving ``Visual 2017``). Size commands are no names, nor a symbol alone in math
(``$\\Exclam$``)."""
_NOT_NAMES = frozenset({"Large", "LARGE", "Huge", "Re", "Im", "ElsevierGlyph"})
_EMPTY_ACCENT = re.compile(r"\\([~^])\s*\{\}")
"""``{\\~{}}``, ``{\\^{}}``: an accent over nothing, which is how Mendeley and JabRef write a
typed ``~`` or ``^``; read as that sign (it had vanished, joining ``в~системах`` into one word)."""
_DISPLAY_MATH = re.compile(r"(?<!\\)\$\$([^$]+?)(?<!\\)\$\$")
"""``B$$\\epsilon$$-trees``: display math in a title is an export's doubled ``$``; read inline
(it split the word into ``B ϵ -trees``)."""
_ESCAPED_MATH = re.compile(r"(?<!\{)\\\$(?=[^\s}])((?:[^$\\]|\\[^$])+?)(?<=[^\s{])\\\$")
"""``Photo-\\$z\\$``, ``\\$d\\_2\\^*\\$``: a formula typed into a reference manager's title, which
Zotero shows as math and Better BibTeX exports with every sign escaped; its dollars were kept
as dollar signs, and the formula as LaTeX. A dollar in braces, ``{\\$}``, is Mendeley's, read
as a pair below or as a sign (``from {\\$}58,000 in 1997 to {\\$}72,000``)."""
_MENDELEY_MATH = re.compile(r"\{\\\$\}(?=\S)(.+?)(?<=\S)\{\\\$\}")
"""``{\\$}B{\\^{}}{\\{}0{\\}} \\backslashto \\backslashpi{\\$}``: a formula typed into Mendeley's
title, which its BibTeX export writes with each sign escaped in braces and each backslash as
``\\backslash``; read as Better BibTeX's escaped formula is (it had become ``B0 00``, and a
closing ``{\\$}`` took the space after it: ``A_Lin 500 GeV``)."""
_MENDELEY_SIGNS = (("{\\^{}}", "^"), ("{\\_}", "_"), ("{\\{}", "{"), ("{\\}}", "}"))
_MENDELEY_BACKSLASH = re.compile(r"(?:\$\\backslash\$|\\backslash)\s*(?=[A-Za-z])")
"""``\\backslash``, or ``$\\backslash$`` as Citavi writes it (``{\\$}$\\backslash$mu{\\$}m``),
before a command's name."""
_CE = re.compile(r"\\ce\s*\{((?:[^{}$\\]|\{[^{}$\\]*\})*)\}")
"""mhchem's ``\\ce{Li2MgGeO4:Mn^4+}``, as materials scientists write formulas in titles (one
thesis's library, 94 of them): its digits after an element are subscripts and a charge ending a
formula a superscript (Li₂MgGeO₄:Mn⁴⁺, as Crossref prints it); the command and a caret were
left (``Ce^3+``)."""
_CE_CHARGE = re.compile(r"\^(\d*[+\-]|\d+)(?![{\w])|(?<=[A-Za-z)\]])(\d*[+\-])(?=$|[\s:,;/])")
_CE_COUNT = re.compile(r"(?<=[A-Za-z)\]])(\d+)")
_PAREN_MATH = re.compile(r"(?<!\\)\\\((.*?)(?<!\\)\\\)")
"""``SPI, \\(I^2\\)C``: LaTeX's other inline math, read as ``$...$`` is (its script had stayed a
caret, ``I^2C``)."""
_BABEL_UMLAUT = re.compile(r'(?<=[A-Za-z])(?<!\\[A-Za-z])"([aouAOU]|s(?=[a-z]))')
"""``Schreiner, R"udiger``, ``Stra"se``: babel's German shorthand, which a thesis set in
``ngerman`` types as ü and ß; read so inside a word only, where a straight quote never opens or
closes one (``The "anchor" effect`` keeps its quotes), and not after a one-letter command
(``P\\u"a"r``, a breve in a broken field). Zotero keeps ``R"udiger`` as written."""
_BABEL_LETTERS = {"a": "ä", "o": "ö", "u": "ü", "A": "Ä", "O": "Ö", "U": "Ü", "s": "ß"}
_ESCAPED_BREAK = re.compile(r"\\(n)([a-z]+)")
"""``planning{\\textbackslash}nfor artificially``: a line break pasted into a title from a
database's text as ``\\n`` and escaped by the export. Read again, ``\\nfor`` is no command, and
the word went with it; a known one (``\\nabla``, ``\\nu``) is read as itself. Only ``\\n``: an
escaped ``\\r`` or ``\\t`` cannot be told from ``\\rm``, ``\\rule`` or ``\\textbackslash``, which
pylatexenc reads without knowing them."""
_MATH_SIGN = re.compile(r"[A-Za-z_^{]|\\[A-Za-z]|\d\s*[-+=<>/]\s*\d")
"""What makes the text between two dollars a formula: a letter, a script, a group, a command, or
an operation between digits (``2+1``). Money has none of them (``\\$5 to \\$10``)."""
_MONEY = re.compile(r"\d[\d.,]*\s*(?:[kKmMbB]n?|bn|million|billion|trillion)?")
_PRICE = re.compile(r"\d[^\\^_{}=+\-<>/*]*")
"""A price between two dollars (``US\\$179 631 vs. US\\$12``): digits first, and no sign of a
formula after them; its dollars are dollar signs (they had been read as math and dropped)."""
_UNESCAPE_IN_MATH = re.compile(r"\{\\textasciicircum\}|\\textasciicircum(?![A-Za-z])|\\([_^{}&%#])")
_COMMAND_BEFORE_SCRIPT = re.compile(r"(\\[A-Za-z]+)\s*(?=[_^])")
"""``$\\alpha_s$``: once the script is a Unicode letter (``ₛ``), the parser took it for part of
the command's name (``\\alphaₛ``), an unknown command, and the symbol was lost; an empty group
ends the name."""
_MOST_READINGS = 3
"""A field escaped twice is read twice; Zotero over Better BibTeX over Zotero escapes thrice
(``Rodr{\\textbackslash}textbackslash'ıguez``, a dissertation's library); no more is read."""
_FALLBACK_CMD = re.compile(r"\\[A-Za-z]+\*?\s*|\\.")


def _script(m: re.Match[str]) -> str:
    body = m.group(2) if m.group(2) is not None else m.group(3)
    if m.group(2) is not None:
        body = _FONT.sub(lambda f: f.group(1) or "", body)
    if "\\" in body:
        return f"{{{body} }}"  # commands (``_{2-\\delta}``): pylatexenc renders them
    mapped = body.strip().translate(_SUB if m.group(1) == "_" else _SUP)
    # All or nothing: half-converted scripts (H₂O⁽ⁿ⁺ⁱ⁾) read worse than plain text.
    if mapped and not any(c.isascii() and c.isalnum() for c in mapped):
        return mapped
    return body.strip()  # the mark dropped: ``Cu2-δO`` reads better than ``Cu_2-δO``


def _scripts_in_math(value: str) -> str:
    """Sub- and superscripts inside ``$...$`` (and ``\\textsubscript``) as Unicode, before
    pylatexenc drops the marks."""
    value = _TEXT_SCRIPT.sub(
        lambda m: "$" + ("_" if "sub" in m.group(1) else "^") + "{" + m.group(2) + "}$", value
    )
    return _MATH.sub(
        lambda m: "$" + _SCRIPT.sub(_script, _COMMAND_BEFORE_SCRIPT.sub(r"\1{}", m.group(1))) + "$",
        value,
    )


def _bibstring(n: Any, l2tobj: LatexNodes2Text, macroname: str) -> str:
    args = n.nodeargd.argnlist if n.nodeargd is not None else None
    if not args or args[-1] is None:
        return ""  # read without its argument: the key that follows is printed as it stands
    key = l2tobj.nodelist_to_text([args[-1]]).strip()
    text = _BIBSTRINGS.get(key.casefold(), key)
    return text[:1].upper() + text[1:] if macroname in ("bibcpstring", "bibucstring") else text


@cache
def _contexts() -> tuple[Any, LatexNodes2Text]:
    """The parser's macro table and the renderer: built once, then only read.

    Building them walks pylatexenc's whole default table, which costs more than decoding a
    field; they hold no state of any run, so one pair serves every caller.
    """
    walker_db = latexwalker.get_default_latex_context_db()
    one_arg = [macrospec.MacroSpec(name, "{") for name in (*_PLAIN_WRAPPERS, *_QUOTING, "url")]
    dropped = [macrospec.MacroSpec(name, args) for name, args in _DROPPED.items()]
    walker_db.add_context_category(
        "bibliography",
        macros=[
            *one_arg,
            *dropped,
            macrospec.MacroSpec("href", "{{"),
            macrospec.MacroSpec("foreignlanguage", "[{{"),
            *(macrospec.MacroSpec(name, "[{") for name in _BIBSTRING_MACROS),
        ],
        prepend=True,
    )
    text_db = get_default_latex_context_db()
    text_db.add_context_category(
        "bibliography",
        macros=[
            *(MacroTextSpec(name, simplify_repl="%(1)s") for name in _PLAIN_WRAPPERS),
            *(MacroTextSpec(name, simplify_repl="“%(1)s”") for name in _QUOTING),
            MacroTextSpec("url", simplify_repl="%(1)s"),
            MacroTextSpec("href", simplify_repl="%(2)s"),
            *(MacroTextSpec(name, simplify_repl=text) for name, text in _NAMED.items()),
            *(MacroTextSpec(name, simplify_repl="") for name in _DROPPED),
            MacroTextSpec("foreignlanguage", simplify_repl="%(3)s"),
            *(MacroTextSpec(name, simplify_repl=_bibstring) for name in _BIBSTRING_MACROS),
        ],
        prepend=True,
    )
    renderer = LatexNodes2Text(latex_context=text_db, math_mode="text", strict_latex_spaces=True)
    return walker_db, renderer


def _fallback(value: str) -> str:
    return _FALLBACK_CMD.sub("", value).replace("{", "").replace("}", "").replace("$", "")


_ACCENTS = {
    '"': "\u0308",
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
}
_LETTER_ACCENTS = {
    "c": "\u0327",
    "v": "\u030c",
    "u": "\u0306",
    "H": "\u030b",
    "k": "\u0328",
    "r": "\u030a",
    "d": "\u0323",
    "b": "\u0331",
}
_LETTERS = {
    "ss": "ß",
    "o": "ø",
    "O": "Ø",
    "aa": "å",
    "AA": "Å",
    "ae": "æ",
    "AE": "Æ",
    "oe": "œ",
    "OE": "Œ",
    "l": "ł",
    "L": "Ł",
    "i": "ı",
    "textendash": "–",
    "textemdash": "—",
}
_SIMPLE = re.compile(
    r"\{\\([\"'`^~=.])\s*\{?([A-Za-z])\}?\}"  # {\"u} {\"{u}}
    r"|\\([\"'`^~=.])\s*\{?([A-Za-z])\}?"  # \"u \"{u}
    r"|\\([&%#_])"  # \&
    r"|\\([cvuHkrdb])\{([A-Za-z])\}"  # \c{c} \v{s}
    r"|\\(ss|o|O|aa|AA|ae|AE|oe|OE|l|L|i|textendash|textemdash)(?![A-Za-z])\s*(?:\{\})?"
)
"""The LaTeX most fields hold: an accent on a letter (``{\\"u}``, ``\\'e``, ``\\c{c}``), a
letter of its own (``\\ss``, ``{\\o}``), a dash, an escaped special (``\\&``). Each is read
whole, so no longer command can be taken for one (``\\kappa`` is not ``\\k{a}ppa``); they are
turned to text here, at a fraction of the parser's cost, and pylatexenc reads the rest."""


def _simple(m: re.Match[str]) -> str:
    if m.group(5):
        return m.group(5)
    if m.group(6):
        return m.group(7) + _LETTER_ACCENTS[m.group(6)]
    if m.group(8):
        return _LETTERS[m.group(8)]
    sign, letter = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    return letter + _ACCENTS[sign]


# A dotless i under an accent, braced or not (``\\"{\\i}``, ``\\'\\i``): the accent's letter is i.
_ACCENTED_DOTLESS = re.compile(r"(\\[\"'`^~=.]\s*)(?:\{\\([ij])\}|\\([ij])(?![A-Za-z])[ \t]*)")


def letters_to_text(value: str) -> str:
    """Accents and letters of their own (``\\oe{}``, ``{\\ae}``, ``\\'e``, ``\\"{\\i}``) as
    Unicode, the rest of ``value`` as it was. A reader that drops braces before commands
    would join ``\\oe{}uvre`` into one unknown command ``\\oeuvre`` and lose the word; read
    first, the letter stays."""
    if "\\" not in value:
        return value
    value = _ACCENTED_DOTLESS.sub(lambda m: f"{m.group(1)}{{{m.group(2) or m.group(3)}}}", value)
    return _SIMPLE.sub(_simple, value)


def _unglued(m: re.Match[str]) -> str:
    known = _contexts()[1].latex_context.get_macro_spec(m.group(1) + m.group(2))
    return m.group(0) if known is not None else f"\\{m.group(1)}{{}}{m.group(2)}"


def _user_macro(m: re.Match[str]) -> str:
    name = m.group(1)
    walker_db, renderer = _contexts()
    if (
        name in _NOT_NAMES
        or renderer.latex_context.get_macro_spec(name) is not None
        or walker_db.get_macro_spec(name) is not None
    ):
        return m.group(0)
    return name


def _escaped_break(m: re.Match[str]) -> str:
    walker_db, renderer = _contexts()
    name = m.group(1) + m.group(2)
    if renderer.latex_context.get_macro_spec(name) or walker_db.get_macro_spec(name):
        return m.group(0)
    return " " + m.group(2)


def _escaped_math(m: re.Match[str]) -> str:
    body = m.group(1)
    if (
        "textbackslash" in body
        or _MONEY.fullmatch(body)
        or _PRICE.fullmatch(body)
        or not _MATH_SIGN.search(body)
    ):
        # A formula whose backslashes were escaped too is read whole, later, as text escaped
        # twice (``\\$\\textbackslash{{Lambda}}\\$``).
        return m.group(0)
    return "$" + _UNESCAPE_IN_MATH.sub(lambda e: e.group(1) or "^", body) + "$"


def _mhchem(m: re.Match[str]) -> str:
    body = _CE_CHARGE.sub(lambda c: "^{" + (c.group(1) or c.group(2)) + "}", m.group(1))
    return "$" + _CE_COUNT.sub(r"_{\1}", body) + "$"


def _mendeley_math(m: re.Match[str]) -> str:
    body = m.group(1)
    if _MONEY.fullmatch(body) or _PRICE.fullmatch(body):
        return "\\$" + body + "\\$"  # dollar signs, read below
    # Typed as math, whatever it holds (``p{\\$}+{\\$}p`` is ``p$+$p``, a sign alone).
    for escaped, sign in _MENDELEY_SIGNS:
        body = body.replace(escaped, sign)
    return "$" + _MENDELEY_BACKSLASH.sub(r"\\", body) + "$"


def _plain_math(m: re.Match[str]) -> str:
    body = m.group(1)
    if not body:
        return " "  # ``$$``, an empty formula, parts words as the parser's reading does
    return m.group(0) if any(c in body for c in "\\^_{}%&#~") else body


@lru_cache(maxsize=16_384)
def latex_to_text(value: str) -> str:
    """A BibTeX field's LaTeX as plain Unicode text, on one line.

    Args:
        value: the field as written in the .bib file (braces, commands, math).

    Returns:
        The text, NFC-composed, with whitespace collapsed; no command, brace or ``$`` left.
    """
    return _decode(value, readings=1)


def _decode(value: str, *, readings: int) -> str:
    if readings > 1 and "\\" in value:
        value = _ESCAPED_BREAK.sub(_escaped_break, value)
    if '"' in value:
        value = _BABEL_UMLAUT.sub(lambda m: _BABEL_LETTERS[m.group(1)], value)
    if "\\ce" in value:
        value = _CE.sub(_mhchem, value)
    if "{\\$}" in value:
        # First: the signs it escapes are read as accents over nothing below (``{\\^{}}``).
        value = _MENDELEY_MATH.sub(_mendeley_math, value)
    if "\\ifmmode" in value:
        value = _IFMMODE.sub(lambda m: m.group(2) or "", value)
    if "\\" in value and _GLUED_SYMBOL.search(value):
        value = _GLUED_SYMBOL.sub(_unglued, value)
    if "\\" in value and _GLUED_FONT.search(value):
        value = _GLUED_FONT.sub(_unglued, value)
    if "\\" in value and _USER_MACRO.search(value):
        value = _USER_MACRO.sub(_user_macro, value)
    if "{}" in value and "\\" in value:
        value = _EMPTY_ACCENT.sub(
            lambda m: "\\textasciitilde{}" if m.group(1) == "~" else "\\textasciicircum{}", value
        )
    if "\\(" in value:
        value = _PAREN_MATH.sub(r"$\1$", value)
    if "$$" in value:
        value = _DISPLAY_MATH.sub(r"$\1$", value)
    if "\\$" in value:
        # Zotero's own export writes a typed ``$`` as ``{$\\$$}``.
        value = _ESCAPED_MATH.sub(_escaped_math, value.replace("{$\\$$}", "\\$"))
    if "{\\\\" in value:
        value = _DOUBLED_ACCENT.sub(r"{\\\1}", value)
    quick = value
    if "$" in quick and "\\$" not in quick:
        # Chemistry and isotopes (``Cu$_2$O``, ``$^{13}$C``): once the scripts are Unicode, math
        # holding no command is its own text.
        quick = _MATH.sub(_plain_math, _scripts_in_math(quick))
    if "\\" in quick and "$" not in quick:
        quick = _SIMPLE.sub(_simple, quick)
    if "\\" not in quick and "$" not in quick:
        value = quick  # all of it read without the parser; else the parser reads it all
    if "\\" not in value and "$" not in value:
        # Most fields hold no command, only case-protecting braces and TeX's ligatures; this
        # path gives what pylatexenc gives for them, at a hundredth of the cost.
        # A brace ends a ligature (``--{--}`` is two dashes), so the ligatures are read first.
        text = value.replace("---", "—").replace("--", "–").replace("``", "“").replace("''", "”")
        text = text.replace("{", "").replace("}", "").replace("~", " ")
        return " ".join(unicodedata.normalize("NFC", text).split())
    walker_db, renderer = _contexts()
    # An unescaped ``%`` in a field is a per cent sign to the person who typed it; to LaTeX it
    # would start a comment that swallows the rest of the title.
    prepared = _UNESCAPED_PERCENT.sub(r"\\%", _scripts_in_math(value))
    if "ElsevierGlyph" in prepared:
        prepared = _ELSEVIER_GLYPH.sub(lambda m: chr(int(m.group(1), 16)), prepared)
    try:
        text = renderer.latex_to_text(prepared, latex_context=walker_db, tolerant_parsing=True)
    except (latexwalker.LatexWalkerError, IndexError, KeyError, ValueError, RecursionError):
        # A field pylatexenc cannot read even tolerantly: a title without its commands is
        # still the title, where an error would lose the entry.
        text = _fallback(prepared)
    if re.search("\ue000[A-Za-z\"'`^~=.]", text) and readings < _MOST_READINGS:
        # ``\\textbackslash`` before letters is LaTeX escaped once more on its way through an
        # export (``III\\textbackslash textendash V``, a formula typed into Zotero and written
        # out with ``\\$`` and ``\\textbraceleft``; an accent, ``Gazta{\\textbackslash}
        # {\\textasciitilde}naga``): the text read is itself LaTeX, read again.
        again = text.replace("\ue000", "\\").replace("\ue001", "{").replace("\ue002", "}")
        return _decode(again, readings=readings + 1)
    text = re.sub("\ue000(?=[A-Za-z])", r"\\", text)
    if "\\" in text or "{" in text or "}" in text:
        text = _fallback(text)
    if "$" in text and "\\$" not in value:
        text = text.replace("$", "")  # an unpaired math shift, not a dollar sign
    text = text.replace("\u00a0", " ").replace("\ue000", "\\")
    text = text.replace("\ue001", "").replace("\ue002", "")
    return " ".join(unicodedata.normalize("NFC", text).split())

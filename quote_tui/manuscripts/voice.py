"""Quoted words in the author's own voice: not quotations of a source.

Only quotations that no citation claims are judged here; a cited one is a quotation whatever
its form. A careful reader leaves out the author's own questions ("can there be any a priori
knowledge?"), formulas, and words quoted as words ("the phrase 'right to an explanation'",
"'what you see is what you get' (WYSIWYG)").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from quote_tui.manuscripts.inline_math import sentence_with_symbols
from quote_tui.manuscripts.protocol import study_material
from quote_tui.manuscripts.quotes import EDITOR_BRACKET
from quote_tui.manuscripts.saying import INTERRUPTING, alternation
from quote_tui.manuscripts.study import participants_words
from quote_tui.manuscripts.title_case import is_title

__all__ = [
    "NAMED_AFTER",
    "Repeats",
    "authors_own",
    "said_list",
    "interrupts",
    "introduced_example",
    "is_title",
    "names_a_work",
    "presented_as_word",
    "presents_own",
]

# Math in the marks: a formula. Markdown escapes an editor's brackets ("Leuten \[...\] Adjes"):
# an ellipsis or a few words in escaped brackets are no display formula.
_MATH = re.compile(
    r"\\\(|\\\[(?!\s*(?:\.\.\.|…|[^\W\d_][^\\$^_{}=\n]{0,40})\s*\\\])|\$[^$\n]+\$|"
    r"\\(?:frac|lor|land|to|neg|forall|exists)\b"
)
# Words that present what follows as a word or a name, not as someone's statement ("the
# phrase", "a regulative rule", "the sentence"); "to speak of 'X', or 'Y'" presents both.
# Utterances of a kind of speaker, one of them given: "Ambivalente Äußerungen der
# Schutzgelderpresser ``…''" types an example, as "a sentence like" does.
_UTTERANCES = (
    r"\b(?:Äußerungen|Aussagen|utterances|statements)\s+(?:der|von|of|by)\s+(?:[\w-]+\s+){0,2}"
    r"[\w-]+"
)
_CUE = re.compile(
    # (not "with the words", "in the words": "Nader summed it up with the words, “…”" hands the
    # words to him)
    r"(?:(?<!\bwith\s)(?<!\bin\s)\b(?:the|a|this|that)\s+words|"
    r"\b(?:the|a|this|that)\s+(?:phrase|term|word|expression|slogan|motto|label|"
    r"notion|title|name|heading|topic|subject|theme|string|output|message|prompt)|"
    # A program's text: "den String „Hello my task is writing“", "ein String („…“)".
    r"\b(?:den|der|die|das|dem|ein|einen|eine|einer)\s+(?:String|Zeichenkette|Ausgabe|Meldung|"
    r"Fehlermeldung|Befehl|Eingabe|Inhalt)|\b(?:das|dem|zum)\s+Thema|"
    r"\b(?:the|a|an|this|that)\s+(?:[a-z]+\s+)?(?:sentence|"
    r"rule|formula|proposition|schema|maxim|principle|statement|example|circumstance|"
    r"condition|action|act|goal|instruction|command)|\bsuch\s+as|\be\.\s?g\.|"
    # Words presented as words by their kind: "more neutral terms like “early twentieth-century”".
    r"\b(?:terms|words|labels|names|expressions)\s+like|"
    # Questions or sentences of a kind, one made up as an example: "dass Fragen wie
    # \textquote{Wann tritt Odoardo wieder auf …} leicht beantwortet werden", "questions such
    # as “…”"; German "Begriffe wie" as "terms like". ("phrases like “…”" gives a song's lines.)
    r"\b(?:Fragen|Sätze|Begriffe|Ausdrücke|Wörter|questions|sentences)\s+(?:wie|like|such\s+as)|"
    # "as in “…”", ", like “…”": the writer's own example.
    r"\bfor\s+(?:example|instance)|\bas\s+in|,\s*like|\bz\.\s?B\.|\bso-called|\bcalled(?:\s+(?:the|a|an))?|"
    # German examples: "Sagt Mihai beispielsweise: „…“", "Gewaltandrohung, wie „…“".
    r"\bbeispielsweise|\bbspw\.|\bzum\s+Beispiel|,\s*wie|" + _UTTERANCES + "|"
    r"\bBsp\.|\bBeispiel|\bexample|"  # a list's "Bsp.: „…“", "Example: “…”"
    r"\b(?:ein|eine|einen|einem|der|die|das|den|dem)\s+(?:[a-zäöüß]+[a-zäöüß]\s+)?"
    r"(?:Satz|Aussage|Äußerung|Sprechakt|Beispielsatz|Aufforderung|Drohung|Formel|Regel)|"
    r"\btermed|\bdubbed|\bthemed|\bknown\s+as|"
    # agentless only: "what she referred to as “…”" gives her words
    r"\b(?:is|are|was|were|often|also|sometimes|\w+ly)\s+referred\s+to\s+as(?:\s+the)?|"
    # Portuguese, Spanish, Italian: "é denominado “…”", "conhecido como", "il cosiddetto"
    r"\bdenominad[ao]s?(?:\s+(?:como|de))?|\bchamad[ao]s?(?:\s+de)?|\b(?:conhecid|conocid)[ao]s?"
    r"\s+como|\bllamad[ao]s?|\bcosiddett[aoie]|\bchiamat[aoie]|"
    # A name people give themselves: "those who explicitly refer to themselves as “emerging
    # church”", "call themselves", "self-described".
    r"\b(?:refer(?:s|red|ring)?\s+to|describ(?:e|es|ed|ing)|call(?:s|ed|ing)?)\s+"
    r"(?:themselves|itself|himself|herself|ourselves|myself)(?:\s+as)?|"
    r"\bself-(?:described|proclaimed|styled|designated)|"
    r"\blabell?ed|\bnamed|\bentitled|\btitled|\bder\s+Begriff|\bdas\s+Wort|\bder\s+Ausdruck|"
    # A concept or phenomenon named: "die Kategorie „Religion“", "das Phänomen des „…“".
    r"\b(?:category|concept|phenomenon|Kategorie|Konzepts?|Phänomens?)(?:\s+(?:of|des|der))?|"
    r"\bsogenannten?|\bgenannten?|\bTitel|\b(?:speak|speaks|speaking|talk|talks|talking)\s+of|"
    r"\bspricht\s+man\s+von|\bsprechen\s+von|"
    # French: "le terme « … »", "ce que nous désignons par « … »", "appelé « … »".
    r"\b(?:le|du|au|ce)\s+(?:terme|mot|vocable|titre|nom|concept)|\bl['’]\s*(?:expression|appellation)|"
    r"\bla\s+notion\s+(?:de|d['’])|\bappel(?:é|ée|és|ées|ons|lent)|\bnommée?s?|\bdit(?:e|s|es)\b|"
    r"\bdésign\w*\s+(?:[\w’']+\s+){0,2}(?:par|sous\s+le\s+nom\s+de)|\bqualifi\w*\s+(?:de|d['’])|"
    r"\bsoi-disant)"
    r"\s*[,:]?\s*\(?\s*"
    r"(?:[„“\"'‘«»`]+[^„“\"'‘«»`”’]{1,80}[”\"'’“«»]+\s*,?\s*(?:or|and|oder|und)\s+)?"
    r"[„“\"'‘«»`]*\s*$",  # French sets « … » off with spaces
    re.I,
)
# A work named by its kind just before the marks (Smith's book "…", the Gibbs lecture ``…'',
# the research paper "…"): its title, cited or not.
_WORK = re.compile(
    r"\b(?:book|paper|article|essay|chapter|lecture|poem|song|novel|film|movie|play|album|"
    r"thesis|dissertation|monograph|Buch|Aufsatz|Artikel|Vortrag|Roman|Gedicht|Text|Studie|"
    r"Schrift|Beitrag|Abhandlung|Werk|project|Projekt|Forschungsprojekt|"
    # German case endings ("Laut des Artikels „…“", "des Buches „…“") and works on screen, in
    # print and online ("die Serie „…“", "des Magazins „…“", "the series “…”").
    r"Artikels|Buch(?:e?s)|Aufsatzes|Romans|Gedicht(?:e?s)|Films?|Filmes|Beitrag(?:e?s)|"
    r"Werk(?:e?s)|Vortrag(?:e?s)|Textes|Lied(?:e?s)?|Serie|Sendung|Magazins?|Zeitung|"
    r"Podcasts?|Blog(?:beitrag(?:e?s)?)?|series|show|magazine|newspaper|journal|podcast|blog|"
    # and a title announced as one: "published as “…”", "mit dem Titel „…“", "intitulé « … »"
    r"titled|entitled|published\s+as|appeared\s+as|under\s+the\s+title|mit\s+dem\s+Titel|"
    r"unter\s+dem\s+Titel|betitelt|intitulée?s?|sous\s+le\s+titre|titulad[oa]s?|"
    # works of art and named programmes; French and Spanish works ("des projets comme
    # \textquote{Ville baroque}", "le programme « … »", "la novela “…”")
    r"painting|exhibition|programm?e?s?|initiative|campaign|festival|Gemäldes?|Bild(?:es)?|"
    r"Ausstellung|Programms?|Initiative|Kampagne|livre|essai|chapitre|poème|roman|pièce|"
    r"chanson|émission|revue|ouvrage|tableau|exposition|projets?|dispositifs?|libro|artículo|"
    r"ensayo|capítulo|poema|novela|obra|película|canción|revista|proyectos?|programas?|"
    # a course named by its subject: "a course on “Old Norse Gods and Heroes”", "Seminar zu „…“"
    r"(?:course|class|seminar|module|workshop|Kurs|Seminar|Vorlesung|cours|curso)e?s?\s+"
    r"(?:on|about|called|über|zu|zum|zur|sur|sobre))"
    r"(?:\s+(?:comme|like|such\s+as|wie|como))?"
    r"\s*(?:,,|[„“\"'‘«»`]+|\\[a-z]+\*?\{)$",
    re.I,
)
# A file path in quoted words makes them a program's text ("Leeres Git-Repository in
# /home/timo/W-Seminar/.git/ initialisiert"), not a source's.
_PATH = re.compile(r"(?<![\w:/])(?:/[\w.-]+){2,}/?|\b[A-Z]:\\[\w\\. -]+")
# An identifier in marks, a model's or a file's name ("ssd_mobilenet_v2_320x320"): one token
# joined by underscores, never a phrase anyone wrote.
_IDENTIFIER = re.compile(r"[^\s_]*_\S*")
# An account named with its handle ("Hong Kong Watch; @hk_watch", "(@stand_with_hk)"): a
# name, not words anyone wrote. A Pandoc citation is bracketed, so no handle.
_HANDLE = re.compile(r"(?:^|(?<=[\s;,(]))@[A-Za-z_]\w{1,30}\)?\s*$")
_HANDLE_WORDS = 8
# What an abbreviation stands for ("PDCA steht für „Plan, Do, Check, Act“", "the GDPR, which
# stands for “…”"): a name spelt out, cited or not; a translation given with it ("oder
# übersetzt „…“") spells it out again.
_SPELT_OUT = re.compile(
    r"\b[A-Za-zÄÖÜ]*[A-ZÄÖÜ][A-Za-zÄÖÜ]*[A-ZÄÖÜ][\w-]*[”\"'’]?\s*,?\s*(?:(?:which|das|die|der|was)\s+)?"
    r"(?:stands?\s+for|is\s+short\s+for|steht\s+für|stehen\s+für|ist\s+kurz\s+für|"
    r"ist\s+die\s+Abkürzung\s+für|abbreviates)\s*[,:]?\s*"
    r"(?:[„“\"'‘«»`]+[^„“\"'‘«»`”’]{1,80}[”\"'’“«»]+(?:\{\})?\s*,?\s*(?:or|oder|bzw\.)\s+"
    r"(?:(?:übersetzt|translated|auf\s+Deutsch|in\s+English|deutsch|englisch)\s*,?\s*)?)?"
    r"(?:[„“\"'‘«»`]+|\\[a-z]+\*?\{)(?:\{\})?$"
)
_TITLE_WORDS = 25  # a title is short; a longer quotation after "his paper" is its words
# A work named as where something is found, its clause closed by a comma: "in “Street”, we
# see a girl …", "And in “On lacking the Killer Instinct”, Ní Chuileannáin likens …".
_IN_WORK = re.compile(r"\b[Ii]n\s+[“\"„«‘]$")
_CLAUSE_AFTER = re.compile(r"[”\"“»’]\s*,")
_CITED_IN = re.compile(r"\b[Ii]n:\s*[“\"„«»‘]$")
_IN_WORDS = 8
# A formula or schema, not a statement: letters standing for variables ("X counts as Y in C",
# "if D, do A"). "I" is a word, and so is "A" when a word follows it.
_VARIABLE = re.compile(r"(?<![\w'’.-])(?:[B-HJ-Z]|A(?!\s+[a-z]))(?![\w'’-])")
# Quoted names listed together ("Graze", "Not graze" and "Graze if North"): a neighbour in the
# list that is a name of a word or two makes every item a name.
# "nor" and "noch" join a list too: "no “faculties” nor “occult qualities”".
_JOINED = r"(?:,\s*(?:and|or|nor|und|oder|noch)?|and|or|nor|und|oder|noch)"
_LISTED_BEFORE = re.compile(
    r"[„“\"‘«»`]([^„“\"‘«»`”’\n]{1,30})[”\"’“«»']+\s*" + _JOINED + r"\s*[„“\"‘«»`]+$",
    re.I,
)
_LISTED_AFTER = re.compile(
    r"\s*" + _JOINED + r"\s*[„“\"‘«»`]+([^„“\"‘«»`”’\n]{1,30})[”\"’“«»']",
    re.I,
)
# A term spelt out before its abbreviation: "what you see is what you get" (WYSIWYG).
_ACRONYM = re.compile(r"\s*\([A-Z][A-Za-z]?[A-Z]{1,8}s?\)")


# The writer naming a term of their own in the sentence before the marks: "“Artificial
# Emotions” is a term I use to describe when you are “faking your emotions …”", "what I call".
_OWN_TERM = re.compile(
    r"\b(?:I|we|ich|wir)\s+(?:\w+\s+)?(?:use|define|call|coin|mean|verwende|definiere|nenne|"
    r"bezeichne)\b[^.!?]*$",
    re.I,
)


def names_a_work(text: str, start: int, end: int) -> bool:
    """Whether the quotation ``text[start:end]`` is a title its kind announces ("the book
    'Evolution and the Theory of Games'") or what an abbreviation stands for: a name, not a
    quotation, even with a citation.
    A title opens with a capital and is short; "his article 'provides a definite answer'"
    quotes the article."""
    if _HANDLE.search(text, start, end) and len(_words(text[start:end])) <= _HANDLE_WORDS:
        return True
    # A link in marks, its words capitalised: the title of the page or paper it links ('my
    # article, "[Découverte d'un tapuscrit](https://…)"').
    link = _LINK_TITLE.fullmatch(text, start, end)
    if link and link[1][:1].isupper() and len(_words(link[1])) <= 2 * _TITLE_WORDS:
        return True
    if _SPELT_OUT.search(text, max(0, start - 200), start):
        return True
    # A reference's "in:", naming the book or journal a text stands in ("Einleitung, in:
    # »Religion und Politik. Eine Quellenanthologie …«", "Lim, »Acmella«, in: »Edible …«").
    if _CITED_IN.search(text, max(0, start - 8), start) and text[start : start + 1].isupper():
        return len(_words(text[start:end])) <= _TITLE_WORDS
    if _IN_WORK.search(text, max(0, start - 8), start) and _CLAUSE_AFTER.match(text, end):
        return text[start : start + 1].isupper() and len(_words(text[start:end])) <= _IN_WORDS
    first = text[start : start + 1]
    if not (first.isupper() or first.isdigit()):
        return False
    if len(_words(text[start:end])) > _TITLE_WORDS:
        return False
    return bool(_WORK.search(text[max(0, start - 30) : start]))


# (the scanned text blanks the link's address: "[Title" and spaces)
_LINK_TITLE = re.compile(r"\s*\[([^\[\]\n]{3,200}?)(?:\]\([^()\s]+\)| {3,})[.,]?\s*")


def _words(inner: str) -> list[str]:
    return re.findall(r"[^\W_]+(?:['’-][^\W_]+)*", inner)


def _is_formula(inner: str) -> bool:
    words = _words(inner)
    variables = len(_VARIABLE.findall(inner))
    return variables >= 2 and variables * 4 >= len(words)


def _listed(text: str, start: int, close_end: int) -> bool:
    before = _LISTED_BEFORE.search(text[max(0, start - 60) : start])
    after = _LISTED_AFTER.match(text, close_end)
    return any(m is not None and len(_words(m.group(1))) <= 2 for m in (before, after))


# A definition in the passive right before the marks ("Das Wort „eher“ wird für die Hypothesen
# definiert als, „…“", "is defined as “…”"): the writer's own, whoever is said to define.
_DEFINED_AS = re.compile(
    r"\b(?:wird|werden|wurde|wurden|is|are|was|were)\b[^.!?„“”\"]{0,60}\b(?:definiert|defined|"
    r"verstanden|understood)\s+(?:als|as)\s*[,:]?\s*[\"“„«‘'`]*$",
    re.I,
)


# Someone named as the one who says the words, in the clause they open: "“…” is how Dickens
# describes Scrooge", "“…” was what Arendt called it". Whatever cue presents them ("The phrase
# “…” is how"), they are that person's.
NAMED_AFTER = re.compile(
    r"[\"'”’»“`]*\s+(?:is|was)\s+(?:how|what)\s+"
    r"(?!(?:We|They|Many|Some|Most|Others|People|One|It|This)\b)(?:[A-Z][\w'’-]+\s+){1,3}(?:\w+ly\s+)?"
    r"(?:describe[sd]?|call(?:s|ed)?|term(?:s|ed)?|puts?\s+it|writes?|wrote|says?|said|"
    r"names?|named|refers?\s+to|referred\s+to|characteri[sz]e[sd]?)\b"
)


def authors_own(text: str, start: int, end: int, close_end: int) -> bool:
    """Whether the uncited quotation ``text[start:end]`` (its closing mark ends at
    ``close_end``) is the author's own question, formula or word quoted as a word."""
    if NAMED_AFTER.match(text, close_end) or EDITOR_BRACKET.search(text, start, end):
        return False  # named as someone's, or their words edited
    inner = text[start:end].strip()
    if study_material(text, start):
        return True  # a protocol's words, a test sentence or a prompt: the study's, no source's
    if participants_words(text, start, close_end):
        return False  # a participant's question or one answer of a list is theirs, not the writer's
    if inner.rstrip("”\"'’»").endswith(("?", "?!", "?)")):
        # A question someone is named asking is theirs: "As Jean-Paul Martinon has
        # accurately commented ‘how are we to understand …?’".
        return not _ASKED.search(text, max(0, start - 120), start)
    if (_MATH.search(inner) and not sentence_with_symbols(inner, _MATH)) or _PATH.search(inner):
        return True
    if _is_formula(inner):
        return True
    if _IDENTIFIER.fullmatch(inner):
        return True
    before = _before(text, start)
    if _CUE.search(before) or _DEFINED_AS.search(before) or _in_own_environment(text, start):
        return True
    if _OWN_WORDS.search(before):
        return True
    if _OWN_TERM.search(text, max(0, start - 120), start):
        return True
    # A clause in marks that fills a parenthesis of the writer's sentence is its example
    # ("Vermeiden eher Tautologien („Demokratien sind immer friedlich...“)"); a borrowed phrase
    # said again there ("zu besseren Politikergebnissen („kinder, gentler“)") is no clause.
    # A text's version in a language, named right before the parenthesis ("As versões inglesa
    # („…“), francesa („…“)", "the German version („…“)"), quotes that version.
    if (
        _OPENS_PARENTHESIS.search(before)
        and _CLOSES_PARENTHESIS.match(text, close_end)
        and len(inner.split()) >= _CLAUSE_WORDS
        and not _LANGUAGE_VERSION.search(before)
    ):
        return True
    if _listed(text, start, close_end) and not said_list(text, start):
        return True
    return bool(_ACRONYM.match(text, close_end))


# An example introduced as one right before its marks: "Sagt Mihai, Assistent der
# Akademieleitung, beispielsweise: ``…''", "etwa: „…“", "a sentence like “…”".
_EXAMPLE = re.compile(
    r"(?:\bbeispielsweise|\bbspw\.|\bzum\s+Beispiel|\betwa|\bz\.\s?B\.|"
    r"\bfor\s+(?:example|instance)|\be\.\s?g\.|"
    r"\b(?:a|an)\s+(?:sentence|statement|utterance|remark)\s+(?:like|such\s+as)|"
    rf"{_UTTERANCES})"
    # (and the examples after the first: "e.g. “Jane runs slowly” vs. “the cheetah runs
    # quickly”", "z. B. „A“, „B“ oder „C“")
    r"\s*[,:]?\s*(?:[„“\"‘«»`][^„“\"”«»\n]{1,80}[”\"’“«»']\s*(?:,|;|vs\.?|versus|and|or|und|"
    r"oder|bzw\.)\s*)*[„“\"'‘«»`]*$",
    re.I,
)
_BRACKETED_EXAMPLE = re.compile(
    r"\((?:e\.\s?g\.|z\.\s?B\.|for\s+example|for\s+instance|etwa|bspw\.)[^()]*$", re.I
)
# The writer's sentence going on after the closing mark with its own words, not a citation.
_WORDS_AFTER = re.compile(r"[\"'”’»“`]*\s*(?:[,;]?\s*[^\W\d_]|\))")


def introduced_example(text: str, start: int, end: int, close_end: int, cited_at: int) -> bool:
    """Whether the words ``text[start:end]`` in marks are an example the writer makes up,
    introduced as one, with the writer's sentence going on after them to a citation at
    ``cited_at``: that citation ("… kann nach \\citeauthor{habermas} … überprüft werden") names
    the theory the example illustrates, not a source of its words. A citation right after the
    closing mark, or inside it, is the words' own ("For example, “… process. [2]”")."""
    if _INNER_NUMBER.search(text, start, end) is not None:
        return False
    if cited_at > close_end and study_material(text, start):
        # a study's test sentence ("when children hear the novel transitive sentence, “Big
        # Bird is gorping Cookie Monster,” they look longer … (Hirsh-Pasek, 1988)")
        return True
    # (a citation before an example set in brackets, "(cf. Locke, 1690) fail to explain …
    # (e.g. “…” vs. “…”)", names the theory too; "\\textcite{a} lobt etwa „…“" names who)
    bracketed = _BRACKETED_EXAMPLE.search(text, max(0, start - 200), start) is not None
    return (
        (cited_at > close_end or (cited_at < start and bracketed))
        and _EXAMPLE.search(text, max(0, start - 200), start) is not None
        and _WORDS_AFTER.match(text, close_end) is not None
    )


# A numbered citation inside the closing mark ("… at any point in the process. [2]”").
_INNER_NUMBER = re.compile(r"\[\d+(?:[-–,]\s*\d+)*\]\W*$")


# Words listed right after someone's verb of saying ("Rawls says they are “chain connected” and
# “close knit”", "Smith calls them “…” and “…”"): that person's words, though listed side by
# side as labels are. Named, not a pronoun: "He said “…” and “…”" lists as often as it quotes.
_SAID_LIST = re.compile(
    r"\b(?!(?:He|She|They|It|We|I|You|One|Er|Sie|Es|Wir|Ich|Man)\b)[A-ZÄÖÜ][\w'’-]+\s+"
    r"(?:\w+ly\s+)?(?:says|said|writes|wrote|"
    r"calls|called|describes|described|terms|termed|argues|argued|notes|noted|sagt|sagte|"
    r"schreibt|schrieb|nennt|nannte|bezeichnet|bezeichnete)(?:\s+[\w'’-]+){0,3}\s*[„“\"‘«»`]+"
    r"(?:[^„“\"‘«»`”’\n]{1,40}[”\"’“«»']+\s*(?:,\s*(?:and|or|und|oder)?|and|or|und|oder)\s*"
    r"[„“\"‘«»`]+)*$"
)


# A csquotes command opening the words (\textquote{, \enquote*{, \textcquote[12]{key}{): the
# cues before it read up to its name, as they read up to an opening mark.
_COMMAND_OPENING = re.compile(r"\\[A-Za-z]*quote\*?(?:\s*\[[^\]]*\]){0,2}(?:\s*\{[^{}]*\})?\s*\{$")


def _before(text: str, start: int) -> str:
    """The 160 characters before the words in marks at ``start``, without a command opening them."""
    before = text[max(0, start - 160) : start]
    return before[: m.start()] if (m := _COMMAND_OPENING.search(before)) else before


def said_list(text: str, start: int) -> bool:
    """Whether the words in marks at ``start`` are one of a list given as someone's right
    after their verb of saying, no cue presenting them as words."""
    return not _CUE.search(_before(text, start)) and (
        _SAID_LIST.search(text, max(0, start - 300), start) is not None
    )


def presented_as_word(text: str, start: int, close_end: int, *, listed: bool = True) -> bool:
    """Whether the words in marks at ``start`` are presented as a word or a name ("the term",
    "the so-called", or, with ``listed``, one of a list of quoted names), whoever coined them."""
    return bool(_CUE.search(_before(text, start))) or (listed and _listed(text, start, close_end))


# LaTeX environments that hold the writer's own examples and definitions, never a source's.
_OWN_ENV = re.compile(
    r"\\(begin|end)\{(example|definition|exercise|problem|remark|notation|assumption)\*?\}"
)


def _in_own_environment(text: str, start: int) -> bool:
    """Whether ``start`` lies inside an example or definition environment (the last such
    \\begin before it is not yet ended)."""
    last = None
    for m in _OWN_ENV.finditer(text, max(0, start - 3000), start):
        last = m
    return last is not None and last.group(1) == "begin"


# The writer introducing a text of their own: "I present my counterargument in the form of a
# parable", "we tell the story". A source's words are introduced in the third person.
_OWN_LEAD = re.compile(
    r"\b(?:I|we)\s+(?:(?:will|shall|now|here|therefore)\s+)?(?:present|offer|propose|give|tell|"
    r"sketch|construct|imagine|invent|narrate)\b|\b(?:ich|wir)\s+(?:stelle|stellen|erzähle|"
    r"erzählen)\b|"
    # A scheme or template set off for the reader to follow: "nach folgendem Schema:".
    r"\bfolgende[mns]?\s+(?:Schema|Muster|Vorlage)\b|\bfollowing\s+(?:template|scheme|pattern)\b",
    re.I,
)
_ASKED = re.compile(
    r"\b[A-Z][\w'’-]+,?\s+(?:(?:has|had|hat|hatte)\s+)?(?:\w+ly\s+)?(?:commented|comments|asked|"
    r"asks|wondered|wonders|writes|wrote|said|says|fragt|fragte|gefragt|schreibt|schrieb)\s*[,:]?"
    r"\s*[„“\"'‘«»`]+$"
)
# A language's name, as an adjective of a version or text, right before "(" and the marks.
_LANGUAGE_VERSION = re.compile(
    r"\b(?:English|French|German|Spanish|Italian|Portuguese|Dutch|Latin|Greek|original|"
    r"englische[nr]?|französische[nr]?|deutsche[nr]?|spanische[nr]?|italienische[nr]?|"
    r"portugiesische[nr]?|lateinische[nr]?|anglaise|française|allemande|espagnole|italienne|"
    r"portugaise|inglesa|francesa|alemã|alemana|espanhola|española|italiana|portuguesa|"
    r"inglês|francês|alemão|espanhol|italiano|português|inglés|francés|alemán|español)"
    r"(?:\s+(?:version|text|wording|Fassung|Version|Wortlaut|versão|versión|texto))?"
    r"\s*\(\s*[„“\"'‘«»`]+$",
    re.I,
)
_OPENS_PARENTHESIS = re.compile(r"[^\W\d_]\s*\(\s*[„“\"'‘«»`]+$")
_CLOSES_PARENTHESIS = re.compile(r"\s*\)")
_CLAUSE_WORDS = 3
# The writer or anyone (man, one) as the speaker, or an example's wording, right before the
# marks: "Zu GPT kann ich sagen: “…”", "Im 21. Jahrhundert müsste man hinzufügen: > …", "Ein
# Auftrag könnte z. B. lauten: “…”", "I would ask: “…”".
_OWN_WORDS = re.compile(
    r"(?:\b(?:ich|wir|man)\s+(?:[\w-]+\s+){0,3}(?:sagen|sage|schreiben|schreibe|fragen|frage|"
    r"hinzufügen|ergänzen|formulieren|eintippen|tippen)|"
    r"\b(?:I|we|one)\s+(?:(?:can|could|would|might|may|must|should|will)\s+)?(?:[\w-]+\s+)?"
    r"(?:say|write|ask|add|type)|"
    # Someone imagined speaking: "read as if Clytemnestra is saying: “…”" voices the writer's
    # reading, not a line of the play.
    r"\b(?:as\s+if|as\s+though|als\s+ob|als\s+würde|als\s+wolle)\s+(?:[\w-]+\s+){0,4}"
    r"(?:say|says|saying|said|sagen|sagte|spräche)|"
    r"\b(?:z\.\s?B\.|beispielsweise|etwa|for\s+example|for\s+instance|e\.\s?g\.)\s+(?:\w+\s+){0,2}"
    r"(?:lauten|heißen|read|go))"
    r"\s*[:,]\s*[„“\"'‘«»`*_>\s]*$",
    re.I,
)
# The writer's own question or aim set as a block: "Im Rahmen dieser Bachelorarbeit soll die
# folgende Frage beantwortet werden:", "The research question of this thesis is:". A question
# or aim named with the writer's own work, or a research question, is theirs.
_OWN_QUESTION = re.compile(
    r"\b(?:research\s+questions?|Forschungsfragen?|Leitfragen?|Fragestellung)\b|"
    r"(?:\b(?:this|the\s+present|my|our)\s+(?:thesis|paper|study|work|dissertation|essay|article|"
    r"project|research)\b|\b(?:dieser|diese|vorliegenden?|meiner|unserer)\s+\w*(?:arbeit|"
    r"Dissertation|Studie|Untersuchung)\b).{0,120}?\b(?:question|aim|goal|hypothes[ie]s|"
    r"Frage|Ziel|These|Hypothesen?)|"
    r"\b(?:question|aim|goal|Frage|Ziel)\b.{0,120}?(?:\b(?:this|the\s+present|my|our)\s+"
    r"(?:thesis|paper|study|work|dissertation|essay|article|project|research)\b|"
    r"\b(?:dieser|diese|vorliegenden?|meiner|unserer)\s+\w*(?:arbeit|Dissertation|Studie|"
    r"Untersuchung)\b)",
    re.I,
)
_SENTENCE_END = re.compile(r"[.!?:][\"'”’)}]*\s")


def presents_own(text: str, start: int, end: int | None = None) -> bool:
    """Whether the sentence before an uncited block quotation at ``start`` presents it as the
    writer's own (a parable, an example, a dialogue they wrote, a scheme), or the block up to
    ``end`` is a reference entry set off as an example of one."""
    if end is not None and _REFERENCE_ENTRY.search(text, start, end):
        return True
    before = _BLOCK_OPENING.sub("", text[max(0, start - 600) : start])
    sentence = _SENTENCE_END.split(before)[-1]
    if _OWN_LEAD.search(sentence) or _OWN_QUESTION.search(sentence) or _OWN_WORDS.search(before):
        return True
    # One question set off on its own, as an uncited question in marks is: the writer's.
    body = text[start:end].strip(" \t\n*_\"'“”„«»") if end is not None else ""
    return body.endswith("?") and not re.search(r"[.!?:]\s", body) and len(body.split()) <= 30


# A reference entry: its place and publisher before the year that ends it ("Stuttgart: Reclam
# 2010.", "München: dtv \[1780\]1997.", "New York: Apress, 2019."), or an editor or
# translator named ("herausgegeben von", "edited by") before a closing year. A cited block
# quotation is never judged by this; an uncited one shaped so is a citing guide's example.
_REFERENCE_ENTRY = re.compile(
    r"(?:\b[A-ZÄÖÜ][\w.-]+(?:\s[A-Z][\w.-]+)?:\s*[\w&][\w&.’'-]*(?:\s[A-ZÄÖÜ&][\w&.’'-]*){0,3},?\s+|"
    r"\b(?:herausgegeben|übersetzt|hrsg\.|Hrsg\.|edited|translated|ed\.|eds\.|Aufl\.|edn\.)\s"
    r"[^\n]{0,200}?)(?:\\?\[\d{4}\\?\]\s*)?(?:1[5-9]|20)\d\d[a-z]?\)?\.?\s*\Z"
)


# What stands between a lead-in and its block: an environment's opening, Markdown's ">", space.
# One character at a time: "[\s>]+" inside the repeated group tried every split of a long run of
# spaces, exponential in its length (a Markdown block indented by spaces took 16 s).
_BLOCK_OPENING = re.compile(r"(?:\\begin\{\w+\*?\}(?:\[[^\]]*\]|\{[^{}]*\})*|[\s>])*\Z")


def _fold(text: str) -> list[str]:
    return [w.casefold() for w in re.findall(r"[^\W_]+", re.sub(r"\\[A-Za-z]+\*?", " ", text))]


_GRAM = 3  # words that open a repetition, looked up in an index of the passages


def _index_pairs(pairs: dict[tuple[str, str], set[int]], k: int, words: list[str]) -> None:
    for i in range(len(words) - 1):
        pairs.setdefault((words[i], words[i + 1]), set()).add(k)


class Repeats:
    """Quoted passages of a document, to tell a quotation that repeats part of another one
    ("But rather, 'it is an endless ocean...'" after a block that holds those words): it is
    said once already, and an uncited repetition is no new claim.

    The passages are indexed by every run of three words, so a manuscript of thousands of
    blocks and quotations is not compared all against all.
    """

    def __init__(self, text: str, spans: Iterable[tuple[int, int]]) -> None:
        self.text = text
        self.spans: list[tuple[int, int, str]] = []
        self.index: dict[tuple[str, ...], set[int]] = {}
        self.pairs: dict[tuple[str, str], set[int]] | None = None
        for a, b in spans:
            words = _fold(text[a:b])
            k = len(self.spans)
            self.spans.append((a, b, " ".join(words)))
            for i in range(len(words) - _GRAM + 1):
                self.index.setdefault(tuple(words[i : i + _GRAM]), set()).add(k)

    def add(self, start: int, end: int) -> None:
        """Index one more passage (a quotation found further on)."""
        words = _fold(self.text[start:end])
        k = len(self.spans)
        self.spans.append((start, end, " ".join(words)))
        for i in range(len(words) - _GRAM + 1):
            self.index.setdefault(tuple(words[i : i + _GRAM]), set()).add(k)
        if self.pairs is not None:
            _index_pairs(self.pairs, k, words)

    def holds(self, start: int, end: int) -> bool:
        """Whether the words of ``text[start:end]``, however few, all stand together in a
        passage before them (a borrowed phrase said again after the quotation that holds it;
        said before a block that quotes them, "the topic of the “Portuguese house,”", they
        are the writer's naming of what the block goes on to discuss)."""
        words = _fold(self.text[start:end])
        if len(words) >= _GRAM:
            # A passage of just these words is the phrase said before, not a longer quotation
            # that holds it.
            return self(start, end, before=True)
        if len(words) < 2:
            return False
        # Two words: looked up by the passages' pairs of words, indexed on first use.
        if self.pairs is None:
            self.pairs = {}
            for k, (_, _, folded) in enumerate(self.spans):
                _index_pairs(self.pairs, k, folded.split())
        return any(
            self.spans[k][0] < start
            and not (self.spans[k][0] <= start and end <= self.spans[k][1])
            and self.spans[k][2] != " ".join(words)
            for k in self.pairs.get((words[0], words[1]), ())
        )

    def __call__(self, start: int, end: int, *, whole: bool = False, before: bool = False) -> bool:
        """Whether ``text[start:end]`` repeats part of a passage (all of it too, if ``whole``;
        only a passage opening before it, if ``before``)."""
        words = _fold(self.text[start:end])
        if len(words) < _GRAM:
            return False
        inner = " ".join(words)
        # The rarest run of three words names the few passages that may hold all of them.
        empty: set[int] = set()
        grams = [self.index.get(tuple(words[i : i + _GRAM]), empty) for i in range(len(words) - 2)]
        for k in min(grams, key=len):
            a, b, folded = self.spans[k]
            if (
                not (a <= start and end <= b)
                and (a < start or not before)
                and f" {inner} " in f" {folded} "
                and (whole or inner != folded)
            ):
                return True
        return False


# What breaks a quotation in two: its speaker and a verb of saying, nothing else.
_SAYING = alternation(INTERRUPTING)
_OPENS = r"\s*(?:``|[„“\"‘«»`'])?\s*$"
_INTERRUPTION = re.compile(
    r"[\s,~]*(?:(?:[A-Z][\w'’.-]*\s+){0,4}(?:he|she|they|it|one)?\s*"
    + _SAYING
    + r"(?:\s+\w+){0,2}\s*[,:]"
    # the press's order, the verb before the name, and the quotation going on in a new
    # sentence: "...,” says Selbst. “You can't ..."
    + r"|"
    + _SAYING
    + r"\s+(?:[A-Z][\w'’-]*\.?\s+){0,3}[A-Z][\w'’-]*\s*[.,:])"
    + _OPENS
)


def interrupts(text: str, close_end: int, next_start: int) -> bool:
    """Whether only an attribution ("Jameson asserts,") stands between a quotation's closing
    mark at ``close_end`` and the next quotation opening at ``next_start``."""
    gap = text[close_end:next_start]
    return len(gap) <= 80 and bool(_INTERRUPTION.match(gap))

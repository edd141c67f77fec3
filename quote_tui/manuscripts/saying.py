"""Verbs of saying: one vocabulary, by language and form, and the part of it each rule uses.

Several rules ask whether a writer hands words to someone else: the evidence that a span in
marks is a quotation (evidence.py), a named source arguing what the sentence reports
(reported.py), the speaker a quotation is attributed to (speaker.py), the speaker of a block's
lead-in and a lead-in that ends on its verb (clauses.py), and an attribution that breaks one
quotation in two (voice.py). Each was tuned on its own sets, and a verb added to one was missing
from the others. Here every verb stands once, with its forms; a rule names which verbs and
which forms it takes, so the lists differ where a rule needs them to and nowhere by accident.

A form is a regular-expression fragment: a space stands for any run of white space, and a few
separable or framed verbs carry their gap ("stellt\\w* fest", "fasst \\w+ zusammen").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

__all__ = [
    "ARGUING",
    "ATTRIBUTIONS",
    "EVIDENCE",
    "INTERRUPTING",
    "LEAD_IN",
    "PAST_TOLD",
    "SAYS_AT_END",
    "SPEAKER",
    "VERBS",
    "alternation",
]

Forms = Mapping[str, tuple[str, ...]]


def _en(base: str, s: str, past: str, part: str = "", ing: str = "") -> Forms:
    """An English verb: base (the plural present), -s, past, participle, -ing."""
    return {"base": (base,), "s": (s,), "past": (past,), "part": (part or past,), "ing": (ing,)}


# English: the verbs writers use to give words to someone ("Kant writes", "as Hume puts it").
ENGLISH: dict[str, Forms] = {
    "write": _en("write", "writes", "wrote", "written", "writing"),
    "say": _en("say", "says", "said", ing="saying"),
    "state": _en("state", "states", "stated"),
    "argue": _en("argue", "argues", "argued"),
    "note": _en("note", "notes", "noted"),
    "claim": _en("claim", "claims", "claimed"),
    "assert": _en("assert", "asserts", "asserted"),
    "declare": _en("declare", "declares", "declared", ing="declaring"),
    "remark": _en("remark", "remarks", "remarked"),
    "observe": _en("observe", "observes", "observed"),
    "explain": _en("explain", "explains", "explained"),
    "insist": _en("insist", "insists", "insisted"),
    "contend": _en("contend", "contends", "contended"),
    "maintain": _en("maintain", "maintains", "maintained"),
    "suggest": _en("suggest", "suggests", "suggested"),
    "conclude": _en("conclude", "concludes", "concluded"),
    "add": _en("add", "adds", "added"),
    "reply": _en("reply", "replies", "replied"),
    "answer": _en("answer", "answers", "answered"),
    "put it": _en("put it", "puts it", "put it"),
    "translate": _en("translate", "translates", "translated"),
    "formulate": _en("formulate", "formulates", "formulated"),
    "describe": _en("describe", "describes", "described", ing="describing"),
    "define": _en("define", "defines", "defined"),
    "object": _en("object", "objects", "objected"),
    "complain": _en("complain", "complains", "complained"),
    "admit": _en("admit", "admits", "admitted"),
    "warn": _en("warn", "warns", "warned"),
    "report": _en("report", "reports", "reported"),
    "quote": _en("quote", "quotes", "quoted"),
    "cite": _en("cite", "cites", "cited"),
    "recall": _en("recall", "recalls", "recalled"),
    "proclaim": _en("proclaim", "proclaims", "proclaimed"),
    "read": _en("read", "reads", "read"),
    "sing": _en("sing", "sings", "sang", "sung"),
    "exclaim": _en("exclaim", "exclaims", "exclaimed"),
    "tell": _en("tell", "tells", "told"),
    "teach": _en("teach", "teaches", "taught"),
    "predict": _en("predict", "predicts", "predicted"),
    "prophesy": _en("prophesy", "prophesies", "prophesied"),
    "speak": _en("speak", "speaks", "spoke", "spoken"),
    "speak of": _en("speak of", "speaks of", "spoke of", "spoken of"),
    "echo": _en("echo", "echoes", "echoed"),
    "continue": _en("continue", "continues", "continued"),
    "go on": _en("go on", "goes on", "went on", "gone on"),
    "shout": _en("shout", "shouts", "shouted"),
    "cry": _en("cry", "cries", "cried"),
    "yell": _en("yell", "yells", "yelled"),
    "scream": _en("scream", "screams", "screamed"),
    "chant": _en("chant", "chants", "chanted"),
    "whisper": _en("whisper", "whispers", "whispered"),
    "mutter": _en("mutter", "mutters", "muttered"),
    "mention": _en("mention", "mentions", "mentioned"),
    "ask": _en("ask", "asks", "asked"),
    "call": _en("call", "calls", "called"),
    "term": _en("term", "terms", "termed"),
    "reflect": _en("reflect", "reflects", "reflected"),
    "emphasise": {
        "base": ("emphasise", "emphasize"),
        "s": ("emphasises", "emphasizes"),
        "past": ("emphasised", "emphasized"),
        "part": ("emphasised", "emphasized"),
        "ing": ("",),
    },
    "stress": _en("stress", "stresses", "stressed"),
    "point out": _en("point out", "points out", "pointed out"),
    "acknowledge": _en("acknowledge", "acknowledges", "acknowledged"),
    "reason": _en("reason", "reasons", "reasoned"),
    # a comment made: "Findlater makes a short comment about … “…”"
    "comment": {
        "base": ("comment",),
        "s": ("comments",),
        "past": ("commented",),
        "part": ("commented",),
        "ing": ("",),
        "about": ("comments? (?:on|about|that)",),
        "made": ("(?:makes?|made) (?:a|an) (?:\\w+ )?comment",),
    },
}


def _de(s: str, past: str = "", pl: str = "", part: str = "") -> Forms:
    """A German verb: third person singular, past, plural present, participle."""
    return {"s": (s,), "past": (past,), "pl": (pl,), "part": (part,)}


# German: "Luhmann schreibt", "wie Kant bemerkte", "Barz und Randoll schreiben, dass".
GERMAN: dict[str, Forms] = {
    "schreiben": _de("schreibt", "schrieb", "schreiben", "geschrieben"),
    "sagen": _de("sagt", "sagte", "sagen", "gesagt"),
    "betonen": _de("betont", "betonte", "betonen", "betont"),
    "meinen": _de("meint", "meinte", "meinen", "gemeint"),
    "formulieren": _de("formuliert", "formulierte", "formulieren", "formuliert"),
    "erklären": _de("erklärt", "erklärte", "erklären", "erklärt"),
    "feststellen": {
        **_de("stellt fest", "stellte fest", "stellen fest", "festgestellt"),
        # with "stellte", "stellten" or "stellt sich" before it: "stellt\\w* fest"
        "framed": ("stellt\\w* fest",),
    },
    "festhalten": _de("hält fest", "hielt fest", "halten fest", "festgehalten"),
    "bemerken": _de("bemerkt", "bemerkte", "bemerken", "bemerkt"),
    "lauten": _de("lautet", "lautete", "lauten", "gelautet"),
    "definieren": _de("definiert", "definierte", "definieren", "definiert"),
    "verstehen": _de("versteht", "verstand", "verstehen", "verstanden"),
    "beschreiben": _de("beschreibt", "beschrieb", "beschreiben", "beschrieben"),
    "fordern": _de("fordert", "forderte", "fordern", "gefordert"),
    "konstatieren": _de("konstatiert", "konstatierte", "konstatieren", "konstatiert"),
    "resümieren": _de("resümiert", "resümierte", "resümieren", "resümiert"),
    "zusammenfassen": {
        **_de("fasst zusammen", "fasste zusammen", "fassen zusammen", "zusammengefasst"),
        # with its object between: "fasst Luhmann zusammen", "fasst es zusammen"
        "framed": ("fasst \\w+ zusammen",),
    },
    "übersetzen": _de("übersetzt", "übersetzte", "übersetzen", "übersetzt"),
    "zitieren": _de("zitiert", "zitierte", "zitieren", "zitiert"),
    "behaupten": _de("behauptet", "behauptete", "behaupten", "behauptet"),
    "argumentieren": _de("argumentiert", "argumentierte", "argumentieren", "argumentiert"),
    "sprechen": _de("spricht", "sprach", "sprechen", "gesprochen"),
    "lehren": _de("lehrt", "lehrte", "lehren", "gelehrt"),
    "prophezeien": _de("prophezeit", "prophezeite", "prophezeien", "prophezeit"),
    "berichten": _de("berichtet", "berichtete", "berichten", "berichtet"),
    "erwähnen": _de("erwähnt", "erwähnte", "erwähnen", "erwähnt"),
    "fortfahren": _de("fährt fort", "fuhr fort", "fahren fort", "fortgefahren"),
    "schildern": _de("schildert", "schilderte", "schildern", "geschildert"),
    "nennen": _de("nennt", "nannte", "nennen", "genannt"),
    "ausführen": _de("ausführt", "führte aus", "führen aus", "ausgeführt"),
}


def _es(
    pres: str, impf: str = "", pret: str = "", ger: str = "", pl: str = "", inf: str = ""
) -> Forms:
    """A Spanish or Portuguese verb: present, imperfect, preterite, gerund, plural, infinitive."""
    return {
        "pres": (pres,),
        "impf": (impf,),
        "pret": (pret,),
        "ger": (ger,),
        "pl": (pl,),
        "inf": (inf,),
    }


# Spanish: "Freire advertía que …", "como señala Dussel".
SPANISH: dict[str, Forms] = {
    "decir": _es("dice", "decía", "dijo"),
    "escribir": _es("escribe", "escribía", "escribió"),
    "afirmar": _es("afirma", "afirmaba", "afirmó"),
    "señalar": _es("señala", "señalaba", "señaló"),
    "sostener": _es("sostiene", "sostenía", "sostuvo"),
    "explicar": _es("explica", "explicaba", "explicó"),
    "advertir": _es("advierte", "advertía", "advirtió"),
    "plantear": _es("plantea", "planteaba", "planteó"),
    "añadir": _es("añade", "añadía", "añadió"),
    "definir": _es("define", "definía", "definió"),
    "describir": _es("describe", "describía", "describió"),
    "enseñar": _es("enseña", "enseñaba", "enseñó"),
    "concluir": _es("concluye", "concluía", "concluyó"),
    "insistir": _es("insiste", "insistía", "insistió"),
    "recordar": _es("recuerda", "recordaba", "recordó"),
    "observar": _es("observa", "observaba", "observó"),
    "responder": _es("responde", "respondía", "respondió"),
    "proclamar": _es("proclama", "proclamaba", "proclamó"),
    "citar": _es("cita", "citaba", "citó", "citando"),
}
# Portuguese: "Freixo e Cabral (2021, p.46) … ressaltam:", "como afirma Freire".
PORTUGUESE: dict[str, Forms] = {
    "ressaltar": _es("ressalta", pl="ressaltam", inf="ressaltar"),
    "afirmar": _es("afirma", pl="afirmam", inf="afirmar"),
    "destacar": _es("destaca", pl="destacam", inf="destacar"),
    "escrever": _es("escreve", pl="escrevem", inf="escrever"),
}


def _fr(pres: str, impf: str = "", simple: str = "") -> Forms:
    """A French verb: present, imperfect, passé simple."""
    return {"pres": (pres,), "impf": (impf,), "simple": (simple,)}


# French: "comme l'écrit Weil", "Bourdieu souligne que".
FRENCH: dict[str, Forms] = {
    "écrire": _fr("écrit", "écrivait", "écrivit"),
    "affirmer": _fr("affirme", "affirmait", "affirma"),
    "souligner": _fr("souligne", "soulignait", "souligna"),
    "expliquer": _fr("explique", "expliquait", "expliqua"),
    "déclarer": _fr("déclare", "déclarait", "déclara"),
    "dire": _fr("dit", "disait", "dit"),
    "ajouter": _fr("ajoute", "ajoutait", "ajouta"),
    "définir": _fr("définit", "définissait", "définit"),
    "décrire": _fr("décrit", "décrivait", "décrivit"),
    "rappeler": _fr("rappelle", "rappelait", "rappela"),
    "conclure": _fr("conclut", "concluait", "conclut"),
    "préciser": _fr("précise", "précisait", "précisa"),
    "enseigner": _fr("enseigne", "enseignait", "enseigna"),
}

VERBS: dict[str, dict[str, Forms]] = {
    "en": ENGLISH,
    "de": GERMAN,
    "es": SPANISH,
    "pt": PORTUGUESE,
    "fr": FRENCH,
}
"""Every verb of saying the rules know, by language, each with its forms."""

# Attributions that are not verbs: "according to Kant", "in his words", "so heißt es",
# "Luhmann zufolge", "según Dussel", "selon Weil"; and a saying named ("Kant's dictum").
ATTRIBUTIONS: dict[str, tuple[str, ...]] = {
    "en": (
        *("according to", "as per", "in (?:his|her|their|the) words", "supposition", "dictum"),
        # "Nader summed it up with the words, “…”", "the speech closed with these words:"
        "with (?:the|these|those) words",
    ),
    "de": ("heißt es", "zufolge", "laut", "nach Ansicht"),
    "es": ("según",),
    "fr": ("selon",),
}


def _pick(lang: str, lemmas: Iterable[str], forms: Iterable[str]) -> list[str]:
    table = VERBS[lang]
    wanted = tuple(forms)
    return [w for lemma in lemmas for f in wanted for w in table[lemma].get(f, ()) if w]


def _unique(words: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(words))


def alternation(words: Iterable[str]) -> str:
    """A regular expression matching any of ``words`` (forms as above), longest first, so a
    longer form is taken before a shorter one it begins with."""
    frags = sorted({w.replace(" ", r"\s+") for w in words}, key=lambda w: (-len(w), w))
    return "(?:" + "|".join(frags) + ")"


_PRESENT_PAST = ("base", "s", "past")
# Forms evidence.py has not taken so far (its Spanish and French lists were written from the
# forms met); kept out so that this vocabulary changes no rule's reading.
_ES_LEFT = frozenset({"sostuvo", "explicó", "planteó", "concluía", "respondía", "proclamaba"})
_FR_LEFT = frozenset({"déclarait", "concluait"})

# evidence.py: a verb of saying or an attribution in a span's sentence makes it a quotation
# (any person and tense the essayist hands words on in; evidence.py tells a story's past).
EVIDENCE: tuple[str, ...] = _unique(
    [
        *_pick(
            "en",
            (
                *("write", "say", "state", "argue", "note", "claim", "assert", "declare"),
                *("remark", "observe", "explain", "insist", "contend", "maintain", "suggest"),
                *("conclude", "add", "answer", "put it", "translate", "formulate", "describe"),
                *("define", "object", "complain", "admit", "warn", "report", "quote", "cite"),
                *("recall", "proclaim", "sing", "exclaim", "tell", "shout", "yell", "scream"),
                *("chant", "whisper", "mutter"),
            ),
            _PRESENT_PAST,
        ),
        *("written", "declaring", "describing", "saying", "writing", "reads", "spoke of"),
        *_pick(
            "en", ("reply", "teach", "echo", "continue", "go on", "cry", "mention"), ("s", "past")
        ),
        *_pick("en", ("predict", "prophesy"), ("past",)),
        *_pick("en", ("comment",), ("about", "past", "made")),
        *_pick(
            "de",
            (
                *("schreiben", "sagen", "betonen", "meinen", "formulieren", "erklären"),
                *("bemerken", "lauten", "definieren", "beschreiben", "fordern", "sprechen"),
                *("lehren", "prophezeien", "erwähnen"),
            ),
            ("s", "past"),
        ),
        *_pick("de", ("feststellen", "zusammenfassen"), ("framed",)),
        *_pick("de", ("festhalten", "verstehen", "konstatieren", "resümieren"), ("s",)),
        *_pick("de", ("übersetzen", "zitieren"), ("s",)),
        *_pick("de", ("behaupten", "argumentieren"), ("s",)),
        *_pick("de", ("verstehen", "lehren"), ("part",)),
        *_pick("de", ("fortfahren",), ("s", "past")),
        *_pick(
            "de",
            ("schreiben", "sagen", "betonen", "meinen", "erklären", "berichten", "beschreiben"),
            ("pl",),
        ),
        *_pick("de", ("formulieren",), ("pl",)),
        *(w for w in _pick("es", SPANISH, ("pres", "impf", "pret", "ger")) if w not in _ES_LEFT),
        *(w for w in _pick("fr", FRENCH, ("pres", "impf")) if w not in _FR_LEFT),
        "ajouta",
        *(w for words in ATTRIBUTIONS.values() for w in words),
    ]
)
# evidence.py's verbs that tell, in the past, as a story tells its dialogue ("he said", "I
# answered"): a story's speakers are no sources. "\\w+ed" takes every regular past.
PAST_TOLD: tuple[str, ...] = (
    "\\w+ed",
    *("wrote", "written", "said", "told", "sang", "put it", "schrieb", "beschrieb", "sprach"),
    # as written so far: "lautet" and "definiert" take one "te" more than their past has
    "(?:sag|mein|beton|erklär|formulier|lautet|definiert|forder)te",
)

# reported.py: a named source arguing what the sentence reports ("As Dworkin notes, …",
# "Hayot argues elsewhere that …").
ARGUING: tuple[str, ...] = _unique(
    [
        *_pick(
            "en",
            (
                *("argue", "note", "claim", "write", "say", "observe", "insist", "contend"),
                *("maintain", "assert", "state", "suggest", "point out"),
            ),
            ("s", "past"),
        ),
        *_pick("de", ("behaupten", "argumentieren", "feststellen", "festhalten"), ("s",)),
        *_pick("de", ("schreiben", "betonen", "meinen"), ("s", "past")),
    ]
)

# speaker.py: the verb after the critic's name that makes them the quotation's speaker ("As
# Phelan has argued", "Mitchell quotes", "Müller betont", "como señala Dussel").
SPEAKER: tuple[str, ...] = _unique(
    [
        *_pick(
            "en",
            (
                *("argue", "note", "describe", "state", "observe", "quote", "emphasise"),
                *("acknowledge",),
            ),
            _PRESENT_PAST,
        ),
        *("wrote", "writes", "said", "says", "spoke", "speaks", "put it", "puts it", "tell"),
        *("tells", "told"),
        *_pick(
            "en",
            (
                *("call", "term", "suggest", "comment", "claim", "remark", "reflect", "insist"),
                *("explain", "assert", "mention", "point out", "add", "stress", "recall"),
            ),
            _PRESENT_PAST,
        ),
        *_pick("en", ("reason", "contend", "maintain", "warn"), ("s", "past")),
        *_pick("de", ("schreiben", "sagen", "erklären", "sprechen", "nennen"), ("s", "past")),
        *_pick("de", ("zitieren", "behaupten", "schildern", "beschreiben"), ("s",)),
        *_pick("de", ("betonen",), ("s", "past")),
        *_pick("de", ("meinen", "argumentieren"), ("s",)),
        "fasst zusammen",
        *_pick("pt", ("ressaltar", "afirmar", "destacar"), ("pres", "pl", "inf")),
        *_pick("es", ("señalar",), ("pres",)),
        *_pick("fr", ("souligner", "affirmer"), ("pres",)),
    ]
)

# clauses.py: the speaker a block's lead-in names ("Emil Post writes:", "Luhmann schreibt").
LEAD_IN: tuple[str, ...] = _unique(
    [
        *_pick(
            "en",
            (
                *("write", "say", "argue", "note", "observe", "remark", "state", "explain"),
                *("ask", "claim", "insist", "conclude"),
            ),
            ("base", "s"),
        ),
        *("wrote", "said", "argued", "noted", "put it", "puts it"),
        *_pick("de", ("schreiben",), ("pl", "s")),
        *_pick("de", ("sagen", "betonen", "meinen", "formulieren"), ("s",)),
    ]
)
# clauses.py: a verb of saying that ends a block's lead-in with no colon, its note right after
# it ("Tribe writes^[@tribe, 1070]", "wie Kant schreibt[^3]").
SAYS_AT_END: tuple[str, ...] = (
    *_pick("en", ("write", "say", "argue", "note", "explain", "observe", "remark"), ("s",)),
    "wrote",
    *_pick("en", ("continue", "conclude", "state"), ("s",)),
    "puts it",
    *_pick("en", ("add",), ("s",)),
    *_pick("de", ("schreiben",), ("s",)),
    "ausführt",
    *_pick("de", ("bemerken", "erklären"), ("s",)),
    *_pick("pt", ("escrever", "afirmar"), ("pres",)),
    *_pick("fr", ("écrire",), ("pres",)),
    *_pick("es", ("escribir",), ("pres",)),
)
# voice.py: what breaks one quotation in two, its speaker and a verb of saying ("…,” Jameson
# asserts, “…”).
INTERRUPTING: tuple[str, ...] = _unique(
    [
        *_pick(
            "en", ("write", "say", "argue", "note", "continue", "add", "explain"), _PRESENT_PAST
        ),
        *_pick("en", ("reply",), ("s", "past")),
        *_pick(
            "en",
            ("assert", "observe", "insist", "claim", "suggest", "remark", "conclude"),
            ("base", "s"),
        ),
        "goes on",
        *_pick("de", ("schreiben", "sagen", "betonen", "fortfahren"), ("s",)),
    ]
)

"""Words in marks set in title case: a title or a name, not a sentence. Split from voice.py,
which asks it among the other ways words are presented."""

from __future__ import annotations

import re

__all__ = ["is_title"]

# (a word, not the letters after a number: "the 21st Century")
_TITLE_WORD = re.compile(r"(?<![^\W_])(?<!-)['’]?([^\W\d_][\w'’-]*)")
# Words a title leaves in lower case (English, German, French, Spanish); every other word of a
# title is capitalised, where a sentence has verbs and adjectives in lower case.
_SMALL = frozenset(
    re.findall(
        r"\S+",
        "a an the and or nor but of in on at to for by with from as vs via into upon is "
        "over under about after before through across against among between within without "
        "beyond toward towards until than off out up "
        # prepositions Chicago's title case leaves in lower case whatever their length
        "during like per since around along amid despite except inside outside onto versus "
        "beside besides near past till unto throughout underneath beneath behind below above "
        "der die das des dem den ein eine einer und oder von vom zu zur zum im am an auf für mit "
        "um über bei nach aus gegen ohne durch unter vor "
        # French and Spanish ("Unité de Recherche Associée au C.N.R.S.")
        "de du des la le les au aux et en à sur par pour dans d' l' del el los las y con para",
    )
)


# A document named by its kind opening its title: „Leitfaden zur formalen Gestaltung …“, das
# „Leitbild eines modernen Öffentlichen Gesundheitsdienstes …“, “Guidelines for …”.
_DOCUMENT_TITLE = re.compile(
    r"(?:Leitfaden|Leitbild|Leitlinien?|Richtlinien?|Handbuch|Positionspapier|Eckpunktepapier|"
    r"Arbeitspapier|Gutachten|Stellungnahme|Empfehlungen|Aktionsplan|Masterplan|Weißbuch|"
    r"Grünbuch|Guidelines?|Handbook|Manual|White\s+Paper|Position\s+Paper|Action\s+Plan|"
    r"Framework|Roadmap)\s+(?:eines|einer|des|der|zur|zum|für|über|von|zu|for|on|of|to)\s"
)


def is_title(text: str, start: int, end: int) -> bool:
    """Quoted words that name a work or a thing ("Why Is There No Socialism In The United
    States?", 'On the Essence of Truth'): at least two words that are not articles or
    prepositions, every one of them capitalised (the first word too), in a short span. German
    capitalises nouns, never its verbs and adjectives, so its sentences fail the test as English
    ones do."""
    if end - start > 200:
        return False
    if _DOCUMENT_TITLE.match(text, start, end):
        return True
    every = _TITLE_WORD.findall(text, start, end)
    # A title opens with a capital even on an article; "die Schwäche des Journalismus" is a
    # German phrase whose nouns alone are capitalised.
    if not every or not every[0][0].isupper():
        return False
    # (a small letter alone is a symbol, the statistic of "A World Beyond p < 0.05")
    words = [w for w in every if w.casefold() not in _SMALL and not (len(w) == 1 and w.islower())]
    return len(words) >= 2 and all(w[0].isupper() for w in words)

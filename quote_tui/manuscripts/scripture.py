"""Bible references as theology papers, sermons and church-history essays cite them: after a
quotation, "(John 3:16)", "(Joh 3,16)", "(1 Cor 13:4-7, NRSV)", or as a whole note, "Revelation
17:1b-2, 4-6 (NRSV)", "Mark 12:13-17; Matthew 22:15-22", "2 Timothy 3:16-17 as referenced in …".
The book is the work; chapter and verse are its place, kept as written (English writes
"3:16", German "3,16"; no page to compare).
"""

from __future__ import annotations

import re

from quote_tui.manuscripts.mention import Mention, Scanner
from quote_tui.manuscripts.model import Locator

__all__ = ["SCRIPTURE_SCANNERS", "scripture_note"]

# The books as English and German writers name and shorten them (SBL's and Loccum's
# abbreviations), longest first within each alternative so "Philemon" is not read as "Phil".
_BOOKS = (
    r"Genesis|Gen|Gn|Moses|Mose|Mos|Exodus|Exod|Ex|Leviticus|Lev|Numbers|Num|Deuteronomy|Deut|Dtn|Joshua|Josh"
    r"|Judges|Judg|Ruth|Samuel|Sam|Kings|Kgs|Chronicles|Chron|Chr|Ezra|Esra|Nehemiah|Neh|Esther"
    r"|Esth|Est|Job|Hiob|Psalms|Psalm|Pss|Ps|Proverbs|Prov|Spr|Ecclesiastes|Eccl|Koh|Pred"
    r"|Song\s+of\s+Songs|Song\s+of\s+Solomon|Hld|Isaiah|Isa|Jes|Jeremiah|Jer|Lamentations|Lam"
    r"|Klgl|Ezekiel|Ezek|Ez|Hes|Daniel|Dan|Hosea|Hos|Joel|Amos|Obadiah|Obad|Obd|Jonah|Jona"
    r"|Micah|Mic|Mi|Nahum|Nah|Habakkuk|Hab|Zephaniah|Zeph|Zef|Haggai|Hag|Zechariah|Zech|Sach"
    r"|Malachi|Mal|Matthew|Matthäus|Matt|Mt|Mark|Markus|Mk|Mc|Luke|Lukas|Lk|John|Johannes|Joh|Jn"
    r"|Acts|Apg|Romans|Rom|Röm|Corinthians|Cor|Kor|Galatians|Gal|Ephesians|Eph|Philippians|Phil"
    r"|Colossians|Col|Kol|Thessalonians|Thess|Thes|Timothy|Tim|Titus|Tit|Philemon|Phlm|Phim"
    r"|Hebrews|Heb|Hebr|James|Jas|Jak|Peter|Pet|Petr|Jude|Jud|Revelation|Rev|Offb"
)
# "1 Cor", "2. Kor", "II Kings", "First Peter"
_ORDINAL = r"(?:(?:[1-3]|I{1,3})\.?\s?|(?:First|Second|Third)\s+)?"
# Verses of a chapter: "16", "1b-2", "4-6", "13-17"; several after commas: "1b-2, 4-6"
# (German adds "f." or "ff." for the verses after: "Joh 3,16f.", "Röm 13,1ff.")
_VERSE = r"\d{1,3}(?:[a-e]|\s?ff?\.?|f\b)?(?:\s*[-–]\s*\d{1,3}[a-f]?)?"
_VERSES = rf"{_VERSE}(?:\s*[,.]\s*{_VERSE})*"
# Chapter and verse ("3:16", German "3,16"), a chapter range with verses ("3:16-4:2"), or, in a
# note, a chapter alone or a range of chapters ("Luke 20-26", "Acts 9")
_PLACE = rf"\d{{1,3}}(?:\s?[:,]\s?{_VERSES}(?:\s*[-–]\s*\d{{1,3}}:\d{{1,3}}[a-f]?)?)"
_CHAPTERS = r"\d{1,3}(?:\s*[-–]\s*\d{1,3})?"
_BOOK = rf"(?P<book>{_ORDINAL}(?:{_BOOKS}))\.?"

# A note that opens with a reference (perhaps after "See", "Cf.", "Vgl."), then a version or
# the writer's words: "Revelation 17:1b-2, 4-6 (NRSV)", "Acts 9", "2 Timothy 3:16-17 as …"
_NOTE = re.compile(
    rf"\s*(?:(?i:see|cf\.|vgl\.|siehe)\s+)?{_BOOK}\s+(?P<place>{_PLACE}|{_CHAPTERS})"
    r"(?![\d:,]?\d)(?=\s*(?:$|[;.,)(\[]|as\b|in\b|quoted\b|zit|nach\b))"
)
# After a quotation: "(John 3:16)", "(vgl. Joh 3,16)", "(1 Cor 13:4-7, NRSV)", "(Joh 7,37 und
# 4,14)", "(2. Mose 3,14)"; chapter and verse
# both, so "(Mark 12)" stays a name and a number.
# The version may come first, as MLA names the edition before the place: "(NIV, Exod. 20:2)",
# "(NIV Bible—Exodus 20: 1-6)", "(The Holy Bible, John 3:16)", "(Luther 2017, Joh 3,16)".
_VERSION_FIRST = (
    r"(?:(?:(?:[A-Z]{2,5}|The(?:\s+Holy)?|Holy|Luther)(?:\s+(?:Bible|Bibel|\d{4}))?|Bible|Bibel)"
    r"\s*[,:;—–-]\s*|(?:[A-Z]{2,5}|The(?:\s+Holy)?|Holy)\s+(?:Bible|Bibel)\s+"
    # a known version's letters alone before the book: "(KJV John 3:16)"
    r"|(?:NIV|KJV|NKJV|ESV|RSV|NRSV|NASB|NLT|ASV|NAB|NABRE|CSB|HCSB|NJB|GNT|NET)\s+)"
)
_INLINE = re.compile(
    rf"\((?:(?i:see|cf\.|vgl\.|siehe)\s+)?(?:{_VERSION_FIRST})?{_BOOK}\s+(?P<place>{_PLACE}"
    rf"(?:\s*(?:;|und|and|&)\s*\d{{1,3}}\s?[:,]\s?{_VERSES})*)"
    r"(?:\s*[,;]?\s*(?:[A-Z]{2,5}|Luther|Einheitsübersetzung|Elberfelder))?\)"
)


def scripture_note(note: str) -> tuple[str, Locator] | None:
    """The book and the place of a note that opens with a Bible reference, or ``None``."""
    m = _NOTE.match(note)
    if m is None:
        return None
    return _named(m.group("book")), Locator(label="verse", value=_written(m.group("place")))


def _named(book: str) -> str:
    return " ".join(book.split())


def _written(place: str) -> str:
    """The place as written, less a sentence's stop or comma ("f." and "ff." keep theirs)."""
    place = " ".join(place.split()).rstrip(",")
    return place if place.endswith("f.") else place.rstrip(".,")


def _inline(m: re.Match[str]) -> list[Mention]:
    book = _named(m.group("book"))
    loc = Locator(label="verse", value=_written(m.group("place")))
    return [Mention(m.start(), m.end(), "note", m.group(0), key=book, locator=loc)]


SCRIPTURE_SCANNERS: tuple[Scanner, ...] = ((_INLINE, _inline),)

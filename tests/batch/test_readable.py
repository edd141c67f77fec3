"""What a partly unreadable text still says: an OCR misreading told from a misquotation, and an
unreadable region told from the readable pages around it (``batch.readable``)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from quote_tui.batch.readable import (
    CONFUSIONS,
    garbled,
    misquoted_word,
    ocr_misreading,
    ocr_verdict,
    readable_ends,
    unmapped_verdict,
)
from quote_tui.batch.service import check_text_sync
from quote_tui.engine.records import CheckResult, MatchOptions, Status
from quote_tui.engine.text import PreparedText

PAGE_1 = "An opening page about the study and the people who took part in it over the years."
PAGE_2 = (
    "Ruin is the destination toward which all men rush, each pursuing his own best interest "
    "in a society that believes in the freedom of the commons. The pamphlet appeared in 1833."
)
PAGE_3 = (
    "A closing page tells how the grazing rights of the commons were shared out among the "
    "herdsmen \x01\x02\x03\x04\x05\x06\x07\x08 \x0e\x0f\x10\x11 in the box."
)


def _source(*pages: str) -> PreparedText:
    starts, text = [], ""
    for page in pages:
        if text:
            text += "\n\n"
        starts.append(len(text))
        text += page
    return PreparedText(text, page_starts=starts)


def _check(prepared: PreparedText, quote: str, *, threshold: float | None = None) -> CheckResult:
    options = MatchOptions() if threshold is None else MatchOptions(near_threshold=threshold)
    return check_text_sync(prepared, quote, options)


# -- the confusion rule -------------------------------------------------------------------


def test_shapes_ocr_confuses_are_misreadings() -> None:
    assert ocr_misreading("1883", "1833")  # 3 and 8
    assert ocr_misreading("modern", "modem")  # rn and m
    assert ocr_misreading("close", "dose")  # cl and d
    assert ocr_misreading("the", "tlie")  # h and li
    assert ocr_misreading("when", "vvhen")
    assert ocr_misreading("under", "iinder")
    assert ocr_misreading("Illinois", "1llin0is")  # I, l and 1; o and 0
    assert ocr_misreading("arc", "are")  # e and c
    assert ocr_misreading("back", "hack")  # h and b
    assert ocr_misreading("SOS", "505")  # case set aside: S and 5, O and 0
    assert ocr_misreading("café", "cafe")  # a lost accent
    assert ocr_misreading("don't", "dont")  # a lost punctuation mark
    assert ocr_misreading("destination toward", "destinationtoward")  # a dropped space
    assert ocr_misreading("rnodern", "modem")  # confusions on both sides
    assert ocr_misreading("11", "15")  # one character apart
    assert ocr_misreading("loss", "toss")


def test_words_no_ocr_makes_of_each_other_are_not_misreadings() -> None:
    assert not ocr_misreading("most", "all")
    assert not ocr_misreading("minority", "majority")
    assert not ocr_misreading("a", "no")
    assert not ocr_misreading("can", "cannot")
    assert not ocr_misreading("five", "six")
    assert not ocr_misreading("1883", "1876")  # two digits changed, and not by shape
    # one confusion and one other change are a misreading; two other changes are not
    assert ocr_misreading("modern", "modcm")
    assert not ocr_misreading("modern", "madcrx")


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=12))
def test_a_word_is_a_misreading_of_itself_with_confusions_and_one_slip(word: str) -> None:
    assert ocr_misreading(word, word)
    for seen, read in CONFUSIONS:
        misread = word.replace(seen, read)
        assert ocr_misreading(word, misread)
        assert ocr_misreading(misread, word)
        assert ocr_misreading(word, misread + "x")  # and one slip besides


# -- OCR text -----------------------------------------------------------------------------


def test_a_changed_word_no_ocr_makes_is_near_in_ocr_text() -> None:
    prepared = _source(PAGE_1, PAGE_2)
    quote = "Ruin is the destination toward which most men rush, each pursuing his own best"
    result = _check(prepared, quote)
    assert result.status is Status.NEAR
    verdict = ocr_verdict(result)
    assert verdict.status is Status.NEAR
    assert verdict.note is not None and "'all'" in verdict.note and "'most'" in verdict.note


def test_a_year_ocr_may_have_misread_stays_inconclusive() -> None:
    prepared = _source(PAGE_1, PAGE_2)
    result = _check(prepared, "in the freedom of the commons. The pamphlet appeared in 1883.")
    assert result.status is Status.NEAR
    assert misquoted_word(result.matches[0]) is None
    verdict = ocr_verdict(result)
    assert verdict.status is Status.INCONCLUSIVE
    assert verdict.note is not None and "'1883'" in verdict.note and "'1833'" in verdict.note


def test_ocr_words_run_together_are_judged_as_one() -> None:
    # OCR dropped the space of "destination toward": no changed word, so inconclusive
    prepared = _source(PAGE_2.replace("destination toward", "destinationtoward"))
    result = _check(prepared, "Ruin is the destination toward which all men rush, each pursuing")
    if result.status is Status.NEAR:
        assert misquoted_word(result.matches[0]) is None
        assert ocr_verdict(result).status is Status.INCONCLUSIVE


def test_a_garbled_ocr_word_is_no_evidence() -> None:
    # the OCR text's "a1l" is no printed word: whatever it stands for, it proves nothing
    prepared = _source(PAGE_2.replace("which all men", "which a1l| men"))
    result = _check(prepared, "Ruin is the destination toward which most men rush, each pursuing")
    assert result.status is Status.NEAR
    assert ocr_verdict(result).status is Status.INCONCLUSIVE


def test_a_dropped_negation_is_near_and_a_quotation_not_found_stays_inconclusive() -> None:
    prepared = _source("In general, storage systems cannot be separated from the resources.")
    near = _check(prepared, "In general, storage systems can be separated from the resources.")
    assert ocr_verdict(near).status is Status.NEAR
    absent = _check(prepared, "Every storage system must be kept on magnetic tape alone.")
    assert absent.status is Status.NOT_FOUND
    assert ocr_verdict(absent).status is Status.INCONCLUSIVE


# -- unreadable regions -------------------------------------------------------------------


def test_a_near_passage_on_a_readable_page_is_near() -> None:
    prepared = _source(PAGE_1, PAGE_2, PAGE_3)
    result = _check(prepared, "Ruin is the destination toward which most men rush, each pursuing")
    verdict = unmapped_verdict(result, "", (3,), (12,))
    assert verdict.status is Status.NEAR
    assert verdict.note is not None and "page 2" in verdict.note and "page 3" in verdict.note
    # the same passage on a page with an unreadable region: the words may stand there
    assert unmapped_verdict(result, "", (2,), (12,)).status is Status.INCONCLUSIVE


def test_a_near_passage_beside_an_unread_glyph_is_inconclusive() -> None:
    prepared = _source(PAGE_1, "The closing box says \x01\x02 that all men rush, each to his own.")
    result = _check(prepared, "The closing box says that most men rush, each to his own.")
    assert result.status is Status.NEAR
    assert unmapped_verdict(result, "", (5,), (12,)).status is Status.INCONCLUSIVE


def test_a_quotation_longer_than_the_unreadable_regions_is_not_found() -> None:
    prepared = _source(PAGE_1, PAGE_2, PAGE_3)
    quote = "Handovers at night should always be done by the most senior doctor."
    result = _check(prepared, quote)
    assert result.status is Status.NOT_FOUND
    letters = sum(1 for ch in quote if not ch.isspace())
    verdict = unmapped_verdict(result, quote, (3,), (letters - 1,))
    assert verdict.status is Status.NOT_FOUND
    assert verdict.note is not None and f"({letters - 1} characters)" in verdict.note
    # room for every letter of it: it may stand there unseen
    assert unmapped_verdict(result, quote, (3,), (letters,)).status is Status.INCONCLUSIVE
    # counts split over pages add up
    split = (letters // 2, letters - letters // 2)
    assert unmapped_verdict(result, quote, (3, 4), split).status is Status.INCONCLUSIVE
    # counts unknown (a snapshot stored before they were kept): inconclusive
    assert unmapped_verdict(result, quote, (3,), ()).status is Status.INCONCLUSIVE


def test_a_quotation_that_runs_into_an_unreadable_region_is_inconclusive() -> None:
    prepared = _source(PAGE_1, PAGE_2, PAGE_3)
    # its head stands in readable text just before the box, the rest would be in the box
    quote = (
        "how the grazing rights of the commons were shared out among the herdsmen of the "
        "three villages in the valley below"
    )
    result = _check(prepared, quote)
    assert result.status is Status.NOT_FOUND
    nearest = _check(prepared, quote, threshold=0.5)  # the service's closest-passage look
    assert nearest.matches
    verdict = unmapped_verdict(result, quote, (3,), (12,), nearest.matches[0])
    assert verdict.status is Status.INCONCLUSIVE
    assert verdict.note is not None and "runs into" in verdict.note


def test_the_readable_ends_of_a_quotation_that_may_run_into_a_region() -> None:
    quote = "among the herdsmen of the three villages"  # 34 letters
    assert readable_ends(quote, 20) == ("among the herdsmen", "the three villages")
    assert readable_ends(quote, 30) == ("among", "villages")
    assert readable_ends(quote, 34) is None  # the region could hold it all
    assert readable_ends(quote, 0) == (quote, quote)


def test_a_quotation_whose_lesser_part_is_readable_beside_a_region_is_inconclusive() -> None:
    prepared = _source(PAGE_1, PAGE_2, PAGE_3)
    # "among the herdsmen" stands just before the box; the rest would be in it, unseen
    quote = "among the herdsmen of the three villages"
    result = _check(prepared, quote)
    assert result.status is Status.NOT_FOUND
    ends = readable_ends(quote, 20)
    assert ends is not None
    found = [m for end in ends for m in check_text_sync(prepared, end).matches]
    assert found
    verdict = unmapped_verdict(result, quote, (3,), (20,), None, found)
    assert verdict.status is Status.INCONCLUSIVE
    assert verdict.note is not None and "first or last words" in verdict.note
    # the same words far from any unreadable text say nothing of the box
    box = "A closing page. \x01\x02\x03\x04\x05\x06\x07\x08 \x0e\x0f\x10\x11 in the box."
    far = _source(PAGE_1, "Among the herdsmen there was no quarrel at all that year.", box)
    result = _check(far, "Among the herdsmen of the three villages")
    found = [m for end in ends for m in check_text_sync(far, end).matches]
    assert unmapped_verdict(result, quote, (3,), (20,), None, found).status is Status.NOT_FOUND


def test_a_negation_the_quotation_drops_from_ocr_text_is_near() -> None:
    prepared = _source("The committee did not approve the new rules for the common pasture.")
    result = _check(prepared, "The committee did approve the new rules for the common pasture.")
    assert result.status is Status.NEAR
    verdict = ocr_verdict(result)
    assert verdict.status is Status.NEAR
    assert verdict.note is not None and "'not'" in verdict.note


def test_an_ocr_word_with_a_capital_inside_is_no_evidence() -> None:
    # CACM's scan: OCR read a blurred "ai" as "M" ("obtMn"); no printed word has a capital
    # after a small letter, so the changed word proves nothing
    prepared = _source(PAGE_2.replace("destination toward", "destinMion toward"))
    result = _check(prepared, "Ruin is the destiny toward which all men rush, each pursuing")
    assert result.status is Status.NEAR
    assert ocr_verdict(result).status is Status.INCONCLUSIVE
    # the same change read cleanly stays a misquotation
    result = _check(_source(PAGE_2), "Ruin is the destiny toward which all men rush, each pursuing")
    assert ocr_verdict(result).status is Status.NEAR


def test_a_passage_ocr_garbled_is_no_misquotation() -> None:
    # a typewritten memo's OCR layer: five words changed beyond misreadings is bad OCR, not a
    # quotation changed; one such word in a passage read well is a misquotation
    garbled_page = (
        "Eeairing to keep you posted on the progress of the Foundation you Kill tee "
        "interested to knot that to defce the Foundation hes received the following letters."
    )
    quote = (
        "Desiring to keep you posted on the progress of the Foundation you will be "
        "interested to know that to date the Foundation has received the following letters."
    )
    result = _check(_source(garbled_page), quote)
    assert result.status is Status.NEAR
    assert garbled(result.matches[0]) and misquoted_word(result.matches[0]) is None
    verdict = ocr_verdict(result)
    assert verdict.status is Status.INCONCLUSIVE
    assert verdict.note is not None and "garbled" in verdict.note
    clean = _check(_source(quote.replace("Desiring", "Wishing")), quote)
    assert ocr_verdict(clean).status is Status.NEAR


def test_words_ocr_split_or_ran_together_are_judged_whole() -> None:
    # Casimir's OCR layer: "au thor" and "mayalso" are misreadings of "author" and "may also";
    # only "classical" for "quantum" is a changed word, so the quotation is misquoted
    page = (
        "the present au thor was able to show that these expressions mayalso be derived "
        "through studying by means of classical electrodynamics the change of energy."
    )
    quote = (
        "the present author was able to show that these expressions may also be derived "
        "through studying by means of quantum electrodynamics the change of energy."
    )
    result = _check(_source(page), quote)
    assert result.status is Status.NEAR
    word = misquoted_word(result.matches[0])
    assert word is not None and word.source == "classical"
    assert ocr_verdict(result).status is Status.NEAR
    # and the French ligature OCR reads as two letters is no changed word
    assert ocr_misreading("\u0153uvre", "oeuvre")


def test_a_changed_number_word_broken_at_a_line_end_is_near() -> None:
    # "twenty-" over "eight": a hyphenated printed word is words, and no misreading of "thirty"
    prepared = _source(
        "Toward the end of the fourteenth century Jewish communities existed in twenty-\n"
        "eight towns. Then came the long wars."
    )
    quote = "the fourteenth century Jewish communities existed in thirty-eight towns."
    verdict = ocr_verdict(_check(prepared, quote))
    assert verdict.status is Status.NEAR
    assert verdict.note is not None and "'twenty- eight'" in verdict.note


def test_a_dotless_i_is_a_misreading_of_a_small_capital() -> None:
    # a drop cap's small capitals "IE" read "ır": no misquotation of "Die"
    assert ocr_misreading("Die", "D\u0131r")
    prepared = _source("D\u0131r großen Gasthaussäle, in denen sonst zum Klang einer Musik.")
    result = _check(prepared, "Die großen Gasthaussäle, in denen sonst zum Klang einer Musik.")
    assert ocr_verdict(result).status is Status.INCONCLUSIVE


def test_a_long_s_and_a_fraktur_k_are_misreadings() -> None:
    # Mensing's 1927 grammar, set in Fraktur, read with German data: the long s read "f", its
    # k read "l" and "t", its h "b"; the quotation is the page's sentence, not a misquotation
    assert ocr_misreading("sucht", "fucht")
    assert ocr_misreading("Direktorenkonferenz", "Direltorentonferenz")
    prepared = _source(
        "Das vorliegende Büchlein, aus einem Bericht für die Direl-\n"
        "torentonferenz erwachfen, fucht den bier ausgeiprochenen Forde-\n"
        "rungen gerecht zu werden."
    )
    quote = (
        "Das vorliegende Büchlein, aus einem Bericht für die Direktorenkonferenz erwachsen, "
        "sucht den hier ausgesprochenen Forderungen gerecht zu werden."
    )
    result = _check(prepared, quote)
    assert result.status is Status.NEAR
    assert ocr_verdict(result).status is Status.INCONCLUSIVE
    # a word changed beside them is still a misquotation
    changed = _check(prepared, quote.replace("gerecht", "schwer"))
    assert ocr_verdict(changed).status is Status.NEAR


def test_letters_ocr_lost_at_a_bent_lines_end_are_no_misquotation() -> None:
    # Heemstra's 1947 grammar, a page bent towards the spine: OCR lost the curved end of a
    # line ("h dem Bau unter-"); the OCR text adds nothing the quotation lacks
    prepared = _source(
        "61. Nach dem Umfang oder vielmehr nac\nscheidet man einfache Satzgefüge, die nur aus"
    )
    quote = "Nach dem Umfang oder vielmehr nach dem Bau unterscheidet man einfache Satzgefüge"
    result = _check(prepared, quote)
    assert result.status is Status.NEAR
    assert ocr_verdict(result).status is Status.INCONCLUSIVE
    # a word the OCR text holds that the quotation changes, at the same line's end, is near
    changed = _check(
        _source("61. Nach dem Umfang oder vielmehr nach dem Bau unter-\nscheidet man einfache"),
        "Nach dem Umfang oder vielmehr nach dem Wert unterscheidet man einfache",
    )
    assert ocr_verdict(changed).status is Status.NEAR

"""Block quotations wherever a Markdown writer sets them, and what only looks like one: a
quote opening a list item ("- > …"), a source quoted with its translation in one block, a
social post embedded by its platform's code, and an image's or video's text in marks."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write

_BIB = (
    "@book{rankin, title={A People's History of Computing}, author={Rankin, Joy}, year={2018}}\n"
    "@book{heinzel, title={Makerspaces}, author={Heinzel, Verena}, year={2020}}\n"
    "@book{ward, title={Notes}, author={Ward, Ann}, year={2019}}\n"
)


def test_a_quotation_opening_a_list_item_is_a_block(tmp_path: Path) -> None:
    # slide notes (a quotation under the point it supports, nested), lecture notes with "*",
    # a numbered reading list: each quotation is the block after the item's ">"
    md = write(
        tmp_path,
        "a.md",
        "# Notes\n\n"
        "- the term comes from [@rankin, 11]\n"
        "    - >Kurtz used the language of citizenship to describe the relation between a user\n"
        "      and the network the user computes on. [@rankin, 12]\n"
        "- Bildung als Ziel\n"
        "    + > Die Ermöglichung des Zugangs für alle ist ein zentraler Faktor für eine offene\n"
        "    > Gesellschaft. [@heinzel, 2]\n\n"
        "* reading\n"
        "* > The notes a reader keeps in the margin are a second book beside the first one.\n"
        "  [@ward, 4]\n\n"
        "1. > Every margin holds a quarrel with the page it sits beside, if one reads it well.\n"
        "2. plain item\n",
    )
    bib = write(tmp_path, "refs.bib", _BIB)
    got = {c.quote: c for c in scan(md, bib=[bib]).citations}
    kurtz = (
        "Kurtz used the language of citizenship to describe the relation between a user and "
        "the network the user computes on."
    )
    assert got[kurtz].reference.key == "rankin"
    zugang = (
        "Die Ermöglichung des Zugangs für alle ist ein zentraler Faktor für eine offene "
        "Gesellschaft."
    )
    assert got[zugang].reference.key == "heinzel"
    margin = "The notes a reader keeps in the margin are a second book beside the first one."
    assert got[margin].reference.key == "ward"


def test_a_list_item_without_a_quote_mark_is_no_block(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "Intro.\n\n- a point of my own with several words in it, as lists have\n- 3 > 2 holds\n",
    )
    assert not scan(md).citations


def test_an_original_with_its_translation_in_italics_is_quoted_once(tmp_path: Path) -> None:
    # the Italian source with the German translation under it in italics; a German source
    # with an English one; two paragraphs of one language (a source's own emphasis) stay whole
    md = write(
        tmp_path,
        "a.md",
        "Doni über Monteverdi [@ward, 3]:\n\n"
        '> "la più bella compositione che si sia ancor veduta tra le Musiche sceniche"\n'
        ">\n"
        '> *"die schönste Komposition, die je gesehen wurde in der szenischen Musik"*\n\n'
        "As Heinzel puts it [@heinzel, 5]:\n\n"
        "> Die Werkstatt ist ein Ort, an dem das Wissen von allen geteilt wird.\n"
        ">\n"
        "> _The workshop is a place where the knowledge of all is shared by all._\n\n"
        "Ward writes [@ward, 7]:\n\n"
        "> The margin is where the reader answers the book in a voice of her own.\n"
        ">\n"
        "> *And the book, if it is a good one, answers the reader in the margin.*\n",
    )
    bib = write(tmp_path, "refs.bib", _BIB)
    quotes = [c.quote for c in scan(md, bib=[bib]).citations]
    assert quotes[0].strip('"') == (
        "la più bella compositione che si sia ancor veduta tra le Musiche sceniche"
    )
    assert quotes[1] == "Die Werkstatt ist ein Ort, an dem das Wissen von allen geteilt wird."
    assert quotes[2].endswith("answers the reader in the margin.")


def test_an_embedded_post_is_shown_not_quoted(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "## The protests\n\n"
        '<blockquote class="twitter-tweet" data-lang="en"><p lang="en" dir="ltr">&quot;You are '
        "as lovely as an extra hour of electricity&quot; said one of the protesters in the "
        'square today <a href="https://t.co/x">pic.twitter.com/x</a></p>&mdash; Someone '
        '(@someone) <a href="https://twitter.com/x">October 1, 2019</a></blockquote>\n'
        '<script async src="https://platform.twitter.com/widgets.js"></script>\n\n'
        '<blockquote class="instagram-media" data-instgrm-version="14"><p>A post with a caption '
        "long enough to look like a quotation of somebody's words</p></blockquote>\n\n"
        "<blockquote>\nThe square was full of people singing until the lights came back on.\n"
        "</blockquote>\n",
    )
    quotes = [c.quote for c in scan(md).citations]
    assert quotes == ["The square was full of people singing until the lights came back on."]


def test_an_image_or_video_text_in_marks_quotes_nobody(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "Intro.\n\n"
        '!["The Derby at Epsom as the painter saw it in 1821"](img/derby.jpg)\n\n'
        '!?["Monteverdi: Lamento d\'Arianna, sung in full"](https://example.org/v "a video")\n\n'
        '?["An interview with the composer about the lament"](audio/interview.mp3)\n',
    )
    assert not scan(md).citations


def test_an_html_q_holding_inline_markup_is_one_quotation(tmp_path: Path) -> None:
    # course notes set definitions in <q> with a subscript, emphasis or a link inside
    md = write(
        tmp_path,
        "a.md",
        "## Begriffe\n\n"
        "<q>Das Ergebnis ist die Wahrscheinlichkeit, dass ein Ergebnis zustande kommt, falls "
        "die H<sub>0</sub> in der Population gilt.</q> (Hussy et al., 2013, S. 180)\n\n"
        "<q>A <em>sample</em> is a part of the population chosen by a rule set in advance, "
        'as <a href="#def">defined</a> before.</q> (Ward, 2019, p. 4)\n',
    )
    quotes = [c.quote for c in scan(md).citations]
    assert len(quotes) == 2
    assert quotes[0].startswith("Das Ergebnis ist die Wahrscheinlichkeit")
    assert quotes[1].endswith("as defined before.")

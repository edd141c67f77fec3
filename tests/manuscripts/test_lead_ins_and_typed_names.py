"""Links of quotations whose source a Pandoc inline note, the lead-in, or a student's typed
citation gives in a form the readers missed: ``^[@key, 8.]`` notes (R Markdown theses), a
lead-in ending in a verb of saying with its note ("Tribe writes^[@key]") before a block, MLA
blocks closed by a page alone, "( Zastrow)" with a stray space, "(coperhaver 1)" typed in lower
case and a letter off the list, a Bible version named before the place, and a quotation set as a
paragraph of its own after a lead-in ending in a colon (Word's "… ressaltam:" then "“…”").
The lines are retyped from such manuscripts, names and words changed."""

from __future__ import annotations

from pathlib import Path

import docx

from tests.manuscripts.helpers import quotes_found, write

_BIB = (
    "@book{Waldron-1999, author={Waldron, Jeremy}, title={Law and Disagreement}, year={1999}}\n"
    "@article{Tribe-1980, author={Tribe, Laurence}, title={The Puzzling Persistence}, "
    "year={1980}}\n"
)


def test_a_pandoc_inline_note_holding_a_key_cites_that_key(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    rmd = write(
        tmp_path,
        "thesis.Rmd",
        "# Essay\n\nGerrymandering “prevents a just recognition of the expressed will of the "
        "voters” and “secures it an influence disproportionate to its size.”^[@Waldron-1999, 8.]"
        " Later “we do our work by internalizing those very disagreements”.^[@Waldron-1999 "
        "[p. 30]] And “the parties and the decision-maker are one and the same”.^[See "
        "@Waldron-1999 at 24.]\n",
    )
    got = quotes_found(rmd, bib)
    assert got == {
        "prevents a just recognition of the expressed will of the voters": ("Waldron-1999", "8"),
        "secures it an influence disproportionate to its size.": ("Waldron-1999", "8"),
        "we do our work by internalizing those very disagreements": ("Waldron-1999", "30"),
        "the parties and the decision-maker are one and the same": ("Waldron-1999", "24"),
    }


def test_a_lead_in_ending_in_a_verb_of_saying_and_its_note_cites_the_block(
    tmp_path: Path,
) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    md = write(
        tmp_path,
        "essay.md",
        "# Essay\n\nLaurence Tribe, arguing that the two can never be distinct, writes"
        "^[@Tribe-1980 at 1070]\n\n>If process is constitutionally valued, therefore, it must "
        "be valued not only as a means to some independent end.\n\nFrom the perspective of a "
        "legislator, he writes[^1]\n\n> We do not wait for disagreements about social justice "
        "to be settled outside the legislature.\n\nThe end.\n\n[^1]: @Waldron-1999, 23.\n",
    )
    got = quotes_found(md, bib)
    assert got == {
        "If process is constitutionally valued, therefore, it must be valued not only as a means "
        "to some independent end.": ("Tribe-1980", "1070"),
        "We do not wait for disagreements about social justice to be settled outside the "
        "legislature.": ("Waldron-1999", "23"),
    }


def _word(tmp_path: Path, paragraphs: list[str], quoted: tuple[int, ...] = ()) -> Path:
    document = docx.Document()
    for k, text in enumerate(paragraphs):
        document.add_paragraph(text, style="Quote" if k in quoted else None)
    path = tmp_path / "essay.docx"
    document.save(str(path))
    return path


_WORKS_CITED = [
    "Works Cited",
    "Copenhaver, Allen, and Christopher J. Ferguson. “For Video Games, Bad News Is Good News.” "
    "Cyberpsychology, vol. 20, no. 12, 2017, pp. 735-739.",
    "Kain, Erik. “Trump Blames Violent Video Games.” Forbes, 23 Feb. 2018.",
    "Markey, Patrick M., and Christopher J. Ferguson. “Teaching Us to Fear.” American Journal "
    "of Play, vol. 10, no. 1, 2017.",
    "Markey, Patrick, Charlotte Markey and Juliana French. “Violent Video Games and Real-World "
    "Violence: Rhetoric Versus Data.” Psychology of Popular Media Culture, 2014.",
    "Zastrow, Mark. “Is Video Game Addiction Really an Addiction?” PNAS, vol. 114, 2017.",
]


def test_typed_mla_names_with_a_stray_space_or_a_letter_off_find_the_listed_work(
    tmp_path: Path,
) -> None:
    path = _word(
        tmp_path,
        [
            "Gaming Essay",
            "A common problem is that “Just three or four hours pass in real time for the "
            "players” ( Zastrow). The news pushed false claims by “focusing mainly on studies "
            "supporting negative effects of the games” (coperhaver 1). It is “not clear that "
            "addiction and the transfer share the same pathways” but this is new research "
            "(Zastrow). Smith is “someone nobody has listed anywhere at all” (Smyht 4).",
            *_WORKS_CITED,
        ],
    )
    got = quotes_found(path)
    assert got["Just three or four hours pass in real time for the players"][0] == "Zastrow 2017"
    assert got["focusing mainly on studies supporting negative effects of the games"] == (
        "Copenhaver 2017",
        "1",
    )
    assert got["not clear that addiction and the transfer share the same pathways"][0] == (
        "Zastrow 2017"
    )
    # a name the list holds nothing close to links nothing of the list
    assert got["someone nobody has listed anywhere at all"][0] != "Zastrow 2017"


def test_an_mla_block_closed_by_its_page_takes_the_author_its_lead_in_names(
    tmp_path: Path,
) -> None:
    path = _word(
        tmp_path,
        [
            "Gaming Essay",
            "In the article “Violent Video Games and Real-World Violence: Rhetoric Versus Data” "
            "by Patrick M. Markey and colleagues they discuss the media. As they go on to state "
            "that:",
            "In the aftermath of the school shootings a search of an online database of "
            "newspapers found that nearly 5,000 articles were released in the aftermath of these "
            "tragedies. (1-2)",
            "As Mr. Kain goes on to say:",
            "Politicians, eager to deflect scrutiny, are falling back on one of the oldest "
            "bogeymen in the book: violent video games and their makers. (1)",
            *_WORKS_CITED,
        ],
        quoted=(2, 4),
    )
    got = quotes_found(path)
    found = {q[:30]: v for q, v in got.items()}
    assert found["In the aftermath of the school"] == ("Markey 2014", "1-2")
    assert found["Politicians, eager to deflect "] == ("Kain 2018", "1")


def test_a_bible_version_named_before_the_place(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "paper.md",
        "# Relics\n\nThe commandment reads “I am the LORD your God, who brought you out of "
        "Egypt” (NIV Bible—Exodus 20: 1-6). Another: “Blessed are the poor in spirit, for "
        "theirs is the kingdom” (KJV Matt. 5:3). And “for God so loved the world that he "
        "gave” (NIV, John 3:16).\n",
    )
    got = quotes_found(md)
    assert got == {
        "I am the LORD your God, who brought you out of Egypt": ("Exodus", "20: 1-6"),
        "Blessed are the poor in spirit, for theirs is the kingdom": ("Matt", "5:3"),
        "for God so loved the world that he gave": ("John", "3:16"),
    }


def test_a_quoted_paragraph_after_a_colon_takes_the_lead_ins_citation(tmp_path: Path) -> None:
    path = _word(
        tmp_path,
        [
            "Monografia",
            "Nesse sentido, o sistema pode reforçar as disparidades. Freixo e Cabral (2021, "
            "p.46), em trabalho sobre os impactos de uma reforma, ressaltam:",
            "\u00a0\u00a0“Embora a tributação não seja a principal responsável por criar "
            "desigualdades sociais, a conjuntura pode impactar em uma maior tributação.”",
            "Dessa forma, serão apresentadas discussões da literatura.",
            "Um exemplo é a “Taxa Rosa” discutida depois.",
            "Referências",
            "FREIXO, A.; CABRAL, B. Reforma tributária e gênero. Brasília: Ipea, 2021.",
        ],
    )
    got = quotes_found(path)
    quoted = (
        "Embora a tributação não seja a principal responsável por criar desigualdades sociais, "
        "a conjuntura pode impactar em uma maior tributação."
    )
    assert got[quoted] == ("FREIXO 2021", "46")


def test_a_postnote_of_the_author_or_short_title_and_a_page_gives_the_page(
    tmp_path: Path,
) -> None:
    bib = write(
        tmp_path,
        "static.bib",
        "@book{boyd, author={Boyd, Brian}, title={Vladimir Nabokov}, year={1993}}\n"
        "@book{defense, author={Nabokov, Vladimir}, title={The Defense}, year={1964}}\n",
    )
    tex = write(
        tmp_path,
        "static.tex",
        "\\documentclass{article}\n\\begin{document}\nBorn into ``stupendous wealth and then "
        "poverty'' he was~\\cite[Boyd, 3]{boyd}. As his wife remarks: ``there is something a "
        "little mean and a little pathetic about him''~\\cite[The Defense, 152]{defense}.\n"
        "\\end{document}\n",
    )
    got = quotes_found(tex, bib)
    assert got == {
        "stupendous wealth and then poverty": ("boyd", "3"),
        "there is something a little mean and a little pathetic about him": ("defense", "152"),
    }


def test_a_short_note_that_goes_on_to_other_works_is_short_for_its_first_work(
    tmp_path: Path,
) -> None:
    md = write(
        tmp_path,
        "essay.md",
        "# Essay\n\nAs Hemingway has noted, the artists were “caught between two loyalties at "
        "once.”[^1] He also finds that it “inadvertently revealed the ambiguities of the "
        "Front,” as several artists showed.[^2]\n\n"
        "[^1]: Andrew Hemingway, *Artists on the Left: American Artists and the Communist "
        "Movement* (New Haven: Yale University Press, 2002), 28.\n\n"
        "[^2]: Hemingway, *Artists on the Left,* 136. See also Helen A. Harrison, “John Reed "
        "Club Artists and the New Deal,” *Prospects* 5 (1980): 241–68.\n",
    )
    got = quotes_found(md)
    key = "Artists on the Left: American Artists and the Communist Movement"
    assert got["caught between two loyalties at once."] == (key, "28")
    assert got["inadvertently revealed the ambiguities of the Front,"] == (key, "136")


def test_typed_ibid_after_a_quotation_takes_the_last_work_and_page(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "arbeit.md",
        "# Arbeit\n\nMüller schreibt, die Schule sei „ein Ort des Lernens für alle Kinder im "
        "Land“ (Müller 2020, S. 4). Und „ein Haus des Friedens für jeden hier“ (Ebenda, S. 7). "
        "Dann „noch ein Satz aus dem Buch von ihm“ (ebd. S. 9). Schließlich „ein Ort für alle "
        "Kinder der Stadt“ (ebd.).\n\nThe court held it was “a place of learning for every "
        "child” (Smith 2019, p. 3). It added “one more line from the same opinion” (id. at 7).\n",
    )
    got = quotes_found(md)
    assert got == {
        "ein Ort des Lernens für alle Kinder im Land": ("Müller 2020", "4"),
        "ein Haus des Friedens für jeden hier": ("Müller 2020", "7"),
        # a second "ebd." reads no "Ebenda" as an author
        "noch ein Satz aus dem Buch von ihm": ("Müller 2020", "9"),
        # "(ebd.)" alone: the page of the "ebd. S. 9" before it, not the first citation's
        "ein Ort für alle Kinder der Stadt": ("Müller 2020", "9"),
        "a place of learning for every child": ("Smith 2019", "3"),
        "one more line from the same opinion": ("Smith 2019", "7"),
    }


def test_more_verbs_name_the_speaker_of_the_quotation(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "essay.md",
        "# Essay\n\nFerguson reasons that “evidence for addiction to video games is virtually "
        "nonexistent” in the data. Zastrow contends that “addiction and the transfer share no "
        "pathways at all.”\n\n## Works Cited\n\nFerguson, Christopher J. “Video Games Aren’t "
        "Addictive.” The New York Times, 1 Apr. 2017.\n\nZastrow, Mark. “Is Video Game "
        "Addiction Really an Addiction?” PNAS, 2017.\n",
    )
    got = quotes_found(md)
    assert got["evidence for addiction to video games is virtually nonexistent"][0] == (
        "Ferguson 2017"
    )
    assert got["addiction and the transfer share no pathways at all."][0] == "Zastrow 2017"

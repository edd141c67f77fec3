"""Regenerate constitution.pdf, the demo's PDF source (run from the project root).

    python -m quote_tui.demo.make_pdf

The text is the public-domain Constitution of the United States (Preamble and Article I,
Sections 1-3) with a short editor's note of our own; printed page numbers start at 101 so the
demo shows a PDF page and a printed page that differ.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf

PAGES = (
    (
        "The Constitution of the United States\n\n"
        "Editor's note. This reader's edition was set for the quote-tui demo. The Constitution "
        "was signed on September 17, 1787, by 39 delegates, and took effect in 1789 after nine "
        "States had ratified it.\n\n"
        "Preamble\n\n"
        "We the People of the United States, in Order to form a more perfect Union, establish "
        "Justice, insure domestic Tranquility, provide for the common defence, promote the "
        "general Welfare, and secure the Blessings of Liberty to ourselves and our Posterity, "
        "do ordain and establish this Constitution for the United States of America."
    ),
    (
        "Article I\n\n"
        "Section 1. All legislative Powers herein granted shall be vested in a Congress of the "
        "United States, which shall consist of a Senate and House of Representatives.\n\n"
        "Section 2. The House of Representatives shall be composed of Members chosen every "
        "second Year by the People of the several States, and the Electors in each State shall "
        "have the Qualifications requisite for Electors of the most numerous Branch of the "
        "State Legislature.\n\n"
        "No Person shall be a Representative who shall not have attained to the Age of twenty "
        "five Years, and been seven Years a Citizen of the United States, and who shall not, "
        "when elected, be an Inhabitant of that State in which he shall be chosen."
    ),
    (
        "Section 3. The Senate of the United States shall be composed of two Senators from "
        "each State, chosen by the Legislature thereof, for six Years; and each Senator shall "
        "have one Vote.\n\n"
        "No Person shall be a Senator who shall not have attained to the Age of thirty Years, "
        "and been nine Years a Citizen of the United States, and who shall not, when elected, "
        "be an Inhabitant of that State for which he shall be chosen."
    ),
)


def build(path: Path) -> None:
    """Write the demo PDF to ``path``."""
    doc = pymupdf.open()
    for number, text in enumerate(PAGES, start=101):
        page = doc.new_page(width=420, height=595)
        page.insert_textbox(pymupdf.Rect(48, 56, 372, 520), text, fontsize=11, fontname="tiro")
        page.insert_text((200, 560), str(number), fontsize=9, fontname="tiro")
    doc.set_page_labels([{"startpage": 0, "prefix": "", "style": "D", "firstpagenum": 101}])
    doc.set_metadata({"title": "The Constitution of the United States (reader's edition)"})
    doc.save(path, garbage=4, deflate=True)


if __name__ == "__main__":
    build(Path(__file__).with_name("constitution.pdf"))

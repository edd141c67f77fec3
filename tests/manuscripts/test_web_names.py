"""A web page cited by its address without the scheme, "„…“ (vgl. kulturerdteile.de)", is the
quotation's source, read at https://; a word with a dot that is no address is not."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan

_WORDS = (
    "gleichberechtigte Glieder in einem weltweiten raumzeitlichen Netz menschlicher Lebensformen"
)


def test_an_address_typed_without_its_scheme_cites_the_page(tmp_path: Path) -> None:
    md = tmp_path / "arbeit.md"
    md.write_text(f"Newig beschrieb sie als „{_WORDS}.“ (vgl. kulturerdteile.de).\n", "utf-8")
    (cit,) = scan(md).citations
    assert cit.reference is not None and cit.reference.raw == "kulturerdteile.de"
    assert cit.reference.target == "https://kulturerdteile.de"


def test_a_version_number_in_brackets_is_no_address(tmp_path: Path) -> None:
    md = tmp_path / "arbeit.md"
    md.write_text(f"Newig beschrieb sie als „{_WORDS}.“ (Version 2.3).\n", "utf-8")
    cits = scan(md).citations
    assert all(c.reference is None or c.reference.style != "url" for c in cits)

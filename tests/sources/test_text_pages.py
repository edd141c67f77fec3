"""``quote-tui text FILE --pages`` shows each PDF page's asides under that page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from quote_tui.cli import main
from quote_tui.sources.readers.pdf_layout import page_asides


def test_each_page_shows_its_own_running_head_and_page_number(
    corpus_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = corpus_dir / "pdf" / "ferrario-review-2021.pdf"  # printed pages 213-217
    assert main(["text", str(pdf), "--pages"]) == 0
    out = capsys.readouterr().out
    heads = list(re.finditer(r"^--- page (\d+)( asides)?\b.*offset (\d+) ---$", out, re.M))
    sections: dict[tuple[int, bool], str] = {}
    for head, after in zip(heads, [*heads[1:], None], strict=True):
        end = after.start() if after else len(out)
        sections[(int(head[1]), bool(head[2]))] = out[head.end() : end]
    for page, printed in enumerate(range(213, 218), start=1):
        aside = sections[(page, True)]
        # each page's number stands in its own asides (the first page prints none) and in no
        # other page's
        assert page == 1 or re.search(rf"^{printed}$", aside, re.M), (page, aside)
        for other in range(213, 218):
            if other != printed:
                assert not re.search(rf"^{other}$", aside, re.M), (page, other, aside)
        # and the body above it holds no aside
        assert not re.search(rf"^{printed}$", sections[(page, False)], re.M)
    assert "216\n\nGabriele Ferrario" in sections[(4, True)]
    assert "Copyright © 2021 by Gabriele Ferrario" in sections[(1, True)]


def test_asides_past_the_last_pages_body_are_found_by_their_page() -> None:
    # page 1 body 0-9, page 2 body 11-19, then page 1's aside 21-25, page 2's aside 27-30
    boxes = [(0, 9, 1), (11, 19, 2), (21, 25, 1), (27, 30, 2)]
    assert page_asides((0, 11), [(*b, 0.0, 0.0, 1.0, 1.0) for b in boxes]) == (
        (1, 21, 25),
        (2, 27, 30),
    )
    # only the last page has asides: they stay with its body, as they are its own
    assert page_asides((0, 11), [(0, 9, 1, 0, 0, 1, 1), (11, 19, 2, 0, 0, 1, 1)]) == ()
    assert page_asides((), []) == ()

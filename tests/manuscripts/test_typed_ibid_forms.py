"""Typed repeats of an earlier citation after a quotation: "(ibidem, p. 293)" is "ibid.";
"(a.a.O., S. 4)", "(op. cit., p. 4)" and "(Smith, op. cit., p. 4)" name the earlier work of
the author the parenthesis or the sentence names, not simply the last one cited."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_LIST = (
    "\n\n## References\n\nArendt, H. (1958). *The human condition*. University of Chicago"
    " Press.\n\nWeil, S. (1949). *L'enracinement*. Gallimard.\n"
)


def _last(tmp_path: Path, sentence: str) -> tuple[str | None, str | None]:
    md = tmp_path / "essay.md"
    md.write_text(
        'Arendt holds that "action is the only activity that goes on directly between men"'
        " (Arendt, 1958, p. 7). Weil sees it otherwise (Weil, 1949). " + sentence + _LIST,
        encoding="utf-8",
    )
    cit = scan(md).citations[-1]
    key = cit.reference.key if cit.reference else None
    return key, cit.locator.value if cit.locator else None


@pytest.mark.parametrize(
    ("sentence", "want"),
    [
        (
            'She adds that "roots are the most important need of the soul" (ibidem, p. 43).',
            ("Weil 1949", "43"),
        ),
        (
            'Arendt adds that "the public realm relates and separates us" (a.a.O., S. 52).',
            ("Arendt 1958", "52"),
        ),
        (
            'Arendt adds that "the public realm relates and separates us" (op. cit., p. 52).',
            ("Arendt 1958", "52"),
        ),
        (
            'One reads that "the public realm relates and separates us" (Arendt, op. cit., p. 52).',
            ("Arendt 1958", "52"),
        ),
        # "ibid." stays the work cited last, whoever the sentence names
        (
            'Arendt adds that "the public realm relates and separates us" (ibid., p. 52).',
            ("Weil 1949", "52"),
        ),
    ],
)
def test_a_typed_repeat_names_the_right_earlier_work(
    tmp_path: Path, sentence: str, want: tuple[str, str]
) -> None:
    assert _last(tmp_path, sentence) == want

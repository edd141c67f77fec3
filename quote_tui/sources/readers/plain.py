"""Plain text and Markdown: honest decoding of bytes to text.

The checked text is the file's text exactly as decoded: line breaks (CRLF included) stay as they
are, because every offset in a report refers to it; only a byte-order mark is dropped. Markdown is
read literally: a quotation of rendered Markdown still matches through the whitespace and
typography rules, and the literal text is what a user sees when opening the file.
"""

from __future__ import annotations

import codecs
import re

from quote_tui.engine.errors import ErrorCode, Recovery, SourceError

__all__ = ["decode_text", "sniff_binary"]

# Longest BOMs first: the UTF-32-LE BOM begins with the UTF-16-LE one.
_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
# Control characters other than tab, LF, VT, FF, CR and ESC (ANSI colour codes in logs): C0 and
# C1. Real text almost never holds them; binary data is full of them.
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1a\x1c-\x1f\x7f-\x9f]")
# Bytes 0x80-0x9F are C1 controls in ISO-8859-1 but printable in windows-1252 (curly quotes,
# dashes, euro), except these five, which windows-1252 leaves undefined.
_CP1252_UNDEFINED = frozenset(b"\x81\x8d\x8f\x90\x9d")
_MAX_CONTROL_RATIO = 0.01
_SAMPLE = 1 << 16


def _binary_error(reason: str) -> SourceError:
    return SourceError(
        f"This looks like binary data, not text ({reason}).",
        code=ErrorCode.DECODE_ERROR,
        recovery=Recovery.REVIEW_SOURCE,
        details={"reason": reason},
    )


def _decode_strict(data: bytes, encoding: str) -> str | None:
    try:
        return data.decode(encoding)
    except (UnicodeDecodeError, LookupError):
        return None


def _utf16_without_bom(data: bytes) -> str | None:
    """UTF-16 text without a BOM has a NUL in nearly every other byte (for Latin scripts)."""
    if len(data) < 4 or len(data) % 2:
        return None
    sample = data[:_SAMPLE]
    half = len(sample) // 2
    odd_nuls = sample[1::2].count(0)
    even_nuls = sample[0::2].count(0)
    for nuls, other, encoding in (
        (odd_nuls, even_nuls, "utf-16-le"),
        (even_nuls, odd_nuls, "utf-16-be"),
    ):
        if nuls >= 0.9 * half and other == 0:
            return _decode_strict(data, encoding)
    return None


def sniff_binary(data: bytes) -> str | None:
    """Why ``data`` is not text, or None when it could be text.

    Args:
        data: raw bytes (only the first 64 KiB are looked at).

    Returns:
        A short reason ("NUL bytes", "control characters") or None.
    """
    sample = data[:_SAMPLE]
    if b"\x00" in sample:
        return "NUL bytes"
    controls = sum(1 for b in sample if b < 0x20 and b not in b"\t\n\v\f\r\x1b")
    if sample and controls > max(2, _MAX_CONTROL_RATIO * len(sample)):
        return "control characters"
    return None


def _legacy(data: bytes) -> tuple[str, str]:
    high_c1 = {b for b in data if 0x80 <= b <= 0x9F}
    if not high_c1:
        # Both encodings agree on every byte present; name the standard one.
        return data.decode("iso-8859-1"), "iso-8859-1"
    if high_c1 & _CP1252_UNDEFINED:
        return data.decode("iso-8859-1"), "iso-8859-1"
    return data.decode("cp1252"), "cp1252"


def decode_text(data: bytes, *, declared: str | None = None) -> tuple[str, str]:
    """Decode text bytes: BOM, then the declared charset, then UTF-8, then a legacy code page.

    Args:
        data: the raw bytes.
        declared: a charset stated outside the bytes (an HTTP header), if any.

    Returns:
        (text, encoding): the text without its BOM, with line breaks untouched, and the codec
        name used.

    Raises:
        SourceError: ``decode_error`` when the bytes are binary or do not decode as their BOM or
            declared charset says.
    """
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            text = _decode_strict(data[len(bom) :], encoding)
            if text is None:
                raise SourceError(
                    f"The file starts with a {encoding} byte-order mark but does not decode as "
                    f"{encoding}.",
                    code=ErrorCode.DECODE_ERROR,
                    recovery=Recovery.REVIEW_SOURCE,
                )
            return _check_controls(text), encoding

    if (text := _utf16_without_bom(data)) is not None:
        encoding = "utf-16-le" if data[1] == 0 else "utf-16-be"
        return _check_controls(text), encoding

    reason = sniff_binary(data)
    if reason is not None:
        raise _binary_error(reason)

    if declared:
        name = _codec_name(declared)
        # Servers label pages ISO-8859-1 or ASCII by default, often wrongly: such a label says
        # little, so the bytes decide (UTF-8 when they decode as it, else cp1252 or Latin-1).
        if name in ("iso8859-1", "ascii"):
            name = None
        if name is not None and (text := _decode_strict(data, name)) is not None:
            return _check_controls(text.removeprefix("\ufeff")), name

    text = _decode_strict(data, "utf-8")
    if text is not None:
        return _check_controls(text), "utf-8"
    text, encoding = _legacy(data)
    return _check_controls(text), encoding


def _codec_name(label: str) -> str | None:
    try:
        return codecs.lookup(label.strip().strip("\"'")).name
    except LookupError:
        return None


def _check_controls(text: str) -> str:
    sample = text[:_SAMPLE]
    controls = len(_CONTROL.findall(sample))
    if "\x00" in sample or (sample and controls > max(2, _MAX_CONTROL_RATIO * len(sample))):
        raise _binary_error("control characters")
    return text

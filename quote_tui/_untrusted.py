"""Text from outside, made safe where it goes: decoding, Markdown, HTML and the terminal.

Quotations, titles, ids, references and model answers come from documents and people this
process does not trust, and every output passes them through here: Markdown escapes
(``markdown_text``), HTML escapes and one Content-Security-Policy (``html_text``, ``CSP_META``),
and terminal sanitizing (``terminal_safe``), so an OSC 52 clipboard write or a clear-screen
sequence in a fetched page is shown, never obeyed.

JSON may spell a lone surrogate (``"\\ud800"``), which Python decodes into a ``str`` that no
UTF-8 writer accepts: a report holding one could not be written, a response holding one could
not be sent. And JSON nested a few thousand deep makes the decoder raise ``RecursionError``
rather than a decoding error. Every input decoder goes through here, so both become ordinary
input errors at the boundary, in the entry they belong to.
"""

from __future__ import annotations

import dataclasses
import html
import json
import re
from collections.abc import Callable
from typing import Any

__all__ = [
    "CSP_META",
    "has_lone_surrogate",
    "html_text",
    "loads",
    "markdown_text",
    "scrub",
    "scrub_record",
    "terminal_safe",
    "terminal_safe_value",
]

CSP_META = (
    '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
    "style-src 'unsafe-inline'; img-src data:\">"
)
"""The one policy of every HTML page written: no script, no fetch, no frame, whatever a title
or a quotation smuggles in past the escaping."""

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|~&<>])")
_TERMINAL_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""C0 controls but tab and newline (ESC starts every escape sequence; CR overwrites a line),
DEL, and the C1 controls (U+009B is a one-character CSI on some terminals)."""

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
"""A surrogate code point in a ``str``: JSON's escaped pairs decode to one character, so any
surrogate left is a lone one."""

REPLACEMENT = "\ufffd"


def loads(data: str | bytes) -> Any:
    """``json.loads``, where nesting too deep and numbers too long are ``JSONDecodeError``.

    Raises:
        json.JSONDecodeError: not JSON, or JSON this process will not decode.
        UnicodeDecodeError: bytes that are not UTF-8, UTF-16 or UTF-32.
    """
    try:
        return json.loads(data)
    except RecursionError:
        doc = data if isinstance(data, str) else ""
        raise json.JSONDecodeError("lists or objects nested too deeply", doc, 0) from None
    except json.JSONDecodeError:
        raise
    except ValueError as exc:  # an integer too long to convert
        doc = data if isinstance(data, str) else ""
        raise json.JSONDecodeError(
            f"a value this process will not decode ({exc})", doc, 0
        ) from None


def markdown_text(text: Any) -> str:
    """Text from untrusted documents, inert in Markdown (no markup, no raw HTML, one line).

    Markdown's own backslash escapes (``\\<``, ``\\&``) keep HTML inert and read as the
    characters they are in the file itself, where ``&lt;`` would not."""
    s = re.sub(r"\s+", " ", str(text))
    return _MARKDOWN_SPECIAL.sub(r"\\\1", s)


def html_text(text: Any) -> str:
    """Text from untrusted documents, inert in HTML, attribute values included."""
    return html.escape(str(text), quote=True)


def terminal_safe(text: str) -> str:
    """``text`` with every control character but tab and newline shown as a visible character.

    Each is replaced by one character (its Unicode control picture, such as ``␛`` for ESC), so
    offsets into the text stay as they were.
    """
    return _TERMINAL_UNSAFE.sub(_visible, text) if _TERMINAL_UNSAFE.search(text) else text


def _visible(found: re.Match[str]) -> str:
    code = ord(found.group())
    if code < 0x20:
        return chr(0x2400 + code)
    return "\u2421" if code == 0x7F else "\ufffd"


def terminal_safe_value(value: Any) -> Any:
    """``value`` (a report: lists, objects, strings) with ``terminal_safe`` applied to every
    string, keys included; without recursion, so a deep value cannot exhaust the stack."""
    return _map_strings(value, terminal_safe, lambda s: _TERMINAL_UNSAFE.search(s) is not None)


def scrub_record(record: Any) -> Any:
    """A frozen dataclass (a bibliography entry) with every lone surrogate in its strings, and
    in its tuples of strings, replaced by U+FFFD; the same object when it holds none."""
    changes: dict[str, Any] = {}
    for f in dataclasses.fields(record):
        value = getattr(record, f.name)
        if isinstance(value, str | tuple) and _holds_lone_surrogate(
            list(value) if isinstance(value, tuple) else value
        ):
            changes[f.name] = scrub(value) if isinstance(value, str) else tuple(scrub(list(value)))
    return dataclasses.replace(record, **changes) if changes else record


def has_lone_surrogate(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate, which no UTF-8 text can."""
    return _LONE_SURROGATE.search(text) is not None


def scrub(value: Any) -> Any:
    """``value`` with every lone surrogate, in strings and in object keys, replaced by U+FFFD.

    Walks lists and objects without recursion, so a deep value cannot exhaust the stack. Values
    without a lone surrogate come back as they are (the same objects).
    """
    return _map_strings(value, lambda s: _LONE_SURROGATE.sub(REPLACEMENT, s), has_lone_surrogate)


def _map_strings(value: Any, fix: Callable[[str], str], needs: Callable[[str], bool]) -> Any:
    """``value`` with ``fix`` applied to each string (and key) that ``needs`` it; the same
    objects back when none does."""
    if isinstance(value, str):
        return fix(value) if needs(value) else value
    if not isinstance(value, dict | list):
        return value
    if not _holds(value, needs):
        return value
    root: list[Any] = [None]
    # (container to fill, its key or index, value still to copy)
    stack: list[tuple[Any, Any, Any]] = [(root, 0, value)]
    while stack:
        into, key, item = stack.pop()
        if isinstance(item, str):
            into[key] = fix(item) if needs(item) else item
        elif isinstance(item, dict):
            copy: dict[Any, Any] = {}
            into[key] = copy
            for k, v in item.items():
                k = fix(k) if isinstance(k, str) and needs(k) else k
                copy[k] = None
                stack.append((copy, k, v))
        elif isinstance(item, list):
            copied: list[Any] = [None] * len(item)
            into[key] = copied
            stack.extend((copied, i, v) for i, v in enumerate(item))
        else:
            into[key] = item
    return root[0]


def _holds_lone_surrogate(value: Any) -> bool:
    return _holds(value, has_lone_surrogate)


def _holds(value: Any, needs: Callable[[str], bool]) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if needs(item):
                return True
        elif isinstance(item, dict):
            for k, v in item.items():
                if isinstance(k, str) and needs(k):
                    return True
                stack.append(v)
        elif isinstance(item, list):
            stack.extend(item)
    return False

"""Decoding what others send: JSON that cannot blow the stack, strings that can be written.

JSON may spell a lone surrogate (``"\\ud800"``), which Python decodes into a ``str`` that no
UTF-8 writer accepts: a report holding one could not be written, a response holding one could
not be sent. And JSON nested a few thousand deep makes the decoder raise ``RecursionError``
rather than a decoding error. Every input decoder goes through here, so both become ordinary
input errors at the boundary, in the entry they belong to.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["has_lone_surrogate", "loads", "scrub"]

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


def has_lone_surrogate(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate, which no UTF-8 text can."""
    return _LONE_SURROGATE.search(text) is not None


def scrub(value: Any) -> Any:
    """``value`` with every lone surrogate, in strings and in object keys, replaced by U+FFFD.

    Walks lists and objects without recursion, so a deep value cannot exhaust the stack. Values
    without a lone surrogate come back as they are (the same objects).
    """
    if isinstance(value, str):
        return _LONE_SURROGATE.sub(REPLACEMENT, value) if has_lone_surrogate(value) else value
    if not isinstance(value, dict | list):
        return value
    if not _holds_lone_surrogate(value):
        return value
    root: list[Any] = [None]
    # (container to fill, its key or index, value still to copy)
    stack: list[tuple[Any, Any, Any]] = [(root, 0, value)]
    while stack:
        into, key, item = stack.pop()
        if isinstance(item, str):
            into[key] = _LONE_SURROGATE.sub(REPLACEMENT, item)
        elif isinstance(item, dict):
            copy: dict[Any, Any] = {}
            into[key] = copy
            for k, v in item.items():
                k = _LONE_SURROGATE.sub(REPLACEMENT, k) if isinstance(k, str) else k
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
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if has_lone_surrogate(item):
                return True
        elif isinstance(item, dict):
            for k, v in item.items():
                if isinstance(k, str) and has_lone_surrogate(k):
                    return True
                stack.append(v)
        elif isinstance(item, list):
            stack.extend(item)
    return False

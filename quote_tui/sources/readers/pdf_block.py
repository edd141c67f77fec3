"""What the layout's helper modules read of a block, as a protocol: ``pdf_layout.Block`` imports
those modules, so they cannot import it back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

__all__ = ["Block"]


class Block(Protocol):
    """What is read of a layout block (``pdf_layout.Block``)."""

    @property
    def rect(self) -> tuple[float, float, float, float]: ...
    @property
    def lines(self) -> Sequence[object]: ...
    @property
    def size(self) -> float: ...
    @property
    def text(self) -> str: ...

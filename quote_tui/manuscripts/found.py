"""A quotation found in a manuscript, and what refers it."""

from __future__ import annotations

from dataclasses import dataclass

from quote_tui.manuscripts.document import Document
from quote_tui.manuscripts.model import Location, Locator, Reference
from quote_tui.manuscripts.refs import Mention

__all__ = ["Found"]


@dataclass(frozen=True, slots=True)
class Found:
    """A quotation and what refers it: a mention, an anchor's reference, or nothing."""

    quote_raw: str
    doc: Document
    location: Location
    mention: Mention | None
    reference: Reference | None  # from an anchor (a reference manager's field)
    locator: Locator | None

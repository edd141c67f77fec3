"""Findings of the claims gate: what is wrong, how bad, where, and which words.

Severities follow cite-gate: a ``failure`` makes the gate exit 1; a ``warning`` does only under
``--strict``. Every rule has one code, one severity and a help text, kept in ``RULES`` so the text
report, the JSON and the SARIF rules are written from the same table.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

__all__ = ["RULES", "Code", "Finding", "Place", "Rule", "Severity"]


@dataclass(frozen=True, slots=True)
class Rule:
    """A check's code, its severity and what to tell the writer."""

    code: Code
    severity: Severity
    title: str
    help: str


class Severity(StrEnum):
    FAILURE = "failure"
    WARNING = "warning"


class Code(StrEnum):
    NUMBER_NOT_IN_QUOTES = "number_not_in_quotes"
    QUANTITY_WORD = "quantity_word_not_in_quotes"
    UNSOURCED_NAME = "unsourced_name"
    COPIED_RUN = "copied_run"
    QUOTE_TOO_SHORT = "quote_too_short"
    QUOTE_NOT_IN_SOURCE = "quote_not_in_source"
    NO_CLAIMS = "no_claims"
    BAD_SOURCE_ID = "bad_source_id"
    NO_SOURCE_FILE = "no_source_file"
    SOURCE_UNAVAILABLE = "source_unavailable"
    ERA_PHRASE = "era_phrase_not_in_quotes"
    ERA_NOT_TIED = "era_not_tied"
    ERA_MONTH = "era_month_not_in_quotes"
    ERA_LETTERS = "era_special_letters"


def _rule(code: Code, severity: Severity, title: str, help_text: str) -> tuple[Code, Rule]:
    return code, Rule(code, severity, title, help_text)


RULES: dict[Code, Rule] = dict(
    (
        _rule(
            Code.NUMBER_NOT_IN_QUOTES,
            Severity.FAILURE,
            "A number in the prose is in none of its quotations",
            "Every number the prose states must stand in the quotations that support it "
            "(1,000 counts as 1000). A number worked out from the source is a claim of your own: "
            "quote the words that give it, or drop it.",
        ),
        _rule(
            Code.QUANTITY_WORD,
            Severity.WARNING,
            "A quantity word in the prose is in none of its quotations",
            "hundred, thousand, million and billion state amounts; quote the passage that gives "
            "the amount, or reword.",
        ),
        _rule(
            Code.UNSOURCED_NAME,
            Severity.WARNING,
            "A capitalised name mid-sentence that no quotation holds",
            "A name added for context is an unsourced claim. Quote a passage that names it, or "
            "add it to the config's allow list when it is the subject itself.",
        ),
        _rule(
            Code.COPIED_RUN,
            Severity.WARNING,
            "The prose copies a long run of words from its quotations",
            "copy_run or more consecutive words shared with the quotations read as copying, not "
            "retelling; quote them as a quotation or retell them in your own words.",
        ),
        _rule(
            Code.QUOTE_TOO_SHORT,
            Severity.FAILURE,
            "A quotation is shorter than min_quote_chars",
            "Short quotations match almost anywhere and prove little; quote more of the passage.",
        ),
        _rule(
            Code.QUOTE_NOT_IN_SOURCE,
            Severity.FAILURE,
            "A quotation does not stand in its source",
            "The quoted words are not in the source's text (only typography and layout may "
            "differ). Copy the source's own words; a near match shows them.",
        ),
        _rule(
            Code.NO_CLAIMS,
            Severity.FAILURE,
            "An item has no claims",
            "Every factual item must carry at least one quotation from a source.",
        ),
        _rule(
            Code.BAD_SOURCE_ID,
            Severity.FAILURE,
            "A source id is not a plain name",
            "Source ids are file names without a path: letters, digits, '.', '_' and '-'.",
        ),
        _rule(
            Code.NO_SOURCE_FILE,
            Severity.FAILURE,
            "A source id has no file",
            "Put the source's text in <sources>/<src>.txt.",
        ),
        _rule(
            Code.SOURCE_UNAVAILABLE,
            Severity.FAILURE,
            "A source could not be read",
            "The source's text could not be read, so its quotations stand unchecked.",
        ),
        _rule(
            Code.ERA_PHRASE,
            Severity.FAILURE,
            "An 'X era' or 'X period' phrase that no quotation holds",
            "Naming an era is a claim; quote a passage that names it.",
        ),
        _rule(
            Code.ERA_NOT_TIED,
            Severity.WARNING,
            "The prose names the era but no quotation ties the item to it",
            "The config's era rule asks for a quotation matching its 'tie' pattern.",
        ),
        _rule(
            Code.ERA_MONTH,
            Severity.WARNING,
            "A month name that no quotation holds",
            "With the era rule's months off, a month in the prose must come from a quotation.",
        ),
        _rule(
            Code.ERA_LETTERS,
            Severity.WARNING,
            "Special letters in the prose",
            "The era rule lists letters the prose should spell plainly.",
        ),
    )
)


@dataclass(frozen=True, slots=True)
class Place:
    """Where a finding is: the file, the 1-based line and column when known, and the item
    (a claims item id, or the citation ids of a manuscript sentence)."""

    file: str
    line: int | None = None
    column: int | None = None
    item: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"file": self.file}
        if self.line is not None:
            out["line"] = self.line
        if self.column is not None:
            out["column"] = self.column
        if self.item is not None:
            out["item"] = self.item
        return out

    def __str__(self) -> str:
        parts = [self.file]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem the gate found.

    Attributes:
        review: a researcher's note on this very finding (the review file): it is still shown,
            and no longer fails the gate, until the finding changes (``fingerprint``).
    """

    code: Code
    severity: Severity
    place: Place
    words: tuple[str, ...]
    message: str
    review: str | None = None

    @property
    def fingerprint(self) -> str:
        """The hex SHA-256 of what makes the finding this finding: its rule, its item and its
        words. The line and the wording of the message are left out, so text moved above it or
        a reworded rule is the same finding; another number or quotation is a new one."""
        facts = {"code": str(self.code), "item": self.place.item, "words": list(self.words)}
        canonical = json.dumps(facts, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()

    def to_dict(self) -> dict[str, Any]:
        out = {
            "code": str(self.code),
            "severity": str(self.severity),
            "location": self.place.to_dict(),
            "words": list(self.words),
            "message": self.message,
            "fingerprint": self.fingerprint,
        }
        return out | ({"review": {"note": self.review}} if self.review is not None else {})

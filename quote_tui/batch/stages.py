"""The run's last stages, between the runner and the sink: found elsewhere, then the outcome.

Every citation line passes through here on its way to the sink, whichever sink it is (a report
in memory, a JSONL file) and wherever its check ran (here, a forked copy, a cluster worker):

- a ``not_found`` citation worth looking for (``batch.elsewhere``) waits until every source is
  read, then is looked for in the batch's other readable sources and gains ``found_in``. A sink
  that writes lines as they come (a JSONL file) keeps each source's lines in batch order, so
  the lines of its source that follow a waiting one wait with it. At most ``MAX_QUOTES + 1``
  quotations and ``MAX_WAITING`` lines wait: past either, the search does not run and every
  line goes on at once. Nothing waits in a run of one source: there is nowhere else to look;
- every citation then gains its ``outcome`` (``batch.outcome``), derived from the finished
  record, so the sink serializes each record once, whole.

Each stage hands on a new ``CheckedCitation`` (``dataclasses.replace``); none holds a report dict.

A model answer's claimed places are settled earlier, by the runner, while the source is read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from quote_tui.batch.checked import CheckedCitation, outcome_of_record
from quote_tui.batch.elsewhere import MAX_QUOTES, READABLE, find_elsewhere, pending_elsewhere
from quote_tui.batch.sinks import Sink
from quote_tui.batch.specs import Settings, SourceSpec

if TYPE_CHECKING:
    from quote_tui.engine.text import PreparedText

__all__ = ["MAX_WAITING", "Stages"]

MAX_WAITING = 20_000
"""Most lines a streamed run holds back behind quotations waiting to be looked for elsewhere
(their memory is the bound); past it the search is given up and the lines are written."""


class Stages:
    """A sink in front of a sink: holds what the last stages need, then hands each line on."""

    def __init__(
        self,
        sink: Sink,
        settings: Settings,
        *,
        sources: int,
        texts: Mapping[str, PreparedText] | None = None,
    ) -> None:
        """
        Args:
            sink: where the finished lines go.
            settings: run settings (the search's reading and matching).
            sources: sources the run reads: with fewer than two, no line waits.
            texts: checked texts the caller keeps, by source id: the search does not read
                them again.
        """
        self._texts = texts
        self._sink = sink
        self._settings = settings
        self._in_order = not getattr(sink, "reorders", False)
        self._held: set[str] = set()
        self._lines = 0
        self._specs: dict[str, SourceSpec] = {}
        self._readable: set[str] = set()
        self._base_dir: Path | None = None
        self._waiting: list[CheckedCitation] = []
        self._overflowed = sources < 2

    def planned(self, spec: SourceSpec | None, base_dir: Path | None) -> None:
        """A source the plan hands out (in batch order): one the search may read again."""
        if spec is not None:
            self._specs.setdefault(spec.id, spec)
        self._base_dir = base_dir

    def source(self, entry: dict[str, Any]) -> None:
        if entry.get("status") in READABLE:
            self._readable.add(str(entry.get("id")))
        self._sink.source(entry)

    def citation(self, record: CheckedCitation) -> None:
        if self._overflowed:
            self._finish(record)
            return
        source = str(record.spec.source)
        if pending_elsewhere(record):
            self._waiting.append(record)
            self._held.add(source)
        elif self._in_order and source in self._held:
            self._lines += 1
            self._waiting.append(record)  # behind its source's waiting line, in batch order
        else:
            self._finish(record)
            return
        quotes = len(self._waiting) - self._lines
        if quotes > MAX_QUOTES or self._lines > MAX_WAITING:
            # the search will not run: nothing need wait for it
            self._overflowed = True
            self._release()

    def flush(self) -> None:
        self._sink.flush()

    async def close(self) -> None:
        """Every source is read: look for the waiting quotations elsewhere, hand them on."""
        if self._waiting and not self._overflowed:
            readable = [s for i, s in self._specs.items() if i in self._readable]
            at = [i for i, r in enumerate(self._waiting) if pending_elsewhere(r)]
            found = await find_elsewhere(
                [self._waiting[i] for i in at],
                readable,
                self._base_dir,
                self._settings,
                texts=self._texts,
            )
            for n, items in found.items():
                self._waiting[at[n]] = replace(self._waiting[at[n]], found_in=items)
        self._release()
        self._sink.flush()

    def _release(self) -> None:
        waiting, self._waiting = self._waiting, []
        for record in waiting:
            self._finish(record)

    def _finish(self, record: CheckedCitation) -> None:
        self._sink.citation(replace(record, outcome=outcome_of_record(record)))

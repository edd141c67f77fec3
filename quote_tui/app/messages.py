"""Messages that more than one widget sends or that cross screens.

Widget messages are nested in the widget that posts them (``CitationList.Selected``,
``SourceViewer.MatchChanged``, ``Finder.ResultReady``, ``Finder.Submitted``, ``Finder.Closed``),
so their handlers get namespaced names; they are re-exported here as the app's vocabulary.
"""

from __future__ import annotations

from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.app.widgets.finder import Finder
from quote_tui.app.widgets.source_viewer import SourceViewer

CitationSelected = CitationList.Selected
MatchChanged = SourceViewer.MatchChanged
FinderResultReady = Finder.ResultReady
FinderSubmitted = Finder.Submitted
FinderClosed = Finder.Closed

__all__ = [
    "CitationSelected",
    "FinderClosed",
    "FinderResultReady",
    "FinderSubmitted",
    "MatchChanged",
]

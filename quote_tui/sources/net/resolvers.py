"""The resolvers' table: which reader of the network reads each kind of ref.

``RemoteSession.load`` dispatches through it, so a new kind of network ref is one entry here
and one module against ``session.NetSession``; the session itself never names a resolver.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from quote_tui.sources.net.bodies import load_url
from quote_tui.sources.net.doi import load_doi
from quote_tui.sources.net.eutils import load_pmid
from quote_tui.sources.net.openaccess import load_pmcid
from quote_tui.sources.net.session import RefResolver
from quote_tui.sources.records import RefKind

__all__ = ["RESOLVERS"]

RESOLVERS: Mapping[RefKind, RefResolver] = MappingProxyType(
    {
        RefKind.URL: load_url,
        RefKind.DOI: load_doi,
        RefKind.PMID: load_pmid,
        RefKind.PMCID: load_pmcid,
    }
)
"""The network ref kinds and their resolvers; any other kind is not a network source."""

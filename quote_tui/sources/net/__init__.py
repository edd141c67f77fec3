"""Network sources: the address guard, the fetcher, robots.txt, the DOI and PubMed resolvers
and the session that owns one run's client (``remote.RemoteSession``)."""
